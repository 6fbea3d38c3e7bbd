package herrlof

import (
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/strictjson"
)

// NewRecord returns the match record of a match of config c, played with chance drawn from
// rng.New(seed), whose moves from New(c) led to last. It wraps [norns.NewRecord]. The record holds
// the effective config: Players is 2 or 3, never 0. Its error wraps [norns.ErrBadConfig] when c
// does not validate.
func NewRecord(c Config, seed uint64, moves []Move, last State) (norns.Record, error) {
	if err := c.Validate(); err != nil {
		return norns.Record{}, err
	}
	return norns.NewRecord("herrlof", c.normal(), seed, moves, last)
}

// ReplayRecord replays a Herrlof match record from the start its config describes and checks
// its result; it wraps [norns.Replay]. The config is decoded strictly: an unknown field is an
// error. Its errors wrap [norns.ErrCorrupt].
func ReplayRecord(rec norns.Record) (State, error) {
	if rec.Game != "herrlof" {
		return State{}, fmt.Errorf("herrlof: replay: %w: a record of %q", norns.ErrCorrupt, rec.Game)
	}
	var c Config
	if err := strictjson.Unmarshal(rec.Config, &c); err != nil {
		return State{}, fmt.Errorf("herrlof: replay: %w: config: %v", norns.ErrCorrupt, err)
	}
	s, err := New(c)
	if err != nil {
		return State{}, fmt.Errorf("herrlof: replay: %w: %w", norns.ErrCorrupt, err)
	}
	return norns.Replay(s, rec, ParseMove)
}
