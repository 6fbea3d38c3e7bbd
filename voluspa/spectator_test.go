package voluspa_test

import (
	"encoding/json"
	"maps"
	"reflect"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
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
	checkSpectatorJSON(t, "voluspa", 80, "hand")
}

// checkSpectatorJSON plays moves random moves of the registered game and checks, at every
// state, that the spectator's view as a front end gets it (norns.Match.View(norns.Nobody)'s
// JSON) has seat -2, an empty hand and no legal move, and equals seat 0's but for its private
// keys (private lists them, the hand first).
func checkSpectatorJSON(t *testing.T, game string, moves int, private ...string) {
	t.Helper()
	g, err := norns.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(5)
	for step := 0; ; step++ {
		sv := m.View(norns.Nobody)
		if sv.Seat() != norns.Nobody || sv.Legal() != nil || sv.ToMove() != m.ToMove() {
			t.Fatalf("Match.View(Nobody): seat %v, legal %v, to move %v", sv.Seat(), sv.Legal(), sv.ToMove())
		}
		spec, seat := jsonMap(t, sv), jsonMap(t, m.View(0))
		if spec["seat"] != float64(norns.Nobody) {
			t.Fatalf("spectator's JSON seat %v", spec["seat"])
		}
		if h, ok := spec[private[0]].([]any); !ok || len(h) != 0 {
			t.Fatalf("spectator's JSON %s %v, want []", private[0], spec[private[0]])
		}
		for _, k := range append(private, "seat") {
			delete(spec, k)
			delete(seat, k)
		}
		if !maps.EqualFunc(spec, seat, func(a, b any) bool { return reflect.DeepEqual(a, b) }) {
			t.Fatalf("the spectator's JSON differs from seat 0's in a public key:\n%v\n%v", spec, seat)
		}
		if step == moves || m.Over() {
			return
		}
		var mv string
		if m.ToMove() == norns.Chance {
			mv = m.SampleChance(r)
		} else {
			l := m.Legal()
			mv = l[r.IntN(len(l))]
		}
		if m, err = m.Apply(mv); err != nil {
			t.Fatal(err)
		}
	}
}

func jsonMap(t *testing.T, v any) map[string]any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
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
