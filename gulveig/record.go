package gulveig

import "github.com/nornsgames/norns"

// NewRecord returns the match record of a match of config c, played with chance drawn from
// rng.New(seed), whose moves from New(c) led to last. It wraps [norns.NewRecord]. The record holds
// the effective config: Players is 2, 3 or 4, never 0, and Target is never 0. Its error wraps
// [norns.ErrBadConfig] when c does not validate.
func NewRecord(c Config, seed uint64, moves []Move, last State) (norns.Record, error) {
	if err := c.Validate(); err != nil {
		return norns.Record{}, err
	}
	return norns.NewRecord("gulveig", c.normal(), seed, moves, last)
}

// ReplayRecord replays a Gulveig match record from the start its config describes and checks its
// result; it wraps [norns.ReplayRecord]. The config is decoded strictly: an unknown, repeated or
// differently cased key is an error. Its errors wrap [norns.ErrCorrupt].
func ReplayRecord(rec norns.Record) (State, error) {
	return norns.ReplayRecord(rec, "gulveig", New, ParseMove)
}
