package gnav

import (
	"testing"
	"unsafe"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// TestSampleReachable checks, for every seat at every state of random matches, that every sampled
// state has the seat's view (the Sample policy: exact, no fallback, no panic) and is one a match
// can reach: replaying its deal from the sampled dealt cards and stock, with the recorded acts,
// gives the sample exactly (the View check alone would accept a sample that, say, gives a matador
// to a seat that accepted an exchange).
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
			for {
				for p := range norns.Player(s.players) {
					v := s.View(p)
					for range 3 {
						smp := v.Sample(r)
						if smp.View(p) != v {
							t.Fatalf("%+v seed %d: seat %v's sample has another view\nstate:\n%v\nsample:\n%v", c, seed, p, s, smp)
						}
						if s.who() < 0 {
							if smp != s {
								t.Fatalf("%+v seed %d: seat %v's sample of a state with nothing hidden differs\nstate:\n%v\nsample:\n%v", c, seed, p, s, smp)
							}
							continue
						}
						u := smp
						if err := u.validate(); err != nil || u != smp {
							t.Fatalf("%+v seed %d: seat %v's sample is not reachable: %v\nstate:\n%v\nsample:\n%v", c, seed, p, err, s, smp)
						}
					}
				}
				if s.Over() {
					break
				}
				var m Move
				if s.who() == chance {
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

// TestSampleZeroView: the zero View, which no State gives, samples to the zero State without a
// panic.
func TestSampleZeroView(t *testing.T) {
	if got := (View{}).Sample(rng.New(1)); got != (State{}) {
		t.Errorf("zero View samples to %v", got)
	}
}
