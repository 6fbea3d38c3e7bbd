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
	// isCanonical is deck.Valid written out: they agree on every pattern of the unsuited bits,
	// with and without suited cards and a bit above the deck.
	for _, rest := range []Cards{0, 1 << 5, suitedBits, 1 << DeckSize, 1 << 63} {
		for vh := range Cards(1 << 6) {
			h := rest | vh<<36
			if got, want := h.isCanonical(), deck.Valid(cards.Multiset(h)); got != want {
				t.Errorf("%#x: isCanonical %v, deck.Valid %v", uint64(h), got, want)
			}
		}
	}
}
