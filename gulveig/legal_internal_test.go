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

// TestTurnInSync checks the turnKey, which AppendLegal and SampleChance read, at every state of
// random matches of every player count and option: the State's is what syncTurn sets from the
// rest of the State, and a View's is what the same rules give from its own hand and role when its
// seat is to act (the State's own key once the seat knows its hand), and empty otherwise (so a
// View shows nothing more). TestLegalSlow checks the moves the keys list.
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
					t.Fatalf("turn out of sync: key %#x, want %#x at\n%v", uint64(s.turnKey), uint64(want.turnKey), s)
				}
				for p := range int8(s.players) {
					v := s.View(norns.Player(p))
					var key turnKey
					if p == s.toMove {
						key = v.keyOf(v.hand, v.role)
						if v.hand.Len() > 0 && key != s.turnKey {
							t.Fatalf("seat %d's view has key %#x, its state %#x", p, uint64(key), uint64(s.turnKey))
						}
					}
					if v.turnKey != key {
						t.Fatalf("seat %d's view has key %#x, want %#x", p, uint64(v.turnKey), uint64(key))
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

// TestGather3 holds gather3 to the loop it replaces (bit 3i of x to bit i, for i < 21), and the
// deal decoding built on it to a card-by-card reading, on random words.
func TestGather3(t *testing.T) {
	r := rng.New(5)
	for range 20000 {
		x := r.Uint64()
		var want uint64
		for i := range 21 {
			want |= (x >> (3 * i) & 1) << i
		}
		if got := gather3(x); got != want {
			t.Fatalf("gather3(%#x) = %#x, want %#x", x, got, want)
		}
		m := Move{w: dealW | r.Uint64()>>8<<8, d0: r.Uint64() >> 1}
		var pl [8]Cards
		for c := range 21 {
			pl[m.d0>>(3*c)&7] |= 1 << c
		}
		for c := 21; c < int(NumKinds); c++ {
			pl[m.d1()>>(3*(c-21))&7] |= 1 << c
		}
		d, clash := m.deal()
		if d.Hands != [4]Cards{pl[1], pl[2], pl[3], pl[4]} || d.Treasure != pl[locTreasure] || d.Out != pl[locOut] || clash != pl[locClash] {
			t.Fatalf("deal of %#x %#x: %+v clash %v, want %v", m.d0, m.d1(), d, clash, pl)
		}
	}
}
