package gulveig

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// MoveKind says what a [Move] does.
type MoveKind uint8

// The kinds of move. MoveInvalid is the zero Move's kind.
const (
	MoveInvalid MoveKind = iota
	MoveDealer           // chance: the first dealer (G5)
	MoveDeal             // chance: the whole deal of a hand (G6, G21)
	MoveBid              // bid a number of points (G8)
	MoveBlind            // bid blind (G19)
	MovePass             // leave the bidding (G8)
	MoveLook             // look at one's hand before bidding (G19)
	MoveUse              // use one's role power (G21)
	MoveDecline          // decline a voluntary role power (G21)
	MoveGive             // Idun's Orchard: give a card to the treasure (G21)
	MoveDraw             // chance: Idun's Orchard, the card a player draws from the treasure
	MoveSwap             // Tyr's Sacrifice: the 2 cards a bid loser gives in the exchange (G21)
	MoveAside            // the bid winner puts 3 cards in their winnings pile (G9)
	MoveRaise            // the bid winner raises the bid, once (G9)
	MoveKeep             // the bid winner keeps the bid (G9)
	MovePlay             // play a card to a trick (G10)
	MoveShow             // show a combo and lead its first card (G12)
	numMoveKinds
)

var moveKindNames = [numMoveKinds]string{"invalid", "dealer", "deal", "bid", "blind", "pass", "look",
	"use", "decline", "give", "draw", "swap", "aside", "raise", "keep", "play", "show"}

// String returns the kind's notation keyword ("bid", "show"; "play" for a card play), or
// "MoveKind(20)" out of range.
func (k MoveKind) String() string {
	if k < numMoveKinds {
		return moveKindNames[k]
	}
	return fmt.Sprintf("MoveKind(%d)", int(k))
}

// Move is one step of a match: a seat's bid, role decision, card choice or play, or a chance
// outcome (the first dealer, a whole deal, a card drawn in Idun's Orchard). It is a small
// comparable value (16 bytes, no pointers); == compares moves. The zero Move is invalid: no state
// accepts it.
//
// Build moves with [Bid], [Blind], [Pass], [Look], [Use], [Decline], [Give], [Swap], [Aside],
// [Raise], [Keep], [Play], [Show], and the chance moves [Dealer], [DealMove] and [Draw]; or read
// them with [ParseMove]. Moves that carry several cards hold them as a set, so the order they are
// named in does not matter (except for [Show], whose first card is led).
type Move struct {
	// w packs the kind (bits 0–7), up to three cards (8–15, 16–23, 24–31) and a number (32–47):
	// a bid, a raise's new bid or a dealer's seat. A deal's locations fill d0 and the bits of w
	// above the kind (d1, see [DealMove]).
	w  uint64
	d0 uint64
}

func mv(k MoveKind, c0, c1, c2 Card, n int) Move {
	return Move{w: uint64(k) | uint64(c0)<<8 | uint64(c1)<<16 | uint64(c2)<<24 | uint64(uint16(clamp16(n)))<<32}
}

func clamp16(n int) int16 { return int16(max(min(n, 32767), -32768)) }

func (m Move) kind() MoveKind { return MoveKind(m.w) }
func (m Move) c0() Card       { return Card(m.w >> 8) }
func (m Move) c1() Card       { return Card(m.w >> 16) }
func (m Move) c2() Card       { return Card(m.w >> 24) }
func (m Move) n() int         { return int(int16(m.w >> 32)) }

// d1 returns a deal move's second word of locations: the location codes of cards 21 to 27 (3 bits
// a card), then the roles (3 bits each, from bit 21).
func (m Move) d1() uint64 { return m.w >> 8 }

// Dealer returns the chance move that makes seat p the first dealer (G5).
func Dealer(p norns.Player) Move { return mv(MoveDealer, NoCard, NoCard, NoCard, int(p)) }

// Bid returns the move that bids n points (G8).
func Bid(n int) Move { return mv(MoveBid, NoCard, NoCard, NoCard, n) }

// Blind returns the move that bids n points blind (G19).
func Blind(n int) Move { return mv(MoveBlind, NoCard, NoCard, NoCard, n) }

// Pass returns the move that leaves the bidding.
func Pass() Move { return mv(MovePass, NoCard, NoCard, NoCard, 0) }

