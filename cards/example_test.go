package cards_test

import (
	"fmt"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

func Example() {
	hand := cards.SetOf(3, 17, 40)
	hand = hand.With(5).Without(17)
	fmt.Println(hand, hand.Len(), hand.Has(40))

	stock := cards.PileOf(9, 2, 30)
	top, _ := stock.Draw()
	stock.PushBottom(top)
	fmt.Println(top, stock)
	// Output:
	// {3 5 40} 3 true
	// 9 [2 30 9]
}

func ExampleShuffled() {
	deck := cards.Shuffled(42, rng.New(7))
	fmt.Println(deck.Len(), deck.Set() == cards.Range(0, 42))
	// Output: 42 true
}
