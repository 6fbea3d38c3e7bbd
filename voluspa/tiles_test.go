package voluspa_test

import (
	"slices"
	"testing"

	"github.com/nornsgames/norns/voluspa"
)

// TestTiles checks the Tiles multiset against counts kept by hand.
func TestTiles(t *testing.T) {
	h := voluspa.TilesOf(voluspa.Thor, voluspa.Loki, voluspa.Thor)
	if h.Len() != 3 || h.Count(voluspa.Thor) != 2 || h.Count(voluspa.Loki) != 1 || h.Count(voluspa.Odin) != 0 {
		t.Fatalf("TilesOf(Thor Loki Thor) = %v", h)
	}
	if !h.Has(voluspa.Thor) || h.Has(voluspa.Odin) || h.Has(voluspa.NoTile) || h.Count(voluspa.NoTile) != 0 {
		t.Errorf("Has or Count wrong on %v", h)
	}
	if got := slices.Collect(h.All()); !slices.Equal(got, []voluspa.Tile{voluspa.Thor, voluspa.Thor, voluspa.Loki}) {
		t.Errorf("All = %v, want table order with copies", got)
	}
	if got := slices.Collect(h.Kinds()); !slices.Equal(got, []voluspa.Tile{voluspa.Thor, voluspa.Loki}) {
		t.Errorf("Kinds = %v", got)
	}
	if h.String() != "Thor Thor Loki" || voluspa.Tiles(0).String() != "-" {
		t.Errorf("String = %q, empty %q", h.String(), voluspa.Tiles(0).String())
	}
	if h.Without(voluspa.Thor) != voluspa.TilesOf(voluspa.Thor, voluspa.Loki) || h.Without(voluspa.Odin) != h || h.Without(voluspa.NoTile) != h {
		t.Errorf("Without wrong on %v", h)
	}
	g := voluspa.TilesOf(voluspa.Thor, voluspa.Odin)
	if h.Plus(g) != voluspa.TilesOf(voluspa.Odin, voluspa.Thor, voluspa.Thor, voluspa.Thor, voluspa.Loki) {
		t.Errorf("Plus = %v", h.Plus(g))
	}
	if h.Minus(g) != voluspa.TilesOf(voluspa.Thor, voluspa.Loki) || h.Intersect(g) != voluspa.TilesOf(voluspa.Thor) {
		t.Errorf("Minus = %v, Intersect = %v", h.Minus(g), h.Intersect(g))
	}
	if !h.Contains(voluspa.TilesOf(voluspa.Thor, voluspa.Thor)) || h.Contains(g) || !h.Contains(0) {
		t.Errorf("Contains wrong on %v", h)
	}
	if !voluspa.Tiles(0).IsEmpty() || h.IsEmpty() {
		t.Errorf("IsEmpty wrong")
	}
	full := voluspa.Tiles(voluspa.Deck().Full())
	for _, k := range voluspa.Kinds() {
		if full.Count(k) != k.Copies() {
			t.Errorf("the full deck holds %d %v, want %d", full.Count(k), k, k.Copies())
		}
	}
	for _, bad := range []func(){
		func() { voluspa.TilesOf(voluspa.NoTile) },
		func() { full.With(voluspa.Odin) },
		func() { full.Plus(voluspa.TilesOf(voluspa.Loki)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic beyond the game's copies or for no tile")
				}
			}()
			bad()
		}()
	}
}
