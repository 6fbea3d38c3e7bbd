package voluspa_test

import (
	"context"
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// playBots plays a match of n seats with the bots bots makes and returns the final state.
func playBots(t *testing.T, n int, seed uint64, bots func(p int) norns.Bot[voluspa.View, voluspa.Move]) voluspa.State {
	t.Helper()
	bs := make([]norns.Bot[voluspa.View, voluspa.Move], n)
	for p := range bs {
		bs[p] = bots(p)
	}
	last, _, err := norns.Play(context.Background(), mustNew(t, n), bs, rng.New(seed), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !last.Over() {
		t.Fatal("match not over")
	}
	return last
}

func TestBotsPlayLegalMatches(t *testing.T) {
	for n := 2; n <= 5; n++ {
		playBots(t, n, uint64(n), func(p int) norns.Bot[voluspa.View, voluspa.Move] {
			switch p % 3 {
			case 0:
				return voluspa.NewRandomBot(uint64(p))
			case 1:
				return voluspa.NewHeuristicBot(uint64(p))
			}
			return voluspa.NewSearchBot(voluspa.SearchOptions{Seed: uint64(p), Iterations: 30})
		})
	}
}

func TestHeuristicBotIsGreedy(t *testing.T) {
	// Seat 0 can score 4 with its Odin at the end of the row; a Thor or a Troll scores less.
	s := opening(t, "Thor", 0, "Fenrir Odin Troll Loki Thor", "Valkyrie Thor Thor Thor Thor")
	s = play(t, s, "Fenrir 1,0", "Valkyrie 2,0")
	for s.ToMove() == norns.Chance {
		s = mustApply(t, s, "draw Valkyrie")
	}
	v := s.View(0)
	for text, want := range map[string]int{"Odin 3,0": 4, "Odin -1,0": 4, "Thor 3,0": 0, "Odin 5,5": 0, "Odin 0,1": 2, "discard Odin": 0} {
		if got := v.Points(voluspa.MustParseMove(text)); got != want {
			t.Errorf("Points(%s) = %d, want %d", text, got, want)
		}
	}
	if got := s.View(1).Points(voluspa.MustParseMove("Thor 3,0")); got != 0 {
		t.Errorf("Points for a seat not to act: %d", got)
	}
	m, err := voluspa.NewHeuristicBot(1).Choose(context.Background(), s.View(0))
	if err != nil {
		t.Fatal(err)
	}
	if m != voluspa.MustParseMove("Odin 3,0") && m != voluspa.MustParseMove("Odin -1,0") {
		t.Errorf("the heuristic chose %v, want the Odin at an end of the row", m)
	}
	// With nothing to score, it keeps its Trolls.
	s2 := opening(t, "Odin", 0, "Troll Fenrir Valkyrie Troll Valkyrie", "Thor Thor Thor Thor Thor")
	for seed := range uint64(20) {
		m, _ := voluspa.NewHeuristicBot(seed).Choose(context.Background(), s2.View(0))
		if m.Tile() == voluspa.Troll {
			t.Fatalf("the heuristic spent a %v for nothing", m.Tile())
		}
	}
	// A Loki that zeroes the Odin scores 2: the heuristic takes the points.
	s3 := opening(t, "Odin", 0, "Troll Loki Valkyrie Troll Valkyrie", "Thor Thor Thor Thor Thor")
	if m, _ := voluspa.NewHeuristicBot(1).Choose(context.Background(), s3.View(0)); m.Tile() != voluspa.Loki {
		t.Errorf("the heuristic chose %v, want a Loki scoring 2", m)
	}
	if _, err := voluspa.NewHeuristicBot(1).Choose(context.Background(), s2.View(1)); err == nil {
		t.Error("a bot moved for a seat that is not to act")
	}
}

func TestSearchBotReproducible(t *testing.T) {
	s := opening(t, "Thor", 0, "Fenrir Odin Troll Loki Thor", "Valkyrie Thor Thor Thor Thor")
	var got []voluspa.Move
	for range 2 {
		m, err := voluspa.NewSearchBot(voluspa.SearchOptions{Seed: 7, Iterations: 200}).Choose(context.Background(), s.View(0))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(s.Legal(), m) {
			t.Fatalf("search chose %v, not legal", m)
		}
		got = append(got, m)
	}
	if got[0] != got[1] {
		t.Errorf("the same seed chose %v then %v", got[0], got[1])
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := voluspa.NewSearchBot(voluspa.SearchOptions{}).Choose(ctx, s.View(0)); err == nil {
		t.Error("a cancelled search returned no error")
	}
}
