package voluspa_test

import (
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// dealt returns a 2-player match whose opening hands are dealt: the first tile is next (V3).
func dealt(t testing.TB) voluspa.State {
	s := mustNew(t, 2)
	return mustApply(t, s, "draw Odin", "draw Troll", "draw Troll", "draw Dragon", "draw Skadi",
		"draw Thor", "draw Fenrir", "draw Valkyrie", "draw Skadi", "draw Loki")
}

// endgame returns the first state of a seeded random 3-player match where the supply is empty
// and a seat to act holds no tile: passes (V9) and the end (V15) are a few plies away.
func endgame(t testing.TB) voluspa.State {
	s := mustNew(t, 3)
	r := rng.New(7)
	for !(s.SupplySize() == 0 && s.ToMove() >= 0 && s.HandLen(s.ToMove()) == 0) {
		if s.Over() {
			t.Fatal("endgame: the match ended first")
		}
		if err := s.Step(randomMove(s, r)); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestPerft counts the move sequences from fixed positions, every draw's kind a branch, with
// both move generators, and pins the counts. The positions cover every phase: the deal, the
// first tile and first seat, turns with lays and covers, refills, a forced discard, passes and
// the end.
func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		name  string
		s     voluspa.State
		depth int
		want  uint64
	}{
		{"3p deal", mustNew(t, 3), 3, 512},
		{"2p first tile", dealt(t), 4, 2016},
		{"2p Odin", opening(t, "Odin", 0, "Troll Dragon Skadi Fenrir Loki", "Thor Thor Valkyrie Skadi Dragon"), 4, 37228},
		{"3p Loki", opening(t, "Loki", 2, "Odin Odin Thor Troll Troll", "Skadi Skadi Skadi Dragon Dragon", "Valkyrie Valkyrie Fenrir Fenrir Thor"), 4, 13824},
		{"5p Thor", opening(t, "Thor", 4, "Troll Troll Dragon Skadi Loki", "Odin Fenrir Fenrir Fenrir Valkyrie", "Skadi Skadi Dragon Thor Loki", "Valkyrie Valkyrie Troll Odin Fenrir", "Dragon Skadi Loki Troll Thor"), 4, 35072},
		{"2p blocked", blocked(t), 4, 1512},
		{"3p endgame", endgame(t), 8, 21},
	} {
		fast, slow := gametest.Perft(tc.s, tc.depth), gametest.PerftWith(tc.s, tc.depth, legalSlow)
		if fast != slow || fast != tc.want {
			t.Errorf("%s: perft(%d) = %d with Legal, %d with legalSlow, want %d", tc.name, tc.depth, fast, slow, tc.want)
		}
	}
}
