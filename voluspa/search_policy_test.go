package voluspa

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// policyStates plays seeded random matches of n players and returns the states of their seat
// turns with more than one legal move.
func policyStates(n int, seeds uint64) []State {
	var out []State
	for seed := range seeds {
		s, _ := New(Config{Players: n})
		r := rng.New(seed)
		for !s.Over() {
			var m Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				legal := s.Legal()
				if len(legal) > 1 {
					out = append(out, s)
				}
				m = legal[r.IntN(len(legal))]
			}
			_ = s.Step(m)
		}
	}
	return out
}

// TestBestGreedyIsGreedy checks that the search's policy chooses a legal move of the highest
// heuristic value at every seat turn of random matches, and that over many draws it chooses
// every move of that value (a tie is broken at random, not by the order of the moves).
func TestBestGreedyIsGreedy(t *testing.T) {
	r := rng.New(1)
	tied := 0
	for _, s := range policyStates(3, 6) {
		legal := s.Legal()
		vals := moveValues(&s, legal, nil)
		top := vals[0]
		for _, v := range vals {
			top = max(top, v)
		}
		want := map[Move]bool{}
		for i, m := range legal {
			if vals[i] == top {
				want[m] = true
			}
		}
		seen := map[Move]bool{}
		for range 8 * len(want) {
			m := bestGreedy(&s, legal, r)
			if !want[m] {
				t.Fatalf("bestGreedy chose %v worth %v, not one of the best (worth %v) at\n%v", m, moveValue(&s, m), top, s)
			}
			seen[m] = true
		}
		if len(want) > 1 && len(want) <= 4 {
			tied++
			if len(seen) != len(want) {
				t.Errorf("bestGreedy chose %d of the %d best moves in %d draws at\n%v", len(seen), len(want), 8*len(want), s)
			}
		}
	}
	if tied == 0 {
		t.Error("no position with tied best moves")
	}
	s := policyStates(3, 1)[20]
	legal := s.Legal()
	if a := testing.AllocsPerRun(5, func() { _ = bestGreedy(&s, legal, r) }); a != 0 {
		t.Errorf("bestGreedy allocates %v times", a)
	}
}

// BenchmarkPolicy measures the search's policy (bestGreedy) beside the heuristic's (greedy) at
// the seat turns of random 3-player matches, and the listing of the moves both need (legal).
func BenchmarkPolicy(b *testing.B) {
	states := policyStates(3, 4)
	var buf [maxTurnMoves]Move
	for _, c := range []struct {
		name string
		f    func(*State, []Move, *rng.Rand) Move
	}{{"legal", func(*State, []Move, *rng.Rand) Move { return Move{} }}, {"greedy", greedy}, {"bestGreedy", bestGreedy}} {
		b.Run(c.name, func(b *testing.B) {
			r := rng.New(1)
			i := 0
			for b.Loop() {
				s := &states[i]
				_ = c.f(s, s.AppendLegal(buf[:0]), r)
				if i++; i == len(states) {
					i = 0
				}
			}
		})
	}
}
