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
		for x := uint64(Deck.Distinct(s.h.supply)); x != 0; x &= x - 1 {
			dst = append(dst, Draw(Tile(bits.TrailingZeros64(x))))
		}
		return dst
	case PhaseFirstTile:
		for x := uint64(Deck.Distinct(s.h.supply &^ guardMask)); x != 0; x &= x - 1 {
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
	// The frontier's five planes, and a sixth for emitRows, one row longer than the grid's.
	var f frontier
	var scratch []uint64
	if h := s.board.rows(); h < smallRows {
		var p [6 * smallRows]uint64
		f = newFrontier(&s.board, p[:], smallRows)
		scratch = p[5*smallRows:][:h+1]
	} else {
		var p [6 * maxRows]uint64
		f = newFrontier(&s.board, p[:], maxRows)
		scratch = p[5*maxRows:][:h+1]
	}
	kinds := uint64(Deck.Distinct(hand))
	n := 0
	for x := kinds; x != 0; x &= x - 1 {
		switch t := Tile(bits.TrailingZeros64(x)); t {
		case guardKind:
			n += f.nGuardLay
		case coverKinds[0]:
			n += f.nLay + f.nCover[0]
		case coverKinds[1]:
			n += f.nLay + f.nCover[1]
		default:
			n += f.nLay
		}
	}
	if n == 0 {
		for x := kinds; x != 0; x &= x - 1 {
			dst = append(dst, Discard(Tile(bits.TrailingZeros64(x))))
		}
		return dst
	}
	start := len(dst)
	dst = slices.Grow(dst, n)
	out := dst[:start+n]
	// The lays of every kind without the Guard power are on the same squares: the first such
	// kind lists them from the bitboards into sq, as words with no tile, the others from sq.
	var sq [2*MaxCells + 2]uint32 // the empty squares next to a grid of n squares number at most 2n+2
	none := noRows[:len(f.open)]
	listed := false
	i := start
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		if t == guardKind {
			i += emitRows(sq[:0], out[i:i+f.nGuardLay], f.open, none, scratch, moveWord(MoveLay, t), f.oy, f.ox)
		} else {
			if !listed {
				listed = true
				emitRows(sq[:f.nLay], nil, f.open, f.guard, scratch, 0, f.oy, f.ox)
			}
			kt := moveWord(MoveLay, t)
			to := out[i:][:f.nLay]
			for j, v := range sq[:len(to)] {
				v |= kt
				to[j] = Move{kind: MoveKind(v), tile: Tile(v >> 8), x: int8(v >> 16), y: int8(v >> 24)}
			}
			i += len(to)
		}
		for c, k := range coverKinds {
			if t == k {
				i += emitRows(sq[:0], out[i:i+f.nCover[c]], f.cover[c], none, scratch, moveWord(MoveCover, t), f.oy, f.ox)
			}
		}
	}
	return out[:i]
}

// noRows is a plane with no square, for emitRows.
var noRows [maxRows]uint64

// moveWord returns the move of kind k with tile t as a word: kind, tile, x and y from the low
// byte up, with x and y 0, for emitRows.
func moveWord(k MoveKind, t Tile) uint32 { return uint32(k) | uint32(t)<<8 }

// emitRows writes the squares of a[r] &^ b[r] for every row r (bit c is x = ox + c, row r is y =
// oy + r), south to north and west to east, as the words w | x<<16 | y<<24 into words, or when
// words is empty as the moves of those words into moves, and returns how many. The caller knows
// how many there are: words or moves is that long. scratch, one row longer than a, holds the
// rows with a square.
//
// It branches only at the ends of its two loops: on the random grids of a match, a loop per row
// (as the bits of one row would take) mispredicts its exit at nearly every row, which costs more
// than the rest of the listing.
func emitRows(words []uint32, moves []Move, a, b, scratch []uint64, w uint32, oy, ox int) int {
	var ys [maxRows]uint8
	scratch = scratch[:len(a)+1]
	b = b[:len(a)]
	c := 0
	for r, m := range a {
		m &^= b[r]
		scratch[c] = m
		ys[c&(maxRows-1)] = uint8(oy + r)
		c += int((m | -m) >> 63) // 1 if m is not empty
	}
	scratch[c] = 0
	cur, k := scratch[0], 0
	next := func() uint32 {
		v := w | uint32(uint8(ox+bits.TrailingZeros64(cur)))<<16 | uint32(ys[k&(maxRows-1)])<<24
		cur &= cur - 1
		z := (cur|-cur)>>63 ^ 1 // 1 if the row is done
		cur |= scratch[k+1] & -z
		k += int(z)
		return v
	}
	if len(words) > 0 {
		for j := range words {
			words[j] = next()
		}
		return len(words)
	}
	for j := range moves {
		v := next()
		moves[j] = Move{kind: MoveKind(v), tile: Tile(v >> 8), x: int8(v >> 16), y: int8(v >> 24)}
	}
	return len(moves)
}
