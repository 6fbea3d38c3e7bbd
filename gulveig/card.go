package gulveig

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/internal/strictjson"
)

// Clan is one of the four clans (suits) of the deck (G1), or [NoClan].
type Clan int8

// The clans, in table order, and NoClan for "no clan" (no supremacy yet, no card led).
const (
	NoClan  Clan = -1
	Aesir   Clan = 0
	Vanir   Clan = 1
	Muspeli Clan = 2
	Rime    Clan = 3
)

// NumClans is the number of clans.
const NumClans = 4

var clanNames = [NumClans]string{"Aesir", "Vanir", "Muspeli", "Rime"}

// IsValid reports whether c is one of the four clans.
func (c Clan) IsValid() bool { return c >= 0 && c < NumClans }

// String returns the clan's name ("Aesir"), "no clan" for NoClan, or "Clan(9)" out of range.
func (c Clan) String() string {
	switch {
	case c.IsValid():
		return clanNames[c]
	case c == NoClan:
		return "no clan"
	}
	return fmt.Sprintf("Clan(%d)", int(c))
}

// Card is a Gulveig card: one of the 24 cards of G2 or one of the four alternates of G3. Its value
// is its row in the deck table (0–27), which is also its [cards.Card] in the shared deck
// machinery, since each kind has one copy. [NoCard] stands for "no card" or a card the viewer
// may not see. The zero Card is Odin.
type Card uint8

// The cards, in table order: six per clan (worth 11, 10, 4, 3, 2, 0), then the alternates.
const (
	Odin Card = iota
	Tyr
	Thor
	Sif
	Baldur
	Idun
	Frey
	Njord
	Aegir
	Ran
	Nanna
	Freya
	Surt
	Logi
	Loki
	Spear
	Farbauti
	Thiassi
	Ymir
	Hrungnir
	Gymir
	Aurboda
	Thrym
	Laufey
	NannaAlt   // the alternate Nanna (G3): combo with Baldur
	LaufeyAlt  // the alternate Laufey (G3): combo with Farbauti
	ThiassiAlt // the alternate Thiassi (G3): combo with Idun
	FreyaAlt   // the alternate Freya (G3): combo with Thrym
	NumKinds   // the number of kinds of card: 24 and 4 alternates

	NoCard Card = 0xFF
)

// cardInfo is one row of the deck table.
type cardInfo struct {
	name, short string
	clan        Clan
	worth       int8 // points (G1)
	strength    int8 // strength in tricks (G1)
	alt         Card // for an alternate, the card it replaces; NoCard otherwise
}

// table is the deck as data (G1–G3): the one place that names the cards and gives their clans,
// worths and strengths. A corrected card list is a change to this table (and the combos below).
var table = [NumKinds]cardInfo{
	{"Odin", "Odin", Aesir, 11, 7, NoCard},
	{"Tyr", "Tyr", Aesir, 10, 6, NoCard},
	{"Thor", "Thor", Aesir, 4, 5, NoCard},
	{"Sif", "Sif", Aesir, 3, 4, NoCard},
	{"Baldur", "Baldur", Aesir, 2, 3, NoCard},
	{"Idun", "Idun", Aesir, 0, 2, NoCard},
	{"Frey", "Frey", Vanir, 11, 7, NoCard},
	{"Njord", "Njord", Vanir, 10, 6, NoCard},
	{"Aegir", "Aegir", Vanir, 4, 5, NoCard},
	{"Ran", "Ran", Vanir, 3, 4, NoCard},
	{"Nanna", "Nanna", Vanir, 2, 3, NoCard},
	{"Freya", "Freya", Vanir, 0, 2, NoCard},
	{"Surt", "Surt", Muspeli, 11, 7, NoCard},
	{"Logi", "Logi", Muspeli, 10, 6, NoCard},
	{"Loki", "Loki", Muspeli, 4, 5, NoCard},
	{"Spear", "Spear", Muspeli, 3, 4, NoCard},
	{"Farbauti", "Farbauti", Muspeli, 2, 3, NoCard},
	{"Thiassi", "Thiassi", Muspeli, 0, 2, NoCard},
	{"Ymir", "Ymir", Rime, 11, 7, NoCard},
	{"Hrungnir", "Hrungnir", Rime, 10, 6, NoCard},
	{"Gymir", "Gymir", Rime, 4, 5, NoCard},
	{"Aurboda", "Aurboda", Rime, 3, 4, NoCard},
	{"Thrym", "Thrym", Rime, 2, 3, NoCard},
	{"Laufey", "Laufey", Rime, 0, 2, NoCard},
	{"alternate Nanna", "Nanna*", Vanir, 2, 3, Nanna},
	{"alternate Laufey", "Laufey*", Rime, 0, 2, Laufey},
	{"alternate Thiassi", "Thiassi*", Muspeli, 0, 2, Thiassi},
	{"alternate Freya", "Freya*", Vanir, 0, 2, Freya},
}

