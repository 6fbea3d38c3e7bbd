package herrlof

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
)

// emptyStock returns a two-player hand after the bids, with the deck dealt unshuffled and then
// the stock emptied: a position no real deal reaches (at most one trump change per hand leaves the
// stock almost full), but the rules say what an empty stock does.
func emptyStock(t *testing.T) State {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	var hands [2]Cards
	for p := range 2 {
		for _, c := range deckOrder[15*p : 15*p+15] {
			hands[p] = hands[p].With(c)
		}
	}
	if s, err = s.Apply(MustDeal(0, hands[:], deckOrder[30], deckOrder[31:])); err != nil {
		t.Fatal(err)
	}
	for _, m := range []Move{Bid(0), Bid(0)} {
		if s, err = s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	s.stock = stockPile{}
	return s
}

func TestRuleH11_EmptyStockNoDraw(t *testing.T) {
	s := emptyStock(t)
	s, err := s.Apply(Play(NewCard(Red, 3)))
	if err != nil {
		t.Fatal(err)
	}
	if s.phase != PhasePlay || s.ToMove() != 1 {
		t.Fatalf("after a 3 with an empty stock: %v, %v to move", s.phase, s.ToMove())
	}
}

func TestRuleH13_EmptyStockKeepsTrump(t *testing.T) {
	s := emptyStock(t)
	s.hands[0] = s.hands[0].Without(NewCard(Red, 1)).add(Valknut)
	s.hands[1] = s.hands[1].Without(NewCard(Blue, 1)).add(Valknut)
	trump := s.trump
	s, err := s.Apply(Play(Valknut))
	if err == nil {
		s, err = s.Apply(Play(Valknut))
	}
	if err != nil {
		t.Fatal(err)
	}
	if s.trump != trump || s.destroyedTricks() != 1 || s.ToMove() != norns.Player(0) {
		t.Fatalf("trump %v (was %v), destroyed %d, %v to move", s.trump, trump, s.destroyedTricks(), s.ToMove())
	}
}

// TestRulesNumbered: Rules returns the rules H1–H21, each numbered once, with decisions, and
// points nowhere outside the package.
func TestRulesNumbered(t *testing.T) {
	text := Rules()
	for i := 1; i <= 21; i++ {
		if n := strings.Count(text, fmt.Sprintf("**H%d.", i)); n != 1 {
			t.Errorf("rule H%d is numbered %d times", i, n)
		}
	}
	if strings.Contains(text, "**H22.") || !strings.Contains(text, "**Decision:**") {
		t.Error("a rule beyond H21, or no decision")
	}
	for _, outside := range []string{"shared/", "rules/herrlof", "../"} {
		if strings.Contains(text, outside) {
			t.Errorf("the rules point outside the package: %q", outside)
		}
	}
}

// deckOrder is the unshuffled deck: the suited cards by id, three Valknuts, three Hagalaz.
var deckOrder = func() (d [DeckSize]Card) {
	for i := range 36 {
		d[i] = Card(i)
	}
	d[36], d[37], d[38] = Valknut, Valknut, Valknut
	d[39], d[40], d[41] = Hagalaz, Hagalaz, Hagalaz
	return d
}()
