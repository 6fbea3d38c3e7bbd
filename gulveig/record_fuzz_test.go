package gulveig_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
)

// FuzzReplayRecord: any bytes either fail to read or replay as a record, with an error wrapping
// ErrCorrupt, or replay to a match whose re-recording replays to the same state.
func FuzzReplayRecord(f *testing.F) {
	start, err := gulveig.New(gulveig.Config{HandLimit: 1})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(gametest.RandomRecord(f, records, start, func(seed uint64) norns.Bot[gulveig.View, gulveig.Move] { return gulveig.NewRandomBot(seed) }, 1))
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
var records = registration.Records()

// registration is Gulveig as it registered itself: the one description the conformance suite,
// the pinned matches and the record fuzz bodies are built from.
var registration = gametest.Lookup[gulveig.Config, gulveig.State, gulveig.Move, gulveig.View, gulveig.Event]("gulveig")
