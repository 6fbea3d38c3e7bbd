package herrlof_test

import (
	"testing"
	"unsafe"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// TestNoAllocs proves the hot paths allocate nothing: Apply, Step, AppendLegal with room, SampleChance,
// View and View.Sample, over every state of a random match of each size.
func TestNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	for _, cfg := range []herrlof.Config{two, three} {
		s := mustNew(t, cfg)
		r := rng.New(11)
		buf := make([]herrlof.Move, 0, 64)
		for !s.Over() {
			var m herrlof.Move
			if s.ToMove() == norns.Chance {
				if n := testing.AllocsPerRun(3, func() { m = s.SampleChance(r) }); n != 0 {
					t.Fatalf("SampleChance allocates %v times", n)
				}
			} else {
				if n := testing.AllocsPerRun(3, func() { buf = s.AppendLegal(buf[:0]) }); n != 0 {
					t.Fatalf("AppendLegal allocates %v times", n)
				}
				m = buf[r.IntN(len(buf))]
				p := s.ToMove()
				if n := testing.AllocsPerRun(3, func() { _ = s.View(p).Sample(r) }); n != 0 {
					t.Fatalf("View.Sample allocates %v times", n)
				}
			}
			if n := testing.AllocsPerRun(3, func() { _, _ = s.Apply(m) }); n != 0 {
				t.Fatalf("Apply(%v) allocates %v times", m, n)
			}
			var u herrlof.State
			if n := testing.AllocsPerRun(3, func() { u = s; _ = u.Step(m) }); n != 0 {
				t.Fatalf("Step(%v) allocates %v times", m, n)
			}
			s, _ = s.Apply(m)
			if u != s {
				t.Fatalf("Step(%v) reached\n%v\nApply\n%v", m, u, s)
			}
		}
	}
}

// TestStateSize pins the size of a State (see its type comment): 176 bytes, the public part
// (56), the list of legal moves (16, see legalSet), then the hands, the stock, the bids, the
// knowledge and the record of the hand with no padding between them. Go copies a value under 192
// bytes with straight-line moves instead of a loop, and the value API copies the State several
// times a move; the 168-byte order that padded the bids before the hands measured 4-5% slower in
// Apply.
func TestStateSize(t *testing.T) {
	if n := unsafe.Sizeof(herrlof.State{}); n != 176 {
		t.Fatalf("a State is %d bytes, want 176", n)
	}
}
