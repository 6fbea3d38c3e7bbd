package voluspa

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// TestRandomMoveMatchesLegal checks what State.Playout relies on: at every turn of random
// matches of 2 to 5 players, steered at times to sprawl (so that grids grow tall and wide), the
// move randomMove finds on the frontier built from a grid, for each index, is that index of
// Legal's list, and the number of moves it draws among is the list's length.
func TestRandomMoveMatchesLegal(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		s, err := New(Config{Players: rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")})
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(rapid.Uint64().Draw(t, "seed"))
		sprawl := rapid.IntRange(0, 4).Draw(t, "sprawl")
		for !s.Over() {
			var m Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				legal := s.Legal()
				var g grid
				g.init(&s.board)
				var p [4 * maxRows]uint64
				f := g.frontier(&s.board, p[:])
				for i, want := range legal {
					// A generator whose IntN(len(legal)) is i: randomMove must draw exactly once,
					// among len(legal) moves, and map the draw to Legal's order.
					got := Pass()
					if hand := s.h.hand[s.toMove]; !hand.IsEmpty() {
						got = f.randomMove(hand, fixedDraw(len(legal), i))
					}
					if got != want {
						t.Fatalf("move %d of %d: %v, want %v in\n%v", i, len(legal), got, want, s)
					}
					checked++
				}
				m = legal[r.IntN(len(legal))]
				if r.IntN(4) < sprawl {
					for _, c := range legal {
						if c.kind == MoveLay && abs(int(c.x))+abs(int(c.y)) > abs(int(m.x))+abs(int(m.y)) || m.kind != MoveLay {
							m = c
						}
					}
				}
			}
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
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

// TestPlayoutMatchesGeneric checks State.Playout against the loop that defines a random playout
// (norns.Playout's, which calls State.Playout for Voluspa): from the start and from states
// part-way through random matches of 2 to 5 players, both reach the same final state and leave
// their generators alike.
func TestPlayoutMatchesGeneric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, err := New(Config{Players: rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")})
		if err != nil {
			t.Fatal(err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		// Walk a random number of moves in first, so that playouts start anywhere.
		r := rng.New(seed ^ 1)
		for range rapid.IntRange(0, 300).Draw(t, "walk") {
			if s.Over() {
				break
			}
			var m Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				l := s.Legal()
				m = l[r.IntN(len(l))]
			}
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		r1, r2 := rng.New(seed), rng.New(seed)
		want := s
		for !want.Over() {
			var m Move
			if want.ToMove() == norns.Chance {
				m = want.SampleChance(r1)
			} else {
				l := want.Legal()
				m = l[r1.IntN(len(l))]
			}
			if want, err = want.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		got := s.Playout(r2)
		if got != want {
			t.Fatalf("Playout reached\n%v\nthe loop\n%v", got, want)
		}
		if a, b := r1.Uint64(), r2.Uint64(); a != b {
			t.Fatalf("the generators differ after the playout: %#x, want %#x", b, a)
		}
	})
}

// TestGridWindowMatchesLoad checks the window Playout fills from its grid against the one Apply
// loads from the cell list, for squares in and around the grids of random matches: the same
// squares within reach of the centre (win, and one more beside the lines), the same lines
// through it.
func TestGridWindowMatchesLoad(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, err := New(Config{Players: rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")})
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(rapid.Uint64().Draw(t, "seed"))
		for !s.Over() {
			var m Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
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
				l := s.Legal()
				m = l[r.IntN(len(l))]
			}
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestGridFollowsBoard checks the grid Playout updates move by move (as Playout does: set at
// every lay, cover and first tile, rebase before each frontier) against one built afresh from
// the board with the same first column, at every step of random matches of 2 to 5 players.
func TestGridFollowsBoard(t *testing.T) {
	rebased := 0
	rapid.Check(t, func(t *rapid.T) {
		s, err := New(Config{Players: rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")})
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(rapid.Uint64().Draw(t, "seed"))
		east := rapid.Bool().Draw(t, "east")             // which way to sprawl
		sprawl := rapid.IntRange(0, 4).Draw(t, "sprawl") // out of 4, how often
		g := new(grid)
		for !s.Over() {
			var m Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				l := s.Legal()
				m = l[r.IntN(len(l))]
				if r.IntN(4) < sprawl {
					for _, c := range l {
						if c.kind == MoveLay && (m.kind != MoveLay || east && c.x > m.x || !east && c.x < m.x) {
							m = c
						}
					}
				}
			}
			switch m.kind {
			case MoveLay, MoveCover:
				g.set(int(m.x), int(m.y), m.tile)
			case MoveFirstTile:
				g.set(0, 0, m.tile)
			}
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
			// Playout rebases before each frontier; a grid built afresh from the same first
			// column must then be the same.
			ox := g.ox
			g.rebase(&s.board)
			if g.ox != ox {
				rebased++
			}
			fresh := &grid{ox: g.ox}
			for _, c := range s.board.cells() {
				fresh.set(int(c.x), int(c.y), c.t)
			}
			if *g != *fresh {
				t.Fatalf("after %v the grid differs from one built afresh from\n%v", m, s)
			}
		}
	})
	if rebased == 0 {
		t.Error("no grid outgrew its first column")
	}
	t.Logf("%d rebases", rebased)
}
