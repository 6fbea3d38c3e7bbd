package arena_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/gnav"
)

// Measure Gnav's heuristic bot against three random bots on the same deals.
func Example() {
	start, _ := gnav.New(gnav.Config{}) // four players, three lives
	res, err := arena.Run(context.Background(), arena.Config[gnav.State, gnav.Move, gnav.View]{
		Start:     start,
		Seeds:     300,
		Candidate: func(seed uint64) norns.Bot[gnav.View, gnav.Move] { return gnav.NewHeuristicBot(seed) },
		Base:      func(seed uint64) norns.Bot[gnav.View, gnav.Move] { return gnav.NewRandomBot(seed) },
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Matches, "matches; an equal bot wins", res.Even, "; the heuristic is stronger:", res.Beats())
	// Output: 1200 matches; an equal bot wins 0.25 ; the heuristic is stronger: true
}
