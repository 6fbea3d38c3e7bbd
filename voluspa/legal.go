package voluspa

import (
	"math/bits"
	"slices"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
)

// Legal returns the legal moves of the one to act, in this order:
//
//   - a seat's turn: for each kind of tile in its hand in table order (Odin … Loki), its lays on
//     empty squares, then (a Dragon or Skadi) its covers, each by square from south to north
//     and, in a row, west to east; with no lay or cover at all, a [Discard] of each kind in hand
//     in table order; with an empty hand, [Pass] alone;
//   - a draw (the deal, a refill): a [Draw] of each kind in the supply, in table order;
//   - the first tile: a [FirstTile] of each kind in the supply but the Troll;
//   - the first player: [FirstSeat] for each seat in order.
//
// It returns nil once the match is over.
func (s State) Legal() []Move { return s.AppendLegal(nil) }

// AppendLegal appends Legal's moves to dst and returns the extended slice. It does not allocate
// when dst has room (a turn has at most a few hundred moves).
//
// It is a call of appendLegal, which takes a pointer, so that a call through a pointer to a State
// (norns.Playout's) copies the State once rather than twice.
func (s State) AppendLegal(dst []Move) []Move { return s.appendLegal(dst) }

// appendLegal is AppendLegal.
func (s *State) appendLegal(dst []Move) []Move {
	switch s.phase {
	case PhaseDeal, PhaseDraw:
		for x := uint64(deck.Distinct(s.pool)); x != 0; x &= x - 1 {
			dst = append(dst, Draw(Tile(bits.TrailingZeros64(x))))
		}
		return dst
	case PhaseFirstTile:
		for x := uint64(deck.Distinct(s.pool &^ guardMask)); x != 0; x &= x - 1 {
			dst = append(dst, FirstTile(Tile(bits.TrailingZeros64(x))))
		}
		return dst
	case PhaseFirstSeat:
		for p := range s.players {
			dst = append(dst, FirstSeat(norns.Player(p)))
		}
		return dst
	case PhaseTurn:
		hand := s.h.hand[s.toMove]
		if !hand.IsEmpty() && s.board.fits() { // appendTurn's usual path, without its call
			return s.board.appendTorus(dst, hand)
		}
		return s.appendTurn(dst, hand)
	}
	return dst
}

// appendTurn appends the moves of the seat to act, which holds hand (V4–V9).
func (s *public) appendTurn(dst []Move, hand cards.Multiset) []Move {
	if hand.IsEmpty() {
		return append(dst, Pass())
	}
	if s.board.fits() {
		return s.board.appendTorus(dst, hand)
	}
	var f frontier
	if h := s.board.rows(); h <= smallRows {
		var p [frontierPlanes * smallRows]uint64
		f = newFrontier(&s.board, p[:], smallRows)
	} else {
		var p [frontierPlanes * maxRows]uint64
		f = newFrontier(&s.board, p[:], maxRows)
	}
	kinds := uint64(deck.Distinct(hand))
	n := f.moves(kinds)
	if n == 0 {
		return appendDiscards(dst, kinds)
	}
	start := len(dst)
	dst = slices.Grow(dst, n)
	out := dst[start : start+n]
	// Every kind without the Guard power lays on the same squares: the first such kind's lays
	// are listed from the plane, the others' copied from them with their own tile.
	i, first := 0, -1
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		switch {
		case t == guardKind:
			i += putSquares(out[i:], f.open, f.oy, f.ox, MoveLay, t)
		case first < 0:
			first = i
			i += putSquares(out[i:], f.lay, f.oy, f.ox, MoveLay, t)
		default:
			i += retile(out[i:][:f.nLay], out[first:][:f.nLay], t)
		}
		for c, ck := range coverKinds {
			if t == ck {
				i += putSquares(out[i:], f.cover[c], f.oy, f.ox, MoveCover, t)
			}
		}
	}
	return dst[:start+i]
}

// appendTorus is appendTurn for a board whose grid fits its torus: the moves listed in the same
// order straight from the torus's frontier rows (see board.frontierTorus).
func (b *board) appendTorus(dst []Move, hand cards.Multiset) []Move {
	tr := &b.tor
	kinds := uint64(deck.Distinct(hand))
	n := tr.moves(kinds)
	if n == 0 {
		return appendDiscards(dst, kinds)
	}
	start := len(dst)
	dst = slices.Grow(dst, n)
	out := dst[start : start+n]
	ox, oy := int(b.minX)-1, int(b.minY)-1
	h, turn := b.rows(), -int(uint(ox)%torusSide)
	nLay := int(tr.count >> 16 & 0xFFFF)
	i, first := 0, -1
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		switch {
		case t == guardKind:
			i += putTorus(out[i:], &tr.front[0], moveWord(MoveLay, t, ox, 0), oy, h, turn)
		case first < 0:
			first = i
			i += putTorus(out[i:], &tr.front[1], moveWord(MoveLay, t, ox, 0), oy, h, turn)
		default:
			i += retile(out[i:][:nLay], out[first:][:nLay], t)
		}
		switch t {
		case coverKinds[0]:
			i += putTorus(out[i:], &tr.front[2], moveWord(MoveCover, t, ox, 0), oy, h, turn)
		case coverKinds[1]:
			i += putTorus(out[i:], &tr.front[3], moveWord(MoveCover, t, ox, 0), oy, h, turn)
		}
	}
	return dst[:start+i]
}

