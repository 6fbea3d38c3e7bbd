package voluspa

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// TestRandomMoveMatchesLegal checks what State.Playout relies on: at every turn of random
// matches of 2 to 5 players, steered at times to sprawl (so that grids grow tall and wide), the
// move randomMove finds on the frontier built from a grid, and the one randomTorus finds on the
// board's torus while the grid fits it, for each index, is that index of Legal's list, and the
// number of moves they draw among is the list's length.
func TestRandomMoveMatchesLegal(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		sprawl := rapid.IntRange(0, 4).Draw(t, "sprawl") // out of 4, how often to lay farthest out
		rapidMatch(t, func(s *State, legal []Move, pick Move, r *rng.Rand) Move {
			var g grid
			g.init(&s.board)
			var p [4 * maxRows]uint64
			f := g.frontier(&s.board, p[:])
			for i, want := range legal {
				// A generator whose IntN(len(legal)) is i: randomMove must draw exactly once,
				// among len(legal) moves, and map the draw to Legal's order.
				got, fromTorus := Pass(), Pass()
				if hand := s.h.hand[s.toMove]; !hand.IsEmpty() {
					r1 := fixedDraw(len(legal), i)
					r2 := *r1
					got = f.randomMove(hand, r1)
					fromTorus = got
					if s.board.fits() {
						fromTorus = s.board.randomTorus(hand, &r2)
					}
				}
				if got != want {
					t.Fatalf("move %d of %d: %v, want %v in\n%v", i, len(legal), got, want, s)
				}
				if fromTorus != want {
					t.Fatalf("move %d of %d from the torus: %v, want %v in\n%v", i, len(legal), fromTorus, want, s)
				}
				checked++
			}
			if r.IntN(4) < sprawl {
				return farthest(legal, pick, func(m Move) int { return abs(int(m.x)) + abs(int(m.y)) })
			}
			return pick
		}, nil)
	})
	t.Logf("%d moves checked", checked)
}

// fixedDraw returns a generator whose next IntN(n) returns i: rng.Rand draws IntN(n) from
// Uint64N, so the generator is searched for among seeds. It is slow but exact.
func fixedDraw(n, i int) *rng.Rand {
	for seed := uint64(0); ; seed++ {
		if rng.New(seed).IntN(n) == i {
			return rng.New(seed)
		}
	}
}

// TestPlayoutMatchesGeneric checks State.Playout against norns.Playout, the loop that
// defines a random playout: from the start of matches of 2 to 5
// players, and from every tenth state of random matches, both reach the same final state and
// leave their generators alike.
func TestPlayoutMatchesGeneric(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, s State, seed uint64) {
		r1, r2 := rng.New(seed), rng.New(seed)
		want := s
		norns.Playout(&want, r1, nil)
		if got := s.Playout(r2); got != want {
			t.Fatalf("Playout from\n%v\nreached\n%v\nthe loop\n%v", s, got, want)
		}
		if a, b := r1.Uint64(), r2.Uint64(); a != b {
			t.Fatalf("Playout from\n%v\nleft its generator at %#x, the loop at %#x", s, b, a)
		}
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		s, err := New(Config{Players: n})
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(20) {
			check(t, s, seed)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		step := uint64(0)
		rapidMatch(t, nil, func(_ Move, s *State) {
			if step++; step%10 == 0 {
				check(t, *s, step)
			}
		})
	})
}

// TestGridWindowMatchesLoad checks the window Playout fills from its grid against the one Apply
// loads from the cell list, for squares in and around the grids of random matches: the same
// squares within reach of the centre (win, and one more beside the lines), the same lines
// through it.
func TestGridWindowMatchesLoad(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rapidMatch(t, func(s *State, _ []Move, pick Move, r *rng.Rand) Move {
			var g grid
			g.init(&s.board)
			minX, minY, maxX, maxY, _ := s.Bounds()
			x, y := minX-1+r.IntN(maxX-minX+3), minY-1+r.IntN(maxY-minY+3)
			var got, want window
			g.window(&got, x, y)
			want.load(&s.board, x, y)
			if got.occ != want.occ {
				t.Fatalf("at %d,%d: occ %#x, want %#x in\n%v", x, y, got.occ, want.occ, s)
			}
			for k := range 2 {
				for l := range 3 {
					for i := wc - win - 1; i <= wc+win+1; i++ {
						if a, b := *got.sq(k, l, i), *want.sq(k, l, i); a != b {
							t.Fatalf("at %d,%d: block %d line %d square %d: %#x, want %#x in\n%v", x, y, k, l, i, a, b, s)
						}
					}
				}
			}
			return pick
		}, nil)
	})
}

// TestGridFollowsBoard checks the grid Playout updates move by move (as Playout does: set at
// every lay, cover and first tile, rebase before each frontier) against one built afresh from
// the board with the same first column, and its frontier against newFrontier's, at every step
// of random matches of 2 to 5 players, steered at times east or west so that grids outgrow the
// grid's first column.
func TestGridFollowsBoard(t *testing.T) {
	rebased := 0
	rapid.Check(t, func(t *rapid.T) {
		east := rapid.Bool().Draw(t, "east")             // which way to sprawl
		sprawl := rapid.IntRange(0, 4).Draw(t, "sprawl") // out of 4, how often
		g := new(grid)
		rapidMatch(t, func(s *State, legal []Move, pick Move, r *rng.Rand) Move {
			if r.IntN(4) < sprawl {
				return farthest(legal, pick, func(m Move) int {
					if east {
						return int(m.x)
					}
					return -int(m.x)
				})
			}
			return pick
		}, func(m Move, s *State) {
			switch m.kind {
			case MoveLay, MoveCover:
				g.set(int(m.x), int(m.y), m.tile)
			case MoveFirstTile:
				g.set(0, 0, m.tile)
			}
			ox := g.ox
			g.rebase(&s.board)
			if g.ox != ox && m.kind != MoveFirstTile {
				rebased++
			}
			fresh := &grid{ox: g.ox}
			for _, c := range s.board.cells() {
				fresh.set(int(c.x), int(c.y), c.t)
			}
			if *g != *fresh {
				t.Fatalf("after %v the grid differs from one built afresh from\n%v", m, s)
			}
			// Its frontier is newFrontier's, shifted to its first column.
			b := &s.board
			if b.n == 0 {
				return
			}
			var p, q [frontierPlanes * maxRows]uint64
			got, want := g.frontier(b, p[:]), newFrontier(b, q[:], maxRows)
			shift := want.ox - got.ox
			if shift < 0 || int(b.maxX)+1-got.ox >= 64 {
				t.Fatalf("after %v the grid's columns start at %d, for a grid from x = %d to %d", m, got.ox, b.minX, b.maxX)
			}
			planes := func(f frontier) [4][]uint64 { return [4][]uint64{f.open, f.lay, f.cover[0], f.cover[1]} }
			for k, pl := range planes(want) {
				for r, row := range pl {
					if planes(got)[k][r] != row<<shift {
						t.Fatalf("after %v plane %d row %d: %#x, want %#x shifted by %d in\n%v", m, k, r, planes(got)[k][r], row, shift, s)
					}
				}
			}
			if got.nLay != want.nLay || got.nGuardLay != want.nGuardLay || got.nCover != want.nCover {
				t.Fatalf("after %v the counts differ from newFrontier's in\n%v", m, s)
			}
		})
	})
	if rebased == 0 {
		t.Error("no grid outgrew its first column")
	}
	t.Logf("%d rebases after a lay", rebased)
}
