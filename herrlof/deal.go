package herrlof

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"github.com/nornsgames/norns"
)

// A deal move is packed into the Move's fields, so that every Move stays 24 bytes:
//
//	n   the player count (2 or 3)
//	arg the opening leader
//	h0  seat 0's hand (a Cards, bits 0–41); with 3 players, bits 42–60 hold the order code
//	h1  seat 1's hand
//	x   with 2 players, the order code; with 3, seat 2's hand as a mask over the cards left
//	    after hands 0 and 1, in ascending bit order
//
// The order code numbers the order of the remaining cards (the trump card, then the stock from
// the top) among the permutations of those cards listed in ascending bit order: with k cards
// left, the code is d0·(k-1)! + … in Horner form, ((d0·(k-1) + d1)·(k-2) + d2)…, where d_j is
// the index of the j-th card among the cards not yet placed. Copies of a card are always taken
// in list order, so each deal has exactly one code and == compares deals.

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
	m := Move{w: uint64(MoveDeal) | uint64(uint8(leader))<<16 | uint64(n)<<24, h0: uint64(hands[0]), h1: uint64(hands[1])}
	rest := deckBits.Minus(sum)
	if n == 3 {
		// Seat 2's hand as a mask over the cards left after hands 0 and 1.
		left := deckBits.Minus(hands[0].Plus(hands[1]))
		h2 := hands[2]
		i := 0
		for x := uint64(left); x != 0; x &= x - 1 {
			c := bitCard(trailingZeros(x))
			if h2.Has(c) {
				h2 = h2.Without(c)
				m.w |= 1 << (32 + i)
			}
			i++
		}
	}
	var items [stockCap + 1]Card
	nItems := 0
	for x := uint64(rest); x != 0; x &= x - 1 {
		items[nItems] = bitCard(trailingZeros(x))
		nItems++
	}
	if nItems != k {
		return Move{}, badDeal("%d cards left for the trump and stock (want %d)", nItems, k)
	}
	var code uint64
	for j := range k {
		c := seq[j]
		i := 0
		for i < k-j && items[i] != c {
			i++
		}
		if i == k-j {
			return Move{}, badDeal("%v is dealt more often than the deck holds", c)
		}
		copy(items[i:], items[i+1:k-j])
		code = code*uint64(k-j) + uint64(i)
	}
	if n == 2 {
		m.w |= code << 32
	} else {
		m.h0 |= code << 42
	}
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
// then the stock from the top). ok is false if m is not a well-formed deal.
func (m Move) dealt() (hands [3]Cards, seq [stockCap + 1]Card, ok bool) {
	n := int(m.mn())
	if m.mk() != MoveDeal || n != 2 && n != 3 {
		return hands, seq, false
	}
	hs := handSize(n)
	hands[0], hands[1] = Cards(m.h0)&deckBits, Cards(m.h1)
	sum, fits := hands[0].plus(hands[1])
	if !fits || !hands[0].isCanonical() || !hands[1].isCanonical() || hands[0].Len() != hs || hands[1].Len() != hs {
		return hands, seq, false
	}
	left := deckBits.Minus(sum)
	code := uint64(m.mx())
	var items [16]byte // the cards left, ascending; read back as two words below
	k := 0
	if n == 3 {
		code = m.h0 >> 42
		i := 0
		for x := uint64(left); x != 0; x &= x - 1 {
			c := bitCard(trailingZeros(x))
			if m.mx()&(1<<i) != 0 {
				hands[2] = hands[2].add(c)
			} else if k <= stockCap {
				items[k] = byte(c)
				k++
			}
			i++
		}
		if hands[2].Len() != hs {
			return hands, seq, false
		}
	} else {
		for x := uint64(left); x != 0; x &= x - 1 {
			items[k] = byte(bitCard(trailingZeros(x)))
			k++
		}
	}
	if k != stockSize(n)+1 {
		return hands, seq, false
	}
	// Digits from the last: d_j = code mod (k-j), dividing by multiplying (exact below 2^29).
	if code >= 1<<29 {
		return hands, seq, false
	}
	var digits [stockCap + 1]int
	for j := k - 2; j >= 0; j-- {
		d := uint64(k - j)
		q := code * divMagic[d] >> 36
		digits[j] = int(code - q*d)
		code = q
	}
	if code != 0 {
		return hands, seq, false
	}
	// Take item digits[j] out of the items left, kept one a byte in lo (items 0-7) and hi (8-15):
	// the bytes above it move down one place.
	lo, hi := binary.LittleEndian.Uint64(items[:8]), binary.LittleEndian.Uint64(items[8:])
	for j := range k {
		var c uint64
		if i := uint(digits[j]); i < 8 {
			low := uint64(1)<<(8*i) - 1
			c = lo >> (8 * i) & 0xff
			lo = lo&low | lo>>8&^low | hi<<56
			hi >>= 8
		} else {
			low := uint64(1)<<(8*(i-8)) - 1
			c = hi >> (8 * (i - 8)) & 0xff
			hi = hi&low | hi>>8&^low
		}
		seq[j] = Card(c)
	}
	return hands, seq, true
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

// divMagic[d] is ceil(2^36/d): for x < 2^29 and 2 <= d <= 12, x*divMagic[d]>>36 is x/d.
var divMagic = func() (t [stockCap + 2]uint64) {
	for d := uint64(2); d < uint64(len(t)); d++ {
		t[d] = (1<<36 + d - 1) / d
	}
	return t
}()
