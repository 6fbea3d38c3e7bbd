package herrlof_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

func TestRecordRoundTrip(t *testing.T) {
	cfg := herrlof.Config{Players: 3, HandLimit: 2}
	s := mustNew(t, cfg)
	r := rng.New(8)
	var moves []herrlof.Move
	for !s.Over() {
		var m herrlof.Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			legal := s.Legal()
			m = legal[r.IntN(len(legal))]
		}
		moves = append(moves, m)
		s, _ = s.Apply(m)
	}
	rec, err := herrlof.NewRecord(cfg, 8, moves, s)
	if err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	if err := rec.Write(&w); err != nil {
		t.Fatal(err)
	}
	read, err := norns.ReadRecord(&w)
	if err != nil {
		t.Fatal(err)
	}
	got, err := herrlof.ReplayRecord(read)
	if err != nil || got != s {
		t.Fatalf("ReplayRecord: %v", err)
	}
	read.Game = "gnav"
	if _, err := herrlof.ReplayRecord(read); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("another game's record: %v", err)
	}
}

// TestRecordConfigStrict: a record's config with an unknown, repeated or differently cased key,
// a second value or an invalid config is corrupt; the config NewRecord writes replays.
func TestRecordConfigStrict(t *testing.T) {
	s := mustNew(t, herrlof.Config{})
	rec, err := herrlof.NewRecord(herrlof.Config{}, 1, nil, s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := herrlof.ReplayRecord(rec); err != nil {
		t.Fatalf("a fresh record: %v", err)
	}
	for _, bad := range []string{`{"players":2,"Bogus":1}`, `{"PLAYERS":3}`, `{"Players":2}`,
		`{"players":2,"fivetrickbonus":true}`, `{"players":2,"players":3}`, `{"players":2} {}`, `{"players":4}`, `[]`} {
		r := rec
		r.Config = []byte(bad)
		if _, err := herrlof.ReplayRecord(r); !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("config %s: %v, want an error wrapping ErrCorrupt", bad, err)
		}
	}
}

// TestRecordWritesEffectiveConfig: the default config is written as two players, never 0, and a
// record of a config that does not validate is refused.
func TestRecordWritesEffectiveConfig(t *testing.T) {
	s := mustNew(t, herrlof.Config{})
	rec, err := herrlof.NewRecord(herrlof.Config{}, 1, nil, s)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(rec.Config), `{"players":2}`; got != want {
		t.Errorf("config %s, want %s", got, want)
	}
	if _, err := herrlof.NewRecord(herrlof.Config{Players: 5}, 1, nil, s); !errors.Is(err, norns.ErrBadConfig) {
		t.Errorf("a record of 5 players: %v", err)
	}
}

// TestRecordFilesReplay: the match records under testdata/records, written by earlier versions
// of the package (the e54506c- files before records had a version, with "players": 0 for the
// default), replay to their recorded result; and replaying each from its seed and the seats'
// moves alone deals the same cards, which pins the deal and the 6's pick drawn from a seed.
func TestRecordFilesReplay(t *testing.T) {
	files, err := filepath.Glob("testdata/records/*.json")
	if err != nil || len(files) < 6 {
		t.Fatalf("%d record files: %v", len(files), err)
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := norns.ReadRecord(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		last, err := herrlof.ReplayRecord(rec)
		if err != nil || !last.Over() {
			t.Fatalf("%s: %v (over %v)", name, err, last.Over())
		}
		var seats []string
		for _, text := range rec.Moves {
			if m := herrlof.MustParseMove(text); m.Kind() != herrlof.MoveDeal && m.Kind() != herrlof.MovePick {
				seats = append(seats, text)
			}
		}
		c, err := norns.DecodeConfig[herrlof.Config]("herrlof", rec.Config)
		if err != nil {
			t.Fatal(err)
		}
		fromSeed, err := norns.ReplayFromSeed(mustNew(t, c), rec.Seed, seats, herrlof.ParseMove)
		if err != nil || fromSeed != last {
			t.Fatalf("%s: from the seed: %v", name, err)
		}
	}
}

// FuzzReplayRecord: reading and replaying any bytes as a Herrlof record never panics; errors
// wrap ErrCorrupt; a record that replays re-records to one that replays to the same state.
func FuzzReplayRecord(f *testing.F) {
	files, err := filepath.Glob("testdata/records/*.json")
	if err != nil || len(files) == 0 {
		f.Fatalf("no record files: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"version":"1.0","game":"herrlof","config":{"players":3},"seed":1,"moves":["deal 0 R1"],"over":false}`))
	f.Fuzz(gametest.FuzzReplayRecord(records))
}

// FuzzConfig: any bytes as a record's config either start a match or fail with ErrCorrupt (and
// a short error); a config that starts one is recorded as its effective form, which starts the
// same match.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{`{"players":3}`, `{"players":2,"fiveTrickBonus":true,"handLimit":10}`, `{"players":0}`,
		`{"PLAYERS":3}`, `{}`, `{"players":3,"fiveTrickBonus":true}`, `{"handLimit":-1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(gametest.FuzzConfig(records))
}

// records is what the shared record fuzz bodies need of Herrlof.
var records = registration.Records()

// registration is Herrlof as it registered itself: the one description the conformance suite,
// the pinned matches and the record fuzz bodies are built from.
var registration = gametest.Lookup[herrlof.Config, herrlof.State, herrlof.Move, herrlof.View, herrlof.Event]("herrlof")
