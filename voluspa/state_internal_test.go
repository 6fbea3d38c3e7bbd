package voluspa

import (
	"testing"
	"unsafe"
)

// TestStateSize pins the size budget State's doc promises: at most 768 bytes, the board 520 of
// them (the cell list 185, the torus 328, padding to a multiple of 8).
func TestStateSize(t *testing.T) {
	if got := unsafe.Sizeof(board{}); got != 520 {
		t.Errorf("a board is %d bytes, want 520 (60 cells of 3 bytes, a count, a bounding box and the torus's 328)", got)
	}
	if got := unsafe.Sizeof(torus{}); got != 328 {
		t.Errorf("a torus is %d bytes, want 328 (ten planes of 16 rows of 16 bits and the counts' word)", got)
	}
	if got := unsafe.Sizeof(State{}); got > 768 {
		t.Errorf("a State is %d bytes, over the budget of 768", got)
	}
	if got := unsafe.Sizeof(State{}); got != 696 {
		t.Errorf("a State is %d bytes, want the 696 its doc gives", got)
	}
	t.Logf("State %d bytes, View %d, Move %d", unsafe.Sizeof(State{}), unsafe.Sizeof(View{}), unsafe.Sizeof(Move{}))
	if got := unsafe.Sizeof(Move{}); got != 4 {
		t.Errorf("a Move is %d bytes, want 4", got)
	}
}
