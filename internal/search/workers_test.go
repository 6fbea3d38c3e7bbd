package search_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// outcome is what one search leaves behind: its move, its root statistics, its counts and the
// next number of the caller's generator (which tells how many numbers the search drew).
type outcome[M norns.Move] struct {
	Move       M
	Stats      []search.MoveStats[M]
	Iterations int
	Nodes      int
	Next       uint64
}

// searchOnce searches v once with a new Searcher for opts and the generator seeded with seed.
func searchOnce[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], P norns.Stepper[S, M]](t *testing.T, v V, opts search.Options[S, M], seed uint64) outcome[M] {
	t.Helper()
	return searchWith(t, search.New[S, M, V, P](opts), v, seed)
}

// searchWith searches v once with sr and the generator seeded with seed.
func searchWith[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](t *testing.T, sr *search.Searcher[S, M, V], v V, seed uint64) outcome[M] {
	t.Helper()
	r := rng.New(seed)
	m, err := sr.Choose(context.Background(), v, r)
	if err != nil {
		t.Fatal(err)
	}
	return outcome[M]{m, sr.RootStats(nil), sr.Iterations(), sr.Nodes(), r.Uint64()}
}

// workerCase is one toy search the worker tests run with several worker counts.
type workerCase struct {
	name string
	run  func(t *testing.T, workers int, seed uint64) any // the outcome of a new Searcher's search
	// reused searches with one Searcher twice, another seed first, and returns the second outcome.
	reused func(t *testing.T, workers int, seed uint64) any
	budget int
	paired bool // every root move is credited every iteration (all legal in every determinisation)
}

// newWorkerCase is the case of one toy game's search: opts with each worker count, on a new
// Searcher and on one reused after a search with another seed.
func newWorkerCase[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], P norns.Stepper[S, M]](name string, opts search.Options[S, M], v V) workerCase {
	with := func(w int) search.Options[S, M] {
		o := opts
		o.Workers = w
		return o
	}
	return workerCase{
		name: name,
		run: func(t *testing.T, w int, seed uint64) any {
			return searchOnce[S, M, V, P](t, v, with(w), seed)
		},
		reused: func(t *testing.T, w int, seed uint64) any {
			sr := search.New[S, M, V, P](with(w))
			searchWith(t, sr, v, seed+1000)
			return searchWith(t, sr, v, seed)
		},
		budget: opts.Iterations,
		paired: opts.Paired,
	}
}

func workerCases() []workerCase {
	var cases []workerCase
	guessCase := func(name string, opts search.Options[guess, gMove], v guessView) {
		cases = append(cases, newWorkerCase[guess, gMove, guessView](name, opts, v))
	}
	nimCase := func(name string, opts search.Options[nim, nimMove], v nimView) {
		cases = append(cases, newWorkerCase[nim, nimMove, nimView](name, opts, v))
	}
	wideCase := func(name string, opts search.Options[wide, wMove], v wideView) {
		cases = append(cases, newWorkerCase[wide, wMove, wideView](name, opts, v))
	}
	g := func(late bool, c0, b, c int8) guessView {
		s, err := newGuess(late).Apply(gMove{kind: gDeal0, a: c0, b: b, c: c})
		if err != nil {
			panic(err)
		}
		return s.View(0)
	}
	guessCase("guess", search.Options[guess, gMove]{Iterations: 501}, g(true, 4, 0, 0))
	guessCase("guess/opponent model", search.Options[guess, gMove]{
		Iterations: 300,
		Opponents:  func(s guess, r *rng.Rand) gMove { return gMove{kind: gPlay, a: s.h1[r.IntN(2)]} },
	}, g(false, 5, 6, 7))
	nimCase("nim/3 players", search.Options[nim, nimMove]{Iterations: 257}, newNim(3, 13).View(0))
	nimCase("nim/paired", search.Options[nim, nimMove]{Iterations: 203, Paired: true}, newNim(2, 9).View(0))
	w, err := newWide(64, wRotate).Apply(5)
	if err != nil {
		panic(err)
	}
	wideCase("wide/64 rotated", search.Options[wide, wMove]{Iterations: 400}, w.View(0))
	wideCase("wide/64 prior", search.Options[wide, wMove]{
		Iterations: 350,
		Prior:      func(s wide, m wMove) float64 { return float64(wValue(m, s.ply)) },
	}, w.View(0))
	return cases
}

