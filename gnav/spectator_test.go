package gnav_test

import (
	"encoding/json"
	"maps"
	"reflect"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
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
	checkSpectatorJSON(t, "gnav", 60, map[string]any{"hand": "", "dealt": "", "received": "", "receivedOwn": ""})
}

// checkSpectatorJSON plays moves random moves of the registered game and checks, at every
// state, that the spectator's view as a front end gets it (norns.Match.View(norns.Nobody)'s
// JSON) has seat -2, the private keys at their empty values (private) and no legal move, and
// equals seat 0's but for those keys.
func checkSpectatorJSON(t *testing.T, game string, moves int, private map[string]any) {
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
		for k, want := range private {
			if !reflect.DeepEqual(spec[k], want) {
				t.Fatalf("spectator's JSON %s: %#v, want %#v", k, spec[k], want)
			}
			delete(spec, k)
			delete(seat, k)
		}
		delete(spec, "seat")
		delete(seat, "seat")
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
