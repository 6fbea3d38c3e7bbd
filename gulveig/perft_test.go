package gulveig_test

import (
	"testing"

	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// firstOf returns the first state in phase ph of the random match of config c drawn from
// seed (moves as randomStep draws them), trying seed, seed+1, … until one reaches ph: a fixed
// position, since the generator, SampleChance and Legal's order are all pinned.
func firstOf(t testing.TB, c gulveig.Config, seed uint64, ph gulveig.Phase) gulveig.State {
	t.Helper()
	for ; seed < 1000; seed++ {
		r := rng.New(seed)
		s := mustNew(t, c)
		for !s.Over() {
			if s.Phase() == ph {
				return s
			}
			s = randomStep(t, s, r)
		}
	}
	t.Fatalf("no match of %+v reaches phase %v", c, ph)
	return gulveig.State{}
}

// TestPerft pins the number of move sequences of a few moves from fixed positions that cover
// every phase (the first dealer, the deal, bidding with and without blind bids, role turns, the
// Orchard's gives and draws, Tyr's exchange, the aside, the raise, leads with combos, follows,
// and the last trick into the next deal), counted with Legal (gametest.Perft) and again with
// legalSlow. A deal counts as one leaf (too many to list). A changed count is a changed rule.
func TestPerft(t *testing.T) {
	all3, all2, all4 := allOptions(3), allOptions(2), allOptions(4)
	roles3 := gulveig.Config{Players: 3, Roles: true}
	for _, tc := range []struct {
		name  string
		s     gulveig.State
		depth int
		want  uint64
	}{
		{"first dealer", mustNew(t, gulveig.Config{Players: 4}), 3, 4},
		{"deal", mustNew(t, gulveig.Config{DealerGiven: true}), 3, 1},
		{"bid/deal3", start(t, gulveig.Config{}, 2, deal3(t)), 3, 5984},
		{"bid/deal3 veteran", start(t, gulveig.Config{Veteran: true}, 2, deal3(t)), 3, 5456},
		{"bid/blind 3p", start(t, gulveig.Config{Blind: true}, 2, deal3(t)), 3, 5020},
		{"bid/2p all", firstOf(t, all2, 1, gulveig.PhaseBid), 3, 102340},
		{"bid/4p all", firstOf(t, all4, 1, gulveig.PhaseBid), 3, 82238},
		{"role/3p", firstOf(t, roles3, 1, gulveig.PhaseRole), 3, 46},
		{"role/2p all", firstOf(t, all2, 1, gulveig.PhaseRole), 3, 480},
		{"give/3p all", firstOf(t, all3, 1, gulveig.PhaseGive), 3, 343},
		{"draw/3p all", firstOf(t, all3, 1, gulveig.PhaseDraw), 3, 120},
		{"swap/3p roles", firstOf(t, roles3, 1, gulveig.PhaseSwap), 3, 882},
		{"aside/deal3", play(t, start(t, gulveig.Config{}, 2, deal3(t)), "bid 90", "pass", "pass"), 2, 3840},
		{"raise/deal3", play(t, start(t, gulveig.Config{}, 2, deal3(t)), "bid 90", "pass", "pass", "aside Aurboda Thrym Laufey"), 3, 576},
		{"play/deal3 lead with a combo", play(t, start(t, gulveig.Config{}, 2, deal3(t)), scriptedHand[:5]...), 4, 672},
		{"play/deal3 follow", play(t, start(t, gulveig.Config{}, 2, deal3(t)), scriptedHand[:6]...), 4, 126},
		{"play/4p all", firstOf(t, all4, 1, gulveig.PhasePlay), 4, 862},
		{"play/deal3 last tricks into the next deal", play(t, start(t, gulveig.Config{HandLimit: 3}, 2, deal3(t)), scriptedHand[:20]...), 7, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if ph := tc.s.Phase(); tc.name[:len(ph.String())] != ph.String() && tc.name != "first dealer" {
				t.Fatalf("the position is in phase %v", ph)
			}
			got := gametest.Perft(tc.s, tc.depth)
			if slow := gametest.PerftWith(tc.s, tc.depth, legalSlow); slow != got {
				t.Errorf("perft %d: Legal counts %d, legalSlow %d", tc.depth, got, slow)
			}
			t.Logf("{%q, …, %d, %d},", tc.name, tc.depth, got)
			if got != tc.want {
				t.Errorf("perft %d = %d, want %d", tc.depth, got, tc.want)
			}
		})
	}
}
