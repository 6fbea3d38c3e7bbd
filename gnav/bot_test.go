package gnav_test

import (
	"context"
	"errors"
	"flag"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/rng"
)

var (
	strength       = flag.Bool("strength", false, "run TestBotStrength: bot-against-bot matches with confidence intervals")
	strengthSeeds  = flag.Int("strength.seeds", 1000, "TestBotStrength: seeds per pairing (each played 4 times, the candidate in every seat)")
	strengthIters  = flag.Int("strength.iters", 0, "TestBotStrength: search iterations per decision (0: none, the time budget alone; the old search then gets DefaultSearchIterations)")
	strengthTime   = flag.Duration("strength.time", 0, "TestBotStrength: search time per decision (0: none; with -strength.iters 0 too, the bot's default, DefaultSearchTime)")
	strengthOnly   = flag.String("strength.only", "", "TestBotStrength: run only the pairings named here (comma-separated)")
	strengthSeats  = flag.Int("strength.players", 0, "TestBotStrength: players at the table (0: the default, 4)")
	strengthNoise  = flag.Float64("strength.noise", -1, "TestBotStrength: the search's playout noise (negative: the default)")
	strengthBelief = flag.Float64("strength.belief", -1, "TestBotStrength: the search's belief noise, 0 to read nothing from the past acts (negative: the default)")
	strengthTries  = flag.Int("strength.tries", -1, "TestBotStrength: the search's deals drawn per determinisation (negative: the default)")
	strengthMatch  = flag.Int("strength.match", -1, "TestBotStrength: 1 to play the search's playouts to the end of the match, 0 to the end of the deal (negative: the default)")
	strengthAB     = flag.Bool("strength.ab", false, "run TestBotAB: the tuned search (the -strength.* model flags) against the default search, each against three heuristics on the same seeds, with the paired difference")
	strengthFirst  = flag.Uint64("strength.first", 1, "TestBotStrength, TestBotAB: the first seed")
	strengthDrawn  = flag.Int("strength.drawn", -1, "TestBotStrength: 1 to value a drawn match at 1/players in the search, 0 at nothing (negative: the default)")
	strengthTable  = flag.Int("strength.table", -1, "TestBotStrength: 1 to value the end of a deal by the win-chance table, 0 by the lives squared (negative: the default)")
)

type bot = gnav.Bot

// newBot makes a fresh bot for one match.
type newBot func(seed uint64) bot

func randomBot(seed uint64) bot    { return gnav.NewRandomBot(seed) }
func heuristicBot(seed uint64) bot { return gnav.NewHeuristicBot(seed) }

