package search_test

import (
	"context"
	"fmt"

	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// Choose finds the winning nim move: from a pile of 5, take 2 and leave the opponent a multiple
// of 3. (nim is a toy game defined in this package's tests.)
func ExampleChoose() {
	v := newNim(2, 5).View(0)
	m, err := search.Choose(context.Background(), v, search.Options[nim, nimMove]{Iterations: 1000}, rng.New(1))
	fmt.Println(m, err)
	// Output: take 2 <nil>
}

// A Searcher reuses its tree between searches; RootStats shows what the last one found. In the
// toy guessing game, seat 0 holds a 5 and passes rather than guess: its opponent would answer any
// guess with the card that beats it when it can.
func ExampleSearcher_RootStats() {
	s, _ := newGuess(false).Apply(gMove{kind: gDeal0, a: 5, b: 6, c: 7})
	v := s.View(0)
	sr := search.New[guess, gMove, guessView](search.Options[guess, gMove]{Iterations: 5000})
	m, _ := sr.Choose(context.Background(), v, rng.New(1))
	fmt.Println("chose", m)
	for _, st := range sr.RootStats(nil) {
		fmt.Printf("%-4v mean %.1f\n", st.Move, st.Mean)
	}
	// Output:
	// chose pass
	// hi   mean 0.2
	// lo   mean 0.3
	// pass mean 0.5
}
