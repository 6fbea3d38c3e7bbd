package norns

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nornsgames/norns/internal/strictjson"
	"github.com/nornsgames/norns/rng"
)

// RecordVersion is the version of the record format this package writes, "major.minor". A
// reader reads every record of its major version: a newer minor version only adds optional
// fields, which an older reader ignores. A record of a newer major version is refused with an
// error that says so. Records written before the format had a version (no "version" field) read
// as version 1.0.
const RecordVersion = "1.0"

// Limits on what [ReadRecord] and the record functions accept. Errors quote at most a short
// prefix of a bad input, and reading a record allocates a small multiple of its size at most.
const (
	MaxRecordSize  = 8 << 20 // bytes of a record's JSON
	MaxRecordMoves = 100_000 // moves in one record, chance included
	MaxMoveText    = 4096    // bytes of one move's text, in a record or for a game's ParseMove
	MaxConfigSize  = 64 << 10
	MaxTagText     = 1024 // bytes of one tag's text (a name, an event, a free tag's key or value)
	MaxTags        = 64   // free tags in one record, and seats in its Tags
)

// Record is a finished or unfinished match in the SDK's game-record format: the format version,
// the game, its effective configuration (defaults filled in, so a reader sees the seat count),
// the seed chance was drawn from, every move in text notation (chance outcomes included), the
// result, and optional tags that say who played, where and when, like a chess PGN's tag pairs.
// It reads and writes as JSON; see [ReadRecord] and [Record.Write]. A record looks like
//
//	{
//	  "version": "1.0",
//	  "game": "gnav",
//	  "config": {"players": 2, "lives": 3},
//	  "seed": 7,
//	  "moves": ["dealer 1", "deal …", "ask", "stand", …],
//	  "over": true,
//	  "scores": [0, 2],
//	  "winners": [1],
//	  "tags": {"event": "Club night", "date": "2026-12-01",
//	           "seats": [{"name": "Ada"}, {"name": "search", "bot": "gnav.NewSearchBot"}],
//	           "extra": {"round": "3"}}
//	}
type Record struct {
	Version string          `json:"version"`                       // the format version, RecordVersion when written
	Game    string          `json:"game"`                          // the game's package name, e.g. "herrlof"
	Config  json.RawMessage `json:"config"`                        // the game's effective Config as JSON
	Seed    uint64          `json:"seed"`                          // the seed of the rng chance was drawn from
	Moves   []string        `json:"moves" maxlen:"100000"`         // every move in order, in the game's notation
	Over    bool            `json:"over"`                          // whether the match was finished
	Scores  []int           `json:"scores,omitempty" maxlen:"64"`  // each seat's final Score, when Over
	Winners []Player        `json:"winners,omitempty" maxlen:"64"` // the winning seats, when Over
	Tags    Tags            `json:"tags,omitzero"`                 // who, where and when; optional
}

// Tags describe a match beyond its moves, like the tag pairs of a chess PGN. Every field is
// optional; each text is at most [MaxTagText] bytes of printable text ([IsPrintable]: no control
// characters, no bidirectional controls), which ReadRecord checks and Write enforces.
type Tags struct {
	Event string `json:"event,omitempty"` // the event or occasion, e.g. "Club night"
	Site  string `json:"site,omitempty"`  // where it was played
	Date  string `json:"date,omitempty"`  // the day it was played, "2006-01-02"
	// Seats names who sat at each seat, in seat order: empty, or one entry per seat.
	Seats []SeatTag `json:"seats,omitempty" maxlen:"64"`
	// Extra holds free tags, at most MaxTags: keys of letters, digits, '_', '-' and '.'.
	Extra map[string]string `json:"extra,omitempty" maxlen:"64"`
}

// SeatTag names who played a seat: a person, a bot, or both (a person using a bot's advice).
type SeatTag struct {
	Name string `json:"name,omitempty"` // the player's name
	Bot  string `json:"bot,omitempty"`  // the bot that chose the moves, e.g. "gnav.NewSearchBot(iters 300)"
}

// IsZero reports whether t holds no tag.
func (t Tags) IsZero() bool {
	return t.Event == "" && t.Site == "" && t.Date == "" && len(t.Seats) == 0 && len(t.Extra) == 0
}