// TestBotStrength measures one bot against three of another with arena.Run: many seeds, each
// played four times with the candidate in each seat on the same packs, the candidate's win rate
// against the 1/4 of an equal, with a 95% confidence interval from the spread of per-seed results.
// The pairings: the heuristic against random bots, the search against heuristic bots, the
// search against the old search (before it read the other seats' acts) at the same iteration
// budget, and the search against the search of commit 2c0b7a1 (NewPrevSearchBot) at the same
// budget. Run it with
//
//	go test ./gnav -run TestBotStrength -strength -v
//
// (the search at its default budget, DefaultSearchTime per decision), or with -strength.iters
// 1000 for a reproducible run at DefaultSearchIterations.
func TestBotStrength(t *testing.T) {
	if !*strength {
		t.Skip("run with -strength")
	}
	var clock decisionClock
	searchBot := func(seed uint64) bot {
		opts := gnav.SearchOptions{Seed: seed, Iterations: *strengthIters, Time: *strengthTime}
		return clock.wrap(gnav.NewTunedSearchBot(opts, *strengthNoise, *strengthBelief, *strengthTries, *strengthMatch, *strengthTable, *strengthDrawn))
	}
	oldIters := *strengthIters
	if oldIters <= 0 {
		oldIters = gnav.DefaultSearchIterations
	}
	oldSearch := func(seed uint64) bot { return gnav.NewLegacySearchBot(seed, oldIters) }
	prevSearch := func(seed uint64) bot {
		return gnav.NewPrevSearchBot(gnav.SearchOptions{Seed: seed, Iterations: *strengthIters, Time: *strengthTime})
	}
	pairings := []struct {
		name            string
		candidate, base newBot
	}{
		{"heuristic-vs-3-random", heuristicBot, randomBot},
		{"search-vs-3-heuristic", searchBot, heuristicBot},
		{"old-search-vs-3-heuristic", oldSearch, heuristicBot},
		{"search-vs-3-old-search", searchBot, oldSearch},
		{"search-vs-3-2c0b7a1", searchBot, prevSearch},
	}
	start, err := gnav.New(gnav.Config{Players: *strengthSeats, DealerGiven: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range pairings {
		if *strengthOnly != "" && !slices.Contains(strings.Split(*strengthOnly, ","), pr.name) {
			continue
		}
		t.Run(pr.name, func(t *testing.T) {
			began := time.Now()
			clock = decisionClock{}
			res, err := arena.Run(context.Background(), arena.Config[gnav.State, gnav.Move, gnav.View]{
				Start: start, Seeds: *strengthSeeds, FirstSeed: *strengthFirst, Candidate: pr.candidate, Base: pr.base,
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: candidate win rate %v (95%% CI %.3f–%.3f) in %v", pr.name, res, res.Mean-res.Half, res.Mean+res.Half, time.Since(began).Round(time.Second))
			if n := clock.n.Load(); n > 0 {
				t.Logf("%s: %d search decisions, %v each (wall, %d matches at once)", pr.name, n, time.Duration(clock.ns.Load()/n), runtime.GOMAXPROCS(0))
			}
			if !res.Beats() {
				t.Errorf("%s: the candidate does not beat the base outside the confidence interval", pr.name)
			}
		})
	}
}

// TestBotAB compares two search bots on the same seeds, each in every seat against three
// heuristics: the default search (A, or the search of -strength.iters with the default model)
// and the search tuned by the -strength.* model flags (B). It reports each bot's win share and
// the mean of the per-seed differences B−A with its 95% interval: the same packs make the
// difference far less noisy than the two win shares. Run it with
//
//	go test ./gnav -run TestBotAB -strength.ab -strength.iters 1000 -strength.table 1 -v
func TestBotAB(t *testing.T) {
	if !*strengthAB {
		t.Skip("run with -strength.ab")
	}
	mk := func(tuned bool) newBot {
		return func(seed uint64) bot {
			opts := gnav.SearchOptions{Seed: seed, Iterations: *strengthIters, Time: *strengthTime}
			if !tuned {
				return gnav.NewSearchBot(opts)
			}
			return gnav.NewTunedSearchBot(opts, *strengthNoise, *strengthBelief, *strengthTries, *strengthMatch, *strengthTable, *strengthDrawn)
		}
	}
	start, err := gnav.New(gnav.Config{Players: *strengthSeats, DealerGiven: true})
	if err != nil {
		t.Fatal(err)
	}
	n := *strengthSeeds / 2 // arena wants two seeds or more: chunks of two
	a, b := make([]float64, n), make([]float64, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, runtime.GOMAXPROCS(0))
	began := time.Now()
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				for k, out := range [][]float64{a, b} {
					res, err := arena.Run(context.Background(), arena.Config[gnav.State, gnav.Move, gnav.View]{
						Start: start, Seeds: 2, FirstSeed: *strengthFirst + 2*uint64(i), Workers: 1,
						Candidate: mk(k == 1), Base: heuristicBot,
					})
					if err != nil {
						errs <- err
						return
					}
					out[i] = res.Mean
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	stat := func(x []float64) (mean, half float64) {
		for _, v := range x {
			mean += v
		}
		mean /= float64(len(x))
		ss := 0.0
		for _, v := range x {
			ss += (v - mean) * (v - mean)
		}
		return mean, 1.96 * math.Sqrt(ss/float64(len(x)-1)/float64(len(x)))
	}
	d := make([]float64, n)
	for i := range d {
		d[i] = b[i] - a[i]
	}
	ma, ha := stat(a)
	mb, hb := stat(b)
	md, hd := stat(d)
	t.Logf("seeds %d–%d (%d matches each), in %v", *strengthFirst, *strengthFirst+2*uint64(n)-1, 2*n*start.Players(), time.Since(began).Round(time.Second))
	t.Logf("A (default) vs 3 heuristic: %.4f ± %.4f", ma, ha)
	t.Logf("B (tuned)   vs 3 heuristic: %.4f ± %.4f", mb, hb)
	t.Logf("B − A: %+.4f ± %.4f", md, hd)
}

// decisionClock counts the decisions of the bots it wraps and their time, from several
// goroutines.
type decisionClock struct{ n, ns atomic.Int64 }

func (c *decisionClock) wrap(b bot) bot { return timedBot{b, c} }

type timedBot struct {
	b bot
	c *decisionClock
}

func (t timedBot) Choose(ctx context.Context, v gnav.View) (gnav.Move, error) {
	began := time.Now()
	m, err := t.b.Choose(ctx, v)
	t.c.n.Add(1)
	t.c.ns.Add(int64(time.Since(began)))
	return m, err
}

func TestBotsPlayLegalMoves(t *testing.T) {
	for _, mk := range []newBot{randomBot, heuristicBot, func(seed uint64) bot {
		return gnav.NewSearchBot(gnav.SearchOptions{Seed: seed, Iterations: 50})
	}} {
		for seed := range uint64(3) {
			s, err := gnav.New(gnav.Config{Players: 5, Lives: 2})
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]bot, 5)
			for p := range bots {
				bots[p] = mk(seed + uint64(p))
			}
			// norns.Play fails on an illegal move.
			last, moves, err := norns.Play(context.Background(), s, bots, rng.New(seed), nil)
			if err != nil || !last.Over() {
				t.Fatalf("seed %d: %v (over %v)", seed, err, last.Over())
			}
			again, moves2, _ := norns.Play(context.Background(), s, func() []bot {
				b := make([]bot, 5)
				for p := range b {
					b[p] = mk(seed + uint64(p))
				}
				return b
			}(), rng.New(seed), nil)
			if again != last || !slices.Equal(moves, moves2) {
				t.Errorf("seed %d: the same seeds give another match", seed)
			}
		}
	}
}

func TestBotsHonourContext(t *testing.T) {
	s, _ := gnav.New(gnav.Config{DealerGiven: true})
	s, _ = s.Apply(s.SampleChance(rng.New(1)))
	v := s.View(s.ToMove())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, b := range []bot{gnav.NewRandomBot(1), gnav.NewHeuristicBot(1), gnav.NewSearchBot(gnav.SearchOptions{})} {
		if _, err := b.Choose(ctx, v); !errors.Is(err, context.Canceled) {
			t.Errorf("%T with a cancelled context: %v", b, err)
		}
		if _, err := b.Choose(context.Background(), s.View(s.ToMove()+1)); err == nil {
			t.Errorf("%T chose for a seat not to act", b)
		}
	}
}

// The heuristic stands on a high card, asks on a low one, never asks a neighbour that knocked,
// and draws from the stock as dealer on a low card.
func TestHeuristicBot(t *testing.T) {
	b := gnav.NewHeuristicBot(1)
	choose := func(s gnav.State) gnav.Move {
		t.Helper()
		m, err := b.Choose(context.Background(), s.View(s.ToMove()))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, tc := range []struct {
		hands []gnav.Card
		moves []string
		want  gnav.Move
	}{
		{[]gnav.Card{gnav.Numbered(12), gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)}, nil, gnav.Stand()},
		{[]gnav.Card{ugle, gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)}, nil, gnav.Ask()},
		{[]gnav.Card{narr, gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)}, nil, gnav.Ask()},
		{[]gnav.Card{ugle, narr, gnav.Numbered(9), gnav.Numbered(10)}, nil, gnav.Stand()},
		{[]gnav.Card{gjok, gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)}, nil, gnav.Stand()},
		{[]gnav.Card{gnav.Numbered(12), gnav.Numbered(5), gnav.Numbered(9), potte}, []string{"stand", "stand", "stand"}, gnav.Draw()},
		{[]gnav.Card{gnav.Numbered(12), gnav.Numbered(5), gnav.Numbered(9), hus}, []string{"stand", "stand", "stand"}, gnav.Stand()},
	} {
		s := dealt(t, four(t), tc.hands)
		s, _ = play(t, s, 0, tc.moves...)
		if got := choose(s); got != tc.want {
			t.Errorf("hands %v after %v: %v, want %v", tc.hands, tc.moves, got, tc.want)
		}
	}
}

