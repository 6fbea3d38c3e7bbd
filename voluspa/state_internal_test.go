package voluspa

import (
	"testing"
	"unsafe"
)

// TestStateSize pins the size budget State's doc promises: at most 400 bytes, the board 185 of
// them.
func TestStateSize(t *testing.T) {
	if got := unsafe.Sizeof(board{}); got != 185 {
		t.Errorf("a board is %d bytes, want 185 (60 cells of 3 bytes, a count and a bounding box)", got)
	}
	if got := unsafe.Sizeof(State{}); got > 400 {
		t.Errorf("a State is %d bytes, over the budget of 400", got)
	}
	if got := unsafe.Sizeof(State{}); got != 360 {
		t.Errorf("a State is %d bytes, want the 360 its doc gives", got)
	}
	t.Logf("State %d bytes, View %d, Move %d", unsafe.Sizeof(State{}), unsafe.Sizeof(View{}), unsafe.Sizeof(Move{}))
	if got := unsafe.Sizeof(Move{}); got != 4 {
		t.Errorf("a Move is %d bytes, want 4", got)
	}
}
