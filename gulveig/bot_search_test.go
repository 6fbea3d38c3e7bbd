package gulveig_test

import (
	"context"
	"flag"
	"syscall"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// decisionViews returns the views of the seats to act in a few seeded 3-player matches between
// heuristic bots, one per decision, with the phase of each.
func decisionViews(t testing.TB, matches int) []gulveig.View {
	t.Helper()
	var out []gulveig.View
	for seed := range uint64(matches) {
		s := mustNew(t, gulveig.Config{Players: 3, HandLimit: 2})
		r := rng.New(seed)
		bots := [3]*gulveig.HeuristicBot{gulveig.NewHeuristicBot(seed), gulveig.NewHeuristicBot(seed + 1), gulveig.NewHeuristicBot(seed + 2)}
		for !s.Over() {
			var m gulveig.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				v := s.View(s.ToMove())
				out = append(out, v)
				var err error
				if m, err = bots[s.ToMove()].Choose(context.Background(), v); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Step(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

var searchBenchIters = flag.Int("bench.searchiters", 200, "BenchmarkSearchDecision: iterations per decision")

// BenchmarkSearchDecision times the search bot's decisions at a bid, an aside and a card play of
// seeded matches, with -bench.searchiters iterations each (200 unless told), and reports the
// time per iteration (wall, and the process's CPU time, which a busy machine inflates less):
// how many iterations fit in DefaultSearchTime on one core is 100 ms over it, at a budget near
// that count (the tree's size changes the cost of an iteration).
func BenchmarkSearchDecision(b *testing.B) {
	for _, ph := range []gulveig.Phase{gulveig.PhaseBid, gulveig.PhaseAside, gulveig.PhasePlay} {
		b.Run(ph.String(), func(b *testing.B) {
			var vs []gulveig.View
			for _, v := range decisionViews(b, 6) {
				if v.Phase() == ph && len(v.Legal()) > 1 {
					vs = append(vs, v)
				}
			}
			iters := *searchBenchIters
			bot := gulveig.NewSearchBot(gulveig.SearchOptions{Iterations: iters})
			i := 0
			var ru0, ru1 syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
			for b.Loop() {
				if _, err := bot.Choose(context.Background(), vs[i%len(vs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
			cpu := ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1000/float64(b.N)/float64(iters), "µs/iteration")
			b.ReportMetric(float64(cpu)/1000/float64(b.N)/float64(iters), "cpu-µs/iteration")
		})
	}
}
