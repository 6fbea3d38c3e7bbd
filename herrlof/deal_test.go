package herrlof_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// TestDealCanonical checks that sampled deals are packed exactly as Deal packs them, so that a
// deal's text reads back to an == move, and that every card is dealt once.
func TestDealCanonical(t *testing.T) {
	for _, cfg := range []herrlof.Config{two, three} {
		start := mustNew(t, cfg)
		r := rng.New(9)
		for range 2000 {
			m := start.SampleChance(r)
			hands, trump, stock := m.Dealt()
			if hands == nil {
				t.Fatalf("sampled deal %v does not unpack", m)
			}
			again, err := herrlof.Deal(m.Leader(), hands, trump, stock)
			if err != nil || again != m {
				t.Fatalf("Deal(Dealt()) = %v, %v; want %v", again, err, m)
			}
			sum := herrlof.CardsOf(append(stock, trump)...)
			for _, h := range hands {
				sum = sum.Plus(h)
			}
			if sum != herrlof.FullDeck() {
				t.Fatalf("deal %v misses cards", m)
			}
		}
	}
}

// TestDealUniform checks that sampled deals spread the cards evenly: each card lands in each
// place (a hand, the trump card, a stock position) about as often as it should.
func TestDealUniform(t *testing.T) {
	start := mustNew(t, two)
	r := rng.New(5)
	const n = 20000
	var trump, top, inHand0 [64]int
	for range n {
		hands, tr, stock := start.SampleChance(r).Dealt()
		trump[tr]++
		top[stock[0]]++
		for c := range hands[0].All() {
			inHand0[c]++
		}
	}
	check := func(name string, got int, p float64) {
		t.Helper()
		want := p * n
		if d := float64(got) - want; d*d > 25*want { // five standard deviations, roughly
			t.Errorf("%s: %d, want about %.0f", name, got, want)
		}
	}
	for c := range herrlof.FullDeck().Kinds() {
		copies := float64(herrlof.FullDeck().Count(c))
		check("trump "+c.String(), trump[c], copies/42)
		check("stock top "+c.String(), top[c], copies/42)
		check("hand 0 "+c.String(), inHand0[c], copies*15/42)
	}
	_ = norns.Chance
}
