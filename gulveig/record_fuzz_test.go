package gulveig_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// FuzzReplayRecord: any bytes either fail to read or replay as a record, with an error wrapping
// ErrCorrupt, or replay to a match whose re-recording replays to the same state.
func FuzzReplayRecord(f *testing.F) {
	start, err := gulveig.New(gulveig.Config{HandLimit: 1})
	if err != nil {
		f.Fatal(err)
	}
	bots := make([]norns.Bot[gulveig.View, gulveig.Move], start.Players())
	for i := range bots {
		bots[i] = gulveig.NewRandomBot(uint64(i) + 1)
	}
	last, moves, err := norns.Play(context.Background(), start, bots, rng.New(1), nil)
	if err != nil {
		f.Fatal(err)
	}
	rec, err := gulveig.NewRecord(last.Config(), 1, moves, last)
	if err != nil {
		f.Fatal(err)
	}
	var w bytes.Buffer
	if err := rec.Write(&w); err != nil {
		f.Fatal(err)
	}
	f.Add(w.Bytes())
	f.Add([]byte(`{"version":"1.0","game":"gulveig","config":{"players":3},"seed":1,"moves":["pass"],"over":false}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := norns.ReadRecord(bytes.NewReader(data))
		if err != nil {
			return
		}
		last, err := gulveig.ReplayRecord(rec)
		if err != nil {
			if !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		moves := make([]gulveig.Move, len(rec.Moves))
		for i, text := range rec.Moves {
			if moves[i], err = gulveig.ParseMove(text); err != nil {
				t.Fatalf("a replayed move does not parse: %v", err)
			}
		}
		again, err := gulveig.NewRecord(last.Config(), rec.Seed, moves, last)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := gulveig.ReplayRecord(again); err != nil || got != last {
			t.Fatalf("re-recorded match does not replay: %v", err)
		}
	})
}

// FuzzConfig: any bytes as a record's config either start a match or fail with ErrCorrupt (and
// a short error); a config that starts one is recorded as its effective form, which starts the
// same match.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{`{"players":3}`, `{"players":4,"blind":true,"roles":true,"alternates":15,"handLimit":2}`, `{"players":2,"target":500}`, `{"PLAYERS":3}`, `{}`, `{"alternates":99}`, `{"handLimit":-1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, cfg []byte) {
		rec := norns.Record{Version: norns.RecordVersion, Game: "gulveig", Config: cfg}
		s, err := gulveig.ReplayRecord(rec)
		if err != nil {
			if !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			if len(err.Error()) > 600 {
				t.Fatalf("an error of %d bytes", len(err.Error()))
			}
			return
		}
		eff, err := gulveig.NewRecord(s.Config(), 0, nil, s)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := gulveig.ReplayRecord(eff); err != nil || got != s {
			t.Fatalf("effective config %s does not start the same match: %v", eff.Config, err)
		}
	})
}
