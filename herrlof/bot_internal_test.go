package herrlof

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// TestOutlookFromStateMatchesView guards the playout policy's shortcut: the outlook the search
// builds from a state for the seat to move (what the other hands and the stock hold) is the one
// the heuristic bot builds from that seat's view (the deck less what it has seen), so playouts
// play the heuristic's moves exactly.
func TestOutlookFromStateMatchesView(t *testing.T) {
	checked := 0
	for _, players := range []int{2, 3} {
		for seed := range uint64(6) {
			s, err := New(Config{Players: players, HandLimit: 2})
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(seed)
			for !s.Over() {
				var m Move
				if p := s.ToMove(); p == norns.Chance {
					m = s.SampleChance(r)
				} else {
					fromState := outlookFromState(&s, int8(p))
					fromView := outlookFromView(s.View(p))
					if fromState.unseen != fromView.unseen || fromState.others != fromView.others ||
						*fromState.miss != *fromView.miss || fromState.safe != fromView.safe ||
						fromState.lens != fromView.lens || fromState.left != fromView.left || fromState.bid != fromView.bid {
						t.Fatalf("seed %d, %v to move:\nfrom the state %+v\nfrom the view  %+v\n%v", seed, p, fromState, fromView, s)
					}
					checked++
					legal := s.Legal()
					m = legal[r.IntN(len(legal))]
				}
				if s, err = s.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d decisions checked", checked)
	}
}
