package voluspa

import (
	"encoding/binary"
	"math/bits"
)

// MaxCells is the most squares a grid ever fills: every tile laid on an empty square (V1).
const MaxCells = NumTiles

// cell is one filled square of the grid: its coordinates relative to the first tile and the tile
// on top.
type cell struct {
	x, y int8
	t    Tile
}

// board is the grid as the list of its filled squares in the order they were first filled (the
// first tile at 0,0 first), with their bounding box. A cover changes the tile of a cell in
// place; no square is ever emptied, so the list only grows, to at most [MaxCells] cells. A grid
// of 60 tiles can reach 59 squares from the first one, so coordinates are int8, and the whole
// board is 60×3+5 = 185 bytes, however far it sprawls.
//
// While the grid is at most torusMax squares wide and tall (nearly every turn), the board also
// keeps its squares and frontier in a [torus], updated at every add and cover, from which Legal
// lists its moves and Step reads its window ([window.fill]) rather than pass over the cell list.
// A larger grid is answered from the cell list per call: [window.load] copies the three rows and
// columns through one square, and [newFrontier] builds row bitboards of the whole grid; an index
// that held any grid would be far larger than the list (a connected grid of n tiles spans width
// + height <= n + 1, so its rows number up to 60), and it would be copied with the State on
// every call. [State.Playout], which plays on one State in place, keeps the squares of any grid
// by rows and columns beside it for the length of a playout ([grid]) for its windows.
type board struct {
	c                      [MaxCells]cell
	n                      uint8
	minX, maxX, minY, maxY int8
	tor                    torus // the squares again while the grid is small (see torus)
}

// cells returns the filled squares in the order they were first filled.
func (b *board) cells() []cell { return b.c[:b.n] }

// find returns the index of the cell at x, y, or -1.
func (b *board) find(x, y int) int {
	for i, c := range b.c[:b.n] {
		if int(c.x) == x && int(c.y) == y {
			return i
		}
	}
	return -1
}

// at returns the tile at x, y, or NoTile.
func (b *board) at(x, y int) Tile {
	if i := b.find(x, y); i >= 0 {
		return b.c[i].t
	}
	return NoTile
}

// add fills the empty square x, y with t. The caller has checked that the square is empty and
// that the board has room.
func (b *board) add(x, y int, t Tile) {
	b.c[b.n] = cell{int8(x), int8(y), t}
	if b.n == 0 {
		b.minX, b.maxX, b.minY, b.maxY = int8(x), int8(x), int8(y), int8(y)
	} else {
		b.minX, b.maxX = min(b.minX, int8(x)), max(b.maxX, int8(x))
		b.minY, b.maxY = min(b.minY, int8(y)), max(b.maxY, int8(y))
	}
	b.n++
	if b.fits() {
		b.tor.put(x, y, NoTile, t)
		b.refront(x, y, true)
	} else {
		b.tor = torus{} // outgrown: the cell list answers from now on
	}
}

// cover puts t on the filled square of cell i and returns the tile it covers.
func (b *board) cover(i int, t Tile) Tile {
	c := &b.c[i]
	under := c.t
	c.t = t
	if b.fits() {
		b.tor.put(int(c.x), int(c.y), under, t)
		b.refront(int(c.x), int(c.y), false)
	}
	return under
}

// rows returns the number of rows a [frontier] of b has: the grid's and one of margin on each
// side. b holds at least one tile.
func (b *board) rows() int { return int(b.maxY) - int(b.minY) + 3 }

// win is the reach of a [window] from its centre: a line of MaxLine tiles through the centre,
// plus one square to see a longer one.
const win = MaxLine + 1

// wc is the index of the centre in a line of a [window], ww the squares a line holds: the
// line holds the squares from wc-16 to wc+14 of the centre; the last, ww-1, is where load drops
// the squares farther out. A window is 2×4×ww = 256 bytes, indexed by a byte.
const (
	wc = 16
	ww = 32
)

var _ [256 - 2*4*ww]struct{}
var _ [ww - 2 - wc - win]struct{} // the squares at reads, up to wc+win, are not the drop square

