package gnav

import (
	"testing"

	"github.com/nornsgames/norns/rng"
)

// TestShuffleIsShuffleSlice holds the shuffle of SampleChance and View.Sample to rng.ShuffleSlice:
// the same order and the same generator state after it, for many seeds and every length up to
// the pack, so the deals and samples of every seed stay as pinned.
func TestShuffleIsShuffleSlice(t *testing.T) {
	for seed := range uint64(2000) {
		r1, r2 := rng.New(seed), rng.New(seed)
		p1, p2 := sortedPack, sortedPack
		n := int(seed % (DeckSize + 1)) // every length from 0 to the pack
		shuffle(r1, p1[:n])
		rng.ShuffleSlice(r2, p2[:n])
		if p1 != p2 {
			t.Fatalf("seed %d: shuffle of %d gives %v, rng.ShuffleSlice %v", seed, n, p1, p2)
		}
		if a, b := r1.Uint64(), r2.Uint64(); a != b {
			t.Fatalf("seed %d: the generators differ after the shuffle: %x, %x", seed, a, b)
		}
	}
}
