package voluspa

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// The limits of the game (V2).
const (
	MinPlayers = 2
	MaxPlayers = 5
	HandSize   = 5 // tiles in a full hand (V2, V14)
	MaxLine    = 7 // the longest line (V5)
)

// Config selects the table. The zero Config is the standard two-player game.
type Config struct {
	// Players is the number of seats, 2 to 5; 0 means 2 (V2).
	Players int `json:"players"`
}

// Validate reports whether c describes a playable match. Its errors wrap [norns.ErrBadConfig].
func (c Config) Validate() error {
	if c.Players != 0 && (c.Players < MinPlayers || c.Players > MaxPlayers) {
		return fmt.Errorf("voluspa: %w: %d players (Voluspa is for %d to %d)", norns.ErrBadConfig, c.Players, MinPlayers, MaxPlayers)
	}
	return nil
}

// normal returns c with the default filled in: 2 players.
func (c Config) normal() Config {
	if c.Players == 0 {
		c.Players = 2
	}
	return c
}
