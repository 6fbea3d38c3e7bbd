package voluspa

import (
	"encoding/binary"
	"math/bits"
)

// torusSide is the side of a [torus]; torusMax is the widest and tallest grid a torus holds: one
// that leaves a square of margin on each side, as a [frontier] reads one.
const (
	torusSide = 16
	torusMax  = torusSide - 2
)

// torus is the grid's index that the board keeps move by move while the grid is at most
// torusMax squares wide and tall: nearly every turn of a match (99.7% of the turns of random
// matches of 2, 3 and 5 players; a 3-player match ends about 11 rows tall). Square x, y is kept
// at row y mod 16, column x mod 16, so a grid that small has a square of its own for each of its
// squares and one of margin around it. The index holds every square's tile (XOR 0xFF, so that
// the zero torus is an empty grid) for [window.fill], which reads three rows and three columns
// of it rather than the whole cell list, and the tile planes of [newFrontier] as rows of 16 bits
// for [board.frontier], which turns each row into a frontier row with a rotation rather than a
// pass over the cell list.
//
// It is a function of the cell list: the squares of the cells when the grid fits, and the zero
// torus once the grid has outgrown it (the grid never shrinks, so the board stops updating it
// then, and the cell list answers every question). So two boards with the same cells are ==,
// and a decoded board, which is rebuilt cell by cell, gets it back (it is never serialised).
//
// It costs 384 bytes of State, copied with it (see the State's size budget): less than the
// passes over the cell list it saves.
type torus struct {
	sq [torusSide * torusSide]uint8 // row y mod 16 from sq[16*(y mod 16)]
	// plane[k][y mod 16], bit x mod 16, is set for a square holding a tile of plane k: 0 every
	// tile, 1 the Guard kind, 2 and 3 the cover kinds (see torusPlane).
	plane [4][torusSide]uint16
}

// torusPlane[t] is the plane of a [torus] that tile t marks besides plane 0: 1 for the Guard
// kind, 2 and 3 for the cover kinds, 0 (plane 0 again) for the others and for NoTile.
var torusPlane = func() (tp [256]uint8) {
	tp[guardKind] = 1
	tp[coverKinds[0]] = 2
	tp[coverKinds[1]] = 3
	tp[NoTile] = 0
	return tp
}()

// put puts t over under (NoTile for an empty square) on the square x, y of tr.
func (tr *torus) put(x, y int, under, t Tile) {
	r, c := uint(y)%torusSide, uint(x)%torusSide
	bit := uint16(1) << c
	tr.sq[r*torusSide+c] = uint8(t) ^ 0xFF
	tr.plane[torusPlane[under]][r] &^= bit
	tr.plane[0][r] |= bit
	tr.plane[torusPlane[t]][r] |= bit
}

// fits reports whether b's grid fits its torus: b holds a tile and its grid is at most torusMax
// squares wide and tall.
func (b *board) fits() bool {
	return b.n > 0 && int(b.maxX)-int(b.minX) < torusMax && int(b.maxY)-int(b.minY) < torusMax
}

// nearTorus reports whether b's torus holds the grid around x, y: the grid fits it and x, y lies
// in the grid's bounding box or next to it.
func (b *board) nearTorus(x, y int) bool {
	return b.fits() && uint(x-int(b.minX)+1) <= uint(int(b.maxX)-int(b.minX)+2) &&
		uint(y-int(b.minY)+1) <= uint(int(b.maxY)-int(b.minY)+2)
}

// frontierTorus returns the frontier of b, whose grid fits its torus, with its planes in p (four
// planes of smallRows words: open, lay, cover 0, cover 1). It is newFrontier and derive in one
// pass over the rows, each row of the tile planes read from the torus, turned so that bit 0 is
// the frontier's first column (the grid and its margin hold 16 columns at most, so a row of the
// torus is the row of the frontier); the columns too long are found in the same pass
// (longColumns).
func (b *board) frontierTorus(p *[4 * smallRows]uint64) frontier {
	f := frontier{ox: int(b.minX) - 1, oy: int(b.minY) - 1}
	h := b.rows()
	turn := -(f.ox % torusSide)
	tp := &b.tor.plane
	open, lay, c0, c1 := p[:h], p[smallRows:][:h], p[2*smallRows:][:h], p[3*smallRows:][:h]
	f.open, f.lay, f.cover = open, lay, [2][]uint64{c0, c1}
	row := func(k int, y int) uint64 { return uint64(bits.RotateLeft16(tp[k][uint(y)%torusSide], turn)) }
	var down, gdown uint64 // the tiles and the Guard tiles of row r-1
	o, g := row(0, f.oy), row(1, f.oy)
	var k0, k1, k2, long uint64 // longColumns' counters
	for r := range open {
		var up, gup uint64
		if r+1 < h {
			up, gup = row(0, f.oy+r+1), row(1, f.oy+r+1)
		}
		gn := g<<1 | g>>1 | gup | gdown
		nb := o<<1 | o>>1 | up | down
		op := nb &^ o
		if bits.OnesCount64(o) >= MaxLine {
			op &^= overlong(o)
		}
		coverable := o & nb &^ gn
		l := op &^ gn
		d0, d1 := coverable&^row(2, f.oy+r), coverable&^row(3, f.oy+r)
		open[r], lay[r], c0[r], c1[r] = op, l, d0, d1
		f.nLay += bits.OnesCount64(l)
		f.nGuardLay += bits.OnesCount64(op)
		f.nCover[0] += bits.OnesCount64(d0)
		f.nCover[1] += bits.OnesCount64(d1)
		carry0 := k0 & o
		k0 ^= o
		carry1 := k1 & carry0
		k1 ^= carry0
		k2 |= carry1
		long |= k0 & k1 & k2
		down, gdown = o, g
		o, g = up, gup
	}
	for x := long; x != 0; x &= x - 1 {
		k := uint(bits.TrailingZeros64(x))
		var col uint64
		for r := range h {
			col |= (row(0, f.oy+r) >> k & 1) << uint(r)
		}
		f.cutColumn(k, col)
	}
	return f
}

