package herrlof

import (
	"fmt"
	"iter"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
)

// DeckSize is the number of cards in the Herrlof deck (H1).
const DeckSize = 42

// Suit is one of the four suits, or [NoSuit] for the unsuited Valknut and Hagalaz. The suits have
// no names in the game (H1); norns calls them by four neutral colours. No rule depends on which
// suit is which.
type Suit int8

// The suits, and NoSuit for unsuited cards and for "no trump".
const (
	NoSuit Suit = -1
	Red    Suit = 0
	Green  Suit = 1
	Blue   Suit = 2
	Yellow Suit = 3
)

// NumSuits is the number of suits.
const NumSuits = 4

var suitNames = [NumSuits]string{"red", "green", "blue", "yellow"}

const suitLetters = "RGBY"

// IsValid reports whether s is one of the four suits (NoSuit is not).
func (s Suit) IsValid() bool { return s >= 0 && s < NumSuits }

// String returns the suit's colour name ("red"), "no suit" for NoSuit, or "Suit(9)" out of range.
func (s Suit) String() string {
	switch {
	case s.IsValid():
		return suitNames[s]
	case s == NoSuit:
		return "no suit"
	}
	return fmt.Sprintf("Suit(%d)", int(s))
}

// Letter returns the suit's letter in notation: 'R', 'G', 'B' or 'Y', and '?' for anything else.
func (s Suit) Letter() byte {
	if s.IsValid() {
		return suitLetters[s]
	}
	return '?'
}

// Card is a kind of Herrlof card: a suited card (suit and rank 1–9) or one of the unsuited
// [Valknut] and [Hagalaz]. The three Valknuts are one Card value, and so are the three Hagalaz:
// copies are indistinguishable, so nothing in a State or View can tell them apart.
//
// The ids are suit*9 + rank-1 (0–35) for suited cards, 36 for Valknut and 39 for Hagalaz (the ids
// between are the places of the other copies in a [Cards] multiset). The zero Card is the red 1.
// [NoCard] stands for "no card" or "a card you may not see".
type Card uint8

// The unsuited cards, and NoCard.
const (
	Valknut Card = 36
	Hagalaz Card = 39
	NoCard  Card = 0xFF
)

// NewCard returns the card of suit s and rank 1–9. It panics if either is out of range.
func NewCard(s Suit, rank int) Card {
	if !s.IsValid() || rank < 1 || rank > 9 {
		panic(fmt.Sprintf("herrlof: NewCard(%v, %d)", s, rank))
	}
	return Card(int(s)*9 + rank - 1)
}

// IsValid reports whether c is a card of the deck.
func (c Card) IsValid() bool { return c < 36 || c == Valknut || c == Hagalaz }

// IsSuited reports whether c is a suited card (not a Valknut or Hagalaz).
func (c Card) IsSuited() bool { return c < 36 }

// Suit returns c's suit, or NoSuit for a Valknut, a Hagalaz or an invalid card.
func (c Card) Suit() Suit {
	if c < 36 {
		return Suit(c / 9)
	}
	return NoSuit
}

// Rank returns c's rank 1–9, or 0 for a Valknut, a Hagalaz or an invalid card.
func (c Card) Rank() int {
	if c < 36 {
		return int(c%9) + 1
	}
	return 0
}

// String returns c's notation: "R7", "G1", "V", "H"; "-" for NoCard, "Card(40)" for other values.
func (c Card) String() string {
	if c == NoCard {
		return "-"
	}
	return deck.Short(cards.Card(c))
}

// Name returns c in words: "red 7", "Valknut", "Hagalaz".
func (c Card) Name() string {
	if !c.IsValid() {
		return c.String()
	}
	return deck.Name(cards.Card(c))
}

// ParseCard reads a card in notation ("R7", "g1", "V", "h"), case-insensitively. Its error
// wraps [norns.ErrBadNotation] and quotes at most the first 32 bytes of s.
func ParseCard(s string) (Card, error) {
	if c, ok := parseCard(s); ok {
		return c, nil
	}
	return NoCard, fmt.Errorf("herrlof: %w: bad card %s (want R1–R9, G1–G9, B1–B9, Y1–Y9, V or H)", norns.ErrBadNotation, quote(s))
}

