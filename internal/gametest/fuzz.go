package gametest

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// Records describes a game's record functions for the fuzz bodies [FuzzReplayRecord] and
// [FuzzConfig]: the game's registered name, its record constructor and replay, its move parser,
// and how to read a state's effective configuration.
type Records[C any, S norns.State[S, M, V], M norns.Move, V norns.View[S, M]] struct {
	Game         string
	NewRecord    func(c C, seed uint64, moves []M, last S) (norns.Record, error)
	ReplayRecord func(norns.Record) (S, error)
	ParseMove    func(string) (M, error)
	Config       func(S) C
}

// FuzzReplayRecord returns the body of a game's record fuzz target: any bytes either fail to
// read as a record, or fail to replay with an error wrapping norns.ErrCorrupt, or replay to a
// match that, recorded again from its moves, replays to the same state. Use it as
// f.Fuzz(gametest.FuzzReplayRecord(p)) after adding the game's seed records.
func FuzzReplayRecord[C any, S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](p Records[C, S, M, V]) func(t *testing.T, data []byte) {
	return func(t *testing.T, data []byte) {
		rec, err := norns.ReadRecord(bytes.NewReader(data))
		if err != nil {
			return
		}
		last, err := p.ReplayRecord(rec)
		if err != nil {
			if !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		moves := make([]M, len(rec.Moves))
		for i, text := range rec.Moves {
			if moves[i], err = p.ParseMove(text); err != nil {
				t.Fatalf("a replayed move does not parse: %v", err)
			}
		}
		again, err := p.NewRecord(p.Config(last), rec.Seed, moves, last)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := p.ReplayRecord(again); err != nil || got != last {
			t.Fatalf("re-recorded match does not replay: %v", err)
		}
	}
}

// FuzzConfig returns the body of a game's config fuzz target: any bytes as a record's config
// either start a match or fail with an error wrapping norns.ErrCorrupt, of at most 600 bytes;
// a config that starts one is recorded as its effective form, which starts the same match. Use
// it as f.Fuzz(gametest.FuzzConfig(p)) after adding the game's seed configs.
func FuzzConfig[C any, S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](p Records[C, S, M, V]) func(t *testing.T, cfg []byte) {
	return func(t *testing.T, cfg []byte) {
		rec := norns.Record{Version: norns.RecordVersion, Game: p.Game, Config: cfg}
		s, err := p.ReplayRecord(rec)
		if err != nil {
			if !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			if len(err.Error()) > maxErrorLen {
				t.Fatalf("an error of %d bytes", len(err.Error()))
			}
			return
		}
		eff, err := p.NewRecord(p.Config(s), 0, nil, s)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := p.ReplayRecord(eff); err != nil || got != s {
			t.Fatalf("effective config %s does not start the same match: %v", eff.Config, err)
		}
	}
}

// RandomRecord returns the encoded record of a whole match from start, played by random bots
// (seat i by the bot of seed i+1) with chance drawn from seed: a seed input for a game's record
// fuzz target.
func RandomRecord[C any, S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](tb testing.TB, p Records[C, S, M, V], start S, randomBot func(seed uint64) norns.Bot[V, M], seed uint64) []byte {
	tb.Helper()
	bots := make([]norns.Bot[V, M], start.Players())
	for i := range bots {
		bots[i] = randomBot(uint64(i) + 1)
	}
	last, moves, err := norns.Play(context.Background(), start, bots, rng.New(seed), nil)
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := p.NewRecord(p.Config(last), seed, moves, last)
	if err != nil {
		tb.Fatal(err)
	}
	var w bytes.Buffer
	if err := rec.Write(&w); err != nil {
		tb.Fatal(err)
	}
	return w.Bytes()
}
