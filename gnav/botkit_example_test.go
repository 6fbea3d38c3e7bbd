package gnav_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/gnav"
)

// A bot written from scratch with the kit, then measured against three heuristic bots with arena:
// it keeps any card above VI, and otherwise asks (or, as dealer, draws) unless the view knows the
// seat it would ask refuses. gnav.Bot and gnav.BotFunc spare it the generic parameters,
// View.AskTarget follows the request past the houses and horses the view knows of, and
// arena.Versus infers the tournament's types.
func Example_writeABot() {
	simple := func(uint64) gnav.Bot {
		return gnav.BotFunc(func(ctx context.Context, v gnav.View) (gnav.Move, error) {
			if v.Hand() > gnav.Numbered(6) {
				return gnav.Stand(), nil
			}
			if v.Dealer() == v.Seat() {
				return gnav.Draw(), nil
			}
			if _, _, refused := v.AskTarget(); refused {
				return gnav.Stand(), nil
			}
			return gnav.Ask(), nil
		})
	}
	heuristic := func(seed uint64) gnav.Bot { return gnav.NewHeuristicBot(seed) }

	start, _ := gnav.New(gnav.Config{}) // four players, three lives
	c := arena.Versus(start, simple, heuristic)
	c.Seeds, c.Stream = 200, gnav.ChanceStream
	res, err := arena.Run(context.Background(), c)
	if err != nil {
		panic(err)
	}
	fmt.Println("simple against three heuristics:", res)
	// Output: simple against three heuristics: 0.243 ± 0.020 over 800 matches (an equal bot: 0.250)
}
