package herrlof

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// MaxHandLimit is the largest [Config.HandLimit] accepted.
const MaxHandLimit = 1000

// Config selects the player count and the options of the rules. The zero Config is the standard
// two-player game: no five-trick bonus, no hand limit.
type Config struct {
	// Players is 2 (the standard game) or 3 (the variant, H20); 0 means 2.
	Players int `json:"players"`
	// FiveTrickBonus turns on the +5 bonus for exactly 5 tricks (H19); two players only.
	FiveTrickBonus bool `json:"fiveTrickBonus,omitempty"`
	// HandLimit, when positive, also ends the match after that many hands (H21); 0 means no limit.
	HandLimit int `json:"handLimit,omitempty"`
}

// Validate reports whether c describes a playable match. Its errors wrap [norns.ErrBadConfig].
func (c Config) Validate() error {
	switch {
	case c.Players != 0 && c.Players != 2 && c.Players != 3:
		return fmt.Errorf("herrlof: %w: %d players (Herrlof is for 2 or 3)", norns.ErrBadConfig, c.Players)
	case c.FiveTrickBonus && c.Players == 3:
		return fmt.Errorf("herrlof: %w: the five-trick bonus is for 2 players only (H19)", norns.ErrBadConfig)
	case c.HandLimit < 0:
		return fmt.Errorf("herrlof: %w: negative hand limit %d", norns.ErrBadConfig, c.HandLimit)
	case c.HandLimit > MaxHandLimit:
		return fmt.Errorf("herrlof: %w: hand limit %d above %d", norns.ErrBadConfig, c.HandLimit, MaxHandLimit)
	}
	return nil
}

// normal returns c with Players 0 replaced by 2.
func (c Config) normal() Config {
	if c.Players == 0 {
		c.Players = 2
	}
	return c
}

// HandSize returns the number of cards dealt to each player: 15 with 2 players, 11 with 3 (H2).
func (c Config) HandSize() int { return handSize(c.normal().Players) }

// Target returns the score that ends the match: 50 with 2 players, 40 with 3 (H2).
func (c Config) Target() int {
	if c.normal().Players == 3 {
		return 40
	}
	return 50
}

func handSize(players int) int {
	if players == 3 {
		return 11
	}
	return 15
}

// stockSize returns the stock's size after the deal: 11 with 2 players, 8 with 3 (H2).
func stockSize(players int) int { return DeckSize - players*handSize(players) - 1 }
