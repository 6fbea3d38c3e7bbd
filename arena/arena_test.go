package arena_test

import (
	"context"
	"errors"
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/internal/toy"
)

// The toy game's best strategy: draw on a low card (the stock's cards average 2.5), keep a high one.
func smart(uint64) norns.Bot[toy.View, toy.Move] {
	return norns.BotFunc[toy.View, toy.Move](func(_ context.Context, v toy.View) (toy.Move, error) {
		if v.Own() < 3 {
			return toy.Draw, nil
		}
		return toy.Keep, nil
	})
}

func random(seed uint64) norns.Bot[toy.View, toy.Move] {
	return norns.NewRandomBot[toy.View, toy.Move](seed)
}

func TestRunMeasuresAStrongerBot(t *testing.T) {
	c := arena.Config[toy.State, toy.Move, toy.View]{Start: toy.New(), Seeds: 400, Candidate: smart, Base: random}
	var calls int
	c.Progress = func(done, total int) {
		calls++
		if done > total {
			t.Errorf("progress %d of %d", done, total)
		}
	}
	res, err := arena.Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 400 || res.Seeds != 400 || res.Matches != 800 || res.Even != 0.5 {
		t.Errorf("result %+v after %d progress calls", res, calls)
	}
	if !res.Beats() {
		t.Errorf("the smart bot does not beat random: %v", res)
	}
	again, _ := arena.Run(context.Background(), c)
	if again != res {
		t.Errorf("a second run differs: %v, then %v", res, again)
	}
	c.Candidate, c.Base = random, random
	even, _ := arena.Run(context.Background(), c)
	if even.Beats() || math.Abs(even.Mean-0.5) > 2*even.Half+0.02 {
		t.Errorf("random against random: %v", even)
	}
}

func TestStreamsKeepOneKindOfChanceFixed(t *testing.T) {
	// With every chance node in stream 0, seed 1's deal is the same whether or not the stream
	// function is given (stream 0 of a seed is seeded with the seed itself).
	base := arena.Config[toy.State, toy.Move, toy.View]{Start: toy.New(), Seeds: 50, Candidate: smart, Base: random}
	one, err := arena.Run(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	base.Stream = func(toy.State) int { return 0 }
	streamed, err := arena.Run(context.Background(), base)
	if err != nil || streamed != one {
		t.Errorf("stream 0 for all chance: %v, %v; want %v", streamed, err, one)
	}
	base.Stream = func(toy.State) int { return 9 }
	if _, err := arena.Run(context.Background(), base); err == nil {
		t.Error("stream 9: no error")
	}
}

func TestRunStopsOnErrors(t *testing.T) {
	failing := func(uint64) norns.Bot[toy.View, toy.Move] {
		return norns.BotFunc[toy.View, toy.Move](func(context.Context, toy.View) (toy.Move, error) {
			return toy.Move{}, errors.New("broken bot")
		})
	}
	c := arena.Config[toy.State, toy.Move, toy.View]{Start: toy.New(), Seeds: 50, Candidate: failing, Base: random}
	if _, err := arena.Run(context.Background(), c); err == nil {
		t.Error("no error from a failing bot")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c.Candidate = smart
	if _, err := arena.Run(ctx, c); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
	c.Seeds = 1
	if _, err := arena.Run(context.Background(), c); err == nil {
		t.Error("one seed: no error")
	}
}

func TestMeanCI(t *testing.T) {
	mean, half := arena.MeanCI([]float64{0, 1, 0, 1})
	if mean != 0.5 || math.Abs(half-1.96*math.Sqrt(1.0/3)/2) > 1e-12 {
		t.Errorf("MeanCI = %v, %v", mean, half)
	}
}

// TestRunHugeSeedCountStreamsResults guards against Run preallocating per seed: with 1<<40
// seeds it must neither run out of memory nor hold more than a few results at once, and a
// cancelled context (here after 300 seeds) must end it promptly with the context's error.
func TestRunHugeSeedCountStreamsResults(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	c := arena.Versus(toy.New(), smart, random)
	c.Seeds = 1 << 40
	var cancelled time.Time
	c.Progress = func(done, total int) {
		if total != 1<<40 {
			t.Errorf("progress total %d", total)
		}
		if done == 300 {
			cancelled = time.Now()
			cancel()
		}
	}
	_, err := arena.Run(ctx, c)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run with a cancelled context: %v, want context.Canceled", err)
	}
	if d := time.Since(cancelled); d > time.Second {
		t.Errorf("Run returned %v after the cancel", d)
	}
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > 16<<20 {
		t.Errorf("the heap grew by %d MB", grew>>20)
	}
}

// TestRunCancelledFromOutside guards against a Run that waits for seeds to finish or for the
// feeder to run out before it notices a context cancelled by its caller.
func TestRunCancelledFromOutside(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	c := arena.Versus(toy.New(), smart, random)
	c.Seeds = 1 << 40
	began := time.Now()
	if _, err := arena.Run(ctx, c); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Run past its deadline: %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Errorf("Run took %v with a 30ms deadline", d)
	}
}

// TestResultDoesNotDependOnWorkers: seeds are folded in seed order, so the same tournament gives
// the same result (to the last bit) with one worker or eight.
func TestResultDoesNotDependOnWorkers(t *testing.T) {
	c := arena.Versus(toy.New(), smart, random)
	c.Seeds = 300
	c.Workers = 1
	one, err := arena.Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	c.Workers = 8
	eight, err := arena.Run(context.Background(), c)
	if err != nil || eight != one {
		t.Errorf("8 workers: %v, %v; 1 worker: %v", eight, err, one)
	}
}
