package gulveig

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/strictjson"
)

// Alternates is a set of the four alternate cards (G3), as a bitset: 1 for Nanna, 2 for Laufey, 4
// for Thiassi, 8 for Freya (so 15 is all four); JSON writes the number. The zero Alternates is the
// empty set: the standard deck.
type Alternates uint8

// The alternate cards, as members of an [Alternates] set.
const (
	AltNanna   Alternates = 1 << iota // the alternate Nanna replaces Nanna
	AltLaufey                         // the alternate Laufey replaces Laufey
	AltThiassi                        // the alternate Thiassi replaces Thiassi
	AltFreya                          // the alternate Freya replaces Freya

	AllAlternates = AltNanna | AltLaufey | AltThiassi | AltFreya
)

// altCards lists the alternates in bit order.
var altCards = [4]Card{NannaAlt, LaufeyAlt, ThiassiAlt, FreyaAlt}

// Has reports whether the alternate card c is in a (false for other cards).
func (a Alternates) Has(c Card) bool {
	for i, x := range altCards {
		if x == c {
			return a&(1<<i) != 0
		}
	}
	return false
}

// String lists the alternates by their base names ("Nanna Freya"), or "none".
func (a Alternates) String() string {
	if a&AllAlternates == 0 {
		return "none"
	}
	var parts []string
	for i, c := range altCards {
		if a&(1<<i) != 0 {
			parts = append(parts, table[table[c].alt].name)
		}
	}
	return strings.Join(parts, " ")
}

// ParseAlternates reads base names separated by spaces or commas ("Nanna Freya"),
// case-insensitively; "" and "none" are the empty set. Errors wrap norns.ErrBadConfig.
func ParseAlternates(text string) (Alternates, error) {
	var x Alternates
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' }) {
		if strings.EqualFold(f, "none") {
			continue
		}
		found := false
		for i, c := range altCards {
			if strings.EqualFold(f, table[table[c].alt].name) {
				x |= 1 << i
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("gulveig: %w: unknown alternate %s (Nanna, Laufey, Thiassi or Freya)", norns.ErrBadConfig, strictjson.Quote(f))
		}
	}
	return x, nil
}

// DefaultTarget is the score a match is played to (G17).
const DefaultTarget = 1000

// MaxHandLimit is the largest [Config.HandLimit] accepted: [MaxHands].
const MaxHandLimit = MaxHands

// MaxHands is the most hands any match lasts: a match without a [Config.HandLimit] that has not
// ended after MaxHands hands ends then as if that were its hand limit, won by the highest score
// (ties share the win). Players who bid what they can make end a match to 1000 in tens of
// hands; random bids, mostly lost, drive every score down, and such a match would go on for
// ever. The bound also bounds the hand counter and the scores, so that every state reachable by
// legal play, from any state the JSON decoder accepts, can be saved and read back.
const MaxHands = 1000

// Config selects the player count and the options of the rules (G22). The zero Config is the
// standard three-player game to 1000 with no option.
type Config struct {
	// Players is 2, 3 or 4 (G4); 0 means 3.
	Players int `json:"players"`
	// Target is the score that ends the match (G17): 0 means 1000; a shorter target is a multiple
	// of 10 from 100 to 1000.
	Target int `json:"target,omitempty"`
	// Veteran raises the opening bid from 90 to 100 with 3 or 4 players (G4). It changes nothing
	// with 2 players, whose opening bid is 50.
	Veteran bool `json:"veteran,omitempty"`
	// Blind turns on blind bidding (G19).
	Blind bool `json:"blind,omitempty"`
	// Betting turns on the betting settlement (G20): see [State.Settlement].
	Betting bool `json:"betting,omitempty"`
	// Alternates lists the alternate cards in play, each replacing the card of its name (G3).
	Alternates Alternates `json:"alternates,omitempty"`
	// Roles turns on the player roles (G21).
	Roles bool `json:"roles,omitempty"`
	// HandLimit, when positive, also ends the match after that many hands, won by the highest
	// score (ties share the win). It is not one of the rules: it bounds matches for tests,
	// tournaments and search. 0 means no limit but [MaxHands].
	HandLimit int `json:"handLimit,omitempty"`
	// DealerGiven makes FirstDealer the first dealer instead of drawing one at random (G5).
	DealerGiven bool `json:"dealerGiven,omitempty"`
	// FirstDealer is the first dealer when DealerGiven is set.
	FirstDealer norns.Player `json:"firstDealer,omitempty"`
}

// Validate reports whether c describes a playable match. Its errors wrap [norns.ErrBadConfig].
func (c Config) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("gulveig: %w: %s", norns.ErrBadConfig, fmt.Sprintf(format, args...))
	}
	n := c.normal().Players
	switch {
	case n < 2 || n > 4:
		return bad("%d players (Gulveig is for 2 to 4)", c.Players)
	case c.Target != 0 && (c.Target < 100 || c.Target > DefaultTarget || c.Target%10 != 0):
		return bad("target %d (a multiple of 10 from 100 to 1000)", c.Target)
	case c.Alternates&^AllAlternates != 0:
		return bad("alternates %d", uint8(c.Alternates))
	case c.HandLimit < 0 || c.HandLimit > MaxHandLimit:
		return bad("hand limit %d (0 to %d)", c.HandLimit, MaxHandLimit)
	case c.DealerGiven && (c.FirstDealer < 0 || int(c.FirstDealer) >= n):
		return bad("first dealer %v of %d players", c.FirstDealer, n)
	case !c.DealerGiven && c.FirstDealer != 0:
		return bad("a first dealer without DealerGiven")
	}
	return nil
}

// normal returns c with the defaults filled in: 3 players, target 1000.
func (c Config) normal() Config {
	if c.Players == 0 {
		c.Players = 3
	}
	if c.Target == 0 {
		c.Target = DefaultTarget
	}
	return c
}

// Effective returns c with its defaults filled in (3 players, target 1000), as records write it.
func (c Config) Effective() Config { return c.normal() }

// OpeningBid returns the least first bid (G4): 50 with 2 players, 90 with 3 or 4 (100 with
// Veteran).
func (c Config) OpeningBid() int {
	c = c.normal()
	switch {
	case c.Players == 2:
		return 50
	case c.Veteran:
		return 100
	}
	return 90
}

// BlindMinimum returns the least blind bid (G4, G19): 60 with 2 players, 120 with 3 or 4.
func (c Config) BlindMinimum() int {
	if c.normal().Players == 2 {
		return 60
	}
	return 120
}

// MaxBid returns the largest bid allowed (G8): 120 plus every combo of the deck in play, which
// is 400 plus 120 per alternate card.
func (c Config) MaxBid() int {
	in := c.InPlay()
	total := 0
	for ch := range in.All() {
		total += ch.Worth()
	}
	for _, co := range combos {
		if in.Has(co.a) && in.Has(co.b) {
			total += co.value
		}
	}
	return total
}

// InPlay returns the 24 cards a match with c uses: the deck of G2 with each chosen alternate in
// place of the card of its name (G3).
func (c Config) InPlay() Cards {
	in := allKinds
	for i, a := range altCards {
		if c.Alternates&(1<<i) != 0 {
			in = in.Without(table[a].alt)
		} else {
			in = in.Without(a)
		}
	}
	return in
}