var cmpOpts = cmp.AllowUnexported(gMove{})

// TestWorkersOneIsTheSearch: Workers 0, 1 or negative is the search without workers, draw for
// draw: the same move, root statistics, counts and draws from the caller's generator as a
// Searcher built without the field.
func TestWorkersOneIsTheSearch(t *testing.T) {
	for _, tc := range workerCases() {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(3) {
				want := tc.run(t, 0, seed)
				for _, w := range []int{1, -2} {
					if diff := cmp.Diff(want, tc.run(t, w, seed), cmpOpts); diff != "" {
						t.Errorf("seed %d, Workers %d: differs from the search without workers (-want +got):\n%s", seed, w, diff)
					}
				}
			}
		})
	}
}

// TestWorkersReproducible: with 2 and 4 workers, the same seed gives the same move and root
// statistics, from a new Searcher and from one reused after another search; the merged root
// visits add up to the iterations done, which are the budget; another seed gives other
// statistics.
func TestWorkersReproducible(t *testing.T) {
	for _, tc := range workerCases() {
		t.Run(tc.name, func(t *testing.T) {
			for _, w := range []int{2, 4} {
				first := tc.run(t, w, 42)
				if diff := cmp.Diff(first, tc.reused(t, w, 42), cmpOpts); diff != "" {
					t.Errorf("Workers %d, same seed: a reused Searcher differs (-new +reused):\n%s", w, diff)
				}
				if diff := cmp.Diff(first, tc.run(t, w, 42), cmpOpts); diff != "" {
					t.Errorf("Workers %d, same seed: two searches differ (-first +second):\n%s", w, diff)
				}
				if cmp.Equal(first, tc.run(t, w, 43), cmpOpts) {
					t.Errorf("Workers %d: seeds 42 and 43 gave identical outcomes %+v", w, first)
				}
				visits, iters, nodes, n := mergedCounts(first)
				if iters != tc.budget {
					t.Errorf("Workers %d: %d iterations, want the budget %d", w, iters, tc.budget)
				}
				if tc.paired {
					for _, v := range visits {
						if v != tc.budget {
							t.Errorf("Workers %d, paired: visits %v, want each move credited every iteration (%d)", w, visits, tc.budget)
						}
					}
				} else if sum := sumInts(visits); sum != iters {
					t.Errorf("Workers %d: root visits %v add up to %d, want the %d iterations", w, visits, sum, iters)
				}
				if nodes <= n {
					t.Errorf("Workers %d: %d nodes for %d root moves", w, nodes, n)
				}
			}
		})
	}
}

// mergedCounts reads an outcome's root visits, iterations and nodes, and its number of root
// moves.
func mergedCounts(o any) (visits []int, iters, nodes, moves int) {
	switch o := o.(type) {
	case outcome[gMove]:
		return statVisits(o.Stats), o.Iterations, o.Nodes, len(o.Stats)
	case outcome[nimMove]:
		return statVisits(o.Stats), o.Iterations, o.Nodes, len(o.Stats)
	case outcome[wMove]:
		return statVisits(o.Stats), o.Iterations, o.Nodes, len(o.Stats)
	}
	panic(fmt.Sprintf("mergedCounts: %T", o))
}

func statVisits[M norns.Move](st []search.MoveStats[M]) []int {
	v := make([]int, len(st))
	for i, s := range st {
		v[i] = s.Visits
	}
	return v
}

func sumInts(xs []int) (s int) {
	for _, x := range xs {
		s += x
	}
	return s
}

// TestWorkersSplitTheBudget: the workers share the iteration budget (137 over 4 workers: 35, 34,
// 34, 34), so the search samples exactly the budget, and a budget below the worker count still
// completes.
func TestWorkersSplitTheBudget(t *testing.T) {
	v := dealGuess(t, false, 3, 0, 9).View(0)
	for _, tc := range []struct{ budget, workers int }{{137, 4}, {2, 3}, {1000, 2}} {
		sr := search.New[guess, gMove, guessView](search.Options[guess, gMove]{Iterations: tc.budget, Workers: tc.workers})
		guessSamples.Store(0)
		m, err := sr.Choose(context.Background(), v, rng.New(1))
		if err != nil || !slices.Contains(v.Legal(), m) {
			t.Fatalf("Choose = %v, %v", m, err)
		}
		if n := guessSamples.Load(); n != int64(tc.budget) || sr.Iterations() != tc.budget {
			t.Errorf("budget %d over %d workers: %d iterations, %d samples", tc.budget, tc.workers, sr.Iterations(), n)
		}
	}
}