// Look returns the move that looks at one's hand before a first bid (G19).
func Look() Move { return mv(MoveLook, NoCard, NoCard, NoCard, 0) }

// Use returns the move that uses one's role power (G21).
func Use() Move { return mv(MoveUse, NoCard, NoCard, NoCard, 0) }

// Decline returns the move that declines a voluntary role power (G21).
func Decline() Move { return mv(MoveDecline, NoCard, NoCard, NoCard, 0) }

// Give returns Idun's Orchard's move that gives c to the treasure (G21).
func Give(c Card) Move { return mv(MoveGive, c, NoCard, NoCard, 0) }

// Draw returns the chance move of Idun's Orchard in which the player to draw takes c from the
// treasure (G21).
func Draw(c Card) Move { return mv(MoveDraw, c, NoCard, NoCard, 0) }

// Swap returns the move of Tyr's Sacrifice in which a bid loser picks the cards a and b to give
// in the exchange (G21).
func Swap(a, b Card) Move {
	if b < a {
		a, b = b, a
	}
	return mv(MoveSwap, a, b, NoCard, 0)
}

// Aside returns the bid winner's move that puts a, b and c into their winnings pile (G9).
func Aside(a, b, c Card) Move {
	if b < a {
		a, b = b, a
	}
	if c < b {
		b, c = c, b
		if b < a {
			a, b = b, a
		}
	}
	return mv(MoveAside, a, b, c, 0)
}

// Raise returns the bid winner's move that raises the bid to n points (G9).
func Raise(n int) Move { return mv(MoveRaise, NoCard, NoCard, NoCard, n) }

// Keep returns the bid winner's move that keeps the bid as it is (G9).
func Keep() Move { return mv(MoveKeep, NoCard, NoCard, NoCard, 0) }

// Play returns the move that plays c to a trick (or leads it without showing a combo).
func Play(c Card) Move { return mv(MovePlay, c, NoCard, NoCard, 0) }

// Show returns the leader's move that shows the combo of lead and partner and leads lead (G12).
func Show(lead, partner Card) Move { return mv(MoveShow, lead, partner, NoCard, 0) }

// Kind returns what m does.
func (m Move) Kind() MoveKind { return m.kind() }

// Card returns the card of a give, draw, play or show (the card led), and NoCard for other moves.
func (m Move) Card() Card {
	switch m.kind() {
	case MoveGive, MoveDraw, MovePlay, MoveShow:
		return m.c0()
	}
	return NoCard
}

// Partner returns the card shown with the led card of a [Show], and NoCard for other moves.
func (m Move) Partner() Card {
	if m.kind() == MoveShow {
		return m.c1()
	}
	return NoCard
}

// Cards returns the cards of a swap or an aside, and the empty set for other moves.
func (m Move) Cards() Cards {
	var s Cards
	switch m.kind() {
	case MoveSwap:
		for _, c := range [2]Card{m.c0(), m.c1()} {
			if c < NumKinds {
				s |= 1 << c
			}
		}
	case MoveAside:
		for _, c := range [3]Card{m.c0(), m.c1(), m.c2()} {
			if c < NumKinds {
				s |= 1 << c
			}
		}
	}
	return s
}

// Value returns the points of a bid, blind bid or raise, and 0 for other moves.
func (m Move) Value() int {
	switch m.kind() {
	case MoveBid, MoveBlind, MoveRaise:
		return m.n()
	}
	return 0
}

// Seat returns the seat of a [Dealer] move, and Nobody for other moves.
func (m Move) Seat() norns.Player {
	if m.kind() == MoveDealer {
		return norns.Player(m.n())
	}
	return norns.Nobody
}

// IsChance reports whether m is a chance outcome (a dealer, a deal or an Orchard draw).
func (m Move) IsChance() bool {
	k := m.kind()
	return k == MoveDealer || k == MoveDeal || k == MoveDraw
}

// Deal is a whole deal (G6): each seat's hand, the treasure, the 2-player cards out of play and,
// with player roles, the roles (G21). It is the outcome a [MoveDeal] carries.
type Deal struct {
	Hands    [4]Cards // each seat's hand, by seat (the 4th player's is empty)
	Treasure Cards    // the 3 cards of the treasure
	Out      Cards    // the 7 cards out of play with 2 players
	// Roles are the seats' roles by seat, then the rest of the five as the face-down pile, top
	// first; all NoRole without player roles.
	Roles [NumRoles]Role
}

