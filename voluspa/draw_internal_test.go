package voluspa

import (
	"testing"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// TestRandomTileMatchesDeck checks randomTile against deck.Random: the same tile and the same
// draws from the generator, for random multisets of tiles of every size and for every copy of
// the full deck.
func TestRandomTileMatchesDeck(t *testing.T) {
	pick := rng.New(7)
	for n := range 20000 {
		m := deck.Full()
		if n%50 != 0 { // one full deck in fifty; the others random subsets
			m &= cards.Multiset(pick.Uint64())
		}
		// Keep the copies of each kind from the lowest bit, as a multiset holds them.
		var ms cards.Multiset
		for c := range deck.All(m) {
			ms = deck.With(ms, c)
		}
		if ms.IsEmpty() {
			continue
		}
		seed := pick.Uint64()
		a, b := rng.New(seed), rng.New(seed)
		got, want := randomTile(ms, a), Tile(deck.Random(ms, b))
		if got != want || a.Uint64() != b.Uint64() {
			t.Fatalf("randomTile(%s) = %v, deck.Random %v (or the draws differ)", deck.Format(ms), got, want)
		}
	}
	for i := range NumTiles {
		if got, want := tileOfBit[i], Tile(deck.Nth(deck.Full(), i)); got != want {
			t.Fatalf("tileOfBit[%d] = %v, want %v", i, got, want)
		}
	}
}
