package gametest

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// SearchMatchDigest plays a seeded match from start, searcher in seat 0 and others[p] in every
// other seat p, chance drawn from rng.New(seed), and returns a digest of every move and, after
// each of the searcher's choices in state s, of root(s): the root statistics of the search that
// chose (RootStatsText), or "" when it did not search. It is what each game's
// TestSearchBotPinned pins in testdata/search.golden, so that speed work on the search or the
// rules cannot change a decision unseen.
func SearchMatchDigest[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](t testing.TB, start S, seed uint64,
	searcher norns.Bot[V, M], others []norns.Bot[V, M], root func(s S) string) string {
	t.Helper()
	s := start
	r := rng.New(seed)
	h := sha256.New()
	ctx := context.Background()
	for !s.Over() {
		var m M
		var err error
		switch p := s.ToMove(); {
		case p == norns.Chance:
			m = s.SampleChance(r)
		case p == 0:
			if m, err = searcher.Choose(ctx, s.View(p)); err != nil {
				t.Fatal(err)
			}
			fmt.Fprint(h, root(s))
		default:
			if m, err = others[p].Choose(ctx, s.View(p)); err != nil {
				t.Fatal(err)
			}
		}
		fmt.Fprintf(h, "%v;", m)
		if s, err = s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:12])
}

// RootStatsText writes a search's root statistics as SearchMatchDigest folds them: each move,
// its visits and the bits of its mean reward, "move:visits:bits ".
func RootStatsText[M norns.Move](stats []search.MoveStats[M]) string {
	var b strings.Builder
	for _, st := range stats {
		fmt.Fprintf(&b, "%v:%d:%x ", st.Move, st.Visits, math.Float64bits(st.Mean))
	}
	return b.String()
}
