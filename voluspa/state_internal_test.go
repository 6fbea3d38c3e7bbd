package voluspa

import (
	"testing"
	"unsafe"
)

// TestStateSize pins the size budget State's doc promises: at most 1024 bytes, the board 570 of
// them (the cell list 185, the torus 384).
func TestStateSize(t *testing.T) {
	if got := unsafe.Sizeof(board{}); got != 570 {
		t.Errorf("a board is %d bytes, want 570 (60 cells of 3 bytes, a count, a bounding box and the torus's 384)", got)
	}
	if got := unsafe.Sizeof(torus{}); got != 384 {
		t.Errorf("a torus is %d bytes, want 384 (256 squares and four planes of 16 rows of 16 bits)", got)
	}
	if got := unsafe.Sizeof(State{}); got > 1024 {
		t.Errorf("a State is %d bytes, over the budget of 1024", got)
	}
	if got := unsafe.Sizeof(State{}); got != 744 {
		t.Errorf("a State is %d bytes, want the 744 its doc gives", got)
	}
	t.Logf("State %d bytes, View %d, Move %d", unsafe.Sizeof(State{}), unsafe.Sizeof(View{}), unsafe.Sizeof(Move{}))
	if got := unsafe.Sizeof(Move{}); got != 4 {
		t.Errorf("a Move is %d bytes, want 4", got)
	}
}
