package gnav

import (
	"context"
	"flag"
	"strconv"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

var (
	diag        = flag.Bool("diag", false, "run TestBotDiag: the bots' regret at decision points of heuristic matches")
	diagVerbose = flag.Bool("diag.v", false, "TestBotDiag: log every decision where a bot and the heuristic differ")
	diagIters   = flag.String("diag.iters", "1000,4000", "TestBotDiagBudget: the budgets (comma-separated iterations) compared with 32,000 iterations")
)

// TestBotDiag measures, at the decisions of matches between heuristic bots, what each bot's
// choice is worth against the best choice for the true cards (every seat then playing the
// heuristic to the end of the deal): the mean regret in win share. The difference between two
// bots' regrets is the difference of what their choices are worth, with far less noise than
// whole matches.
func TestBotDiag(t *testing.T) {
	if !*diag {
		t.Skip("run with -diag")
	}
	var points []State
	for seed := range uint64(60) {
		s, _ := New(Config{})
		r := rng.New(seed)
		h := NewHeuristicBot(seed)
		for !s.Over() {
			var m Move
			if s.who() == chance {
				m = s.SampleChance(r)
			} else {
				points = append(points, s)
				m, _ = h.Choose(context.Background(), s.View(norns.Player(s.who())))
			}
			s, _ = s.Apply(m)
		}
	}
	value := func(s State, m Move) float64 {
		seat := norns.Player(s.who())
		s, _ = s.Apply(m)
		tie := rng.New(1)
		for s.who() >= 0 {
			v := s.View(norns.Player(s.who()))
			s, _ = s.Apply(heuristic(&v, tie))
		}
		return winShare(s, seat, false)
	}
	variants := []struct {
		name string
		bot  norns.Bot[View, Move]
	}{
		{"heuristic", NewHeuristicBot(1)},
		{"search", NewSearchBot(SearchOptions{Seed: 1, Iterations: DefaultSearchIterations})},
		{"search-300", NewSearchBot(SearchOptions{Seed: 1, Iterations: 300})},
	}
	for _, vr := range variants {
		name, b := vr.name, vr.bot
		regret, disagree := 0.0, 0
		h := NewHeuristicBot(1)
		for _, s := range points {
			v := s.View(norns.Player(s.who()))
			m, err := b.Choose(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			hm, _ := h.Choose(context.Background(), v)
			if hm != m {
				disagree++
				if *diagVerbose {
					k := (v.contest & v.alive).Len()
					t.Logf("seat %d dealer %v card %-5v in play %d knocks %d: heuristic %v, %s %v (values %.3f vs %.3f)", v.seat, v.seat == v.dealer, v.hand, k, v.knock.Len(), hm, name, m, value(s, hm), value(s, m))
				}
			}
			best := 0.0
			for _, o := range s.Legal() {
				best = max(best, value(s, o))
			}
			regret += best - value(s, m)
		}
		t.Logf("%-10s %d decisions: mean regret %.4f, %d differ from the heuristic", name, len(points), regret/float64(len(points)), disagree)
	}
}

// TestBotDiagBudget measures how much the search's decisions depend on its iteration budget: at
// the decisions of heuristic matches, how many of the choices at 1000 and 4000 iterations differ
// from those at 32,000 (about half of DefaultSearchTime on one core), and from the heuristic's.
func TestBotDiagBudget(t *testing.T) {
	if !*diag {
		t.Skip("run with -diag")
	}
	var views []View
	for seed := range uint64(40) {
		s, _ := New(Config{})
		r := rng.New(seed)
		for !s.Over() {
			var m Move
			if s.who() == chance {
				m = s.SampleChance(r)
			} else {
				v := s.View(norns.Player(s.who()))
				views = append(views, v)
				m = heuristic(&v, nil)
			}
			s.step(&m, nil)
		}
	}
	choose := func(iters int) []Move {
		b := NewSearchBot(SearchOptions{Seed: uint64(iters), Iterations: iters})
		out := make([]Move, len(views))
		for i, v := range views {
			m, err := b.Choose(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			out[i] = m
		}
		return out
	}
	ref := choose(32000)
	for _, f := range strings.Split(*diagIters, ",") {
		iters, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		got := choose(iters)
		d, dh := 0, 0
		for i, v := range views {
			if got[i] != ref[i] {
				d++
			}
			if got[i] != heuristic(&v, nil) {
				dh++
			}
		}
		t.Logf("%d iterations: %d of %d decisions differ from 32000 iterations', %d from the heuristic's", iters, d, len(views), dh)
	}
}

// TestBotDiagCeiling measures what the search's model could reach at best: a bot that sees every
// card of the deal (no determinisation), plays each of its moves out with the heuristic in every
// seat to the end of the deal and takes the best by winChance, against three heuristics, each
// seed played with it in every seat on the same packs.
func TestBotDiagCeiling(t *testing.T) {
	if !*diag {
		t.Skip("run with -diag")
	}
	value := func(s State, m Move, seat norns.Player) float64 {
		s.step(&m, nil)
		for s.who() >= 0 {
			v := s.View(norns.Player(s.who()))
			m := heuristic(&v, nil)
			s.step(&m, nil)
		}
		return winChance(s, seat)
	}
	const seeds = 5000
	total := 0.0
	for seed := range uint64(seeds) {
		for seat := range norns.Player(4) {
			s, _ := New(Config{DealerGiven: true})
			r := rng.New(seed + 1)
			for !s.Over() {
				if s.who() == chance {
					m := s.SampleChance(r)
					s.step(&m, nil)
					continue
				}
				var m Move
				switch v := s.View(norns.Player(s.who())); {
				case norns.Player(s.who()) == seat:
					m = heuristic(&v, nil)
					best := value(s, m, seat)
					for _, o := range s.Legal() {
						if x := value(s, o, seat); x > best {
							m, best = o, x
						}
					}
				default:
					m = heuristic(&v, nil)
				}
				s.step(&m, nil)
			}
			total += search.Result(s, seat)
		}
	}
	t.Logf("a bot that sees the deal's cards, vs 3 heuristic: %.4f over %d matches", total/(4*seeds), 4*seeds)
}

// TestBotDiagBelief measures how close the search's determinisations are to the posterior of the
// deal given the other seats' acts under the heuristic (which plays those seats exactly): at the
// decisions of heuristic matches, the share of determinisations (the default model's rejection)
// under which some past act of another seat is not the heuristic's, which the exact posterior
// never gives.
func TestBotDiagBelief(t *testing.T) {
	if !*diag {
		t.Skip("run with -diag")
	}
	r := rng.New(1)
	n, bad, decisions, anyBad := 0, 0, 0, 0
	for seed := range uint64(40) {
		s, _ := New(Config{})
		mr := rng.New(seed)
		for !s.Over() {
			var m Move
			if s.who() == chance {
				m = s.SampleChance(mr)
			} else {
				seat := norns.Player(s.who())
				v := s.View(seat)
				decisions++
				b := 0
				for range 500 {
					d := defaultModel.determinize(v.Sample(r), seat, r)
					if _, k := d.replay(int8(seat)); k > 0 {
						b++
					}
				}
				n += 500
				bad += b
				if b > 0 {
					anyBad++
				}
				m = heuristic(&v, nil)
			}
			s.step(&m, nil)
		}
	}
	t.Logf("%d decisions: %d of %d determinisations (%.4f) surprise the heuristic; %d decisions have some", decisions, bad, n, float64(bad)/float64(n), anyBad)
}
