package gnav_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// zeroPanics lists the methods that panic on a zero value given the arguments of callZero, each
// with the sentence of its documentation that allows it: the zero State and the zero View have no
// seats, so seat 0 is out of range, and a zero State's ToMove is not norns.Chance.
var zeroPanics = map[string]string{
	"State.Answer":       "It panics if p is not a seat.",
	"State.Dealt":        "It panics if p is not\n// a seat.",
	"State.Hand":         "It panics if p is not a seat.",
	"State.HandLen":      "It panics if p is not a seat.",
	"State.Lives":        "It panics if p is not a seat.",
	"State.Score":        "It panics if p is not a seat.",
	"State.Turn":         "It panics if p is not a seat.",
	"State.View":         "It panics if p is neither a seat of the match nor norns.Nobody.",
	"State.SampleChance": "It panics unless ToMove is norns.Chance.",
	"View.Answer":        "It panics if p is not a\n// seat.",
	"View.HandLen":       "It panics if p is not a seat.",
	"View.Lives":         "It panics if p is not a seat.",
	"View.Score":         "It panics if p is not a seat.",
	"View.Turn":          "It panics if p is not a seat.",
}

// zeroValues are the package's exported value types, each as a pointer to its zero value, so
// that the method sets below include the pointer methods (Step, UnmarshalJSON, UnmarshalText).
var zeroValues = []any{
	new(gnav.State), new(gnav.View), new(gnav.Move), new(gnav.Card), new(gnav.Answer), new(gnav.Turn),
	new(gnav.Phase), new(gnav.MoveKind), new(gnav.EventKind), new(gnav.Event), new(gnav.Config),
	new(gnav.SearchOptions), new(gnav.HeuristicBot), new(gnav.SearchBot), new(gnav.Encoding),
}

// TestZeroValues calls every exported method of every exported value type of the package on
// its zero value, by reflection over the method sets so that a new method cannot be missed, with
// seat 0, a fresh generator, a live context and zero values as arguments. None may panic but
// those zeroPanics lists with the sentence of their documentation that allows it, and each of
// those must panic (so the list stays exact) and its documentation must say so. It then checks
// what the State and View docs promise of the zero values: over, nobody to act, no moves, no
// cards, every move refused with norns.ErrGameOver, no JSON.
func TestZeroValues(t *testing.T) {
	gametest.ZeroValues(t, ".", zeroPanics, zeroValues...)

	var s gnav.State
	if s.Players() != 0 || s.ToMove() != norns.Nobody || !s.Over() || s.Phase() != gnav.PhaseOver ||
		len(s.Legal()) != 0 || s.Dealer() != norns.Nobody || !s.Winners().IsEmpty() || s.Round() != 0 || len(s.Stock()) != 0 {
		t.Errorf("zero State: players %d, to move %v, over %v, phase %v, legal %v, dealer %v, winners %v, round %d, stock %v",
			s.Players(), s.ToMove(), s.Over(), s.Phase(), s.Legal(), s.Dealer(), s.Winners(), s.Round(), s.Stock())
	}
	for _, m := range []gnav.Move{{}, gnav.Stand(), gnav.Ask(), gnav.Draw(), gnav.ChooseDealer(0)} {
		if _, err := s.Apply(m); !errors.Is(err, norns.ErrGameOver) {
			t.Errorf("zero State: Apply(%v) = %v, want ErrGameOver", m, err)
		}
		if err := s.Step(m); !errors.Is(err, norns.ErrGameOver) || s != (gnav.State{}) {
			t.Errorf("zero State: Step(%v) = %v, state now %v", m, err, s)
		}
	}
	if data, err := s.MarshalJSON(); err == nil {
		t.Errorf("zero State: MarshalJSON = %s, want an error", data)
	}
	var v gnav.View
	asked, own := v.Received()
	to, card, refused := v.AskTarget()
	if v.Seat() != norns.Nobody || v.ToMove() != norns.Nobody || !v.Over() || len(v.Legal()) != 0 ||
		v.Hand() != gnav.NoCard || v.Dealt() != gnav.NoCard || asked != gnav.NoCard || own != gnav.NoCard ||
		to != norns.Nobody || card != gnav.NoCard || refused || v.Sample(rng.New(1)) != (gnav.State{}) {
		t.Errorf("zero View: seat %v, to move %v, over %v, legal %v, hand %v, dealt %v, received %v %v, ask target %v %v %v",
			v.Seat(), v.ToMove(), v.Over(), v.Legal(), v.Hand(), v.Dealt(), asked, own, to, card, refused)
	}
	var m gnav.Move
	if m.Kind() != gnav.MoveInvalid || m.IsChance() || m.Seat() != norns.Nobody || m.String() != "invalid" {
		t.Errorf("zero Move: kind %v, chance %v, seat %v, text %q", m.Kind(), m.IsChance(), m.Seat(), m.String())
	}
	if text, err := m.MarshalText(); err == nil {
		t.Errorf("zero Move: MarshalText = %q, want an error", text)
	}
	if got := fmt.Sprint(gnav.Event{}); got != "invalid" {
		t.Errorf("zero Event: %q", got)
	}
}

// TestMoveTextRoundTrips: every move AppendText writes, ParseMove reads back; the moves it
// refuses (a dealer out of range, a bad pack) are those ParseMove refuses too.
func TestMoveTextRoundTrips(t *testing.T) {
	s := mustNew(t, gnav.Config{Players: 20})
	good := []gnav.Move{gnav.Stand(), gnav.Ask(), gnav.Draw(), gnav.ChooseDealer(0), gnav.ChooseDealer(19),
		s.SampleChance(rng.New(1)), mustNew(t, gnav.Config{DealerGiven: true}).SampleChance(rng.New(2))}
	for _, m := range good {
		text, err := m.MarshalText()
		if err != nil {
			t.Errorf("%v: %v", m, err)
			continue
		}
		if back, err := gnav.ParseMove(string(text)); err != nil || back != m || string(text) != m.String() {
			t.Errorf("%q reads back as %v, %v", text, back, err)
		}
	}
	for _, m := range []gnav.Move{{}, gnav.ChooseDealer(20), gnav.ChooseDealer(-1), gnav.Deal([gnav.DeckSize]gnav.Card{})} {
		if text, err := m.MarshalText(); err == nil {
			t.Errorf("%v: MarshalText = %q, want an error", m, text)
		}
		if _, err := gnav.ParseMove(m.String()); err == nil {
			t.Errorf("%v: ParseMove(String()) accepted it", m)
		}
	}
}
