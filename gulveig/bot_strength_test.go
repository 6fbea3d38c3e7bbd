package gulveig_test

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/gulveig"
)

var (
	botStrengthFlag   = flag.Bool("strength", false, "run TestBotStrength: bot-against-bot matches with confidence intervals")
	botStrengthSeeds  = flag.Int("strength.seeds", 334, "TestBotStrength: seeds per pairing (each played once per seating)")
	botStrengthIters  = flag.Int("strength.iters", 200, "TestBotStrength: search iterations per decision (0: the bot's default)")
	botStrengthSeats  = flag.Int("strength.players", 3, "TestBotStrength: players per match (the candidate against the others)")
	botStrengthHands  = flag.Int("strength.hands", 4, "TestBotStrength: hands per match (Config.HandLimit)")
	botStrengthTime   = flag.Duration("strength.time", 0, "TestBotStrength: search time per decision (0: none, the iterations alone)")
	botStrengthNoise  = flag.Float64("strength.noise", -1, "TestBotStrength: the search's policy noise (negative: the default)")
	botStrengthONoise = flag.Float64("strength.oppnoise", -1, "TestBotStrength: the search's opponent-model noise (negative: the default)")
	botStrengthScale  = flag.Float64("strength.scale", 0, "TestBotStrength: the search's reward scale (0: the default)")
	botStrengthTries  = flag.Int("strength.tries", -1, "TestBotStrength: the search's draws to fit the bids (negative: the default)")
	botStrengthSolve  = flag.Int("strength.solve", -1, "TestBotStrength: tricks left from which the search's playouts solve exactly (negative: the default)")
	botStrengthSOpp   = flag.Bool("strength.solveopp", true, "TestBotStrength: with -strength.solve, the opponent model solves too")
	botStrengthExpl   = flag.Float64("strength.expl", 0, "TestBotStrength: the search's exploration constant (0: the default)")
	botStrengthFirst  = flag.Uint64("strength.first", 1, "TestBotStrength: the first seed (to extend a run with more seeds)")
	botStrengthOnly   = flag.String("strength.only", "", "TestBotStrength: run only the pairings whose name contains this")
	botStrengthMatch  = flag.Int("strength.match", -1, "TestBotStrength: score the end of a hand by the chance of winning the match (0: no, 1: yes, negative: the default)")
	botStrengthPool   = flag.Int("strength.pool", -1, "TestBotStrength: deals drawn per decision to fit the opponents' acts (0: no fit; negative: the default)")
	botStrengthRho    = flag.Float64("strength.rho", -1, "TestBotStrength: the weight of a deal per act it does not fit (negative: the default)")
	botStrengthBidAct = flag.Int("strength.bidacts", -1, "TestBotStrength: the fit checks the opponents' bids too (0: no, 1: yes, negative: the default)")
	botStrengthAB     = flag.Bool("strength.ab", false, "run TestBotAB: the tuned search (the -strength.* tuning flags) against -strength.abase, seed by seed")
	botStrengthABase  = flag.String("strength.abase", "default", "TestBotAB: the search compared against: default, or v1 (version 1.0's, the search of 9122bd3)")
	botStrengthABOut  = flag.String("strength.about", "", "TestBotAB: a file to write each pair of seeds' first seed and A's and B's mean win shares to")
	botStrengthV1It   = flag.Int("strength.v1iters", 0, "TestBotStrength: version 1.0's search iterations per decision (0: -strength.iters)")
)

