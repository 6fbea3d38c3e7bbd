// Package cards is the deck machinery every game in norns shares: a game's deck as a table of
// kinds with copies ([Deck]), counted multisets of cards in one machine word ([Multiset]), and
// ordered piles of fixed capacity ([Pile]).
//
// # Kinds and copies
//
// A [Card] names a kind of card (or tile) of one game's deck, never a physical copy: Herrlof's
// three Valknuts are one Card, Gnav's two Hus are one Card, Voluspa's nine Skadi tiles are one
// Card. States that differ only in which copy is where therefore cannot exist, so ==, views and
// samples are never fooled by copies.
//
// # Which game uses what
//
//   - Herrlof: a Deck of 38 kinds (36 suited cards, 3 Valknuts, 3 Hagalaz; 42 cards); hands,
//     tricks won and the cards played are Multisets; the stock is a Pile.
//   - Gnav: a Deck of 21 ranks × 2 copies (42 cards); the stock is a Pile.
//   - Gulveig: a Deck of 28 kinds of one copy (24 cards and 4 alternates, of which a match uses
//     24); hands, the treasure and winnings piles are Multisets.
//   - Voluspa: a Deck of 8 tile kinds (60 tiles); hands and the draw supply are Multisets.
//
// Every value here is a small comparable value with no pointers inside (a [Deck] is used through
// a pointer to its immutable table): copying one is a snapshot, == compares contents, and no
// operation on a Multiset or a Pile allocates.
package cards

