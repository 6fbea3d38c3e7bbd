package gnav

import (
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// Twin is twin, for the conformance suite in package gnav_test.
var Twin = twin

// Zones is zonesOf, for the conformance suite's conservation check in package gnav_test.
var Zones = zonesOf

// twin returns a state that differs from s only in what seat p cannot see, built without
// View.Sample for the most part: it swaps two stock cards of different ranks, or a stock card with
// the card of a contestant that has not been reached in the deal (its card is its dealt card, and
// nobody knows more of it than whether it is a Narr), or, one time in three, samples p's view.
func twin(s State, p norns.Player, r *rng.Rand) (State, bool) {
	if s.who() < 0 {
		return s, false
	}
	stock := s.Stock()
	nStock := len(stock)
	switch r.IntN(3) {
	case 0:
		i, j := r.IntN(nStock), r.IntN(nStock)
		if stock[i] == stock[j] {
			return s, false
		}
		stock[i], stock[j] = stock[j], stock[i]
		s.d.stock = pileOf(stock)
		return s, true
	case 1:
		var fresh []int8
		for q := range s.contest.All() {
			if q != p && s.act[q] == 0 && !s.knock.Has(q) && q != s.ToMove() && s.d.hand[q] == s.d.dealt[q] && !reached(&s, int8(q)) {
				fresh = append(fresh, int8(q))
			}
		}
		if len(fresh) == 0 {
			return s, false
		}
		q := fresh[r.IntN(len(fresh))]
		i := r.IntN(nStock)
		c := stock[i]
		if c == Narr || c == s.d.hand[q] {
			return s, false
		}
		stock[i] = s.d.hand[q]
		s.d.stock = pileOf(stock)
		s.d.hand[q], s.d.dealt[q] = c, c
		return s, true
	}
	t := s.View(p).Sample(r)
	return t, t != s
}

// reached reports whether seat q has been asked or has acted in the deal: whether it lies
// between the dealer's left and the seat to act.
func reached(s *State, q int8) bool {
	for p := nextIn(s.contest, s.dealer); ; p = nextIn(s.contest, p) {
		if p == s.who() {
			return p == q
		}
		if p == q {
			return true
		}
	}
}

// pileOf returns the stock holding cs, top first.
func pileOf(cs []Card) stockPile {
	var p stockPile
	for _, c := range cs {
		p.pushBottom(c.Kind())
	}
	return p
}
