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
	var f frontier
	if h := s.board.rows(); h <= smallRows {
		var p [5][smallRows]uint64
		f = newFrontier(&s.board, [5][]uint64{p[0][:h], p[1][:h], p[2][:h], p[3][:h], p[4][:h]})
	} else {
		var p [5][maxRows]uint64
		f = newFrontier(&s.board, [5][]uint64{p[0][:h], p[1][:h], p[2][:h], p[3][:h], p[4][:h]})
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
	var sq [128]uint32 // the empty squares next to a grid of n squares number at most 2n+2 <= 122
	listed := false
	i := start
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		switch {
		case t == guardKind:
			for r, m := range f.open {
				i = putSquares(out, i, moveWord(MoveLay, t, f.oy+r), m, f.ox)
			}
		default:
			if !listed {
				listed = true
				j := 0
				for r := range f.open {
					j = listSquares(&sq, j, moveWord(MoveLay, 0, f.oy+r), f.open[r]&^f.guard[r], f.ox)
				}
			}
			kt := uint32(t) << 8
			to := out[i:][:f.nLay]
			for j, v := range sq[:len(to)] {
				v |= kt
				to[j] = Move{kind: MoveKind(v), tile: Tile(v >> 8), x: int8(v >> 16), y: int8(v >> 24)}
			}
			i += len(to)
		}
		for c, k := range coverKinds {
			if t == k {
				for r, m := range f.cover[c] {
					i = putSquares(out, i, moveWord(MoveCover, t, f.oy+r), m, f.ox)
				}
			}
		}
	}
	return out[:i]
}

// moveWord returns the move of kind k with tile t on row y as a word: kind, tile, x (0) and y
// from the low byte up, for putSquares.
func moveWord(k MoveKind, t Tile, y int) uint32 {
	return uint32(k) | uint32(t)<<8 | uint32(uint8(y))<<24
}

// putSquares writes at out[i:] the move w (a [moveWord]) for each square of row mask m (bit c
// is x = ox + c) and returns the index after them. out must have room for them. A move's
// fields are written from one word so that the compiler stores it at once.
func putSquares(out []Move, i int, w uint32, m uint64, ox int) int {
	for ; m != 0; m &= m - 1 {
		v := w | uint32(uint8(ox+bits.TrailingZeros64(m)))<<16
		out[i] = Move{kind: MoveKind(v), tile: Tile(v >> 8), x: int8(v >> 16), y: int8(v >> 24)}
		i++
	}
	return i
}

// listSquares is putSquares writing words into sq instead of moves.
func listSquares(sq *[128]uint32, j int, w uint32, m uint64, ox int) int {
	for ; m != 0; m &= m - 1 {
		sq[j&127] = w | uint32(uint8(ox+bits.TrailingZeros64(m)))<<16
		j++
	}
	return j
}
