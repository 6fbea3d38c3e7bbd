package voluspa

import (
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
// Questions about squares are answered from scratch per call, never from an index kept in the
// State: [window] copies the 17×17 squares around one square (what Apply needs: the two lines
// through it, their neighbours), and [frontier] builds row bitboards of the whole grid (what Legal
// needs). A connected grid of n tiles spans width + height <= n + 1, so with a
// square of margin on each side every row fits one 64-bit word.
type board struct {
	c                      [MaxCells]cell
	n                      uint8
	minX, maxX, minY, maxY int8
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
}

// win is the reach of a [window] from its centre: a line of MaxLine tiles through the centre,
// plus one square to see a longer one, plus the neighbours of its tiles.
const win = MaxLine + 1

// window is the grid around one square: t[win+dy][win+dx] is the tile at (x+dx, y+dy), NoTile
// when empty. Squares farther than win away are not in it.
type window struct {
	t [2*win + 1][2*win + 1]Tile
	// zx, zy hold the offsets of the first nz tiles with the Zeroes power (the Lokis) in the
	// window; there are never more than maxZeroes (the copies of such kinds).
	zx, zy [maxZeroes]int8
	nz     int
}

// maxZeroes is the room a window has for tiles with the Zeroes power: every such tile of the
// game (the six Lokis); an init check keeps the tile table within it.
const maxZeroes = 8

func init() {
	n := 0
	for i, p := range powers {
		if p.Zeroes {
			n += tiles[i].Copies()
		}
	}
	if n > maxZeroes {
		panic("voluspa: more tiles with the Zeroes power than a window has room for")
	}
}

// set puts t on the centre square (a lay or a cover), keeping the list of zeroing tiles.
func (w *window) set(t Tile) {
	for i := 0; i < w.nz; i++ {
		if w.zx[i] == 0 && w.zy[i] == 0 {
			w.nz--
			w.zx[i], w.zy[i] = w.zx[w.nz], w.zy[w.nz]
		}
	}
	w.t[win][win] = t
	if t != NoTile && t.pw().Zeroes {
		w.zx[w.nz], w.zy[w.nz] = 0, 0
		w.nz++
	}
}

// zeroed reports whether the tile t at offset dx, dy is next to a zeroing tile of another kind
// (V10).
func (w *window) zeroed(t Tile, dx, dy int) bool {
	for i := range w.nz {
		ex, ey := int(w.zx[i])-dx, int(w.zy[i])-dy
		if ex*ex+ey*ey == 1 && w.t[win+int(w.zy[i])][win+int(w.zx[i])] != t {
			return true
		}
	}
	return false
}

// zeroTile[t] reports whether tile t has the Zeroes power: the one power a window looks up for
// every tile it loads.
var zeroTile = func() (z [256]bool) {
	for i, p := range powers {
		z[tiles[i]] = p.Zeroes
	}
	return z
}()

var emptyWindow = func() (w window) {
	for i := range w.t {
		for j := range w.t[i] {
			w.t[i][j] = NoTile
		}
	}
	return w
}()

// load fills w with the squares of b around x, y.
func (w *window) load(b *board, x, y int) {
	w.t = emptyWindow.t
	w.nz = 0
	for _, c := range b.c[:b.n] {
		dx, dy := int(c.x)-x+win, int(c.y)-y+win
		if uint(dx) <= 2*win && uint(dy) <= 2*win {
			w.t[dy][dx] = c.t
			if zeroTile[c.t] {
				w.zx[w.nz], w.zy[w.nz] = int8(dx-win), int8(dy-win)
				w.nz++
			}
		}
	}
}

// at returns the tile at offset dx, dy from the centre (NoTile when empty or out of reach).
func (w *window) at(dx, dy int) Tile {
	dx, dy = dx+win, dy+win
	if uint(dx) > 2*win || uint(dy) > 2*win {
		return NoTile
	}
	return w.t[dy][dx]
}

// dirs are the four orthogonal directions: east, west, north, south.
var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// run returns how many filled squares follow the centre in direction d (up to win).
func (w *window) run(dx, dy int) int {
	n := 0
	for n < win && w.at(dx*(n+1), dy*(n+1)) != NoTile {
		n++
	}
	return n
}

// guardedFor reports whether a neighbour of the centre guards it against tile t (V6): a tile
// with the Guard power of another kind.
func (w *window) guardedFor(t Tile) (Tile, int, int, bool) {
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
	for _, d := range dirs {
		if w.at(d[0], d[1]) != NoTile {
			return true
		}
	}
	return false
}

// frontier is the grid as bitboards, for Legal: row r is y = oy + r and bit c of a row is x =
// ox + c, with one empty row and column of margin around the grid. Only rows 0..h-1 are used.
// It keeps rows only: a column is read from the rows on the rare occasions it matters (a column
// already holding MaxLine tiles), so building it writes one word per tile.
type frontier struct {
	ox, oy, h int
	occ       [64]uint64 // filled squares, by row
	guard     [64]uint64 // squares next to a Guard tile (of the one Guard kind, the Troll)
	coverable [64]uint64 // filled squares with a filled neighbour and no Guard neighbour
	open      [64]uint64 // empty squares next to the grid whose lines stay within MaxLine
	own       [2][64]uint64
	ownTile   [2]Tile // the kinds with a Cover power; own[i] holds their squares
	guardTile Tile
	squares   int // open squares plus coverable ones: the most moves one kind of tile has
}

// coverKinds and guardKind are the kinds with a Cover or a Guard power, found from the table.
var coverKinds, guardKind = func() (ck [2]Tile, g Tile) {
	n := 0
	g = NoTile
	for i, p := range powers {
		if p.Cover != CoverNone {
			ck[n] = tiles[i]
			n++
		}
		if p.Guard {
			g = tiles[i]
		}
	}
	return ck, g
}()

// build fills f, which must be zero, from b, which holds at least one tile.
func (f *frontier) build(b *board) {
	f.ox, f.oy = int(b.minX)-1, int(b.minY)-1
	f.squares = 0
	h := int(b.maxY) - int(b.minY) + 3
	f.h = h
	f.ownTile = coverKinds
	f.guardTile = guardKind
	occ, guard := f.occ[:h:h], f.guard[:h:h]
	own0, own1 := f.own[0][:h:h], f.own[1][:h:h]
	// guard holds the Guard tiles themselves until the row loop turns it into their neighbours.
	for _, c := range b.c[:b.n] {
		r := uint(int(c.y) - f.oy)
		bit := uint64(1) << uint(int(c.x)-f.ox)
		occ[r] |= bit
		switch c.t {
		case f.guardTile:
			guard[r] |= bit
		case f.ownTile[0]:
			own0[r] |= bit
		case f.ownTile[1]:
			own1[r] |= bit
		}
	}
	// Only a row or column already holding MaxLine tiles can make a line too long. The columns
	// that do are counted with a 3-bit counter per column, across the rows (bit-sliced), with
	// long set once a counter reaches 7.
	var c0, c1, c2, longCols uint64
	for _, o := range occ {
		k0 := c0 & o
		c0 ^= o
		k1 := c1 & k0
		c1 ^= k0
		c2 |= k1
		longCols |= c0 & c1 & c2
	}
	var gdown uint64 // the Guard tiles of row r-1
	for r := range h {
		var up, down, gup uint64
		if r > 0 {
			down = occ[r-1]
		}
		if r+1 < h {
			up, gup = occ[r+1], guard[r+1]
		}
		o := occ[r]
		g := guard[r]
		guard[r] = g<<1 | g>>1 | gup | gdown
		gdown = g
		nb := o<<1 | o>>1 | up | down
		f.coverable[r] = o & nb &^ guard[r]
		open := nb &^ o
		for x := open & longCols; x != 0; x &= x - 1 {
			k := uint(bits.TrailingZeros64(x))
			if f.colLen(r, k) > MaxLine {
				open &^= 1 << k
			}
		}
		if bits.OnesCount64(o) >= MaxLine {
			for x := open; x != 0; x &= x - 1 {
				k := uint(bits.TrailingZeros64(x))
				if lineLen(o, k) > MaxLine {
					open &^= 1 << k
				}
			}
		}
		f.open[r] = open
		f.squares += bits.OnesCount64(open) + bits.OnesCount64(f.coverable[r])
	}
}

// The column counter of frontier.build counts to 7: MaxLine must be 7 for it (a compile error
// otherwise).
var _ [MaxLine - 7]struct{}
var _ [7 - MaxLine]struct{}

// colLen returns the length of the column line through row r, bit k if that square were
// filled: the square plus the filled squares next to it north and south. r is within 1..h-2.
func (f *frontier) colLen(r int, k uint) int {
	n := 1
	for i := r + 1; i < f.h && f.occ[i]>>k&1 != 0; i++ {
		n++
	}
	for i := r - 1; i >= 0 && f.occ[i]>>k&1 != 0; i-- {
		n++
	}
	return n
}

// lineLen returns the length of the line through bit k of row if bit k were filled: k itself
// plus the filled bits next to it on both sides. k is at least 1 and at most 62.
func lineLen(row uint64, k uint) int {
	above := bits.TrailingZeros64(^(row >> (k + 1)))
	below := bits.LeadingZeros64(^(row << (64 - k)))
	return 1 + above + below
}

// layMask returns the empty squares of row r where t may be laid (V4–V6).
func (f *frontier) layMask(r int, t Tile) uint64 {
	if t == f.guardTile {
		return f.open[r]
	}
	return f.open[r] &^ f.guard[r]
}

// coverMask returns the filled squares of row r that t may cover (V7, V8); 0 if t has no Cover
// power.
func (f *frontier) coverMask(r int, t Tile) uint64 {
	switch t {
	case f.ownTile[0]:
		return f.coverable[r] &^ f.own[0][r]
	case f.ownTile[1]:
		return f.coverable[r] &^ f.own[1][r]
	}
	return 0
}

// canPlace reports whether t has a legal lay or cover anywhere.
func (f *frontier) canPlace(t Tile) bool {
	for r := range f.h {
		if f.layMask(r, t)|f.coverMask(r, t) != 0 {
			return true
		}
	}
	return false
}
