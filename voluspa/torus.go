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
// squares and one of margin around it. It holds:
//
//   - the tile planes of [newFrontier] and the frontier itself (where each kind may be laid or
//     cover), as rows of 16 bits, with the number of squares of each plane: a lay or cover
//     makes three rows of it again and cuts one column (board.refront), Legal lists its moves
//     straight from its rows (board.appendTorus) and State.Playout counts them from the numbers
//     (board.randomTorus), with no pass over the cell list and no frontier built per call;
//   - the squares by rows and by columns, four bits a square, from which Step's window of three
//     rows and three columns is read (window.fill) rather than from a pass over the cell list.
//
// It is a function of the cell list: the squares and planes of the cells when the grid fits,
// and the zero torus once the grid has outgrown it (the grid never shrinks, so the board stops
// updating it then, and the cell list answers every question). So two boards with the same
// cells are ==, and a decoded board, which is rebuilt cell by cell, gets it back (it is never
// serialised). TestTorusFollowsBoard checks it against one computed afresh at every step of
// random matches, TestTorusWindowMatchesLoad its windows against the cell list's.
//
// It costs 584 bytes of State, copied with it (see the State's size budget): far less than the
// frontier it saves Legal from building and the pass it saves Step (BenchmarkRandomMatch).
type torus struct {
	// plane[k][y mod 16], bit x mod 16, is set for a square holding a tile of plane k: 0 every
	// tile, 1 the Guard kind, 2 and 3 the cover kinds (see torusPlane).
	plane [4][torusSide]uint16
	// front[k][y mod 16], bit x mod 16, are the frontier's planes: open, lay, cover 0, cover 1.
	front [4][torusSide]uint16
	count uint64 // the squares of each plane of front, 16 bits each (plane k from bit 16k)
	// cols[x mod 16], bit y mod 16, is plane 0 by columns; cut[y mod 16], bit x mod 16, the
	// squares where a tile would make a column too long (V5), which refront takes out of the
	// frontier's lays. A square cut stays cut (a column only grows), and the squares cut lie next
	// to a column's tiles, so within the grid's margin: the bits of cut are only ever set.
	cols [torusSide]uint16
	cut  [torusSide]uint16
	// rowSq[y mod 16], 4 bits a square from bit 4(x mod 16), holds the square x, y: 0 if
	// empty, else 8 | its kind (sqByte); colSq the same by columns (colSq[x mod 16], from bit
	// 4(y mod 16)). They are a window's three rows and three columns (fill).
	rowSq, colSq [torusSide]uint64
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
	tr.plane[torusPlane[under]][r] &^= bit
	tr.plane[0][r] |= bit
	tr.plane[torusPlane[t]][r] |= bit
	v := uint64(8 | sqByte[t])
	tr.rowSq[r] = tr.rowSq[r]&^(0xF<<(4*c)) | v<<(4*c)
	tr.colSq[c] = tr.colSq[c]&^(0xF<<(4*r)) | v<<(4*r)
}

// fits reports whether b's grid fits its torus: b holds a tile and its grid is at most torusMax
// squares wide and tall.
func (b *board) fits() bool {
	return b.n > 0 && int(b.maxX)-int(b.minX) < torusMax && int(b.maxY)-int(b.minY) < torusMax
}

// refront makes the torus's frontier again after the square x, y of b, whose grid fits the
// torus, changed: added is true for a tile put on an empty square, false for a cover. A
// square's frontier depends on its row and the rows beside it, and on its column: rows y-1 to
// y+1 are made again from the tile planes (derive's rows, less the squares cut), and after a
// tile is added, the squares its column newly cuts are taken out of the other rows. Square x,
// y's neighbours across the torus's edges are its neighbours on the grid (x mod 16 and x+1 mod
// 16 are next to each other), and the squares of the torus outside the grid and its margin have
// no tile next to them, so the frontier's rows are derive's, turned. A line's overlong squares
// (V5) come from the line turned so that the grid lies in one run of bits from bit 1.
func (b *board) refront(x, y int, added bool) {
	tr := &b.tor
	c := uint(x) % torusSide
	var fresh uint16 // the squares of column x newly cut, by rows
	if added {
		tr.cols[c] |= 1 << (uint(y) % torusSide)
		if bits.OnesCount16(tr.cols[c]) >= MaxLine {
			var old uint16
			for j, cut := range tr.cut {
				old |= (cut >> c & 1) << j
			}
			fresh = columnCut(tr.cols[c], -int(uint(int(b.minY)-1)%torusSide)) &^ old
			for m := fresh; m != 0; m &= m - 1 {
				tr.cut[bits.TrailingZeros16(m)] |= 1 << c
			}
		}
	}
	turn := -int(uint(int(b.minX)-1) % torusSide)
	pl := &tr.plane
	rot := bits.RotateLeft16
	for dy := -1; dy <= 1; dy++ {
		j, jd, ju := uint(y+dy)%torusSide, uint(y+dy-1)%torusSide, uint(y+dy+1)%torusSide
		o, g := pl[0][j], pl[1][j]
		gn := rot(g, 1) | rot(g, -1) | pl[1][ju] | pl[1][jd]
		nb := rot(o, 1) | rot(o, -1) | pl[0][ju] | pl[0][jd]
		op := nb &^ o &^ tr.cut[j]
		if bits.OnesCount16(o) >= MaxLine {
			op &^= rot(uint16(overlong(uint64(rot(o, turn)))), -turn)
		}
		coverable := o & nb &^ gn
		tr.setRow(j, op, op&^gn, coverable&^pl[2][j], coverable&^pl[3][j])
	}
	f := &tr.front
	for m := fresh; m != 0; m &= m - 1 {
		j := uint(bits.TrailingZeros16(m))
		tr.setRow(j, f[0][j]&^(1<<c), f[1][j]&^(1<<c), f[2][j], f[3][j])
	}
}

