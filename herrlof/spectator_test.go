package herrlof_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// TestSpectatorView checks, at every state of seeded two- and three-player matches, that the
// spectator's view (View(norns.Nobody)) holds exactly the public information: everything public
// equal to seat 0's view (trump, tricks, cards played, hand and stock sizes, scores, show-outs,
// the power resolving), and no hand, bid, known card or legal move; that its samples give it
// back and keep the public inferences (no seat holds a suit it showed out of; the hand sizes);
// and that the registry's JSON of it (norns.Match.View(norns.Nobody)) has no hand.
func TestSpectatorView(t *testing.T) {
	states := 0
	for _, players := range []int{2, 3} {
		r := rng.New(uint64(40 + players))
		playRandom(t, herrlof.Config{Players: players, HandLimit: 3}, r, func(s herrlof.State) {
			states++
			v, seat := s.View(norns.Nobody), s.View(0)
			if v.Seat() != norns.Nobody || !v.Hand().IsEmpty() || v.Bid() != -1 || v.Legal() != nil || len(v.AppendLegal(nil)) != 0 {
				t.Fatalf("spectator: seat %v, hand %v, bid %d, legal %v", v.Seat(), v.Hand(), v.Bid(), v.Legal())
			}
			for _, c := range v.KnownStock() {
				if c != herrlof.NoCard {
					t.Fatalf("the spectator knows a stock card: %v", v.KnownStock())
				}
			}
			if v.ToMove() != s.ToMove() || v.Over() != s.Over() || v.Phase() != s.Phase() || v.Round() != seat.Round() ||
				v.TrumpCard() != seat.TrumpCard() || v.Trick() != seat.Trick() || v.LastTrick() != seat.LastTrick() ||
				v.Played() != seat.Played() || v.StockLen() != seat.StockLen() || v.TricksPlayed() != seat.TricksPlayed() ||
				v.PowerSeat() != seat.PowerSeat() || v.PowerTarget() != seat.PowerTarget() || v.Leader() != seat.Leader() ||
				v.LastHand() != seat.LastHand() || v.Winners() != s.Winners() || v.Config() != seat.Config() {
				t.Fatalf("the spectator's public part differs from seat 0's:\n%v\n%v", v, seat)
			}
			for q := range norns.Player(players) {
				if v.Score(q) != seat.Score(q) || v.Tricks(q) != seat.Tricks(q) || v.HandLen(q) != seat.HandLen(q) ||
					v.CorrectBids(q) != seat.CorrectBids(q) || !v.Known(q).IsEmpty() || !v.KnownBy(q).IsEmpty() {
					t.Fatalf("the spectator sees seat %v unlike seat 0 does, or knows its cards", q)
				}
				for st := range herrlof.Suit(herrlof.NumSuits) {
					if v.ShowedOut(q, st) != seat.ShowedOut(q, st) {
						t.Fatalf("the spectator sees %v's show-outs unlike seat 0", q)
					}
				}
			}
			if strings.Contains(v.String(), "\nhand ") || !strings.Contains(v.String(), "spectator") {
				t.Fatalf("the spectator's String shows a hand or no spectator:\n%v", v)
			}
			if states%7 != 0 {
				return
			}
			smp := v.Sample(r)
			if smp.View(norns.Nobody) != v {
				t.Fatalf("a spectator's sample has another spectator view:\n%v\nfrom\n%v", smp, s)
			}
			for q := range norns.Player(players) {
				if smp.Hand(q).Len() != s.Hand(q).Len() {
					t.Fatalf("a spectator's sample gives %v %d cards, want %d", q, smp.Hand(q).Len(), s.Hand(q).Len())
				}
				for c := range smp.Hand(q).All() {
					if c.Suit().IsValid() && v.ShowedOut(q, c.Suit()) {
						t.Fatalf("%v showed out of %v, but a spectator's sample gives it %v", q, c.Suit(), smp.Hand(q))
					}
				}
			}
		}, nil)
	}
	e, err := herrlof.NewEncoding(herrlof.Config{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := mustNew(t, herrlof.Config{Players: 3})
	s, _ = s.Apply(s.SampleChance(rng.New(1)))
	if got := e.Observe(s.View(norns.Nobody), nil); len(got) != e.ObservationLen() {
		t.Fatalf("observation of %d values, want %d", len(got), e.ObservationLen())
	}
	if states < 100 {
		t.Fatalf("only %d states checked", states)
	}
	gametest.SpectatorJSON(t, "herrlof", 120, map[string]any{"hand": []any{}, "bid": float64(-1)}, func(v map[string]any, spectator bool) error {
		for _, k := range v["knownStock"].([]any) {
			if spectator && k != "" {
				return fmt.Errorf("a stock card is known: %v", v["knownStock"])
			}
		}
		delete(v, "knownStock")
		for _, q := range v["seats"].([]any) {
			qm := q.(map[string]any)
			if spectator && (!reflect.DeepEqual(qm["known"], []any{}) || !reflect.DeepEqual(qm["knownBy"], []any{})) {
				return fmt.Errorf("cards of a seat are known: %v", qm)
			}
			delete(qm, "known")
			delete(qm, "knownBy")
		}
		return nil
	})
}
