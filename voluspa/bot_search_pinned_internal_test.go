package voluspa

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
)

var updateSearch = flag.Bool("update-search", false, "rewrite testdata/search.golden (only when a change of the search bot's decisions is intended)")

// TestSearchBotPinned pins the search bot's decisions exactly: whole seeded matches of a search
// bot in seat 0 against heuristic bots, at a fixed seed and a budget in iterations, with every
// move and, at each of the search's decisions, the root's visit counts and mean rewards (as float
// bits) folded into a digest per match; one match searches with two workers. A change that only
// makes the rules or the search faster (Legal, Step, the policy's arithmetic) must leave every
// digest as it was; a change of the bot's play is made on purpose, with -update-search.
func TestSearchBotPinned(t *testing.T) {
	var b strings.Builder
	for _, c := range []struct{ players, workers int }{{2, 1}, {3, 1}, {2, 2}} {
		seeds := uint64(2)
		if c.workers > 1 {
			seeds = 1
		}
		for seed := range seeds {
			fmt.Fprintf(&b, "%dp workers %d seed %d: %s\n", c.players, c.workers, seed, searchDigest(t, c.players, c.workers, seed))
		}
	}
	gametest.Golden(t, filepath.Join("testdata", "search.golden"), b.String(), *updateSearch, "the search bot's decisions")
}

// searchDigest plays a seeded match of n players, a search bot of 100 iterations in seat 0
// against heuristic bots, and returns the digest of its moves and the search's root statistics.
func searchDigest(t *testing.T, n, workers int, seed uint64) string {
	t.Helper()
	s, err := New(Config{Players: n})
	if err != nil {
		t.Fatal(err)
	}
	sb := NewSearchBot(SearchOptions{Seed: seed, Iterations: 100, Workers: workers})
	others := make([]Bot, n)
	for p := 1; p < n; p++ {
		others[p] = NewHeuristicBot(seed + uint64(p))
	}
	return gametest.SearchMatchDigest(t, s, seed, Bot(sb), others, func(s State) string {
		if len(s.Legal()) < 2 { // with one move the bot does not search
			return ""
		}
		return gametest.RootStatsText(sb.s.RootStats(nil))
	})
}
