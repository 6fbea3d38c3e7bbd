package arena_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/gnav"
)

// Measure Gnav's heuristic bot against three random bots on the same deals.
func Example() {
	start, _ := gnav.New(gnav.Config{}) // four players, three lives
	heuristic := func(seed uint64) gnav.Bot { return gnav.NewHeuristicBot(seed) }
	random := func(seed uint64) gnav.Bot { return gnav.NewRandomBot(seed) }
	c := arena.Versus(start, heuristic, random) // the types are inferred
	c.Seeds, c.Stream = 300, gnav.ChanceStream
	res, err := arena.Run(context.Background(), c)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Matches, "matches; an equal bot wins", res.Even, "; the heuristic is stronger:", res.Beats())
	// Output: 1200 matches; an equal bot wins 0.25 ; the heuristic is stronger: true
}
