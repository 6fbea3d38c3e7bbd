package gulveig_test

import (
	"context"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// TestBotsPlayLegalMatches plays every bot in matches of every player count, options off and on:
// norns.Play fails on any illegal choice.
func TestBotsPlayLegalMatches(t *testing.T) {
	iters := 30
	for _, c := range []gulveig.Config{{Players: 2}, {Players: 3}, {Players: 4}, allOptions(2), allOptions(3), allOptions(4)} {
		c.HandLimit = 2
		for seed := range uint64(3) {
			bots := make([]norns.Bot[gulveig.View, gulveig.Move], c.Players)
			for p := range bots {
				switch (int(seed) + p) % 3 {
				case 0:
					bots[p] = gulveig.NewRandomBot(seed)
				case 1:
					bots[p] = gulveig.NewHeuristicBot(seed)
				default:
					bots[p] = gulveig.NewSearchBot(gulveig.SearchOptions{Seed: seed, Iterations: iters})
				}
			}
			end, _, err := norns.Play(context.Background(), mustNew(t, c), bots, rng.New(seed), nil)
			if err != nil {
				t.Fatalf("%+v seed %d: %v", c, seed, err)
			}
			if !end.Over() {
				t.Fatalf("%+v seed %d: not over", c, seed)
			}
		}
	}
}

func TestBotsRefuseOutOfTurn(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	v := s.View(1) // seat 0 is to act
	for _, b := range []norns.Bot[gulveig.View, gulveig.Move]{gulveig.NewHeuristicBot(1), gulveig.NewSearchBot(gulveig.SearchOptions{Iterations: 10})} {
		if _, err := b.Choose(context.Background(), v); err == nil {
			t.Errorf("%T chose for a seat not to act", b)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := b.Choose(ctx, s.View(0)); !errors.Is(err, context.Canceled) {
			t.Errorf("%T with a done context: %v", b, err)
		}
	}
}

// TestHeuristicBids checks the heuristic's bidding on the scripted deal: seat 0, with Thor + Sif
// and the Aesir masters, bids on; seat 2, with nothing, passes.
func TestHeuristicBids(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	b := gulveig.NewHeuristicBot(1)
	m, err := b.Choose(context.Background(), s.View(0))
	if err != nil || m != gulveig.Bid(90) {
		t.Fatalf("seat 0 opens: %v %v", m, err)
	}
	s = play(t, s, "bid 90", "pass")
	if m, _ := b.Choose(context.Background(), s.View(2)); m != gulveig.Pass() {
		t.Errorf("seat 2 holds nothing and bids %v", m)
	}
	s = play(t, s, "pass")
	m, _ = b.Choose(context.Background(), s.View(0))
	if m.Kind() != gulveig.MoveAside || m.Cards().Has(gulveig.Thor) || m.Cards().Has(gulveig.Odin) {
		t.Errorf("the aside keeps the combo and the masters: %v", m)
	}
	s = play(t, s, m.String(), "keep")
	if m, _ := b.Choose(context.Background(), s.View(0)); m.Kind() != gulveig.MoveShow {
		t.Errorf("the first lead shows Thor + Sif: %v", m)
	}
}