// comboInfo is one combo: two cards and the points for showing them (G2, G3).
type comboInfo struct {
	a, b  Card
	value int
}

// combos lists every combo of the deck: the four in-clan combos (G2) and the four cross-clan
// combos of the alternates (G3). Each card belongs to at most one combo.
var combos = [...]comboInfo{
	{Thor, Sif, 100},
	{Aegir, Ran, 80},
	{Loki, Spear, 60},
	{Gymir, Aurboda, 40},
	{NannaAlt, Baldur, 120},
	{LaufeyAlt, Farbauti, 120},
	{ThiassiAlt, Idun, 120},
	{FreyaAlt, Thrym, 120},
}

// deck is the Gulveig deck in the shared card machinery: 28 kinds of one copy each.
var deck = func() *cards.Deck {
	kinds := make([]cards.Kind, NumKinds)
	for i, ci := range table {
		kinds[i] = cards.Kind{Name: ci.name, Short: ci.short, Copies: 1}
	}
	return cards.MustDeck("gulveig", kinds...)
}()

// comboOf[c] is the index of the combo c belongs to, or -1.
var comboOf = func() (t [NumKinds]int8) {
	for i := range t {
		t[i] = -1
	}
	for i, co := range combos {
		t[co.a], t[co.b] = int8(i), int8(i)
	}
	return t
}()

// clanMask[k] is the set of every card of clan k (alternates included).
var clanMask = func() (t [NumClans]Cards) {
	for c, ci := range table {
		t[ci.clan] |= 1 << c
	}
	return t
}()

// Deck returns the shared deck of Gulveig's 28 kinds of card (24 and the four alternates), for
// formatting and parsing card sets with the cards package.
func Deck() *cards.Deck { return deck }

// IsValid reports whether c is one of the 28 kinds.
func (c Card) IsValid() bool { return c < NumKinds }

// Clan returns c's clan, or NoClan for a value that is not a card.
func (c Card) Clan() Clan { return clanOf[c] }

// clanOf[c] is card c's clan, NoClan for every byte that is not a card: a table of all 256 so
// that Clan, which tricks and legal moves ask at every card, needs no range check.
var clanOf = func() (t [256]Clan) {
	for i := range t {
		t[i] = NoClan
	}
	for c, ci := range table {
		t[c] = ci.clan
	}
	return t
}()

// Worth returns c's printed worth in points (G1); roles may change it for one hand (G21, see
// [State.Worth]).
func (c Card) Worth() int {
	if c < NumKinds {
		return int(table[c].worth)
	}
	return 0
}

// Strength returns c's printed strength (G1); roles may change it for one hand (G21).
func (c Card) Strength() int {
	if c < NumKinds {
		return int(table[c].strength)
	}
	return 0
}

// IsAlternate reports whether c is one of the four alternate cards (G3).
func (c Card) IsAlternate() bool { return c < NumKinds && table[c].alt != NoCard }

// Partner returns the other card of c's combo, and false when c belongs to none.
func (c Card) Partner() (Card, bool) {
	if c >= NumKinds || comboOf[c] < 0 {
		return NoCard, false
	}
	co := combos[comboOf[c]]
	if co.a == c {
		return co.b, true
	}
	return co.a, true
}

// ComboValue returns the points of the combo c belongs to, and 0 when it belongs to none.
func (c Card) ComboValue() int {
	if c >= NumKinds || comboOf[c] < 0 {
		return 0
	}
	return combos[comboOf[c]].value
}