// window is what Apply asks of the grid around one square: the three rows and the three columns
// through it. Its bytes are two blocks of four lines of ww squares: in block 0, line 1+dy is the
// row dy from the centre (dy = -1, 0, 1), in block 1, line 1+dx the column dx from it; square
// wc+d of a line is d east (north) of the centre square of its row (column). So the line through
// the centre and the squares beside it, all that its scoring reads (V10–V13), lie in one block,
// a row of the block apart. Each square holds its tile's kind (sqByte), or 0xFF when empty;
// squares more than win from the centre are not in it, and line 3 of each block is where load
// drops the squares of no line of the window.
//
// load fills it with no branch on where a square lies (on the random grids of a match such a
// branch mispredicts) and no bounds check: table look-ups by a difference of coordinates taken
// as a byte place a square in each block (the coordinates of the grid lie within MaxCoord of 0
// and a move's within the int8 range, so no far square wraps round to a near one); occ is read
// back from the two lines through the centre, a word of squares at a time (filled), which
// costs less than placing each square in it too (BenchmarkApplyMatch). TestWindowMatchesCells
// checks the window, and the scoring on it, against the cell list.
type window struct {
	g [2 * 4 * ww]uint8
	// Bit win+d of occ[0] is set when the square d east of the centre is filled, of occ[1] when
	// the square d north is: the two lines through the centre, as load found them, for run
	// (which starts beside the centre, so set need not keep them).
	occ [2]uint32
}

// sq returns the square at index i of line r of block k of w.
func (w *window) sq(k, r, i int) *uint8 { return &w.g[(4*k+r)*ww+i] }

var emptyWindow = func() (w window) {
	for i := range w.g {
		w.g[i] = uint8(NoTile)
	}
	return w
}()

// lineAt[uint8(d)] is the offset in a block of the line d from the centre (the drop line for
// |d| > 1), posAt[uint8(d)] the index in a line of the square d from the centre (the drop square
// beyond the line's reach).
var lineAt, posAt = func() (l, p [256]uint8) {
	for i := range 256 {
		d := int(int8(i))
		l[i] = uint8(min(uint(d+1), 3) * ww)
		p[i] = uint8(min(uint(d+wc), ww-1))
	}
	return l, p
}()

// load fills w with the squares of b around x, y.
func (w *window) load(b *board, x, y int) {
	w.g = emptyWindow.g
	for _, c := range b.c[:b.n] {
		dx, dy := uint8(int(c.x)-x), uint8(int(c.y)-y)
		k := sqByte[c.t]
		w.g[uint8(lineAt[dy]+posAt[dx])] = k
		w.g[uint8(4*ww+lineAt[dx]+posAt[dy])] = k
	}
	w.occ = [2]uint32{filled((*[ww]uint8)(w.g[ww:])), filled((*[ww]uint8)(w.g[5*ww:]))}
}

// filled returns the occ bits of a window's line: bit win+d set when the square d from the
// centre is filled, for |d| <= win. A tile's byte is below 0x80 and NoTile's is 0xFF, so the top
// bits of eight squares gathered into a byte (the multiply moves bit 8k+7 to bit 56+k) are the
// empty ones.
func filled(line *[ww]uint8) uint32 {
	const tops, gather = 0x8080808080808080, 0x0002040810204081
	var m uint32
	for k := range 3 {
		v := binary.LittleEndian.Uint64(line[wc-win+8*k:])
		empty := (v & tops) * gather >> 56
		m |= uint32(^empty&0xFF) << (8 * k)
	}
	return m & (1<<(2*win+1) - 1)
}

// at returns the tile at offset dx, dy from the centre: NoTile when empty, and for a square
// not in the window (off the three rows and columns through the centre, or farther than win).
func (w *window) at(dx, dy int) Tile {
	switch {
	case uint(dx+win) > 2*win || uint(dy+win) > 2*win:
	case uint(dy+1) <= 2:
		return sqTile[*w.sq(0, 1+dy, wc+dx)]
	case uint(dx+1) <= 2:
		return sqTile[*w.sq(1, 1+dx, wc+dy)]
	}
	return NoTile
}

// set puts t on the centre square (a lay or a cover), or empties it for NoTile.
func (w *window) set(t Tile) {
	*w.sq(0, 1, wc) = sqByte[t]
	*w.sq(1, 1, wc) = sqByte[t]
}

// dirs are the four orthogonal directions: east, west, north, south.
var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// The window's questions below read squares with arithmetic rather than branches where they
// can: on the random grids of a match, a branch on what a square holds mispredicts (a filled
// square's byte is a kind, below NumKinds; an empty one's is 0xFF, as NoTile's).
var _ [uint8(NoTile) - 0xFF]struct{}

// A line of a window fits the uint32 of occ.
var _ [32 - (2*win + 1)]struct{}

