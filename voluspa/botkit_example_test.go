package voluspa_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/voluspa"
)

// A bot written from scratch with the kit, then measured against the heuristic with arena: it
// plays the lay that scores most now (View.Points), the first in Legal's order among equals, and
// never thinks about keeping a tile. voluspa.Bot and voluspa.BotFunc spare it the generic
// parameters, and arena.Versus infers the tournament's types.
func Example_writeABot() {
	greedy := func(uint64) voluspa.Bot {
		return voluspa.BotFunc(func(ctx context.Context, v voluspa.View) (voluspa.Move, error) {
			legal := v.Legal()
			best := legal[0]
			for _, m := range legal {
				if v.Points(m) > v.Points(best) {
					best = m
				}
			}
			return best, nil
		})
	}
	heuristic := func(seed uint64) voluspa.Bot { return voluspa.NewHeuristicBot(seed) }

	start, _ := voluspa.New(voluspa.Config{Players: 2})
	c := arena.Versus(start, greedy, heuristic)
	c.Seeds, c.Stream = 100, voluspa.ChanceStream
	res, err := arena.Run(context.Background(), c)
	if err != nil {
		panic(err)
	}
	fmt.Println("greedy against the heuristic:", res)
	// Output: greedy against the heuristic: 0.355 ± 0.064 over 200 matches (an equal bot: 0.500)
}
