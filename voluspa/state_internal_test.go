package voluspa

import (
	"testing"
	"unsafe"
)

// TestStateSize pins the size budget State's doc promises: at most 1024 bytes, the board 776 of
// them (the cell list 185, the torus 584, padding to a multiple of 8).
func TestStateSize(t *testing.T) {
	if got := unsafe.Sizeof(board{}); got != 776 {
		t.Errorf("a board is %d bytes, want 776 (60 cells of 3 bytes, a count, a bounding box and the torus's 584)", got)
	}
	if got := unsafe.Sizeof(torus{}); got != 584 {
		t.Errorf("a torus is %d bytes, want 584 (ten planes of 16 rows of 16 bits, the counts' word, 32 lines of 16 squares of 4 bits)", got)
	}
	if got := unsafe.Sizeof(State{}); got > 1024 {
		t.Errorf("a State is %d bytes, over the budget of 1024", got)
	}
	if got := unsafe.Sizeof(State{}); got != 944 {
		t.Errorf("a State is %d bytes, want the 944 its doc gives", got)
	}
	if got := unsafe.Sizeof(drawer{}); got != 16 {
		t.Errorf("a drawer is %d bytes, want 16 (the supply and a head), which SampleChance copies", got)
	}
	t.Logf("State %d bytes, View %d, Move %d", unsafe.Sizeof(State{}), unsafe.Sizeof(View{}), unsafe.Sizeof(Move{}))
	if got := unsafe.Sizeof(Move{}); got != 4 {
		t.Errorf("a Move is %d bytes, want 4", got)
	}
}
