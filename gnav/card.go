package gnav

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
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
type Card uint8

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

var cardNames = [NumRanks]string{"Narr", "Ugle", "Potte", "0", "I", "II", "III", "IV", "V", "VI",
	"VII", "VIII", "IX", "X", "XI", "XII", "Hus", "Hest", "Katt", "Dragon", "Gjøk"}

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
		return cardNames[c]
	case c == NoCard:
		return "?"
	}
	return fmt.Sprintf("Card(%d)", int(c))
}

// ParseCard reads a card's name, as [Card.String] writes it. Case does not matter, and "Gjok" and
// "Dragoon" are accepted for Gjøk and Dragon. Its errors wrap [norns.ErrBadNotation] and quote at
// most a short prefix of s.
func ParseCard(s string) (Card, error) {
	for c, name := range cardNames {
		if strings.EqualFold(s, name) {
			return Card(c), nil
		}
	}
	switch {
	case strings.EqualFold(s, "gjok"):
		return Gjok, nil
	case strings.EqualFold(s, "dragoon"):
		return Dragon, nil
	}
	return NoCard, fmt.Errorf("gnav: %w: unknown card %s (want Narr, Ugle, Potte, 0, I … XII, Hus, Hest, Katt, Dragon or Gjøk)", norns.ErrBadNotation, strictjson.Quote(s))
}
