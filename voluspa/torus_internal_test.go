package voluspa

import (
	"math/bits"
	"testing"

	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// freshTorus returns the torus of b computed afresh from its cell list, independently of the
// updates the board makes move by move: the zero torus when the grid does not fit; else the
// tile planes of the cells, and the frontier of newFrontier (from the cell list,
// column cuts made) turned into the torus's rows, with its counts.
func freshTorus(b *board) torus {
	var tr torus
	if !b.fits() {
		return tr
	}
	for _, c := range b.cells() {
		r, k := uint(int(c.y))%torusSide, uint(int(c.x))%torusSide
		tr.plane[0][r] |= 1 << k
		switch c.t {
		case guardKind:
			tr.plane[1][r] |= 1 << k
		case coverKinds[0]:
			tr.plane[2][r] |= 1 << k
		case coverKinds[1]:
			tr.plane[3][r] |= 1 << k
		}
		tr.cols[k] |= 1 << r
		tr.rowSq[r] |= uint64(8|sqByte[c.t]) << (4 * k)
		tr.colSq[k] |= uint64(8|sqByte[c.t]) << (4 * r)
	}
	var p [frontierPlanes * maxRows]uint64
	f := newFrontier(b, p[:], maxRows)
	// The squares cut: in each column, those where a tile would make it too long.
	for k := range torusSide {
		var col uint64 // the column's tiles, bit r for y = oy + r
		for _, c := range b.cells() {
			if uint(int(c.x))%torusSide == uint(k) {
				col |= 1 << (int(c.y) - f.oy)
			}
		}
		for m := overlong(col); m != 0; m &= m - 1 {
			tr.cut[uint(f.oy+bits.TrailingZeros64(m))%torusSide] |= 1 << k
		}
	}
	for k, pl := range [4][]uint64{f.open, f.lay, f.cover[0], f.cover[1]} {
		for r, row := range pl {
			if row>>torusSide != 0 {
				panic("a frontier row wider than the torus")
			}
			j := uint(f.oy+r) % torusSide
			tr.front[k][j] = bits.RotateLeft16(uint16(row), int(uint(f.ox)%torusSide))
			tr.count += uint64(bits.OnesCount64(row)) << (16 * k)
		}
	}
	return tr
}

// TestTorusFollowsBoard checks the torus the board updates at every lay and cover against one
// computed afresh from the cell list (freshTorus), at every step of random matches of 2 to 5
// players steered at times to sprawl north, south, east or west, so that grids outgrow the
// torus; and the frontier Legal reads from it (frontierTorus) against newFrontier's.
func TestTorusFollowsBoard(t *testing.T) {
	fitting, outgrown := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		dir := rapid.IntRange(0, 3).Draw(t, "dir")       // which way to sprawl
		sprawl := rapid.IntRange(0, 4).Draw(t, "sprawl") // out of 4, how often
		rapidMatch(t, func(s *State, legal []Move, pick Move, r *rng.Rand) Move {
			if r.IntN(4) < sprawl {
				return farthest(legal, pick, func(m Move) int {
					return [4]int{int(m.x), -int(m.x), int(m.y), -int(m.y)}[dir]
				})
			}
			return pick
		}, func(m Move, s *State) {
			b := &s.board
			if want := freshTorus(b); b.tor != want {
				t.Fatalf("after %v the torus differs from one computed afresh from\n%v", m, s)
			}
			if !b.fits() {
				outgrown++
				return
			}
			fitting++
			for set := range 1 << NumKinds { // every set of kinds a hand can hold
				var kinds uint64
				for k, u := range tiles {
					kinds |= uint64(set>>k&1) << u
				}
				if got, want := b.tor.moves(kinds), b.tor.counts(); got != want.moves(kinds) {
					t.Fatalf("after %v the torus counts %d moves for the kinds %#x, want %d", m, got, kinds, want.moves(kinds))
				}
			}
			var p [4 * smallRows]uint64
			var q [frontierPlanes * maxRows]uint64
			got, want := b.frontierTorus(&p), newFrontier(b, q[:], maxRows)
			if got.ox != want.ox || got.oy != want.oy || got.nLay != want.nLay || got.nGuardLay != want.nGuardLay || got.nCover != want.nCover {
				t.Fatalf("after %v the torus's frontier is %+v, want %+v in\n%v", m, got, want, s)
			}
			planes := func(f frontier) [4][]uint64 { return [4][]uint64{f.open, f.lay, f.cover[0], f.cover[1]} }
			for k, pl := range planes(want) {
				for r, row := range pl {
					if planes(got)[k][r] != row {
						t.Fatalf("after %v plane %d row %d: %#x, want %#x in\n%v", m, k, r, planes(got)[k][r], row, s)
					}
				}
			}
		})
	})
	if outgrown == 0 || fitting == 0 {
		t.Errorf("%d steps with a grid that fits the torus, %d with one that outgrew it: want both", fitting, outgrown)
	}
	t.Logf("%d steps fit the torus, %d outgrew it", fitting, outgrown)
}

// TestTorusWindowMatchesLoad checks the window fill reads from the torus against the one load
// builds from the cell list, for squares in and around the grids of random matches steered at
// times to sprawl (so that grids fill the torus, whose squares then alias in a window's lines),
// and far from them (where fill falls back to load): the same squares within reach of the
// centre (win, which is as far as a window's reads go), the same lines through it.
func TestTorusWindowMatchesLoad(t *testing.T) {
	near := 0
	rapid.Check(t, func(t *rapid.T) {
		dir := rapid.IntRange(0, 3).Draw(t, "dir")       // which way to sprawl
		sprawl := rapid.IntRange(0, 4).Draw(t, "sprawl") // out of 4, how often
		rapidMatch(t, func(s *State, legal []Move, pick Move, r *rng.Rand) Move {
			minX, minY, maxX, maxY, _ := s.Bounds()
			for range 4 {
				x, y := minX-1+r.IntN(maxX-minX+3), minY-1+r.IntN(maxY-minY+3)
				if r.IntN(8) == 0 {
					x, y = minX-20+r.IntN(maxX-minX+40), minY-20+r.IntN(maxY-minY+40)
				}
				if s.board.nearTorus(x, y) {
					near++
				}
				var got, want window
				got.fill(&s.board, x, y)
				want.load(&s.board, x, y)
				if got.occ != want.occ {
					t.Fatalf("at %d,%d: occ %#x, want %#x in\n%v", x, y, got.occ, want.occ, s)
				}
				for k := range 2 {
					for l := range 3 {
						for i := wc - win; i <= wc+win; i++ {
							if a, b := *got.sq(k, l, i), *want.sq(k, l, i); a != b {
								t.Fatalf("at %d,%d: block %d line %d square %d: %#x, want %#x in\n%v", x, y, k, l, i, a, b, s)
							}
						}
					}
				}
			}
			if r.IntN(4) < sprawl {
				return farthest(legal, pick, func(m Move) int {
					return [4]int{int(m.x), -int(m.x), int(m.y), -int(m.y)}[dir]
				})
			}
			return pick
		}, nil)
	})
	if near == 0 {
		t.Error("no window read from the torus")
	}
	t.Logf("%d windows read from the torus", near)
}
