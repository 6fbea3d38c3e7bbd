package gnav

import (
	"testing"
	"unsafe"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// TestSampleReachable checks that every sampled state is one a match can reach: replaying its
// deal from the sampled dealt cards and stock, with the recorded acts, gives the sample exactly
// (the View check of the conformance suite alone would accept a sample that, say, gives a
// matador to a seat that accepted an exchange).
func TestSampleReachable(t *testing.T) {
	r := rng.New(11)
	for _, c := range []Config{{Players: 2}, {Players: 4}, {Players: 6, CatIsDragoon: true}, {Players: 9}, {Players: 20}} {
		for seed := range uint64(8) {
			s, err := New(c)
			if err != nil {
				t.Fatal(err)
			}
			dice := rng.New(seed)
			var buf []Move
			for !s.Over() {
				if s.toMove >= 0 {
					for p := range norns.Player(s.players) {
						for range 3 {
							smp := s.View(p).Sample(r)
							u := smp
							if err := u.validate(); err != nil || u != smp {
								t.Fatalf("%+v seed %d: seat %v's sample is not reachable: %v\nstate:\n%v\nsample:\n%v", c, seed, p, err, s, smp)
							}
						}
					}
				}
				var m Move
				if s.toMove == chance {
					m = s.SampleChance(dice)
				} else {
					buf = s.AppendLegal(buf[:0])
					m = buf[r.IntN(len(buf))]
				}
				if s, err = s.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestDeckLayout pins what kindOf and rankOf assume of the deck's layout.
func TestDeckLayout(t *testing.T) {
	if deck.Size() != DeckSize || deck.NumKinds() != NumRanks {
		t.Fatalf("deck of %d cards in %d kinds", deck.Size(), deck.NumKinds())
	}
	for r := range Card(NumRanks) {
		k := deck.Kind(int(r))
		if kindOf(r) != k || rankOf(k) != r || r.Kind() != k || CardOf(k) != r || deck.Copies(k) != Copies {
			t.Errorf("rank %v: kind %d, kindOf %d, rankOf %v", r, k, kindOf(r), rankOf(k))
		}
		if deck.Short(k) != r.String() {
			t.Errorf("rank %d is %q in the deck, %q as a Card", r, deck.Short(k), r)
		}
	}
}

// TestStateSize pins the size of the values copied on every move: a State is copied by Apply, a
// Move by Legal and the bots. A change here is a change of layout to justify.
func TestStateSize(t *testing.T) {
	if got := unsafe.Sizeof(State{}); got != 192 {
		t.Errorf("State is %d bytes, want 192", got)
	}
	if got := unsafe.Sizeof(Move{}); got != 45 {
		t.Errorf("Move is %d bytes, want 45", got)
	}
	if got := unsafe.Sizeof(View{}); got > 96 {
		t.Errorf("View is %d bytes, want at most 96", got)
	}
}
