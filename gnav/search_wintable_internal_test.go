package gnav

import (
	"context"
	"flag"
	"math"
	"os"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

var (
	diagOptimum  = flag.Bool("diag.optimum", false, "run TestBotDiagOptimum: estimate the search seat's win-chance table (about 6 minutes on one core at the defaults)")
	optimumDeals = flag.Int("diag.optimum.deals", 1000, "TestBotDiagOptimum: deals played from every state and seat")
	optimumIters = flag.Int("diag.optimum.iters", 100, "TestBotDiagOptimum: the iterations of the search that plays the seat")
	optimumSeed  = flag.Uint64("diag.optimum.seed", 1, "TestBotDiagOptimum: the seed of the deals")
	optimumOut   = flag.String("diag.optimum.out", "", "TestBotDiagOptimum: a file to write the table to, as encodeWinTable does (for TestBotAB's -strength.wins)")
)

// TestBotDiagOptimum estimates the search seat's win-chance table (estimateSearchWinTable) and
// reports, at the match's start, the search seat's chance against the heuristic's in its place,
// for each seat (the dealer at seat 0) and on average over the seats as the strength tests
// seat the bot: the value of the search playing every deal against what its leaves assume. Its
// -diag.optimum.out table is the one TestBotAB compares with -strength.wins.
func TestBotDiagOptimum(t *testing.T) {
	if !*diagOptimum {
		t.Skip("run with -diag.optimum")
	}
	began := time.Now()
	tab, se := estimateSearchWinTable(*optimumDeals, *optimumIters, winSeats*winLives, rng.New(*optimumSeed))
	if *optimumOut != "" {
		if err := os.WriteFile(*optimumOut, encodeWinTable(tab), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, _ := New(Config{DealerGiven: true})
	i, _ := winIndex(&s)
	h := winTable()
	sum, hsum := 0.0, 0.0
	for p := range winSeats {
		sum += float64(tab[i][p])
		hsum += float64(h[i][p])
		t.Logf("start, seat %d: the search seat %.4f, the heuristic %.4f", p, tab[i][p], h[i][p])
	}
	t.Logf("start, mean over the seats: the search seat %.4f, the heuristic %.4f", sum/winSeats, hsum/winSeats)
	t.Logf("in %v (%d deals a state and seat, %d iterations; largest standard error of an entry's own deals %.4f)", time.Since(began).Round(time.Second), *optimumDeals, *optimumIters, se)
}

// The search seat's table, estimated for the states of at most three lives in all: every entry
// is a chance, nothing for a seat out; and the search seat, which chooses its move for its view,
// wins about as often as the heuristic in its place or more.
func TestSearchWinTable(t *testing.T) {
	const upTo = 3
	tab, _ := estimateSearchWinTable(40, 50, upTo, rng.New(2))
	h := winTable()
	n, diff := 0, 0.0
	for i := range winStates {
		s, ok := winStateAt(i)
		if !ok || int(s.lives[0])+int(s.lives[1])+int(s.lives[2])+int(s.lives[3]) > upTo {
			continue
		}
		for p, x := range tab[i] {
			if x < 0 || x > 1 || s.lives[p] == 0 && x != 0 {
				t.Fatalf("entry %d (lives %v, resting %v) seat %d: chance %v", i, s.lives[:4], s.resting, p, x)
			}
			if s.lives[p] > 0 {
				n++
				diff += float64(x - h[i][p])
			}
		}
	}
	if n == 0 || diff/float64(n) < -0.01 {
		t.Errorf("%d entries: the search seat's chance is the heuristic's %+.4f on average", n, diff/float64(max(n, 1)))
	}
	t.Logf("%d entries: the search seat's chance is the heuristic's %+.4f on average", n, diff/float64(max(n, 1)))
}

// estimateSearchWinTable estimates a win-chance table for the search's own seat: entry i, seat p
// (turned so that the next dealer sits at seat 0, as in winIndex) is seat p's chance of winning
// the match from state i when seat p plays a [SearchBot] of iters iterations and every other
// seat the heuristic. It works by dynamic programming over the states between deals, fewest
// lives first: each entry is the mean, over deals drawn from r, of the value to seat p of the
// state the deal leads to, read from the entries already estimated (a deal always takes a
// life); the search that plays seat p values the ends of its deals by the same entries. Between
// deals the match is a Markov chain of these states (the heuristic keeps nothing from one deal
// to the next), and it has no cycles, so one pass is the whole of policy iteration: if the
// search chooses the best move for its view (what the leaves are worth) in every deal, the
// entries are the best chances any bot that sees its view alone can have against three
// heuristics. Seats out of the match have nothing.
//
// Only the entries of at most upTo lives in all are estimated (the others are left at 0).
// It also returns the largest standard error of an entry's mean over its deals (the noise of
// the entries it reads aside).
func estimateSearchWinTable(deals, iters, upTo int, r *rng.Rand) (*[winStates][winSeats]float32, float64) {
	worst := 0.0
	t := new([winStates][winSeats]float32)
	h := winTable()
	m := defaultModel
	m.table, m.wins = true, t
	bot := newSearchBot(SearchOptions{Seed: r.Uint64(), Iterations: iters}, m)
	ctx := context.Background()
	for i, s := range winEntries(upTo) {
		for p := range int8(winSeats) {
			if s.lives[p] == 0 {
				continue
			}
			// Each deal is played twice from the same pack: with seat p searching, and with
			// every seat playing the heuristic. The second's value, read from the
			// heuristic's table h, has mean h[i][p]: a control variate that takes out the
			// luck of the pack (who loses the life), which both plays share.
			sum, sq := 0.0, 0.0
			for range deals {
				u := s
				mv := u.SampleChance(r)
				u.step(&mv, nil)
				w := u
				for u.who() >= 0 {
					v := u.View(norns.Player(u.who()))
					if u.who() == p {
						mv, _ = bot.Choose(ctx, v)
					} else {
						mv = heuristic(&v, nil)
					}
					u.step(&mv, nil)
				}
				for w.who() >= 0 {
					v := w.View(norns.Player(w.who()))
					mv = heuristic(&v, nil)
					w.step(&mv, nil)
				}
				x := seatValue(t, &u, p) - seatValue(h, &w, p)
				sum += x
				sq += x * x
			}
			n := float64(deals)
			mean := sum / n
			worst = max(worst, math.Sqrt(max(sq/n-mean*mean, 0)/n))
			t[i][p] = float32(min(max(float64(h[i][p])+mean, 0), 1))
		}
	}
	return t, worst
}

// seatValue is what u, a four-player state after a deal, is worth to seat p (of the state, not
// turned) by table t: its share of the win if the match is over (nothing after a draw), else
// its entry.
func seatValue(t *[winStates][winSeats]float32, u *State, p int8) float64 {
	if u.Over() {
		return result(*u, norns.Player(p), false)
	}
	j, d := winIndex(u)
	return float64(t[j][(int(p)-d)&(winSeats-1)])
}
