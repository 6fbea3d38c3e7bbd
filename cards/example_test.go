package cards_test

import (
	"fmt"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// A deck is a table of kinds with copies; a hand is a Multiset of it.
func Example() {
	deck := cards.MustDeck("demo",
		cards.Kind{Name: "Odin", Short: "O", Copies: 1},
		cards.Kind{Name: "Valknut", Short: "V", Copies: 3},
		cards.Kind{Name: "Thor", Short: "T", Copies: 2},
	)
	odin, _ := deck.Parse("odin")
	valknut, _ := deck.Parse("V")
	hand := deck.Of(odin, valknut, valknut)
	fmt.Println(deck.Format(hand), hand.Len(), deck.Count(hand, valknut))

	hand = deck.Without(hand, valknut)
	rest := deck.Diff(deck.Full(), hand)
	fmt.Println(deck.Format(hand), "|", deck.Format(rest))
	_, ok := deck.Add(deck.Full(), valknut)
	fmt.Println("a fourth Valknut:", ok)
	// Output:
	// O V V 3 2
	// O V | V V T T
	// a fourth Valknut: false
}

// Gulveig's deck: 24 cards in four clans of six, plus four alternates, one copy each. The worths
// and strengths live in the game's own table beside this one, indexed by [cards.Deck.Index].
func ExampleNewDeck_gulveig() {
	var kinds []cards.Kind
	for _, clan := range [][]string{
		{"Odin", "Tyr", "Thor", "Sif", "Baldur", "Idun"},
		{"Frey", "Njord", "Aegir", "Ran", "Nanna", "Freya"},
		{"Surt", "Logi", "Loki", "Spear", "Farbauti", "Thiassi"},
		{"Ymir", "Hrungnir", "Gymir", "Aurboda", "Thrym", "Laufey"},
	} {
		for _, name := range clan {
			kinds = append(kinds, cards.Kind{Name: name, Short: name, Copies: 1})
		}
	}
	for _, name := range []string{"Nanna", "Laufey", "Thiassi", "Freya"} {
		kinds = append(kinds, cards.Kind{Name: "grey " + name, Short: name + "*", Copies: 1})
	}
	deck := cards.MustDeck("gulveig", kinds...)
	loki, _ := deck.Parse("Loki")
	spear, _ := deck.Parse("spear")
	fmt.Println(deck.Size(), deck.NumKinds(), deck.Format(deck.Of(loki, spear)))
	// Output: 28 28 Loki Spear
}

// Voluspa's 60 tiles are 8 kinds with copies: the whole supply fits one word, and a random draw
// weighs each kind by its copies left.
func ExampleNewDeck_voluspa() {
	deck := cards.MustDeck("voluspa",
		cards.Kind{Name: "Odin", Short: "Odin", Copies: 6},
		cards.Kind{Name: "Thor", Short: "Thor", Copies: 8},
		cards.Kind{Name: "Troll", Short: "Troll", Copies: 6},
		cards.Kind{Name: "Dragon", Short: "Dragon", Copies: 8},
		cards.Kind{Name: "Fenrir", Short: "Fenrir", Copies: 8},
		cards.Kind{Name: "Skadi", Short: "Skadi", Copies: 9},
		cards.Kind{Name: "Valkyrie", Short: "Valkyrie", Copies: 9},
		cards.Kind{Name: "Loki", Short: "Loki", Copies: 6},
	)
	supply := deck.Full()
	r := rng.New(1)
	var hand cards.Multiset
	for range 5 {
		t := deck.Random(supply, r)
		supply = deck.Without(supply, t)
		hand = deck.With(hand, t)
	}
	both, _ := deck.Sum(supply, hand)
	fmt.Println(supply.Len(), hand.Len(), both == deck.Full())
	// Output: 55 5 true
}

// A Pile is an ordered stock; its capacity is its array type.
func ExamplePile() {
	stock := cards.PileOf[[11]cards.Card](9, 2, 30) // 9 on top
	top, _ := stock.Draw()
	stock.PushBottom(top)
	fmt.Println(top, stock, stock.Len(), stock.Cap())
	// Output: 9 [2 30 9] 3 11
}
