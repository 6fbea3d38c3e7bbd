package gnav_test

import (
	"context"

	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// benchStates returns the states of a few seeded random four-player matches, every kind of node.
func benchStates(b *testing.B) []gnav.State {
	var out []gnav.State
	for seed := range uint64(4) {
		s := mustNew(b, gnav.Config{})
		r := rng.New(seed)
		var buf []gnav.Move
		for !s.Over() {
			out = append(out, s)
			var m gnav.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				buf = s.AppendLegal(buf[:0])
				m = buf[r.IntN(len(buf))]
			}
			s, _ = s.Apply(m)
		}
	}
	return out
}

// BenchmarkApply applies one seat move (stand or ask, resolved to the next decision) per op.
func BenchmarkApply(b *testing.B) {
	var states []gnav.State
	var moves []gnav.Move
	for _, s := range benchStates(b) {
		if s.ToMove().IsSeat() {
			for _, m := range s.Legal() {
				states, moves = append(states, s), append(moves, m)
			}
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := states[i].Apply(moves[i]); err != nil {
			b.Fatal(err)
		}
		i++
		if i == len(states) {
			i = 0
		}
	}
}

// BenchmarkApplyDeal applies one deal (the shuffled pack) per op.
func BenchmarkApplyDeal(b *testing.B) {
	s := mustNew(b, gnav.Config{DealerGiven: true})
	m := s.SampleChance(rng.New(1))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Apply(m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLegal lists the legal moves into a reused buffer: no allocation.
func BenchmarkLegal(b *testing.B) {
	states := benchStates(b)
	buf := make([]gnav.Move, 0, 8)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i].AppendLegal(buf[:0])
		i++
		if i == len(states) {
			i = 0
		}
	}
}

// BenchmarkRandomMatch plays a whole four-player, three-life match per op with norns.Playout, in
// place: the first dealer and every pack drawn with SampleChance, every seat move uniformly
// random. It reports ns/decision, the time per seat move (chance moves not counted): the
// decisions are counted afterwards by replaying the same matches from the same seed.
func BenchmarkRandomMatch(b *testing.B) {
	start := mustNew(b, gnav.Config{})
	r := rng.New(1)
	buf := make([]gnav.Move, 0, 8)
	var s gnav.State
	matches := 0
	b.ReportAllocs()
	for b.Loop() {
		s = start
		buf = norns.Playout(&s, r, buf)
		matches++
	}
	elapsed := b.Elapsed()
	decisions := countDecisions(b, start, rng.New(1), matches)
	b.ReportMetric(float64(elapsed.Nanoseconds())/float64(decisions), "ns/decision")
}

// countDecisions plays matches random matches from start with r as norns.Playout does, and
// returns the number of seat moves they hold.
func countDecisions(tb testing.TB, start gnav.State, r *rng.Rand, matches int) int {
	var buf []gnav.Move
	n := 0
	for range matches {
		s := start
		for !s.Over() {
			var m gnav.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				buf = s.AppendLegal(buf[:0])
				m = buf[r.IntN(len(buf))]
				n++
			}
			if err := s.Step(m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return n
}

// BenchmarkView builds one seat's view of a state in a deal.
func BenchmarkView(b *testing.B) {
	s := benchStates(b)[3]
	b.ReportAllocs()
	for b.Loop() {
		_ = s.View(1)
	}
}

// BenchmarkSample draws one determinisation of a view mid-deal.
func BenchmarkSample(b *testing.B) {
	var v gnav.View
	for _, s := range benchStates(b) {
		if s.ToMove().IsSeat() && s.Turn(0) == gnav.TurnAsked {
			v = s.View(s.ToMove())
			break
		}
	}
	r := rng.New(1)
	b.ReportAllocs()
	for b.Loop() {
		_ = v.Sample(r)
	}
}

func TestNoAllocs(t *testing.T) {
	s := mustNew(t, gnav.Config{})
	r := rng.New(2)
	buf := make([]gnav.Move, 0, 8)
	for !s.Over() {
		var m gnav.Move
		if s.ToMove() == norns.Chance {
			if n := testing.AllocsPerRun(10, func() { m = s.SampleChance(r) }); n != 0 {
				t.Fatalf("SampleChance allocates %v", n)
			}
		} else {
			if n := testing.AllocsPerRun(10, func() { buf = s.AppendLegal(buf[:0]) }); n != 0 {
				t.Fatalf("AppendLegal allocates %v", n)
			}
			m = buf[r.IntN(len(buf))]
			v := s.View(s.ToMove())
			if n := testing.AllocsPerRun(10, func() { _ = v.Sample(r) }); n != 0 {
				t.Fatalf("Sample allocates %v", n)
			}
		}
		if n := testing.AllocsPerRun(10, func() { _, _ = s.Apply(m) }); n != 0 {
			t.Fatalf("Apply(%v) allocates %v", m, n)
		}
		var u gnav.State
		if n := testing.AllocsPerRun(10, func() { u = s; _ = u.Step(m) }); n != 0 {
			t.Fatalf("Step(%v) allocates %v", m, n)
		}
		s, _ = s.Apply(m)
	}
}

// searchViews returns the views of the seats to act in a few seeded heuristic matches: the
// decisions a search bot meets.
func searchViews(tb testing.TB, n int) []gnav.View {
	var out []gnav.View
	for seed := uint64(0); len(out) < n; seed++ {
		s := mustNew(tb, gnav.Config{})
		r := rng.New(seed)
		h := gnav.NewHeuristicBot(seed)
		for !s.Over() && len(out) < n {
			var m gnav.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				v := s.View(s.ToMove())
				out = append(out, v)
				m, _ = h.Choose(context.Background(), v)
			}
			if err := s.Step(m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkSearch makes one decision per op with a SearchBot at DefaultSearchIterations,
// cycling through the decisions of seeded heuristic matches. It reports the iterations per
// CPU-second of the process (each iteration deals the hidden cards, weighs the deal by the past
// acts and plays every legal move out to the end of the deal): on a shared machine the wall time
// overstates the cost.
func BenchmarkSearch(b *testing.B) {
	benchSearch(b, gnav.NewSearchBot(gnav.SearchOptions{Seed: 1, Iterations: gnav.DefaultSearchIterations}))
}

// BenchmarkSearchOld is BenchmarkSearch for the search as it was before it weighed its deals by
// the past acts (see NewLegacySearchBot): what the weighing costs.
func BenchmarkSearchOld(b *testing.B) {
	benchSearch(b, gnav.NewLegacySearchBot(1, gnav.DefaultSearchIterations))
}

// BenchmarkSearchPrev is BenchmarkSearch for the search of commit 2c0b7a1 (NewPrevSearchBot,
// the lives squared at the end of the deal): what the win-chance table costs.
func BenchmarkSearchPrev(b *testing.B) {
	benchSearch(b, gnav.NewPrevSearchBot(gnav.SearchOptions{Seed: 1, Iterations: gnav.DefaultSearchIterations}))
}

func benchSearch(b *testing.B, bot bot) {
	views := searchViews(b, 64)
	i := 0
	cpu0 := gametest.CPUTime()
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	if cpu := gametest.CPUTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(i*gnav.DefaultSearchIterations)/cpu.Seconds(), "iterations/cpu-s")
	}
}