// NewRecord builds the record of a match: game and config name the rules, seed the generator
// chance was drawn from, moves every move from the first state on, and last the state they led
// to. config should be the effective config, with its defaults filled in (each game's NewRecord
// does that). The record has no tags; set Record.Tags to add them.
func NewRecord[S State[S, M, V], M Move, V any](game string, config any, seed uint64, moves []M, last S) (Record, error) {
	cfg, err := json.Marshal(config)
	if err != nil {
		return Record{}, fmt.Errorf("norns: record config: %w", err)
	}
	rec := Record{Version: RecordVersion, Game: game, Config: cfg, Seed: seed, Moves: make([]string, len(moves)), Over: last.Over()}
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

// Write writes r as indented JSON in the current format: its Version is written as
// [RecordVersion] whatever r holds. Tags that [ReadRecord] would refuse (too long, not
// printable) are an error wrapping [ErrCorrupt], and nothing is written.
func (r Record) Write(w io.Writer) error {
	if err := r.Tags.check(); err != nil {
		return fmt.Errorf("norns: write record: %w: %v", ErrCorrupt, err)
	}
	r.Version = RecordVersion
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// ReadRecord reads one JSON record of at most [MaxRecordSize] bytes. Unknown, repeated or
// differently cased fields, trailing data, a missing game or config and anything over the
// limits are errors wrapping [ErrCorrupt], and so is a record of a newer major version (the
// error says to upgrade). A newer minor version's fields are ignored. It does not check the
// moves (see [Replay]). Version holds the version read ("" for a record written before
// versions). An error of rd itself (a failed read, a directory) is returned wrapped as it is,
// never as ErrCorrupt: the data was not read, so nothing can be said of it.
func ReadRecord(rd io.Reader) (Record, error) {
	data, err := strictjson.ReadLimited(rd, MaxRecordSize)
	switch {
	case errors.Is(err, strictjson.ErrTooLarge):
		return Record{}, fmt.Errorf("norns: read record: %w: %v", ErrCorrupt, err)
	case err != nil:
		// The reader failed (a directory, a closed pipe): not corrupt data, and said as such.
		return Record{}, fmt.Errorf("norns: read record: %w", err)
	}
	var probe struct {
		Version json.RawMessage `json:"version"`
	}
	_ = json.Unmarshal(data, &probe)
	var newerMinor bool
	if len(probe.Version) > 0 {
		var v string
		if err := json.Unmarshal(probe.Version, &v); err != nil {
			return Record{}, fmt.Errorf("norns: read record: %w: version %s is not a string", ErrCorrupt, strictjson.Quote(string(probe.Version)))
		}
		if newerMinor, err = checkVersion(v); err != nil {
			return Record{}, err
		}
	}
	var r Record
	opts := strictjson.Options{Limit: MaxRecordSize, AllowUnknown: newerMinor}
	if err := opts.Unmarshal(data, &r); err != nil {
		return Record{}, fmt.Errorf("norns: read record: %w: %v", ErrCorrupt, err)
	}
	if err := r.check(); err != nil {
		return Record{}, fmt.Errorf("norns: read record: %w: %v", ErrCorrupt, err)
	}
	return r, nil
}

// checkVersion reads a "major.minor" version and reports whether it is a newer minor version of
// the current major one; a newer major version is an error.
func checkVersion(v string) (newerMinor bool, err error) {
	want, _, _ := strings.Cut(RecordVersion, ".")
	wantMajor, _ := strconv.Atoi(want)
	majS, minS, ok := strings.Cut(v, ".")
	major, err1 := strconv.Atoi(majS)
	minor, err2 := strconv.Atoi(minS)
	if !ok || err1 != nil || err2 != nil || major < 1 || minor < 0 || majS != strconv.Itoa(major) || minS != strconv.Itoa(minor) {
		return false, fmt.Errorf("norns: read record: %w: version %s is not major.minor", ErrCorrupt, strictjson.Quote(v))
	}
	if major > wantMajor {
		return false, fmt.Errorf("norns: read record: %w: format version %s is newer than this SDK reads (%d.x): upgrade github.com/nornsgames/norns", ErrCorrupt, v, wantMajor)
	}
	_, curMinor, _ := strings.Cut(RecordVersion, ".")
	cur, _ := strconv.Atoi(curMinor)
	return major == wantMajor && minor > cur, nil
}

// check checks what a record holds apart from the moves' meaning.
func (r *Record) check() error {
	switch {
	case r.Game == "" || len(r.Config) == 0:
		return errors.New("missing game or config")
	case len(r.Game) > MaxTagText:
		return fmt.Errorf("game name %s too long", strictjson.Quote(r.Game))
	case len(r.Config) > MaxConfigSize:
		return fmt.Errorf("config of %d bytes, more than %d", len(r.Config), MaxConfigSize)
	case len(r.Moves) > MaxRecordMoves:
		return fmt.Errorf("%d moves, more than %d", len(r.Moves), MaxRecordMoves)
	}
	for i, m := range r.Moves {
		if len(m) > MaxMoveText {
			return fmt.Errorf("move %d: %s longer than %d bytes", i, strictjson.Quote(m), MaxMoveText)
		}
	}
	return r.Tags.check()
}

func (t *Tags) check() error {
	long := func(what, s string) error {
		if len(s) > MaxTagText {
			return fmt.Errorf("tag %s: %s longer than %d bytes", what, strictjson.Quote(s), MaxTagText)
		}
		if !IsPrintable(s) {
			return fmt.Errorf("tag %s: %s holds control characters, bidirectional controls or bytes that are not UTF-8", what, strictjson.Quote(s))
		}
		return nil
	}
	if err := errors.Join(long("event", t.Event), long("site", t.Site)); err != nil {
		return err
	}
	if t.Date != "" {
		if _, err := time.Parse(time.DateOnly, t.Date); err != nil {
			return fmt.Errorf("tag date %s is not a date like 2006-01-02", strictjson.Quote(t.Date))
		}
	}
	if len(t.Seats) > MaxTags || len(t.Extra) > MaxTags {
		return fmt.Errorf("more than %d seat tags or free tags", MaxTags)
	}
	for i, s := range t.Seats {
		if err := errors.Join(long("seat name", s.Name), long("seat bot", s.Bot)); err != nil {
			return fmt.Errorf("seat %d: %v", i, err)
		}
	}
	for k, v := range t.Extra {
		if k == "" || len(k) > 64 || strings.IndexFunc(k, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.')
		}) >= 0 {
			return fmt.Errorf("free tag key %s: want 1 to 64 letters, digits, '_', '-' or '.'", strictjson.Quote(k))
		}
		if err := long(k, v); err != nil {
			return err
		}
	}
	return nil
}

// DecodeConfig decodes a game's config from JSON strictly: at most [MaxConfigSize] bytes, one
// object whose keys are exactly the config's field names (no unknown, repeated or differently
// cased keys), nothing after it; null is not a config. Its errors wrap [ErrBadConfig]. It does not validate the
// values; the game's New does.
func DecodeConfig[C any](game string, data []byte) (C, error) {
	var c C
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return c, fmt.Errorf("%s: config: %w: want a JSON object", game, ErrBadConfig)
	}
	opts := strictjson.Options{Limit: MaxConfigSize}
	if err := opts.Unmarshal(data, &c); err != nil {
		var zero C
		return zero, fmt.Errorf("%s: config: %w: %v", game, ErrBadConfig, err)
	}
	return c, nil
}