// byteMask[m] has byte k 0xFF where bit k of m is set, else 0.
var byteMask = func() (t [256]uint64) {
	for m := range t {
		for k := range 8 {
			if m>>k&1 != 0 {
				t[m] |= 0xFF << (8 * k)
			}
		}
	}
	return t
}()

// laneMask returns the bits lo to hi of a line of a window (0 < lo, hi < 31).
func laneMask(lo, hi int) uint32 {
	return (uint32(1)<<(uint(hi+1)&31) - 1) &^ (uint32(1)<<(uint(lo)&31) - 1)
}

// fill fills w with the squares of b around x, y, as load does: from b's torus when it holds
// them (nearTorus), else from the cell list.
func (w *window) fill(b *board, x, y int) {
	if !b.nearTorus(x, y) {
		w.load(b, x, y)
		return
	}
	// Square i of a line of w is d = i - wc from the centre; wc is a multiple of 16, so it is
	// the torus's square (x + i) mod 16 of the row (the column's (y + i) mod 16). The squares
	// outside the grid's bounding box, where the torus has other rows' and columns' squares,
	// are masked out: xm holds the lines' squares whose x lies in the box, ym whose y does.
	xm := laneMask(int(b.minX)-x+wc, int(b.maxX)-x+wc)
	ym := laneMask(int(b.minY)-y+wc, int(b.maxY)-y+wc)
	tr := &b.tor
	le := binary.LittleEndian
	k := uint(x) % torusSide
	for l := range 3 {
		// The row y + l - 1, turned so that square x comes first.
		row := (*[torusSide]uint8)(tr.sq[uint(y+l-1)%torusSide*torusSide:])
		a, c := le.Uint64(row[0:]), le.Uint64(row[8:])
		if k >= 8 {
			a, c = c, a
		}
		s := k % 8 * 8
		lo, hi := a>>s|c<<1<<(63-s), c>>s|a<<1<<(63-s)
		putLine((*[ww]uint8)(w.g[l*ww:]), lo, hi, xm&-(ym>>(wc+l-1)&1))
	}
	k = uint(y) % torusSide
	for l := range 3 {
		// The column x + l - 1, turned so that square y comes first.
		a, c := column(&tr.sq, uint(x+l-1)%torusSide)
		if k >= 8 {
			a, c = c, a
		}
		s := k % 8 * 8
		lo, hi := a>>s|c<<1<<(63-s), c>>s|a<<1<<(63-s)
		putLine((*[ww]uint8)(w.g[(4+l)*ww:]), lo, hi, ym&-(xm>>(wc+l-1)&1))
	}
	w.occ = [2]uint32{filled((*[ww]uint8)(w.g[ww:])), filled((*[ww]uint8)(w.g[5*ww:]))}
}

// column returns column c of sq, rows 0 to 7 in lo and 8 to 15 in hi, a byte a square.
func column(sq *[torusSide * torusSide]uint8, c uint) (lo, hi uint64) {
	col := sq[c%torusSide:]
	_ = col[15*torusSide]
	lo = uint64(col[0]) | uint64(col[16])<<8 | uint64(col[32])<<16 | uint64(col[48])<<24 |
		uint64(col[64])<<32 | uint64(col[80])<<40 | uint64(col[96])<<48 | uint64(col[112])<<56
	hi = uint64(col[128]) | uint64(col[144])<<8 | uint64(col[160])<<16 | uint64(col[176])<<24 |
		uint64(col[192])<<32 | uint64(col[208])<<40 | uint64(col[224])<<48 | uint64(col[240])<<56
	return lo, hi
}

var _ [-(wc % torusSide)]struct{} // fill's lines start on a square of the torus's row 0

// putLine writes a line of a window from the 16 squares lo, hi of the torus (tile XOR 0xFF, 0
// for empty) repeated, keeping the squares of the mask m and emptying the others.
func putLine(dst *[ww]uint8, lo, hi uint64, m uint32) {
	le := binary.LittleEndian
	le.PutUint64(dst[0:], ^(lo & byteMask[m&0xFF]))
	le.PutUint64(dst[8:], ^(hi & byteMask[m>>8&0xFF]))
	le.PutUint64(dst[16:], ^(lo & byteMask[m>>16&0xFF]))
	le.PutUint64(dst[24:], ^(hi & byteMask[m>>24]))
}