import (
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// Card is a kind of card or tile in one game's [Deck]. Its value is the index of the first bit
// its copies occupy in a [Multiset]: the deck numbers its kinds in table order, the first kind
// 0 and each next kind after the copies of the one before (Herrlof's suited cards are 0–35, its
// Valknut 36 and its Hagalaz 39). That makes [Deck.Has] one bit test. A Card means nothing
// without its deck; games wrap it in their own types.
type Card uint8

// None is a Card value that stands for "no card" in fixed-size fields. It is no deck's kind.
const None Card = 0xFF

// MaxCards is the largest deck: a Multiset has one bit per card.
const MaxCards = 64

// ErrUnknown is wrapped by the errors of [Deck.Parse] and [Deck.ParseMultiset].
var ErrUnknown = errors.New("unknown card")

// Kind is one row of a deck table: a kind of card, its names and how many copies the deck holds.
type Kind struct {
	Name   string // the name in words: "Valknut", "red 7", "Odin"
	Short  string // the notation, unique in the deck case-insensitively: "V", "R7", "Odin"
	Copies int    // how many copies the deck holds, at least 1
}

// Deck is a game's deck as data: its kinds in table order, with names, notation and copies.
// It is built once, usually as a package variable with [MustDeck], and never changes, so it is
// safe for concurrent use. A deck holds at most [MaxCards] cards, copies included.
//
// Deck also holds the operations on a [Multiset] that need the deck's layout (how many copies a
// kind has), much as [encoding/binary.ByteOrder] holds the operations that need a byte order.
type Deck struct {
	game   string
	kinds  []Kind
	ids    []Card           // the Card of each kind, in table order
	size   int              // cards, copies included
	full   Multiset         // every copy
	heads  Multiset         // the first bit of every kind
	multi  Multiset         // every bit of the kinds with more than one copy
	mask   [MaxCards]uint64 // mask[c]: the bits of kind c's copies; 0 when c is no kind
	index  [MaxCards]int8   // index[c]: c's row in the table; -1 when c is no kind
	kindOf [MaxCards]Card   // kindOf[b]: the kind whose copies include bit b; None past the deck
}

// NewDeck returns the deck of game with the given kinds, in order. It fails if there are no
// kinds, more than [MaxCards] cards, a kind without copies or names, or two kinds with the same
// notation (compared case-insensitively).
func NewDeck(game string, kinds ...Kind) (*Deck, error) {
	if len(kinds) == 0 {
		return nil, fmt.Errorf("cards: deck %q has no kinds", game)
	}
	d := &Deck{game: game, kinds: append([]Kind(nil), kinds...)}
	for i := range d.index {
		d.index[i] = -1
		d.kindOf[i] = None
	}
	seen := map[string]bool{}
	for i, k := range kinds {
		switch {
		case k.Copies < 1:
			return nil, fmt.Errorf("cards: deck %q: kind %q has %d copies", game, k.Name, k.Copies)
		case k.Name == "" || k.Short == "":
			return nil, fmt.Errorf("cards: deck %q: kind %d has no name or notation", game, i)
		case strings.ContainsAny(k.Short, " \t\n"):
			return nil, fmt.Errorf("cards: deck %q: notation %q holds a space", game, k.Short)
		case seen[strings.ToLower(k.Short)]:
			return nil, fmt.Errorf("cards: deck %q: notation %q used twice", game, k.Short)
		case d.size+k.Copies > MaxCards:
			return nil, fmt.Errorf("cards: deck %q holds more than %d cards", game, MaxCards)
		}
		seen[strings.ToLower(k.Short)] = true
		c := Card(d.size)
		m := uint64(1)<<k.Copies - 1
		if k.Copies == 64 {
			m = ^uint64(0)
		}
		d.mask[c] = m << c
		d.index[c] = int8(i)
		for b := d.size; b < d.size+k.Copies; b++ {
			d.kindOf[b] = c
		}
		d.ids = append(d.ids, c)
		d.heads |= 1 << c
		if k.Copies > 1 {
			d.multi |= Multiset(d.mask[c])
		}
		d.full |= Multiset(d.mask[c])
		d.size += k.Copies
	}
	return d, nil
}

// MustDeck is [NewDeck] for package variables: it panics on an invalid table.
func MustDeck(game string, kinds ...Kind) *Deck {
	d, err := NewDeck(game, kinds...)
	if err != nil {
		panic(err)
	}
	return d
}

// Game returns the name of the game the deck belongs to.
func (d *Deck) Game() string { return d.game }

// Size returns the number of cards in the deck, copies included.
func (d *Deck) Size() int { return d.size }

// NumKinds returns the number of kinds in the deck.
func (d *Deck) NumKinds() int { return len(d.kinds) }

// Kind returns the Card of the i-th kind of the table. It panics if i is out of range.
func (d *Deck) Kind(i int) Card { return d.ids[i] }

// Index returns c's row in the table, or -1 if c is no kind of d.
func (d *Deck) Index(c Card) int {
	if c >= MaxCards {
		return -1
	}
	return int(d.index[c])
}

// IsKind reports whether c is a kind of d.
func (d *Deck) IsKind(c Card) bool { return c < MaxCards && d.index[c] >= 0 }

// Copies returns how many copies of c the deck holds, 0 if c is no kind of d.
func (d *Deck) Copies(c Card) int {
	if c >= MaxCards {
		return 0
	}
	return bits.OnesCount64(d.mask[c])
}

// Name returns c's name in words ("Valknut"), or "Card(40)" if c is no kind of d.
func (d *Deck) Name(c Card) string {
	if i := d.Index(c); i >= 0 {
		return d.kinds[i].Name
	}
	return fmt.Sprintf("Card(%d)", int(c))
}

// Short returns c's notation ("V"), or "Card(40)" if c is no kind of d.
func (d *Deck) Short(c Card) string {
	if i := d.Index(c); i >= 0 {
		return d.kinds[i].Short
	}
	return fmt.Sprintf("Card(%d)", int(c))
}

// Parse reads a card by its notation or its name, case-insensitively. Its error wraps
// [ErrUnknown] and quotes at most the first 32 bytes of s.
func (d *Deck) Parse(s string) (Card, error) {
	for i, k := range d.kinds {
		if strings.EqualFold(s, k.Short) || strings.EqualFold(s, k.Name) {
			return d.ids[i], nil
		}
	}
	return None, fmt.Errorf("cards: %w %q in the %s deck", ErrUnknown, norns.Clip(s), d.game)
}

// Full returns the whole deck as a multiset.
func (d *Deck) Full() Multiset { return d.full }

// Kinds returns the deck's kinds in table order.
func (d *Deck) Kinds() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for _, c := range d.ids {
			if !yield(c) {
				return
			}
		}
	}
}

// Of returns the multiset holding cs. It panics if a card is no kind of d or if cs holds more
// copies of a kind than the deck does.
func (d *Deck) Of(cs ...Card) Multiset {
	var m Multiset
	for _, c := range cs {
		m = d.With(m, c)
	}
	return m
}

