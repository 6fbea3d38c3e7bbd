package gulveig_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// benchStates collects the states of a few random matches, with the move played in each.
func benchStates(b testing.TB, cfg gulveig.Config) ([]gulveig.State, []gulveig.Move) {
	b.Helper()
	var states []gulveig.State
	var ms []gulveig.Move
	r := rng.New(1)
	var buf []gulveig.Move
	cfg.HandLimit = 3
	for range 4 {
		s := mustNew(b, cfg)
		for !s.Over() {
			var m gulveig.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				buf = s.AppendLegal(buf[:0])
				m = buf[r.IntN(len(buf))]
			}
			states, ms = append(states, s), append(ms, m)
			s, _ = s.Apply(m)
		}
	}
	return states, ms
}

func BenchmarkApply(b *testing.B) {
	states, ms := benchStates(b, gulveig.Config{})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_, _ = states[i].Apply(ms[i])
		if i++; i == len(states) {
			i = 0
		}
	}
}

func BenchmarkAppendLegal(b *testing.B) {
	states, _ := benchStates(b, gulveig.Config{})
	buf := make([]gulveig.Move, 0, 256)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i].AppendLegal(buf[:0])
		if i++; i == len(states) {
			i = 0
		}
	}
}

// randomHand plays one whole hand on *s in place from a deal node (the deal, the auction, the
// treasure, seven tricks) with random legal moves, as norns.Playout draws them, and returns the
// number of moves and of decisions (moves of a seat, not chance).
func randomHand(s *gulveig.State, r *rng.Rand, buf []gulveig.Move) (moves, decisions int, _ []gulveig.Move) {
	for {
		var m gulveig.Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			buf = s.AppendLegal(buf[:0])
			m = buf[r.IntN(len(buf))]
			decisions++
		}
		if err := s.Step(m); err != nil {
			panic(err)
		}
		moves++
		if s.Over() || s.Phase() == gulveig.PhaseDeal {
			return moves, decisions, buf
		}
	}
}

// BenchmarkRandomHand plays random 3-player hands in place: deal, auction, treasure, 7 tricks.
func BenchmarkRandomHand(b *testing.B) {
	for _, tc := range []struct {
		name string
		c    gulveig.Config
	}{{"3p", gulveig.Config{}}, {"3p/all-options", allOptions(3)}} {
		b.Run(tc.name, func(b *testing.B) {
			tc.c.DealerGiven = true
			start := mustNew(b, tc.c)
			r := rng.New(1)
			buf := make([]gulveig.Move, 0, 256)
			moves, decisions := 0, 0
			var s gulveig.State
			b.ReportAllocs()
			for b.Loop() {
				s = start
				var n, d int
				n, d, buf = randomHand(&s, r, buf)
				moves += n
				decisions += d
			}
			b.ReportMetric(float64(moves)/float64(b.N), "moves/hand")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
		})
	}
}

// decisionsOf counts the decisions (moves of a seat, not chance) of n random playouts of start
// drawn from r, the same draws norns.Playout makes: norns.Playout(&s, r, buf) and this loop play
// the same matches from the same generator.
func decisionsOf(start gulveig.State, r *rng.Rand, n int) int {
	buf := make([]gulveig.Move, 0, 256)
	decisions := 0
	for range n {
		s := start
		for !s.Over() {
			var m gulveig.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				buf = s.AppendLegal(buf[:0])
				m = buf[r.IntN(len(buf))]
				decisions++
			}
			if err := s.Step(m); err != nil {
				panic(err)
			}
		}
	}
	return decisions
}

// BenchmarkRandomMatch plays whole random 3-player matches of 10 hands with norns.Playout, in
// place. ns/decision is the time per move of a seat (chance moves are not counted), counted after
// the timing by playing the same matches again.
func BenchmarkRandomMatch(b *testing.B) {
	start := mustNew(b, gulveig.Config{HandLimit: 10})
	r := rng.New(1)
	buf := make([]gulveig.Move, 0, 256)
	var s gulveig.State
	b.ReportAllocs()
	for b.Loop() {
		s = start
		buf = norns.Playout(&s, r, buf)
	}
	decisions := decisionsOf(start, rng.New(1), b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/match")
}

// BenchmarkPlayout is BenchmarkRandomMatch without the count of decisions after the timing:
// norns.Playout alone, the loop to measure with an instruction counter (N matches less M
// matches is the cost of N−M matches, setup excluded).
func BenchmarkPlayout(b *testing.B) {
	start := mustNew(b, gulveig.Config{HandLimit: 10})
	r := rng.New(1)
	buf := make([]gulveig.Move, 0, 256)
	var s gulveig.State
	b.ReportAllocs()
	for b.Loop() {
		s = start
		buf = norns.Playout(&s, r, buf)
	}
}

func BenchmarkViewSample(b *testing.B) {
	for _, tc := range []struct {
		name string
		c    gulveig.Config
	}{{"3p", gulveig.Config{}}, {"3p/all-options", allOptions(3)}} {
		b.Run(tc.name, func(b *testing.B) {
			states, _ := benchStates(b, tc.c)
			r := rng.New(2)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				s := states[i]
				if p := s.ToMove(); p.IsSeat() {
					_ = s.View(p).Sample(r)
				}
				if i++; i == len(states) {
					i = 0
				}
			}
		})
	}
}