// parseCard reads a card's notation, case-insensitively (the deck also knows the cards by name,
// but the notation of moves is the short form only).
func parseCard(s string) (Card, bool) {
	if len(s) == 0 || len(s) > 2 {
		return NoCard, false
	}
	c, err := deck.Parse(s)
	if err != nil || len(deck.Short(c)) != len(s) {
		return NoCard, false
	}
	return Card(c), true
}

// deck is the Herrlof deck (H1) as a table: the 36 suited cards by suit and rank, then the
// Valknut and the Hagalaz with three copies each. Its order gives the Card ids (suit*9 + rank-1,
// then 36 and 39), and the table gives every card's name, notation and copies.
var deck = func() *cards.Deck {
	var kinds []cards.Kind
	for s := range Suit(NumSuits) {
		for rank := 1; rank <= 9; rank++ {
			kinds = append(kinds, cards.Kind{Name: fmt.Sprintf("%s %d", s, rank), Short: fmt.Sprintf("%c%d", s.Letter(), rank), Copies: 1})
		}
	}
	kinds = append(kinds, cards.Kind{Name: "Valknut", Short: "V", Copies: 3}, cards.Kind{Name: "Hagalaz", Short: "H", Copies: 3})
	return cards.MustDeck("herrlof", kinds...)
}()

// Cards is a multiset of Herrlof cards, as held in a hand or played in a hand: each suited card at
// most once, and up to three Valknuts and three Hagalaz. It is a [cards.Multiset] of the Herrlof
// deck, one 64-bit value: bit i (i < 36) is the suited card i; the copies of the Valknut fill
// bits 36, 37, 38 from the lowest and those of the Hagalaz bits 39, 40, 41, so a multiset has
// exactly one representation and == compares multisets. The zero Cards is empty.
type Cards cards.Multiset

// The layout of the deck table in a Cards (TestDeckLayout checks them against the table).
const (
	suitedBits  Cards = 1<<36 - 1
	valknutBits Cards = 7 << 36
	hagalazBits Cards = 7 << 39
	kindBits    Cards = suitedBits | 1<<36 | 1<<39 // one bit per kind present
	deckBits    Cards = 1<<DeckSize - 1
)

// suitBits[s] is the set of the nine cards of suit s.
var suitBits = [NumSuits]Cards{0x1FF, 0x1FF << 9, 0x1FF << 18, 0x1FF << 27}

// Deck returns the Herrlof deck (H1) as a cards table: the 36 suited cards by suit and rank (R1 …
// Y9), then the Valknut and the Hagalaz with three copies each, with their names and notation. A
// Card is the deck's card of the same value (cards.Card(c)), and a Cards is a cards.Multiset of
// it.
func Deck() *cards.Deck { return deck }

// FullDeck returns the whole deck: 36 suited cards, three Valknuts and three Hagalaz.
func FullDeck() Cards { return Cards(deck.Full()) }

// CardsOf returns the multiset holding cs. It panics if a card is invalid or if there are more
// copies than the deck holds.
func CardsOf(cs ...Card) Cards {
	var h Cards
	for _, c := range cs {
		h = h.With(c)
	}
	return h
}

// Has reports whether h holds at least one c; false for a value that is no card. (It is
// [cards.Deck.Has] with the deck's first copy bits as a constant, for the hot paths.)
func (h Cards) Has(c Card) bool { return c < 64 && h&kindBits&(1<<c) != 0 }

// Count returns how many copies of c h holds.
func (h Cards) Count(c Card) int { return deck.Count(cards.Multiset(h), cards.Card(c)) }

// Len returns the number of cards in h, copies included.
func (h Cards) Len() int { return cards.Multiset(h).Len() }

// IsEmpty reports whether h holds no card.
func (h Cards) IsEmpty() bool { return h == 0 }

// With returns h with one more c. It panics if c is invalid or h already holds every copy of c.
func (h Cards) With(c Card) Cards {
	if !c.IsValid() {
		panic(fmt.Sprintf("herrlof: Cards.With(%v): invalid card", c))
	}
	b := h.addBit(c)
	if b == 0 {
		panic(fmt.Sprintf("herrlof: Cards.With(%v): already holds every copy", c))
	}
	return h | b
}

