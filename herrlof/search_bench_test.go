package herrlof_test

import (
	"context"
	"flag"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// botPositionN is botPosition with players seats: seed's match played by heuristic bots until
// seat 0 has made n decisions with a choice, returned with seat 0 to act.
func botPositionN(tb testing.TB, players int, seed uint64, n int) herrlof.State {
	tb.Helper()
	s, err := herrlof.New(herrlof.Config{Players: players})
	if err != nil {
		tb.Fatal(err)
	}
	r := rng.New(seed)
	bots := make([]norns.Bot[herrlof.View, herrlof.Move], players)
	for p := range bots {
		bots[p] = herrlof.NewHeuristicBot(uint64(p + 1))
	}
	for {
		p := s.ToMove()
		var m herrlof.Move
		if p == norns.Chance {
			m = s.SampleChance(r)
		} else {
			if p == 0 && len(s.Legal()) > 1 {
				if n == 0 {
					return s
				}
				n--
			}
			if m, err = bots[p].Choose(context.Background(), s.View(p)); err != nil {
				tb.Fatal(err)
			}
		}
		if s, err = s.Apply(m); err != nil {
			tb.Fatal(err)
		}
	}
}

var benchTune = flag.String("bench.tune", "", "BenchmarkSearch3*: the search bot's tuning changed (see -strength.tune), to weigh a change's cost per iteration")

// benchmarkSearch3 is benchmarkSearchBot with three players.
func benchmarkSearch3(b *testing.B, decision int) {
	v := botPositionN(b, 3, 3, decision).View(0)
	bot, err := herrlof.NewSearchBotTuned(herrlof.SearchOptions{Seed: 1, Iterations: 1000}, *benchTune)
	if err != nil {
		b.Fatal(err)
	}
	measureSearch(b, bot, v)
}

// BenchmarkSearch3Bid measures the search bot's opening bid with three players (1000
// iterations).
func BenchmarkSearch3Bid(b *testing.B) { benchmarkSearch3(b, 0) }

// BenchmarkSearch3Play measures a card play early in the first hand with three players (1000
// iterations).
func BenchmarkSearch3Play(b *testing.B) { benchmarkSearch3(b, 2) }
