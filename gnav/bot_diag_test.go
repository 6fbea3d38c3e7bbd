package gnav

import (
	"context"
	"flag"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

var (
	diag        = flag.Bool("diag", false, "run TestBotDiag: the bots' regret at decision points of heuristic matches")
	diagVerbose = flag.Bool("diag.v", false, "TestBotDiag: log every decision where a bot and the heuristic differ")
)

// TestBotDiag measures, at the decisions of matches between heuristic bots, what each bot's
// choice is worth against the best choice for the true cards (every seat then playing the
// heuristic to the end of the deal): the mean regret in win share. The difference between two
// bots' regrets is the difference of what their choices are worth, with far less noise than
// whole matches.
func TestBotDiag(t *testing.T) {
	if !*diag {
		t.Skip("run with -diag")
	}
	var points []State
	for seed := range uint64(60) {
		s, _ := New(Config{})
		r := rng.New(seed)
		h := NewHeuristicBot(seed)
		for !s.Over() {
			var m Move
			if s.who() == chance {
				m = s.SampleChance(r)
			} else {
				points = append(points, s)
				m, _ = h.Choose(context.Background(), s.View(norns.Player(s.who())))
			}
			s, _ = s.Apply(m)
		}
	}
	value := func(s State, m Move) float64 {
		seat := norns.Player(s.who())
		s, _ = s.Apply(m)
		tie := rng.New(1)
		for s.who() >= 0 {
			v := s.View(norns.Player(s.who()))
			s, _ = s.Apply(heuristic(&v, tie))
		}
		return winShare(s, seat)
	}
	variants := []struct {
		name string
		bot  norns.Bot[View, Move]
	}{
		{"heuristic", NewHeuristicBot(1)},
		{"search", NewSearchBot(SearchOptions{Seed: 1, Iterations: DefaultSearchIterations})},
		{"search-300", NewSearchBot(SearchOptions{Seed: 1, Iterations: 300})},
	}
	for _, vr := range variants {
		name, b := vr.name, vr.bot
		regret, disagree := 0.0, 0
		h := NewHeuristicBot(1)
		for _, s := range points {
			v := s.View(norns.Player(s.who()))
			m, err := b.Choose(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			hm, _ := h.Choose(context.Background(), v)
			if hm != m {
				disagree++
				if *diagVerbose {
					k := (v.contest & v.alive).Len()
					t.Logf("seat %d dealer %v card %-5v in play %d knocks %d: heuristic %v, %s %v (values %.3f vs %.3f)", v.seat, v.seat == v.dealer, v.hand, k, v.knock.Len(), hm, name, m, value(s, hm), value(s, m))
				}
			}
			best := 0.0
			for _, o := range s.Legal() {
				best = max(best, value(s, o))
			}
			regret += best - value(s, m)
		}
		t.Logf("%-10s %d decisions: mean regret %.4f, %d differ from the heuristic", name, len(points), regret/float64(len(points)), disagree)
	}
}
