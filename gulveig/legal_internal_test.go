package gulveig

import "testing"

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
