package gulveig

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

var updateSearch = flag.Bool("update-search", false, "rewrite testdata/search.golden (only when a change of the search bot's decisions is intended)")

// heuristicStates plays a seeded match of cfg between heuristic bots and returns every state in
// which a seat has more than one legal move.
func heuristicStates(t testing.TB, cfg Config, seed uint64) []State {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(seed)
	bots := []*HeuristicBot{NewHeuristicBot(seed), NewHeuristicBot(seed + 1), NewHeuristicBot(seed + 2), NewHeuristicBot(seed + 3)}
	var out []State
	for !s.Over() {
		var m Move
		if p := s.ToMove(); p == norns.Chance {
			m = s.SampleChance(r)
		} else {
			if len(s.Legal()) > 1 {
				out = append(out, s)
			}
			if m, err = bots[p].Choose(context.Background(), s.View(p)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Step(m); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// rootDigest returns the digest of the root statistics of b's last search.
func rootDigest(b *SearchBot) string {
	h := sha256.New()
	for _, st := range b.s.RootStats(nil) {
		fmt.Fprintf(h, "%v:%d:%x ", st.Move, st.Visits, math.Float64bits(st.Mean))
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:8])
}

// TestSearchBotPinned pins the search bot's decisions: from the first bid, aside, raise, role turn
// and card decision (with more than one choice) of seeded 3-player matches between heuristic
// bots, the move a 200-iteration search bot with seed 1 chooses and a digest of its root
// statistics; and whole seeded matches of a search bot against heuristic bots, folded into a
// digest per match. A change that only makes the search faster must leave every line as it was;
// a change of the bot's play is made on purpose, with -update-search. testdata/search-v1.golden
// holds the same for the search of version 1.0 (commit 2c0b7a1), which [NewV1SearchBot] must
// still play, since the strength tests measure the search against it.
func TestSearchBotPinned(t *testing.T) {
	gametest.Golden(t, filepath.Join("testdata", "search.golden"), pinnedSearchText(t, NewSearchBot), *updateSearch, "the search bot's decisions")
	gametest.Golden(t, filepath.Join("testdata", "search-v1.golden"), pinnedSearchText(t, NewV1SearchBot), false, "version 1.0's search bot's decisions")
}

// pinnedSearchText returns the decisions TestSearchBotPinned pins, of the bots newBot returns.
func pinnedSearchText(t *testing.T, newBot func(SearchOptions) *SearchBot) string {
	var b strings.Builder
	for _, cfg := range []Config{{Players: 3, HandLimit: 2}, {Players: 3, HandLimit: 2, Roles: true}} {
		for seed := range uint64(2) {
			seen := map[Phase]bool{}
			for _, s := range heuristicStates(t, cfg, seed) {
				if seen[s.phase] {
					continue
				}
				seen[s.phase] = true
				v := s.View(s.ToMove())
				bot := newBot(SearchOptions{Seed: 1, Iterations: 200})
				m, err := bot.Choose(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&b, "roles %v seed %d %v seat %d hand %v: %v (%s)\n", cfg.Roles, seed, s.phase, s.ToMove(), v.Hand(), m, rootDigest(bot))
			}
		}
	}
	for seed := range uint64(2) {
		fmt.Fprintf(&b, "match 3p seed %d: %s\n", seed, searchMatchDigest(t, Config{Players: 3, HandLimit: 1}, seed, newBot))
	}
	return b.String()
}

// searchMatchDigest plays a seeded match of a 100-iteration search bot from newBot in seat 0
// against heuristic bots and returns the digest of its moves and root statistics.
func searchMatchDigest(t *testing.T, c Config, seed uint64, newBot func(SearchOptions) *SearchBot) string {
	t.Helper()
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	sb := newBot(SearchOptions{Seed: seed, Iterations: 100})
	others := []Bot{nil, NewHeuristicBot(seed + 1), NewHeuristicBot(seed + 2), NewHeuristicBot(seed + 3)}
	return gametest.SearchMatchDigest(t, s, seed, Bot(sb), others, func(State) string { return rootDigest(sb) })
}

// TestSearchBotSearchesEveryDecision checks that every kind of decision with a choice, with every
// option on, goes through the search (it runs iterations), not through the heuristic alone.
func TestSearchBotSearchesEveryDecision(t *testing.T) {
	seen := map[Phase]bool{}
	for _, players := range []int{2, 3, 4} {
		cfg := Config{Players: players, Veteran: true, Blind: true, Alternates: AllAlternates, Roles: true, HandLimit: 2}
		for seed := range uint64(4) {
			for _, s := range heuristicStates(t, cfg, seed) {
				if seen[s.phase] && s.phase != PhaseGive && s.phase != PhaseSwap {
					continue
				}
				seen[s.phase] = true
				bot := NewSearchBot(SearchOptions{Seed: seed, Iterations: 20})
				m, err := bot.Choose(context.Background(), s.View(s.ToMove()))
				if err != nil {
					t.Fatal(err)
				}
				if !s.isLegal(m) || bot.s.Iterations() == 0 {
					t.Fatalf("%v: move %v after %d iterations", s.phase, m, bot.s.Iterations())
				}
			}
		}
	}
	for _, ph := range []Phase{PhaseBid, PhaseRole, PhaseGive, PhaseSwap, PhaseAside, PhaseRaise, PhasePlay} {
		if !seen[ph] {
			t.Errorf("no %v decision met", ph)
		}
	}
}

// isLegal reports whether m is among s's legal moves.
func (s State) isLegal(m Move) bool {
	for _, x := range s.Legal() {
		if x == m {
			return true
		}
	}
	return false
}

// TestSearchBotSeesOnlyTheView gives the search views of states whose hidden part (a card the
// seat never saw, or a role) was exchanged, and checks the same decision: the search reads
// nothing but the view. The matches are of two hands, so that the first hand's leaves are valued
// by the chance of winning the match (search_win.go), and the states after the treasure have
// their deals fitted to the opponents' acts (search_fit.go).
func TestSearchBotSeesOnlyTheView(t *testing.T) {
	r := rng.New(5)
	n := 0
	for seed := range uint64(3) {
		for i, s := range heuristicStates(t, Config{Players: 3, HandLimit: 2, Roles: true}, seed) {
			if i%5 != 0 {
				continue
			}
			p := s.ToMove()
			twin, ok := Twin(s, p, r)
			if !ok || twin == s {
				continue
			}
			if twin.View(p) != s.View(p) {
				t.Fatalf("Twin changed the view of seat %d", p)
			}
			a, b := NewSearchBot(SearchOptions{Seed: 9, Iterations: 60}), NewSearchBot(SearchOptions{Seed: 9, Iterations: 60})
			ma, err := a.Choose(context.Background(), s.View(p))
			if err != nil {
				t.Fatal(err)
			}
			mb, err := b.Choose(context.Background(), twin.View(p))
			if err != nil {
				t.Fatal(err)
			}
			if ma != mb || rootDigest(a) != rootDigest(b) {
				t.Fatalf("%v: %v on the state, %v on its twin", s.phase, ma, mb)
			}
			n++
		}
	}
	if n < 10 {
		t.Errorf("only %d twins compared", n)
	}
}

// TestSearchBotWorkers checks that a search with 2 workers is reproducible from its seed with an
// iteration budget, and that a time budget alone bounds the search.
func TestSearchBotWorkers(t *testing.T) {
	states := heuristicStates(t, Config{Players: 3, HandLimit: 1}, 4)
	for _, s := range []State{states[0], states[len(states)/2], states[len(states)-1]} {
		v := s.View(s.ToMove())
		a := NewSearchBot(SearchOptions{Seed: 3, Iterations: 100, Workers: 2})
		b := NewSearchBot(SearchOptions{Seed: 3, Iterations: 100, Workers: 2})
		ma, err := a.Choose(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		mb, _ := b.Choose(context.Background(), v)
		if ma != mb || rootDigest(a) != rootDigest(b) {
			t.Errorf("%v: 2 workers chose %v, then %v", s.phase, ma, mb)
		}
		visits := 0
		for _, st := range a.s.RootStats(nil) {
			visits += st.Visits
		}
		if visits != 100 {
			t.Errorf("%v: 2 workers visited the root's moves %d times, want 100", s.phase, visits)
		}
		c := NewSearchBot(SearchOptions{Seed: 3, Time: 5 * time.Millisecond})
		began := time.Now()
		if _, err := c.Choose(context.Background(), v); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(began); d > 500*time.Millisecond {
			t.Errorf("%v: a 5 ms search took %v", s.phase, d)
		}
	}
}

// TestPriorMemo checks that the prior answers through one memo kept across the states of
// heuristic matches, each also under other worths and strengths, exactly as with a memo of its
// own for each answer: the memo's key holds all its values depend on.
func TestPriorMemo(t *testing.T) {
	shared := new(searchModel)
	var legal []Move
	n := 0
	for _, c := range []Config{{Players: 3, HandLimit: 2}, {Players: 4, HandLimit: 2, Roles: true, Alternates: AllAlternates}, {Players: 2, HandLimit: 2, Roles: true, Blind: true}} {
		for _, s := range heuristicStates(t, c, 3) {
			if s.toMove < 0 {
				continue
			}
			legal = s.AppendLegal(legal[:0])
			other := s // the same hand and cards played under other worths and strengths
			other.vi = uint8((int(s.vi) + 37) % len(valueTables))
			for _, mv := range legal {
				for _, u := range []State{s, other} {
					if got, want := shared.prior(u, mv), new(searchModel).prior(u, mv); got != want {
						t.Fatalf("prior of %v: %v through the shared memo, want %v at\n%v", mv, got, want, u)
					}
					n++
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d moves checked", n)
	}
}

// TestSearchPolicyAllocs checks that the playout policy and the prior (with its memo) allocate
// nothing.
func TestSearchPolicyAllocs(t *testing.T) {
	states := heuristicStates(t, Config{Players: 3, HandLimit: 1, Roles: true}, 2)
	r := rng.New(1)
	var legal []Move
	m := new(searchModel)
	for _, s := range states {
		legal = s.AppendLegal(legal[:0])
		if a := testing.AllocsPerRun(20, func() {
			policyMove(&s, r, 0.1)
			for _, mv := range legal {
				m.prior(s, mv)
			}
		}); a != 0 {
			t.Fatalf("%v: %v allocations", s.phase, a)
		}
	}
}
