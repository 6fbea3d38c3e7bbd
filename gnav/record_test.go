package gnav_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

func TestRecord(t *testing.T) {
	cfg := gnav.Config{Players: 5, Lives: 2, CatIsDragoon: true}
	s := mustNew(t, cfg)
	bots := make([]norns.Bot[gnav.View, gnav.Move], 5)
	for p := range bots {
		bots[p] = gnav.NewHeuristicBot(uint64(p))
	}
	last, moves, err := norns.Play(context.Background(), s, bots, rng.New(9), nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := gnav.NewRecord(cfg, 9, moves, last)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	read, err := norns.ReadRecord(&buf)
	if err != nil {
		t.Fatal(err)
	}
	got, err := gnav.ReplayRecord(read)
	if err != nil || got != last {
		t.Fatalf("ReplayRecord: %v\n%v", err, got)
	}
	for name, bad := range map[string]func(r *norns.Record){
		"game":       func(r *norns.Record) { r.Game = "herrlof" },
		"config":     func(r *norns.Record) { r.Config = json.RawMessage(`{"players":1}`) },
		"config-key": func(r *norns.Record) { r.Config = json.RawMessage(`{"players":5,"trumps":true}`) },
		"move":       func(r *norns.Record) { r.Moves[3] = "fold" },
		"winners":    func(r *norns.Record) { r.Winners = []norns.Player{4, 3} },
	} {
		r := read
		r.Moves = append([]string(nil), read.Moves...)
		bad(&r)
		if _, err := gnav.ReplayRecord(r); !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
}

// TestRecordBeforeVersions replays records written by the SDK before records had a version and
// wrote the effective config (the default match as "players": 0).
func TestRecordBeforeVersions(t *testing.T) {
	for _, name := range []string{"testdata/record-v0-default.json", "testdata/record-v0-3p.json"} {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := norns.ReadRecord(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rec.Version != "" {
			t.Errorf("%s: version %q, want none", name, rec.Version)
		}
		last, err := gnav.ReplayRecord(rec)
		if err != nil || !last.Over() {
			t.Fatalf("%s: ReplayRecord: %v (over %v)", name, err, last.Over())
		}
		// Written again, the record has a version and the effective config.
		again, err := gnav.NewRecord(last.Config(), rec.Seed, parseAll(t, rec.Moves), last)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := again.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(buf.Bytes(), []byte(`"version": "1.0"`)) || bytes.Contains(buf.Bytes(), []byte(`"players": 0`)) {
			t.Errorf("%s rewritten:\n%.300s", name, buf.Bytes())
		}
	}
}

func parseAll(t *testing.T, texts []string) []gnav.Move {
	t.Helper()
	ms := make([]gnav.Move, len(texts))
	for i, s := range texts {
		ms[i] = gnav.MustParseMove(s)
	}
	return ms
}

func TestRecordEffectiveConfigAndStrictKeys(t *testing.T) {
	s := mustNew(t, gnav.Config{})
	rec, err := gnav.NewRecord(gnav.Config{}, 1, nil, s)
	if err != nil {
		t.Fatal(err)
	}
	if string(rec.Config) != `{"players":4,"lives":3}` {
		t.Errorf("default config recorded as %s", rec.Config)
	}
	if got, err := gnav.ReplayRecord(rec); err != nil || got != s {
		t.Errorf("ReplayRecord of an empty record: %v", err)
	}
	for _, cfg := range []string{`{"PLAYERS":3}`, `{"Players":3}`, `{"players":3,"players":4}`, `{"players":3,"lives":2,"bogus":1}`} {
		r := rec
		r.Config = json.RawMessage(cfg)
		if _, err := gnav.ReplayRecord(r); !errors.Is(err, norns.ErrCorrupt) || !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("config %s: %v, want ErrCorrupt and ErrBadConfig", cfg, err)
		}
	}
}

// FuzzReplayRecord: reading and replaying any bytes as a Gnav record never panics; errors wrap
// ErrCorrupt; a record that replays re-records to one that replays to the same state.
func FuzzReplayRecord(f *testing.F) {
	for _, name := range []string{"testdata/record-v0-3p.json", "testdata/record-v0-default.json"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"version":"1.0","game":"gnav","config":{"players":2,"lives":1},"seed":1,"moves":["dealer 1"],"over":false}`))
	f.Fuzz(gametest.FuzzReplayRecord(records))
}

// FuzzConfig: any bytes as a record's config either start a match or fail with ErrCorrupt and
// ErrBadConfig; a config that starts one is recorded as its effective form, which starts the
// same match.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{`{"players":3}`, `{"players":5,"lives":2,"catIsDragoon":true}`, `{"players":2,"dealerGiven":true,"firstDealer":1}`, `{"PLAYERS":3}`, `{}`, `{"players":21}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(gametest.FuzzConfig(records))
}

// registration is Gnav as it registered itself: the one description the conformance suite,
// the pinned matches and the record fuzz bodies are built from.
var registration = gametest.Lookup[gnav.Config, gnav.State, gnav.Move, gnav.View, gnav.Event]("gnav")

// records is what the shared record fuzz bodies need of Gnav.
var records = registration.Records()