// run returns how many filled squares follow the centre in direction dx, dy (one of the four,
// up to win).
func (w *window) run(dx, dy int) int {
	m := w.occ[dy&1] // the row for dy 0, the column for dy ±1
	if dx+dy > 0 {
		return bits.TrailingZeros32(^(m >> (win + 1)))
	}
	return bits.LeadingZeros32(^(m << (32 - win)))
}

// guardTile[b] reports whether the tile of a window's square byte b has the Guard power.
var guardTile = func() (g [256]bool) {
	for i, p := range powers {
		g[i] = p.Guard
	}
	return g
}()

// sqByte[t] is what a [window] holds on a square with tile t: its kind, the tile's row in the
// table (below NumKinds), or 0xFF for NoTile; sqTile[b] is the tile back, NoTile for 0xFF (and
// for any other byte that is no kind). A window holds kinds rather than Tiles so that a square
// read from bit planes of the kinds (three bits) is its byte with no table.
var sqByte, sqTile = func() (b [256]uint8, t [256]Tile) {
	for i := range b {
		b[i], t[i] = 0xFF, NoTile
	}
	for i, u := range tiles {
		b[u], t[i] = uint8(i), u
	}
	return b, t
}()

// nearGuard reports whether a neighbour of the centre has the Guard power, of any kind: small
// enough to be inlined, so that a square with none (nearly every one) is checked without a call.
func (w *window) nearGuard() bool {
	return guardTile[w.g[ww+wc+1]] || guardTile[w.g[ww+wc-1]] || guardTile[w.g[5*ww+wc+1]] || guardTile[w.g[5*ww+wc-1]]
}

// guardedFor reports whether a neighbour of the centre guards it against tile t (V6): a tile
// with the Guard power of another kind. It returns the first such (east, west, north, south)
// and its offset.
func (w *window) guardedFor(t Tile) (Tile, int, int, bool) {
	if !w.nearGuard() {
		return NoTile, 0, 0, false
	}
	for _, d := range dirs {
		n := w.at(d[0], d[1])
		if n != NoTile && n != t && n.pw().Guard {
			return n, d[0], d[1], true
		}
	}
	return NoTile, 0, 0, false
}

// hasNeighbour reports whether a square next to the centre is filled.
func (w *window) hasNeighbour() bool {
	return *w.sq(0, 1, wc+1)&*w.sq(0, 1, wc-1)&*w.sq(1, 1, wc+1)&*w.sq(1, 1, wc-1) != uint8(NoTile)
}

// maxRows is the most rows a [frontier] has: a connected grid of at most [MaxCells] squares
// spans at most that many rows, plus one row of margin on each side. smallRows is the room of
// the planes Legal tries first: it takes grids up to 14 rows tall (16 with the margins), which
// is nearly every grid of a match (a 3-player match ends about 11 rows tall), and Legal's time
// goes down with the memory it clears: four times less than with maxRows (BenchmarkRandomMatch measures it; TestFrontierMatchesCells checks both).
const (
	maxRows   = 64
	smallRows = 16
)

var _ [maxRows - (MaxCells + 2)]struct{}

// frontier is the grid as bitboards, for Legal: row r is y = oy + r and bit c of a row is x =
// ox + c, with one empty row and column of margin around the grid. A connected grid of n
// squares spans width + height <= n + 1, so every row, margin included, fits one word. Its
// planes are slices of arrays the caller owns. From [newFrontier]:
//
//   - open[r]: the empty squares next to the grid whose lines stay within MaxLine (V4, V5):
//     where a tile with the Guard power (the Troll) may be laid;
//   - lay[r]: the open squares with no Guard tile next to them (V6): where the other kinds may;
//   - cover[i][r]: the filled squares with a filled neighbour and no Guard neighbour that the
//     i-th kind with a Cover power may cover: not those of its own kind (V7, V8).
type frontier struct {
	ox, oy int
	open   []uint64
	lay    []uint64
	cover  [2][]uint64
	// The number of squares of each kind of move: lays of a tile without the Guard power, lays
	// of one with it, and the covers of each cover kind.
	nLay, nGuardLay int
	nCover          [2]int
}

// coverKinds and guardKind are the kinds with a Cover or a Guard power, found from the table;
// plane[t] is the plane of [newFrontier] a tile t marks besides the filled squares (plane 0): 1
// for the Guard kind, 3 and 4 for the cover kinds, 2 (a spare plane) for the others.
// newFrontier assumes one kind at most with the Guard power and two at most with a Cover power,
// none with both.
var coverKinds, guardKind, plane = func() (ck [2]Tile, g Tile, pl [256]uint8) {
	n := 0
	g = NoTile
	for i := range pl {
		pl[i] = 2
	}
	for i, p := range powers {
		if p.Cover != CoverNone {
			ck[n] = tiles[i]
			pl[tiles[i]] = 3 + uint8(n)
			n++
		}
		if p.Guard {
			g = tiles[i]
			pl[tiles[i]] = 1
		}
	}
	return ck, g, pl
}()

