package gnav

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
)

var updateSearch = flag.Bool("update-search", false, "rewrite testdata/search.golden (only when a change of the search bot's decisions is intended)")

// TestSearchBotPinned pins the search bot's decisions exactly: seeded matches of a search bot
// (200 iterations, a fixed seed) in seat 0 against heuristic bots, with every move and, at each
// of the search's decisions, the root's visit counts and mean rewards (as float bits) folded into
// a digest per match. A change that only makes the search faster (the policy's arithmetic, the
// replay of the deal's acts, the sampler) must leave every digest as it was; a change of the
// bot's play is made on purpose, with -update-search.
func TestSearchBotPinned(t *testing.T) {
	var b strings.Builder
	for _, c := range []Config{{Players: 4}, {Players: 3, Lives: 2}, {Players: 6, Lives: 2, CatIsDragoon: true}} {
		for seed := range uint64(3) {
			fmt.Fprintf(&b, "%dp seed %d: %s\n", c.Players, seed, searchDigest(t, c, seed))
		}
	}
	gametest.Golden(t, filepath.Join("testdata", "search.golden"), b.String(), *updateSearch, "the search bot's decisions")
}

// searchDigest plays a seeded match of a 200-iteration search bot in seat 0 against heuristic
// bots (one bot for every other seat) and returns the digest of its moves and root statistics.
func searchDigest(t *testing.T, c Config, seed uint64) string {
	t.Helper()
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	sb := NewSearchBot(SearchOptions{Seed: seed, Iterations: 200})
	h := NewHeuristicBot(seed + 1)
	others := make([]Bot, s.Players())
	for p := range others {
		others[p] = h
	}
	return gametest.SearchMatchDigest(t, s, seed, Bot(sb), others, func(State) string {
		return gametest.RootStatsText(sb.s.RootStats(nil))
	})
}