// ReplayRecord is the record replay every game's ReplayRecord wraps: it checks that rec is a
// record of game, decodes its config strictly with [DecodeConfig], starts the match with
// newMatch and replays it with [Replay]. Every error wraps [ErrCorrupt] (a bad config wraps
// [ErrBadConfig] too).
func ReplayRecord[S State[S, M, V], M Move, V any, C any](rec Record, game string, newMatch func(C) (S, error), parse func(string) (M, error)) (S, error) {
	var zero S
	if rec.Game != game {
		return zero, fmt.Errorf("%s: replay: %w: a record of %s", game, ErrCorrupt, strictjson.Quote(rec.Game))
	}
	c, err := DecodeConfig[C](game, rec.Config)
	if err != nil {
		return zero, fmt.Errorf("%s: replay: %w: %w", game, ErrCorrupt, err)
	}
	s, err := newMatch(c)
	if err != nil {
		return zero, fmt.Errorf("%s: replay: %w: %w", game, ErrCorrupt, err)
	}
	return Replay(s, rec, parse)
}

// Replay applies the record's moves to start (the game's New of the record's config) and checks
// the result: that the match is over exactly when the record says so, with the recorded scores
// and winners, and that the seat tags, if any, name every seat. It returns the last state
// reached and an error wrapping [ErrCorrupt] that names the first move that fails to parse or
// apply, or the result that does not match.
func Replay[S State[S, M, V], M Move, V any](start S, rec Record, parse func(string) (M, error)) (S, error) {
	s := start
	if n := len(rec.Tags.Seats); n != 0 && n != s.Players() {
		return s, fmt.Errorf("norns: replay: %w: tags name %d seats of %d", ErrCorrupt, n, s.Players())
	}
	if len(rec.Moves) > MaxRecordMoves {
		return s, fmt.Errorf("norns: replay: %w: %d moves, more than %d", ErrCorrupt, len(rec.Moves), MaxRecordMoves)
	}
	for i, text := range rec.Moves {
		if len(text) > MaxMoveText {
			return s, fmt.Errorf("norns: replay: move %d %s: %w: longer than %d bytes", i, strictjson.Quote(text), ErrCorrupt, MaxMoveText)
		}
		m, err := parse(text)
		if err != nil {
			return s, fmt.Errorf("norns: replay: move %d: %w: %w", i, ErrCorrupt, err)
		}
		next, err := s.Apply(m)
		if err != nil {
			return s, fmt.Errorf("norns: replay: move %d %s: %w: %w", i, strictjson.Quote(text), ErrCorrupt, err)
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
	} else if len(rec.Scores) != 0 || len(rec.Winners) != 0 {
		return s, fmt.Errorf("norns: replay: %w: scores or winners in a record of a match not over", ErrCorrupt)
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
				return s, fmt.Errorf("norns: replay: seat move %d: %w: %w", i, ErrCorrupt, err)
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
