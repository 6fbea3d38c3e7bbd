package herrlof_test

import (
	"context"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// View.WouldWin in a scripted trick: seat 1 leads the red 8 under yellow trumps; seat 0 takes it
// with a higher red or any trump, not with a lower red, another suit, a Hagalaz or the Valknut.
func TestViewWouldWinScripted(t *testing.T) {
	const (
		hand0 = "R2 R7 R9 G1 G2 G4 G5 B1 B2 B4 B5 B6 Y4 Y5 V"
		hand1 = "R4 R5 R6 R8 G6 G7 G8 B7 B8 B9 Y7 Y8 Y9 H H"
	)
	s := botDeal(t, 1, hand0, hand1, "Y2")
	s = botApply(t, s, "bid 5", "bid 5", "R8")
	v := s.View(0)
	if v.LedSuit() != v.Trick().LedSuit() || v.LedSuit().String() != "red" {
		t.Errorf("LedSuit = %v, want red", v.LedSuit())
	}
	for text, want := range map[string]bool{"R9": true, "Y4": true, "Y5": true, "R7": false, "R2": false, "G5": false, "B6": false, "V": false} {
		c := cardsOf(t, text)[0]
		if got := v.WouldWin(c); got != want {
			t.Errorf("WouldWin(%v) = %v, want %v", c, got, want)
		}
	}
	if w := v.Trick().Winning(v.Trump()); w != 0 {
		t.Errorf("Winning of a one-card trick = %d, want 0", w)
	}
	// After seat 0's R9 the trick is complete: Winning names the R9, and the seat that played it
	// is the trick's winner.
	done := botApply(t, s, "R9").View(0).LastTrick()
	if w := done.Winning(v.Trump()); w != 1 || done.Seat(w) != done.Winner() {
		t.Errorf("complete trick %v: Winning = %d, winner %v", done, w, done.Winner())
	}
	if done.WouldWin(cardsOf(t, "Y9")[0], v.Trump()) {
		t.Error("WouldWin on a complete trick: true")
	}
}

// TestWouldWinAgreesWithTheRules: at every decision of random matches (two and three players)
// where a card completes the trick, View.WouldWin(c) is true exactly when playing c makes the
// seat the trick's winner (once any 3's draw is done); and Trick.Winning of every completed trick names the winner's card.
func TestWouldWinAgreesWithTheRules(t *testing.T) {
	checked := 0
	for _, players := range []int{2, 3} {
		for seed := range uint64(4) {
			s, err := herrlof.New(herrlof.Config{Players: players, HandLimit: 2})
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(seed)
			bot := herrlof.NewRandomBot(seed)
			for !s.Over() {
				p := s.ToMove()
				if p == norns.Chance {
					s, _ = s.Apply(s.SampleChance(r))
					continue
				}
				v := s.View(p)
				if v.Phase() == herrlof.PhasePlay && v.Trick().Len() == players-1 {
					for _, m := range v.Legal() {
						next, err := s.Apply(m)
						if err != nil {
							t.Fatal(err)
						}
						// A 3's draw and return (H11) come before the trick is settled.
						for next.Trick().Len() > 0 {
							var x herrlof.Move
							if next.ToMove() == norns.Chance {
								x = next.SampleChance(r)
							} else {
								x = next.Legal()[0]
							}
							if next, err = next.Apply(x); err != nil {
								t.Fatal(err)
							}
						}
						if next.Over() || next.Phase() == herrlof.PhaseDeal {
							continue // the hand's last trick: the next hand starts afresh
						}
						last := next.View(p).LastTrick()
						if got, want := v.WouldWin(m.Card()), last.Winner() == p; got != want {
							t.Fatalf("seed %d: %v to trick %v under %v: WouldWin %v, but the winner is %v", seed, m, v.Trick(), v.Trump(), got, last.Winner())
						}
						w := last.Winning(v.Trump())
						if (w < 0) != (last.Winner() == norns.Nobody) || w >= 0 && last.Seat(w) != last.Winner() {
							t.Fatalf("trick %v: Winning %d, winner %v", last, w, last.Winner())
						}
						checked++
					}
				}
				m, err := bot.Choose(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				if s, err = s.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d cards checked", checked)
	}
}

func TestChanceStream(t *testing.T) {
	s, err := herrlof.New(herrlof.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if k := herrlof.ChanceStream(s); k != 0 {
		t.Errorf("the deal's stream is %d, want 0", k)
	}
	s = botDeal(t, 0, "", "", "Y2")
	defer func() {
		if recover() == nil {
			t.Error("ChanceStream of a bidding state did not panic")
		}
	}()
	herrlof.ChanceStream(s)
}