// Count returns how many copies of c m holds (0 if c is no kind of d).
func (d *Deck) Count(m Multiset, c Card) int {
	if c >= MaxCards {
		return 0
	}
	return bits.OnesCount64(uint64(m) & d.mask[c])
}

// Has reports whether m holds at least one c; false when c is no kind of d (a bit of a second
// copy is not a card).
func (d *Deck) Has(m Multiset, c Card) bool { return c < MaxCards && m&d.heads&(1<<c) != 0 }

// With returns m with one more c. It panics if c is no kind of d or m holds every copy of c
// already; [Deck.Add] is the checked form.
func (d *Deck) With(m Multiset, c Card) Multiset {
	n, ok := d.Add(m, c)
	if !ok {
		if !d.IsKind(c) {
			panic(fmt.Sprintf("cards: With(%d): no kind of the %s deck", c, d.game))
		}
		panic(fmt.Sprintf("cards: With(%s): every copy is there already", d.Short(c)))
	}
	return n
}

// Add returns m with one more c and true, or m and false if c is no kind of d or m holds every
// copy of c already.
func (d *Deck) Add(m Multiset, c Card) (Multiset, bool) {
	if c >= MaxCards {
		return m, false
	}
	mask := d.mask[c]
	have := uint64(m) & mask
	if have == mask { // every copy there, or no kind (mask 0)
		return m, false
	}
	// The copies fill the kind's bits from the lowest: the next one is the lowest clear bit.
	return m | Multiset(((have|^mask)+1)&mask), true
}

// Without returns m with one copy of c fewer, or m itself if it holds no c.
func (d *Deck) Without(m Multiset, c Card) Multiset {
	if c >= MaxCards {
		return m
	}
	have := uint64(m) & d.mask[c]
	if have == 0 {
		return m
	}
	return m &^ Multiset(1<<(63-bits.LeadingZeros64(have)))
}

// Sum returns the multiset sum of a and b (the copies of both) and true, or a and false if the
// sum holds more copies of a kind than the deck does.
func (d *Deck) Sum(a, b Multiset) (Multiset, bool) {
	single := ^d.multi
	if a&b&single != 0 {
		return a, false
	}
	out := (a | b) & single
	for x := uint64((a | b) & d.multi & d.heads); x != 0; x &= x - 1 {
		c := Card(bits.TrailingZeros64(x))
		mask := d.mask[c]
		n := bits.OnesCount64(uint64(a)&mask) + bits.OnesCount64(uint64(b)&mask)
		if n > bits.OnesCount64(mask) {
			return a, false
		}
		out |= Multiset((uint64(1)<<n - 1) << c)
	}
	return out, true
}

// Diff returns the multiset difference a − b: the copies of a not matched by a copy in b.
func (d *Deck) Diff(a, b Multiset) Multiset {
	single := ^d.multi
	out := a &^ b & single
	for x := uint64(a & d.multi & d.heads); x != 0; x &= x - 1 {
		c := Card(bits.TrailingZeros64(x))
		mask := d.mask[c]
		n := bits.OnesCount64(uint64(a)&mask) - bits.OnesCount64(uint64(b)&mask)
		if n > 0 {
			out |= Multiset((uint64(1)<<n - 1) << c)
		}
	}
	return out
}

// Distinct returns one copy of each kind m holds.
func (d *Deck) Distinct(m Multiset) Multiset { return m & d.heads }

// All returns every copy in m in table order (a hand with two Valknuts yields V twice).
func (d *Deck) All(m Multiset) iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for x := uint64(m & d.full); x != 0; x &= x - 1 {
			if !yield(d.kindOf[bits.TrailingZeros64(x)]) {
				return
			}
		}
	}
}

// AppendTo appends every copy in m to dst in table order.
func (d *Deck) AppendTo(dst []Card, m Multiset) []Card {
	for x := uint64(m & d.full); x != 0; x &= x - 1 {
		dst = append(dst, d.kindOf[bits.TrailingZeros64(x)])
	}
	return dst
}

// Nth returns the i-th copy of m in table order (Nth(m, 0) is the first). It panics if i is
// out of range [0, m.Len()).
func (d *Deck) Nth(m Multiset, i int) Card {
	if i < 0 || i >= m.Len() {
		panic(fmt.Sprintf("cards: Nth(%d) of a multiset of %d cards", i, m.Len()))
	}
	return d.kindOf[m.nthBit(i)]
}