// columnCut returns the squares of a column of the torus, whose tiles are col, where a tile would
// make the column too long (bit y mod 16 for y); turn turns the column so that the grid lies in
// one run of bits from bit 1.
func columnCut(col uint16, turn int) uint16 {
	return bits.RotateLeft16(uint16(overlong(uint64(bits.RotateLeft16(col, turn)))), -turn)
}

// setRow sets the frontier's row j to open, lay, cover0 and cover1, and the counts with it.
func (tr *torus) setRow(j uint, open, lay, cover0, cover1 uint16) {
	f := &tr.front
	j %= torusSide
	old := lanes(f[0][j], f[1][j], f[2][j], f[3][j])
	tr.count += onesLanes(lanes(open, lay, cover0, cover1)) - onesLanes(old)
	f[0][j], f[1][j], f[2][j], f[3][j] = open, lay, cover0, cover1
}

// lanes returns a, b, c, d as the four 16-bit lanes of a word, a the lowest.
func lanes(a, b, c, d uint16) uint64 {
	return uint64(a) | uint64(b)<<16 | uint64(c)<<32 | uint64(d)<<48
}

// onesLanes returns the number of bits set in each 16-bit lane of v, lane by lane: four counts
// at once. setRow adds the new row's to the torus's counts and takes the old row's: the
// difference may borrow across lanes, but the sum, exact modulo 2^64, has in each lane the
// plane's count (0 to 255), so each lane comes out right.
func onesLanes(v uint64) uint64 {
	v -= v >> 1 & 0x5555555555555555
	v = v&0x3333333333333333 + v>>2&0x3333333333333333
	v = (v + v>>4) & 0x0F0F0F0F0F0F0F0F
	return (v + v>>8) & 0x00FF00FF00FF00FF
}

// counts returns the numbers of squares of the torus's frontier planes as a frontier's counts.
func (tr *torus) counts() frontier {
	n := tr.count
	return frontier{nGuardLay: int(n & 0xFFFF), nLay: int(n >> 16 & 0xFFFF), nCover: [2]int{int(n >> 32 & 0xFFFF), int(n >> 48)}}
}

// frontierTorus returns the frontier of b, whose grid fits its torus, with its planes in p (four
// planes of smallRows words: open, lay, cover 0, cover 1), as newFrontier does: the torus's
// frontier rows turned so that bit 0 is the frontier's first column.
func (b *board) frontierTorus(p *[4 * smallRows]uint64) frontier {
	f := frontier{ox: int(b.minX) - 1, oy: int(b.minY) - 1}
	h := b.rows()
	turn := -int(uint(f.ox) % torusSide)
	tr := &b.tor
	open, lay, c0, c1 := p[:h], p[smallRows:][:h], p[2*smallRows:][:h], p[3*smallRows:][:h]
	f.open, f.lay, f.cover = open, lay, [2][]uint64{c0, c1}
	for r := range open {
		j := uint(f.oy+r) % torusSide
		open[r] = uint64(bits.RotateLeft16(tr.front[0][j], turn))
		lay[r] = uint64(bits.RotateLeft16(tr.front[1][j], turn))
		c0[r] = uint64(bits.RotateLeft16(tr.front[2][j], turn))
		c1[r] = uint64(bits.RotateLeft16(tr.front[3][j], turn))
	}
	n := tr.counts()
	f.nGuardLay, f.nLay, f.nCover = n.nGuardLay, n.nLay, n.nCover
	return f
}

