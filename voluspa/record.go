package voluspa

import (
	"github.com/nornsgames/norns"
)

// NewRecord returns the match record of a match played from New(c): chance drawn from
// rng.New(seed), moves every move from the first state on (chance outcomes included), and last
// the state they led to. The record holds c's effective config, the default filled in
// ("players": 2, never 0). See [norns.NewRecord]; set the record's Tags to name the seats.
func NewRecord(c Config, seed uint64, moves []Move, last State) (norns.Record, error) {
	return norns.NewRecord("voluspa", c.normal(), seed, moves, last)
}

// ReplayRecord rebuilds a match from its record: it decodes the config strictly (an unknown,
// repeated or differently cased key is an error), starts a match with New and applies the
// recorded moves, checking the recorded result (see [norns.ReplayRecord]). It returns the last
// state reached; errors wrap [norns.ErrCorrupt].
func ReplayRecord(rec norns.Record) (State, error) {
	return norns.ReplayRecord(rec, "voluspa", New, ParseMove)
}
