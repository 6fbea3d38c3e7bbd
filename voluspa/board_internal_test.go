package voluspa

import (
	"testing"

	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// frontierOracle computes what a frontier's doc promises square by square, from the cell list
// alone: for each square of the grid's box and its margin, whether it is an open square (empty,
// next to a tile, both lines through it at most MaxLine long once filled), a guarded one (next to
// a Guard tile), and which cover kinds may cover it.
func frontierOracle(b *board) (open, guard map[[2]int]bool, cover [2]map[[2]int]bool) {
	open, guard = map[[2]int]bool{}, map[[2]int]bool{}
	cover = [2]map[[2]int]bool{{}, {}}
	run := func(x, y, dx, dy int) int {
		n := 0
		for b.at(x+dx*(n+1), y+dy*(n+1)) != NoTile {
			n++
		}
		return n
	}
	for y := int(b.minY) - 1; y <= int(b.maxY)+1; y++ {
		for x := int(b.minX) - 1; x <= int(b.maxX)+1; x++ {
			here := b.at(x, y)
			filledNb, guardNb := false, false
			for _, d := range dirs {
				n := b.at(x+d[0], y+d[1])
				filledNb = filledNb || n != NoTile
				guardNb = guardNb || (n != NoTile && n.pw().Guard)
			}
			sq := [2]int{x, y}
			guard[sq] = guardNb
			if here == NoTile {
				open[sq] = filledNb && 1+run(x, y, 1, 0)+run(x, y, -1, 0) <= MaxLine && 1+run(x, y, 0, 1)+run(x, y, 0, -1) <= MaxLine
				continue
			}
			for c, k := range coverKinds {
				cover[c][sq] = filledNb && !guardNb && here != k
			}
		}
	}
	return open, guard, cover
}

// checkFrontier compares f, built from b, with the oracle, and its counts with its planes.
func checkFrontier(t *rapid.T, b *board, f *frontier, storage string) {
	open, guard, cover := frontierOracle(b)
	if len(f.open) != b.rows() {
		t.Fatalf("%s: %d rows, want %d", storage, len(f.open), b.rows())
	}
	nLay, nGuardLay := 0, 0
	nCover := [2]int{}
	for sq, want := range open {
		r, c := sq[1]-f.oy, uint(sq[0]-f.ox)
		got, gotLay := f.open[r]>>c&1 != 0, f.lay[r]>>c&1 != 0
		if got != want || gotLay != (want && !guard[sq]) {
			t.Fatalf("%s: square %v: open %v lay %v, want %v %v", storage, sq, got, gotLay, want, want && !guard[sq])
		}
		if want {
			nGuardLay++
			if !guard[sq] {
				nLay++
			}
		}
	}
	for i := range cover {
		for sq, want := range cover[i] {
			r, c := sq[1]-f.oy, uint(sq[0]-f.ox)
			if got := f.cover[i][r]>>c&1 != 0; got != want {
				t.Fatalf("%s: square %v: coverable by %v %v, want %v", storage, sq, coverKinds[i], got, want)
			}
			if want {
				nCover[i]++
			}
		}
	}
	if f.nLay != nLay || f.nGuardLay != nGuardLay || f.nCover != nCover {
		t.Fatalf("%s: counts %d %d %v, want %d %d %v", storage, f.nLay, f.nGuardLay, f.nCover, nLay, nGuardLay, nCover)
	}
}

// TestFrontierMatchesCells checks the representation Legal relies on: at every turn of matches
// steered to sprawl (so that grids outgrow the small storage), the frontier built in the small
// storage and in the full one equals the square-by-square oracle computed from the cell list.
func TestFrontierMatchesCells(t *testing.T) {
	tallest := 0
	rapid.Check(t, func(t *rapid.T) {
		sprawl := rapid.IntRange(0, 4).Draw(t, "sprawl") // out of 4, how often to lay farthest out
		rapidMatch(t, func(s *State, legal []Move, pick Move, r *rng.Rand) Move {
			b := &s.board
			h := b.rows()
			tallest = max(tallest, h)
			if h <= smallRows {
				var p [frontierPlanes * smallRows]uint64
				f := newFrontier(b, p[:], smallRows)
				checkFrontier(t, b, &f, "small")
			}
			var p [frontierPlanes * maxRows]uint64
			f := newFrontier(b, p[:], maxRows)
			checkFrontier(t, b, &f, "full")
			if r.IntN(4) < sprawl {
				return farthest(legal, pick, func(m Move) int { return abs(int(m.y)) })
			}
			return pick
		}, nil)
	})
	if tallest <= smallRows {
		t.Errorf("no grid outgrew the small storage (tallest %d rows)", tallest)
	}
	t.Logf("tallest grid: %d rows", tallest)
}
