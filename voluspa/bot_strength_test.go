package voluspa_test

import (
	"context"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/voluspa"
)

var (
	botStrengthFlag  = flag.Bool("strength", false, "run TestBotStrength: bot-against-bot matches with confidence intervals")
	botStrengthSeeds = flag.Int("strength.seeds", 500, "TestBotStrength: seeds per pairing (each played once per seating)")
	botStrengthIters = flag.Int("strength.iters", 200, "TestBotStrength: search iterations per decision (0: the bot's default)")
	botStrengthSeats = flag.Int("strength.players", 2, "TestBotStrength: players per match (the candidate against the others)")
	botStrengthTime  = flag.Duration("strength.time", 0, "TestBotStrength: search time per decision (0: none, the iterations alone)")
	botStrengthNoise = flag.Float64("strength.noise", -1, "TestBotStrength: the search's playout noise (negative: the default)")
	botStrengthOpp   = flag.Float64("strength.opp", -1, "TestBotStrength: the search's opponent-model noise (negative: the default)")
	botStrengthScale = flag.Float64("strength.scale", 0, "TestBotStrength: the search's reward scale in points (0: the default)")
	botStrengthRound = flag.Int("strength.rounds", 0, "TestBotStrength: the search's own turns before its horizon (0: the default)")
	botStrengthFirst = flag.Uint64("strength.first", 1, "TestBotStrength: the first seed")
	botStrengthOnly  = flag.String("strength.only", "", "TestBotStrength: run only the pairings whose name starts with this")
)

type botMaker func(seed uint64) norns.Bot[voluspa.View, voluspa.Move]

// TestBotStrength measures the bots against each other (behind -strength):
//
//	go test ./voluspa -run TestBotStrength -strength -v
//
// Each pairing runs arena.Run over -strength.seeds seeds, each played once per seating of the
// candidate with the same tiles drawn every time (all chance comes from the seed). The heuristic
// must beat the random bot and the search bot the heuristic, with the whole 95% confidence
// interval above an equal bot's share (1/players).
func TestBotStrength(t *testing.T) {
	if !*botStrengthFlag {
		t.Skip("run with -strength")
	}
	random := func(seed uint64) norns.Bot[voluspa.View, voluspa.Move] { return voluspa.NewRandomBot(seed) }
	heuristic := func(seed uint64) norns.Bot[voluspa.View, voluspa.Move] { return voluspa.NewHeuristicBot(seed) }
	searchBot := func(seed uint64) norns.Bot[voluspa.View, voluspa.Move] {
		opts := voluspa.SearchOptions{Seed: seed, Iterations: *botStrengthIters, Time: *botStrengthTime}
		return voluspa.NewTunedSearchBot(opts, *botStrengthNoise, *botStrengthOpp, *botStrengthScale, *botStrengthRound)
	}
	oldSearch := func(seed uint64) norns.Bot[voluspa.View, voluspa.Move] {
		return voluspa.NewOldSearchBot(voluspa.SearchOptions{Seed: seed, Iterations: *botStrengthIters, Time: *botStrengthTime})
	}
	priorSearch := func(seed uint64) norns.Bot[voluspa.View, voluspa.Move] {
		return voluspa.NewPriorSearchBot(voluspa.SearchOptions{Seed: seed, Iterations: *botStrengthIters, Time: *botStrengthTime})
	}
	start := mustNew(t, *botStrengthSeats)
	for _, tc := range []struct {
		name string
		a, b botMaker
		old  bool // against or as the old search: measured, not required to win
	}{
		{"heuristic vs random", heuristic, random, false},
		{"search vs heuristic", searchBot, heuristic, false},
		{"old search vs heuristic", oldSearch, heuristic, true},
		{"search vs old search", searchBot, oldSearch, true},
		{"prior search vs heuristic", priorSearch, heuristic, true},
		{"search vs prior search", searchBot, priorSearch, true},
	} {
		if !strings.HasPrefix(tc.name, *botStrengthOnly) {
			continue
		}
		began := time.Now()
		res, err := arena.Run(context.Background(), arena.Config[voluspa.State, voluspa.Move, voluspa.View]{
			Start: start, Seeds: *botStrengthSeeds, FirstSeed: *botStrengthFirst, Candidate: tc.a, Base: tc.b, Stream: voluspa.ChanceStream,
			Progress: func(done, total int) {
				if done%max(1, total/10) == 0 {
					t.Logf("%s: %d of %d seeds, %v", tc.name, done, total, time.Since(began).Round(time.Second))
				}
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s, %d players: win rate %v (95%% CI %.3f–%.3f), %v", tc.name, start.Players(), res, res.Mean-res.Half, res.Mean+res.Half, time.Since(began).Round(time.Second))
		if tc.old {
			continue
		}
		if !res.Beats() {
			t.Errorf("%s: the 95%% confidence interval does not lie above %.3f: %v", tc.name, res.Even, res)
		}
	}
}
