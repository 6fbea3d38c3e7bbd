package norns_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns"
	_ "github.com/nornsgames/norns/gnav" // registers "gnav"
	"github.com/nornsgames/norns/rng"
)

// Play a registered game by name, without its types: options as name=value, heuristic bots in
// every seat, chance drawn from a seeded generator, and one seat's events as text.
func ExampleLookup() {
	g, err := norns.Lookup("gnav")
	if err != nil {
		panic(err)
	}
	config, _ := g.ConfigFromOptions("players=3", "lives=1")
	m, err := g.New(config)
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Name(), "for", m.Players(), "with bots", g.Bots())

	bots := make([]norns.TextBot, m.Players())
	for p := range bots {
		bots[p], _ = g.NewBot("random", uint64(p))
	}
	r := rng.New(7)
	for !m.Over() {
		var move string
		if p := m.ToMove(); p == norns.Chance {
			move = m.SampleChance(r)
		} else {
			move, _ = bots[p].Choose(context.Background(), m.View(p))
		}
		var events []norns.Event
		m, events, err = m.ApplyEvents(move, 0) // as seat 0 sees it
		if err != nil {
			panic(err)
		}
		if m.Over() { // the last move's events
			fmt.Println(events[len(events)-1].Text)
		}
	}
	fmt.Println("winners:", m.Winners())
	// Output:
	// gnav for 3 with bots [random heuristic search]
	// the match is over: seat 1 wins
	// winners: {1}
}
