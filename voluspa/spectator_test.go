package voluspa_test

import (
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// TestSpectatorView checks, in a scripted position where seat 1 took a Thor with a Skadi, that
// the spectator's view (View(norns.Nobody)) holds exactly the public information: everything a
// seat's view shows of the match is the same, the hand is empty, nobody can act, the unseen
// tiles are every hand's hidden ones and the supply, and its samples give it back.
func TestSpectatorView(t *testing.T) {
	s := opening(t, "Odin", 0, "Thor Skadi Thor Thor Thor", "Skadi Skadi Valkyrie Loki Loki")
	s = settle(t, play(t, s, "Thor 1,0", "Skadi on 1,0"))
	v, seat := s.View(norns.Nobody), s.View(0)
	if v.Seat() != norns.Nobody || !v.Hand().IsEmpty() || v.Legal() != nil || len(v.AppendLegal(nil)) != 0 {
		t.Fatalf("spectator: seat %v, hand %v, legal %v", v.Seat(), v.Hand(), v.Legal())
	}
	if v.ToMove() != s.ToMove() || v.Over() != s.Over() || v.Phase() != s.Phase() || v.Turns() != s.Turns() ||
		v.Winners() != s.Winners() || v.SupplySize() != seat.SupplySize() || v.Gone() != seat.Gone() ||
		v.Cells() != seat.Cells() || v.Grid() != seat.Grid() || v.Config() != seat.Config() {
		t.Fatalf("the spectator's public part differs from seat 0's:\n%v\n%v", v, seat)
	}
	for q := range norns.Player(s.Players()) {
		if v.Score(q) != seat.Score(q) || v.Reached(q) != seat.Reached(q) || v.HandLen(q) != s.HandLen(q) ||
			v.Known(q) != s.Known(q) || v.Shown(q, 1) != seat.Shown(q, 1) {
			t.Fatalf("the spectator sees seat %v unlike seat 0 does", q)
		}
	}
	if !v.Known(1).Has(voluspa.Thor) {
		t.Fatalf("the spectator did not see the Thor seat 1 took: known %v", v.Known(1))
	}
	// Unseen: every tile not on the grid, not gone, not known in a hand.
	want := seat.Unseen().Plus(s.Hand(0).Minus(s.Known(0)))
	if v.Unseen() != want {
		t.Fatalf("spectator's unseen %v, want %v", v.Unseen(), want)
	}
	if strings.Contains(v.String(), "you hold") || !strings.Contains(v.String(), "spectator") {
		t.Fatalf("the spectator's String shows a hand or no spectator:\n%v", v)
	}
	// A state that differs only in the hidden tiles gives the same view, and samples give it back.
	r := rng.New(1)
	moved := false
	for range 200 {
		smp := v.Sample(r)
		if smp.View(norns.Nobody) != v {
			t.Fatalf("a spectator's sample has another spectator view:\n%v", smp)
		}
		if err := invariant(smp); err != nil {
			t.Fatalf("a spectator's sample breaks the invariant: %v", err)
		}
		if !smp.Hand(1).Contains(v.Known(1)) {
			t.Fatalf("a sample lost the Thor seat 1 took: %s", smp.Hand(1).String())
		}
		moved = moved || smp.Hand(0) != s.Hand(0)
	}
	if !moved {
		t.Error("every spectator's sample gave seat 0 its true hand")
	}
	gametest.SpectatorJSON(t, "voluspa", 80, map[string]any{"hand": []any{}}, nil)
}

// TestSpectatorObserve checks that the encoding observes a spectator's view without panicking,
// as seat 0 would see the match with an empty hand.
func TestSpectatorObserve(t *testing.T) {
	s := opening(t, "Odin", 0, "Thor Skadi Thor Thor Thor", "Skadi Skadi Valkyrie Loki Loki")
	e, err := voluspa.NewEncoding(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Observe(s.View(norns.Nobody), nil); len(got) != e.ObservationLen() {
		t.Fatalf("observation of %d values, want %d", len(got), e.ObservationLen())
	}
}
