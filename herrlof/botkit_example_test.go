package herrlof_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/herrlof"
)

// A bot written from scratch with the kit, then measured against the heuristic with arena. It
// bids the high cards (8s and 9s) and trumps it holds; in play it takes the trick with its
// cheapest winning card while it needs tricks, and otherwise throws its cheapest card that does
// not win. Whatever else comes up (the powers of the 1, 3 and 6) it answers with the first legal
// move. herrlof.Bot and herrlof.BotFunc spare it the generic parameters, View.WouldWin answers
// "would this card take the trick?" with the rules' own trick resolution, and arena.Versus infers
// the tournament's types.
func Example_writeABot() {
	greedy := func(uint64) herrlof.Bot {
		return herrlof.BotFunc(func(ctx context.Context, v herrlof.View) (herrlof.Move, error) {
			legal := v.Legal()
			switch v.Phase() {
			case herrlof.PhaseBid:
				bid := 0
				for c := range v.Hand().All() {
					if c.Rank() >= 8 || (c.IsSuited() && c.Suit() == v.Trump()) {
						bid++
					}
				}
				return herrlof.Bid(bid), nil
			case herrlof.PhasePlay:
				want := v.Tricks(v.Seat()) < v.Bid()
				best := legal[0]
				for _, m := range legal {
					c := m.Card()
					if v.WouldWin(c) == want && (v.WouldWin(best.Card()) != want || c.Rank() < best.Card().Rank()) {
						best = m
					}
				}
				return best, nil
			}
			return legal[0], nil
		})
	}
	heuristic := func(seed uint64) herrlof.Bot { return herrlof.NewHeuristicBot(seed) }

	start, _ := herrlof.New(herrlof.Config{HandLimit: 2})
	c := arena.Versus(start, greedy, heuristic)
	c.Seeds, c.Stream = 20, herrlof.ChanceStream
	res, err := arena.Run(context.Background(), c)
	if err != nil {
		panic(err)
	}
	fmt.Println("greedy against the heuristic:", res)
	// Output: greedy against the heuristic: 0.200 ± 0.131 over 40 matches (an equal bot: 0.500)
}
