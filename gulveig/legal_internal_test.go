package gulveig

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// TestComboMasks pins the masks AppendLegal uses to skip the combo table to the table itself:
// a hand holds a combo exactly when the masks say it might, for every pair of cards.
func TestComboMasks(t *testing.T) {
	for _, co := range combos {
		hand := Cards(0).With(co.a).With(co.b)
		if hand&(hand>>1)&inClanComboLow == 0 && hand&altKinds == 0 {
			t.Errorf("the masks miss the combo %v+%v", co.a, co.b)
		}
	}
	for a := range NumKinds {
		for b := range NumKinds {
			hand := Cards(0).With(a).With(b)
			maybe := hand&(hand>>1)&inClanComboLow != 0 || hand&altKinds != 0
			p, ok := a.Partner()
			if ok && p == b && !maybe {
				t.Errorf("%v+%v is a combo the masks miss", a, b)
			}
			if !ok && a.IsAlternate() {
				t.Errorf("alternate %v has no partner", a)
			}
			if maybe && hand&altKinds == 0 && !(ok && p == b) {
				t.Errorf("the in-clan mask takes %v and %v for a combo", a, b)
			}
		}
	}
}

// TestTurnInSync checks the turn's copies of the seat to act's hand and role (cur, curRole),
// which AppendLegal and SampleChance read, at every state of random matches of every player
// count and option: the State's are what syncTurn sets from its hidden part, and a View's are
// its own hand and role when its seat is to act, empty otherwise (so a View shows nothing more).
func TestTurnInSync(t *testing.T) {
	r := rng.New(7)
	for players := 2; players <= 4; players++ {
		for _, c := range []Config{{Players: players, HandLimit: 4}, {Players: players, HandLimit: 4, Blind: true, Roles: true, Alternates: AllAlternates, Veteran: true}} {
			s, err := New(c)
			if err != nil {
				t.Fatal(err)
			}
			var buf []Move
			for !s.Over() {
				want := s
				want.syncTurn()
				if want != s {
					t.Fatalf("turn out of sync: cur %v role %v, want %v %v at\n%v", s.cur, s.curRole, want.cur, want.curRole, s)
				}
				for p := range int8(s.players) {
					v := s.View(norns.Player(p))
					cur, role := Cards(0), NoRole
					if p == s.toMove {
						cur, role = v.hand, v.role
					}
					if v.cur != cur || v.curRole != role {
						t.Fatalf("seat %d's view has cur %v role %v, want %v %v", p, v.cur, v.curRole, cur, role)
					}
				}
				var m Move
				if s.toMove == chance {
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
}
