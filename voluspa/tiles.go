package voluspa

import (
	"fmt"
	"iter"

	"github.com/nornsgames/norns/cards"
)

// Tiles is a multiset of Voluspa tiles: a hand, the draw supply, the tiles out of the game, or
// any group of tiles. It is a [cards.Multiset] of the game's [Deck], one 64-bit value: the copies
// of each kind fill its bits from the kind's Tile value up, so a multiset has exactly one
// representation and == compares multisets. The zero Tiles is empty.
type Tiles cards.Multiset

// TilesOf returns the multiset holding ts. It panics if a tile is invalid or if there are more
// copies of a kind than the game holds (V1).
func TilesOf(ts ...Tile) Tiles {
	var h Tiles
	for _, t := range ts {
		h = h.With(t)
	}
	return h
}

// Has reports whether h holds at least one t; false for a value that is no tile.
func (h Tiles) Has(t Tile) bool { return deck.Has(cards.Multiset(h), cards.Card(t)) }

// Count returns how many copies of t h holds; 0 for a value that is no tile.
func (h Tiles) Count(t Tile) int {
	if !t.IsValid() {
		return 0
	}
	return deck.Count(cards.Multiset(h), cards.Card(t))
}

// Len returns the number of tiles in h, copies included.
func (h Tiles) Len() int { return cards.Multiset(h).Len() }

// IsEmpty reports whether h holds no tile.
func (h Tiles) IsEmpty() bool { return h == 0 }

// All returns the tiles of h in table order, each copy once (a hand of two Thors yields Thor
// twice).
func (h Tiles) All() iter.Seq[Tile] {
	return func(yield func(Tile) bool) {
		for c := range deck.All(cards.Multiset(h)) {
			if !yield(Tile(c)) {
				return
			}
		}
	}
}

// Kinds returns the kinds of h in table order, each once (two Thors yield Thor once).
func (h Tiles) Kinds() iter.Seq[Tile] { return Tiles(deck.Distinct(cards.Multiset(h))).All() }

// With returns h with one more t. It panics if t is not a tile or h already holds every copy of
// t.
func (h Tiles) With(t Tile) Tiles {
	if !t.IsValid() {
		panic(fmt.Sprintf("voluspa: Tiles.With(%v): not a tile", t))
	}
	m, ok := deck.Add(cards.Multiset(h), cards.Card(t))
	if !ok {
		panic(fmt.Sprintf("voluspa: Tiles.With(%v): already holds every copy", t))
	}
	return Tiles(m)
}

// Without returns h with one copy of t removed; h itself if it holds no t.
func (h Tiles) Without(t Tile) Tiles {
	if !t.IsValid() {
		return h
	}
	return Tiles(deck.Without(cards.Multiset(h), cards.Card(t)))
}

// Plus returns the multiset sum of h and g: the copies of both. It panics if the sum holds more
// copies of a kind than the game does.
func (h Tiles) Plus(g Tiles) Tiles {
	s, ok := deck.Sum(cards.Multiset(h), cards.Multiset(g))
	if !ok {
		panic("voluspa: Tiles.Plus: more copies than the game holds")
	}
	return Tiles(s)
}

// Minus returns the tiles of h that are not matched by a copy in g (the multiset difference).
func (h Tiles) Minus(g Tiles) Tiles { return Tiles(deck.Diff(cards.Multiset(h), cards.Multiset(g))) }

// Intersect returns the tiles in both h and g: of each kind, as many copies as the one of the two
// with fewer holds (the multiset intersection).
func (h Tiles) Intersect(g Tiles) Tiles { return h.Minus(h.Minus(g)) }

// Contains reports whether every copy in g is also in h (g is a sub-multiset of h).
func (h Tiles) Contains(g Tiles) bool { return cards.Multiset(h).Contains(cards.Multiset(g)) }

// String lists the tiles of h by name, as in "Odin Thor Thor"; "-" when empty.
func (h Tiles) String() string { return deck.Format(cards.Multiset(h)) }
