package herrlof_test

import (
	"context"
	"flag"
	"fmt"
	"math"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

var (
	botStrengthFlag  = flag.Bool("strength", false, "run TestBotStrength: bot-against-bot matches with confidence intervals")
	botStrengthSeeds = flag.Int("strength.seeds", 500, "TestBotStrength: seeds per pairing (each played twice, seats swapped)")
	botStrengthIters = flag.Int("strength.iters", 300, "TestBotStrength: search iterations per decision (0: the bot's default)")
)

// botMaker makes a fresh bot for one match.
type botMaker func(seed uint64) norns.Bot[herrlof.View, herrlof.Move]

// botMatch plays a two-player match between bots[0] (seat 0) and bots[1] (seat 1). The deals
// come from their own stream seeded with seed, so they are the same whatever the bots do: the
// same seed gives both sides the same sequence of hands. The 6's random picks use a second
// stream.
func botMatch(ctx context.Context, seed uint64, bots [2]norns.Bot[herrlof.View, herrlof.Move]) (herrlof.State, error) {
	s, err := herrlof.New(herrlof.Config{})
	if err != nil {
		return s, err
	}
	deals, picks := rng.New(seed), rng.New(seed^0x5eed0f5eed)
	for !s.Over() {
		var m herrlof.Move
		switch p := s.ToMove(); {
		case s.Phase() == herrlof.PhaseDeal:
			m = s.SampleChance(deals)
		case p == norns.Chance:
			m = s.SampleChance(picks)
		default:
			if m, err = bots[p].Choose(ctx, s.View(p)); err != nil {
				return s, fmt.Errorf("%v: %w", p, err)
			}
		}
		if s, err = s.Apply(m); err != nil {
			return s, err
		}
	}
	return s, nil
}

// botDuel is the result of a pairing: A's points (1 a win, 1/2 a shared win) over n matches.
type botDuel struct {
	points float64
	n      int
}

func (d botDuel) rate() float64 { return d.points / float64(d.n) }

// ci95 returns the half-width of the 95% normal-approximation confidence interval of the rate.
func (d botDuel) ci95() float64 {
	p := d.rate()
	return 1.96 * math.Sqrt(p*(1-p)/float64(d.n))
}

// runBotDuel plays every seed twice, a in seat 0 then in seat 1, in parallel.
func runBotDuel(t *testing.T, seeds int, a, b botMaker) botDuel {
	t.Helper()
	type job struct {
		seed uint64
		swap bool
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var d botDuel
	var wg sync.WaitGroup
	var firstErr error
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for j := range jobs {
				bots := [2]norns.Bot[herrlof.View, herrlof.Move]{a(j.seed), b(j.seed + 1<<32)}
				seatA := norns.Player(0)
				if j.swap {
					bots[0], bots[1] = bots[1], bots[0]
					seatA = 1
				}
				end, err := botMatch(context.Background(), j.seed, bots)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if w := end.Winners(); w.Has(seatA) {
					d.points += 1 / float64(w.Len())
				}
				d.n++
				mu.Unlock()
			}
		})
	}
	for i := range seeds {
		jobs <- job{uint64(i + 1), false}
		jobs <- job{uint64(i + 1), true}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		t.Fatal(firstErr)
	}
	return d
}

// TestBotStrength measures the bots against each other (behind -strength):
//
//	go test ./herrlof -run TestBotStrength -strength -v
//
// Each pairing plays -strength.seeds seeds twice, the bots swapping seats, with the same deals
// both times. The heuristic must beat the random bot and the search bot the heuristic, with the
// whole 95% confidence interval above one half.
func TestBotStrength(t *testing.T) {
	if !*botStrengthFlag {
		t.Skip("run with -strength")
	}
	random := func(seed uint64) norns.Bot[herrlof.View, herrlof.Move] { return herrlof.NewRandomBot(seed) }
	heuristic := func(seed uint64) norns.Bot[herrlof.View, herrlof.Move] { return herrlof.NewHeuristicBot(seed) }
	searchBot := func(seed uint64) norns.Bot[herrlof.View, herrlof.Move] {
		return herrlof.NewSearchBot(herrlof.SearchOptions{Seed: seed, Iterations: *botStrengthIters})
	}
	for _, tc := range []struct {
		name string
		a, b botMaker
	}{
		{"heuristic vs random", heuristic, random},
		{"search vs heuristic", searchBot, heuristic},
	} {
		start := time.Now()
		d := runBotDuel(t, *botStrengthSeeds, tc.a, tc.b)
		lo, hi := d.rate()-d.ci95(), d.rate()+d.ci95()
		t.Logf("%s: %d matches, win rate %.3f ± %.3f (95%% CI %.3f–%.3f), %v",
			tc.name, d.n, d.rate(), d.ci95(), lo, hi, time.Since(start).Round(time.Second))
		if lo <= 0.5 {
			t.Errorf("%s: the 95%% confidence interval %.3f–%.3f does not lie above 1/2", tc.name, lo, hi)
		}
	}
}