// frontierPlanes is the number of planes of a frontier's scratch (see newFrontier): five of
// tiles and four of moves.
const frontierPlanes = 9

// newFrontier returns the frontier of b, which holds at least one tile, with its planes in p,
// which must be zero: frontierPlanes planes of stride words, stride at least b.rows() and a power
// of two. Plane k is p[k*stride:]: each tile goes to one of planes 1 to 4 as the table plane
// says (1 the Guard tiles, 3 and 4 the tiles of the cover kinds, 2 the others), plane 0 (every
// tile) is their union, and derive makes f's planes from them in planes 5 to 8. The pass over
// the cells sets one bit a cell, with no branch: it is most of a frontier's cost outside derive.
func newFrontier(b *board, p []uint64, stride int) frontier {
	f := frontier{ox: int(b.minX) - 1, oy: int(b.minY) - 1}
	p = p[:frontierPlanes*stride]
	shift := uint(bits.TrailingZeros(uint(stride)))
	ox, oy := f.ox, f.oy
	placeTiles(p[stride:], b.cells(), shift, ox, oy)
	h := b.rows()
	occ := p[:h]
	guard, other, tiles0, tiles1 := p[stride:][:h], p[2*stride:][:h], p[3*stride:][:h], p[4*stride:][:h]
	for r := range occ {
		occ[r] = guard[r] | other[r] | tiles0[r] | tiles1[r]
	}
	return finishFrontier(f, occ, guard, tiles0, tiles1, p[5*stride:], stride)
}

// finishFrontier returns f with its planes made from its tile planes, of its rows, in out (see
// derive), the lays that would make a column too long taken out.
func finishFrontier(f frontier, occ, guard, tiles0, tiles1, out []uint64, stride int) frontier {
	f = derive(f, occ, guard, tiles0, tiles1, out, stride)
	for x := longColumns(occ); x != 0; x &= x - 1 {
		k := uint(bits.TrailingZeros64(x))
		var col uint64
		for r, o := range occ {
			col |= (o >> k & 1) << uint(r)
		}
		f.cutColumn(k, col)
	}
	return f
}

// placeTiles sets the bit of each cell in its tile plane of tp (planes of 1<<shift words from
// plane 1, row y - oy, bit x - ox). It is a function of its own so that the compiler keeps the
// loop's few values in registers.
func placeTiles(tp []uint64, cells []cell, shift uint, ox, oy int) {
	for _, c := range cells {
		tp[int(tilePlane[c.t])<<(shift&63)+int(c.y)-oy] |= 1 << (uint(int(c.x)-ox) & 63)
	}
}

// tilePlane[t] is plane[t]-1 for a tile t, and 0 for any other byte: the plane of t counted from
// a frontier's plane 1.
var tilePlane = func() (tp [256]uint8) {
	for _, t := range tiles {
		tp[t] = plane[t] - 1
	}
	return tp
}()

var _ [-(smallRows & (smallRows - 1))]struct{} // the frontiers' strides are powers of two
var _ [-(maxRows & (maxRows - 1))]struct{}

// derive returns f with its planes, of the rows of occ, made from the tile planes occ (every
// tile), guard (the Guard tiles), tiles0 and tiles1 (the tiles of each cover kind), written to
// out: four planes of stride words (open, lay, cover 0, cover 1). The tile planes must have an
// empty row and column of margin around their tiles. It leaves to the caller the squares that
// would make a column too long (cutColumn), which only the columns longColumns finds can have.
func derive(f frontier, occ, guard, tiles0, tiles1, out []uint64, stride int) frontier {
	h := len(occ)
	guard, tiles0, tiles1, out = guard[:h], tiles0[:h], tiles1[:h], out[:4*stride]
	open, lay, c0, c1 := out[:h], out[stride:][:h], out[2*stride:][:h], out[3*stride:][:h]
	f.open, f.lay, f.cover = open, lay, [2][]uint64{c0, c1}
	var down, gdown uint64 // the tiles and the Guard tiles of row r-1
	for r, o := range occ {
		var up, gup uint64
		if r+1 < h {
			up, gup = occ[r+1], guard[r+1]
		}
		g := guard[r]
		gn := g<<1 | g>>1 | gup | gdown
		nb := o<<1 | o>>1 | up | down
		op := nb &^ o
		if bits.OnesCount64(o) >= MaxLine {
			op &^= overlong(o)
		}
		coverable := o & nb &^ gn
		l := op &^ gn
		d0, d1 := coverable&^tiles0[r], coverable&^tiles1[r]
		open[r], lay[r], c0[r], c1[r] = op, l, d0, d1
		f.nLay += bits.OnesCount64(l)
		f.nGuardLay += bits.OnesCount64(op)
		f.nCover[0] += bits.OnesCount64(d0)
		f.nCover[1] += bits.OnesCount64(d1)
		down, gdown = o, g
	}
	return f
}

