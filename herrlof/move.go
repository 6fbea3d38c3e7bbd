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
	kind MoveKind
	card Card   // the card played, returned, given or picked
	arg  int8   // the bid, the target seat (-1: the only opponent) or the deal's leader
	n    uint8  // a deal's player count
	x    uint32 // a deal's packed data (see deal.go)
	h0   uint64 // a deal's packed data
	h1   uint64 // a deal's packed data
}

// Bid returns the move that bids n tricks.
func Bid(n int) Move { return Move{kind: MoveBid, arg: clampInt8(n)} }

// Play returns the move that plays c.
func Play(c Card) Move { return Move{kind: MovePlay, card: c, arg: -1} }

// Draw returns the 3's move that draws the top card of the stock.
func Draw() Move { return Move{kind: MoveDraw, arg: -1} }

// NoDraw returns the 3's move that declines to draw.
func NoDraw() Move { return Move{kind: MoveNoDraw, arg: -1} }

// Return returns the 3's move that puts c at the bottom of the stock.
func Return(c Card) Move { return Move{kind: MoveReturn, card: c, arg: -1} }

// Steal returns the 1's move that steals a trick from the only opponent (2 players).
func Steal() Move { return Move{kind: MoveSteal, arg: -1} }

// StealFrom returns the 1's move that steals a trick from seat p (3 players, H16).
func StealFrom(p norns.Player) Move { return Move{kind: MoveSteal, arg: clampSeat(p)} }

// NoSteal returns the 1's move that declines to steal.
func NoSteal() Move { return Move{kind: MoveNoSteal, arg: -1} }

// Take returns the 6's move that takes a random card from the only opponent (2 players).
func Take() Move { return Move{kind: MoveTake, arg: -1} }

// TakeFrom returns the 6's move that takes a random card from seat p (3 players, H16).
func TakeFrom(p norns.Player) Move { return Move{kind: MoveTake, arg: clampSeat(p)} }

// NoTake returns the 6's move that declines to take.
func NoTake() Move { return Move{kind: MoveNoTake, arg: -1} }

// Give returns the 6's move that gives c to the opponent robbed.
func Give(c Card) Move { return Move{kind: MoveGive, card: c, arg: -1} }

// Pick returns the chance move of a 6: c is the card drawn at random from the target's hand.
func Pick(c Card) Move { return Move{kind: MovePick, card: c, arg: -1} }

func clampInt8(n int) int8 { return int8(max(min(n, 127), -128)) }

func clampSeat(p norns.Player) int8 {
	if p < 0 || p > 3 {
		return 3 // never a seat in a Herrlof match; Apply refuses it
	}
	return int8(p)
}

// Kind returns what m does.
func (m Move) Kind() MoveKind { return m.kind }

// Card returns the card of a play, return, give or pick, and NoCard for other moves.
func (m Move) Card() Card {
	switch m.kind {
	case MovePlay, MoveReturn, MoveGive, MovePick:
		return m.card
	}
	return NoCard
}

// BidValue returns the number of tricks of a bid, and -1 for other moves.
func (m Move) BidValue() int {
	if m.kind == MoveBid {
		return int(m.arg)
	}
	return -1
}

// Target returns the seat named by a steal or take, and Nobody when the move names none (2
// players) or is of another kind.
func (m Move) Target() norns.Player {
	if (m.kind == MoveSteal || m.kind == MoveTake) && m.arg >= 0 {
		return norns.Player(m.arg)
	}
	return norns.Nobody
}

// Leader returns a deal's opening leader, and Nobody for other moves.
func (m Move) Leader() norns.Player {
	if m.kind == MoveDeal {
		return norns.Player(m.arg)
	}
	return norns.Nobody
}

// IsChance reports whether m is a chance outcome (a deal or a pick).
func (m Move) IsChance() bool { return m.kind == MoveDeal || m.kind == MovePick }
