package herrlof

import (
	"testing"

	"github.com/nornsgames/norns/rng"
)

// TestDealPackingRefusesStrayBits checks that dealt, which unpacks a deal move, accepts only the
// one packing of each deal: a sampled deal unpacks, and the same move with a bit set that no card
// uses, a card that is no card, or a card dealt twice (in a hand and on the stock) does not.
func TestDealPackingRefusesStrayBits(t *testing.T) {
	for _, players := range []int{2, 3} {
		s, err := New(Config{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(3)
		for range 200 {
			m := s.SampleChance(r)
			if _, _, ok := m.dealt(); !ok {
				t.Fatalf("%dp: sampled deal %v does not unpack", players, m)
			}
			bad := map[string]Move{
				"a stray bit in h1":  {w: m.w, h0: m.h0, h1: m.h1 | 1<<63},
				"no card (value 40)": {w: m.w&^(63<<32) | 40<<32, h0: m.h0, h1: m.h1},
			}
			if c := uint64(trailingZeros(m.h0 & uint64(suitedBits))); c < 36 {
				bad["a card of seat 0 on the stock too"] = Move{w: m.w&^(63<<38) | c<<38, h0: m.h0, h1: m.h1}
			}
			if players == 3 {
				bad["a card 9 with three players"] = Move{w: m.w, h0: m.h0, h1: m.h1 | 1<<42}
			}
			for name, b := range bad {
				if _, _, ok := b.dealt(); ok {
					t.Fatalf("%dp: %s: %v unpacks", players, name, m)
				}
			}
		}
	}
}
