package voluspa

import (
	"fmt"

	"github.com/nornsgames/norns/cards"
)

// Tile is a kind of Voluspa tile (V1). Its value is the tile's [cards.Card] in the game's deck
// (the index of the first bit its copies occupy in a [cards.Multiset]), so cards.Card(t) converts
// it. Identical copies are one Tile. The zero Tile is Odin; [NoTile] stands for no tile.
type Tile uint8

// The eight tiles of the base game in table order, strongest printed value first (V1). Their
// values are the deck's ids: each follows the copies of the one before.
const (
	Odin     Tile = 0  // value 8, 6 copies
	Thor     Tile = 6  // value 7, 8 copies
	Troll    Tile = 14 // value 6, 6 copies: only a Troll may lie next to a Troll (V6)
	Dragon   Tile = 20 // value 5, 8 copies: covers a tile, which leaves the game (V7)
	Fenrir   Tile = 28 // value 4, 8 copies: worth 4 × the Fenrirs of its line (V11)
	Skadi    Tile = 36 // value 3, 9 copies: covers a tile, which goes to the player's hand (V8)
	Valkyrie Tile = 45 // value 2, 9 copies: scores a line it closes with another Valkyrie (V12)
	Loki     Tile = 54 // value 1, 6 copies: zeroes its neighbours (V10)
)

// NoTile stands for "no tile" in fixed-size fields and events. It is not a tile.
const NoTile = Tile(cards.None)

// NumTiles is the number of tiles in the game, copies included (V1).
const NumTiles = 60

// NumKinds is the number of tile kinds (V1).
const NumKinds = 8

// Deck returns Voluspa's tile table as a [cards.Deck]: the eight kinds with their copies (V1). A
// Tile is the deck's card of the same value (cards.Card(t)), and a [Tiles] is a [cards.Multiset]
// of it. It is a func, so no caller can replace the table.
func Deck() *cards.Deck { return deck }

// deck is the table Deck returns.
var deck = cards.MustDeck("voluspa",
	cards.Kind{Name: "Odin", Short: "Odin", Copies: 6},
	cards.Kind{Name: "Thor", Short: "Thor", Copies: 8},
	cards.Kind{Name: "Troll", Short: "Troll", Copies: 6},
	cards.Kind{Name: "Dragon", Short: "Dragon", Copies: 8},
	cards.Kind{Name: "Fenrir", Short: "Fenrir", Copies: 8},
	cards.Kind{Name: "Skadi", Short: "Skadi", Copies: 9},
	cards.Kind{Name: "Valkyrie", Short: "Valkyrie", Copies: 9},
	cards.Kind{Name: "Loki", Short: "Loki", Copies: 6},
)

// Cover says what happens to a tile a covering tile is laid on (V7, V8).
type Cover uint8

// The cover powers.
const (
	CoverNone    Cover = iota // the tile is laid on empty squares only
	CoverRemove               // the covered tile leaves the game; the player draws (V7)
	CoverCapture              // the covered tile goes to the player's hand; no draw (V8)
)

// Power is what a kind of tile does, as data plus one small function, so that a new kind adds a
// row to the table and leaves the rules code alone. The scoring loop reads only these fields.
type Power struct {
	// Value is the printed value (V1).
	Value int
	// Guard: no tile of another kind may be laid orthogonally next to a tile of this kind (the
	// Troll, V6). A guarded square also cannot be covered by another kind (V7, V8).
	Guard bool
	// Cover: the kind may be laid on top of a tile of another kind, and what becomes of it.
	Cover Cover
	// Zeroes: every tile orthogonally next to one of this kind is worth 0, unless it is of this
	// kind too (the Loki, V10).
	Zeroes bool
	// Pack: in a line, the tiles of this kind that are not zeroed form a pack; they are not one
	// another's rivals when one of them is laid (the Fenrir, V11).
	Pack bool
	// Bookend: laid at one end of a line whose other end is of the same kind, the tile scores the
	// line whatever the worths (the Valkyrie, V12).
	Bookend bool
	// Worth, if not nil, gives the tile's worth in a line from its value and the size of its pack
	// there (the tile included); nil means the value.
	Worth func(value, pack int) int
}

// powers holds each kind's power, in table order.
var powers = [NumKinds]Power{
	{Value: 8},
	{Value: 7},
	{Value: 6, Guard: true},
	{Value: 5, Cover: CoverRemove},
	{Value: 4, Pack: true, Worth: func(value, pack int) int { return value * pack }},
	{Value: 3, Cover: CoverCapture},
	{Value: 2, Bookend: true},
	{Value: 1, Zeroes: true},
}

// kindIndex maps a Tile (a card id, 0–63) to its row in the table, or -1.
var kindIndex = func() (k [64]int8) {
	for i := range k {
		k[i] = int8(deck.Index(cards.Card(i)))
	}
	return k
}()

// tiles lists the kinds in table order.
var tiles = [NumKinds]Tile{Odin, Thor, Troll, Dragon, Fenrir, Skadi, Valkyrie, Loki}

// Kinds returns the eight kinds in table order (V1).
func Kinds() [NumKinds]Tile { return tiles }

// IsValid reports whether t is one of the game's tiles.
func (t Tile) IsValid() bool { return t < 64 && kindIndex[t] >= 0 }

// Power returns what t does (V1). It panics if t is not a tile.
func (t Tile) Power() Power {
	if !t.IsValid() {
		panic(fmt.Sprintf("voluspa: %v is not a tile", t))
	}
	return powers[kindIndex[t]]
}

// pw returns t's power without copying it; t must be valid.
func (t Tile) pw() *Power { return &powers[kindIndex[t]] }

// Copies returns how many copies of t the game holds (V1), 0 if t is not a tile.
func (t Tile) Copies() int { return deck.Copies(cards.Card(t)) }

// String returns the tile's name ("Thor"), "none" for NoTile, or "Tile(7)" for a value that is
// no tile.
func (t Tile) String() string {
	switch {
	case t == NoTile:
		return "none"
	case t.IsValid():
		return deck.Name(cards.Card(t))
	}
	return fmt.Sprintf("Tile(%d)", int(t))
}

// ParseTile reads a tile's name, case-insensitively ("thor", "Valkyrie"). Its error wraps
// [cards.ErrUnknown].
func ParseTile(s string) (Tile, error) {
	c, err := deck.Parse(s)
	if err != nil {
		return NoTile, err
	}
	return Tile(c), nil
}

// MarshalText returns the tile's name. It fails for a value that is not a tile.
func (t Tile) MarshalText() ([]byte, error) {
	if !t.IsValid() {
		return nil, fmt.Errorf("voluspa: cannot encode %v", t)
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads a tile's name, as ParseTile. On error t is unchanged.
func (t *Tile) UnmarshalText(b []byte) error {
	x, err := ParseTile(string(b))
	if err != nil {
		return err
	}
	*t = x
	return nil
}

// kindSet is a set of tile kinds as a bitset over table rows (bit i for the i-th kind).
type kindSet uint8

func (k kindSet) has(t Tile) bool { return k&(1<<kindIndex[t]) != 0 }

// tilesOf returns the tiles of k in table order.
func (k kindSet) tiles() []Tile {
	var out []Tile
	for i, t := range tiles {
		if k&(1<<i) != 0 {
			out = append(out, t)
		}
	}
	return out
}
