package herrlof_test

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

var updateEncoding = flag.Bool("update-encoding", false, "rewrite testdata/encoding.golden (only when a change of the action ids is intended)")

// TestEncoding runs gametest.Encoding (ids a bijection on the legal moves, the mask, observations
// of the view alone, no allocation) over random matches from the conformance test's starts, and
// pins every action id of both player counts in testdata/encoding.golden.
func TestEncoding(t *testing.T) {
	var starts []gametest.Start[herrlof.State]
	for _, st := range []struct {
		name string
		c    herrlof.Config
	}{
		{"2p", herrlof.Config{HandLimit: 3}},
		{"3p", herrlof.Config{Players: 3, HandLimit: 3}},
		{"2p/five-trick-bonus", herrlof.Config{Players: 2, FiveTrickBonus: true, HandLimit: 2}},
	} {
		starts = append(starts, gametest.Start[herrlof.State]{Name: st.name, Config: st.c, State: mustNew(t, st.c)})
	}
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	g := registration.Suite()
	g.Starts, g.Twin, g.Seeds = starts, twin, seeds
	gametest.Encoding(t, g, func(s herrlof.State) norns.Encoder[herrlof.View, herrlof.Move] {
		e, err := herrlof.NewEncoding(s.Config())
		if err != nil {
			t.Fatal(err)
		}
		return e
	})

	var b strings.Builder
	for _, players := range []int{2, 3} {
		e, err := herrlof.NewEncoding(herrlof.Config{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%dp: %d actions, observations of %d\n", players, e.Actions(), e.ObservationLen())
		for id := range e.Actions() {
			m, ok := e.Move(id)
			if !ok {
				t.Fatalf("%dp: Move(%d) refused", players, id)
			}
			if back, ok := e.Action(m); !ok || back != id {
				t.Fatalf("%dp: Action(Move(%d)) = %d, %v", players, id, back, ok)
			}
			fmt.Fprintf(&b, "%d %v\n", id, m)
		}
		for _, m := range []herrlof.Move{herrlof.Pick(herrlof.Valknut), herrlof.Bid(e.Actions())} {
			if id, ok := e.Action(m); ok {
				t.Errorf("%dp: %v has id %d", players, m, id)
			}
		}
	}
	gametest.Golden(t, "testdata/encoding.golden", b.String(), *updateEncoding, "the action ids (an intended change: -update-encoding)")
	// The slots say what the view says: seat 1 to bid in a dealt two-player hand, its hand of 15.
	s := dealt(t, two, hand2(t, 1))
	e, _ := herrlof.NewEncoding(herrlof.Config{})
	v := s.View(1)
	obs := e.Observe(v, nil)
	hand := obs[3+1+10+5 : 3+1+10+5+38]
	sum := float32(0)
	for _, x := range hand {
		sum += x
	}
	if obs[1] != 1 || obs[0] != 0 || obs[3] != 0 || obs[4+int(herrlof.PhaseBid)] != 1 || obs[4+10+1] != 1 || sum != 15 {
		t.Errorf("seat 1 to bid with 15 cards: seat %v, three players %v, phase %v, to move %v, %v cards",
			obs[:3], obs[3], obs[4:14], obs[14:19], sum)
	}
	if _, err := herrlof.NewEncoding(herrlof.Config{Players: 4}); !errors.Is(err, norns.ErrBadConfig) {
		t.Errorf("NewEncoding of 4 players: %v", err)
	}
}

// BenchmarkObserve measures one observation of a seat's view in the middle of a hand, with two
// and three players.
func BenchmarkObserve(b *testing.B) {
	for _, n := range []int{2, 3} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			s := mustNew(b, herrlof.Config{Players: n})
			r := rng.New(1)
			for s.ToMove() < 0 || s.Phase() != herrlof.PhasePlay || s.View(s.ToMove()).TricksPlayed() < 4 {
				randomStep(b, &s, r, nil)
			}
			e, err := herrlof.NewEncoding(s.Config())
			if err != nil {
				b.Fatal(err)
			}
			v := s.View(s.ToMove())
			dst := make([]float32, 0, e.ObservationLen())
			b.ReportAllocs()
			for b.Loop() {
				dst = e.Observe(v, dst[:0])
			}
		})
	}
}
