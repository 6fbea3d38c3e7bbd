package herrlof

import (
	"math/bits"
	"slices"
)

// Legal returns the legal moves of the seat (or chance) to act, in this order:
//
//   - bidding: bid 0 up to the hand size;
//   - playing: the playable cards in ascending id order (red 1 to yellow 9, then V, then H), each
//     kind once;
//   - a 3: draw, nodraw; a return: each card of the hand once, ascending;
//   - a 1: steal (2 players) or steal SEAT for each seat with a trick, ascending; then nosteal;
//   - a 6: take (2 players) or take SEAT for each opponent, ascending; then notake; a give: each
//     card of the hand once, ascending;
//   - the 6's pick (chance): pick CARD for each card of the target's hand once, ascending (a card
//     held twice is one outcome; [State.SampleChance] weighs it twice);
//   - a deal (chance): nil, since the deals are too many to list;
//   - over: nil.
func (s State) Legal() []Move {
	if s.phase == PhaseDeal || s.phase == PhaseOver {
		return nil
	}
	return s.AppendLegal(make([]Move, 0, 16))
}

// AppendLegal appends [State.Legal]'s moves to dst and returns it. It does not allocate when dst
// has room.
func (s State) AppendLegal(dst []Move) []Move { return s.appendLegal(dst) }

// appendLegal is AppendLegal without a copy. A card play, most decisions, is listed here, as
// appendPlays lists it, so that a decision costs one call below AppendLegal.
func (s *State) appendLegal(dst []Move) []Move {
	if s.phase != PhasePlay {
		return s.appendOther(dst)
	}
	h := s.hands[s.toMove]
	x := uint64(h & kindBits)
	if led := s.trick.ledSuit(); led != NoSuit && h&suitBits[led] != 0 {
		x = uint64(h & (suitBits[led] | 1<<36 | 1<<39))
	}
	n := bits.OnesCount64(x)
	i := len(dst)
	if cap(dst)-i < n {
		dst = growMoves(dst, n)
	}
	dst = dst[:i+n]
	out := dst[i:]
	w := Play(0).w
	for j := 0; j < len(out)-1; j += 2 { // fillCards, inline
		y := x & (x - 1)
		out[j] = Move{w: w | uint64(bits.TrailingZeros64(x|1<<63))<<8}
		out[j+1] = Move{w: w | uint64(bits.TrailingZeros64(y|1<<63))<<8}
		x = y & (y - 1)
	}
	if n := len(out); n%2 == 1 {
		out[n-1] = Move{w: w | uint64(bits.TrailingZeros64(x|1<<63))<<8}
	}
	return dst
}

// appendOther is appendLegal in the phases other than PhasePlay.
func (s *State) appendOther(dst []Move) []Move {
	switch s.phase {
	case PhaseBid:
		return appendBids(dst, handSize(int(s.players)))
	case PhaseDraw:
		return append(dst, Draw(), NoDraw())
	case PhaseReturn:
		return appendCards(dst, MoveReturn, s.hands[s.toMove])
	case PhaseSteal:
		return appendSteals(dst, s.players, s.toMove, s.tricks)
	case PhaseTake:
		return appendTakes(dst, s.players, s.toMove)
	case PhasePick:
		return appendCards(dst, MovePick, s.hands[s.target])
	case PhaseGive:
		return appendCards(dst, MoveGive, s.hands[s.toMove])
	}
	return dst
}

func appendBids(dst []Move, n int) []Move {
	return append(dst, bidMoves[:n+1]...)
}

// bidMoves lists every bid, 0 to the largest hand.
var bidMoves = func() (b [15 + 1]Move) { // handSize(2) is 15
	for j := range b {
		b[j] = mv(MoveBid, 0, int8(j))
	}
	return b
}()

// appendCards appends a move of kind k for each kind of card in h, ascending.
func appendCards(dst []Move, k MoveKind, h Cards) []Move {
	x := uint64(h & kindBits)
	n := bits.OnesCount64(x)
	i := len(dst)
	if cap(dst)-i < n {
		dst = growMoves(dst, n)
	}
	dst = dst[:i+n]
	out := dst[i:]
	w := mv(k, 0, -1).w
	fillCards(out, w, x)
	return dst
}

// appendPlays appends the plays of the cards of h that may be played to t: appendCards of
// playable, in one function.
func appendPlays(dst []Move, h Cards, t *Trick) []Move {
	x := uint64(h & kindBits)
	if led := t.ledSuit(); led != NoSuit && h&suitBits[led] != 0 {
		x = uint64(h & (suitBits[led] | 1<<36 | 1<<39))
	}
	n := bits.OnesCount64(x)
	i := len(dst)
	if cap(dst)-i < n {
		dst = growMoves(dst, n)
	}
	dst = dst[:i+n]
	out := dst[i:]
	w := Play(0).w
	fillCards(out, w, x)
	return dst
}

// fillCards fills out with the moves w|c<<8 for the cards c of the bits of x, ascending; x has
// len(out) bits. It writes two moves a round (the loop's form lets the compiler drop the bounds
// checks), and x has a bit for each move it writes, so TrailingZeros64 never sees zero (the
// |1<<63 tells the compiler so).
func fillCards(out []Move, w, x uint64) {
	for j := 0; j < len(out)-1; j += 2 {
		y := x & (x - 1)
		out[j] = Move{w: w | uint64(bits.TrailingZeros64(x|1<<63))<<8}
		out[j+1] = Move{w: w | uint64(bits.TrailingZeros64(y|1<<63))<<8}
		x = y & (y - 1)
	}
	if n := len(out); n%2 == 1 {
		out[n-1] = Move{w: w | uint64(bits.TrailingZeros64(x|1<<63))<<8}
	}
}

// growMoves is slices.Grow, out of line so that appendCards' fast path stays lean.
//
//go:noinline
func growMoves(dst []Move, n int) []Move { return slices.Grow(dst, n) }

func appendSteals(dst []Move, players uint8, owner int8, tricks [3]uint8) []Move {
	if players == 2 {
		if tricks[1-owner] > 0 {
			dst = append(dst, Steal())
		}
	} else {
		for q := range int8(players) {
			if q != owner && tricks[q] > 0 {
				dst = append(dst, mv(MoveSteal, 0, q))
			}
		}
	}
	return append(dst, NoSteal())
}

func appendTakes(dst []Move, players uint8, owner int8) []Move {
	if players == 2 {
		dst = append(dst, Take())
	} else {
		for q := range int8(players) {
			if q != owner {
				dst = append(dst, mv(MoveTake, 0, q))
			}
		}
	}
	return append(dst, NoTake())
}

// playable returns the kinds of h that may be played to t (H6): any card when t has no led suit
// or h holds none of it; otherwise the led suit and the unsuited cards.
func playable(h Cards, t *Trick) Cards {
	if led := t.ledSuit(); led != NoSuit && h&suitBits[led] != 0 {
		return h & (suitBits[led] | 1<<36 | 1<<39)
	}
	return h & kindBits
}

// canSteal reports whether owner's 1 has someone to rob (H10, H16).
func canSteal(players uint8, owner int8, tricks [3]uint8) bool {
	for q := range int8(players) {
		if q != owner && tricks[q] > 0 {
			return true
		}
	}
	return false
}
