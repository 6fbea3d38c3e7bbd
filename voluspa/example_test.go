package voluspa_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// Example plays a seeded two-player match between heuristic bots and prints the result.
func Example() {
	s, _ := voluspa.New(voluspa.Config{Players: 2})
	bots := []norns.Bot[voluspa.View, voluspa.Move]{voluspa.NewHeuristicBot(1), voluspa.NewHeuristicBot(2)}
	last, moves, err := norns.Play(context.Background(), s, bots, rng.New(42), nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("over:", last.Over(), "moves:", len(moves) > 100)
	fmt.Println("scores:", last.Score(0), last.Score(1), "winners:", last.Winners())
	// Output:
	// over: true moves: true
	// scores: 133 165 winners: {1}
}

func ExampleParseMove() {
	for _, text := range []string{"Thor 2,-1", "dragon ON 0, 1", "discard Loki", "pass", "draw Fenrir", "first Odin", "start 1", "Thor 2"} {
		m, err := voluspa.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-14q %v\n", text, m)
	}
	// Output:
	// "Thor 2,-1"    Thor 2,-1
	// "dragon ON 0, 1" Dragon on 0,1
	// "discard Loki" discard Loki
	// "pass"         pass
	// "draw Fenrir"  draw Fenrir
	// "first Odin"   first Odin
	// "start 1"      start 1
	// voluspa: bad notation: "Thor 2": want a square as x,y after the tile
}

// ExampleState_ApplyEvents scripts an opening with chance moves and shows how a lay scores.
func ExampleState_ApplyEvents() {
	s, _ := voluspa.New(voluspa.Config{Players: 2})
	script := []string{
		"draw Odin", "draw Fenrir", "draw Thor", "draw Loki", "draw Troll", // seat 0's hand
		"draw Valkyrie", "draw Thor", "draw Thor", "draw Skadi", "draw Dragon", // seat 1's hand
		"first Thor", "start 0",
		"Fenrir 1,0", "draw Loki",
		"Valkyrie 2,0", "draw Skadi",
	}
	for _, text := range script {
		s, _ = s.Apply(voluspa.MustParseMove(text))
	}
	next, events, err := s.ApplyEvents(voluspa.MustParseMove("Odin 3,0"), norns.Nobody, nil)
	if err != nil {
		panic(err)
	}
	for _, e := range events {
		fmt.Println(e)
	}
	fmt.Print(next.Grid())
	// Output:
	// seat 0 lays Odin at 3,0
	// seat 0 scores 4 for the row through 3,0 (4 tiles): Odin worth 8 is the strongest
	//         0   1   2   3
	//    0   Th  Fe  Va[Od]
}

// ExampleState_Apply shows a refused move and why.
func ExampleState_Apply() {
	s, _ := voluspa.New(voluspa.Config{Players: 2})
	for _, text := range []string{"draw Troll", "draw Thor", "draw Thor", "draw Thor", "draw Thor",
		"draw Odin", "draw Odin", "draw Odin", "draw Odin", "draw Odin", "first Skadi", "start 0", "Troll 1,0", "draw Loki"} {
		s, _ = s.Apply(voluspa.MustParseMove(text))
	}
	_, err := s.Apply(voluspa.MustParseMove("Odin 2,0"))
	fmt.Println(err)
	// Output:
	// voluspa: seat 1 cannot play Odin 2,0: Odin cannot go next to the Troll at 1,0 (V6)
}

// Playout plays random matches to the end, here 2000 three-player matches: how often each seat
// wins (ties count for every tied seat) and the mean winning score. norns.Playout(&s, r, buf)
// plays the same matches, State.Playout about twice as fast.
func ExampleState_Playout() {
	start, _ := voluspa.New(voluspa.Config{Players: 3})
	r := rng.New(1)
	var wins [3]int
	total, n := 0, 2000
	for range n {
		last := start.Playout(r)
		for p := range last.Winners().All() {
			wins[p]++
			total += last.Score(p)
		}
	}
	fmt.Printf("wins per seat: %v; mean winning score %.0f\n", wins, float64(total)/float64(wins[0]+wins[1]+wins[2]))
	// Output: wins per seat: [655 682 663]; mean winning score 37
}
