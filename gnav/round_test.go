package gnav_test

import (
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
)

// handLens returns View(viewer).HandLen of every seat.
func handLens(s gnav.State, viewer norns.Player) []int {
	v := s.View(viewer)
	var n []int
	for p := range norns.Player(s.Players()) {
		n = append(n, v.HandLen(p))
		if got := s.HandLen(p); got != n[p] {
			panic("State.HandLen and View.HandLen differ")
		}
	}
	return n
}

// State.Round counts the deals dealt, the current one included; View.HandLen is 1 for each
// contestant of a deal in play (one out under N14 included) and 0 otherwise.
func TestRoundAndHandLen(t *testing.T) {
	s := mustNew(t, gnav.Config{Players: 4, Lives: 1, DealerGiven: true, FirstDealer: 3})
	if s.Round() != 0 || s.View(0).Round() != 0 {
		t.Fatalf("Round before the first deal: %d, view %d", s.Round(), s.View(0).Round())
	}
	if got := handLens(s, 2); !slices.Equal(got, []int{0, 0, 0, 0}) {
		t.Errorf("HandLen before the first deal: %v", got)
	}
	s = dealt(t, s, []gnav.Card{ugle, dragon, potte, gnav.Numbered(4)})
	if s.Round() != 1 || s.View(2).Round() != 1 {
		t.Errorf("Round in the first deal: %d, view %d", s.Round(), s.View(2).Round())
	}
	if got := handLens(s, 2); !slices.Equal(got, []int{1, 1, 1, 1}) {
		t.Errorf("HandLen in the first deal: %v", got)
	}
	// Seat 0 asks the Dragon with its only life: out at once (N11, N14), but it keeps its card.
	s, _ = play(t, s, 2, "ask")
	if s.Alive().Has(0) {
		t.Fatalf("seat 0 still in:\n%v", s)
	}
	if got := handLens(s, 2); !slices.Equal(got, []int{1, 1, 1, 1}) {
		t.Errorf("HandLen after seat 0 went out: %v", got)
	}
	// Seats 2 and 3 stand: the showdown takes seat 2's Potte, the lowest, and the cards are put
	// away. Two seats are left, and the second deal is dealt to them.
	s, _ = play(t, s, 2, "stand", "stand")
	if s.Phase() != gnav.PhaseDeal || s.Round() != 1 {
		t.Fatalf("after the showdown: phase %v, round %d\n%v", s.Phase(), s.Round(), s)
	}
	if got := handLens(s, 1); !slices.Equal(got, []int{0, 0, 0, 0}) {
		t.Errorf("HandLen between deals: %v", got)
	}
	s = dealt(t, s, []gnav.Card{none, ugle, none, potte})
	if s.Round() != 2 {
		t.Errorf("Round in the second deal: %d", s.Round())
	}
	if got := handLens(s, 1); !slices.Equal(got, []int{0, 1, 0, 1}) {
		t.Errorf("HandLen in the second deal: %v", got)
	}
	s, _ = play(t, s, 1, "stand", "stand")
	if !s.Over() || s.Round() != 2 {
		t.Fatalf("over %v, round %d\n%v", s.Over(), s.Round(), s)
	}
	if got := handLens(s, 1); !slices.Equal(got, []int{0, 0, 0, 0}) {
		t.Errorf("HandLen once over: %v", got)
	}
}
