package cards

import (
	"math/bits"
	"testing"

	"pgregory.net/rapid"
)

// TestNthBitSelects checks the branch-free select against the plain walk over the set bits, for
// every bit of arbitrary words (the full word and single bits included).
func TestNthBitSelects(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := rapid.OneOf(rapid.Uint64(), rapid.Just(^uint64(0)), rapid.Uint64Range(1, 1<<20)).Draw(t, "x")
		n := bits.OnesCount64(x)
		if n == 0 {
			return
		}
		i := rapid.IntRange(0, n-1).Draw(t, "i")
		y := x
		for range i {
			y &= y - 1
		}
		want := bits.TrailingZeros64(y)
		if got := Multiset(x).nthBit(i); got != want {
			t.Fatalf("nthBit(%#x, %d) = %d, want %d", x, i, got, want)
		}
	})
}
