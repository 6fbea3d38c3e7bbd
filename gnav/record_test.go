package gnav_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
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
