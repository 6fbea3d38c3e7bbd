package gnav

import (
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/internal/strictjson"
)

// DeckSize is the number of cards in the Gnav pack: two copies of each of 21 ranks (N1).
const DeckSize = 42

// NumRanks is the number of ranks, and Copies the number of cards of each rank (N1).
const (
	NumRanks = 21
	Copies   = 2
)

// Card is a Gnav card, named by its rank: the pack has no suits, and the two copies of a rank are
// identical, so one Card value stands for either. Cards order by value: Narr (0) is the lowest,
// Gjok (20) the highest. The zero Card is the Narr. [NoCard] stands for "no card" or "a card you
// may not see".
//
// A Card is its rank's row in the pack's table, [Deck]: rank numbers make the order of the cards
// a comparison and a set of ranks one 21-bit word, which the showdown, the bots and the sampler
// use. [Card.Kind] gives the card of the deck, for counted multisets and piles.
type Card uint8

// deck is the Gnav pack as data (N1): the 21 ranks from the lowest, two copies each. The
// notation is the rules' name of the rank; the second name, read too, is the same but for the
// Gjøk (Gjok) and the Dragon (Dragoon).
var deck = cards.MustDeck("gnav",
	cards.Kind{Short: "Narr", Name: "Narr", Copies: Copies},
	cards.Kind{Short: "Ugle", Name: "Ugle", Copies: Copies},
	cards.Kind{Short: "Potte", Name: "Potte", Copies: Copies},
	cards.Kind{Short: "0", Name: "0", Copies: Copies},
	cards.Kind{Short: "I", Name: "I", Copies: Copies},
	cards.Kind{Short: "II", Name: "II", Copies: Copies},
	cards.Kind{Short: "III", Name: "III", Copies: Copies},
	cards.Kind{Short: "IV", Name: "IV", Copies: Copies},
	cards.Kind{Short: "V", Name: "V", Copies: Copies},
	cards.Kind{Short: "VI", Name: "VI", Copies: Copies},
	cards.Kind{Short: "VII", Name: "VII", Copies: Copies},
	cards.Kind{Short: "VIII", Name: "VIII", Copies: Copies},
	cards.Kind{Short: "IX", Name: "IX", Copies: Copies},
	cards.Kind{Short: "X", Name: "X", Copies: Copies},
	cards.Kind{Short: "XI", Name: "XI", Copies: Copies},
	cards.Kind{Short: "XII", Name: "XII", Copies: Copies},
	cards.Kind{Short: "Hus", Name: "Hus", Copies: Copies},
	cards.Kind{Short: "Hest", Name: "Hest", Copies: Copies},
	cards.Kind{Short: "Katt", Name: "Katt", Copies: Copies},
	cards.Kind{Short: "Dragon", Name: "Dragoon", Copies: Copies},
	cards.Kind{Short: "Gjøk", Name: "Gjok", Copies: Copies},
)

// Deck returns the Gnav pack as a cards table: its 21 ranks in order, two copies each, with their
// notation ("Narr", "0", "XII", "Gjøk") and the second spelling read for two of them ("Gjok",
// "Dragoon"). Row i of the table is Card(i); [Card.Kind] and [CardOf] convert.
func Deck() *cards.Deck { return deck }

// Kind returns c as a card of [Deck], and cards.None for a value that is not a rank.
func (c Card) Kind() cards.Card {
	if !c.IsValid() {
		return cards.None
	}
	return deck.Kind(int(c))
}

// CardOf returns the rank of k, a card of [Deck], and NoCard for anything else.
func CardOf(k cards.Card) Card {
	if i := deck.Index(k); i >= 0 {
		return Card(i)
	}
	return NoCard
}

// kindOf and rankOf are Card.Kind and CardOf for the hot paths, without checks: the deck numbers
// its kinds in table order, each after the copies of the one before, so rank r is the card
// r*Copies of the deck (TestDeckLayout pins it).
func kindOf(c Card) cards.Card { return cards.Card(c) * Copies }
func rankOf(k cards.Card) Card { return Card(k / Copies) }

// The named ranks (N1), from the lowest: the Narr, Ugle and Potte below the numbered ranks, and
// the five matadors, Hus to Gjøk, above them. The thirteen numbered ranks in between, 0 and I to
// XII, have no constants: [Numbered] returns them.
const (
	Narr  Card = iota // the fool: its holder knocks (N6) and loses at the showdown (N15)
	Ugle              // the owl
	Potte             // the flowerpot
)

// The matadors (N1, N8–N12), above XII.
const (
	Hus    Card = iota + numbered0 + 13 // the house: refuses, and the request passes on (N9)
	Hest                                // the horse: refuses, and the request passes on (N9)
	Katt                                // the cat: refuses; the asker loses a life and the exchanges are undone (N12)
	Dragon                              // the dragoon: refuses; the asker loses a life (N11)
	Gjok                                // the cuckoo: refuses and ends the exchanges (N10)
)

// numbered0 is the rank 0, the lowest numbered rank.
const numbered0 = Potte + 1

// Numbered returns the numbered rank n: 0 for n = 0, then I to XII for 1 to 12; NoCard for any
// other n.
func Numbered(n int) Card {
	if n < 0 || n > 12 {
		return NoCard
	}
	return numbered0 + Card(n)
}

// NoCard is the Card value for "no card" (a seat out of the deal) or "hidden".
const NoCard Card = 0xFF

// IsValid reports whether c is one of the 21 ranks.
func (c Card) IsValid() bool { return c < NumRanks }

// IsMatador reports whether c is one of the five matadors, Hus to Gjok, which refuse an exchange
// (N1, N8–N12). Every other card must accept one.
func (c Card) IsMatador() bool { return c >= Hus && c < NumRanks }

// String returns the card's name as the rules write it ("Narr", "0", "XII", "Gjøk"), "?" for
// NoCard, or "Card(30)" for any other value.
func (c Card) String() string {
	switch {
	case c.IsValid():
		return deck.Short(deck.Kind(int(c)))
	case c == NoCard:
		return "?"
	}
	return fmt.Sprintf("Card(%d)", int(c))
}

// ParseCard reads a card's name, as [Card.String] writes it, from the table of [Deck]. Case does
// not matter, and "Gjok" and "Dragoon" are read for Gjøk and Dragon. Its errors wrap
// [norns.ErrBadNotation] and quote at most a short prefix of s.
func ParseCard(s string) (Card, error) {
	if k, err := deck.Parse(s); err == nil {
		return CardOf(k), nil
	}
	return NoCard, fmt.Errorf("gnav: %w: unknown card %s (want Narr, Ugle, Potte, 0, I … XII, Hus, Hest, Katt, Dragon or Gjøk)", norns.ErrBadNotation, strictjson.Quote(s))
}
