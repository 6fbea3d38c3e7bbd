package gnav

import (
	"testing"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// zonesOf lists where the cards of s are, each zone read from what s records, none computed as
// what the others leave: every seat's card (a seat out of the deal holds NoCard, which adds
// nothing; a seat out under N14 keeps its card), the stock, and the pack put away, which is the
// whole pack while no deal is in play (before the first deal, between deals and once over) and
// nothing during a deal, since every draw from the stock ends the exchanges and the deal with it
// (N13). A card lost from a hand or the stock, or left in a hand between deals, makes the zones
// differ from the pack.
func zonesOf(s State) []cards.Multiset {
	var hands, stock, away cards.Multiset
	for p := range s.players {
		if c := s.d.hand[p]; c != NoCard {
			hands = deck.With(hands, c.Kind())
		}
	}
	for _, k := range s.d.stock.cards() {
		stock = deck.With(stock, k)
	}
	if s.who() < 0 {
		away = deck.Full()
	}
	return []cards.Multiset{hands, stock, away}
}

// conserved reports whether zones hold the pack, each card once.
func conserved(zones []cards.Multiset) bool {
	var sum cards.Multiset
	for _, z := range zones {
		var ok bool
		if sum, ok = deck.Sum(sum, z); !ok {
			return false
		}
	}
	return sum == deck.Full()
}

// TestZonesCatchLostCards corrupts states of a random match through their fields (a card dropped
// from a hand or from the stock, a card changed, a card left in a hand between deals) and checks
// that the zones the conformance suite checks no longer add up to the pack, while the states as
// played do.
func TestZonesCatchLostCards(t *testing.T) {
	s, err := New(Config{Players: 5})
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(4)
	var turns, between int
	for !s.Over() {
		if !conserved(zonesOf(s)) {
			t.Fatalf("zones %v of a state as played\n%v", zonesOf(s), s)
		}
		if s.who() >= 0 {
			turns++
			p := s.who()
			u := s
			u.d.hand[p] = NoCard // a card lost from a hand
			if conserved(zonesOf(u)) {
				t.Fatalf("a card dropped from seat %d's hand went unnoticed\n%v", p, u)
			}
			u = s
			u.d.stock.n-- // the bottom card of the stock lost
			if conserved(zonesOf(u)) {
				t.Fatalf("a card dropped from the stock went unnoticed\n%v", u)
			}
			u = s
			u.d.hand[p] = (u.d.hand[p] + 1) % NumRanks // a card turned into another
			if conserved(zonesOf(u)) {
				t.Fatalf("a changed card went unnoticed\n%v", u)
			}
		} else {
			between++
			u := s
			u.d.hand[0] = Gjok // a card left in a hand after the pack was put away
			if conserved(zonesOf(u)) {
				t.Fatalf("a card left in a hand between deals went unnoticed\n%v", u)
			}
		}
		var m Move
		if s.who() == chance {
			m = s.SampleChance(r)
		} else {
			legal := s.Legal()
			m = legal[r.IntN(len(legal))]
		}
		if err := s.Step(m); err != nil {
			t.Fatal(err)
		}
	}
	if !conserved(zonesOf(s)) {
		t.Fatalf("zones %v once over", zonesOf(s))
	}
	if turns == 0 || between == 0 {
		t.Fatalf("%d turns and %d states between deals: the match did not cover both", turns, between)
	}
}
