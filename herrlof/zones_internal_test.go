package herrlof

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// zonesSum adds up zones, reporting false when a card comes up more often than the deck has it.
func zonesSum(zs []cards.Multiset) (cards.Multiset, bool) {
	var sum cards.Multiset
	for _, z := range zs {
		var ok bool
		if sum, ok = deck.Sum(sum, z); !ok {
			return sum, false
		}
	}
	return sum, true
}

// complementZones are the zones as the conformance test had them: the cards out of play derived
// as whatever is in no other zone (State.Played), which hides a lost card.
func complementZones(s State) []cards.Multiset {
	z := Zones(s)
	if s.phase == PhaseDeal || s.phase == PhaseOver {
		return z
	}
	z = z[:len(z)-3] // without the completed tricks, the trump card and the replaced trump
	if s.trump.IsValid() {
		z = append(z, deck.Of(cards.Card(s.trump)))
	}
	return append(z, cards.Multiset(s.played()))
}

// TestZonesNoticeALostCard shows that Zones, which the conformance suite's conservation check
// adds up, reads every zone from what the State records: at every state of random matches the
// zones hold the deck exactly, and once a card is dropped from a hand, the stock, the trick or the
// record of the hand (or one card is put in two places), they no longer do. The zones of the old
// conformance test, whose cards out of play were the complement of the rest, still added up
// after a card was lost from a hand.
func TestZonesNoticeALostCard(t *testing.T) {
	corruptions := map[string]func(s *State) bool{
		"a card lost from a hand": func(s *State) bool {
			p := s.toMove
			if p < 0 || s.hands[p] == 0 {
				return false
			}
			s.hands[p] = s.hands[p].Without(s.hands[p].nth(0))
			return true
		},
		"the stock's top lost": func(s *State) bool {
			_, ok := s.stock.Draw()
			return ok
		},
		"a card lost from the trick": func(s *State) bool {
			if s.trick.n == 0 {
				return false
			}
			s.trick.n--
			return true
		},
		"a completed trick's card lost": func(s *State) bool {
			if s.trickNo == 0 {
				return false
			}
			s.rec.setPlay(0, NoCard)
			return true
		},
		"the replaced trump card lost": func(s *State) bool {
			if !s.rec.replaced().IsValid() {
				return false
			}
			s.rec.setReplaced(NoCard)
			return true
		},
		"a card in two hands": func(s *State) bool {
			if s.hands[0] == 0 || s.hands[1].Has(s.hands[0].nth(0)) {
				return false
			}
			s.hands[1] = s.hands[1].add(s.hands[0].nth(0))
			return true
		},
	}
	hit := map[string]int{}
	complementMissed, replaced := 0, 0
	for _, players := range []int{2, 3} {
		for seed := range uint64(4) {
			s, err := New(Config{Players: players})
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(seed)
			var buf []Move
			for !s.Over() {
				if s.rec.replaced().IsValid() {
					replaced++
				}
				if sum, ok := zonesSum(Zones(s)); !ok || sum != deck.Full() {
					t.Fatalf("the zones of a true state hold %v, not the deck:\n%v", deck.Format(sum), s)
				}
				for name, corrupt := range corruptions {
					u := s
					if !corrupt(&u) {
						continue
					}
					hit[name]++
					if sum, ok := zonesSum(Zones(u)); ok && sum == deck.Full() {
						t.Fatalf("%s: the zones still hold the deck:\n%v", name, u)
					}
					if name == "a card lost from a hand" {
						if sum, ok := zonesSum(complementZones(u)); ok && sum == deck.Full() {
							complementMissed++
						}
					}
				}
				var m Move
				if s.toMove == int8(norns.Chance) {
					m = s.SampleChance(r)
				} else {
					buf = s.AppendLegal(buf[:0])
					m = buf[r.IntN(len(buf))]
				}
				if err := s.Step(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for name := range corruptions {
		if hit[name] == 0 {
			t.Errorf("%s: never tried", name)
		}
	}
	if complementMissed == 0 {
		t.Error("the complement zones noticed every lost card: the test no longer shows why Zones reads every zone")
	}
	if replaced == 0 {
		t.Error("no state had a replaced trump card: the test does not reach that zone")
	}
	t.Logf("corruptions tried: %v; the complement zones missed %d lost cards; %d states with a replaced trump card", hit, complementMissed, replaced)
}
