package herrlof_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// A short match (one hand) between two random players, with chance drawn from a seeded
// generator: the same seed always plays the same match.
func Example() {
	s, err := herrlof.New(herrlof.Config{HandLimit: 1})
	if err != nil {
		panic(err)
	}
	r := rng.New(42)
	moves := 0
	for !s.Over() {
		var m herrlof.Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			legal := s.Legal()
			m = legal[r.IntN(len(legal))]
		}
		if s.Phase() == herrlof.PhaseDeal {
			hands, trump, _ := m.Dealt()
			fmt.Printf("seat 0 holds %v\ntrump card %v, %v leads\n", hands[0], trump, m.Leader())
		}
		if s, err = s.Apply(m); err != nil {
			panic(err)
		}
		moves++
	}
	r1 := s.LastHand()
	fmt.Printf("%d moves; bids %v, tricks %v, points %v\n", moves, r1.Bids[:2], r1.Tricks[:2], r1.Points[:2])
	fmt.Println("winners:", s.Winners())
	// Output:
	// seat 0 holds R5 R8 G7 B1 B3 B4 B5 B6 B8 Y1 Y3 Y5 V H H
	// trump card R6, seat 0 leads
	// 40 moves; bids [11 13], tricks [7 5], points [7 5]
	// winners: {0}
}

// Scripting an exact position: a hand-made deal, then bids and cards in notation.
func ExampleState_Apply() {
	deal := herrlof.MustParseMove("deal 0 R1 R2 R3 R4 R5 R6 R7 R8 G1 G2 G3 G4 G5 V H" +
		" / B1 B2 B3 B4 B5 B6 B7 B8 Y5 G6 G7 G8 G9 V H / B9 / R9 Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9 V H")
	s, _ := herrlof.New(herrlof.Config{})
	s, _ = s.Apply(deal)
	for _, text := range []string{"bid 2", "bid 3", "G2"} {
		s, _ = s.Apply(herrlof.MustParseMove(text))
	}
	// Seat 1 holds green, so it must follow green (or play a Valknut or Hagalaz).
	_, err := s.Apply(herrlof.MustParseMove("B2"))
	fmt.Println(err)
	fmt.Println(errors.Is(err, norns.ErrIllegalMove))
	s, _ = s.Apply(herrlof.MustParseMove("G9"))
	fmt.Println("winner:", s.LastTrick().Winner(), "- next to lead:", s.ToMove())
	// Output:
	// herrlof: seat 1 cannot play B2: must follow green (or play a Valknut or Hagalaz): you hold G6
	// true
	// winner: seat 1 - next to lead: seat 0
}

func ExampleParseMove() {
	for _, text := range []string{"R7", "bid 3", "steal 2", "give v", "X9"} {
		m, err := herrlof.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-8s %v\n", m.Kind(), m)
	}
	// Output:
	// play     R7
	// bid      bid 3
	// steal    steal 2
	// give     give V
	// herrlof: bad notation: "X9": unknown move "X9"
}

// Events tell a front end what a move did, as one seat sees it.
func ExampleState_ApplyEvents() {
	s, _ := herrlof.New(herrlof.Config{})
	deal := herrlof.MustParseMove("deal 0 R1 R2 R3 R4 R5 R6 R7 R8 G1 G2 G3 G4 G5 V H" +
		" / B1 B2 B3 B4 B5 B6 B7 B8 Y5 G6 G7 G8 G9 V H / B9 / R9 Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9 V H")
	var events []herrlof.Event
	for _, m := range []herrlof.Move{deal, herrlof.Bid(1), herrlof.Bid(0), herrlof.MustParseMove("V"),
		herrlof.MustParseMove("V"), herrlof.MustParseMove("R3"), herrlof.Draw()} {
		s, events, _ = s.ApplyEvents(m, 1, events[:0])
		for _, e := range events {
			fmt.Println(e)
		}
	}
	// Output:
	// hand 1 is dealt; the trump card is B9 (blue is trump); seat 0 leads
	// seat 0 bids in secret
	// seat 1 bids 0
	// seat 0 plays V
	// seat 1 plays V
	// the trick is destroyed by a Valknut
	// two Valknuts change the trump: the new trump card is R9 (red is trump)
	// seat 0 plays R3
	// seat 0 draws a card from the stock
}

// The rules ship with the package, numbered as the tests cite them.
func ExampleRules() {
	rules := herrlof.Rules()
	fmt.Println(rules[:strings.Index(rules, "\n")])
	fmt.Println(strings.Contains(rules, "**H12. The 9.**"))
	// Output:
	// # Herrlof — the rules as this package plays them
	// true
}
