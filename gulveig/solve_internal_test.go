package gulveig

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// minimax is the solver's value without pruning: the reference TestSolveExact holds it to.
func (sv *solver) minimax(s *State, d int8) int {
	if s.phase != PhasePlay {
		return sv.endValue(s, d)
	}
	var arr [solveMaxMoves]Move
	best := solveBound
	if s.toMove == d {
		best = -solveBound
	}
	for _, m := range s.AppendLegal(arr[:0]) {
		t := *s
		t.apply(m)
		t.syncTurn()
		v := sv.minimax(&t, d)
		if s.toMove == d {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// endgames returns states in the tricks with at most tricksLeft tricks to play, from random
// matches of every player count, with and without options.
func endgames(t testing.TB, tricksLeft, n int) []State {
	t.Helper()
	r := rng.New(7)
	var out []State
	var buf []Move
	cfgs := []Config{{Players: 2}, {Players: 3}, {Players: 4}, {Players: 3, Alternates: AllAlternates, Roles: true}}
	for len(out) < n {
		cfg := cfgs[len(out)%len(cfgs)]
		cfg.HandLimit = 3
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for !s.Over() && len(out) < n {
			if s.phase == PhasePlay && HandSize-int(s.tricks) <= tricksLeft && r.IntN(3) == 0 {
				out = append(out, s)
			}
			var m Move
			if s.toMove == chance {
				m = s.SampleChance(r)
			} else {
				buf = s.AppendLegal(buf[:0])
				m = buf[r.IntN(len(buf))]
			}
			if err := s.Step(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestSolveExact holds the alpha-beta solver to plain minimax on positions of the last 3
// tricks: the same value with a full window, the true value inside any window and a bound on
// the right side outside it, and a best move that attains the value.
func TestSolveExact(t *testing.T) {
	r := rng.New(3)
	for i, s := range endgames(t, 3, 300) {
		var sv solver
		sv.root = s.scores
		d := s.declarer
		want := sv.minimax(&s, d)
		if got := sv.value(&s, d, -solveBound, solveBound); got != want {
			t.Fatalf("position %d: alpha-beta %d, minimax %d\n%v", i, got, want, s)
		}
		lo, hi := want-r.IntN(300), want+r.IntN(300)
		if r.IntN(2) == 0 {
			lo, hi = want+1+r.IntN(50), want+60+r.IntN(50)
		}
		got := sv.value(&s, d, lo, hi)
		switch {
		case want <= lo && got != lo, want >= hi && got != hi, want > lo && want < hi && got != want:
			t.Fatalf("position %d: window (%d, %d) gives %d, value %d", i, lo, hi, got, want)
		}
		m := sv.solveMove(&s)
		u := s
		if err := u.Step(m); err != nil {
			t.Fatalf("position %d: the solver's move %v: %v", i, m, err)
		}
		if v := sv.minimax(&u, d); v != want {
			t.Errorf("position %d: the solver's move %v is worth %d, the position %d (seat %d, declarer %d)", i, m, v, want, s.toMove, d)
		}
	}
}

// TestSolveNodes reports the solver's work by tricks left.
func TestSolveNodes(t *testing.T) {
	for left := 1; left <= 5; left++ {
		ss := endgames(t, left, 60)
		nodes := 0
		for _, s := range ss {
			var sv solver
			sv.solveMove(&s)
			nodes += sv.nodes
		}
		t.Logf("up to %d tricks left: %.0f nodes per solve", left, float64(nodes)/float64(len(ss)))
	}
	_ = norns.Nobody
}

// TestMasters holds know.masters to know.isMaster on the hands of random states.
func TestMasters(t *testing.T) {
	for i, s := range endgames(t, 7, 300) {
		k := knowOf(&s)
		for q := range int(s.players) {
			h := s.h.hand[q]
			want := Cards(0)
			for c := range h.All() {
				if k.isMaster(c, h) {
					want = want.With(c)
				}
			}
			if got := k.masters(h); got != want {
				t.Fatalf("state %d seat %d: masters %v, isMaster %v", i, q, got, want)
			}
		}
	}
}
