package gametest

import (
	"encoding/json"
	"maps"
	"reflect"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// SpectatorJSON checks the spectator's view as a front end gets it through the registry: it
// plays moves random moves of the game registered as game (its standard config) and, at every
// state, checks that norns.Match.View(norns.Nobody) has seat Nobody, no legal move and the seat
// to act, and that its JSON has seat -2, each key of private at the value private gives (what a
// spectator sees there: an empty hand, no bid…), and otherwise equals seat 0's JSON once both
// have private's keys removed and strip has removed what else is private deeper down (strip may
// be nil; it returns an error when the spectator's JSON shows something it must not).
func SpectatorJSON(t *testing.T, game string, moves int, private map[string]any, strip func(view map[string]any, spectator bool) error) {
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
		if strip != nil {
			if err := strip(spec, true); err != nil {
				t.Fatalf("spectator's JSON: %v", err)
			}
			if err := strip(seat, false); err != nil {
				t.Fatal(err)
			}
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

// jsonMap encodes v and decodes it as a JSON object.
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
