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

// legalSet is the list of a State's legal moves, in a form set after every change of the State
// (setLegal) and listed by AppendLegal. Most lists are cards: a move lw|c<<8 for each bit c of
// lx, ascending (lw is the moves' Move.w with card 0). The others (bids, a power's choices) are
// flagged legalOther in lw and listed by appendOther from lw's kind and lx.
//
// It is embedded in State, and AppendLegal is its method, so that a call of AppendLegal through
// a *State (norns.Playout makes one at every decision) copies these two words alone: Go's wrapper
// of a value method for a pointer copies the receiver, and a copy of the whole State, read right
// after Step wrote it, waits for those writes to complete. As a function of the rest of the
// State, it keeps == exact.
type legalSet struct {
	lw uint64 // the moves' common word, and legalOther
	lx uint64 // a bit per move: a card, a bid, a seat or a move kind
}

// legalOther flags a list of moves that are not cards (see appendOther).
const legalOther = 1 << 32

// AppendLegal appends [State.Legal]'s moves to dst and returns it. It does not allocate when dst
// has room.
func (l legalSet) AppendLegal(dst []Move) []Move {
	if l.lw&legalOther != 0 {
		return l.appendOther(dst)
	}
	x := l.lx
	n := bits.OnesCount64(x)
	i := len(dst)
	if cap(dst)-i < n {
		dst = growMoves(dst, n)
	}
	dst = dst[:i+n]
	out := dst[i:]
	w := l.lw
	for j := 1; j < len(out); j += 2 { // two moves a round: the loop's form drops the bounds checks
		y := x & (x - 1)
		out[j-1] = Move{w: w | uint64(bits.TrailingZeros64(x|1<<63))<<8} // x has a bit: no zero case
		out[j] = Move{w: w | uint64(bits.TrailingZeros64(y|1<<63))<<8}
		x = y & (y - 1)
	}
	// The last move is the highest card, written again after an even list: no branch on the
	// list's length, which would mispredict half the time.
	if len(out) > 0 {
		out[len(out)-1] = Move{w: w | uint64(bits.Len64(l.lx)-1)<<8}
	}
	return dst
}

// appendOther is AppendLegal for the lists that are not cards: the bids 0 to n when lx is
// 1<<(n+1)-1; a power's choices when lx has move kinds (draw and nodraw, steal and nosteal, take
// and notake, with two players); or, with three players, a steal or take of each seat of lx,
// then the move that declines.
func (l legalSet) appendOther(dst []Move) []Move {
	switch k := MoveKind(l.lw); k {
	case MoveBid:
		return append(dst, bidMoves[:bits.Len64(l.lx)]...)
	case MoveSteal, MoveTake: // three players
		for x := l.lx; x != 0; x &= x - 1 {
			dst = append(dst, mv(k, 0, int8(bits.TrailingZeros64(x))))
		}
		return append(dst, mv(k+1, 0, -1))
	}
	// Move kinds, one or two.
	x := l.lx
	m := mv(MoveKind(bits.TrailingZeros64(x|1<<63)), 0, -1)
	if x &= x - 1; x == 0 {
		return append(dst, m)
	}
	return append(dst, m, mv(MoveKind(bits.TrailingZeros64(x)), 0, -1))
}

// appendLegal is AppendLegal without a copy.
func (s *State) appendLegal(dst []Move) []Move { return s.legalSet.AppendLegal(dst) }

// setLegal sets the list of legal moves (legalSet) from the rest of s. It does not panic on a
// damaged phase or seat (the JSON decoder sets the list before it validates them; the player
// count, which it relies on, is checked first).
func (s *State) setLegal() {
	var w, x uint64
	who := s.toMove
	if s.phase == PhasePick {
		who = s.target
	}
	if uint8(who) >= s.players { // a deal or the end (nobody or chance), or a damaged State
		s.lw, s.lx = 0, 0
		return
	}
	switch s.phase {
	case PhaseBid:
		w, x = uint64(MoveBid)|legalOther, 1<<(handSize(int(s.players))+1)-1
	case PhasePlay: // playable, inline
		h := s.hands[s.toMove]
		w, x = Play(0).w, uint64(h&kindBits)
		if led := s.trick.ledSuit(); led != NoSuit && h&suitBits[led&3] != 0 {
			x = uint64(h & (suitBits[led&3] | 1<<36 | 1<<39))
		}
	case PhaseDraw:
		w, x = legalOther, 1<<MoveDraw|1<<MoveNoDraw
	case PhaseReturn:
		w, x = Return(0).w, uint64(s.hands[s.toMove]&kindBits)
	case PhaseSteal:
		if s.players == 2 {
			w, x = legalOther, 1<<MoveNoSteal
			if s.tricks[(1-s.toMove)&1] > 0 {
				x |= 1 << MoveSteal
			}
			break
		}
		w = uint64(MoveSteal) | legalOther
		for q := range int8(s.players) {
			if q != s.toMove && s.tricks[q] > 0 {
				x |= 1 << q
			}
		}
	case PhaseTake:
		if s.players == 2 {
			w, x = legalOther, 1<<MoveTake|1<<MoveNoTake
			break
		}
		w, x = uint64(MoveTake)|legalOther, 7&^(1<<s.toMove)
	case PhasePick:
		w, x = Pick(0).w, uint64(s.hands[s.target]&kindBits)
	case PhaseGive:
		w, x = Give(0).w, uint64(s.hands[s.toMove]&kindBits)
	}
	s.lw, s.lx = w, x
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
