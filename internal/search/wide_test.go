package search_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// Wide is a synthetic game for the search's scaling: two seats play wPlies moves in turn, each
// choosing one of width moves (0 … width-1), after chance dealt seat 1 a secret 0 … 15 that seat
// 0 cannot see. Each move m at ply i is worth wValue(m, i) to its mover; seat 1 adds its secret;
// the higher total wins, an equal one is a draw. Every method costs O(1) except AppendLegal,
// which copies the list, so that the search's own cost stands out.
//
// vary changes seat 1's legal lists with the secret, as hidden cards change an opponent's moves:
// wShift leaves out one move that depends on the secret (the later moves shift by one place),
// wRotate rotates the list by an amount that depends on the secret (every move moves).
type wide struct {
	width  int16
	vary   uint8
	ply    int8
	secret int8 // -1 before the deal
	moves  [wPlies]wMove
}

type wMove uint16

func (m wMove) String() string { return fmt.Sprintf("w%d", uint16(m)) }

const (
	wPlies = 4

	wFixed uint8 = iota
	wShift
	wRotate
)

var wAll = func() (a [1024]wMove) {
	for i := range a {
		a[i] = wMove(i)
	}
	return
}()

func newWide(width int, vary uint8) wide { return wide{width: int16(width), vary: vary, secret: -1} }

// wValue is a move's worth: a fixed pseudo-random 0 … 15.
func wValue(m wMove, ply int8) int { return int((uint32(m)*2654435761+uint32(ply)*40503)>>11) & 15 }

func (s wide) Players() int { return 2 }
func (s wide) Over() bool   { return s.ply == wPlies }
func (s wide) ToMove() norns.Player {
	switch {
	case s.secret < 0:
		return norns.Chance
	case s.Over():
		return norns.Nobody
	}
	return norns.Player(s.ply & 1)
}
func (s wide) Legal() []wMove { return s.AppendLegal(nil) }

// skipped returns the move seat 1 may not play (wShift), or -1.
func (s wide) skipped() int {
	if s.vary == wShift && s.ply&1 == 1 {
		return int(s.secret) * 7 % int(s.width)
	}
	return -1
}

// rotation returns the rotation of seat 1's list (wRotate).
func (s wide) rotation() int {
	if s.vary == wRotate && s.ply&1 == 1 {
		return int(s.secret) * int(s.width) / 16
	}
	return 0
}

func (s wide) AppendLegal(dst []wMove) []wMove {
	if s.secret < 0 || s.Over() {
		return dst
	}
	w := int(s.width)
	if k := s.skipped(); k >= 0 {
		return append(append(dst, wAll[:k]...), wAll[k+1:w]...)
	}
	k := s.rotation()
	return append(append(dst, wAll[k:w]...), wAll[:k]...)
}

var errWide = fmt.Errorf("wide: %w", norns.ErrIllegalMove)

func (s wide) Apply(m wMove) (wide, error) {
	switch {
	case s.Over():
		return s, norns.ErrGameOver
	case s.secret < 0:
		if m >= 16 {
			return s, errWide
		}
		s.secret = int8(m)
		return s, nil
	case int(m) >= int(s.width) || int(m) == s.skipped():
		return s, errWide
	}
	s.moves[s.ply] = m
	s.ply++
	return s, nil
}

func (s wide) SampleChance(r *rng.Rand) wMove { return wMove(r.IntN(16)) }

func (s wide) Score(p norns.Player) int {
	t := 0
	for i := int8(0); i < s.ply; i++ {
		if norns.Player(i&1) == p {
			t += wValue(s.moves[i], i)
		}
	}
	if p == 1 && s.secret > 0 {
		t += int(s.secret)
	}
	return t
}

func (s wide) Winners() norns.Seats {
	if !s.Over() {
		return 0
	}
	switch a, b := s.Score(0), s.Score(1); {
	case a > b:
		return norns.SeatsOf(0)
	case b > a:
		return norns.SeatsOf(1)
	}
	return 0
}

func (s wide) String() string               { return fmt.Sprintf("wide%+v", s.moves[:s.ply]) }
func (s wide) View(p norns.Player) wideView { return wideView{seat: p, s: s, hide: p == 0} }

type wideView struct {
	seat norns.Player
	s    wide
	hide bool
}

func (v wideView) Seat() norns.Player   { return v.seat }
func (v wideView) Players() int         { return 2 }
func (v wideView) ToMove() norns.Player { return v.s.ToMove() }
func (v wideView) Over() bool           { return v.s.Over() }
func (v wideView) Legal() []wMove       { return v.AppendLegal(nil) }
func (v wideView) AppendLegal(dst []wMove) []wMove {
	if v.s.ToMove() != v.seat {
		return dst
	}
	return v.s.AppendLegal(dst)
}
func (v wideView) Sample(r *rng.Rand) wide {
	s := v.s
	if v.hide && s.secret >= 0 {
		s.secret = int8(r.IntN(16))
	}
	return s
}

var _ = isGame[wide, wMove, wideView]

