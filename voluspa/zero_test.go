package voluspa_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/voluspa"
)

// zeroPanics lists the methods allowed to panic on a zero value with the simple arguments
// TestZeroValues gives (seat 0, zero values, a fresh generator), each with the sentence of its
// documentation that allows it. The zero State and the zero View are of a match with no seats
// (Players is 0), so seat 0 is not one of theirs.
var zeroPanics = map[string]string{
	"State.SampleChance": "It panics unless ToMove is norns.Chance.",
	"State.Score":        "It panics if p is not a seat.",
	"State.Reached":      "It panics if p is not a seat.",
	"State.HandLen":      "It panics if p is not a seat.",
	"State.Known":        "It panics if p is not a seat.",
	"State.Hand":         "It panics if p is not a seat.",
	"State.View":         "It panics if p is neither a seat of the match nor norns.Nobody.",
	"State.Cell":         "It panics if i is out of range.",
	"View.Score":         "It panics if p is not a seat.",
	"View.Reached":       "It panics if p is not a seat.",
	"View.HandLen":       "It panics if p is not a seat.",
	"View.Known":         "It panics if p is not a seat.",
	"View.Cell":          "It panics if i is out of range.",
	"State.Shown":        "It panics if p is not a seat.",
	"View.Shown":         "It panics if p is not a seat.",
}

// zeroValues are the exported types whose zero values TestZeroValues calls every method of: the
// value types, and the bots through pointers to zero structs.
var zeroValues = []any{
	new(voluspa.State), new(voluspa.View), new(voluspa.Move), new(voluspa.Event), new(voluspa.Tile),
	new(voluspa.Tiles), new(voluspa.Config), new(voluspa.EventKind), new(voluspa.MoveKind), new(voluspa.Phase),
	new(voluspa.Line), new(voluspa.Reason), new(voluspa.Cover), new(voluspa.Power), new(voluspa.SearchOptions),
	new(voluspa.HeuristicBot), new(voluspa.SearchBot), new(voluspa.Encoding),
}

// TestZeroValues calls every exported method of the zero value of every exported type (State,
// View, Move and the others in zeroValues, found by reflection over their method sets so that a
// new method cannot be forgotten), with seat 0, zero values and a fresh generator as arguments,
// and checks that none panics but those zeroPanics lists with the sentence of their
// documentation that allows it. A method listed there that no longer panics fails the test too,
// so the list stays true. It also checks what the zero State is, as its documentation says:
// a match with no seats at its first chance node with nothing to draw, where no move is legal.
func TestZeroValues(t *testing.T) {
	gametest.ZeroValues(t, ".", zeroPanics, zeroValues...)

	var s voluspa.State
	if s.Players() != 0 || s.ToMove() != norns.Nobody || !s.Over() || s.Phase() != voluspa.PhaseOver || len(s.Legal()) != 0 || !s.Winners().IsEmpty() {
		t.Errorf("the zero State: %d players, %v to move, over %v, phase %v, legal %v, winners %v", s.Players(), s.ToMove(), s.Over(), s.Phase(), s.Legal(), s.Winners())
	}
	for _, m := range []voluspa.Move{{}, voluspa.Pass(), voluspa.Draw(voluspa.Odin), voluspa.FirstSeat(0)} {
		if _, err := s.Apply(m); err == nil {
			t.Errorf("the zero State accepts %v", m)
		}
	}
	var v voluspa.View
	if v.Seat() != 0 || v.Players() != 0 || v.Legal() != nil || v.Over() != s.Over() {
		t.Errorf("the zero View: seat %v of %d, legal %v", v.Seat(), v.Players(), v.Legal())
	}
	var m voluspa.Move
	if m.Kind() != voluspa.MoveInvalid || m.IsChance() {
		t.Errorf("the zero Move: kind %v, chance %v", m.Kind(), m.IsChance())
	}
	if _, err := m.MarshalText(); err == nil {
		t.Errorf("the zero Move has a text form %q", m.String())
	}
}
