package gulveig_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// TestRegistered plays a match through the registry by name, with the heuristic at every seat,
// and checks that each seat's view encodes the same for every state its Sample draws (the view's
// JSON holds what the View holds, nothing more).
func TestRegistered(t *testing.T) {
	g, err := norns.Lookup("gulveig")
	if err != nil {
		t.Fatal(err)
	}
	if g.Rules() == "" || len(g.Bots()) != 3 {
		t.Fatalf("rules %d bytes, bots %v", len(g.Rules()), g.Bots())
	}
	for _, cfg := range []string{`{"handLimit": 1}`, `{"players": 4, "handLimit": 1, "alternates": 15, "roles": true, "blind": true, "betting": true}`} {
		m, err := g.New([]byte(cfg))
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(3)
		bot, err := g.NewBot("heuristic", 1)
		if err != nil {
			t.Fatal(err)
		}
		for !m.Over() {
			for p := range norns.Player(m.Players()) {
				v := m.View(p)
				want, err := v.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				got, err := v.Sample(r).View(p).MarshalJSON()
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("%s: a sample's view encodes differently:\n%s\nwant\n%s", cfg, got, want)
				}
			}
			var move string
			if m.ToMove() == norns.Chance {
				move = m.SampleChance(r)
			} else if move, err = bot.Choose(context.Background(), m.View(m.ToMove())); err != nil {
				t.Fatal(err)
			}
			if m, _, err = m.ApplyEvents(move, norns.Nobody); err != nil {
				t.Fatalf("%s: %s: %v", cfg, move, err)
			}
		}
	}
}
