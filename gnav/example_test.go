package gnav_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/rng"
)

// A whole match between bots: chance is drawn from a seeded generator, so the match replays
// exactly from the seed.
func Example() {
	s, err := gnav.New(gnav.Config{Players: 3, Lives: 3})
	if err != nil {
		panic(err)
	}
	bots := []norns.Bot[gnav.View, gnav.Move]{gnav.NewHeuristicBot(1), gnav.NewHeuristicBot(2), gnav.NewRandomBot(3)}
	last, moves, err := norns.Play(context.Background(), s, bots, rng.New(7), nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("deals:", last.Round(), "moves:", len(moves))
	fmt.Println("winners:", last.Winners(), "lives:", last.Score(0), last.Score(1), last.Score(2))
	// Output:
	// deals: 7 moves: 24
	// winners: {1} lives: 0 1 0
}

// Apply returns the next state; ApplyEvents also says what happened, as one seat saw it. Here
// seat 0 asks, seat 1 refuses with a Hest and seat 2 must accept.
func ExampleState_Apply() {
	s, _ := gnav.New(gnav.Config{Players: 4, DealerGiven: true, FirstDealer: 3})
	// The pack in dealing order: seats 0, 1, 2, then the dealer, then the stock.
	s, _ = s.Apply(gnav.MustParseMove("deal IV Hest IX Narr " +
		"Narr Ugle Ugle Potte Potte 0 0 I I II II III III IV V V VI VI VII VII VIII VIII IX X X XI XI XII XII Hus Hus Hest Katt Katt Dragon Dragon Gjøk Gjøk"))
	fmt.Println(s.ToMove(), "holds", s.Hand(0), "and may", s.Legal())
	s, events, _ := s.ApplyEvents(gnav.Ask(), 0, nil)
	for _, e := range events {
		fmt.Println(e)
	}
	fmt.Println(s.ToMove(), "is to act")
	// Output:
	// seat 0 holds IV and may [stand ask]
	// seat 0 asks seat 1 to exchange
	// seat 1: Hest forbi! The request passes on
	// seat 0 asks seat 2 to exchange
	// seat 0 and seat 2 exchange: seat 0 gets IX, seat 2 gets IV
	// seat 2 is to act
}

func ExampleParseMove() {
	for _, text := range []string{"ask", "Stand", "dealer 2", "fold"} {
		m, err := gnav.ParseMove(text)
		fmt.Println(m, m.Kind(), err)
	}
	// Output:
	// ask ask <nil>
	// stand stand <nil>
	// dealer 2 dealer <nil>
	// invalid invalid gnav: bad notation: "fold": unknown move "fold" (want stand, ask, draw, dealer or deal)
}
