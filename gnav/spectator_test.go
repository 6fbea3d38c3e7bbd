package gnav_test

import (
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// TestSpectatorView checks, in a scripted deal where seat 0 asked seat 1 and seat 1 accepted,
// that the spectator's view (View(norns.Nobody)) holds exactly the public information: the acts,
// lives and seats as every seat sees them, no card of the deal, no legal move; that a state
// with the hidden cards moved gives the same view; and that its samples give it back.
func TestSpectatorView(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Hus, gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)})
	s, _ = play(t, s, 3, "ask", "stand")
	v, seat := s.View(norns.Nobody), s.View(1)
	if v.Seat() != norns.Nobody || v.Hand() != gnav.NoCard || v.Dealt() != gnav.NoCard || v.Legal() != nil || len(v.AppendLegal(nil)) != 0 {
		t.Fatalf("spectator: seat %v, hand %v, dealt %v, legal %v", v.Seat(), v.Hand(), v.Dealt(), v.Legal())
	}
	if a, o := v.Received(); a != gnav.NoCard || o != gnav.NoCard {
		t.Fatalf("spectator received %v and %v", a, o)
	}
	if to, c, _ := v.AskTarget(); to != norns.Nobody || c != gnav.NoCard {
		t.Fatalf("spectator's AskTarget: %v, %v", to, c)
	}
	if seat.Hand() == gnav.NoCard {
		t.Fatal("the script went wrong: seat 1 holds no card")
	}
	if v.ToMove() != s.ToMove() || v.Over() != s.Over() || v.Phase() != s.Phase() || v.Round() != s.Round() ||
		v.Dealer() != s.Dealer() || v.Contestants() != s.Contestants() || v.InPlay() != s.InPlay() ||
		v.Knocked() != s.Knocked() || v.Resting() != s.Resting() || v.Alive() != s.Alive() ||
		v.Winners() != s.Winners() || v.Config() != s.Config() {
		t.Fatalf("the spectator's public part differs from the state's:\n%v\n%v", v, s)
	}
	for q := range norns.Player(s.Players()) {
		if v.Lives(q) != seat.Lives(q) || v.Turn(q) != seat.Turn(q) || v.Answer(q) != seat.Answer(q) || v.HandLen(q) != seat.HandLen(q) {
			t.Fatalf("the spectator sees seat %v unlike seat 1 does", q)
		}
	}
	if strings.Contains(v.String(), "you hold") || !strings.Contains(v.String(), "spectator") {
		t.Fatalf("the spectator's String shows a card or no spectator:\n%v", v)
	}
	r := rng.New(2)
	moved := false
	for range 500 {
		smp := v.Sample(r)
		if smp.View(norns.Nobody) != v {
			t.Fatalf("a spectator's sample has another spectator view:\n%v", smp)
		}
		// Seat 1 accepted: it was dealt no matador and no Narr, and holds seat 0's card.
		if d := smp.Dealt(1); d.IsMatador() || d == gnav.Narr || smp.Hand(1) != smp.Dealt(0) {
			t.Fatalf("a spectator's sample breaks the accepted exchange: hands %v", hands(smp))
		}
		moved = moved || smp.Hand(0) != s.Hand(0)
	}
	if !moved {
		t.Error("every spectator's sample gave seat 0 its true card")
	}
	e, err := gnav.NewEncoding(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Observe(v, nil); len(got) != e.ObservationLen() {
		t.Fatalf("observation of %d values, want %d", len(got), e.ObservationLen())
	}
	gametest.SpectatorJSON(t, "gnav", 60, map[string]any{"hand": "", "dealt": "", "received": "", "receivedOwn": ""}, nil)
}
