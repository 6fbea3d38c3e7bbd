package norns

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/nornsgames/norns/rng"
)

// Record is a finished or unfinished match in the SDK's game-record format: the game, its
// configuration, the seed chance was drawn from, every move in text notation (chance outcomes
// included) and the result. It reads and writes as JSON; see [ReadRecord] and [Record.Write].
type Record struct {
	Game    string          `json:"game"`              // the game's package name, e.g. "herrlof"
	Config  json.RawMessage `json:"config"`            // the game's Config as JSON
	Seed    uint64          `json:"seed"`              // the seed of the rng chance was drawn from
	Moves   []string        `json:"moves"`             // every move in order, in the game's notation
	Over    bool            `json:"over"`              // whether the match was finished
	Scores  []int           `json:"scores,omitempty"`  // each seat's final Score, when Over
	Winners []Player        `json:"winners,omitempty"` // the winning seats, when Over
}

// NewRecord builds the record of a match: game and config name the rules, seed the generator
// chance was drawn from, moves every move from the first state on, and last the state they led to.
func NewRecord[S State[S, M, V], M Move, V any](game string, config any, seed uint64, moves []M, last S) (Record, error) {
	cfg, err := json.Marshal(config)
	if err != nil {
		return Record{}, fmt.Errorf("norns: record config: %w", err)
	}
	rec := Record{Game: game, Config: cfg, Seed: seed, Moves: make([]string, len(moves)), Over: last.Over()}
	for i, m := range moves {
		rec.Moves[i] = m.String()
	}
	if rec.Over {
		rec.Scores, rec.Winners = result(last)
	}
	return rec, nil
}

func result[S State[S, M, V], M Move, V any](s S) ([]int, []Player) {
	scores := make([]int, s.Players())
	for p := range scores {
		scores[p] = s.Score(Player(p))
	}
	return scores, slices.Collect(s.Winners().All())
}

// Write writes r as indented JSON.
func (r Record) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// ReadRecord reads one JSON record. Unknown fields, trailing data and missing required fields
// are errors wrapping [ErrCorrupt]; it does not check the moves (see [Replay]).
func ReadRecord(rd io.Reader) (Record, error) {
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return Record{}, fmt.Errorf("norns: read record: %w: %v", ErrCorrupt, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Record{}, fmt.Errorf("norns: read record: %w: data after the record", ErrCorrupt)
	}
	if r.Game == "" || len(r.Config) == 0 {
		return Record{}, fmt.Errorf("norns: read record: %w: missing game or config", ErrCorrupt)
	}
	return r, nil
}

// Replay applies the record's moves to start (the game's New of the record's config) and checks
// the result: that the match is over exactly when the record says so, with the recorded scores
// and winners. It returns the last state reached and an error wrapping [ErrCorrupt] that names
// the first move that fails to parse or apply, or the result that does not match.
func Replay[S State[S, M, V], M Move, V any](start S, rec Record, parse func(string) (M, error)) (S, error) {
	s := start
	for i, text := range rec.Moves {
		m, err := parse(text)
		if err != nil {
			return s, fmt.Errorf("norns: replay: move %d %q: %w: %w", i, text, ErrCorrupt, err)
		}
		next, err := s.Apply(m)
		if err != nil {
			return s, fmt.Errorf("norns: replay: move %d %q: %w: %w", i, text, ErrCorrupt, err)
		}
		s = next
	}
	if s.Over() != rec.Over {
		return s, fmt.Errorf("norns: replay: %w: record says over=%v, replay gives over=%v", ErrCorrupt, rec.Over, s.Over())
	}
	if rec.Over {
		scores, winners := result(s)
		if !slices.Equal(scores, rec.Scores) || !slices.Equal(winners, rec.Winners) {
			return s, fmt.Errorf("norns: replay: %w: recorded scores %v winners %v, replay gives %v %v",
				ErrCorrupt, rec.Scores, rec.Winners, scores, winners)
		}
	}
	return s, nil
}

// ReplayFromSeed replays a match from its seed and the seats' moves alone: at each chance node
// the outcome is drawn from rng.New(seed), as [Play] draws it, and at each seat's turn the next
// of moves is parsed and applied. It returns the state after the last seat move (and any chance
// outcomes that follow it), and an error wrapping ErrCorrupt for a move that fails.
func ReplayFromSeed[S State[S, M, V], M Move, V any](start S, seed uint64, moves []string, parse func(string) (M, error)) (S, error) {
	r := rng.New(seed)
	s := start
	i := 0
	for !s.Over() {
		var m M
		if s.ToMove() == Chance {
			m = s.SampleChance(r)
		} else {
			if i == len(moves) {
				return s, nil
			}
			var err error
			if m, err = parse(moves[i]); err != nil {
				return s, fmt.Errorf("norns: replay: seat move %d %q: %w: %w", i, moves[i], ErrCorrupt, err)
			}
			i++
		}
		next, err := s.Apply(m)
		if err != nil {
			return s, fmt.Errorf("norns: replay: move %v: %w: %w", m, ErrCorrupt, err)
		}
		s = next
	}
	if i != len(moves) {
		return s, fmt.Errorf("norns: replay: %w: %d moves left after the match ended", ErrCorrupt, len(moves)-i)
	}
	return s, nil
}

// SeatMoves returns the moves of moves that seats played, dropping chance outcomes; state is the
// match's first state. It is what [ReplayFromSeed] takes. It returns an error if a move fails.
func SeatMoves[S State[S, M, V], M Move, V any](start S, moves []M) ([]string, error) {
	var out []string
	s := start
	for _, m := range moves {
		if s.ToMove() != Chance {
			out = append(out, m.String())
		}
		next, err := s.Apply(m)
		if err != nil {
			return out, err
		}
		s = next
	}
	return out, nil
}
