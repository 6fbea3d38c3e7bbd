package voluspa_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// TestHotPathsDoNotAllocate checks that Step, Apply, AppendLegal (into a buffer with room) and
// SampleChance allocate nothing at any node of random matches, and norns.Playout and State.Playout
// nothing for a whole match.
func TestHotPathsDoNotAllocate(t *testing.T) {
	buf := make([]voluspa.Move, 0, 512)
	for _, n := range []int{2, 3, 5} {
		r := rng.New(uint64(n))
		s := mustNew(t, n)
		for !s.Over() {
			m := randomMove(s, r)
			if s.ToMove() == norns.Chance {
				if a := testing.AllocsPerRun(5, func() { _ = s.SampleChance(r) }); a != 0 {
					t.Fatalf("SampleChance allocates %v times at\n%v", a, s)
				}
			} else if a := testing.AllocsPerRun(5, func() { buf = s.AppendLegal(buf[:0]) }); a != 0 {
				t.Fatalf("AppendLegal allocates %v times at\n%v", a, s)
			}
			if a := testing.AllocsPerRun(5, func() { _, _ = s.Apply(m) }); a != 0 {
				t.Fatalf("Apply(%v) allocates %v times at\n%v", m, a, s)
			}
			var next voluspa.State
			if a := testing.AllocsPerRun(5, func() {
				next = s
				if err := next.Step(m); err != nil {
					t.Fatal(err)
				}
			}); a != 0 {
				t.Fatalf("Step(%v) allocates %v times at\n%v", m, a, s)
			}
			s = next
		}
		start := mustNew(t, n)
		var p voluspa.State
		if a := testing.AllocsPerRun(3, func() { p = start; buf = norns.Playout(&p, r, buf) }); a != 0 {
			t.Fatalf("norns.Playout allocates %v times a match of %d", a, n)
		}
		if a := testing.AllocsPerRun(3, func() { p = start.Playout(r) }); a != 0 {
			t.Fatalf("State.Playout allocates %v times a match of %d", a, n)
		}
	}
}