// TestWorkersFindTheBestMove: the merged search chooses as well as one tree on the toy games
// whose best move is known.
func TestWorkersFindTheBestMove(t *testing.T) {
	for _, w := range []int{2, 3} {
		for seed := range uint64(3) {
			got, err := search.Choose(context.Background(), dealGuess(t, false, 1, 2, 3).View(0),
				search.Options[guess, gMove]{Iterations: 3000, Workers: w}, rng.New(seed))
			if err != nil || got != (gMove{kind: gHi}) {
				t.Errorf("guess card 1, Workers %d, seed %d: %v, %v; want hi", w, seed, got, err)
			}
			n, err := search.Choose(context.Background(), newNim(2, 5).View(0),
				search.Options[nim, nimMove]{Iterations: 400, Workers: w, Paired: true}, rng.New(seed))
			if err != nil || n != 2 {
				t.Errorf("paired nim 5, Workers %d, seed %d: %v, %v; want take 2", w, seed, n, err)
			}
		}
	}
}

// TestBudget pins the mapping of a game's budgets to the search's.
func TestBudget(t *testing.T) {
	for _, tc := range []struct {
		it    int
		t     time.Duration
		wantI int
		wantT time.Duration
	}{
		{500, 0, 500, 0},
		{500, -time.Second, 500, 0},
		{500, 50 * time.Millisecond, 500, 50 * time.Millisecond},
		{0, 50 * time.Millisecond, -1, 50 * time.Millisecond},
		{-3, time.Second, -1, time.Second},
		{0, 0, -1, search.DefaultTime},
		{-1, -time.Millisecond, -1, search.DefaultTime},
	} {
		if i, d := search.Budget(tc.it, tc.t); i != tc.wantI || d != tc.wantT {
			t.Errorf("Budget(%d, %v) = %d, %v; want %d, %v", tc.it, tc.t, i, d, tc.wantI, tc.wantT)
		}
	}
	if search.DefaultTime != 100*time.Millisecond {
		t.Errorf("DefaultTime = %v, want 100ms", search.DefaultTime)
	}
}

// TestTimeBudget: a time budget ends a search that has no iteration limit, and the search plays
// the best move found (take 2 in nim from 5); an iteration budget reached first ends it before
// the time does; and with neither Time nor a deadline, no iteration limit means DefaultIterations.
// The bounds are loose (seconds, and a thousand nim iterations in 300 ms): speed lives in the
// benchmarks.
func TestTimeBudget(t *testing.T) {
	v := newNim(2, 5).View(0)
	for _, w := range []int{1, 2} {
		sr := search.New[nim, nimMove, nimView](search.Options[nim, nimMove]{Iterations: -1, Time: 300 * time.Millisecond, Workers: w})
		start := time.Now()
		m, err := sr.Choose(context.Background(), v, rng.New(1))
		el := time.Since(start)
		if err != nil || m != 2 {
			t.Errorf("Workers %d: Choose = %v, %v; want take 2, nil", w, m, err)
		}
		if el > 5*time.Second {
			t.Errorf("Workers %d: a 300ms search took %v", w, el)
		}
		if n := sr.Iterations(); n <= search.DefaultIterations || n >= math.MaxInt32/2 {
			t.Errorf("Workers %d: %d iterations in a 300ms search with no iteration limit", w, n)
		}
		if visits := sumInts(statVisits(sr.RootStats(nil))); visits != sr.Iterations() {
			t.Errorf("Workers %d: root visits %d, iterations %d", w, visits, sr.Iterations())
		}

		sr = search.New[nim, nimMove, nimView](search.Options[nim, nimMove]{Iterations: 300, Time: time.Minute, Workers: w})
		start = time.Now()
		if _, err := sr.Choose(context.Background(), v, rng.New(1)); err != nil || sr.Iterations() != 300 || time.Since(start) > 10*time.Second {
			t.Errorf("Workers %d: 300 iterations within a minute: %d iterations, %v, error %v", w, sr.Iterations(), time.Since(start), err)
		}

		sr = search.New[nim, nimMove, nimView](search.Options[nim, nimMove]{Iterations: -1, Workers: w})
		if _, err := sr.Choose(context.Background(), v, rng.New(1)); err != nil || sr.Iterations() != search.DefaultIterations {
			t.Errorf("Workers %d: no limit, no time, no deadline: %d iterations, error %v; want DefaultIterations", w, sr.Iterations(), err)
		}

		// A context's deadline bounds a search with no iteration limit too.
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		sr = search.New[nim, nimMove, nimView](search.Options[nim, nimMove]{Iterations: -1, Workers: w})
		_, err = sr.Choose(ctx, v, rng.New(1))
		cancel()
		if err != nil || sr.Iterations() <= search.DefaultIterations {
			t.Errorf("Workers %d: no limit, a 300ms deadline: %d iterations, error %v", w, sr.Iterations(), err)
		}
	}
	// A time budget already over: the first legal move at once, without error.
	sr := search.New[nim, nimMove, nimView](search.Options[nim, nimMove]{Iterations: -1, Time: time.Nanosecond})
	if m, err := sr.Choose(context.Background(), newNim(2, 60).View(0), rng.New(1)); err != nil || !slices.Contains(newNim(2, 60).Legal(), m) {
		t.Errorf("a 1ns search: %v, %v", m, err)
	}
}

