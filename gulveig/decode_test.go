package gulveig_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// stepRandom plays one random legal move on s in place (chance drawn from r).
func stepRandom(t interface{ Fatalf(string, ...any) }, s *gulveig.State, r *rng.Rand, buf []gulveig.Move) []gulveig.Move {
	var m gulveig.Move
	if s.ToMove() == norns.Chance {
		m = s.SampleChance(r)
	} else {
		buf = s.AppendLegal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("no legal move in a match that is not over:\n%v", s)
		}
		m = buf[r.IntN(len(buf))]
	}
	if err := s.Step(m); err != nil {
		t.Fatalf("listed move %v refused: %v\n%v", m, err, s)
	}
	return buf
}

// TestDecodedStatesPlayOn is the closure of the decoder (gametest.DecodedStatesPlayOn): every
// state it accepts, its numbers pushed to the bounds the decoder allows (the config's, the
// hands, the dealer, the scores), plays on and saves again at every step, from 2 to 4 players
// and every option. So no limit of the decoder can be passed by legal play from a state it
// accepted: the attacker's saves (hands 32768, refused after the next deal; a score of
// −16777216) are refused now, or play on.
func TestDecodedStatesPlayOn(t *testing.T) {
	var starts []gulveig.State
	for _, c := range []gulveig.Config{
		{Players: 2, HandLimit: 4}, {Players: 3, HandLimit: 3, Target: 100},
		{Players: 3, HandLimit: 4, Veteran: true, Blind: true, Betting: true, Roles: true, Alternates: 15},
		{Players: 4, HandLimit: 3, Roles: true},
	} {
		starts = append(starts, mustNew(t, c))
	}
	gametest.DecodedStatesPlayOn(t, starts...)
}

// TestDecodedLimitsHold pins the decoder's limits to the hands and the scores of a state three
// hands into a match: each limit is exactly the one the rules allow, one past it is refused, the
// attacker's values are refused, and a save pushed to the limit plays on.
func TestDecodedLimitsHold(t *testing.T) {
	s := mustNew(t, gulveig.Config{})
	r := rng.New(3)
	var buf []gulveig.Move
	for s.Round() < 3 || s.Phase() != gulveig.PhaseDeal {
		buf = stepRandom(t, &s, r, buf)
	}
	for _, f := range []struct {
		path     string
		dir      int
		want     int64
		attacker int64
	}{
		{".hands", +1, gulveig.MaxHands - 1, 32768},
		{".scores[0]", -1, -2 * 400 * 3, -16777216},
		{".scores[2]", -1, -2 * 400 * 3, -16777216},
	} {
		got, ok := gametest.JSONBound(s, f.path, f.dir)
		if !ok || got != f.want {
			t.Errorf("%s: the decoder accepts up to %d (%v), want %d", f.path, got, ok, f.want)
		}
		if _, ok := gametest.WithJSONNumber(s, f.path, got+int64(f.dir)); ok {
			t.Errorf("%s: %d accepted past the bound %d", f.path, got+int64(f.dir), got)
		}
		if _, ok := gametest.WithJSONNumber(s, f.path, f.attacker); ok {
			t.Errorf("%s = %d (the attacker's) accepted", f.path, f.attacker)
		}
		d, ok := gametest.WithJSONNumber(s, f.path, got)
		if !ok {
			t.Fatalf("%s: %d refused", f.path, got)
		}
		gametest.PlayOn(t, d, rng.New(uint64(got)))
	}
}
