package herrlof_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns/herrlof"
)

// exampleHand is a first hand dealt in notation: seat 1 opens; then seat 0's hand, seat 1's
// hand, the trump card (yellow 2) and the stock from the top.
const exampleHand = "deal 1 R2 R7 R9 G1 G2 G4 G5 B1 B2 B4 B5 B6 Y4 Y5 V / " +
	"R4 R5 R6 R8 G6 G7 G8 B7 B8 B9 Y7 Y8 Y9 H H / Y2 / R1 R3 G3 G9 B3 Y1 Y3 Y6 V V H"

// examplePlay applies moves in notation to s.
func examplePlay(s herrlof.State, moves ...string) herrlof.State {
	for _, text := range moves {
		var err error
		if s, err = s.Apply(herrlof.MustParseMove(text)); err != nil {
			panic(err)
		}
	}
	return s
}

// The heuristic bot bids from its hand, then plays to make its bid: here it needs tricks and
// wins seat 1's red 8 with its red 9.
func ExampleNewHeuristicBot() {
	s, _ := herrlof.New(herrlof.Config{})
	s = examplePlay(s, exampleHand, "bid 5")
	bot := herrlof.NewHeuristicBot(1)
	bid, _ := bot.Choose(context.Background(), s.View(0))
	fmt.Println(bid)
	s = examplePlay(s, bid.String(), "R8")
	card, _ := bot.Choose(context.Background(), s.View(0))
	fmt.Println(card)
	// Output:
	// bid 4
	// R9
}

// The search bot samples the cards it cannot see, searches the hand, and plays the move it
// found best.
func ExampleNewSearchBot() {
	s, _ := herrlof.New(herrlof.Config{})
	s = examplePlay(s, exampleHand, "bid 5", "bid 6", "R8")
	bot := herrlof.NewSearchBot(herrlof.SearchOptions{Seed: 1, Iterations: 2000})
	m, err := bot.Choose(context.Background(), s.View(0))
	fmt.Println(m, err)
	// Output:
	// R9 <nil>
}