// longColumns returns the columns of occ that hold MaxLine tiles or more: only there can a tile
// make a column too long. It counts the tiles of each column with a 3-bit counter per column,
// across the rows (bit-sliced), and marks a column once its counter reaches 7.
func longColumns(occ []uint64) uint64 {
	var k0, k1, k2, long uint64
	for _, o := range occ {
		c0 := k0 & o
		k0 ^= o
		c1 := k1 & c0
		k1 ^= c0
		k2 |= c1
		long |= k0 & k1 & k2
	}
	return long
}

// cutColumn takes out of f's lays the squares of column k (bit k of its rows) where a tile would
// make the column too long, given the column's tiles col (bit r for row r).
func (f *frontier) cutColumn(k uint, col uint64) {
	for y := overlong(col) & (1<<len(f.open) - 1); y != 0; y &= y - 1 {
		r := bits.TrailingZeros64(y)
		f.nGuardLay -= int(f.open[r] >> k & 1) // open until now
		f.nLay -= int(f.lay[r] >> k & 1)
		f.open[r] &^= 1 << k
		f.lay[r] &^= 1 << k
	}
}

// overlong returns the empty squares of a line of squares (a row's or a column's bits) where a
// tile would make a line longer than MaxLine: those with a squares filled on one side and b on
// the other, a + b = MaxLine. It does not branch: on the random grids of a match a loop over
// the squares mispredicts.
func overlong(row uint64) uint64 {
	// lo[k]: the k squares below are filled; hi[k]: the k above (k = 1..7, written out).
	lo1 := row << 1
	lo2 := lo1 & (row << 2)
	lo3 := lo2 & (row << 3)
	lo4 := lo3 & (row << 4)
	lo5 := lo4 & (row << 5)
	lo6 := lo5 & (row << 6)
	lo7 := lo6 & (row << 7)
	hi1 := row >> 1
	hi2 := hi1 & (row >> 2)
	hi3 := hi2 & (row >> 3)
	hi4 := hi3 & (row >> 4)
	hi5 := hi4 & (row >> 5)
	hi6 := hi5 & (row >> 6)
	hi7 := hi6 & (row >> 7)
	bad := hi7 | lo1&hi6 | lo2&hi5 | lo3&hi4 | lo4&hi3 | lo5&hi2 | lo6&hi1 | lo7
	return bad &^ row
}

// overlong and the column counter of newFrontier are written for MaxLine 7 (a compile error
// otherwise).
var _ [MaxLine - 7]struct{}
var _ [7 - MaxLine]struct{}

// layMask returns the empty squares of row r where t may be laid (V4–V6).
func (f *frontier) layMask(r int, t Tile) uint64 {
	if t == guardKind {
		return f.open[r]
	}
	return f.lay[r]
}

// coverMask returns the filled squares of row r that t may cover (V7, V8); 0 if t has no Cover
// power.
func (f *frontier) coverMask(r int, t Tile) uint64 {
	switch t {
	case coverKinds[0]:
		return f.cover[0][r]
	case coverKinds[1]:
		return f.cover[1][r]
	}
	return 0
}

// blocked returns the kinds of tile that have no legal lay or cover on b, which holds at least
// one tile (V9).
func (b *board) blocked() kindSet {
	var f frontier
	if b.fits() {
		var p [4 * smallRows]uint64
		f = b.frontierTorus(&p)
	} else {
		var p [frontierPlanes * maxRows]uint64
		f = newFrontier(b, p[:], maxRows)
	}
	var k kindSet
	for i, t := range tiles {
		free := false
		for r := range f.open {
			if f.layMask(r, t)|f.coverMask(r, t) != 0 {
				free = true
				break
			}
		}
		if !free {
			k |= 1 << i
		}
	}
	return k
}
