package gnav

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// The limits of a [Config] (N2).
const (
	MinPlayers = 2
	MaxPlayers = 20
	MinLives   = 1
	MaxLives   = 9
)

// Config selects the table and the options of the rules. The zero Config is the source's game:
// four players with three lives each, the cat undoing exchanges, the first dealer drawn at random.
type Config struct {
	// Players is the number of seats, 2 to 20; 0 means 4 (N2).
	Players int `json:"players"`
	// Lives is each player's number of lives at the start, 1 to 9; 0 means 3 (N2).
	Lives int `json:"lives"`
	// CatIsDragoon turns the cat option off: a Katt then refuses exactly as a Dragon does, and
	// undoes nothing (the 1917 Danish rules, N12). The default, false, is the source's cat.
	CatIsDragoon bool `json:"catIsDragoon,omitempty"`
	// DealerGiven says that FirstDealer deals the first deal. When false (the default), the first
	// dealer is drawn at random by a chance move (N4).
	DealerGiven bool `json:"dealerGiven,omitempty"`
	// FirstDealer is the seat that deals first when DealerGiven is set; it must be 0 otherwise.
	FirstDealer norns.Player `json:"firstDealer,omitempty"`
}

// Validate reports whether c describes a playable match. Its errors wrap [norns.ErrBadConfig].
func (c Config) Validate() error {
	n := c.normal()
	switch {
	case n.Players < MinPlayers || n.Players > MaxPlayers:
		return fmt.Errorf("gnav: %w: %d players (Gnav is for %d to %d)", norns.ErrBadConfig, c.Players, MinPlayers, MaxPlayers)
	case n.Lives < MinLives || n.Lives > MaxLives:
		return fmt.Errorf("gnav: %w: %d lives (from %d to %d)", norns.ErrBadConfig, c.Lives, MinLives, MaxLives)
	case c.DealerGiven && (c.FirstDealer < 0 || int(c.FirstDealer) >= n.Players):
		return fmt.Errorf("gnav: %w: first dealer %v is not a seat of %d players", norns.ErrBadConfig, c.FirstDealer, n.Players)
	case !c.DealerGiven && c.FirstDealer != 0:
		return fmt.Errorf("gnav: %w: FirstDealer %v without DealerGiven (set DealerGiven to give the first dealer)", norns.ErrBadConfig, c.FirstDealer)
	}
	return nil
}

// normal returns c with the defaults filled in: 4 players, 3 lives.
func (c Config) normal() Config {
	if c.Players == 0 {
		c.Players = 4
	}
	if c.Lives == 0 {
		c.Lives = 3
	}
	return c
}