// TestBotStrength measures the bots against each other (behind -strength):
//
//	go test ./gulveig -run TestBotStrength -strength -v
//
// The pairings: the heuristic against the random bot, the search against the heuristic, against
// the search of fe20109 (the tricks only) and against the search of version 1.0 (2c0b7a1,
// [gulveig.NewV1SearchBot]; -strength.v1iters gives it a budget of its own). Each pairing runs
// arena.Run over -strength.seeds seeds, each played once per seating of the
// candidate (three times with three players, so 334 seeds make 1002 matches) with the same deals
// every time. A match is -strength.hands hands (the highest score wins). The heuristic must beat
// the random bot and the search bot the heuristic and fe20109's search, with the whole 95%
// confidence interval above an equal bot's share; against version 1.0's search (which is also
// the search of 9122bd3, before the match-aware leaf value and the fit to the opponents' acts
// since the treasure), the pairing only measures.
func TestBotStrength(t *testing.T) {
	if !*botStrengthFlag {
		t.Skip("run with -strength")
	}
	random := func(seed uint64) gulveig.Bot { return gulveig.NewRandomBot(seed) }
	heuristic := func(seed uint64) gulveig.Bot { return gulveig.NewHeuristicBot(seed) }
	var clock decisionClock
	searchBot := func(seed uint64) gulveig.Bot {
		opts := gulveig.SearchOptions{Seed: seed, Iterations: *botStrengthIters, Time: *botStrengthTime, Exploration: *botStrengthExpl}
		return clock.wrap(gulveig.NewTunedSearchBot(opts, *botStrengthNoise, *botStrengthONoise, *botStrengthScale, *botStrengthTries, *botStrengthSolve, *botStrengthSOpp, *botStrengthMatch, *botStrengthPool, *botStrengthRho, *botStrengthBidAct))
	}
	old := func(seed uint64) gulveig.Bot {
		return gulveig.NewLegacySearchBot(seed, max(*botStrengthIters, 1))
	}
	v1 := func(seed uint64) gulveig.Bot {
		iters := *botStrengthIters
		if *botStrengthV1It > 0 {
			iters = *botStrengthV1It
		}
		return gulveig.NewV1SearchBot(gulveig.SearchOptions{Seed: seed, Iterations: iters, Time: *botStrengthTime})
	}
	start, err := gulveig.New(gulveig.Config{Players: *botStrengthSeats, HandLimit: *botStrengthHands})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		a, b func(uint64) gulveig.Bot
		beat bool // the candidate must beat the others
	}{
		{"heuristic vs random", heuristic, random, true},
		{"search vs heuristic", searchBot, heuristic, true},
		{"search vs old search", searchBot, old, true},
		{"search vs 1.0 search", searchBot, v1, false}, // a measurement: the new search against the old
	} {
		if !strings.Contains(tc.name, *botStrengthOnly) {
			continue
		}
		began := time.Now()
		clock = decisionClock{}
		res, err := arena.Run(context.Background(), arena.Config[gulveig.State, gulveig.Move, gulveig.View]{
			Start: start, Seeds: *botStrengthSeeds, FirstSeed: *botStrengthFirst, Candidate: tc.a, Base: tc.b, Stream: gulveig.ChanceStream,
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d matches, win rate %v (95%% CI %.3f–%.3f), %v", tc.name, res.Matches, res, res.Mean-res.Half, res.Mean+res.Half, time.Since(began).Round(time.Second))
		if n := clock.n.Load(); n > 0 {
			t.Logf("%s: %d search decisions, %v and %d iterations each (wall, %d matches at once)", tc.name, n, time.Duration(clock.ns.Load()/n), clock.iters.Load()/n, runtime.GOMAXPROCS(0))
		}
		if tc.beat && !res.Beats() {
			t.Errorf("%s: the 95%% confidence interval does not lie above %.3f: %v", tc.name, res.Even, res)
		}
	}
}

// TestBotAB compares two searches against two heuristic bots on the same deals, seed by seed
// (behind -strength.ab): B, the search with the -strength.* tuning flags, and A, the default
// search or with -strength.abase v1 version 1.0's (whose search is the default search of
// 9122bd3). Each pair of seeds is played by both in every seating; it reports each one's mean
// win share and the paired mean difference B − A over the pairs, with 95% intervals:
//
//	go test -c -o /tmp/gv.test ./gulveig
//	GOMAXPROCS=1 /tmp/gv.test -test.run TestBotAB -strength.ab -test.v -test.timeout 0 -strength.iters 1000 -strength.seeds 200 -strength.match 0
func TestBotAB(t *testing.T) {
	if !*botStrengthAB {
		t.Skip("run with -strength.ab")
	}
	mk := func(tuned bool) func(uint64) gulveig.Bot {
		return func(seed uint64) gulveig.Bot {
			opts := gulveig.SearchOptions{Seed: seed, Iterations: *botStrengthIters, Time: *botStrengthTime}
			switch {
			case tuned:
				opts.Exploration = *botStrengthExpl
				return gulveig.NewTunedSearchBot(opts, *botStrengthNoise, *botStrengthONoise, *botStrengthScale, *botStrengthTries, *botStrengthSolve, *botStrengthSOpp, *botStrengthMatch, *botStrengthPool, *botStrengthRho, *botStrengthBidAct)
			case *botStrengthABase == "v1":
				return gulveig.NewV1SearchBot(opts)
			}
			return gulveig.NewSearchBot(opts)
		}
	}
	heuristic := func(seed uint64) gulveig.Bot { return gulveig.NewHeuristicBot(seed) }
	start, err := gulveig.New(gulveig.Config{Players: *botStrengthSeats, HandLimit: *botStrengthHands})
	if err != nil {
		t.Fatal(err)
	}
	n := *botStrengthSeeds / 2 // arena wants two seeds or more: pairs of seeds
	if n < 2 {
		t.Fatal("-strength.seeds: at least 4")
	}
	a, b, d := make([]float64, n), make([]float64, n), make([]float64, n)
	began := time.Now()
	for i := range n {
		for k, out := range [][]float64{a, b} {
			res, err := arena.Run(context.Background(), arena.Config[gulveig.State, gulveig.Move, gulveig.View]{
				Start: start, Seeds: 2, FirstSeed: *botStrengthFirst + 2*uint64(i), Workers: runtime.GOMAXPROCS(0),
				Candidate: mk(k == 1), Base: heuristic, Stream: gulveig.ChanceStream,
			})
			if err != nil {
				t.Fatal(err)
			}
			out[i] = res.Mean
		}
		d[i] = b[i] - a[i]
	}
	if *botStrengthABOut != "" {
		var out strings.Builder
		for i := range n {
			fmt.Fprintf(&out, "%d %.6f %.6f\n", *botStrengthFirst+2*uint64(i), a[i], b[i])
		}
		if err := os.WriteFile(*botStrengthABOut, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ma, ha := arena.MeanCI(a)
	mb, hb := arena.MeanCI(b)
	md, hd := arena.MeanCI(d)
	t.Logf("seeds %d–%d (%d matches each), in %v", *botStrengthFirst, *botStrengthFirst+2*uint64(n)-1, 2*n*start.Players(), time.Since(began).Round(time.Second))
	t.Logf("A (%s) vs heuristic: %.4f ± %.4f", *botStrengthABase, ma, ha)
	t.Logf("B (tuned) vs heuristic: %.4f ± %.4f", mb, hb)
	t.Logf("B − A: %+.4f ± %.4f (paired over %d pairs of seeds; sd %.3f)", md, hd, n, hd*math.Sqrt(float64(n))/1.96)
}

// decisionClock counts the decisions of the bots it wraps and their time, from several
// goroutines.
type decisionClock struct{ n, ns, iters atomic.Int64 }

func (c *decisionClock) wrap(b gulveig.Bot) gulveig.Bot { return timedBot{b, c} }

type timedBot struct {
	b gulveig.Bot
	c *decisionClock
}

func (t timedBot) Choose(ctx context.Context, v gulveig.View) (gulveig.Move, error) {
	began := time.Now()
	m, err := t.b.Choose(ctx, v)
	t.c.n.Add(1)
	t.c.ns.Add(int64(time.Since(began)))
	if sb, ok := t.b.(*gulveig.SearchBot); ok {
		t.c.iters.Add(int64(gulveig.SearchIterations(sb)))
	}
	return m, err
}
