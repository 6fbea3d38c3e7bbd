package herrlof_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
)

func TestCardNames(t *testing.T) {
	for _, tc := range []struct {
		c          herrlof.Card
		text, name string
		suit       herrlof.Suit
		rank       int
	}{
		{herrlof.NewCard(herrlof.Red, 1), "R1", "red 1", herrlof.Red, 1},
		{herrlof.NewCard(herrlof.Yellow, 9), "Y9", "yellow 9", herrlof.Yellow, 9},
		{herrlof.NewCard(herrlof.Blue, 6), "B6", "blue 6", herrlof.Blue, 6},
		{herrlof.Valknut, "V", "Valknut", herrlof.NoSuit, 0},
		{herrlof.Hagalaz, "H", "Hagalaz", herrlof.NoSuit, 0},
	} {
		if tc.c.String() != tc.text || tc.c.Name() != tc.name || tc.c.Suit() != tc.suit || tc.c.Rank() != tc.rank || !tc.c.IsValid() {
			t.Errorf("%v: %q %q %v %d", tc.c, tc.c.String(), tc.c.Name(), tc.c.Suit(), tc.c.Rank())
		}
		if back, err := herrlof.ParseCard(tc.text); err != nil || back != tc.c {
			t.Errorf("ParseCard(%q) = %v, %v", tc.text, back, err)
		}
	}
	if herrlof.Card(37).IsValid() || herrlof.NoCard.String() != "-" || herrlof.Suit(7).String() != "Suit(7)" {
		t.Error("invalid values print or validate wrongly")
	}
	for _, bad := range []string{"R0", "", "X1", "R10", "VV", "\x00"} {
		if _, err := herrlof.ParseCard(bad); !errors.Is(err, norns.ErrBadNotation) {
			t.Errorf("ParseCard(%q): %v, want an error wrapping ErrBadNotation", bad, err)
		}
	}
}

func TestCardsMultiset(t *testing.T) {
	v, h := herrlof.Valknut, herrlof.Hagalaz
	r7 := herrlof.NewCard(herrlof.Red, 7)
	a := herrlof.CardsOf(v, r7, v, h)
	b := herrlof.CardsOf(h, v, r7, v) // same multiset, another order
	if a != b || a.Len() != 4 || a.Count(v) != 2 || a.Count(h) != 1 || a.Count(r7) != 1 {
		t.Fatalf("%v / %v", a, b)
	}
	if got := a.Without(v).Without(v).Without(v); got != herrlof.CardsOf(r7, h) {
		t.Errorf("removing Valknuts: %v", got)
	}
	if got := a.Plus(herrlof.CardsOf(v)); got.Count(v) != 3 {
		t.Errorf("Plus: %v", got)
	}
	if got := a.Minus(herrlof.CardsOf(v, h, h)); got != herrlof.CardsOf(v, r7) {
		t.Errorf("Minus: %v", got)
	}
	if !a.Contains(herrlof.CardsOf(v, v)) || a.Contains(herrlof.CardsOf(h, h)) {
		t.Error("Contains")
	}
	if got := slices.Collect(a.All()); !slices.Equal(got, []herrlof.Card{r7, v, v, h}) {
		t.Errorf("All: %v", got)
	}
	if got := slices.Collect(a.Kinds()); !slices.Equal(got, []herrlof.Card{r7, v, h}) {
		t.Errorf("Kinds: %v", got)
	}
	if a.String() != "R7 V V H" || herrlof.Cards(0).String() != "-" {
		t.Errorf("String: %q", a.String())
	}
	defer func() {
		if recover() == nil {
			t.Error("a fourth Valknut did not panic")
		}
	}()
	herrlof.CardsOf(v, v, v, v)
}

// TestCardsHasOnlyCards: Has is false for every value that is no card, even when the bits a
// Valknut's or Hagalaz's copies fill are set (37 with two Valknuts).
func TestCardsHasOnlyCards(t *testing.T) {
	full := herrlof.FullDeck()
	for _, h := range []herrlof.Cards{full, herrlof.CardsOf(herrlof.Valknut, herrlof.Valknut, herrlof.Hagalaz, herrlof.Hagalaz, herrlof.Hagalaz)} {
		for c := range 256 {
			want := herrlof.Card(c).IsValid() && h.Count(herrlof.Card(c)) > 0
			if got := h.Has(herrlof.Card(c)); got != want {
				t.Errorf("%v.Has(%d) = %v, want %v", h, c, got, want)
			}
		}
	}
}

// TestCardsIntersect checks the multiset intersection: of each card, the smaller count.
func TestCardsIntersect(t *testing.T) {
	v, h := herrlof.Valknut, herrlof.Hagalaz
	r1, g5 := card(t, "R1"), card(t, "G5")
	a := herrlof.CardsOf(r1, v, v, v, h)
	b := herrlof.CardsOf(v, v, h, h, g5)
	got := a.Intersect(b)
	if want := herrlof.CardsOf(v, v, h); got != want {
		t.Fatalf("%v ∩ %v = %v, want %v", a, b, got, want)
	}
	if got != b.Intersect(a) || !a.Contains(got) || !b.Contains(got) {
		t.Fatalf("intersection not symmetric or not contained: %v", got)
	}
	if a.Intersect(0) != 0 || a.Intersect(a) != a {
		t.Fatalf("a ∩ 0 = %v, a ∩ a = %v", a.Intersect(0), a.Intersect(a))
	}
}
