package gametest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/internal/toy"
	"github.com/nornsgames/norns/rng"
)

// TestMutateJSON: every kind of structured change occurs, each gives valid JSON that differs
// from the input in one place.
func TestMutateJSON(t *testing.T) {
	in := []byte(`{"a":[1,2,3],"b":{"c":"x","d":"y"},"e":[["p","q"],[]],"n":7}`)
	seen := map[string]int{}
	r := rng.New(1)
	for range 2000 {
		out, what, ok := mutateJSON(r, in)
		if !ok {
			continue
		}
		if !json.Valid(out) || string(out) == string(in) {
			t.Fatalf("%s gave %s", what, out)
		}
		seen[strings.Fields(what)[0]]++
	}
	for _, kind := range []string{"swap", "duplicate", "drop", "add", "exchange", "shift"} {
		if seen[kind] == 0 {
			t.Errorf("no %q change in 2000 tries: %v", kind, seen)
		}
	}
}

// TestConservationCatches: the check fails when a card is lost or doubled.
func TestConservationCatches(t *testing.T) {
	g := Game[toy.State, toy.Move, toy.View]{Deck: toy.Deck(), Zones: toy.Zones}
	s, err := toy.New().Apply(toy.Deal([6]uint8{5, 4, 3, 2, 1, 0}))
	if err != nil {
		t.Fatal(err)
	}
	if err := conservation(g, s); err != nil {
		t.Fatalf("a dealt toy: %v", err)
	}
	d := toy.Deck()
	z := toy.Zones(s)
	g.Zones = func(toy.State) []cards.Multiset { return z[1:] }
	if err := conservation(g, s); err == nil {
		t.Error("a lost hand not noticed")
	}
	g.Zones = func(toy.State) []cards.Multiset { return append(z, d.Of(d.Kind(0))) }
	if err := conservation(g, s); err == nil {
		t.Error("a doubled card not noticed")
	}
}
