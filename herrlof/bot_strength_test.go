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
// the heuristic. -strength.only runs the pairings whose name contains its text, as in
//
//	go test ./herrlof -run TestBotStrength -strength -strength.only "without solver" -strength.seeds 500 -v
func TestBotStrength(t *testing.T) {
	if !*botStrengthFlag {
		t.Skip("run with -strength")
	}
	random := func(seed uint64) herrlof.Bot { return herrlof.NewRandomBot(seed) }
	heuristic := func(seed uint64) herrlof.Bot { return herrlof.NewHeuristicBot(seed) }
	searchBot := func(seed uint64) herrlof.Bot {
		return herrlof.NewSearchBot(herrlof.SearchOptions{Seed: seed, Iterations: *botStrengthIters})
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
	} {
		if !strings.Contains(tc.name, *botStrengthOnly) {
			continue
		}
		if tc.name == "search vs search without solver" && *botStrengthSeats == 3 {
			continue // with three players the bot does not solve: the same bot twice
		}
		began := time.Now()
		c := arena.Versus(start, tc.a, tc.b)
		c.Seeds, c.Stream = *botStrengthSeeds, herrlof.ChanceStream
		res, err := arena.Run(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: win rate %v (95%% CI %.3f–%.3f), %v", tc.name, res, res.Mean-res.Half, res.Mean+res.Half, time.Since(began).Round(time.Second))
		if !res.Beats() {
			t.Errorf("%s: the 95%% confidence interval does not lie above 1/2: %v", tc.name, res)
		}
	}
}
