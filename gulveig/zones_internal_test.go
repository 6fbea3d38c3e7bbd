package gulveig

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// zonesTotal returns the union of the zones and the number of cards they hold, copies counted.
func zonesTotal(z []cards.Multiset) (Cards, int) {
	var all Cards
	n := 0
	for _, m := range z {
		all |= Cards(m)
		n += Cards(m).Len()
	}
	return all, n
}

// TestZonesNoticeALostCard shows that Zones reads each zone from the State: at states of random
// matches with every option it loses one card from a zone in turn (a hand, the treasure, the
// aside, the cards out of play in the deal's record, the trick under way, the completed tricks
// in the record of acts), through the unexported fields, and checks that the zones then fall
// short of the deck, where the intact state's zones hold each of its 28 cards once.
func TestZonesNoticeALostCard(t *testing.T) {
	lose := map[string]func(s *State) bool{
		"hand": func(s *State) bool {
			for p := range 4 {
				if h := s.h.hand[p]; !h.IsEmpty() {
					s.h.hand[p] = h.Without(lowest(h))
					return true
				}
			}
			return false
		},
		"treasure": func(s *State) bool {
			if s.h.treasure.IsEmpty() {
				return false
			}
			s.h.treasure = s.h.treasure.Without(lowest(s.h.treasure))
			return true
		},
		"aside": func(s *State) bool {
			if s.h.aside.IsEmpty() {
				return false
			}
			s.h.aside = s.h.aside.Without(lowest(s.h.aside))
			return true
		},
		"out of play": func(s *State) bool {
			out := s.Out()
			if out.IsEmpty() {
				return false
			}
			c := lowest(out)
			if c < 21 {
				s.h.dealt[0] &^= 7 << (3 * c)
			} else {
				s.h.dealt[1] &^= 7 << (3 * (c - 21))
			}
			return true
		},
		"trick": func(s *State) bool {
			if s.trickN == 0 {
				return false
			}
			s.trickN--
			s.trick[s.trickN] = NoCard
			return true
		},
		"tricks taken": func(s *State) bool {
			if s.tricks == 0 {
				return false
			}
			s.tricks-- // the record's first plays no longer make up as many completed tricks
			return true
		},
	}
	lost := map[string]int{}
	r := rng.New(5)
	for _, c := range []Config{{Players: 2, HandLimit: 2}, {Players: 3, Roles: true, HandLimit: 2},
		{Players: 4, Roles: true, Blind: true, Alternates: AllAlternates, HandLimit: 2}} {
		for range 3 {
			s, err := New(c)
			if err != nil {
				t.Fatal(err)
			}
			for !s.Over() {
				if all, n := zonesTotal(Zones(s)); all != allKinds || n != int(NumKinds) {
					t.Fatalf("the zones of an intact state hold %d cards, %v", n, all)
				}
				if s.phase > PhaseDeal && s.phase < PhaseOver {
					for name, f := range lose {
						u := s
						if !f(&u) {
							continue
						}
						lost[name]++
						if all, n := zonesTotal(Zones(u)); all == allKinds && n == int(NumKinds) {
							t.Fatalf("a card lost from the %s: the zones still hold the whole deck, at\n%v", name, s)
						}
					}
				}
				var m Move
				if s.ToMove() == norns.Chance {
					m = s.SampleChance(r)
				} else {
					l := s.Legal()
					m = l[r.IntN(len(l))]
				}
				if err := s.Step(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for name := range lose {
		if lost[name] == 0 {
			t.Errorf("no state had a card to lose from the %s", name)
		}
	}
}
