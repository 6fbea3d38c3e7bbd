package herrlof

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// MoveKind says what a [Move] does.
type MoveKind uint8

// The kinds of move. MoveInvalid is the zero Move's kind.
const (
	MoveInvalid MoveKind = iota
	MoveDeal             // chance: the shuffled deck and the opening leader (H3, H5)
	MovePick             // chance: the card a 6 takes at random (H15)
	MoveBid              // a bid of 0 to the hand size (H4)
	MovePlay             // play a card to the trick (H6)
	MoveDraw             // the 3: draw the top card of the stock (H11)
	MoveNoDraw           // the 3: decline to draw
	MoveReturn           // the 3: put a card from the hand at the bottom of the stock
	MoveSteal            // the 1: steal a trick (H10)
	MoveNoSteal          // the 1: decline to steal
	MoveTake             // the 6: take a random card from an opponent (H15)
	MoveNoTake           // the 6: decline to take
	MoveGive             // the 6: give a card to the opponent robbed
	numMoveKinds
)

var moveKindNames = [numMoveKinds]string{"invalid", "deal", "pick", "bid", "play", "draw", "nodraw",
	"return", "steal", "nosteal", "take", "notake", "give"}

// String returns the kind's notation keyword ("bid", "nosteal"; "play" for a card play), or
// "MoveKind(20)" out of range.
func (k MoveKind) String() string {
	if k < numMoveKinds {
		return moveKindNames[k]
	}
	return fmt.Sprintf("MoveKind(%d)", int(k))
}

// Move is one step of a match: a seat's bid, card play or power decision, or a chance outcome (the
// deal, the 6's random pick). It is a small comparable value (24 bytes, no pointers); == compares
// moves. The zero Move is invalid: no state accepts it.
//
// Build moves with [Bid], [Play], [Draw], [NoDraw], [Return], [Steal], [StealFrom], [NoSteal],
// [Take], [TakeFrom], [NoTake], [Give], [Pick] and [Deal], or read them with [ParseMove].
type Move struct {
	// w packs the kind (bits 0–7), the card played, returned, given or picked (8–15), the bid,
	// target seat (-1: the only opponent) or a deal's leader (16–23, signed), a deal's player
	// count (24–31) and a deal's packed data (32–63, see deal.go). Three words keep a Move in
	// registers when it is copied.
	w  uint64
	h0 uint64 // a deal's packed data
	h1 uint64 // a deal's packed data
}

func mv(k MoveKind, c Card, arg int8) Move {
	return Move{w: uint64(k) | uint64(c)<<8 | uint64(uint8(arg))<<16}
}

func (m Move) mk() MoveKind { return MoveKind(m.w) }
func (m Move) mc() Card     { return Card(m.w >> 8) }
func (m Move) ma() int8     { return int8(m.w >> 16) }
func (m Move) mn() uint8    { return uint8(m.w >> 24) }

// Bid returns the move that bids n tricks.
func Bid(n int) Move { return mv(MoveBid, 0, clampInt8(n)) }

// Play returns the move that plays c.
func Play(c Card) Move { return mv(MovePlay, c, -1) }

// Draw returns the 3's move that draws the top card of the stock.
func Draw() Move { return mv(MoveDraw, 0, -1) }

// NoDraw returns the 3's move that declines to draw.
func NoDraw() Move { return mv(MoveNoDraw, 0, -1) }

// Return returns the 3's move that puts c at the bottom of the stock.
func Return(c Card) Move { return mv(MoveReturn, c, -1) }

// Steal returns the 1's move that steals a trick from the only opponent (2 players).
func Steal() Move { return mv(MoveSteal, 0, -1) }

// StealFrom returns the 1's move that steals a trick from seat p (3 players, H16).
func StealFrom(p norns.Player) Move { return mv(MoveSteal, 0, clampSeat(p)) }

// NoSteal returns the 1's move that declines to steal.
func NoSteal() Move { return mv(MoveNoSteal, 0, -1) }

// Take returns the 6's move that takes a random card from the only opponent (2 players).
func Take() Move { return mv(MoveTake, 0, -1) }

// TakeFrom returns the 6's move that takes a random card from seat p (3 players, H16).
func TakeFrom(p norns.Player) Move { return mv(MoveTake, 0, clampSeat(p)) }

// NoTake returns the 6's move that declines to take.
func NoTake() Move { return mv(MoveNoTake, 0, -1) }

// Give returns the 6's move that gives c to the opponent robbed.
func Give(c Card) Move { return mv(MoveGive, c, -1) }

// Pick returns the chance move of a 6: c is the card drawn at random from the target's hand.
func Pick(c Card) Move { return mv(MovePick, c, -1) }

func clampInt8(n int) int8 { return int8(max(min(n, 127), -128)) }

func clampSeat(p norns.Player) int8 {
	if p < 0 || p > 3 {
		return 3 // never a seat in a Herrlof match; Apply refuses it
	}
	return int8(p)
}

// Kind returns what m does.
func (m Move) Kind() MoveKind { return m.mk() }

// Card returns the card of a play, return, give or pick, and NoCard for other moves.
func (m Move) Card() Card {
	switch m.mk() {
	case MovePlay, MoveReturn, MoveGive, MovePick:
		return m.mc()
	}
	return NoCard
}

// BidValue returns the number of tricks of a bid, and -1 for other moves.
func (m Move) BidValue() int {
	if m.mk() == MoveBid {
		return int(m.ma())
	}
	return -1
}

// Seat returns the seat a move names: the seat robbed by a steal or a take with three players,
// and a deal's opening leader (as [Move.Leader]). It returns Nobody when the move names none (a
// steal or take with two players, whose target is the only opponent) or is of another kind.
func (m Move) Seat() norns.Player {
	if (m.mk() == MoveSteal || m.mk() == MoveTake || m.mk() == MoveDeal) && m.ma() >= 0 {
		return norns.Player(m.ma())
	}
	return norns.Nobody
}

// Leader returns a deal's opening leader, and Nobody for other moves.
func (m Move) Leader() norns.Player {
	if m.mk() == MoveDeal {
		return norns.Player(m.ma())
	}
	return norns.Nobody
}

// IsChance reports whether m is a chance outcome (a deal or a pick).
func (m Move) IsChance() bool { return m.mk() == MoveDeal || m.mk() == MovePick }
