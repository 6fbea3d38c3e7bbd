package voluspa

import (
	"encoding/binary"
	"math/bits"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// maxTurnMoves bounds the legal moves of a seat's turn: each of the (at most HandSize) kinds in
// hand lays on at most the 2n+2 empty squares next to a grid of n squares, and the two cover
// kinds cover at most every square.
const maxTurnMoves = HandSize*(2*MaxCells+2) + 2*MaxCells

// Playout plays s to the end with uniformly random legal moves and chance drawn from r, and
// returns the final state: it plays the moves, reaches the state and leaves r as norns.Playout
// does on a copy of s (each chance node drawn with SampleChance, each seat's move the
// r.IntN(len(legal))-th of Legal, then Step). It counts the legal moves and finds the one drawn
// instead of listing them (a turn has 66 on average), from the frontier the board keeps (see
// [torus]), and reads its windows from the squares it keeps by rows and columns beside the
// State for the length of the playout ([grid]); it calls no method through the State's value,
// so it copies no State. It does not allocate.
//
// A 3-player match costs it about 179k instructions against 280k through norns.Playout (1.6x):
// the difference is what the generic contract asks, listing every legal move (about 4,200 a
// match, 75k instructions), a copy of the State at each call of AppendLegal (12k; SampleChance
// is declared on the State's 16-byte drawer, which is all its calls copy), and Step's checks.
// At 26f1713 it cost 200k and norns.Playout 326k; before the board kept its frontier and
// squares (2c0b7a1), 250k (18 to 25 µs on a quiet machine) and norns.Playout 500k (2.0x).
// Instructions counted by cachegrind over BenchmarkRandomMatchOwn and BenchmarkRandomMatch/3p,
// 400 matches less 200.
//
// BenchmarkRandomMatchOwn measures it beside norns.Playout's BenchmarkRandomMatch/3p;
// TestPlayoutMatchesGeneric checks it against norns.Playout, and TestRandomMoveMatchesLegal the
// move it finds for each draw against Legal's list.
func (s State) Playout(r *rng.Rand) State {
	if s.players == 0 {
		return s // the zero State: over
	}
	var g grid
	g.init(&s.board)
	var p [4 * maxRows]uint64 // the frontier's planes, every row written before it is read
	for {
		var m Move
		switch s.toMove {
		case nobody:
			return s
		case chance:
			m = s.sampleChance(r)
		default:
			hand := s.h.hand[s.toMove]
			if hand.IsEmpty() {
				r.IntN(1) // as the generic loop draws among its one move
				m = Pass()
				break
			}
			if s.board.fits() {
				m = s.board.randomTorus(hand, r)
				break
			}
			f := g.frontier(&s.board, p[:])
			m = f.randomMove(hand, r)
		}
		var w window
		switch m.kind {
		case MoveLay, MoveCover:
			g.window(&w, int(m.x), int(m.y))
			g.set(int(m.x), int(m.y), m.tile)
		case MoveFirstTile:
			g.set(0, 0, m.tile)
		}
		s.step(m, &w, nil)
	}
}

// gridOrigin is where x, y = 0, 0 lies in a [grid]'s arrays, gridSide their side: the squares of
// a grid lie within MaxCells-1 of 0, and a window reads from wc before a square to ww-wc after
// it, and a line beside it.
const (
	gridOrigin = wc + MaxCells
	gridSide   = 2 * gridOrigin
)

var _ [gridSide - (gridOrigin + MaxCells + ww - wc)]struct{}

// grid is the board as Playout keeps it while it plays on one State, updated at every lay and
// cover: every square's tile in a 2-D array, by rows and again by columns, so that a [window] is
// six copies of a line rather than a pass over the cell list; and the tile planes of
// [newFrontier] as rows of bits, so that a frontier takes a few shifts a row rather than that
// pass too. Apply has no such index: it would be copied with the State at every call (see
// [board]). A square holds its tile XOR 0xFF, so that the zero array is an empty grid and a line
// copies into a window, where an empty square is NoTile (0xFF), with one XOR per word.
type grid struct {
	rows, cols [gridSide][gridSide]uint8
	// bits[k][y+gridBits] is row y of tile plane k (plane 0 every tile, the others as plane
	// says), bit c for x = ox + c. ox is chosen so that the grid and a column on each side fit
	// (a connected grid of n squares is at most n+1 wide), and chosen again when the grid
	// outgrows it (rebase).
	bits [5][128]uint64
	ox   int
	// cols[x+gridBits] is column x's tiles, bit y+gridBits for y; count[x+gridBits] their
	// number, and bit x+longBits of long is set for a column of MaxLine tiles or more: the
	// columns where a lay can make a column too long (see cutColumn).
	colBits [128][3]uint64
	count   [128]uint8
	long    [4]uint64
}

// longBits is the bit of x = 0 in a grid's long: a frontier's first column lies within 32+31
// columns west of a square of the grid, and its 64 columns within 64+31 east.
const longBits = 128

var _ [4*64 - (longBits + MaxCells + 64)]struct{}

// gridBits is the row of y = 0 in a grid's bits: the squares of a grid lie within MaxCells-1
// of 0, and a frontier reads a row beyond them on each side.
const gridBits = 64

var _ [128 - (gridBits + MaxCells + 1)]struct{}

// init puts the tiles of b into g, which is empty.
func (g *grid) init(b *board) {
	for _, c := range b.cells() {
		g.set(int(c.x), int(c.y), c.t)
	}
	g.rebase(b)
}

// set puts t on the square x, y, empty or covered. x lies within the 64 columns of g's bits:
// Playout sets only squares next to the grid, whose frontier has just rebased g, and the first
// tile; a tile outside them (init's, from g's first column 0) is set again by the rebase that
// follows.
func (g *grid) set(x, y int, t Tile) {
	X, Y := x+gridOrigin, y+gridOrigin
	under := sqTile[g.rows[Y][X]^0xFF] // NoTile on an empty square, whose plane is not read
	g.rows[Y][X] = sqByte[t] ^ 0xFF
	g.cols[X][Y] = sqByte[t] ^ 0xFF
	g.setBit(x, y, under, t)
	if under == NoTile { // a new square: its column grows
		c := x + gridBits
		g.colBits[c][uint(y+gridBits)/64] |= 1 << (uint(y+gridBits) % 64)
		if g.count[c]++; g.count[c] == MaxLine {
			g.long[uint(x+longBits)/64] |= 1 << (uint(x+longBits) % 64)
		}
	}
}

// setBit puts t over under on the square x, y in g's bits.
func (g *grid) setBit(x, y int, under, t Tile) {
	row, bit := (y+gridBits)%128, uint64(1)<<(uint(x-g.ox)%64)
	g.bits[plane[under]][row] &^= bit
	g.bits[0][row] |= bit
	g.bits[plane[t]][row] |= bit
}

// rebase chooses g's first column again, if b's grid and a column on each side no longer lie
// within the 64 from it, and puts the tiles of b in g's bits from there.
func (g *grid) rebase(b *board) {
	if b.n == 0 {
		return
	}
	if int(b.minX)-1 >= g.ox && int(b.maxX)+1 < g.ox+64 {
		return
	}
	g.ox = (int(b.minX)+int(b.maxX))/2 - 32
	g.bits = [5][128]uint64{}
	for _, c := range b.cells() {
		g.setBit(int(c.x), int(c.y), NoTile, c.t)
	}
}

// frontier returns the frontier of b, whose tiles g holds, with its planes in p (four planes of
// maxRows words), as newFrontier does with its first column at g's; the columns too long come
// from g's columns rather than from the rows.
func (g *grid) frontier(b *board, p []uint64) frontier {
	g.rebase(b)
	f := frontier{ox: g.ox, oy: int(b.minY) - 1}
	lo, hi := f.oy+gridBits, int(b.maxY)+2+gridBits
	f = derive(f, g.bits[0][lo:hi], g.bits[1][lo:hi], g.bits[3][lo:hi], g.bits[4][lo:hi], p, maxRows)
	for x := bits64(g.long[:], uint(f.ox+longBits)); x != 0; x &= x - 1 {
		k := uint(bits.TrailingZeros64(x))
		f.cutColumn(k, bits64(g.colBits[f.ox+int(k)+gridBits][:], uint(lo)))
	}
	return f
}

// bits64 returns the 64 bits of w from bit i, which lies in one of its words but the last.
func bits64(w []uint64, i uint) uint64 {
	return w[i/64]>>(i%64) | w[i/64+1]<<1<<(63-i%64)
}

// window fills w as w.load fills it from the cell list, for the square x, y: its lines 0 to 2
// of each block hold the squares from wc before the centre to ww-wc-1 after it (load leaves
// NoTile or a far square at the ends, which no read of a window reaches), and occ the lines
// through the centre.
func (g *grid) window(w *window, x, y int) {
	X, Y := x+gridOrigin, y+gridOrigin
	copyLine((*[ww]uint8)(w.g[0*ww:]), (*[ww]uint8)(g.rows[Y-1][X-wc:]))
	copyLine((*[ww]uint8)(w.g[1*ww:]), (*[ww]uint8)(g.rows[Y][X-wc:]))
	copyLine((*[ww]uint8)(w.g[2*ww:]), (*[ww]uint8)(g.rows[Y+1][X-wc:]))
	copyLine((*[ww]uint8)(w.g[4*ww:]), (*[ww]uint8)(g.cols[X-1][Y-wc:]))
	copyLine((*[ww]uint8)(w.g[5*ww:]), (*[ww]uint8)(g.cols[X][Y-wc:]))
	copyLine((*[ww]uint8)(w.g[6*ww:]), (*[ww]uint8)(g.cols[X+1][Y-wc:]))
	w.occ = [2]uint32{filled((*[ww]uint8)(w.g[ww:])), filled((*[ww]uint8)(w.g[5*ww:]))}
}

// copyLine copies a line of a grid into a window, turning each square's XOR 0xFF back.
func copyLine(dst, src *[ww]uint8) {
	le := binary.LittleEndian
	le.PutUint64(dst[0:], ^le.Uint64(src[0:]))
	le.PutUint64(dst[8:], ^le.Uint64(src[8:]))
	le.PutUint64(dst[16:], ^le.Uint64(src[16:]))
	le.PutUint64(dst[24:], ^le.Uint64(src[24:]))
}

var _ [ww - 32]struct{} // copyLine copies four words

// randomMove returns Legal()[r.IntN(len(Legal()))] for the seat to act, which holds hand (not
// empty) and has f for its frontier, without listing the moves: it draws from r exactly as that
// expression does.
func (f *frontier) randomMove(hand cards.Multiset, r *rng.Rand) Move {
	kinds := uint64(deck.Distinct(hand))
	if n := f.moves(kinds); n > 0 {
		return f.move(kinds, r.IntN(n))
	}
	i := r.IntN(bits.OnesCount64(kinds))
	for range i {
		kinds &= kinds - 1
	}
	return Discard(Tile(bits.TrailingZeros64(kinds)))
}

// randomTorus is randomMove for a board whose grid fits its torus: it counts the moves from the
// torus's counts and finds the one drawn on its frontier rows.
func (b *board) randomTorus(hand cards.Multiset, r *rng.Rand) Move {
	tr := &b.tor
	f := tr.counts()
	kinds := uint64(deck.Distinct(hand))
	n := tr.moves(kinds)
	if n == 0 {
		i := r.IntN(bits.OnesCount64(kinds))
		for range i {
			kinds &= kinds - 1
		}
		return Discard(Tile(bits.TrailingZeros64(kinds)))
	}
	i := r.IntN(n)
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		k, c := 0, f.nGuardLay
		if t != guardKind {
			k, c = 1, f.nLay
		}
		if i < c {
			return b.torusSquare(k, i, MoveLay, t)
		}
		i -= c
		for j, ck := range coverKinds {
			if t != ck {
				continue
			}
			if i < f.nCover[j] {
				return b.torusSquare(2+j, i, MoveCover, t)
			}
			i -= f.nCover[j]
		}
	}
	panic("voluspa: board.randomTorus: index out of range")
}

