package arena_test

import (
	"context"
	"errors"
	"math"
	"testing"

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

func TestShareAndMeanCI(t *testing.T) {
	if arena.Share(norns.SeatsOf(0, 2), 2) != 0.5 || arena.Share(norns.SeatsOf(1), 0) != 0 || arena.Share(0, 0) != 0 {
		t.Error("Share wrong")
	}
	mean, half := arena.MeanCI([]float64{0, 1, 0, 1})
	if mean != 0.5 || math.Abs(half-1.96*math.Sqrt(1.0/3)/2) > 1e-12 {
		t.Errorf("MeanCI = %v, %v", mean, half)
	}
}
