package gametest_test

import (
	"encoding/json"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/internal/toy"
)

func toyGame() gametest.Game[toy.State, toy.Move, toy.View] {
	return gametest.Game[toy.State, toy.Move, toy.View]{
		Name:      "toy",
		Starts:    []gametest.Start[toy.State]{{Name: "2p", Config: struct{}{}, State: toy.New()}},
		New:       func([]byte) (toy.State, error) { return toy.New(), nil },
		ParseMove: toy.ParseMove,
		Candidates: func(s toy.State) []toy.Move {
			return []toy.Move{toy.Keep, toy.Draw, toy.Deal([6]uint8{0, 0, 1, 2, 3, 4})}
		},
		Invariant: toy.Invariant,
		Twin:      toy.Twin,
		ApplyEvents: func(s toy.State, m toy.Move, viewer norns.Player) (toy.State, []any, error) {
			next, evs, err := s.ApplyEvents(m, viewer)
			out := make([]any, len(evs))
			for i, e := range evs {
				out[i] = e
			}
			return next, out, err
		},
		NewRecord: func(_ any, seed uint64, moves []toy.Move, last toy.State) (norns.Record, error) {
			return toy.NewRecord(seed, moves, last)
		},
		ReplayRecord: toy.ReplayRecord,
		Deck:         toy.Deck(),
		Zones:        toy.Zones,
		Bots: []norns.BotMaker[toy.View, toy.Move]{
			{Name: "random", New: func(seed uint64) norns.Bot[toy.View, toy.Move] { return norns.NewRandomBot[toy.View, toy.Move](seed) }},
		},
	}
}

func TestRunOnToy(t *testing.T) {
	gametest.Run(t, toyGame())
}

func TestPerft(t *testing.T) {
	s, err := toy.New().Apply(toy.Deal([6]uint8{5, 4, 3, 2, 1, 0}))
	if err != nil {
		t.Fatal(err)
	}
	for depth, want := range []uint64{1, 2, 4, 4} {
		if got := gametest.Perft(s, depth); got != want {
			t.Errorf("Perft(depth %d) = %d, want %d", depth, got, want)
		}
	}
	if got := gametest.Perft(toy.New(), 3); got != 1 {
		t.Errorf("Perft at an unlistable chance node = %d, want 1", got)
	}
}

func TestToyJSONRejectsTampering(t *testing.T) {
	s, _ := toy.New().Apply(toy.Deal([6]uint8{5, 4, 3, 2, 1, 0}))
	held := s
	for _, bad := range []string{`{"dealt":true,"turn":0,"hands":[5,5],"stock":[3,2,1,0],"discard":[],"drew":[false,false]}`, `[`} {
		if err := json.Unmarshal([]byte(bad), &s); err == nil {
			t.Errorf("accepted %s", bad)
		}
		if s != held {
			t.Fatalf("a refused decode changed the state")
		}
	}
}