// String returns c's notation: "Odin", "Nanna*" for an alternate, "-" for NoCard, "Card(40)"
// for other values.
func (c Card) String() string {
	switch {
	case c < NumKinds:
		return table[c].short
	case c == NoCard:
		return "-"
	}
	return fmt.Sprintf("Card(%d)", int(c))
}

// Name returns c in words: "Odin", "alternate Nanna".
func (c Card) Name() string {
	if c < NumKinds {
		return table[c].name
	}
	return c.String()
}

// ParseCard reads a card's notation or name, case-insensitively ("odin", "Nanna*", "alternate
// nanna"). Errors wrap norns.ErrBadNotation.
func ParseCard(s string) (Card, error) {
	c, err := deck.Parse(strings.TrimSpace(s))
	if err != nil {
		return NoCard, badNotation("unknown card %s", strictjson.Quote(s))
	}
	return Card(c), nil
}

// Cards is a set of Gulveig cards: a [cards.Multiset] of the shared deck in which each kind has
// one copy, so bit c stands for card c. The zero Cards is empty; == compares sets.
type Cards cards.Multiset

// CardsOf returns the set of cs. It panics on a value that is not a card.
func CardsOf(cs ...Card) Cards {
	var s Cards
	for _, c := range cs {
		s = s.With(c)
	}
	return s
}

// Has reports whether c is in s.
func (s Cards) Has(c Card) bool { return c < NumKinds && s&(1<<c) != 0 }

// With returns s with c added. It panics if c is not a card.
func (s Cards) With(c Card) Cards {
	if c >= NumKinds {
		panic(fmt.Sprintf("gulveig: %v is not a card", c))
	}
	return s | 1<<c
}

// Without returns s with c removed.
func (s Cards) Without(c Card) Cards {
	if c >= NumKinds {
		return s
	}
	return s &^ (1 << c)
}

// Len returns the number of cards in s.
func (s Cards) Len() int { return bits.OnesCount64(uint64(s)) }

// IsEmpty reports whether s is empty.
func (s Cards) IsEmpty() bool { return s == 0 }

// Plus returns the cards in s or t: the multiset sum, each kind having one copy.
func (s Cards) Plus(t Cards) Cards { return s | t }

// Count returns how many copies of c are in s: 1 or 0, each kind having one copy (0 for a card
// that is not one of the deck's).
func (s Cards) Count(c Card) int {
	if s.Has(c) {
		return 1
	}
	return 0
}

// Intersect returns the cards in both s and t.
func (s Cards) Intersect(t Cards) Cards { return s & t }

// Minus returns the cards of s not in t.
func (s Cards) Minus(t Cards) Cards { return s &^ t }

// Contains reports whether every card of t is in s.
func (s Cards) Contains(t Cards) bool { return t&^s == 0 }

// OfClan returns the cards of s of clan k.
func (s Cards) OfClan(k Clan) Cards {
	if !k.IsValid() {
		return 0
	}
	return s & clanMask[k]
}

// All returns the cards of s in table order.
func (s Cards) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for x := uint64(s); x != 0; x &= x - 1 {
			if !yield(Card(bits.TrailingZeros64(x))) {
				return
			}
		}
	}
}

// Nth returns the i-th card of s in table order. It panics if i is out of range.
func (s Cards) Nth(i int) Card {
	if i < 0 || i >= s.Len() {
		panic(fmt.Sprintf("gulveig: Nth(%d) of %d cards", i, s.Len()))
	}
	x := uint64(s)
	for range i {
		x &= x - 1
	}
	return Card(bits.TrailingZeros64(x))
}

// String lists the cards in table order, separated by spaces ("Odin Thor Nanna*"), or "-" when s
// is empty.
func (s Cards) String() string {
	if s == 0 {
		return "-"
	}
	var b strings.Builder
	for c := range s.All() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// Multiset returns s as a multiset of the shared deck ([Deck]).
func (s Cards) Multiset() cards.Multiset { return cards.Multiset(s) }

// allKinds is the set of the 28 kinds.
const allKinds = Cards(1)<<NumKinds - 1

// lowest returns the lowest card of a non-empty set.
func lowest(s Cards) Card { return Card(bits.TrailingZeros64(uint64(s))) }
