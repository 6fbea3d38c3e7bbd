package gametest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// Pinned describes a game for [CheckPinned]: how to start a match, a seeded random bot, the
// game's record functions and its move parser, and the configurations whose seeded matches the
// golden file holds (the first one also writes the record file).
type Pinned[C any, S norns.State[S, M, V], M norns.Move, V norns.View[S, M]] struct {
	New          func(C) (S, error)
	RandomBot    func(seed uint64) norns.Bot[V, M]
	NewRecord    func(c C, seed uint64, moves []M, last S) (norns.Record, error)
	ReplayRecord func(norns.Record) (S, error)
	ParseMove    func(string) (M, error)
	Configs      []C
}

// CheckPinned pins every chance outcome (deals, draws, random picks) that seeds 0–2 draw in each
// of p.Configs, so that a match replayed with norns.ReplayFromSeed never silently changes:
// testdata/seeded.golden holds whole seeded matches played by random bots. It also replays
// testdata/record-v1.json, a record written by an earlier version of the package, from its
// moves and from its seed. With update, it rewrites both files first (only when a change of the
// chance sequence is intended).
func CheckPinned[C any, S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](t *testing.T, p Pinned[C, S, M, V], update bool) {
	t.Helper()
	play := func(cfg C, seed uint64) ([]M, S) {
		s, err := p.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]norns.Bot[V, M], s.Players())
		for i := range bots {
			bots[i] = p.RandomBot(seed + uint64(i) + 1)
		}
		last, moves, err := norns.Play(context.Background(), s, bots, rng.New(seed), nil)
		if err != nil {
			t.Fatal(err)
		}
		return moves, last
	}
	t.Run("seeded", func(t *testing.T) {
		var b strings.Builder
		for _, cfg := range p.Configs {
			for seed := range uint64(3) {
				moves, last := play(cfg, seed)
				fmt.Fprintf(&b, "%+v seed %d: %d moves, scores", cfg, seed, len(moves))
				for q := range last.Players() {
					fmt.Fprintf(&b, " %d", last.Score(norns.Player(q)))
				}
				b.WriteString("\n")
				for _, m := range moves {
					fmt.Fprintf(&b, "  %v\n", m)
				}
			}
		}
		Golden(t, filepath.Join("testdata", "seeded.golden"), b.String(), update, "seeded matches")
	})
	t.Run("record", func(t *testing.T) {
		path := filepath.Join("testdata", "record-v1.json")
		cfg := p.Configs[0]
		if update {
			moves, last := play(cfg, 7)
			rec, err := p.NewRecord(cfg, 7, moves, last)
			if err != nil {
				t.Fatal(err)
			}
			var w bytes.Buffer
			if err := rec.Write(&w); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, w.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rec, err := norns.ReadRecord(f)
		if err != nil {
			t.Fatal(err)
		}
		last, err := p.ReplayRecord(rec)
		if err != nil {
			t.Fatalf("ReplayRecord: %v", err)
		}
		if !last.Over() {
			t.Fatal("the recorded match does not end")
		}
		start, err := p.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var seat []string
		s := start
		for _, text := range rec.Moves {
			m, err := p.ParseMove(text)
			if err != nil {
				t.Fatal(err)
			}
			if s.ToMove() != norns.Chance {
				seat = append(seat, text)
			}
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		again, err := norns.ReplayFromSeed(start, rec.Seed, seat, p.ParseMove)
		if err != nil || again != last {
			t.Fatalf("ReplayFromSeed: %v (same state: %v)", err, again == last)
		}
	})
}

// Golden compares got with the golden file at path, and reports a difference as a change of
// what (the test's subject, such as "seeded matches"), with a diff. With update, it first
// rewrites the file with got (creating its directory), which a test does only on purpose.
func Golden(t testing.TB, path, got string, update bool, what string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (the test's update flag creates it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s changed (-want +got):\n%s", what, diff)
	}
}
