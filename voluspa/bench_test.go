package voluspa_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// BenchmarkRandomMatch plays whole random matches of 2, 3 and 5 players: chance sampled,
// uniformly random legal moves (norns.Playout). It reports ns per match and seat turns per
// second. A 3-player match is about 63 turns and 63 draws, and about 542,000 instructions
// (callgrind, GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1; 560,000 before Legal sized its bitboards
// to the grid and listed the lays once for every kind): about half in Legal (the frontier
// bitboards and the move list), the rest in Apply and in the copies of the 360-byte State that
// every call through the generic Playout makes. Instructions undersell Legal: its branches on a
// random grid mispredict, and in a match it takes about 430 ns a call against 235 ns on one
// state over and over (BenchmarkLegal). On a shared 2-core machine a 3-player match took 51 µs,
// against 59 µs before, in alternating runs.
func BenchmarkRandomMatch(b *testing.B) {
	for _, n := range []int{2, 3, 5} {
		b.Run(map[int]string{2: "2p", 3: "3p", 5: "5p"}[n], func(b *testing.B) {
			start := mustNew(b, n)
			r := rng.New(1)
			buf := make([]voluspa.Move, 0, 512)
			moves := 0
			b.ReportAllocs()
			for b.Loop() {
				var s voluspa.State
				s, buf = norns.Playout(start, r, buf)
				moves += s.Turns()
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "turns/s")
		})
	}
}

// crowded returns a mid-game 3-player state: a random match played until 35 tiles are down.
func crowded(b testing.TB) voluspa.State {
	s := mustNew(b, 3)
	r := rng.New(42)
	for s.Cells() < 35 || s.ToMove() == norns.Chance {
		var m voluspa.Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			l := s.Legal()
			m = l[r.IntN(len(l))]
		}
		var err error
		if s, err = s.Apply(m); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// BenchmarkLegal lists the moves of a crowded mid-game board into a reused buffer.
func BenchmarkLegal(b *testing.B) {
	s := crowded(b)
	buf := make([]voluspa.Move, 0, 512)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.AppendLegal(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

// BenchmarkApply applies every legal move of a crowded mid-game board in turn.
func BenchmarkApply(b *testing.B) {
	s := crowded(b)
	legal := s.Legal()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_, _ = s.Apply(legal[i])
		i++
		if i == len(legal) {
			i = 0
		}
	}
}
