// Package cards holds the card machinery every card game in norns shares: card ids, sets of
// cards as 64-bit bitsets, and ordered piles of fixed capacity.
//
// Cards are small integers whose meaning each game defines (a Herrlof card is not a Gnav card).
// A [Set] holds any subset of the ids 0–63 in one machine word; a [Pile] holds an ordered
// sequence of up to [PileCap] cards, drawn from the top and added to either end. Both are
// comparable values with no pointers inside: copying one is a snapshot, == compares contents,
// and neither allocates.
package cards

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"

	"github.com/nornsgames/norns/rng"
)

// Card identifies a card within one game's deck, from 0 to [MaxCard]. Its meaning is the game's.
type Card uint8

// MaxCard is the highest card id a [Set] can hold.
const MaxCard Card = 63

// None is a Card value that stands for "no card" in fixed-size fields. It is not a valid id.
const None Card = 0xFF

// IsValid reports whether c is a card id a Set can hold (0 to MaxCard).
func (c Card) IsValid() bool { return c <= MaxCard }

// Set is a set of cards as a bitset: bit i is set when card i is in the set. The zero Set is
// empty; == compares sets.
type Set uint64

// SetOf returns the set holding exactly cs. It panics if a card is not valid.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s = s.With(c)
	}
	return s
}

// Range returns the set of the cards lo, lo+1, …, hi-1. Ids above MaxCard are left out.
func Range(lo, hi Card) Set {
	hi = min(hi, MaxCard+1)
	if hi <= lo {
		return 0
	}
	if hi-lo == 64 {
		return ^Set(0)
	}
	return Set((uint64(1)<<(hi-lo) - 1) << lo)
}

// Has reports whether c is in s. It reports false for an invalid card.
func (s Set) Has(c Card) bool { return c <= MaxCard && s&(1<<c) != 0 }

// With returns s with c added. It panics if c is not valid.
func (s Set) With(c Card) Set {
	if c > MaxCard {
		panic(fmt.Sprintf("cards: invalid card %d", c))
	}
	return s | 1<<c
}

// Without returns s with c removed. Removing an absent or invalid card returns s.
func (s Set) Without(c Card) Set {
	if c > MaxCard {
		return s
	}
	return s &^ (1 << c)
}

// Len returns the number of cards in s.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// IsEmpty reports whether s holds no card.
func (s Set) IsEmpty() bool { return s == 0 }

// Union returns the cards in s or t.
func (s Set) Union(t Set) Set { return s | t }

// Intersect returns the cards in both s and t.
func (s Set) Intersect(t Set) Set { return s & t }

// Minus returns the cards in s and not in t.
func (s Set) Minus(t Set) Set { return s &^ t }

// Lowest returns the lowest card id in s, or None and false if s is empty.
func (s Set) Lowest() (Card, bool) {
	if s == 0 {
		return None, false
	}
	return Card(bits.TrailingZeros64(uint64(s))), true
}

// Highest returns the highest card id in s, or None and false if s is empty.
func (s Set) Highest() (Card, bool) {
	if s == 0 {
		return None, false
	}
	return Card(63 - bits.LeadingZeros64(uint64(s))), true
}

// Nth returns the card of rank i in s in ascending id order (Nth(0) is the lowest). It panics if
// i is out of range [0, s.Len()).
func (s Set) Nth(i int) Card {
	if i < 0 || i >= s.Len() {
		panic(fmt.Sprintf("cards: Nth(%d) of a set of %d cards", i, s.Len()))
	}
	for ; i > 0; i-- {
		s &= s - 1
	}
	return Card(bits.TrailingZeros64(uint64(s)))
}

// Random returns a card of s drawn uniformly with r. It panics if s is empty.
func (s Set) Random(r *rng.Rand) Card {
	return s.Nth(r.IntN(s.Len()))
}

// All returns the cards of s in ascending id order.
func (s Set) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for x := uint64(s); x != 0; x &= x - 1 {
			if !yield(Card(bits.TrailingZeros64(x))) {
				return
			}
		}
	}
}

// AppendTo appends the cards of s to dst in ascending id order.
func (s Set) AppendTo(dst []Card) []Card {
	for x := uint64(s); x != 0; x &= x - 1 {
		dst = append(dst, Card(bits.TrailingZeros64(x)))
	}
	return dst
}

