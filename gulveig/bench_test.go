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

// randomHand plays one whole hand from a deal node (the deal, the auction, the treasure, seven
// tricks) with random legal moves and returns the state after it and the number of moves.
func randomHand(s gulveig.State, r *rng.Rand, buf []gulveig.Move) (gulveig.State, int, []gulveig.Move) {
	n := 0
	for {
		var m gulveig.Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			buf = s.AppendLegal(buf[:0])
			m = buf[r.IntN(len(buf))]
		}
		s, _ = s.Apply(m)
		n++
		if s.Over() || s.Phase() == gulveig.PhaseDeal {
			return s, n, buf
		}
	}
}

// BenchmarkRandomHand plays random 3-player hands: deal, auction, treasure, 7 tricks. The budget is
// 3 µs a hand, the target 1.5 µs.
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
			moves := 0
			b.ReportAllocs()
			for b.Loop() {
				var n int
				_, n, buf = randomHand(start, r, buf)
				moves += n
			}
			b.ReportMetric(float64(moves)/float64(b.N), "moves/hand")
		})
	}
}

// BenchmarkRandomMatch plays whole random 3-player matches of 10 hands.
func BenchmarkRandomMatch(b *testing.B) {
	start := mustNew(b, gulveig.Config{HandLimit: 10})
	r := rng.New(1)
	buf := make([]gulveig.Move, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		s := start
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
