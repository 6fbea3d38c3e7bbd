package herrlof_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// zeroPanics lists the methods allowed to panic on a zero value with the simple arguments
// gametest.ZeroValues gives (seat 0, zero values, a fresh generator), each with the sentence of
// its documentation that allows it. The zero State and the zero View are of a match with no
// seats (Players is 0), so seat 0 is not one of theirs; the zero Trick is empty, so its card 0
// is out of range; the zero State's ToMove is norns.Nobody, not norns.Chance.
var zeroPanics = map[string]string{
	"State.Bid":          "It panics if p is not a seat of the match.",
	"State.CorrectBids":  "It panics if q is not a seat of the match.",
	"State.Hand":         "It panics if p is not a seat of the match.",
	"State.SampleChance": "It panics unless ToMove is Chance.",
	"State.Score":        "It panics if q is not a seat of the match.",
	"State.ShowedOut":    "It panics if q is not a seat of the match.",
	"State.Tricks":       "It panics if q is not a seat of the match.",
	"State.View":         "It panics if p is neither a seat of the match nor norns.Nobody.",
	"View.CorrectBids":   "It panics if q is not a seat of the match.",
	"View.HandLen":       "It panics if q is not a seat of the match.",
	"View.Known":         "It panics if q is not a seat of the match.",
	"View.KnownBy":       "It panics if q is not a seat of the match.",
	"View.Score":         "It panics if q is not a seat of the match.",
	"View.ShowedOut":     "It panics if q is not a seat of the match.",
	"View.Tricks":        "It panics if q is not a seat of the match.",
	"Trick.Card":         "It panics if i is out of range.",
	"Trick.Seat":         "It panics if i is out of range.",
}

// zeroValues are the package's exported types, each as a pointer to its zero value, so that the
// method sets include the pointer methods (Step, UnmarshalJSON, UnmarshalText).
var zeroValues = []any{
	new(herrlof.State), new(herrlof.View), new(herrlof.Move), new(herrlof.Event), new(herrlof.Trick),
	new(herrlof.HandResult), new(herrlof.Card), new(herrlof.Cards), new(herrlof.Suit), new(herrlof.Config),
	new(herrlof.Phase), new(herrlof.MoveKind), new(herrlof.EventKind), new(herrlof.Encoding),
	new(herrlof.SearchOptions), new(herrlof.HeuristicBot), new(herrlof.SearchBot),
}