// putTorus is putSquares for a plane of the torus: it writes to out the moves of the word base
// for the row y = 0 (see moveWord) on the squares of plane, h rows from y = oy, each turned by
// turn so that bit c is x = ox + c (ox is in base), south to north and west to east, and
// returns how many. Its loops keep few values, which the compiler holds in registers.
func putTorus(out []Move, plane *[torusSide]uint16, base uint32, oy, h, turn int) int {
	rows := plane[:] // checked once, not at every row
	i := 0
	for y := uint(oy); h > 0; h-- {
		m := bits.RotateLeft16(rows[y%torusSide], turn)
		w := base | uint32(uint8(y))<<16
		y++
		for ; m != 0; m &= m - 1 {
			out[i] = wordMove(w + uint32(bits.TrailingZeros16(m))<<24)
			i++
		}
	}
	return i
}

// moves returns the number of lays and covers of the kinds in the set kinds (bit t for tile t):
// the lays of each kind, on the open squares for the Guard kind and on the lay squares for the
// others, and the covers of each cover kind. It does not branch on the kinds, which a random
// hand mispredicts.
func (f *frontier) moves(kinds uint64) int {
	g := int(kinds >> guardKind & 1) // 0 when no kind has the Guard power (guardKind is NoTile)
	c0, c1 := int(kinds>>coverKinds[0]&1), int(kinds>>coverKinds[1]&1)
	return f.nLay*(bits.OnesCount64(kinds)-g) + f.nGuardLay*g + f.nCover[0]*c0 + f.nCover[1]*c1
}

// moves is frontier.moves for the torus's frontier, from its counts: the counts' lanes dotted
// with a word of the kinds' weights in reverse lane order (the Guard kind's, the other kinds',
// each cover kind's), which one multiply sums in the top lane: no product or sum reaches 2^16
// (a plane has at most 256 squares, a hand at most HandSize kinds), so no lane carries into the
// next.
func (tr *torus) moves(kinds uint64) int {
	g := kinds >> guardKind & 1 // 0 when no kind has the Guard power (guardKind is NoTile)
	w := g<<48 | (uint64(bits.OnesCount64(kinds))-g)<<32 | kinds>>coverKinds[0]&1<<16 | kinds>>coverKinds[1]&1
	return int(tr.count * w >> 48)
}

// putSquares writes to out the moves of kind k with tile t on the squares of plane (bit c of
// row r is x = ox + c, y = oy + r), south to north and west to east, and returns how many. out
// has room for them all (the frontier counted them).
func putSquares(out []Move, plane []uint64, oy, ox int, k MoveKind, t Tile) int {
	i := 0
	for r, m := range plane {
		w := moveWord(k, t, ox, oy+r)
		for ; m != 0; m &= m - 1 {
			out[i] = wordMove(w + uint32(bits.TrailingZeros64(m))<<24)
			i++
		}
	}
	return i
}

// moveWord returns the move of kind k with tile t on x, y as one word: kind, tile, y and x from
// the lowest byte, so that the move c columns east is the word plus c<<24 (x is the top byte).
func moveWord(k MoveKind, t Tile, x, y int) uint32 {
	return uint32(k) | uint32(t)<<8 | uint32(uint8(y))<<16 | uint32(uint8(x))<<24
}

// wordMove returns the move of the word v (see moveWord), which the compiler stores at once.
func wordMove(v uint32) Move {
	return Move{kind: MoveKind(v), tile: Tile(v >> 8), y: int8(v >> 16), x: int8(v >> 24)}
}

// retile writes to dst the moves of src with tile t instead of theirs, and returns how many: a
// copy, then the tiles set through array pointers, eight or four moves at a time (a store a
// move and a few for the loop), the last block overlapping the one before rather than ending in
// a loop a move at a time.
func retile(dst, src []Move, t Tile) int {
	n := copy(dst, src)
	d := dst[:n]
	switch {
	case n >= 8:
		for len(d) > 8 {
			set8((*[8]Move)(d), t)
			d = d[8:]
		}
		set8((*[8]Move)(dst[n-8:]), t)
	case n >= 4:
		e := (*[4]Move)(d)
		e[0].tile, e[1].tile, e[2].tile, e[3].tile = t, t, t, t
		e = (*[4]Move)(d[n-4:])
		e[0].tile, e[1].tile, e[2].tile, e[3].tile = t, t, t, t
	default:
		for i := range d {
			d[i].tile = t
		}
	}
	return n
}

// set8 sets the tile of the eight moves of e to t.
func set8(e *[8]Move, t Tile) {
	e[0].tile, e[1].tile, e[2].tile, e[3].tile = t, t, t, t
	e[4].tile, e[5].tile, e[6].tile, e[7].tile = t, t, t, t
}

// appendDiscards appends a discard of each kind in kinds (a bit per kind), in kind order: the
// moves of a seat that can lay or cover nowhere (V9).
func appendDiscards(dst []Move, kinds uint64) []Move {
	for x := kinds; x != 0; x &= x - 1 {
		dst = append(dst, Discard(Tile(bits.TrailingZeros64(x))))
	}
	return dst
}
