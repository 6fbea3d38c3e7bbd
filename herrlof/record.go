package herrlof

import "github.com/nornsgames/norns"

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
// its result; it wraps [norns.ReplayRecord]. The config is decoded strictly: an unknown,
// repeated or differently cased key is an error. Its errors wrap [norns.ErrCorrupt]. Records
// written before the format had a version, with "players": 0 for the default, replay too.
func ReplayRecord(rec norns.Record) (State, error) {
	return norns.ReplayRecord(rec, "herrlof", New, ParseMove)
}
