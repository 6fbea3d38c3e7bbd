package voluspa_test

import (
	"context"
	"flag"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/voluspa"
)

var (
	botABFlag = flag.Bool("strength.ab", false, "run TestSearchAB: the search and the prior search, each against the heuristic, seed by seed")
	botABBase = flag.String("strength.a", "prior", "TestSearchAB: the bot to measure the search against: prior (the search before it read the other seats' lays) or search (the default search)")
	botABHand = flag.Float64("strength.hand", 0, "TestSearchAB: the weight of the hands at the search's leaves (0: the default search)")
)

// TestSearchAB measures the search and the prior search (before it read the other seats'
// lays; with -strength.a search, the default search), each as the candidate against heuristic
// bots, on the same seeds (behind -strength.ab; -strength.iters, -strength.players,
// -strength.seeds and -strength.first as TestBotStrength; -strength.hand weighs the hands at the
// search's leaves):
//
//	go test ./voluspa -run TestSearchAB -strength.ab -v -timeout 0 -strength.iters 1650 -strength.players 3
//
// It plays two seeds at a time for each (every seating, with the tiles of arena.Run; arena.Run
// needs two seeds for an interval), the two at once, and logs every 10 seeds each one's win
// share with its 95% interval over the pairs of seeds so far (as arena.Run reports it over
// seeds) and the paired difference, pair by pair, with its own interval: a run stopped early
// still says what it measured.
func TestSearchAB(t *testing.T) {
	if !*botABFlag {
		t.Skip("run with -strength.ab")
	}
	heuristic := func(seed uint64) norns.Bot[voluspa.View, voluspa.Move] { return voluspa.NewHeuristicBot(seed) }
	opts := func(seed uint64) voluspa.SearchOptions {
		return voluspa.SearchOptions{Seed: seed, Iterations: *botStrengthIters, Time: *botStrengthTime}
	}
	makers := [2]botMaker{
		func(seed uint64) norns.Bot[voluspa.View, voluspa.Move] { return voluspa.NewPriorSearchBot(opts(seed)) },
		func(seed uint64) norns.Bot[voluspa.View, voluspa.Move] {
			return voluspa.NewHandSearchBot(opts(seed), *botABHand)
		},
	}
	names := [2]string{"prior search", "search"}
	switch *botABBase {
	case "prior":
	case "search":
		makers[0] = func(seed uint64) norns.Bot[voluspa.View, voluspa.Move] { return voluspa.NewSearchBot(opts(seed)) }
		names[0] = "search"
	default:
		t.Fatalf("-strength.a %q: want prior or search", *botABBase)
	}
	if *botABHand > 0 {
		names[1] = fmt.Sprintf("search with hands %g", *botABHand)
	}
	start := mustNew(t, *botStrengthSeats)
	var got [2][]float64
	var diff []float64
	began := time.Now()
	for i := 0; i+2 <= *botStrengthSeeds; i += 2 {
		var res [2]arena.Result
		var errs [2]error
		var wg sync.WaitGroup
		for k := range 2 {
			wg.Go(func() {
				res[k], errs[k] = arena.Run(context.Background(), arena.Config[voluspa.State, voluspa.Move, voluspa.View]{
					Start: start, Seeds: 2, FirstSeed: *botStrengthFirst + uint64(i), Candidate: makers[k], Base: heuristic,
					Stream: voluspa.ChanceStream, Workers: 1,
				})
			})
		}
		wg.Wait()
		for k := range 2 {
			if errs[k] != nil {
				t.Fatal(errs[k])
			}
			got[k] = append(got[k], res[k].Mean)
		}
		diff = append(diff, res[1].Mean-res[0].Mean)
		if n := i + 2; n%10 == 0 || n+2 > *botStrengthSeeds {
			pm, ph := arena.MeanCI(got[0])
			sm, sh := arena.MeanCI(got[1])
			dm, dh := arena.MeanCI(diff)
			t.Logf("%d seeds from %d (%d matches each), %d players, %d iterations: %s %.3f ± %.3f, %s %.3f ± %.3f, difference %+.3f ± %.3f, %v",
				n, *botStrengthFirst, n*start.Players(), start.Players(), *botStrengthIters, names[0], pm, ph, names[1], sm, sh, dm, dh, time.Since(began).Round(time.Second))
		}
	}
}
