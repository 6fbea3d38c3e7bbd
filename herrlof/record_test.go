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
