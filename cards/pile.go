package cards

import (
	"fmt"
	"iter"
	"strings"
)

// Slots lists the capacities a [Pile] comes in: the piles the games really use. Herrlof's stock
// holds at most 11 cards, Gnav's 40; 64 is a whole deck. A game that needs another capacity adds
// it here.
type Slots interface {
	~[11]Card | ~[40]Card | ~[64]Card
}

// Pile is an ordered sequence of cards, such as a stock, with the capacity of its array type A
// (Pile[[11]Card] holds up to 11 cards). Position 0 is the top. The zero Pile is empty; ==
// compares the sequences, since the slots beyond the length are kept zero.
//
// The cards are stored bottom first, so drawing from the top and adding on top cost O(1);
// adding at the bottom moves the cards.
type Pile[A Slots] struct {
	c A     // c[0] is the bottom card, c[n-1] the top; c[n:] are zero
	n uint8 // the number of cards
}

// PileOf returns a pile holding cs, cs[0] on top. It panics if cs does not fit.
func PileOf[A Slots](cs ...Card) Pile[A] {
	var p Pile[A]
	if len(cs) > len(p.c) {
		panic(fmt.Sprintf("cards: PileOf with %d cards for a pile of %d", len(cs), len(p.c)))
	}
	for i, c := range cs {
		p.c[len(cs)-1-i] = c
	}
	p.n = uint8(len(cs))
	return p
}

// Len returns the number of cards in p.
func (p Pile[A]) Len() int { return int(p.n) }

// Cap returns the most cards p can hold.
func (p Pile[A]) Cap() int { return len(p.c) }

// At returns the i-th card from the top (At(0) is the top). It panics if i is out of range.
func (p Pile[A]) At(i int) Card {
	if i < 0 || i >= int(p.n) {
		panic(fmt.Sprintf("cards: Pile.At(%d) on a pile of %d", i, p.n))
	}
	return p.c[int(p.n)-1-i]
}

// Top returns the top card, or None and false if p is empty.
func (p Pile[A]) Top() (Card, bool) {
	if p.n == 0 {
		return None, false
	}
	return p.c[p.n-1], true
}

// Draw removes and returns the top card, or None and false if p is empty.
func (p *Pile[A]) Draw() (Card, bool) {
	if p.n == 0 {
		return None, false
	}
	p.n--
	c := p.c[p.n]
	p.c[p.n] = 0
	return c, true
}

// PushTop adds c on top. It panics if p is full.
func (p *Pile[A]) PushTop(c Card) {
	if int(p.n) == len(p.c) {
		panic("cards: PushTop on a full pile")
	}
	p.c[p.n] = c
	p.n++
}

// PushBottom adds c under the bottom card. It panics if p is full.
func (p *Pile[A]) PushBottom(c Card) {
	if int(p.n) == len(p.c) {
		panic("cards: PushBottom on a full pile")
	}
	for i := int(p.n); i > 0; i-- {
		p.c[i] = p.c[i-1]
	}
	p.c[0] = c
	p.n++
}

// All returns the cards of p from the top down.
func (p Pile[A]) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for i := int(p.n) - 1; i >= 0; i-- {
			if !yield(p.c[i]) {
				return
			}
		}
	}
}

// AppendTo appends the cards of p, top first, to dst.
func (p Pile[A]) AppendTo(dst []Card) []Card {
	for i := int(p.n) - 1; i >= 0; i-- {
		dst = append(dst, p.c[i])
	}
	return dst
}

// Multiset returns the cards of p as a multiset of d (their order is lost), and false if p holds
// a card that is no kind of d or more copies of a kind than d does.
func (p Pile[A]) Multiset(d *Deck) (Multiset, bool) {
	var m Multiset
	for i := range int(p.n) {
		var ok bool
		c := p.c[i]
		if m, ok = d.Add(m, c); !ok {
			return 0, false
		}
	}
	return m, true
}

// String lists the cards of p by id from the top down, as in "[7 3 40]"; a game formats it by
// name.
func (p Pile[A]) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for i := int(p.n) - 1; i >= 0; i-- {
		if i < int(p.n)-1 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, int(p.c[i]))
	}
	b.WriteByte(']')
	return b.String()
}
