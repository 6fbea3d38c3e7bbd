package gnav_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
)

// View.AskTarget in scripted deals at the default table (seat 3 deals; seat 0 acts first).
func TestViewAskTarget(t *testing.T) {
	for _, tc := range []struct {
		name    string
		s       gnav.State
		hands   []gnav.Card
		moves   []string
		to      norns.Player
		card    gnav.Card
		refused bool
	}{
		{"the neighbour, card unknown", four(t), []gnav.Card{ugle, dragon, potte, hus}, nil, 1, gnav.NoCard, false},
		{"a neighbour who knocked holds the Narr", four(t), []gnav.Card{ugle, narr, potte, hus}, nil, 1, gnav.Narr, false},
		{"after an exchange, the next seat", four(t), []gnav.Card{ugle, potte, narr, hus}, []string{"ask"}, 2, gnav.Narr, false},
		{"a seat out of the match is skipped", table(t, gnav.Config{}, 3, []int{3, 0, 3, 3}), []gnav.Card{ugle, gnav.NoCard, narr, hus}, nil, 2, gnav.Narr, false},
		{"the dealer draws from the stock", four(t), []gnav.Card{ugle, potte, gnav.Numbered(3), hus}, []string{"stand", "stand", "stand"}, norns.Nobody, gnav.NoCard, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := dealt(t, tc.s, tc.hands)
			s, _ = play(t, s, 0, tc.moves...)
			to, card, refused := s.View(s.ToMove()).AskTarget()
			if to != tc.to || card != tc.card || refused != tc.refused {
				t.Errorf("AskTarget = %v, %v, %v; want %v, %v, %v", to, card, refused, tc.to, tc.card, tc.refused)
			}
		})
	}
}

func TestChanceStream(t *testing.T) {
	if k := gnav.ChanceStream(four(t)); k != 0 {
		t.Errorf("ChanceStream = %d, want 0", k)
	}
}
