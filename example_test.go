package norns_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// Play a seeded Herrlof match between two bots, then save it as a match record and replay it.
func Example() {
	cfg := herrlof.Config{} // the standard game: two players, to 50 points
	start, _ := herrlof.New(cfg)
	bots := []norns.Bot[herrlof.View, herrlof.Move]{herrlof.NewHeuristicBot(1), herrlof.NewRandomBot(2)}
	last, moves, err := norns.Play(context.Background(), start, bots, rng.New(42), nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("over:", last.Over(), "winners:", last.Winners().Len())

	rec, _ := herrlof.NewRecord(cfg, 42, moves, last)
	var file bytes.Buffer
	_ = rec.Write(&file)
	read, _ := norns.ReadRecord(&file)
	replayed, err := herrlof.ReplayRecord(read)
	fmt.Println("replayed:", err == nil && replayed == last)
	// Output:
	// over: true winners: 1
	// replayed: true
}

// A bot is any value with a Choose method; BotFunc turns a function into one. This one always
// stands in Gnav, whatever its card.
func ExampleBotFunc() {
	stand := gnav.MustParseMove("stand")
	stubborn := norns.BotFunc[gnav.View, gnav.Move](func(_ context.Context, v gnav.View) (gnav.Move, error) {
		for _, m := range v.Legal() {
			if m == stand {
				return m, nil
			}
		}
		return v.Legal()[0], nil
	})
	start, _ := gnav.New(gnav.Config{Players: 3})
	bots := []norns.Bot[gnav.View, gnav.Move]{stubborn, gnav.NewHeuristicBot(1), gnav.NewHeuristicBot(2)}
	last, _, err := norns.Play(context.Background(), start, bots, rng.New(7), nil)
	fmt.Println(err == nil, last.Over())
	// Output: true true
}

// Playout plays random moves to the end in place, without allocating; it is what simulations and
// benchmarks use.
func ExamplePlayout() {
	start, _ := herrlof.New(herrlof.Config{Players: 3})
	r := rng.New(1)
	buf := make([]herrlof.Move, 0, 64)
	wins := make([]int, 3)
	var last herrlof.State // declared once: Playout plays on it in place
	for range 100 {
		last = start
		buf = norns.Playout(&last, r, buf)
		for p := range last.Winners().All() {
			wins[p]++
		}
	}
	fmt.Println("matches with a winner:", wins[0]+wins[1]+wins[2] >= 100)
	// Output: matches with a winner: true
}

// The same seed and the seats' moves replay a match: chance is drawn from rng.New(seed) in order.
func ExampleReplayFromSeed() {
	start, _ := gnav.New(gnav.Config{})
	bots := []norns.Bot[gnav.View, gnav.Move]{gnav.NewRandomBot(1), gnav.NewRandomBot(2), gnav.NewRandomBot(3), gnav.NewRandomBot(4)}
	last, moves, _ := norns.Play(context.Background(), start, bots, rng.New(99), nil)
	seatMoves, _ := norns.SeatMoves(start, moves)
	again, err := norns.ReplayFromSeed(start, 99, seatMoves, gnav.ParseMove)
	fmt.Println(err == nil && again == last)
	// Output: true
}

// A match record with tags: who sat where, the event and the date, written as JSON and read
// back.
func ExampleRecord_tags() {
	start, _ := gnav.New(gnav.Config{Players: 2})
	bots := []norns.Bot[gnav.View, gnav.Move]{gnav.NewHeuristicBot(1), gnav.NewRandomBot(2)}
	last, moves, _ := norns.Play(context.Background(), start, bots, rng.New(7), nil)
	rec, _ := gnav.NewRecord(gnav.Config{Players: 2}, 7, moves, last)
	rec.Tags = norns.Tags{Event: "Club night", Date: "2026-12-01",
		Seats: []norns.SeatTag{{Name: "Ada", Bot: "gnav.NewHeuristicBot(1)"}, {Name: "Bo", Bot: "gnav.NewRandomBot(2)"}}}
	var file bytes.Buffer
	_ = rec.Write(&file)
	read, err := norns.ReadRecord(&file)
	if err != nil {
		panic(err)
	}
	replayed, err := gnav.ReplayRecord(read)
	var config bytes.Buffer
	_ = json.Compact(&config, read.Config)
	fmt.Println(read.Version, read.Game, config.String(), read.Tags.Event, read.Tags.Seats[0].Name, replayed == last, err)
	// Output: 1.0 gnav {"players":2,"lives":3} Club night Ada true <nil>
}