// torusSquare returns the move of kind k with tile t on the i-th square of the torus's frontier
// plane p, south to north and west to east.
func (b *board) torusSquare(p, i int, k MoveKind, t Tile) Move {
	ox, oy := int(b.minX)-1, int(b.minY)-1
	turn := -int(uint(ox) % torusSide)
	plane := &b.tor.front[p%4]
	for r := range b.rows() {
		m := bits.RotateLeft16(plane[uint(oy+r)%torusSide], turn)
		n := bits.OnesCount16(m)
		if i >= n {
			i -= n
			continue
		}
		for range i {
			m &= m - 1
		}
		return Move{kind: k, tile: t, x: int8(ox + bits.TrailingZeros16(m)), y: int8(oy + r)}
	}
	panic("voluspa: board.torusSquare: index out of range")
}

// move returns the i-th of the lays and covers of the kinds in the set kinds, in Legal's order.
// i is below f.moves(kinds).
func (f *frontier) move(kinds uint64, i int) Move {
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		plane, n := f.open, f.nGuardLay
		if t != guardKind {
			plane, n = f.lay, f.nLay
		}
		if i < n {
			x, y := f.square(plane, i)
			return Move{kind: MoveLay, tile: t, x: int8(x), y: int8(y)}
		}
		i -= n
		for c, ck := range coverKinds {
			if t != ck {
				continue
			}
			if i < f.nCover[c] {
				x, y := f.square(f.cover[c], i)
				return Move{kind: MoveCover, tile: t, x: int8(x), y: int8(y)}
			}
			i -= f.nCover[c]
		}
	}
	panic("voluspa: frontier.move: index out of range")
}

// square returns the i-th square of plane, south to north and west to east.
func (f *frontier) square(plane []uint64, i int) (x, y int) {
	for r, m := range plane {
		n := bits.OnesCount64(m)
		if i >= n {
			i -= n
			continue
		}
		for range i {
			m &= m - 1
		}
		return f.ox + bits.TrailingZeros64(m), f.oy + r
	}
	panic("voluspa: frontier.square: index out of range")
}
