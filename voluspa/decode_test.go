package voluspa_test

import (
	"fmt"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// TestDecodedStatesPlayOn: every state the decoder accepts, its numbers pushed to the bounds
// the decoder allows, plays on to the end and saves again at every step (the closure property,
// gametest.DecodedStatesPlayOn), from 2 to 5 players.
func TestDecodedStatesPlayOn(t *testing.T) {
	var starts []voluspa.State
	for n := voluspa.MinPlayers; n <= voluspa.MaxPlayers; n++ {
		starts = append(starts, mustNew(t, n))
	}
	gametest.DecodedStatesPlayOn(t, starts...)
}

// TestDecodedLimitsHold pins the limits the decoder sets to the turns and the scores of a state
// halfway through a match: a save pushed to each limit plays on to the end, one past it is
// refused, and the attacker's saves (turns 1000, a score of 813 at a mid-game state) are
// refused.
func TestDecodedLimitsHold(t *testing.T) {
	s := midGame(t)
	r := rng.New(1)
	for s.ToMove() == norns.Chance || s.Score(0)+s.Score(1)+s.Score(2) == 0 {
		if err := s.Step(randomMove(s, r)); err != nil {
			t.Fatal(err)
		}
	}
	fields := []string{".turns"}
	for p := range s.Players() {
		if s.Score(norns.Player(p)) > 0 {
			fields = append(fields, fmt.Sprintf(".seats[%d].score", p))
		}
	}
	if len(fields) == 1 {
		t.Fatal("no seat has scored")
	}
	for _, path := range fields {
		hi, ok := gametest.JSONBound(s, path, +1)
		if !ok {
			t.Fatalf("%s: no such number in the state's JSON", path)
		}
		if _, ok := gametest.WithJSONNumber(s, path, hi+1); ok {
			t.Fatalf("%s: %d accepted past the bound %d", path, hi+1, hi)
		}
		d, ok := gametest.WithJSONNumber(s, path, hi)
		if !ok {
			t.Fatalf("%s: %d refused", path, hi)
		}
		t.Logf("%s: at most %d here", path, hi)
		for seed := range uint64(5) {
			gametest.PlayOn(t, d, rng.New(seed))
		}
	}
	for _, bad := range []struct {
		path string
		v    int64
	}{{".turns", 1000}, {fields[1], 813}} {
		if _, ok := gametest.WithJSONNumber(s, bad.path, bad.v); ok {
			t.Errorf("%s = %d accepted at a state of %d turns", bad.path, bad.v, s.Turns())
		}
	}
}
