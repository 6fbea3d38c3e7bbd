package voluspa_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// BenchmarkRandomMatch plays whole random matches of 2, 3 and 5 players with norns.Playout:
// chance sampled, uniformly random legal moves. It reports ns per match and seat turns per
// second. A 3-player match is about 63 turns and 63 draws. norns.Playout calls State.Playout,
// which counts the legal moves and finds the one drawn instead of listing them, and plays on one
// State in place; BenchmarkRandomMatchLoop plays the same matches through Legal and Apply.
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

// BenchmarkRandomMatchLoop plays the matches of BenchmarkRandomMatch/3p with norns.PlayoutLoop,
// the loop that defines a random playout, as a program that drives the State itself writes it:
// AppendLegal into a reused buffer, a move drawn from it, Apply. Legal lists 66 moves a turn on average, and
// every call copies the 360-byte State. On random grids the branches on what a square or row
// holds mispredict, and they set the time as much as instructions do. Of the instructions
// (cachegrind, GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1: about 636,000 a match), Legal is 60%
// (listing the squares 22%, the move planes 15%, placing the tiles in bitboards 11%, writing
// the moves 11%; BenchmarkLegalMatch), Apply a quarter (BenchmarkApplyMatch) and the copies of
// the State about a tenth.
func BenchmarkRandomMatchLoop(b *testing.B) {
	start := mustNew(b, 3)
	r := rng.New(1)
	buf := make([]voluspa.Move, 0, 512)
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		var s voluspa.State
		s, buf = norns.PlayoutLoop(start, r, buf)
		moves += s.Turns()
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "turns/s")
}

// crowded returns a mid-game 3-player state: a random match played until 35 tiles are down.
func crowded(b testing.TB) voluspa.State {
	s := mustNew(b, 3)
	r := rng.New(42)
	for s.Cells() < 35 || s.ToMove() == norns.Chance {
		var err error
		if s, err = s.Apply(randomMove(s, r)); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// BenchmarkLegal lists the moves of a crowded mid-game board into a reused buffer, over and
// over: the branch predictor learns that one board, so this measures instructions more than a
// match does (see BenchmarkLegalMatch).
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

// matchStates returns the states of 40 random 3-player matches at which a seat is to act, in
// the order the matches meet them.
func matchStates(b *testing.B) []voluspa.State {
	var out []voluspa.State
	for seed := range uint64(40) {
		s := mustNew(b, 3)
		r := rng.New(100 + seed)
		for !s.Over() {
			if s.ToMove() != norns.Chance {
				out = append(out, s)
			}
			var err error
			if s, err = s.Apply(randomMove(s, r)); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkLegalMatch lists the moves of every seat turn of 40 random matches, one state after
// the other, as a match meets them. Unlike BenchmarkLegal, which lists one state's moves over
// and over, it lets the branches on the grid mispredict as they do in a match: it is the figure
// Legal's branch-free listing is measured by.
func BenchmarkLegalMatch(b *testing.B) {
	states := matchStates(b)
	buf := make([]voluspa.Move, 0, 512)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i].AppendLegal(buf[:0])
		if i++; i == len(states) {
			i = 0
		}
	}
}

// BenchmarkApplyMatch applies a random legal move at every seat turn of 40 random matches, one
// state after the other (see BenchmarkLegalMatch).
func BenchmarkApplyMatch(b *testing.B) {
	states := matchStates(b)
	moves := make([]voluspa.Move, len(states))
	r := rng.New(9)
	for i, s := range states {
		l := s.Legal()
		moves[i] = l[r.IntN(len(l))]
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_, _ = states[i].Apply(moves[i])
		if i++; i == len(states) {
			i = 0
		}
	}
}
