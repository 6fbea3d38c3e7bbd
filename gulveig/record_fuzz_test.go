package gulveig_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
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
	f.Fuzz(gametest.FuzzReplayRecord(records))
}

// FuzzConfig: any bytes as a record's config either start a match or fail with ErrCorrupt (and
// a short error); a config that starts one is recorded as its effective form, which starts the
// same match.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{`{"players":3}`, `{"players":4,"blind":true,"roles":true,"alternates":15,"handLimit":2}`, `{"players":2,"target":500}`, `{"PLAYERS":3}`, `{}`, `{"alternates":99}`, `{"handLimit":-1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(gametest.FuzzConfig(records))
}

// records is what the shared record fuzz bodies need of Gulveig.
var records = gametest.Records[gulveig.Config, gulveig.State, gulveig.Move, gulveig.View]{
	Game:         "gulveig",
	NewRecord:    gulveig.NewRecord,
	ReplayRecord: gulveig.ReplayRecord,
	ParseMove:    gulveig.ParseMove,
	Config:       gulveig.State.Config,
}
