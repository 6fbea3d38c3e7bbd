package herrlof_test

import (
	"context"
	"testing"

	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
)

// botPosition plays seed's match with heuristic bots until seat 0 has made n decisions, and
// returns that state with seat 0 to act.
func botPosition(tb testing.TB, seed uint64, n int) herrlof.State {
	tb.Helper()
	return botPositionN(tb, 2, seed, n)
}

func benchmarkSearchBot(b *testing.B, decision int) {
	v := botPosition(b, 3, decision).View(0)
	measureSearch(b, herrlof.NewSearchBot(herrlof.SearchOptions{Seed: 1, Iterations: 1000}), v)
}

// measureSearch times bot's decisions at v, a search of 1000 iterations, and reports the time
// per iteration and the iterations per second of wall and of CPU time.
func measureSearch(b *testing.B, bot *herrlof.SearchBot, v herrlof.View) {
	b.ReportAllocs()
	cpu0 := gametest.CPUTime()
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), v); err != nil {
			b.Fatal(err)
		}
	}
	cpu := gametest.CPUTime() - cpu0
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1000), "ns/iteration")
	b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "playouts/s")
	if cpu > 0 {
		// On a machine shared with other work, wall time overstates the cost; the process's CPU
		// time is what one core spent.
		b.ReportMetric(float64(b.N*1000)/cpu.Seconds(), "playouts/cpu-s")
	}
}

// BenchmarkSearchBid measures the search bot's opening bid (1000 iterations), the position the
// playout target applies to: at least 150,000 determinised playouts (iterations) per second per
// core, read from playouts/cpu-s on a loaded machine.
func BenchmarkSearchBid(b *testing.B) { benchmarkSearchBot(b, 0) }

// BenchmarkSearchPlay measures a card play early in the first hand (1000 iterations).
func BenchmarkSearchPlay(b *testing.B) { benchmarkSearchBot(b, 2) }

// BenchmarkHeuristic measures the heuristic bot's card play.
func BenchmarkHeuristic(b *testing.B) {
	v := botPosition(b, 3, 2).View(0)
	bot := herrlof.NewHeuristicBot(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), v); err != nil {
			b.Fatal(err)
		}
	}
}