// String lists the card ids of s, as in "{1 5 40}".
func (s Set) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for c := range s.All() {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, int(c))
	}
	b.WriteByte('}')
	return b.String()
}

// PileCap is the capacity of a [Pile]: as many cards as a [Set] can name.
const PileCap = 64

// Pile is an ordered sequence of at most [PileCap] cards, such as a stock or a deck. Position 0
// is the top. The zero Pile is empty; == compares the sequences (slots beyond the length are kept
// zero, so equal sequences are equal values).
//
// Drawing from the top and adding on top cost O(1); adding at the bottom moves the cards.
type Pile struct {
	c [PileCap]Card // c[0] is the bottom card, c[n-1] the top; c[n:] are zero
	n uint8
}

// PileOf returns a pile holding cs, cs[0] on top. It panics if there are more than PileCap.
func PileOf(cs ...Card) Pile {
	if len(cs) > PileCap {
		panic("cards: PileOf with more than PileCap cards")
	}
	var p Pile
	for i := len(cs) - 1; i >= 0; i-- {
		p.PushTop(cs[i])
	}
	return p
}

// Len returns the number of cards in p.
func (p Pile) Len() int { return int(p.n) }

// At returns the i-th card from the top (At(0) is the top). It panics if i is out of range.
func (p Pile) At(i int) Card {
	if i < 0 || i >= int(p.n) {
		panic(fmt.Sprintf("cards: Pile.At(%d) on a pile of %d", i, p.n))
	}
	return p.c[int(p.n)-1-i]
}

// Top returns the top card, or None and false if p is empty.
func (p Pile) Top() (Card, bool) {
	if p.n == 0 {
		return None, false
	}
	return p.c[p.n-1], true
}

// Draw removes and returns the top card, or None and false if p is empty.
func (p *Pile) Draw() (Card, bool) {
	if p.n == 0 {
		return None, false
	}
	p.n--
	c := p.c[p.n]
	p.c[p.n] = 0
	return c, true
}

// PushTop adds c on top. It panics if p is full.
func (p *Pile) PushTop(c Card) {
	if p.n == PileCap {
		panic("cards: PushTop on a full pile")
	}
	p.c[p.n] = c
	p.n++
}

// PushBottom adds c under the last card. It panics if p is full.
func (p *Pile) PushBottom(c Card) {
	if p.n == PileCap {
		panic("cards: PushBottom on a full pile")
	}
	copy(p.c[1:p.n+1], p.c[:p.n])
	p.c[0] = c
	p.n++
}

// Set returns the cards of p as a set (their order is lost). Cards beyond MaxCard are skipped.
func (p Pile) Set() Set {
	var s Set
	for _, c := range p.c[:p.n] {
		if c <= MaxCard {
			s |= 1 << c
		}
	}
	return s
}

// All returns the cards of p from the top down.
func (p Pile) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for i := int(p.n) - 1; i >= 0; i-- {
			if !yield(p.c[i]) {
				return
			}
		}
	}
}

// AppendTo appends the cards of p, top first, to dst.
func (p Pile) AppendTo(dst []Card) []Card {
	for i := int(p.n) - 1; i >= 0; i-- {
		dst = append(dst, p.c[i])
	}
	return dst
}

// Shuffle permutes p's cards uniformly with r.
// It draws exactly as [rng.ShuffleSlice] over the cards from the bottom up.
func (p *Pile) Shuffle(r *rng.Rand) {
	for i := int(p.n) - 1; i > 0; i-- {
		j := r.Uint64N(uint64(i + 1))
		p.c[i], p.c[j] = p.c[j], p.c[i]
	}
}

// String lists the card ids of p from the top down, as in "[7 3 40]".
func (p Pile) String() string {
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

// Shuffled returns the deck 0, 1, …, n-1 shuffled with r, as a pile. It panics if n > PileCap.
func Shuffled(n int, r *rng.Rand) Pile {
	if n < 0 || n > PileCap {
		panic(fmt.Sprintf("cards: Shuffled(%d)", n))
	}
	var p Pile
	for i := range n {
		p.c[i] = Card(i)
	}
	p.n = uint8(n)
	p.Shuffle(r)
	return p
}
