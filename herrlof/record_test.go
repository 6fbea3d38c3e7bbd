package herrlof_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
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

// TestRecordConfigStrict: a record's config with an unknown field, a second value or an
// invalid config is corrupt; the config NewRecord writes replays.
func TestRecordConfigStrict(t *testing.T) {
	s := mustNew(t, herrlof.Config{})
	rec, err := herrlof.NewRecord(herrlof.Config{}, 1, nil, s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := herrlof.ReplayRecord(rec); err != nil {
		t.Fatalf("a fresh record: %v", err)
	}
	for _, bad := range []string{`{"players":2,"Bogus":1}`, `{"players":2} {}`, `{"players":4}`, `[]`} {
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
