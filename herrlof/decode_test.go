package herrlof_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// randomStep plays one random legal move (or chance's draw) on s.
func randomStep(t interface{ Fatalf(string, ...any) }, s *herrlof.State, r *rng.Rand, buf []herrlof.Move) []herrlof.Move {
	var m herrlof.Move
	if s.ToMove() == norns.Chance {
		m = s.SampleChance(r)
	} else {
		buf = s.AppendLegal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("no legal move for %v\n%v", s.ToMove(), s)
		}
		m = buf[r.IntN(len(buf))]
	}
	if err := s.Step(m); err != nil {
		t.Fatalf("%v refused: %v\n%v", m, err, s)
	}
	return buf
}

// TestDecodedStatesPlayOn is the closure of the decoder (gametest.DecodedStatesPlayOn): every
// state it accepts, its numbers pushed to the bounds the decoder allows (the hand number,
// scores, correct bids, tricks, bids, the hand's record), plays on to the end and saves again on
// the way, for 2 and 3 players, with and without the bonus and a hand limit. So no limit of the
// decoder can be passed by legal play from a state it accepted.
func TestDecodedStatesPlayOn(t *testing.T) {
	var starts []herrlof.State
	for _, c := range []herrlof.Config{{}, {Players: 3}, {FiveTrickBonus: true}, {HandLimit: 3}, {Players: 3, HandLimit: 2}} {
		starts = append(starts, mustNew(t, c))
	}
	gametest.DecodedStatesPlayOn(t, starts...)
}

// TestDecodedHandNumbersStayLow pins the attack the closure property found: the decoder took a
// hand number of 65535, which wrapped to 0 when the hand ended and made the save unloadable.
// Now the scores must total at least as many points as the hands scored can have given, so the
// hand number can rise only as far as the scores allow, and play from that bound stays loadable.
func TestDecodedHandNumbersStayLow(t *testing.T) {
	for _, c := range []herrlof.Config{{}, {Players: 3}} {
		r := rng.New(3)
		var s herrlof.State
		for {
			s = mustNew(t, c)
			for !s.Over() && (s.Round() < 2 || s.Phase() != herrlof.PhaseDeal) {
				randomStep(t, &s, r, nil)
			}
			if !s.Over() {
				break
			}
		}
		total := 0
		for p := range s.Players() {
			total += s.Score(norns.Player(p))
		}
		hs := c.HandSize()
		hand, ok := gametest.JSONBound(s, ".hand", +1, ".lastHand.hand") // the two move together
		if !ok {
			t.Fatalf("%dp: no hand number in the state's JSON", s.Players())
		}
		// At a deal the JSON's hand is the one about to be dealt: Round()+1.
		if rise, want := hand-int64(s.Round()+1), int64(total/(hs-3)+1-3); rise != want {
			t.Errorf("%dp, scores total %d: the hand number may rise by %d, want %d", s.Players(), total, rise, want)
		}
		if _, ok := gametest.WithJSONNumber(s, ".hand", 65535, ".lastHand.hand"); ok {
			t.Errorf("%dp: hand 65535 accepted with scores totalling %d", s.Players(), total)
		}
		d, ok := gametest.WithJSONNumber(s, ".hand", hand, ".lastHand.hand")
		if !ok {
			t.Fatal("the bound is refused")
		}
		gametest.PlayOn(t, d, r)
	}
}
