package gnav_test

import (
	"context"
	"errors"
	"flag"
	"math"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/rng"
)

var (
	strength      = flag.Bool("strength", false, "run TestBotStrength: bot-against-bot matches with confidence intervals")
	strengthSeeds = flag.Int("strength.seeds", 1000, "TestBotStrength: seeds per pairing (each played 4 times, the candidate in every seat)")
	strengthIters = flag.Int("strength.iters", 0, "TestBotStrength: search iterations per decision (0: the bot's default)")
	strengthOnly  = flag.String("strength.only", "", "TestBotStrength: run only the pairing of this name")
)

type bot = norns.Bot[gnav.View, gnav.Move]

// newBot makes a fresh bot for one match.
type newBot func(seed uint64) bot

func randomBot(seed uint64) bot    { return gnav.NewRandomBot(seed) }
func heuristicBot(seed uint64) bot { return gnav.NewHeuristicBot(seed) }
func searchBot(seed uint64) bot {
	return gnav.NewSearchBot(gnav.SearchOptions{Seed: seed, Iterations: *strengthIters})
}

// playMatch plays a four-player, three-life match: candidate in seat cand, base in the others.
// Chance comes from rng.New(seed), one draw per deal, so every rotation of a seed sees the same
// packs in the same order.
func playMatch(ctx context.Context, seed uint64, cand int, candidate, base newBot) (gnav.State, error) {
	s, err := gnav.New(gnav.Config{DealerGiven: true})
	if err != nil {
		return s, err
	}
	bots := make([]bot, 4)
	for p := range bots {
		if p == cand {
			bots[p] = candidate(seed*8 + uint64(p))
		} else {
			bots[p] = base(seed*8 + uint64(p))
		}
	}
	last, _, err := norns.Play(ctx, s, bots, rng.New(seed), nil)
	return last, err
}

// TestBotStrength measures one bot against three of another over many seeds, each seed played
// four times with the candidate in each seat: the candidate's win rate, against the 1/4 of an
// equal, with a 95% confidence interval from the spread of per-seed results. Run it with
//
//	go test ./gnav -run TestBotStrength -strength -v
func TestBotStrength(t *testing.T) {
	if !*strength {
		t.Skip("run with -strength")
	}
	pairings := []struct {
		name            string
		candidate, base newBot
	}{
		{"heuristic-vs-3-random", heuristicBot, randomBot},
		{"search-vs-3-heuristic", searchBot, heuristicBot},
	}
	for _, pr := range pairings {
		if *strengthOnly != "" && pr.name != *strengthOnly {
			continue
		}
		t.Run(pr.name, func(t *testing.T) {
			start := time.Now()
			seeds := *strengthSeeds
			per := make([]float64, seeds)
			var wg sync.WaitGroup
			next := make(chan int)
			var mu sync.Mutex
			var firstErr error
			for range runtime.GOMAXPROCS(0) {
				wg.Go(func() {
					for i := range next {
						score := 0.0
						for cand := range 4 {
							s, err := playMatch(context.Background(), uint64(i)+1, cand, pr.candidate, pr.base)
							if err != nil {
								mu.Lock()
								firstErr = errors.Join(firstErr, err)
								mu.Unlock()
								return
							}
							if s.Winners().Has(norns.Player(cand)) {
								score++
							}
						}
						per[i] = score / 4
					}
				})
			}
			for i := range seeds {
				next <- i
			}
			close(next)
			wg.Wait()
			if firstErr != nil {
				t.Fatal(firstErr)
			}
			mean, half := meanCI(per)
			t.Logf("%s: %d matches, candidate win rate %.3f ± %.3f (95%%; an equal wins 0.250) in %v",
				pr.name, 4*seeds, mean, half, time.Since(start).Round(time.Second))
			if mean-half <= 0.25 {
				t.Errorf("%s: the candidate does not beat the base outside the confidence interval", pr.name)
			}
		})
	}
}

// meanCI returns the mean of xs and the half-width of its 95% confidence interval.
func meanCI(xs []float64) (mean, half float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(len(xs)-1))
	return mean, 1.96 * sd / math.Sqrt(float64(len(xs)))
}

func TestBotsPlayLegalMoves(t *testing.T) {
	for _, mk := range []newBot{randomBot, heuristicBot, func(seed uint64) bot {
		return gnav.NewSearchBot(gnav.SearchOptions{Seed: seed, Iterations: 50})
	}} {
		for seed := range uint64(3) {
			s, err := gnav.New(gnav.Config{Players: 5, Lives: 2})
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]bot, 5)
			for p := range bots {
				bots[p] = mk(seed + uint64(p))
			}
			// norns.Play fails on an illegal move.
			last, moves, err := norns.Play(context.Background(), s, bots, rng.New(seed), nil)
			if err != nil || !last.Over() {
				t.Fatalf("seed %d: %v (over %v)", seed, err, last.Over())
			}
			again, moves2, _ := norns.Play(context.Background(), s, func() []bot {
				b := make([]bot, 5)
				for p := range b {
					b[p] = mk(seed + uint64(p))
				}
				return b
			}(), rng.New(seed), nil)
			if again != last || !slices.Equal(moves, moves2) {
				t.Errorf("seed %d: the same seeds give another match", seed)
			}
		}
	}
}

func TestBotsHonourContext(t *testing.T) {
	s, _ := gnav.New(gnav.Config{DealerGiven: true})
	s, _ = s.Apply(s.SampleChance(rng.New(1)))
	v := s.View(s.ToMove())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, b := range []bot{gnav.NewRandomBot(1), gnav.NewHeuristicBot(1), gnav.NewSearchBot(gnav.SearchOptions{})} {
		if _, err := b.Choose(ctx, v); !errors.Is(err, context.Canceled) {
			t.Errorf("%T with a cancelled context: %v", b, err)
		}
		if _, err := b.Choose(context.Background(), s.View(s.ToMove()+1)); err == nil {
			t.Errorf("%T chose for a seat not to act", b)
		}
	}
}

// The heuristic stands on a high card, asks on a low one, never asks a neighbour that knocked,
// and draws from the stock as dealer on a low card.
func TestHeuristicBot(t *testing.T) {
	b := gnav.NewHeuristicBot(1)
	choose := func(s gnav.State) gnav.Move {
		t.Helper()
		m, err := b.Choose(context.Background(), s.View(s.ToMove()))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, tc := range []struct {
		hands []gnav.Card
		moves []string
		want  gnav.Move
	}{
		{[]gnav.Card{gnav.XII, gnav.V, gnav.IX, gnav.X}, nil, gnav.Stand()},
		{[]gnav.Card{ugle, gnav.V, gnav.IX, gnav.X}, nil, gnav.Ask()},
		{[]gnav.Card{narr, gnav.V, gnav.IX, gnav.X}, nil, gnav.Ask()},
		{[]gnav.Card{ugle, narr, gnav.IX, gnav.X}, nil, gnav.Stand()},
		{[]gnav.Card{gjok, gnav.V, gnav.IX, gnav.X}, nil, gnav.Stand()},
		{[]gnav.Card{gnav.XII, gnav.V, gnav.IX, potte}, []string{"stand", "stand", "stand"}, gnav.Draw()},
		{[]gnav.Card{gnav.XII, gnav.V, gnav.IX, hus}, []string{"stand", "stand", "stand"}, gnav.Stand()},
	} {
		s := dealt(t, four(t), tc.hands)
		s, _ = play(t, s, 0, tc.moves...)
		if got := choose(s); got != tc.want {
			t.Errorf("hands %v after %v: %v, want %v", tc.hands, tc.moves, got, tc.want)
		}
	}
}
