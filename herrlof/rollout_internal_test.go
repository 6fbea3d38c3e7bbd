package herrlof

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// genericPlayout is internal/search's own playout loop (Searcher.playout with no Rollout and no
// Opponents), written out with the options o: until a leaf (over, or at o.Horizon), chance draws
// with SampleChance and every seat plays o.Playout, each move applied in place.
func genericPlayout(s State, horizon func(State) bool, policy func(State, *rng.Rand) Move, r *rng.Rand) (State, error) {
	for !(s.Over() || horizon(s)) {
		var m Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			m = policy(s, r)
		}
		if err := s.Step(m); err != nil {
			return s, err
		}
	}
	return s, nil
}

// TestRolloutIsTheGenericLoop proves the promise the search bot's Rollout makes to
// internal/search: from states of every phase (the first bid of a match and states along random
// matches of both sizes, chance nodes included), the Rollout and the search's generic loop over
// the Playout policy and the Horizon the bot sets, with equal generators, reach the same leaf and
// leave the generators alike.
func TestRolloutIsTheGenericLoop(t *testing.T) {
	so := searchOptions(defaultSearchTuning)
	if so.Playout == nil || so.Rollout == nil || so.Horizon == nil {
		t.Fatal("the search options lack Playout, Rollout or Horizon")
	}
	const matches = 6
	seen := map[Phase]int{}
	tried := 0
	for _, players := range []int{2, 3} {
		for seed := range uint64(matches) {
			s, err := New(Config{Players: players})
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(seed)
			var buf []Move
			for i := 0; !s.Over(); i++ {
				if !so.Horizon(s) {
					seat := s.ToMove()
					if seat < 0 {
						seat = norns.Player(i % players)
					}
					r1, r2 := rng.New(seed*1000+uint64(i)), rng.New(seed*1000+uint64(i))
					a, errA := so.Rollout(s, seat, r1)
					b, errB := genericPlayout(s, so.Horizon, so.Playout, r2)
					if errA != nil || errB != nil {
						t.Fatalf("rollout error %v, generic loop error %v from\n%v", errA, errB, s)
					}
					if a != b {
						t.Fatalf("from\n%v\nthe Rollout reaches\n%v\nthe generic loop\n%v", s, a, b)
					}
					if *r1 != *r2 {
						t.Fatalf("from\n%v\nthe Rollout and the generic loop leave the generators apart", s)
					}
					seen[s.phase]++
					tried++
				}
				var m Move
				if s.ToMove() == norns.Chance {
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
	}
	for ph := PhaseBid; ph < PhaseOver; ph++ {
		if seen[ph] == 0 {
			t.Errorf("no rollout from phase %v", ph)
		}
	}
	t.Logf("%d rollouts compared, by phase %v", tried, seen)
}
