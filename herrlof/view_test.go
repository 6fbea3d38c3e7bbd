package herrlof_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

func TestViewHidesOtherHandsAndStock(t *testing.T) {
	hands := []string{"R1 R2 R3 R4 R5 R6 R7 R8 G1 G2 G3 G4 G5 V H", "B1 B2 B3 B4 B5 B6 B7 B8 Y5 G6 G7 G8 G9 V H"}
	a := dealt(t, two, dealMove(t, 2, 0, hands, "B9", "R9 Y1 Y2"), "bid 0")
	hands[1] = "B1 B2 B3 B4 B5 B6 B7 B8 Y2 G6 G7 G8 G9 V H"
	b := dealt(t, two, dealMove(t, 2, 0, hands, "B9", "R9 Y1 Y5"), "bid 0")
	if a.View(0) != b.View(0) {
		t.Error("seat 0 sees seat 1's hand or the stock")
	}
	if a.View(1) == b.View(1) {
		t.Error("seat 1 does not see its own hand")
	}
	v := a.View(0)
	if v.Hand() != a.Hand(0) || v.HandLen(1) != 15 || v.StockLen() != 11 || v.TrumpCard() != card(t, "B9") || v.Bid() != 0 {
		t.Errorf("view %v", v)
	}
	if v.Legal() != nil || len(a.View(1).Legal()) != 16 {
		t.Error("views list moves for the wrong seat")
	}
}

func TestViewShowedOut(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	if got := apply(t, s, "R2", "V").View(0); got.ShowedOut(1, herrlof.Red) {
		t.Error("a Valknut proves a void")
	}
	v := apply(t, s, "R2", "B2").View(0)
	if !v.ShowedOut(1, herrlof.Red) || v.ShowedOut(1, herrlof.Green) || v.ShowedOut(0, herrlof.Red) {
		t.Error("an off-suit card does not prove a void, or proves too much")
	}
	// Drawing with a 3 may bring the suit back: the void is forgotten.
	d := apply(t, s, "R2", "B3")
	if !d.View(0).ShowedOut(1, herrlof.Red) {
		t.Fatal("no void after B3 on red")
	}
	if apply(t, d, "draw").View(0).ShowedOut(1, herrlof.Red) {
		t.Error("void kept after a hidden draw")
	}
}

func TestViewKnowledgeLostWhenTheHolderDraws(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "R2", "B6", "take", "pick G5", "give B2") // seat 0 now holds B2, which seat 1 knows
	if !s.View(1).Known(0).Has(card(t, "B2")) || !s.View(0).KnownBy(1).Has(card(t, "B2")) {
		t.Fatal("the given card is not known")
	}
	s = apply(t, s, "G7", "G3", "draw", "return R1") // seat 0 follows with a 3, draws and returns a card
	if !s.View(1).Known(0).IsEmpty() {
		t.Errorf("seat 1 still knows %v after seat 0 drew and returned a card", s.View(1).Known(0))
	}
	if ks := s.View(0).KnownStock(); ks[len(ks)-1] != card(t, "R1") {
		t.Errorf("seat 0 does not know the card it returned: %v", ks)
	}
}

// TestSampleRespectsKnowledge draws many samples from views with voids, known cards and known
// stock positions, and checks each against them.
func TestSampleRespectsKnowledge(t *testing.T) {
	s := dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	// Seat 1 and seat 2 show out of red; seat 2's 6 takes from seat 1 and gives B1.
	s = apply(t, s, "R2", "G2", "H") // seat 0 wins; seat 2 leads
	s = apply(t, s, "B6", "R4", "H") // seat 2's B6 wins; take
	s = apply(t, s, "take 1", "pick G3", "give B1")
	s = apply(t, s, "G4", "G3", "nodraw", "G9")  // seat 1 leads (Hagalaz); seat 0's G9 wins; seat 1 leads
	s = apply(t, s, "G1", "B2", "R1", "nosteal") // seats 2 and 0 show out of green
	r := rng.New(1)
	for p := range norns.Player(3) {
		v := s.View(p)
		for range 300 {
			smp := v.Sample(r)
			if smp.View(p) != v {
				t.Fatalf("%v: sample's view differs", p)
			}
			if err := herrlof.ValidateSample(smp); err != nil {
				t.Fatalf("%v: sample breaks an invariant: %v", p, err)
			}
			for q := range norns.Player(3) {
				if q == p {
					continue
				}
				if !smp.Hand(q).Contains(v.Known(q)) {
					t.Fatalf("%v: sample drops a known card of %v", p, q)
				}
				for st := herrlof.Red; st <= herrlof.Yellow; st++ {
					if v.ShowedOut(q, st) && !smp.Hand(q).OfSuit(st).IsEmpty() {
						t.Fatalf("%v: sample gives %v a %v card after it showed out", p, q, st)
					}
				}
			}
		}
	}
	if !s.View(2).Known(1).Has(card(t, "B1")) || !s.View(0).ShowedOut(2, herrlof.Green) {
		t.Error("knowledge missing")
	}
}

// TestSampleUniform checks that, seen from seat 0 right after the deal, each unseen card is in
// seat 1's hand with probability 15/27.
func TestSampleUniform(t *testing.T) {
	v := dealt(t, two, hand2(t, 0)).View(0)
	r := rng.New(3)
	const n = 6000
	count := map[herrlof.Card]int{}
	for range n {
		for c := range v.Sample(r).Hand(1).All() {
			count[c]++
		}
	}
	for c, k := range count {
		copies := float64(herrlof.FullDeck().Minus(v.Hand()).Minus(herrlof.CardsOf(v.TrumpCard())).Count(c))
		want := copies * n * 15 / 27
		if d := float64(k) - want; d*d > 25*want {
			t.Errorf("%v in seat 1's hand %d times, want about %.0f", c, k, want)
		}
	}
}