// nearTorus reports whether b's torus holds the grid around x, y for a window: the grid fits it
// and x, y lies in the grid's bounding box or next to it.
func (b *board) nearTorus(x, y int) bool {
	return b.fits() && uint(x-int(b.minX)+1) <= uint(int(b.maxX)-int(b.minX)+2) &&
		uint(y-int(b.minY)+1) <= uint(int(b.maxY)-int(b.minY)+2)
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

// fill fills w with the squares of b around x, y, as load does, from b's torus when it holds
// them (nearTorus), else from the cell list (load). It fills the squares of each line from wc-8
// to the end, all that a window's reads reach (win from the centre), from the torus's rows and
// columns of squares (rowSq, colSq): a line of 16 squares turned so that its first square is
// wc-8 from the centre, four bits a square spread to a byte a square. The torus is 16 squares
// wide, so a line of a window, which reaches farther, meets squares of the torus twice: the
// squares outside the grid's bounding box, where the torus holds other squares, are emptied (xm
// and ym: the squares of a line whose x, y lies in the box). A row or column beside x, y outside
// the box needs no mask: it lies at most two from the box, which is at most torusMax tall and
// wide, so the torus holds no tile there.
func (w *window) fill(b *board, x, y int) {
	if !b.nearTorus(x, y) {
		w.load(b, x, y)
		return
	}
	// The squares of a line in the box, from square wc-8 (bit 0).
	xm := laneMask(int(b.minX)-x+wc, int(b.maxX)-x+wc) >> (wc - win)
	ym := laneMask(int(b.minY)-y+wc, int(b.maxY)-y+wc) >> (wc - win)
	tr := &b.tor
	xt, yt := uint(x-win)%torusSide, uint(y-win)%torusSide
	r, c := uint(y)%torusSide, uint(x)%torusSide
	putSquares16((*[ww]uint8)(w.g[0*ww:]), xm, xt, tr.plane[0][(r-1)%torusSide], tr.rowSq[(r-1)%torusSide])
	w.occ[0] = putSquares16((*[ww]uint8)(w.g[1*ww:]), xm, xt, tr.plane[0][r], tr.rowSq[r])
	putSquares16((*[ww]uint8)(w.g[2*ww:]), xm, xt, tr.plane[0][(r+1)%torusSide], tr.rowSq[(r+1)%torusSide])
	putSquares16((*[ww]uint8)(w.g[4*ww:]), ym, yt, tr.cols[(c-1)%torusSide], tr.colSq[(c-1)%torusSide])
	w.occ[1] = putSquares16((*[ww]uint8)(w.g[5*ww:]), ym, yt, tr.cols[c], tr.colSq[c])
	putSquares16((*[ww]uint8)(w.g[6*ww:]), ym, yt, tr.cols[(c+1)%torusSide], tr.colSq[(c+1)%torusSide])
}

// putSquares16 writes squares wc-8 to ww-1 of a line of a window from a line of the torus: its
// tiles occ (a bit a square) and squares sq (four bits a square, see rowSq), turned by turn
// squares so that square wc-8 comes first; m holds the squares to keep (bit 0 for square wc-8),
// the others are emptied. It returns the line's occ bits (see window.occ).
func putSquares16(dst *[ww]uint8, m uint32, turn uint, occ uint16, sq uint64) uint32 {
	o := uint32(bits.RotateLeft16(occ, -int(turn)))
	o = (o | o<<16) & m // the 24 squares from wc-8: the torus's 16, then its first 8 again
	sq = bits.RotateLeft64(sq, -4*int(turn))
	lo, hi := nibbleBytes(uint32(sq)), nibbleBytes(uint32(sq>>32))
	le := binary.LittleEndian
	keep := byteMask[o&0xFF]
	le.PutUint64(dst[wc-win:], lo&keep|^keep)
	keep = byteMask[o>>8&0xFF]
	le.PutUint64(dst[wc-win+8:], hi&keep|^keep)
	keep = byteMask[o>>16&0xFF]
	le.PutUint64(dst[wc-win+16:], lo&keep|^keep)
	return o & (1<<(2*win+1) - 1)
}

// nibbleBytes returns the eight 4-bit squares of v (see rowSq) as eight bytes, each its kind.
func nibbleBytes(v uint32) uint64 {
	x := uint64(v)
	x = (x | x<<16) & 0x0000FFFF0000FFFF
	x = (x | x<<8) & 0x00FF00FF00FF00FF
	x = (x | x<<4) & 0x0707070707070707
	return x
}

var _ [-(wc - win - 8)]struct{} // putSquares16 writes three words from square wc-8: lanes 8 to 31