// TestZeroValues calls every exported method of every exported type of the package on its zero
// value (gametest.ZeroValues: by reflection over the method sets, so that a new method cannot be
// missed), allowing only the panics zeroPanics lists with the sentence of their documentation
// that allows them. It then checks what the docs promise of the zero values: the zero State and
// View are a match with no seats that is over (nobody to act, no moves, every move refused with
// norns.ErrGameOver, no JSON, every seat Nobody and no trump card), the zero Trick has no winner,
// the zero Move has no text, the zero Encoding is the standard game's and the zero bots play.
func TestZeroValues(t *testing.T) {
	gametest.ZeroValues(t, ".", zeroPanics, zeroValues...)

	var s herrlof.State
	if s.Players() != 0 || s.ToMove() != norns.Nobody || !s.Over() || s.Phase() != herrlof.PhaseOver ||
		len(s.Legal()) != 0 || !s.Winners().IsEmpty() || s.Round() != 0 || s.Config() != (herrlof.Config{}) ||
		s.TrumpCard() != herrlof.NoCard || s.Trump() != herrlof.NoSuit || s.Leader() != norns.Nobody ||
		s.Opener() != norns.Nobody || s.PowerSeat() != norns.Nobody || s.PowerTarget() != norns.Nobody ||
		s.LastHand() != (herrlof.HandResult{}) || s.StockLen() != 0 || !s.Played().IsEmpty() || s.Trick().Winner() != norns.Nobody {
		t.Errorf("zero State: players %d, to move %v, over %v, phase %v, legal %v, winners %v, round %d, config %+v, trump %v, "+
			"leader %v, opener %v, power %v %v, last hand %+v",
			s.Players(), s.ToMove(), s.Over(), s.Phase(), s.Legal(), s.Winners(), s.Round(), s.Config(), s.TrumpCard(),
			s.Leader(), s.Opener(), s.PowerSeat(), s.PowerTarget(), s.LastHand())
	}
	deal := mustNew(t, herrlof.Config{}).SampleChance(rng.New(1))
	for _, m := range []herrlof.Move{{}, deal, herrlof.Bid(0), herrlof.Play(herrlof.Valknut), herrlof.Draw(), herrlof.Pick(herrlof.Hagalaz)} {
		if _, err := s.Apply(m); !errors.Is(err, norns.ErrGameOver) {
			t.Errorf("zero State: Apply(%v) = %v, want ErrGameOver", m, err)
		}
		if _, ev, err := s.ApplyEvents(m, 0, nil); !errors.Is(err, norns.ErrGameOver) || len(ev) != 0 {
			t.Errorf("zero State: ApplyEvents(%v) = %v, %v, want ErrGameOver", m, ev, err)
		}
		if err := s.Step(m); !errors.Is(err, norns.ErrGameOver) || s != (herrlof.State{}) {
			t.Errorf("zero State: Step(%v) = %v, state now %v", m, err, s)
		}
	}
	if data, err := json.Marshal(s); err == nil {
		t.Errorf("zero State: MarshalJSON = %s, want an error", data)
	}
	if norns.Playout(&s, rng.New(1), nil); s != (herrlof.State{}) {
		t.Errorf("zero State: Playout changed it to %v", s)
	}
	func() {
		defer func() {
			if p := fmt.Sprint(recover()); p != "herrlof: SampleChance when nobody is to move" {
				t.Errorf("zero State: SampleChance panics with %q", p)
			}
		}()
		s.SampleChance(rng.New(1))
	}()

	var v herrlof.View
	if v.Seat() != norns.Nobody || v.ToMove() != norns.Nobody || !v.Over() || v.Phase() != herrlof.PhaseOver ||
		v.Legal() != nil || len(v.AppendLegal(nil)) != 0 || !v.Hand().IsEmpty() || v.Bid() != -1 || v.Round() != 0 ||
		len(v.KnownStock()) != 0 || v.Sample(rng.New(1)) != (herrlof.State{}) || v.TrumpCard() != herrlof.NoCard {
		t.Errorf("zero View: seat %v, to move %v, over %v, phase %v, legal %v, hand %v, bid %d, round %d, stock %v",
			v.Seat(), v.ToMove(), v.Over(), v.Phase(), v.Legal(), v.Hand(), v.Bid(), v.Round(), v.KnownStock())
	}
	ctx := context.Background()
	if _, err := herrlof.NewHeuristicBot(1).Choose(ctx, v); err == nil {
		t.Error("the heuristic moved for the zero View")
	}

	var m herrlof.Move
	if m.Kind() != herrlof.MoveInvalid || m.IsChance() || m.Seat() != norns.Nobody || m.String() != "invalid" {
		t.Errorf("zero Move: kind %v, chance %v, seat %v, text %q", m.Kind(), m.IsChance(), m.Seat(), m.String())
	}
	if text, err := m.MarshalText(); err == nil {
		t.Errorf("zero Move: MarshalText = %q, want an error", text)
	}
	if got := fmt.Sprint(herrlof.Event{}); got != "invalid" {
		t.Errorf("zero Event: %q", got)
	}
	if tr := (herrlof.Trick{}); tr.Len() != 0 || tr.Leader() != norns.Nobody || tr.Winner() != norns.Nobody || tr.Destroyed() {
		t.Errorf("zero Trick: %d cards, leader %v, winner %v, destroyed %v", tr.Len(), tr.Leader(), tr.Winner(), tr.Destroyed())
	}

	std, err := herrlof.NewEncoding(herrlof.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if (herrlof.Encoding{}) != std || std.Actions() != 136 {
		t.Errorf("zero Encoding %+v, standard %+v with %d actions", herrlof.Encoding{}, std, std.Actions())
	}

	// The zero bots are the default ones: they play a match to the end.
	var hb herrlof.HeuristicBot
	var sb herrlof.SearchBot
	live := mustNew(t, herrlof.Config{})
	r := rng.New(2)
	for moves := 0; !live.Over() && moves < 40; moves++ {
		var m herrlof.Move
		var err error
		switch p := live.ToMove(); {
		case p == norns.Chance:
			m = live.SampleChance(r)
		case p == 0:
			m, err = hb.Choose(ctx, live.View(p))
		case moves < 6:
			m, err = sb.Choose(ctx, live.View(p))
		default: // the search is slow: it shows it plays, then the heuristic takes over
			m, err = hb.Choose(ctx, live.View(p))
		}
		if err != nil {
			t.Fatalf("move %d: %v", moves, err)
		}
		if live, err = live.Apply(m); err != nil {
			t.Fatalf("move %d: %v refused: %v", moves, m, err)
		}
	}
}