// TestBotsMeetDeadlines guards the deadline contract: every bot returns a legal move within 2 ms
// of its context's deadline (1 ms and 10 ms deadlines, a search budget it cannot finish), and
// leaves no goroutine behind. On a loaded machine the thread can be descheduled past the margin
// in any attempt, so each case takes the best of up to 25 attempts: a bot that checks its
// deadline too rarely overshoots in every attempt.
func TestBotsMeetDeadlines(t *testing.T) {
	s, _ := gnav.New(gnav.Config{DealerGiven: true})
	s, _ = s.Apply(s.SampleChance(rng.New(1)))
	v := s.View(s.ToMove())
	bots := map[string]bot{
		"random":    gnav.NewRandomBot(1),
		"heuristic": gnav.NewHeuristicBot(1),
		"search":    gnav.NewSearchBot(gnav.SearchOptions{Iterations: 1 << 30}),
	}
	for name, b := range bots {
		for _, d := range []time.Duration{time.Millisecond, 10 * time.Millisecond} {
			before := runtime.NumGoroutine()
			var overs []time.Duration
			moved := 0
			for i := range 25 {
				ctx, cancel := context.WithTimeout(context.Background(), d)
				deadline, _ := ctx.Deadline()
				m, err := b.Choose(ctx, v)
				overs = append(overs, time.Since(deadline))
				cancel()
				switch {
				case errors.Is(err, context.DeadlineExceeded):
					// The deadline passed before the bot could start (a loaded machine).
				case err != nil || !slices.Contains(v.Legal(), m):
					t.Fatalf("%s bot under a %v deadline: %v, %v; want a legal move", name, d, m, err)
				default:
					moved++
				}
				if i >= 4 && moved > 0 && slices.Min(overs) <= 2*time.Millisecond {
					break // good enough: the rest would only wait out a busy machine
				}
			}
			if moved == 0 {
				t.Errorf("%s bot under a %v deadline: no move in 25 attempts", name, d)
			}
			for i := 0; runtime.NumGoroutine() > before && i < 100; i++ {
				time.Sleep(time.Millisecond) // a timer's goroutine may still be finishing
			}
			if n := runtime.NumGoroutine(); n > before {
				t.Errorf("%s bot: %d goroutines after Choose, %d before", name, n, before)
			}
			slices.Sort(overs)
			t.Logf("%s bot, %v deadline: overshoots %v", name, d, overs)
			if overs[0] > 2*time.Millisecond {
				t.Errorf("%s bot, %v deadline: overshoot %v in the best attempt, want at most 2ms", name, d, overs[0])
			}
		}
	}
}

