package gulveig

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/nornsgames/norns"
)

// NewRecord returns the match record of a match played from New(c): chance drawn from
// rng.New(seed), moves every move from the first state on (chance outcomes included), and last
// the state they led to. The record holds the effective config (players: 3, never 0). See
// [norns.NewRecord].
func NewRecord(c Config, seed uint64, moves []Move, last State) (norns.Record, error) {
	return norns.NewRecord("gulveig", c.normal(), seed, moves, last)
}

// ReplayRecord rebuilds a match from its record: it reads the config strictly (unknown fields are
// errors), starts a match with New and applies the recorded moves, checking the recorded result
// (see [norns.Replay]). It returns the last state reached; errors wrap [norns.ErrCorrupt].
func ReplayRecord(rec norns.Record) (State, error) {
	if rec.Game != "gulveig" {
		return State{}, fmt.Errorf("gulveig: replay: %w: a record of %q", norns.ErrCorrupt, rec.Game)
	}
	var c Config
	dec := json.NewDecoder(bytes.NewReader(rec.Config))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return State{}, fmt.Errorf("gulveig: replay: %w: config: %v", norns.ErrCorrupt, err)
	}
	s, err := New(c)
	if err != nil {
		return State{}, fmt.Errorf("gulveig: replay: %w: %w", norns.ErrCorrupt, err)
	}
	return norns.Replay(s, rec, ParseMove)
}