// TestWorkersContext: with workers, a context cancelled before the search returns the first legal
// move and context.Canceled without sampling; cancelled during the search, or past its deadline,
// it returns the best move so far and no error.
func TestWorkersContext(t *testing.T) {
	v := dealGuess(t, false, 3, 0, 9).View(0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	guessSamples.Store(0)
	m, err := search.Choose(ctx, v, search.Options[guess, gMove]{Workers: 2}, rng.New(1))
	if !errors.Is(err, context.Canceled) || m != v.Legal()[0] || guessSamples.Load() != 0 {
		t.Errorf("cancelled before: %v, %v after %d samples; want the first legal move, context.Canceled, none", m, err, guessSamples.Load())
	}

	nv := newNim(2, 60).View(0)
	for _, mk := range []func() (context.Context, context.CancelFunc){
		func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(30*time.Millisecond, cancel)
			return ctx, cancel
		},
		func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 30*time.Millisecond)
		},
	} {
		ctx, cancel := mk()
		sr := search.New[nim, nimMove, nimView](search.Options[nim, nimMove]{Iterations: 1 << 30, Workers: 3})
		start := time.Now()
		m, err := sr.Choose(ctx, nv, rng.New(1))
		cancel()
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("search ran %v past a 30ms cancellation or deadline", el)
		}
		if err != nil || !slices.Contains(nv.Legal(), m) || sr.Iterations() == 0 || sr.Iterations() >= 1<<30 {
			t.Errorf("cancelled during: %v, %v after %d iterations; want a legal move, nil", m, err, sr.Iterations())
		}
	}

	sr := search.New[nim, nimMove, nimView](search.Options[nim, nimMove]{Iterations: 1 << 30, Workers: 2})
	if m, err := sr.Choose(pastDeadline{context.Background()}, nv, rng.New(1)); err != nil || m != nv.Legal()[0] || sr.Iterations() != 0 {
		t.Errorf("past the deadline: %v, %v after %d iterations; want the first legal move, nil, 0", m, err, sr.Iterations())
	}
}

// TestWorkersErrors: a game's contract breach found by a worker ends the search with its error,
// and a single legal move is returned at once, without workers.
func TestWorkersErrors(t *testing.T) {
	opts := search.Options[nim, nimMove]{Iterations: 10, Workers: 2, Playout: func(nim, *rng.Rand) nimMove { return 3 }}
	if _, err := search.Choose(context.Background(), newNim(2, 9).View(0), opts, rng.New(1)); !errors.Is(err, norns.ErrIllegalMove) {
		t.Errorf("a playout policy returning an illegal move: error %v, want ErrIllegalMove", err)
	}
	// One worker failing stops the others: without that, they would run their share of 2^30.
	var calls atomic.Int64
	opts = search.Options[nim, nimMove]{Iterations: 1 << 30, Workers: 2, Playout: func(s nim, r *rng.Rand) nimMove {
		if calls.Add(1) == 200 {
			return 3
		}
		return nimMove(1 + r.IntN(min(2, int(s.pile))))
	}}
	start := time.Now()
	if _, err := search.Choose(context.Background(), newNim(2, 30).View(0), opts, rng.New(1)); !errors.Is(err, norns.ErrIllegalMove) || time.Since(start) > 10*time.Second {
		t.Errorf("a worker's playout policy failing once: error %v after %v, want ErrIllegalMove at once", err, time.Since(start))
	}

	sr := search.New[nim, nimMove, nimView](search.Options[nim, nimMove]{Workers: 4})
	r := rng.New(1)
	m, err := sr.Choose(context.Background(), newNim(2, 1).View(0), r)
	if err != nil || m != 1 || sr.Iterations() != 0 || sr.Nodes() != 0 || r.Uint64() != rng.New(1).Uint64() {
		t.Errorf("single move: %v, %v after %d iterations, %d nodes; want take 1 at once, no draw", m, err, sr.Iterations(), sr.Nodes())
	}
	if _, err := sr.Choose(context.Background(), newNim(2, 5).View(1), r); err == nil {
		t.Error("Workers 4, a seat not to act: no error")
	}
}

