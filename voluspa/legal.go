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
func (s State) AppendLegal(dst []Move) []Move {
	switch s.phase {
	case PhaseDeal, PhaseDraw:
		for x := uint64(deck.Distinct(s.h.supply)); x != 0; x &= x - 1 {
			dst = append(dst, Draw(Tile(bits.TrailingZeros64(x))))
		}
		return dst
	case PhaseFirstTile:
		for x := uint64(deck.Distinct(s.h.supply &^ guardMask)); x != 0; x &= x - 1 {
			dst = append(dst, FirstTile(Tile(bits.TrailingZeros64(x))))
		}
		return dst
	case PhaseFirstSeat:
		for p := range s.players {
			dst = append(dst, FirstSeat(norns.Player(p)))
		}
		return dst
	case PhaseTurn:
		return s.appendTurn(dst, s.h.hand[s.toMove])
	}
	return dst
}

// appendTurn appends the moves of the seat to act, which holds hand (V4–V9).
func (s *public) appendTurn(dst []Move, hand cards.Multiset) []Move {
	if hand.IsEmpty() {
		return append(dst, Pass())
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
		for x := kinds; x != 0; x &= x - 1 {
			dst = append(dst, Discard(Tile(bits.TrailingZeros64(x))))
		}
		return dst
	}
	start := len(dst)
	dst = slices.Grow(dst, n)
	out := dst[:start+n]
	// The lays of every kind without the Guard power are on the same squares: they are listed
	// once, into lays, when the first such kind needs them. The empty squares next to a grid of
	// n squares number at most 2n+2, and listSquares wants one word of room more.
	var lays, sq [2*MaxCells + 3]uint32
	none := noRows[:len(f.open)]
	listed := false
	i := start
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		if t == guardKind {
			k := listSquares(sq[:], f.open, none, f.oy, f.ox)
			i += putMoves(out[i:][:k], sq[:k], moveWord(MoveLay, t))
		} else {
			if !listed {
				listed = true
				listSquares(lays[:], f.lay, none, f.oy, f.ox)
			}
			i += putMoves(out[i:][:f.nLay], lays[:f.nLay], moveWord(MoveLay, t))
		}
		for c, ck := range coverKinds {
			if t == ck {
				k := listSquares(sq[:], f.cover[c], none, f.oy, f.ox)
				i += putMoves(out[i:][:k], sq[:k], moveWord(MoveCover, t))
			}
		}
	}
	return out[:i]
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

// putMoves writes to moves the moves of the words w | squares[j] (see [moveWord] and
// [listSquares]), and returns how many.
func putMoves(moves []Move, squares []uint32, w uint32) int {
	squares = squares[:len(moves)]
	for j, v := range squares {
		v |= w
		moves[j] = Move{kind: MoveKind(v), tile: Tile(v >> 8), x: int8(v >> 16), y: int8(v >> 24)}
	}
	return len(moves)
}

// moveWord returns the move of kind k with tile t as a word: kind, tile, x and y from the low
// byte up, with x and y 0, for putMoves.
func moveWord(k MoveKind, t Tile) uint32 { return uint32(k) | uint32(t)<<8 }

// listSquares writes the squares of a[r] &^ b[r] for every row r (bit c is x = ox + c, row r is
// y = oy + r), south to north and west to east, as the words x<<16 | y<<24 into words, and
// returns how many. words must have room for one more word than there are squares.
//
// Each row takes as many steps as the fullest row has squares, each step writing its row's
// next square (or, once the row is done, a word the next step overwrites): no step waits for
// another but by one add, and no branch depends on the grid, where a loop per square of a row
// (or one chained across the rows) would mispredict or wait at every square.
func listSquares(words []uint32, a, b []uint64, oy, ox int) int {
	b = b[:len(a)]
	k := 0 // the most squares in a row
	for r, m := range a {
		k = max(k, bits.OnesCount64(m&^b[r]))
	}
	j := 0
	for r, m := range a {
		m &^= b[r]
		y := uint32(uint8(oy+r)) << 24
		for range k {
			words[j] = y | uint32(uint8(ox+bits.TrailingZeros64(m)))<<16
			j += int((m | -m) >> 63) // 1 if m had a square
			m &= m - 1
		}
	}
	return j
}

// noRows is a plane with no square, for listSquares.
var noRows [maxRows]uint64
