package voluspa_test

import (
	"fmt"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// candidates lists moves to try in s, legal or not: every tile laid and covering on the grid's
// edge squares and a few squares of it, every discard, a pass, and every kind of chance move.
func candidates(s voluspa.State) []voluspa.Move {
	var out []voluspa.Move
	for _, t := range voluspa.Kinds() {
		out = append(out, voluspa.Discard(t), voluspa.Draw(t), voluspa.FirstTile(t))
	}
	out = append(out, voluspa.Pass(), voluspa.FirstSeat(0), voluspa.FirstSeat(norns.Player(s.Players())), voluspa.Move{})
	minX, minY, maxX, maxY, ok := s.Bounds()
	if !ok {
		return out
	}
	squares := [][2]int{{minX - 1, 0}, {maxX + 1, 0}, {0, minY - 1}, {0, maxY + 1}, {0, 0}, {minX, minY}, {maxX, maxY}, {1, 0}, {0, 1}, {-1, 0}, {99, 99}}
	for _, t := range voluspa.Kinds() {
		for _, sq := range squares {
			out = append(out, voluspa.Lay(t, sq[0], sq[1]), voluspa.CoverWith(t, sq[0], sq[1]))
		}
	}
	return out
}

// zones lists where every tile is, each zone read from what the State records: the tiles on top
// of the grid (its cells), out of the game (Gone), the supply (Supply) and each hand (Hand). A
// grid with more copies of a kind than the game holds (a broken state) keeps the game's number,
// so the zones fall short of the deck instead of panicking.
func zones(s voluspa.State) []cards.Multiset {
	var grid cards.Multiset
	for i := range s.Cells() {
		_, _, t := s.Cell(i)
		grid, _ = voluspa.Deck().Add(grid, cards.Card(t))
	}
	out := []cards.Multiset{grid, cards.Multiset(s.Gone()), cards.Multiset(s.Supply())}
	for p := range norns.Player(s.Players()) {
		out = append(out, cards.Multiset(s.Hand(p)))
	}
	return out
}

func game(players []int, seeds int) gametest.Game[voluspa.State, voluspa.Move, voluspa.View] {
	g := registration.Suite() // what the registry holds; the tests add the rest
	g.Candidates, g.Invariant, g.Twin, g.Seeds = candidates, invariant, voluspa.Twin, seeds
	g.Deck, g.Zones = voluspa.Deck(), zones
	for _, n := range players {
		c := voluspa.Config{Players: n}
		s, err := voluspa.New(c)
		if err != nil {
			panic(err)
		}
		g.Starts = append(g.Starts, gametest.Start[voluspa.State]{Name: fmt.Sprintf("%dp", n), Config: c, State: s})
	}
	return g
}

// TestConformance runs the shared conformance suite for 2 to 5 players: 4 random matches from
// each (gametest plays 2 with -short), 12 with -long.
func TestConformance(t *testing.T) {
	seeds := 4
	if *long {
		seeds = 12
	}
	gametest.Run(t, game([]int{2, 3, 4, 5}, seeds))
}

// TestZonesNoticeALostTile checks that zones reads every zone from what the State records, none
// as the complement of the others: a tile lost from any one zone (voluspa.Lose) leaves zones
// short of the game's 60 tiles, which is what lets the conformance suite's conservation check
// notice a lost tile.
func TestZonesNoticeALostTile(t *testing.T) {
	sum := func(s voluspa.State) (cards.Multiset, bool) {
		var all cards.Multiset
		for _, z := range zones(s) {
			var ok bool
			if all, ok = voluspa.Deck().Sum(all, z); !ok {
				return all, false
			}
		}
		return all, true
	}
	r := rng.New(5)
	lost := make(map[int]int)
	for _, n := range []int{2, 3, 5} {
		s := mustNew(t, n)
		for !s.Over() {
			if all, ok := sum(s); !ok || all != voluspa.Deck().Full() {
				t.Fatalf("the zones of a legal state hold %v, not the game's tiles\n%v", voluspa.Tiles(all), s)
			}
			for zone := range 3 + n {
				bad, ok := voluspa.Lose(s, zone)
				if !ok {
					continue
				}
				lost[zone]++
				if all, ok := sum(bad); ok && all == voluspa.Deck().Full() {
					t.Fatalf("zone %d lost a tile, yet the zones add up to the game's tiles\n%v", zone, bad)
				}
			}
			if err := s.Step(randomMove(s, r)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for zone := range 3 + 2 {
		if lost[zone] == 0 {
			t.Errorf("no state had a tile to lose in zone %d", zone)
		}
	}
}
