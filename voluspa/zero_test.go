package voluspa_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
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
	"State.View":         "It panics if p is not a seat of the match.",
	"State.Cell":         "It panics if i is out of range.",
	"View.Score":         "It panics if p is not a seat.",
	"View.Reached":       "It panics if p is not a seat.",
	"View.HandLen":       "It panics if p is not a seat.",
	"View.Known":         "It panics if p is not a seat.",
	"View.Cell":          "It panics if i is out of range.",
	"State.Shown":        "It panics if p is not a seat.",
	"View.Shown":         "It panics if p is not a seat.",
	"Tile.Power":         "", // the zero Tile is Odin: Power must work
}

// zeroValues are the exported types whose zero values TestZeroValues calls every method of: the
// value types, and the bots through pointers to zero structs.
var zeroValues = []any{
	voluspa.State{}, voluspa.View{}, voluspa.Move{}, voluspa.Event{}, voluspa.Tile(0),
	new(voluspa.Tile), voluspa.Tiles(0), voluspa.Config{}, voluspa.EventKind(0), voluspa.MoveKind(0), voluspa.Phase(0),
	voluspa.Line(0), voluspa.Reason(0), voluspa.Cover(0), voluspa.Power{}, voluspa.SearchOptions{},
	&voluspa.State{}, &voluspa.Move{}, &voluspa.HeuristicBot{}, &voluspa.SearchBot{},
	voluspa.Encoding{}, &voluspa.Encoding{},
}

// zeroArg returns the simple argument TestZeroValues gives a parameter of type t.
func zeroArg(t reflect.Type) reflect.Value {
	switch t {
	case reflect.TypeFor[norns.Player]():
		return reflect.ValueOf(norns.Player(0))
	case reflect.TypeFor[*rng.Rand]():
		return reflect.ValueOf(rng.New(1))
	case reflect.TypeFor[context.Context]():
		return reflect.ValueOf(context.Background())
	}
	return reflect.Zero(t)
}

// TestZeroValues calls every exported method of the zero value of every exported type (State,
// View, Move and the others in zeroValues, found by reflection over their method sets so that a
// new method cannot be forgotten), with seat 0, zero values and a fresh generator as arguments,
// and checks that none panics but those zeroPanics lists with the sentence of their
// documentation that allows it. A method listed there that no longer panics fails the test too,
// so the list stays true. It also checks what the zero State is, as its documentation says:
// a match with no seats at its first chance node with nothing to draw, where no move is legal.
func TestZeroValues(t *testing.T) {
	seen := map[string]bool{}
	for _, z := range zeroValues {
		v := reflect.ValueOf(z)
		if v.Kind() == reflect.Pointer && v.IsNil() {
			t.Fatalf("%T: a nil pointer", z)
		}
		if v.Kind() == reflect.Pointer {
			v = reflect.New(v.Type().Elem()) // a fresh zero value each time
		}
		typ := v.Type()
		name := strings.TrimPrefix(strings.TrimPrefix(typ.String(), "*"), "voluspa.")
		for i := range typ.NumMethod() {
			m := typ.Method(i)
			key := name + "." + m.Name
			if seen[key] && typ.Kind() == reflect.Pointer {
				continue // a value method, already called on the value
			}
			seen[key] = true
			recv := v
			if typ.Kind() == reflect.Pointer {
				recv = reflect.New(typ.Elem())
			}
			args := []reflect.Value{recv}
			for j := 1; j < m.Type.NumIn(); j++ {
				args = append(args, zeroArg(m.Type.In(j)))
			}
			panicked, msg := call(m.Func, args)
			why, allowed := zeroPanics[key]
			switch {
			case panicked && (!allowed || why == ""):
				t.Errorf("%s on the zero value panics: %s", key, msg)
			case !panicked && allowed && why != "":
				t.Errorf("%s on the zero value no longer panics: take it out of zeroPanics", key)
			}
		}
	}
	for key := range zeroPanics {
		if !seen[key] {
			t.Errorf("zeroPanics lists %s, which is no method of a zero value", key)
		}
	}

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

// call calls f with args and reports whether it panicked, and with what.
func call(f reflect.Value, args []reflect.Value) (panicked bool, msg string) {
	defer func() {
		if r := recover(); r != nil {
			panicked, msg = true, fmt.Sprint(r)
		}
	}()
	f.Call(args)
	return false, ""
}
