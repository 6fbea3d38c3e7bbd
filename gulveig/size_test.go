package gulveig_test

import (
	"testing"
	"unsafe"

	"github.com/nornsgames/norns/gulveig"
)

// TestStateSize pins the State's size at its budget of 384 bytes (see State's doc): value
// receivers copy the State on every call, so its size is a cost of every move.
func TestStateSize(t *testing.T) {
	n := unsafe.Sizeof(gulveig.State{})
	t.Logf("State %d bytes, View %d bytes, Move %d bytes", n, unsafe.Sizeof(gulveig.View{}), unsafe.Sizeof(gulveig.Move{}))
	if n > 384 {
		t.Fatalf("a State is %d bytes, want at most 384", n)
	}
	if m := unsafe.Sizeof(gulveig.Move{}); m != 24 {
		t.Fatalf("a Move is %d bytes, want 24", m)
	}
}
