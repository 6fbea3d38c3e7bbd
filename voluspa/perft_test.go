package voluspa_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/voluspa"
)

// perftSlow counts like gametest.Perft, listing a seat's moves with legalSlow (Apply's
// square-by-square checks) instead of Legal's bitboards.
func perftSlow(s voluspa.State, depth int) uint64 {
	if depth == 0 || s.Over() {
		return 1
	}
	legal := s.Legal()
	if s.ToMove() != norns.Chance {
		legal = legalSlow(s)
	}
	var n uint64
	for _, m := range legal {
		next, err := s.Apply(m)
		if err != nil {
			panic(err)
		}
		n += perftSlow(next, depth-1)
	}
	return n
}

// TestPerft counts the move sequences from fixed openings, every draw's kind a branch, with
// both move generators, and pins the counts.
func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		name  string
		s     voluspa.State
		depth int
		want  uint64
	}{
		{"2p Odin", opening(t, "Odin", 0, "Troll Dragon Skadi Fenrir Loki", "Thor Thor Valkyrie Skadi Dragon"), 4, 37228},
		{"3p Loki", opening(t, "Loki", 2, "Odin Odin Thor Troll Troll", "Skadi Skadi Skadi Dragon Dragon", "Valkyrie Valkyrie Fenrir Fenrir Thor"), 4, 13824},
		{"5p Thor", opening(t, "Thor", 4, "Troll Troll Dragon Skadi Loki", "Odin Fenrir Fenrir Fenrir Valkyrie", "Skadi Skadi Dragon Thor Loki", "Valkyrie Valkyrie Troll Odin Fenrir", "Dragon Skadi Loki Troll Thor"), 4, 35072},
	} {
		fast, slow := gametest.Perft(tc.s, tc.depth), perftSlow(tc.s, tc.depth)
		if fast != slow || fast != tc.want {
			t.Errorf("%s: perft(%d) = %d with Legal, %d with legalSlow, want %d", tc.name, tc.depth, fast, slow, tc.want)
		}
	}
}
