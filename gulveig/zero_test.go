package gulveig_test

import (
	"context"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// zeroPanics lists the methods allowed to panic on a zero value with the simple arguments
// TestZeroValues gives (seat 0, zero values, a fresh generator), each with the sentence of its
// documentation that allows it. The zero State and the zero View are of a match with no seats
// (Players is 0), so seat 0 is not one of theirs, and the zero State's ToMove is not
// norns.Chance; the zero Cards has no card to index.
var zeroPanics = map[string]string{
	"State.BidBlind":       "It panics if p is not a seat.",
	"State.Hand":           "It panics if p is not a seat.",
	"State.HandLen":        "It panics if p is not a seat.",
	"State.LastBid":        "It panics if p is not a seat.",
	"State.LastHandPoints": "It panics if p is not a seat.",
	"State.OnBarrel":       "It panics if p is not a seat.",
	"State.Passed":         "It panics if p is not a seat.",
	"State.PlayedBy":       "It panics if p is not a seat.",
	"State.Role":           "It panics if p is not a seat.",
	"State.RoleShown":      "It panics if p is not a seat.",
	"State.Score":          "It panics if p is not a seat.",
	"State.Shown":          "It panics if p is not a seat.",
	"State.Won":            "It panics if p is not a seat.",
	"View.BidBlind":        "It panics if p is not a seat.",
	"View.HandLen":         "It panics if p is not a seat.",
	"View.LastBid":         "It panics if p is not a seat.",
	"View.LastHandPoints":  "It panics if p is not a seat.",
	"View.OnBarrel":        "It panics if p is not a seat.",
	"View.Passed":          "It panics if p is not a seat.",
	"View.PlayedBy":        "It panics if p is not a seat.",
	"View.RoleShown":       "It panics if p is not a seat.",
	"View.Score":           "It panics if p is not a seat.",
	"View.Shown":           "It panics if p is not a seat.",
	"View.Won":             "It panics if p is not a seat.",
	"State.Void":           "It panics if p is not a seat and k is a clan.",
	"View.Void":            "It panics if p is not a seat and k is a clan.",
	"State.View":           "It panics if p is neither a seat of the match nor norns.Nobody.",
	"State.SampleChance":   "It panics unless ToMove is norns.Chance.",
	"Cards.Nth":            "It panics if i is out of range.",
}

// zeroValues are the package's exported types, each as a pointer to its zero value, so that the
// method sets include the pointer methods (Step, UnmarshalJSON, UnmarshalText).
var zeroValues = []any{
	new(gulveig.State), new(gulveig.View), new(gulveig.Move), new(gulveig.Event), new(gulveig.EventKind),
	new(gulveig.MoveKind), new(gulveig.Phase), new(gulveig.Card), new(gulveig.Cards), new(gulveig.Clan),
	new(gulveig.Alternates), new(gulveig.Config), new(gulveig.Deal), new(gulveig.Role), new(gulveig.Position),
	new(gulveig.Effect), new(gulveig.Power), new(gulveig.Payment), new(gulveig.SearchOptions),
	new(gulveig.HeuristicBot), new(gulveig.SearchBot), new(gulveig.Encoding),
}

// TestZeroValues calls every exported method of every exported type of the package on its
// zero value (gametest.ZeroValues: found by reflection over the method sets, so that a new
// method cannot be missed, with seat 0, a fresh generator, a live context and zero values as
// arguments), and checks that none panics but those zeroPanics lists with the sentence of their
// documentation that allows it; a listed method that no longer panics fails too. It then checks
// what the documentation says of the zero values: the zero State is a match with no seats that
// is over, refusing every move with norns.ErrGameOver; the zero View has no legal move and
// samples to the zero State; the zero Move is invalid; the zero HeuristicBot plays as
// NewHeuristicBot(0) and the zero SearchBot returns an error.
func TestZeroValues(t *testing.T) {
	gametest.ZeroValues(t, ".", zeroPanics, zeroValues...)

	var s gulveig.State
	if s.Players() != 0 || s.ToMove() != norns.Nobody || !s.Over() || s.Phase() != gulveig.PhaseOver || len(s.Legal()) != 0 || !s.Winners().IsEmpty() {
		t.Errorf("the zero State: %d players, %v to move, over %v, phase %v, legal %v, winners %v", s.Players(), s.ToMove(), s.Over(), s.Phase(), s.Legal(), s.Winners())
	}
	for _, m := range []gulveig.Move{{}, gulveig.Dealer(0), gulveig.Bid(90), gulveig.Play(gulveig.Odin), gulveig.Pass()} {
		if _, err := s.Apply(m); !errors.Is(err, norns.ErrGameOver) {
			t.Errorf("the zero State's Apply(%v): %v, want ErrGameOver", m, err)
		}
	}
	var v gulveig.View
	if v.Players() != 0 || v.Legal() != nil || !v.Over() || v.Sample(rng.New(1)) != s {
		t.Errorf("the zero View: %d players, legal %v, over %v", v.Players(), v.Legal(), v.Over())
	}
	var m gulveig.Move
	if m.Kind() != gulveig.MoveInvalid || m.IsChance() {
		t.Errorf("the zero Move: kind %v, chance %v", m.Kind(), m.IsChance())
	}
	if _, err := m.MarshalText(); err == nil {
		t.Errorf("the zero Move has a text form %q", m.String())
	}
	// A zero HeuristicBot plays a real match; a zero SearchBot refuses with an error.
	live, err := gulveig.New(gulveig.Config{DealerGiven: true})
	if err != nil {
		t.Fatal(err)
	}
	live, _ = live.Apply(live.SampleChance(rng.New(1)))
	hv := live.View(live.ToMove())
	if got, err := new(gulveig.HeuristicBot).Choose(context.Background(), hv); err != nil {
		t.Errorf("the zero HeuristicBot: %v", err)
	} else if _, err := live.Apply(got); err != nil {
		t.Errorf("the zero HeuristicBot chose %v: %v", got, err)
	}
	if _, err := new(gulveig.SearchBot).Choose(context.Background(), hv); err == nil {
		t.Error("the zero SearchBot chose a move")
	}
}
