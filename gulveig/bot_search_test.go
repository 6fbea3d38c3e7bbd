package gulveig_test

import (
	"context"
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

func BenchmarkSearchDecision(b *testing.B) {
	for _, ph := range []gulveig.Phase{gulveig.PhaseBid, gulveig.PhaseAside, gulveig.PhasePlay} {
		b.Run(ph.String(), func(b *testing.B) {
			var vs []gulveig.View
			for _, v := range decisionViews(b, 6) {
				if v.Phase() == ph && len(v.Legal()) > 1 {
					vs = append(vs, v)
				}
			}
			bot := gulveig.NewSearchBot(gulveig.SearchOptions{Iterations: 200})
			i := 0
			for b.Loop() {
				if _, err := bot.Choose(context.Background(), vs[i%len(vs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/200, "µs/iteration")
		})
	}
}