// TestNewSearchBotAcceptsAnyExploration guards against a panic on a negative or NaN exploration
// constant, which the Gnav search bot ignores (see SearchOptions).
func TestNewSearchBotAcceptsAnyExploration(t *testing.T) {
	s, _ := gnav.New(gnav.Config{DealerGiven: true})
	s, _ = s.Apply(s.SampleChance(rng.New(1)))
	v := s.View(s.ToMove())
	want, err := gnav.NewSearchBot(gnav.SearchOptions{Seed: 2, Iterations: 100}).Choose(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []float64{-1, math.NaN(), math.Inf(1)} {
		got, err := gnav.NewSearchBot(gnav.SearchOptions{Seed: 2, Iterations: 100, Exploration: c}).Choose(context.Background(), v)
		if err != nil || got != want {
			t.Errorf("exploration %v: %v, %v; want %v", c, got, err, want)
		}
	}
}

// The search's budgets: with neither set it thinks for DefaultSearchTime, with Time alone for that
// long, and with an iteration budget it is reproducible from its seed, with one worker or two.
func TestSearchBotBudgets(t *testing.T) {
	s, _ := gnav.New(gnav.Config{DealerGiven: true})
	s, _ = s.Apply(s.SampleChance(rng.New(3)))
	v := s.View(s.ToMove())
	for _, tc := range []struct {
		opts     gnav.SearchOptions
		min, max time.Duration
	}{
		{gnav.SearchOptions{}, gnav.DefaultSearchTime, 20 * gnav.DefaultSearchTime},
		{gnav.SearchOptions{Time: 30 * time.Millisecond}, 30 * time.Millisecond, 20 * gnav.DefaultSearchTime},
		{gnav.SearchOptions{Time: 30 * time.Millisecond, Workers: 2}, 30 * time.Millisecond, 20 * gnav.DefaultSearchTime},
	} {
		began := time.Now()
		m, err := gnav.NewSearchBot(tc.opts).Choose(context.Background(), v)
		took := time.Since(began)
		if err != nil || !slices.Contains(v.Legal(), m) {
			t.Fatalf("%+v: %v, %v; want a legal move", tc.opts, m, err)
		}
		if took < tc.min || took > tc.max {
			t.Errorf("%+v: searched %v, want %v to %v", tc.opts, took, tc.min, tc.max)
		}
	}
	for _, workers := range []int{0, 2} {
		for seed := range uint64(4) {
			opts := gnav.SearchOptions{Seed: seed, Iterations: 300, Workers: workers}
			var want gnav.Move
			for i := range 2 {
				// A time budget far beyond the iterations' needs changes nothing.
				if i == 1 {
					opts.Time = time.Hour
				}
				m, err := gnav.NewSearchBot(opts).Choose(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				if i == 0 {
					want = m
				} else if m != want {
					t.Errorf("workers %d seed %d: %v, then %v from the same seed", workers, seed, want, m)
				}
			}
		}
	}
}
