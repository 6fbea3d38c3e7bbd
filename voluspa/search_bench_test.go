package voluspa

import (
	"context"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// searchViews plays a seeded match of n heuristic bots and returns seat 0's views at its turns
// with more than one legal move, in the order they came.
func searchViews(tb testing.TB, n int, seed uint64) []View {
	tb.Helper()
	s, err := New(Config{Players: n})
	if err != nil {
		tb.Fatal(err)
	}
	r := rng.New(seed)
	h := NewHeuristicBot(seed + 1)
	var views []View
	for !s.Over() {
		var m Move
		switch p := s.ToMove(); {
		case p == norns.Chance:
			m = s.SampleChance(r)
		default:
			if p == 0 && len(s.Legal()) > 1 {
				views = append(views, s.View(p))
			}
			if m, err = h.Choose(context.Background(), s.View(p)); err != nil {
				tb.Fatal(err)
			}
		}
		if err := s.Step(m); err != nil {
			tb.Fatal(err)
		}
	}
	return views
}

// BenchmarkSearch3p runs the search bot's decisions at seat 0's turns of seeded 3-player matches
// against the heuristic, split by the match's progress into its first, middle and last third of
// turns (early, mid, late), with a budget of 1000 iterations each (about half the default time
// budget's): it reports ns per iteration, by which the default time budget (DefaultSearchTime)
// divides to give the iterations it affords on the machine. Run it on a quiet core, several times
// (-count), and take the least of each phase:
//
//	GOMAXPROCS=1 go test ./voluspa -run '^$' -bench 'Search3p' -count 5
func BenchmarkSearch3p(b *testing.B) {
	var phases [3][]View
	for seed := uint64(1); seed <= 4; seed++ {
		views := searchViews(b, 3, seed)
		for i, v := range views {
			k := 3 * i / len(views)
			phases[k] = append(phases[k], v)
		}
	}
	const iters = 1000
	for k, name := range []string{"early", "mid", "late"} {
		b.Run(name, func(b *testing.B) {
			views := phases[k]
			bot := NewSearchBot(SearchOptions{Seed: 1, Iterations: iters})
			i, done := 0, 0
			for b.Loop() {
				if _, err := bot.Choose(context.Background(), views[i]); err != nil {
					b.Fatal(err)
				}
				done += bot.s.Iterations()
				if i++; i == len(views) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(done), "ns/iteration")
		})
	}
}
