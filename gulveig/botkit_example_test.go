package gulveig_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/gulveig"
)

// A bot written from scratch with the kit, then measured against the random bot with arena. It
// bids the least bid it may when it holds two cards worth 11 or more and passes otherwise; as bid
// winner it puts aside the 3 cards worth least and keeps the bid; in play it takes the trick
// with its cheapest winning card when it can, and otherwise throws its cheapest card. Whatever
// else comes up (looks, role powers, the Orchard, Tyr's exchange) it answers with the first legal
// move. gulveig.Bot and gulveig.BotFunc spare it the generic parameters, View.WouldWin answers
// "would this card take the trick?" with the rules' own trick resolution, and arena.Versus
// infers the tournament's types.
func Example_writeABot() {
	worth := func(v gulveig.View, cs gulveig.Cards) int {
		w := 0
		for c := range cs.All() {
			w += v.Worth(c)
		}
		return w
	}
	greedy := func(uint64) gulveig.Bot {
		return gulveig.BotFunc(func(ctx context.Context, v gulveig.View) (gulveig.Move, error) {
			legal := v.Legal()
			switch v.Phase() {
			case gulveig.PhaseBid:
				high := 0
				for c := range v.Hand().All() {
					if v.Worth(c) >= 11 {
						high++
					}
				}
				if last := legal[len(legal)-1]; high < 2 && last.Kind() == gulveig.MovePass {
					return last, nil
				}
				for _, m := range legal {
					if m.Kind() == gulveig.MoveBid {
						return m, nil // the least bid
					}
				}
			case gulveig.PhaseAside:
				best := legal[0]
				for _, m := range legal {
					if worth(v, m.Cards()) < worth(v, best.Cards()) {
						best = m
					}
				}
				return best, nil
			case gulveig.PhasePlay:
				best := legal[0]
				for _, m := range legal {
					c, b := m.Card(), best.Card()
					if v.WouldWin(c) != v.WouldWin(b) {
						if v.WouldWin(c) {
							best = m
						}
					} else if v.Worth(c) < v.Worth(b) {
						best = m
					}
				}
				return best, nil
			}
			return legal[0], nil
		})
	}
	random := func(seed uint64) gulveig.Bot { return gulveig.NewRandomBot(seed) }

	start, _ := gulveig.New(gulveig.Config{Players: 3, HandLimit: 2})
	c := arena.Versus(start, greedy, random)
	c.Seeds, c.Stream = 12, gulveig.ChanceStream
	res, err := arena.Run(context.Background(), c)
	if err != nil {
		panic(err)
	}
	fmt.Println("greedy against the random bot:", res)
	// Output: greedy against the random bot: 0.556 ± 0.147 over 36 matches (an equal bot: 0.333)
}
