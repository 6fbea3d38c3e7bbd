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
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		for r := range f.h {
			dst = appendSquares(dst, MoveLay, t, f.layMask(r, t), f.ox, f.oy+r)
		}
		if t.pw().Cover == CoverNone {
			continue
		}
		for r := range f.h {
			dst = appendSquares(dst, MoveCover, t, f.coverMask(r, t), f.ox, f.oy+r)
		}
	}
	if len(dst) > start {
		return dst
	}
	for x := kinds; x != 0; x &= x - 1 {
		dst = append(dst, Discard(Tile(bits.TrailingZeros64(x))))
	}
	return dst
}

// appendSquares appends a move of kind k with tile t for each square of row mask m (bit c is
// x = ox + c) of the row y. dst must have room for them.
func appendSquares(dst []Move, k MoveKind, t Tile, m uint64, ox, y int) []Move {
	if m == 0 {
		return dst
	}
	n := len(dst)
	dst = dst[:n+bits.OnesCount64(m)] // the caller grew dst for every square
	for i := n; m != 0; m &= m - 1 {
		dst[i] = Move{kind: k, tile: t, x: int8(ox + bits.TrailingZeros64(m)), y: int8(y)}
		i++
	}
	return dst
}