// Random returns a copy of m drawn uniformly with r (a kind with two copies in m is twice as
// likely as one with a single copy). It panics if m is empty. It draws exactly r.IntN(m.Len()).
func (d *Deck) Random(m Multiset, r *rng.Rand) Card {
	return d.Nth(m, r.IntN(m.Len()))
}

// Valid reports whether m is a multiset of d: no bit outside the deck, and the copies of every
// kind filling its bits from the lowest (the one representation == relies on).
func (d *Deck) Valid(m Multiset) bool {
	if m&^d.full != 0 {
		return false
	}
	for x := uint64(d.multi & d.heads); x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		k := (uint64(m) & d.mask[c]) >> c
		if k&(k+1) != 0 {
			return false
		}
	}
	return true
}

// Format writes m in notation, copies in table order and separated by spaces ("R1 R7 V V"),
// or "-" when m is empty.
func (d *Deck) Format(m Multiset) string {
	if m&d.full == 0 {
		return "-"
	}
	var b strings.Builder
	for c := range d.All(m) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d.Short(c))
	}
	return b.String()
}

// ParseMultiset reads a multiset as [Deck.Format] writes it: cards by notation or name separated
// by spaces (or commas), in any order, or "-" for none. Its errors wrap [ErrUnknown] for a word
// that is no card and say so when there are more copies than the deck holds.
func (d *Deck) ParseMultiset(s string) (Multiset, error) {
	s = strings.TrimSpace(s)
	if s == "-" || s == "" {
		return 0, nil
	}
	var m Multiset
	for w := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		c, err := d.Parse(w)
		if err != nil {
			return 0, err
		}
		var ok bool
		if m, ok = d.Add(m, c); !ok {
			return 0, fmt.Errorf("cards: more than %d of %s in %q", d.Copies(c), d.Short(c), norns.Clip(s))
		}
	}
	return m, nil
}

// Multiset is a counted multiset of the cards of one [Deck], in one 64-bit word: kind c's copies
// fill bits c, c+1, … from the lowest, so a multiset has exactly one representation and ==
// compares multisets. The zero Multiset is empty.
//
// The operations that need no layout are methods: [Multiset.Len] is one population count, and
// because counts are unary, the bitwise OR and AND of two multisets are
// the maximum and the minimum of their counts ([Multiset.Union], [Multiset.Intersect]) and
// inclusion of bits is inclusion of multisets ([Multiset.Contains]). Those that need to know how
// many copies a kind has are methods of the [Deck].
type Multiset uint64

// Len returns the number of cards in m, copies included.
func (m Multiset) Len() int { return bits.OnesCount64(uint64(m)) }

// IsEmpty reports whether m holds no card.
func (m Multiset) IsEmpty() bool { return m == 0 }

// Union returns the multiset holding, of each kind, as many copies as the larger of m and o.
func (m Multiset) Union(o Multiset) Multiset { return m | o }

// Intersect returns the multiset holding, of each kind, as many copies as the smaller of m and o.
func (m Multiset) Intersect(o Multiset) Multiset { return m & o }

// Contains reports whether o is a sub-multiset of m: m holds at least as many copies of every
// kind as o.
func (m Multiset) Contains(o Multiset) bool { return o&^m == 0 }

// nthBit returns the position of the i-th set bit of m, 0 <= i < m.Len().
//
// It halves the word six times, keeping the half that holds the bit, with no branch on the
// data: a loop over the bits or over 16-bit blocks mispredicts its exit on nearly every call
// when i is random, as it is for every draw from a supply.
func (m Multiset) nthBit(i int) int {
	x, pos := uint64(m), 0
	for _, w := range [...]uint{32, 16, 8, 4, 2, 1} {
		lo := bits.OnesCount64(x & (1<<w - 1))
		skip := (lo - i - 1) >> 63 // -1 when the bit is above the low half (i >= lo), else 0
		i -= lo & skip
		x >>= w & uint(skip)
		pos += int(w) & skip
	}
	return pos
}

// String lists the bit positions of m, as in "{0 5 36 37}"; a game's deck formats it by name
// ([Deck.Format]).
func (m Multiset) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for x := uint64(m); x != 0; x &= x - 1 {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, bits.TrailingZeros64(x))
	}
	b.WriteByte('}')
	return b.String()
}