// addBit returns the bit to set to add c to h, or 0 if h holds every copy already (or c is no
// card).
func (h Cards) addBit(c Card) Cards {
	m, ok := deck.Add(cards.Multiset(h), cards.Card(c))
	if !ok {
		return 0
	}
	return Cards(m) &^ h
}

// add is With for cards known to be valid and not all held. A suited card is one bit (it has one
// copy), which the hot paths of Apply and Sample set directly.
func (h Cards) add(c Card) Cards {
	if c < 36 {
		return h | 1<<c
	}
	return h | h.addBit(c)
}

// Without returns h with one copy of c removed; h itself if it holds no c.
func (h Cards) Without(c Card) Cards {
	if c < 36 { // one copy: one bit
		return h &^ (1 << c)
	}
	return Cards(deck.Without(cards.Multiset(h), cards.Card(c)))
}

// Plus returns the multiset sum of h and g: the copies of both. It panics if the sum holds more
// copies of a card than the deck does.
func (h Cards) Plus(g Cards) Cards {
	s, ok := h.plus(g)
	if !ok {
		panic("herrlof: Cards.Plus: more copies than the deck holds")
	}
	return s
}

// plus returns h+g and whether it fits the deck.
func (h Cards) plus(g Cards) (Cards, bool) {
	s, ok := deck.Sum(cards.Multiset(h), cards.Multiset(g))
	return Cards(s), ok
}

// Minus returns the cards of h that are not matched by a copy in g (multiset difference).
func (h Cards) Minus(g Cards) Cards { return Cards(deck.Diff(cards.Multiset(h), cards.Multiset(g))) }

// Intersect returns the cards in both h and g: of each card, as many copies as the one of the
// two with fewer holds (the multiset intersection).
func (h Cards) Intersect(g Cards) Cards { return h.Minus(h.Minus(g)) }

// Contains reports whether every copy in g is also in h (g is a sub-multiset of h).
func (h Cards) Contains(g Cards) bool { return cards.Multiset(h).Contains(cards.Multiset(g)) }

// Suited returns the suited cards of h.
func (h Cards) Suited() Cards { return h & suitedBits }

// OfSuit returns the cards of h of suit s; none for NoSuit.
func (h Cards) OfSuit(s Suit) Cards {
	if !s.IsValid() {
		return 0
	}
	return h & suitBits[s]
}

// All returns the cards of h in ascending id order, each copy once (a hand with two Valknuts
// yields V twice).
func (h Cards) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for c := range deck.All(cards.Multiset(h)) {
			if !yield(Card(c)) {
				return
			}
		}
	}
}

// Kinds returns the distinct cards of h in ascending id order (two Valknuts yield V once).
func (h Cards) Kinds() iter.Seq[Card] { return Cards(deck.Distinct(cards.Multiset(h))).All() }

// nth returns the i-th card of h in ascending bit order, copies counted; i < h.Len().
func (h Cards) nth(i int) Card { return Card(deck.Nth(cards.Multiset(h), i)) }

// bitCard maps a bit position of a Cards to its card.
func bitCard(b int) Card { return bitCards[b] }

// bitCards[b] is the card whose copies include bit b of a Cards.
var bitCards = func() (t [DeckSize]Card) {
	i := 0
	for c := range deck.All(deck.Full()) {
		t[i] = Card(c)
		i++
	}
	return t
}()

// String lists the cards of h in notation, as in "R1 R7 G3 V V H"; "-" when empty.
func (h Cards) String() string { return deck.Format(cards.Multiset(h)) }

// isCanonical reports whether h is a valid multiset of the deck: no bit above the deck, and the
// copies of each unsuited card filling their bits from the lowest.
//
// It is deck.Valid written out for this deck: the copies of V (bits 36-38) and of H (39-41)
// are canonical when each group, read as a number, is 0, 1, 3 or 7 (k&(k+1) == 0).
// TestDeckLayout checks the two agree.
func (h Cards) isCanonical() bool {
	v, x := h>>36&7, h>>39&7
	return h&^deckBits == 0 && v&(v+1) == 0 && x&(x+1) == 0
}
