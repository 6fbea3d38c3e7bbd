package gnav

import (
	"testing"

	"github.com/nornsgames/norns/rng"
)

// TestShuffleIsShuffleSlice holds SampleChance's shuffle to rng.ShuffleSlice: the same pack and
// the same generator state after it, for many seeds, so the deals of every seed stay as pinned.
func TestShuffleIsShuffleSlice(t *testing.T) {
	for seed := range uint64(2000) {
		r1, r2 := rng.New(seed), rng.New(seed)
		p1, p2 := sortedPack, sortedPack
		shuffle(r1, &p1)
		rng.ShuffleSlice(r2, p2[:])
		if p1 != p2 {
			t.Fatalf("seed %d: shuffle gives %v, rng.ShuffleSlice %v", seed, p1, p2)
		}
		if a, b := r1.Uint64(), r2.Uint64(); a != b {
			t.Fatalf("seed %d: the generators differ after the shuffle: %x, %x", seed, a, b)
		}
	}
}
