package gulveig_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// Example plays one seeded hand of three random players and prints the auction's result and the
// scores.
func Example() {
	s, _ := gulveig.New(gulveig.Config{HandLimit: 1})
	bots := []norns.Bot[gulveig.View, gulveig.Move]{gulveig.NewRandomBot(1), gulveig.NewRandomBot(2), gulveig.NewRandomBot(3)}
	end, moves, err := norns.Play(context.Background(), s, bots, rng.New(42), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(moves) > 30, end.Over())
	for p := range norns.Player(3) {
		fmt.Printf("%v: %d hand points, score %d\n", p, end.LastHandPoints(p), end.Score(p))
	}
	// Output:
	// true true
	// seat 0: 16 hand points, score 16
	// seat 1: 104 hand points, score -400
	// seat 2: 0 hand points, score 0
}

// ExampleState_Apply scripts a position with a hand-made deal and shows a refused move.
func ExampleState_Apply() {
	s, _ := gulveig.New(gulveig.Config{DealerGiven: true, FirstDealer: 2})
	deal, _ := gulveig.ParseMove("deal 0=Odin,Tyr,Thor,Sif,Frey,Njord,Surt 1=Baldur,Idun,Aegir,Ran,Loki,Spear,Ymir " +
		"2=Nanna,Freya,Logi,Farbauti,Thiassi,Hrungnir,Gymir t=Aurboda,Thrym,Laufey")
	s, _ = s.Apply(deal)
	for _, text := range []string{"bid 90", "pass", "pass", "aside Aurboda Thrym Laufey", "keep", "show Thor+Sif"} {
		m, _ := gulveig.ParseMove(text)
		s, _ = s.Apply(m)
	}
	fmt.Println("supremacy:", s.Supremacy())
	m, _ := gulveig.ParseMove("Aegir")
	if _, err := s.Apply(m); err != nil {
		fmt.Println(err)
	}
	// Output:
	// supremacy: Aesir
	// gulveig: seat 1 cannot play Aegir: must follow Aesir: you hold Baldur
}

// ExampleParseMove reads moves typed by a person.
func ExampleParseMove() {
	for _, text := range []string{"odin", "SHOW loki+spear", "bid 100", "aside Idun Laufey Freya", "bid 95x"} {
		m, err := gulveig.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%v: %v\n", m.Kind(), m)
	}
	// Output:
	// play: Odin
	// show: show Loki+Spear
	// bid: bid 100
	// aside: aside Idun Freya Laufey
	// gulveig: bad notation: "bid 95x": bad number "95x"
}

// ExampleSettle settles the bets of a match (G20).
func ExampleSettle() {
	for _, p := range gulveig.Settle([]int{1000, 500, -200}, norns.SeatsOf(0)) {
		fmt.Println(p)
	}
	// Output:
	// seat 1 pays seat 0 5.00
	// seat 2 pays seat 0 12.00
}
