package gulveig_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// TestNoAllocs checks that the hot paths allocate nothing over the states of real matches, every
// option on and off: Step, Apply, AppendLegal (with room in the buffer), SampleChance, and a
// whole random match through norns.Playout.
func TestNoAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters change the allocation counts")
	}
	for _, c := range []gulveig.Config{{}, allOptions(2), allOptions(3), allOptions(4)} {
		states, ms := benchStates(t, c)
		buf := make([]gulveig.Move, 0, 512)
		r := rng.New(3)
		var s gulveig.State
		i := 0
		next := func() { i = (i + 1) % len(states) }
		for _, tc := range []struct {
			name string
			f    func()
		}{
			{"Step", func() {
				s = states[i]
				if err := s.Step(ms[i]); err != nil {
					t.Fatal(err)
				}
				next()
			}},
			{"Apply", func() {
				if _, err := states[i].Apply(ms[i]); err != nil {
					t.Fatal(err)
				}
				next()
			}},
			{"AppendLegal", func() { buf = states[i].AppendLegal(buf[:0]); next() }},
			{"SampleChance", func() {
				for states[i].ToMove() != norns.Chance {
					next()
				}
				_ = states[i].SampleChance(r)
				next()
			}},
			{"Playout", func() { s = states[0]; buf = norns.Playout(&s, r, buf) }},
		} {
			if n := testing.AllocsPerRun(len(states), tc.f); n != 0 {
				t.Errorf("%+v: %s allocates %.1f times a call, want 0", c, tc.name, n)
			}
		}
	}
}
