package gnav

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
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
// bots and returns the digest of its moves and root statistics.
func searchDigest(t *testing.T, c Config, seed uint64) string {
	t.Helper()
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(seed)
	sb := NewSearchBot(SearchOptions{Seed: seed, Iterations: 200})
	h := NewHeuristicBot(seed + 1)
	d := sha256.New()
	var stats []search.MoveStats[Move]
	for !s.Over() {
		var m Move
		switch p := s.ToMove(); {
		case p == norns.Chance:
			m = s.SampleChance(r)
		case p == 0:
			if m, err = sb.Choose(context.Background(), s.View(p)); err != nil {
				t.Fatal(err)
			}
			stats = sb.s.RootStats(stats[:0])
			for _, st := range stats {
				fmt.Fprintf(d, "%v:%d:%x ", st.Move, st.Visits, math.Float64bits(st.Mean))
			}
		default:
			if m, err = h.Choose(context.Background(), s.View(p)); err != nil {
				t.Fatal(err)
			}
		}
		fmt.Fprintf(d, "%v;", m)
		if s, err = s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Sprintf("%x", d.Sum(nil)[:12])
}
