package voluspa

import (
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// Twin is twin, for the conformance suite in package voluspa_test.
var Twin = twin

// twin returns a state that differs from s only in what seat p cannot see, without View.Sample:
// it swaps one tile between two places p cannot see (another seat's hand and the supply, or two
// other seats' hands), keeping the tiles known to be in a hand and what discards showed.
func twin(s State, p norns.Player, r *rng.Rand) (State, bool) {
	n := int(s.players)
	// Places: the other seats (0..n-1 but p) and the supply (n).
	a, b := r.IntN(n+1), r.IntN(n+1)
	if a == b || a == int(p) || b == int(p) {
		return s, false
	}
	get := func(i int) *cards.Multiset {
		if i == n {
			return &s.pool
		}
		return &s.h.hand[i]
	}
	free := func(i int) cards.Multiset {
		if i == n {
			return s.pool
		}
		return deck.Diff(s.h.hand[i], s.known[i])
	}
	fa, fb := free(a), free(b)
	if fa.IsEmpty() || fb.IsEmpty() {
		return s, false
	}
	ca, cb := deck.Random(fa, r), deck.Random(fb, r)
	if ca == cb {
		return s, false
	}
	pa, pb := get(a), get(b)
	*pa = deck.With(deck.Without(*pa, ca), cb)
	*pb = deck.With(deck.Without(*pb, cb), ca)
	for q := range n {
		if !keepsHolds(s, q) {
			return s, false
		}
	}
	return s, true
}

// HoldOf returns what seat p's last discard showed: the kinds and how many tiles must be of them
// (the inference with the most kinds).
func HoldOf(s State, p norns.Player) ([]Tile, int) {
	kinds, n, m := s.holds[p].chain()
	if m == 0 {
		return nil, 0
	}
	return kinds[m-1].tiles(), n[m-1]
}

// HoldsOf returns every inference on seat p's hand: kinds and counts, the fewest kinds first.
func HoldsOf(s State, p norns.Player) (kinds [][]Tile, n []int) {
	k, c, m := s.holds[p].chain()
	for i := range m {
		kinds = append(kinds, k[i].tiles())
		n = append(n, c[i])
	}
	return kinds, n
}

// keepsHolds reports whether seat q's hand keeps every inference on it.
func keepsHolds(s State, q int) bool {
	k, c, m := s.holds[q].chain()
	for i := range m {
		if (s.h.hand[q] & k[i].of()).Len() < c[i] {
			return false
		}
	}
	return true
}

// Satisfies reports whether every hand of s keeps what the views know of it.
func Satisfies(s State) bool {
	for q := range int(s.players) {
		if !s.h.hand[q].Contains(s.known[q]) {
			return false
		}
		if !keepsHolds(s, q) {
			return false
		}
	}
	return true
}

// CanPlace reports whether a seat holding t could lay it at x, y or cover the tile there, by
// Apply's square-by-square checks: s with the seat to act given t.
func CanPlace(s State, t Tile, x, y int) bool {
	s.phase, s.toMove = PhaseTurn, 0
	s.node = s.head
	s.h.hand[0] = deck.With(0, cards.Card(t))
	_, errLay := s.Apply(Lay(t, x, y))
	_, errCover := s.Apply(CoverWith(t, x, y))
	return errLay == nil || errCover == nil
}

// Lose returns s with one tile lost from one zone, changing nothing else, as a bug might: zone
// 0 a tile of the grid (its square keeps a copy of another cell's tile instead), 1 a tile out of
// the game, 2 a tile of the supply, 3+p a tile of seat p's hand. It reports false when the zone
// has no tile to lose.
func Lose(s State, zone int) (State, bool) {
	drop := func(m *cards.Multiset) bool {
		if m.IsEmpty() {
			return false
		}
		*m = deck.Without(*m, deck.Nth(*m, 0))
		return true
	}
	switch {
	case zone == 0:
		for i := 1; i < int(s.board.n); i++ {
			if s.board.c[i].t != s.board.c[0].t {
				s.board.c[i].t = s.board.c[0].t
				return s, true
			}
		}
		return s, false
	case zone == 1:
		return s, drop(&s.gone)
	case zone == 2:
		return s, drop(&s.pool)
	case zone-3 < int(s.players):
		return s, drop(&s.h.hand[zone-3])
	}
	return s, false
}

// NewOldSearchBot returns version 1.0's search bot, for the strength test's old-against-new
// pairing.
func NewOldSearchBot(opts SearchOptions) *SearchBot { return newSearchBot(opts, v1Model) }

// NewTunedSearchBot returns a search bot whose model differs from the default in the fields
// given (a negative value, or a zero scale or rounds, keeps the default), for tuning runs of the
// strength test.
func NewTunedSearchBot(opts SearchOptions, noise, opp, scale float64, rounds int) *SearchBot {
	md := defaultModel
	if noise >= 0 {
		md.noise = noise
	}
	if opp >= 0 {
		md.opp = opp
	}
	if scale > 0 {
		md.scale = scale
	}
	if rounds > 0 {
		md.rounds = rounds
	}
	return newSearchBot(opts, md)
}