// Location codes of a deal's packed form.
const (
	locNone     = 0 // not in play
	locTreasure = 5
	locOut      = 6
	locClash    = 7 // named twice: never a valid deal
)

// DealMove returns the chance move that deals d.
func DealMove(d Deal) Move {
	var loc [NumKinds]uint64
	put := func(s Cards, code uint64) {
		for c := range s.All() {
			if loc[c] != locNone {
				loc[c] = locClash
			} else {
				loc[c] = code
			}
		}
	}
	for i, h := range d.Hands {
		put(h, uint64(1+i))
	}
	put(d.Treasure, locTreasure)
	put(d.Out, locOut)
	m := Move{w: dealW}
	for c := range Card(NumKinds) {
		m.setLoc(c, loc[c])
	}
	for i, r := range d.Roles {
		m.w |= uint64(r&7) << (8 + 21 + 3*i)
	}
	return m
}

// dealW is the first word of every deal move.
const dealW = uint64(MoveDeal)

// setLoc adds location code l for card c to a deal move.
func (m *Move) setLoc(c Card, l uint64) {
	if c < 21 {
		m.d0 |= l << (3 * c)
	} else {
		m.w |= l << (8 + 3*(c-21))
	}
}

// rep3 has bit 3i set for each of the 21 location codes of a word.
const rep3 = 0x1249249249249249

// placeOf returns the cards whose location code in a deal move is l: the codes equal to l become
// 0 under l repeated, and a 3-bit field is 0 when no bit of it is set.
func (m Move) placeOf(l uint64) Cards {
	x, y := m.d0^l*rep3, m.d1()^l*rep3
	return Cards(gather3(^(x|x>>1|x>>2)&rep3) | gather3(^(y|y>>1|y>>2)&(rep3&(1<<21-1)))<<21)
}

// gather3 moves bit 3i of x to bit i (i < 21; other bits of x are ignored), in five
// shift-and-mask steps rather than a loop over the bits (TestGather3 holds it to the loop).
func gather3(x uint64) uint64 {
	x &= rep3
	x = (x ^ x>>2) & 0x10c30c30c30c30c3
	x = (x ^ x>>4) & 0x100f00f00f00f00f
	x = (x ^ x>>8) & 0x001f0000ff0000ff
	x = (x ^ x>>16) & 0x001f00000000ffff
	x = (x ^ x>>32) & 0x1fffff
	return x
}

// Deal returns the deal a [MoveDeal] carries, and false for other moves. A card named twice in
// the deal given to [DealMove] is in no place.
func (m Move) Deal() (Deal, bool) {
	if m.kind() != MoveDeal {
		return Deal{}, false
	}
	d, _ := m.deal()
	return d, true
}

// deal decodes a deal move: the deal, and the cards named twice. It reads the three bits of
// every card's location code as three sets of cards (bit planes p0, p1, p2, and their
// complements n0, n1, n2), and each place's cards are the cards whose planes spell its code
// (locTreasure, 5, is 101: p0 & n1 & p2).
func (m Move) deal() (d Deal, clash Cards) {
	const low21 = 1<<21 - 1
	p0 := Cards(gather3(m.d0) | gather3(m.d1()&(rep3&low21))<<21)
	p1 := Cards(gather3(m.d0>>1) | gather3(m.d1()>>1&(rep3&low21))<<21)
	p2 := Cards(gather3(m.d0>>2) | gather3(m.d1()>>2&(rep3&low21))<<21)
	n0, n1, n2 := allKinds&^p0, allKinds&^p1, allKinds&^p2
	d = Deal{Hands: [4]Cards{p0 & n1 & n2, n0 & p1 & n2, p0 & p1 & n2, n0 & n1 & p2}, // codes 1 to 4
		Treasure: p0 & n1 & p2, Out: n0 & p1 & p2} // codes 5 and 6
	for i := range d.Roles {
		d.Roles[i] = Role(m.d1() >> (21 + 3*i) & 7)
	}
	return d, p0 & p1 & p2 // code 7
}
