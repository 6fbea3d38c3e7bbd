package herrlof_test

import (
	"context"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/herrlof"
)

var (
	botStrengthFlag  = flag.Bool("strength", false, "run TestBotStrength: bot-against-bot matches with confidence intervals")
	botStrengthSeeds = flag.Int("strength.seeds", 500, "TestBotStrength: seeds per pairing (each played twice, seats swapped)")
	botStrengthIters = flag.Int("strength.iters", 300, "TestBotStrength: search iterations per decision (0: the bot's default, DefaultSearchTime per decision)")
	botStrengthSeats = flag.Int("strength.players", 2, "TestBotStrength: players per match (3: the candidate against two base bots)")
	botStrengthOnly  = flag.String("strength.only", "", "TestBotStrength: run only the pairings whose name contains this")
	botStrengthTune  = flag.String("strength.tune", "", "TestBotStrength: the candidate search bot's tuning changed, as in noise=0.05,expl=0.5 (keys: noise, solve2, solve3, bidfactor, scale, expl), for A/B runs")
	botStrengthFirst = flag.Uint64("strength.first", 1, "TestBotStrength: the first seed (to extend a run with more seeds, or to A/B two bots on the same seeds)")
)

// botMaker makes a fresh bot for one match.
type botMaker = arena.Maker[herrlof.View, herrlof.Move]

// TestBotStrength measures the bots against each other (behind -strength):
//
//	go test ./herrlof -run TestBotStrength -strength -v
//
// Each pairing runs arena.Run over -strength.seeds seeds, each played once per seating of the
// candidate (twice with two players, three times with -strength.players 3) with the same deals
// every time. The heuristic must beat the random bot and the search bot the heuristic, with the
// whole 95% confidence interval above an equal bot's share (one half, or one third). Two more
// pairings measure the endgame solver at the same budget: the search against the search without
// it (two players only: with three the bot does not solve), and the search without it against
// the heuristic. The last measures the search against the search of commit 2c0b7a1 (the
// candidate in each seating, that search in every other seat), and only reports: the two may be
// equal. -strength.tune changes the candidate search's tuning, for A/B runs on the same seeds
// (-strength.first). -strength.only runs the pairings whose name contains its text, as in
//
//	go test ./herrlof -run TestBotStrength -strength -strength.only "without solver" -strength.seeds 500 -v
func TestBotStrength(t *testing.T) {
	if !*botStrengthFlag {
		t.Skip("run with -strength")
	}
	random := func(seed uint64) herrlof.Bot { return herrlof.NewRandomBot(seed) }
	heuristic := func(seed uint64) herrlof.Bot { return herrlof.NewHeuristicBot(seed) }
	if _, err := herrlof.NewSearchBotTuned(herrlof.SearchOptions{}, *botStrengthTune); err != nil {
		t.Fatal(err)
	}
	searchBot := func(seed uint64) herrlof.Bot {
		b, _ := herrlof.NewSearchBotTuned(herrlof.SearchOptions{Seed: seed, Iterations: *botStrengthIters}, *botStrengthTune)
		return b
	}
	// The search of commit 2c0b7a1, for the gain of the search since at the same budget.
	oldSearch := func(seed uint64) herrlof.Bot {
		return herrlof.NewSearchBotOld(herrlof.SearchOptions{Seed: seed, Iterations: *botStrengthIters})
	}
	// The search before the endgame solver, for the gain it brings at the same budget.
	noSolver := func(seed uint64) herrlof.Bot {
		return herrlof.NewSearchBotSolving(herrlof.SearchOptions{Seed: seed, Iterations: *botStrengthIters}, 0, 0)
	}
	start, err := herrlof.New(herrlof.Config{Players: *botStrengthSeats})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		a, b botMaker
	}{
		{"heuristic vs random", heuristic, random},
		{"search vs heuristic", searchBot, heuristic},
		{"search vs search without solver", searchBot, noSolver},
		{"search without solver vs heuristic", noSolver, heuristic},
		{"search vs old search", searchBot, oldSearch},
	} {
		if !strings.Contains(tc.name, *botStrengthOnly) {
			continue
		}
		if tc.name == "search vs search without solver" && *botStrengthSeats == 3 && *botStrengthTune == "" {
			continue // with three players the bot does not solve: the same bot twice
		}
		began := time.Now()
		c := arena.Versus(start, tc.a, tc.b)
		c.Seeds, c.FirstSeed, c.Stream = *botStrengthSeeds, *botStrengthFirst, herrlof.ChanceStream
		c.Progress = func(done, total int) {
			if done%20 == 0 && done < total {
				t.Logf("%s: %d of %d seeds, %v", tc.name, done, total, time.Since(began).Round(time.Second))
			}
		}
		res, err := arena.Run(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: win rate %v (95%% CI %.3f–%.3f), %v", tc.name, res, res.Mean-res.Half, res.Mean+res.Half, time.Since(began).Round(time.Second))
		if !res.Beats() && tc.name != "search vs old search" {
			t.Errorf("%s: the 95%% confidence interval does not lie above 1/2: %v", tc.name, res)
		}
	}
}
