package herrlof

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
// bot against heuristic bots, with every move and, at each of the search's decisions, the root's
// visit counts and mean rewards (as float bits) folded into a digest per match. A change that
// only makes the search faster (its playout loop, the policy's arithmetic) must leave every
// digest as it was; a change of the bot's play is made on purpose, with -update-search.
func TestSearchBotPinned(t *testing.T) {
	var b strings.Builder
	for _, c := range []Config{{Players: 2, HandLimit: 2}, {Players: 3, HandLimit: 1}} {
		for seed := range uint64(3) {
			fmt.Fprintf(&b, "%dp seed %d: %s\n", c.Players, seed, searchDigest(t, c, seed))
		}
	}
	gametest.Golden(t, filepath.Join("testdata", "search.golden"), b.String(), *updateSearch, "the search bot's decisions")
}

// searchDigest plays a seeded match of a 200-iteration search bot in seat 0 against heuristic
// bots and returns the digest of its moves and root statistics (the bid's tree in the bidding).
func searchDigest(t *testing.T, c Config, seed uint64) string {
	t.Helper()
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	sb := NewSearchBot(SearchOptions{Seed: seed, Iterations: 200})
	others := []Bot{nil, NewHeuristicBot(seed + 1), NewHeuristicBot(seed + 2)}
	return gametest.SearchMatchDigest(t, s, seed, Bot(sb), others, func(s State) string {
		tree := sb.play
		if s.phase == PhaseBid {
			tree = sb.bid
		}
		return gametest.RootStatsText(tree.RootStats(nil))
	})
}
