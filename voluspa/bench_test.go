package voluspa_test

import (
	"context"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// BenchmarkRandomMatch plays whole random matches of 2, 3 and 5 players with norns.Playout, the
// generic loop through ToMove, SampleChance, AppendLegal and Step: chance sampled, uniformly
// random legal moves. It reports ns per match, ns per decision (a seat's move; chance moves are
// not counted) and seat turns per second. A 3-player match is about 63 turns and 63 draws.
// BenchmarkRandomMatchOwn plays the 3-player matches with State.Playout.
//
// Instructions a match (cachegrind, the run of 400 matches less the run of 200, which leaves
// out the start-up, divided by 200): with 2, 3 and 5 players 280k, 280k and 279k, against 326k
// at 26f1713 and 500k at 2c0b7a1, before the board kept its frontier and its squares move by
// move (see torus); State.Playout 179k, against 200k at 26f1713 and 251k at 2c0b7a1. Since
// 26f1713: a draw finds its tile with a byte-sum select (randomTile) rather than deck.Random,
// scoreLine reads a line's squares and their neighbours eight at a time, SampleChance copies
// the State's 16-byte drawer rather than the State, retile sets eight tiles at a time, and
// calls that were not inlined are fewer (listing, a lay's lines, the Guard check). So
// norns.Playout takes 1.57x State.Playout's instructions, and 1.12x those State.Playout took at
// fe20109 (250.6k), the figure version 1.0 set its target against (norns.Playout took 604k
// then, 2.4x). The instructions are counted with
//
//	go test -c -o v.test ./voluspa
//	GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=cachegrind --cache-sim=no v.test -test.run '^$' -test.bench '^BenchmarkRandomMatch$/^3p$' -test.benchtime 400x
//
// and the same with 200x (and with -test.bench 'RandomMatchOwn$'); time with
// go test -run '^$' -bench RandomMatch -benchtime 2000x -count 6 ./voluspa.
func BenchmarkRandomMatch(b *testing.B) {
	for _, n := range []int{2, 3, 5} {
		b.Run(map[int]string{2: "2p", 3: "3p", 5: "5p"}[n], func(b *testing.B) {
			start := mustNew(b, n)
			r := rng.New(1)
			buf := make([]voluspa.Move, 0, 512)
			decisions := 0
			b.ReportAllocs()
			var s voluspa.State // declared once: Playout plays on it in place
			for b.Loop() {
				s = start
				buf = norns.Playout(&s, r, buf)
				decisions += s.Turns()
			}
			reportDecisions(b, decisions)
		})
	}
}

// reportDecisions reports ns/decision and turns/s for a benchmark that played decisions seat
// moves in all.
func reportDecisions(b *testing.B, decisions int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "turns/s")
}

// BenchmarkRandomMatchOwn plays the matches of BenchmarkRandomMatch/3p with State.Playout,
// Voluspa's own playout loop, which counts the legal moves and finds the one drawn instead of
// listing them and keeps an index of the grid beside the State: the same moves, states and
// draws as norns.Playout (TestPlayoutMatchesGeneric).
func BenchmarkRandomMatchOwn(b *testing.B) {
	start := mustNew(b, 3)
	r := rng.New(1)
	decisions := 0
	b.ReportAllocs()
	for b.Loop() {
		s := start.Playout(r)
		decisions += s.Turns()
	}
	reportDecisions(b, decisions)
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

// The benchmarks below measure Legal, Apply and Step one at a time over the states of random
// matches. Instructions a call (cachegrind, as above with GOGC=off, whose collections otherwise
// move these figures by up to a hundred, 200000 calls less 100000), against 26f1713 and
// 2c0b7a1: AppendLegal 1555 against 1724 and 4507 (it lists from the frontier the board keeps
// instead of building one); Apply of a seat's move 2723 against 2947 and 2424, and of a draw
// 596 against 595 and 393 (a State is 944 bytes, not 360, and Apply copies it twice; a lay or
// cover makes three rows of the frontier again); Step 1309 a step against 1409 and 1266
// (BenchmarkStepMatch: 163.2k a match of 124.65 Steps against 175.7k, 400 matches less 200).
// Their times on a busy machine went the same ways as at 2c0b7a1, by more for Apply (its
// states, 944 bytes each, no longer fit the cache BenchmarkApplyMatch cycles them through).

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

// BenchmarkApplyDrawMatch applies the draw chance makes at every chance node of 40 random
// matches, one state after the other (see BenchmarkLegalMatch): Apply's cost where it does
// least besides copying the State.
func BenchmarkApplyDrawMatch(b *testing.B) {
	var states []voluspa.State
	var moves []voluspa.Move
	for seed := range uint64(40) {
		s := mustNew(b, 3)
		r := rng.New(100 + seed)
		for !s.Over() {
			m := randomMove(s, r)
			if s.ToMove() == norns.Chance {
				states, moves = append(states, s), append(moves, m)
			}
			var err error
			if s, err = s.Apply(m); err != nil {
				b.Fatal(err)
			}
		}
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

// BenchmarkStepMatch replays 40 random 3-player matches with Step, every move (chance and
// seats) in place on one State, as norns.Playout steps: it reports ns per step.
func BenchmarkStepMatch(b *testing.B) {
	start := mustNew(b, 3)
	var matches [][]voluspa.Move
	for seed := range uint64(40) {
		s := start
		r := rng.New(100 + seed)
		var moves []voluspa.Move
		for !s.Over() {
			m := randomMove(s, r)
			moves = append(moves, m)
			if err := s.Step(m); err != nil {
				b.Fatal(err)
			}
		}
		matches = append(matches, moves)
	}
	b.ReportAllocs()
	steps, i := 0, 0
	var s voluspa.State
	for b.Loop() {
		s = start
		for _, m := range matches[i] {
			if err := s.Step(m); err != nil {
				b.Fatal(err)
			}
		}
		steps += len(matches[i])
		if i++; i == len(matches) {
			i = 0
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
}

// BenchmarkSearch runs the search bot's decisions at every seat-0 turn of a seeded 2-player match
// against the heuristic, with a budget of 200 iterations each: it reports ns per iteration, the
// figure the default time budget (DefaultSearchTime) divides.
func BenchmarkSearch(b *testing.B) {
	var views []voluspa.View
	s := mustNew(b, 2)
	r := rng.New(3)
	h := voluspa.NewHeuristicBot(4)
	for !s.Over() {
		var m voluspa.Move
		switch p := s.ToMove(); {
		case p == norns.Chance:
			m = s.SampleChance(r)
		default:
			if p == 0 && len(s.Legal()) > 1 {
				views = append(views, s.View(p))
			}
			var err error
			if m, err = h.Choose(context.Background(), s.View(p)); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.Step(m); err != nil {
			b.Fatal(err)
		}
	}
	const iters = 200
	bot := voluspa.NewSearchBot(voluspa.SearchOptions{Seed: 1, Iterations: iters})
	i := 0
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), views[i]); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(views) {
			i = 0
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*iters), "ns/iteration")
}
