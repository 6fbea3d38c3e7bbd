package herrlof

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/nornsgames/norns"
)

// A deal move is packed into the Move's fields, so that every Move stays 24 bytes:
//
//	n   the player count (2 or 3)
//	arg the opening leader
//	h0  seat 0's hand (a Cards, bits 0–41)
//	h1  seat 1's hand (bits 0–41)
//	seq the trump card, then the stock from the top, six bits a card (its value), card j at
//	    bit 6j of a 72-bit number: bits 0–31 in w's bits 32–63, bits 32–53 in h0's bits 42–63
//	    (cards 0–8 in all) and bits 54–71 (cards 9–11, with two players) in h1's bits 42–59
//
// With three players, seat 2's hand is the rest of the deck. The bits no card uses are zero, and
// copies of the Valknut and the Hagalaz are one value each, so each deal has exactly one packing
// and == compares deals. Unpacking reads the cards straight from their places.

// Deal returns the chance move that deals a hand: hands[p] to seat p (15 cards each with 2
// players, 11 with 3), then trump as the trump card and stock as the stock from the top down (11
// cards with 2 players, 8 with 3); leader opens the hand. Together they must hold the 42 cards
// exactly once each (the Valknut and Hagalaz three times). The order of the cards within a hand
// carries no information and is not kept.
//
// For the first hand the leader may be any seat (H5: chosen at random); for later hands
// [State.Apply] accepts only the seat after the previous hand's opener. Deal's errors wrap
// [norns.ErrIllegalMove].
func Deal(leader norns.Player, hands []Cards, trump Card, stock []Card) (Move, error) {
	n := len(hands)
	if n != 2 && n != 3 {
		return Move{}, badDeal("%d hands (want 2 or 3)", n)
	}
	if leader < 0 || int(leader) >= n {
		return Move{}, badDeal("leader %v is not a seat", leader)
	}
	hs := handSize(n)
	var sum Cards
	for p, h := range hands {
		if !h.isCanonical() || h.Len() != hs {
			return Move{}, badDeal("seat %d gets %d cards (want %d)", p, h.Len(), hs)
		}
		var ok bool
		if sum, ok = sum.plus(h); !ok {
			return Move{}, badDeal("a card is dealt twice")
		}
	}
	if len(stock) != stockSize(n) {
		return Move{}, badDeal("a stock of %d cards (want %d)", len(stock), stockSize(n))
	}
	var seq [stockCap + 1]Card
	seq[0] = trump
	copy(seq[1:], stock)
	k := len(stock) + 1
	rest := deckBits.Minus(sum) // the cards for the trump and the stock
	if rest.Len() != k {
		return Move{}, badDeal("%d cards left for the trump and stock (want %d)", rest.Len(), k)
	}
	var lo, hi uint64 // the cards: 0-8 in lo, 9-11 in hi
	for j, c := range seq[:k] {
		if !c.IsValid() || !rest.Has(c) {
			return Move{}, badDeal("%v is dealt more often than the deck holds", c)
		}
		rest = rest.Without(c)
		if j < 9 {
			lo |= uint64(c) << (6 * j)
		} else {
			hi |= uint64(c) << (6 * (j - 9))
		}
	}
	m := Move{w: uint64(MoveDeal) | uint64(uint8(leader))<<16 | uint64(n)<<24 | lo<<32,
		h0: uint64(hands[0]) | lo>>32<<42, h1: uint64(hands[1]) | hi<<42}
	return m, nil
}

// MustDeal is Deal for tests and literals: it panics on error.
func MustDeal(leader norns.Player, hands []Cards, trump Card, stock []Card) Move {
	m, err := Deal(leader, hands, trump, stock)
	if err != nil {
		panic(err)
	}
	return m
}

var errNotADeal = errors.New("not a deal")

func badDeal(format string, args ...any) error {
	return fmt.Errorf("herrlof: %w: %w: %s", norns.ErrIllegalMove, errNotADeal, fmt.Sprintf(format, args...))
}

// dealt unpacks a deal move: the hands, then the trump card and the stock in seq (trump first,
// then the stock from the top). ok is false if m is not a well-formed deal: a hand of the wrong
// size or not canonical, a card that is no card, more copies of a card than the deck holds, or a
// bit set that no card uses.
func (m Move) dealt() (hands [3]Cards, seq [stockCap + 1]Card, ok bool) {
	n := int(m.mn())
	if m.mk() != MoveDeal || n != 2 && n != 3 {
		return hands, seq, false
	}
	hs := handSize(n)
	hands[0], hands[1] = Cards(m.h0)&deckBits, Cards(m.h1)&deckBits
	if !hands[0].isCanonical() || !hands[1].isCanonical() || hands[0].Len() != hs || hands[1].Len() != hs {
		return hands, seq, false
	}
	k := stockSize(n) + 1
	lo, hi := m.w>>32|m.h0>>42<<32, m.h1>>42
	if k <= 9 && hi != 0 || k > 9 && hi>>(6*(k-9)) != 0 { // a bit no card uses
		return hands, seq, false
	}
	// The cards of the trump and the stock: the suited ones as bits, the copies of V and H
	// counted; with the hands, every card of the deck exactly once (seat 2's hand the rest).
	var suited Cards
	var v, x int
	for j := range k {
		var c Card
		if j < 9 {
			c = Card(lo >> (6 * j) & 63)
		} else {
			c = Card(hi >> (6 * (j - 9)) & 63)
		}
		seq[j] = c
		switch {
		case c < 36:
			if suited&(1<<c) != 0 {
				return hands, seq, false
			}
			suited |= 1 << c
		case c == Valknut:
			v++
		case c == Hagalaz:
			x++
		default:
			return hands, seq, false
		}
	}
	h01 := hands[0] | hands[1]
	if hands[0]&hands[1]&suitedBits != 0 || h01&suited != 0 {
		return hands, seq, false
	}
	v += bits.OnesCount64(uint64(hands[0]&valknutBits)) + bits.OnesCount64(uint64(hands[1]&valknutBits))
	x += bits.OnesCount64(uint64(hands[0]&hagalazBits)) + bits.OnesCount64(uint64(hands[1]&hagalazBits))
	if v > 3 || x > 3 {
		return hands, seq, false
	}
	left := suitedBits &^ (h01 | suited) // the suited cards no one holds
	if n == 3 {
		hands[2] = left | Cards(1<<(3-v)-1)<<36 | Cards(1<<(3-x)-1)<<39
		return hands, seq, true // 22 + 9 cards placed once each: 11 left
	}
	return hands, seq, left == 0 && v == 3 && x == 3
}

// Dealt returns what a deal move deals: the hands (one per seat), the trump card and the stock
// from the top down. For other moves it returns nils and NoCard.
func (m Move) Dealt() (hands []Cards, trump Card, stock []Card) {
	h, seq, ok := m.dealt()
	if !ok {
		return nil, NoCard, nil
	}
	n := int(m.mn())
	return h[:n:n], seq[0], append([]Card(nil), seq[1:stockSize(n)+1]...)
}

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }
