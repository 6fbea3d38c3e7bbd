package herrlof

import (
	"testing"

	"github.com/nornsgames/norns/cards"
)

// TestDeckLayout: the masks the hot paths use as constants are the deck table's layout.
func TestDeckLayout(t *testing.T) {
	v, h := cards.Card(Valknut), cards.Card(Hagalaz)
	if Cards(deck.Full()) != deckBits || deck.Size() != DeckSize || deck.NumKinds() != 38 {
		t.Fatalf("the deck is %v, %d cards of %d kinds", deck.Full(), deck.Size(), deck.NumKinds())
	}
	if Cards(deck.Of(v, v, v)) != valknutBits || Cards(deck.Of(h, h, h)) != hagalazBits {
		t.Error("the Valknut or Hagalaz bits differ from the table")
	}
	if Cards(deck.Distinct(deck.Full())) != kindBits || deckBits&^valknutBits&^hagalazBits != suitedBits {
		t.Error("the kind or suited bits differ from the table")
	}
	for s := range Suit(NumSuits) {
		var want Cards
		for rank := 1; rank <= 9; rank++ {
			want = want.With(NewCard(s, rank))
		}
		if suitBits[s] != want {
			t.Errorf("suit %v: bits %#x, want %#x", s, uint64(suitBits[s]), uint64(want))
		}
	}
	for b, c := range bitCards {
		if int(c) > b || deck.Nth(deck.Full(), b) != cards.Card(c) {
			t.Errorf("bit %d is card %v", b, c)
		}
	}
}
