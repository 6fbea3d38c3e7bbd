package voluspa_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// FuzzReplayRecord: any bytes either fail to read or replay as a record, with an error wrapping
// ErrCorrupt, or replay to a match whose re-recording replays to the same state.
func FuzzReplayRecord(f *testing.F) {
	start, err := voluspa.New(voluspa.Config{Players: 3})
	if err != nil {
		f.Fatal(err)
	}
	bots := make([]norns.Bot[voluspa.View, voluspa.Move], start.Players())
	for i := range bots {
		bots[i] = voluspa.NewRandomBot(uint64(i) + 1)
	}
	last, moves, err := norns.Play(context.Background(), start, bots, rng.New(1), nil)
	if err != nil {
		f.Fatal(err)
	}
	rec, err := voluspa.NewRecord(last.Config(), 1, moves, last)
	if err != nil {
		f.Fatal(err)
	}
	var w bytes.Buffer
	if err := rec.Write(&w); err != nil {
		f.Fatal(err)
	}
	f.Add(w.Bytes())
	f.Add([]byte(`{"version":"1.0","game":"voluspa","config":{"players":3},"seed":1,"moves":["pass"],"over":false}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := norns.ReadRecord(bytes.NewReader(data))
		if err != nil {
			return
		}
		last, err := voluspa.ReplayRecord(rec)
		if err != nil {
			if !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		moves := make([]voluspa.Move, len(rec.Moves))
		for i, text := range rec.Moves {
			if moves[i], err = voluspa.ParseMove(text); err != nil {
				t.Fatalf("a replayed move does not parse: %v", err)
			}
		}
		again, err := voluspa.NewRecord(last.Config(), rec.Seed, moves, last)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := voluspa.ReplayRecord(again); err != nil || got != last {
			t.Fatalf("re-recorded match does not replay: %v", err)
		}
	})
}

// FuzzConfig: any bytes as a record's config either start a match or fail with ErrCorrupt (and
// a short error); a config that starts one is recorded as its effective form, which starts the
// same match.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{`{"players":3}`, `{"players":5}`, `{"players":2}`, `{"PLAYERS":3}`, `{}`, `{"players":9}`, `{"players":-1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, cfg []byte) {
		rec := norns.Record{Version: norns.RecordVersion, Game: "voluspa", Config: cfg}
		s, err := voluspa.ReplayRecord(rec)
		if err != nil {
			if !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			if len(err.Error()) > 600 {
				t.Fatalf("an error of %d bytes", len(err.Error()))
			}
			return
		}
		eff, err := voluspa.NewRecord(s.Config(), 0, nil, s)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := voluspa.ReplayRecord(eff); err != nil || got != s {
			t.Fatalf("effective config %s does not start the same match: %v", eff.Config, err)
		}
	})
}