// dealtWide returns a wide match just dealt, seat 0 to move.
func dealtWide(tb testing.TB, width int, vary uint8) wide {
	s, err := newWide(width, vary).Apply(5)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// TestWideningLimitsChildren pins progressive widening: with 256 moves and 1000 iterations the
// root considers about sqrt(1000) of them, and with 8 all of them.
func TestWideningLimitsChildren(t *testing.T) {
	for _, tc := range []struct{ width, lo, hi int }{{8, 8, 8}, {64, 30, 32}, {256, 30, 32}} {
		sr := search.New[wide, wMove, wideView](search.Options[wide, wMove]{})
		if _, err := sr.Choose(context.Background(), dealtWide(t, tc.width, wFixed).View(0), rng.New(1)); err != nil {
			t.Fatal(err)
		}
		tried := 0
		for _, st := range sr.RootStats(nil) {
			if st.Visits > 0 {
				tried++
			}
		}
		if tried < tc.lo || tried > tc.hi {
			t.Errorf("%d moves: %d root children after 1000 iterations, want %d–%d", tc.width, tried, tc.lo, tc.hi)
		}
	}
}

// TestChildrenFoundWhenListsChange checks the children's index when the opponent's legal lists
// change with the determinisation (a move left out, or the whole list rotated): every child is
// counted available exactly when its move is legal, so the statistics match a fixed-list search
// of the same game on the same draws.
func TestChildrenFoundWhenListsChange(t *testing.T) {
	for _, width := range []int{8, 64, 256} {
		for _, vary := range []uint8{wShift, wRotate} {
			// Seat 1 to move, seat 0's secret hidden from seat 1? Seat 1 sees its secret; search
			// from seat 0 two plies deep so seat 1's nodes see varying lists.
			v := dealtWide(t, width, vary).View(0)
			sr := search.New[wide, wMove, wideView](search.Options[wide, wMove]{Iterations: 3000})
			m, err := sr.Choose(context.Background(), v, rng.New(2))
			if err != nil {
				t.Fatal(err)
			}
			if !isLegal(v.Legal(), m) {
				t.Errorf("width %d vary %d: chose %v, not legal", width, vary, m)
			}
			total := 0
			for _, st := range sr.RootStats(nil) {
				total += st.Visits
			}
			if total != 3000 {
				t.Errorf("width %d vary %d: %d root visits, want 3000", width, vary, total)
			}
		}
	}
}

func isLegal(legal []wMove, m wMove) bool {
	for _, x := range legal {
		if x == m {
			return true
		}
	}
	return false
}

// The search finds the best first move of a narrow wide game: seat 0's move at ply 0 is worth
// wValue to it, whatever follows.
func TestWideFindsBestMove(t *testing.T) {
	v := dealtWide(t, 8, wFixed).View(0)
	best, bestV := wMove(0), -1
	for m := range wMove(8) {
		if x := wValue(m, 0); x > bestV {
			best, bestV = m, x
		}
	}
	got, err := search.Choose(context.Background(), v, search.Options[wide, wMove]{Iterations: 4000}, rng.New(3))
	if err != nil {
		t.Fatal(err)
	}
	if wValue(got, 0) != bestV {
		t.Errorf("chose %v worth %d, want one worth %d like %v", got, wValue(got, 0), bestV, best)
	}
}

// TestPriorOrdersExpansion: with 256 moves and widening, a prior that ranks the best move first
// gets it tried and chosen; without the prior only about 32 random moves are tried.
func TestPriorOrdersExpansion(t *testing.T) {
	v := dealtWide(t, 256, wFixed).View(0)
	opts := search.Options[wide, wMove]{
		Iterations: 1000,
		Prior: func(s wide, m wMove) float64 {
			if s.ply == 0 {
				return float64(wValue(m, 0))
			}
			return 0
		},
	}
	sr := search.New[wide, wMove, wideView](opts)
	got, err := sr.Choose(context.Background(), v, rng.New(4))
	if err != nil {
		t.Fatal(err)
	}
	if wValue(got, 0) != 15 {
		t.Errorf("chose %v worth %d, want a move worth 15", got, wValue(got, 0))
	}
	for _, st := range sr.RootStats(nil) {
		if st.Visits > 0 && wValue(st.Move, 0) < 12 {
			t.Errorf("%v worth %d tried before better moves", st.Move, wValue(st.Move, 0))
			break
		}
	}
}

// TestOpponentModel: with an opponent model the tree holds only the searching seat's moves, and
// the opponents' moves come from the model. In guess with card 5, a model whose seat 1 always
// plays its lower card makes "hi" a sure win.
func TestOpponentModel(t *testing.T) {
	calls := 0
	opts := search.Options[guess, gMove]{
		Iterations: 500,
		Opponents: func(s guess, r *rng.Rand) gMove {
			calls++
			if s.ToMove() != 1 {
				t.Errorf("opponent model asked for %v", s.ToMove())
			}
			return gMove{kind: gPlay, a: s.h1[0]}
		},
	}
	sr := search.New[guess, gMove, guessView](opts)
	got, err := sr.Choose(context.Background(), dealGuess(t, false, 5, 6, 7).View(0), rng.New(1))
	if err != nil {
		t.Fatal(err)
	}
	if got != (gMove{kind: gLo}) && got != (gMove{kind: gHi}) {
		t.Errorf("chose %v; with seat 1 playing its lower card a guess beats pass", got)
	}
	if calls == 0 {
		t.Error("the opponent model was never asked")
	}
	if n := sr.Nodes(); n != 4 {
		t.Errorf("%d nodes, want the root and its 3 moves only", n)
	}
}

// TestPaired: the paired comparison credits every root move each iteration, with 1/2 plus its
// reward less the moves' mean, on the same playout randomness. In nim from 5, take 2 wins
// against random replies more often than take 1.
func TestPaired(t *testing.T) {
	sr := search.New[nim, nimMove, nimView](search.Options[nim, nimMove]{Iterations: 400, Paired: true})
	got, err := sr.Choose(context.Background(), newNim(2, 5).View(0), rng.New(1))
	if err != nil {
		t.Fatal(err)
	}
	st := sr.RootStats(nil)
	if got != 2 || st[0].Visits != 400 || st[1].Visits != 400 {
		t.Errorf("chose %v with stats %+v; want take 2, every move credited every iteration", got, st)
	}
	if d := st[0].Mean + st[1].Mean; d < 0.999 || d > 1.001 {
		t.Errorf("paired means %v and %v do not add up to 1", st[0].Mean, st[1].Mean)
	}
	if st[1].Mean <= st[0].Mean {
		t.Errorf("take 2 mean %v not above take 1's %v", st[1].Mean, st[0].Mean)
	}
}

// TestContractBreaches: a game whose listed move does not apply is an error, not a panic.
func TestContractBreaches(t *testing.T) {
	opts := search.Options[nim, nimMove]{Iterations: 10, Playout: func(nim, *rng.Rand) nimMove { return 3 }}
	if _, err := search.Choose(context.Background(), newNim(2, 9).View(0), opts, rng.New(1)); !errors.Is(err, norns.ErrIllegalMove) {
		t.Errorf("a playout policy returning an illegal move: error %v, want ErrIllegalMove", err)
	}
}

// BenchmarkScaling measures one search iteration on the wide game with 8, 64 and 256 legal moves
// (1000-iteration searches, default widening), and the game's own share: a determinisation and a
// random playout of the same length (what every iteration spends in the game). The search's own
// cost per iteration is the difference.
//
//	go test ./internal/search -run '^$' -bench Scaling -benchmem
func BenchmarkScaling(b *testing.B) {
	for _, vary := range []uint8{wFixed, wRotate} {
		for _, width := range []int{8, 64, 256} {
			name := fmt.Sprintf("lists=%s/moves=%d", map[uint8]string{wFixed: "fixed", wRotate: "rotated"}[vary], width)
			v := dealtWide(b, width, vary).View(0)
			b.Run(name+"/search", func(b *testing.B) {
				sr := search.New[wide, wMove, wideView](search.Options[wide, wMove]{})
				r := rng.New(1)
				b.ReportAllocs()
				cpu := gametest.CPUTime()
				for b.Loop() {
					if _, err := sr.Choose(context.Background(), v, r); err != nil {
						b.Fatal(err)
					}
				}
				reportIterations(b, gametest.CPUTime()-cpu)
			})
			b.Run(name+"/game", func(b *testing.B) {
				r := rng.New(1)
				buf := make([]wMove, 0, 256)
				b.ReportAllocs()
				cpu := gametest.CPUTime()
				for b.Loop() {
					for range search.DefaultIterations {
						s := v.Sample(r)
						buf = norns.Playout(&s, r, buf)
						_ = search.Result(s, 0) + search.Result(s, 1)
					}
				}
				reportIterations(b, gametest.CPUTime()-cpu)
			})
		}
	}
}

// reportIterations reports the wall time per iteration of b's 1000-iteration searches, and the
// CPU time per iteration (on a machine shared with other work, the wall time overstates the
// cost; the process's CPU time is what one core spent).
func reportIterations(b *testing.B, cpu time.Duration) {
	n := float64(b.N * search.DefaultIterations)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/iteration")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/n, "cpu-ns/iteration")
	}
}

// TestNoAllocsWide: a Searcher that has searched a wide game once (256 moves, lists that change
// with the determinisation, so the legal-list index is used) searches it again without
// allocating: the node slice, the child index and the list index are all reused.
func TestNoAllocsWide(t *testing.T) {
	v := dealtWide(t, 256, wRotate).View(0)
	sr := search.New[wide, wMove, wideView](search.Options[wide, wMove]{Iterations: 500})
	r := rng.New(1)
	ctx := context.Background()
	for range 3 {
		if _, err := sr.Choose(ctx, v, r); err != nil {
			t.Fatal(err)
		}
	}
	if n := testing.AllocsPerRun(10, func() { sr.Choose(ctx, v, r) }); n != 0 {
		t.Errorf("a reused Searcher allocates %v times per search", n)
	}
}

// Step applies m in place, as Apply does.
func (s *wide) Step(m wMove) error {
	next, err := s.Apply(m)
	if err == nil {
		*s = next
	}
	return err
}
