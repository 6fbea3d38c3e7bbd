package herrlof_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// benchStates collects the states of a few random matches, to apply moves in.
func benchStates(b testing.TB, cfg herrlof.Config) ([]herrlof.State, []herrlof.Move) {
	b.Helper()
	var states []herrlof.State
	var ms []herrlof.Move
	r := rng.New(1)
	var buf []herrlof.Move
	for range 4 {
		s := mustNew(b, cfg)
		for !s.Over() {
			var m herrlof.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				buf = s.AppendLegal(buf[:0])
				m = buf[r.IntN(len(buf))]
				states, ms = append(states, s), append(ms, m)
			}
			s, _ = s.Apply(m)
		}
	}
	return states, ms
}

func BenchmarkApply(b *testing.B) {
	states, ms := benchStates(b, herrlof.Config{})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_, _ = states[i].Apply(ms[i])
		if i++; i == len(states) {
			i = 0
		}
	}
}

func BenchmarkLegal(b *testing.B) {
	states, _ := benchStates(b, herrlof.Config{})
	buf := make([]herrlof.Move, 0, 64)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i].AppendLegal(buf[:0])
		if i++; i == len(states) {
			i = 0
		}
	}
}

// randomHand plays one whole hand from a deal node with random legal moves, returning the moves
// made.
func randomHand(s herrlof.State, r *rng.Rand, buf []herrlof.Move) (herrlof.State, int, []herrlof.Move) {
	hand := s.Round()
	n := 0
	for !s.Over() && (s.Round() == hand || s.Phase() != herrlof.PhaseDeal) {
		var m herrlof.Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			buf = s.AppendLegal(buf[:0])
			m = buf[r.IntN(len(buf))]
		}
		_ = s.Step(m)
		n++
	}
	return s, n, buf
}

func BenchmarkRandomHand(b *testing.B) {
	for _, cfg := range []herrlof.Config{{}, {Players: 3}} {
		b.Run(map[int]string{0: "2p", 3: "3p"}[cfg.Players], func(b *testing.B) {
			start := mustNew(b, cfg)
			r := rng.New(1)
			buf := make([]herrlof.Move, 0, 64)
			moves := 0
			b.ReportAllocs()
			for b.Loop() {
				var n int
				_, n, buf = randomHand(start, r, buf)
				moves += n
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// playoutSeeds is the number of generator seeds BenchmarkRandomMatch cycles through: each
// iteration plays the random match of one seed, so the decisions of every iteration are known
// beforehand and the timed loop is norns.Playout alone.
const playoutSeeds = 64

// countDecisions plays from start the random match norns.Playout plays with a generator seeded
// with seed (the same draws: SampleChance at chance, r.IntN over AppendLegal otherwise) and
// returns the number of seat moves (decisions) and the final state.
func countDecisions(start herrlof.State, seed uint64, buf []herrlof.Move) (int, herrlof.State) {
	r := rng.New(seed)
	s := start
	n := 0
	for !s.Over() {
		var m herrlof.Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			buf = s.AppendLegal(buf[:0])
			m = buf[r.IntN(len(buf))]
			n++
		}
		s, _ = s.Apply(m)
	}
	return n, s
}

// BenchmarkRandomMatch plays whole random matches in place with norns.Playout, cycling through
// playoutSeeds seeds, and reports the time per decision (a seat's move; chance moves are not
// counted) besides the time per match.
//
// Side by side with commit fe20109, whose generic loop was norns.PlayoutLoop over AppendLegal and
// the value Apply: a program plays the first 300, then the first 1300 random two-player matches
// from rng.New(1) with that loop there and with norns.Playout here, and the difference of the
// two runs, over the decisions of the 1000 matches between, is 835 instructions per decision at
// fe20109 and 549 now (valgrind --tool=cachegrind; 1.52x). Wall, on a busy 2-core machine, the
// median over 15 alternating processes of each one's fastest of 40 runs of 200 matches: 70.1 ns
// a decision at fe20109, 41.2 ns now (1.70x; the medians of each process's runs, which the load
// swells, 194 and 110 ns; 31 alternating single runs of 500 matches: medians 81.1 and 52.5 ns). Where it went: Step makes the common moves itself; the State carries
// its list of legal moves, so the call of AppendLegal through a *State copies 16 bytes rather
// than the State (whose wide loads waited for Step's fresh stores); a plain trick is settled and
// a list ends without a branch on random data; a deal packs its cards rather than a permutation
// code. Against the start of that work (2c0b7a1), the fastest of 5 runs alternating with it on
// the same machine: this benchmark 138 -> 92 ns a decision with two players and 158 -> 98 with
// three, BenchmarkApply 51 -> 41 ns, BenchmarkLegal 29 -> 15 ns, BenchmarkRandomHand 5.8 -> 3.8
// us (2p) and 6.5 -> 3.6 us (3p).
func BenchmarkRandomMatch(b *testing.B) {
	for _, cfg := range []herrlof.Config{{}, {Players: 3}} {
		b.Run(map[int]string{0: "2p", 3: "3p"}[cfg.Players], func(b *testing.B) {
			start := mustNew(b, cfg)
			buf := make([]herrlof.Move, 0, 64)
			var dec [playoutSeeds]int
			for k := range dec {
				var end herrlof.State
				dec[k], end = countDecisions(start, uint64(k), buf)
				s := start
				buf = norns.Playout(&s, rng.New(uint64(k)), buf)
				if s != end {
					b.Fatalf("seed %d: norns.Playout ends at\n%v\nthe counting loop at\n%v", k, s, end)
				}
			}
			r := rng.New(0)
			decisions, k := 0, 0
			var s herrlof.State
			b.ReportAllocs()
			for b.Loop() {
				r.Seed(uint64(k))
				s = start
				buf = norns.Playout(&s, r, buf)
				decisions += dec[k]
				if k++; k == playoutSeeds {
					k = 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
		})
	}
}

func BenchmarkViewSample(b *testing.B) {
	states, _ := benchStates(b, herrlof.Config{Players: 3})
	r := rng.New(2)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := states[i]
		_ = s.View(s.ToMove()).Sample(r)
		if i++; i == len(states) {
			i = 0
		}
	}
}

func BenchmarkSampleDeal(b *testing.B) {
	start := mustNew(b, herrlof.Config{})
	r := rng.New(1)
	b.ReportAllocs()
	for b.Loop() {
		_ = start.SampleChance(r)
	}
}

// BenchmarkViewSampleConstrained samples views that the constrained sampler serves: seat 0's
// after seat 1 showed out of red and drew (voids), and after seat 1 drew while holding a card
// seat 0 gave it (a card that may be under the stock).
func BenchmarkViewSampleConstrained(b *testing.B) {
	for _, c := range []struct {
		name string
		s    herrlof.State
	}{{"void", voidThenDraw(b, "G6")}, {"known", knownThenDraw(b, "G6")}} {
		b.Run(c.name, func(b *testing.B) {
			v := c.s.View(0)
			r := rng.New(2)
			b.ReportAllocs()
			for b.Loop() {
				_ = v.Sample(r)
			}
		})
	}
}
