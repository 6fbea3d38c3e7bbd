package voluspa_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

var updatePinned = flag.Bool("update-pinned", false, "rewrite testdata/seeded.golden and testdata/record-v1.json (only when a change of the chance sequence is intended)")

// seededMatch plays cfg from seed with random bots, chance drawn from rng.New(seed) as
// norns.Play does, and returns its moves and last state.
func seededMatch(t *testing.T, cfg voluspa.Config, seed uint64) ([]voluspa.Move, voluspa.State) {
	t.Helper()
	s, err := voluspa.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]norns.Bot[voluspa.View, voluspa.Move], s.Players())
	for i := range bots {
		bots[i] = voluspa.NewRandomBot(seed + uint64(i) + 1)
	}
	last, moves, err := norns.Play(context.Background(), s, bots, rng.New(seed), nil)
	if err != nil {
		t.Fatal(err)
	}
	return moves, last
}

// TestSeededMatchesPinned pins every chance outcome (deals, random picks) that a seed draws, so
// that a match replayed with norns.ReplayFromSeed never silently changes: the golden file holds
// whole seeded matches (every tile drawn, the first tile and the first seat).
func TestSeededMatchesPinned(t *testing.T) {
	var b strings.Builder
	for _, cfg := range []voluspa.Config{voluspa.Config{Players: 3}, voluspa.Config{Players: 5}} {
		for seed := range uint64(3) {
			moves, last := seededMatch(t, cfg, seed)
			fmt.Fprintf(&b, "%+v seed %d: %d moves, scores", cfg, seed, len(moves))
			for p := range last.Players() {
				fmt.Fprintf(&b, " %d", last.Score(norns.Player(p)))
			}
			b.WriteString("\n")
			for _, m := range moves {
				fmt.Fprintf(&b, "  %v\n", m)
			}
		}
	}
	path := filepath.Join("testdata", "seeded.golden")
	if *updatePinned {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), b.String()); diff != "" {
		t.Errorf("seeded matches changed (-want +got):\n%s", diff)
	}
}

// TestRecordFromBeforeReplays replays a record file written by an earlier version of the
// package, from its moves and from its seed.
func TestRecordFromBeforeReplays(t *testing.T) {
	path := filepath.Join("testdata", "record-v1.json")
	if *updatePinned {
		cfg := voluspa.Config{Players: 3}
		moves, last := seededMatch(t, cfg, 7)
		rec, err := voluspa.NewRecord(cfg, 7, moves, last)
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
	last, err := voluspa.ReplayRecord(rec)
	if err != nil {
		t.Fatalf("ReplayRecord: %v", err)
	}
	if !last.Over() {
		t.Fatal("the recorded match does not end")
	}
	start, err := voluspa.New(voluspa.Config{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	var seat []string
	s := start
	for _, text := range rec.Moves {
		m, err := voluspa.ParseMove(text)
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
	again, err := norns.ReplayFromSeed(start, rec.Seed, seat, voluspa.ParseMove)
	if err != nil || again != last {
		t.Fatalf("ReplayFromSeed: %v (same state: %v)", err, again == last)
	}
}