// TestWorkersPanic: a panic in a worker's call of the game or of an option (a bug) is raised on
// the caller's goroutine, where it can be recovered as without workers, once every worker has
// stopped; the Searcher searches normally afterwards.
func TestWorkersPanic(t *testing.T) {
	var calls atomic.Int64
	boom := true
	opts := search.Options[nim, nimMove]{Iterations: 1 << 30, Workers: 3, Playout: func(s nim, r *rng.Rand) nimMove {
		if boom && calls.Add(1) == 200 {
			panic("boom")
		}
		return nimMove(1 + r.IntN(min(2, int(s.pile))))
	}}
	sr := search.New[nim, nimMove, nimView](opts)
	v := newNim(2, 30).View(0)
	got := func() (p any) {
		defer func() { p = recover() }()
		sr.Choose(context.Background(), v, rng.New(1))
		return nil
	}()
	if got != "boom" {
		t.Errorf("recovered %v, want the worker's panic", got)
	}
	boom = false
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	m, err := sr.Choose(ctx, v, rng.New(1))
	if err != nil || sr.Iterations() == 0 || !slices.Contains(v.Legal(), m) {
		t.Errorf("after a panic: %v, %v after %d iterations", m, err, sr.Iterations())
	}
}

// TestWorkersAllocs: a reused Searcher with one worker allocates nothing; with more, one
// allocation per goroutine it starts (the go statement's closure: Workers-1 per search).
func TestWorkersAllocs(t *testing.T) {
	v := dealGuess(t, true, 4, 0, 0).View(0)
	ctx := context.Background()
	for _, tc := range []struct {
		workers int
		max     float64
	}{{1, 0}, {2, 1}, {4, 3}} {
		sr := search.New[guess, gMove, guessView](search.Options[guess, gMove]{Iterations: 200, Workers: tc.workers})
		r := rng.New(1)
		for range 3 {
			if _, err := sr.Choose(ctx, v, r); err != nil {
				t.Fatal(err)
			}
		}
		n := testing.AllocsPerRun(20, func() { sr.Choose(ctx, v, r) })
		t.Logf("Workers %d: %v allocations per search", tc.workers, n)
		if n > tc.max {
			t.Errorf("Workers %d: a reused Searcher allocates %v times per search, want at most %v", tc.workers, n, tc.max)
		}
	}
}

// BenchmarkWorkers measures the iterations per second (wall time) of root-parallel searches of
// 4000 iterations in the wide game (64 moves, rotated lists) with 1 and 2 workers, and the CPU
// time per iteration (the process's, every goroutine's: what parallelism costs beyond one tree).
// On a machine with two free cores, 2 workers approach twice the rate of 1.
//
//	go test ./internal/search -run '^$' -bench Workers -benchmem -count 5
func BenchmarkWorkers(b *testing.B) {
	const budget = 4000
	v := dealtWide(b, 64, wRotate).View(0)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			sr := search.New[wide, wMove, wideView](search.Options[wide, wMove]{Iterations: budget, Workers: w})
			r := rng.New(1)
			if _, err := sr.Choose(context.Background(), v, r); err != nil { // grow the buffers
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := gametest.CPUTime()
			for b.Loop() {
				if _, err := sr.Choose(context.Background(), v, r); err != nil {
					b.Fatal(err)
				}
			}
			cpu = gametest.CPUTime() - cpu
			b.ReportMetric(float64(b.N*budget)/b.Elapsed().Seconds(), "iterations/s")
			if cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*budget), "cpu-ns/iteration")
			}
		})
	}
}
