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
	f.build(&s.board)
	start := len(dst)
	kinds := uint64(Deck.Distinct(hand))
	dst = slices.Grow(dst, bits.OnesCount64(kinds)*f.squares)
	out, i := dst[:cap(dst)], start
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		for r := range f.h {
			i = putSquares(out, i, moveWord(MoveLay, t, f.oy+r), f.layMask(r, t), f.ox)
		}
		if t.pw().Cover == CoverNone {
			continue
		}
		for r := range f.h {
			i = putSquares(out, i, moveWord(MoveCover, t, f.oy+r), f.coverMask(r, t), f.ox)
		}
	}
	dst = out[:i]
	if len(dst) > start {
		return dst
	}
	for x := kinds; x != 0; x &= x - 1 {
		dst = append(dst, Discard(Tile(bits.TrailingZeros64(x))))
	}
	return dst
}

// moveWord returns the move of kind k with tile t on row y as a word: kind, tile, x (0) and y
// from the low byte up, for putSquares.
func moveWord(k MoveKind, t Tile, y int) uint32 {
	return uint32(k) | uint32(t)<<8 | uint32(uint8(y))<<24
}

// putSquares writes at out[i:] the move w (a [moveWord]) for each square of row mask m (bit c
// is x = ox + c) and returns the index after them. out must have room for them. It writes a
// move's fields from one word so that the compiler stores it at once.
func putSquares(out []Move, i int, w uint32, m uint64, ox int) int {
	for ; m != 0; m &= m - 1 {
		v := w | uint32(uint8(ox+bits.TrailingZeros64(m)))<<16
		out[i] = Move{kind: MoveKind(v), tile: Tile(v >> 8), x: int8(v >> 16), y: int8(v >> 24)}
		i++
	}
	return i
}
