package gulveig_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

var _ norns.Encoder[gulveig.View, gulveig.Move] = gulveig.Encoding{}

// encodingConfigs are the configs whose action spaces testdata/encoding.golden pins: each player
// count, and every option on at once with 3 players (blind bids and looks, roles with their
// uses, gives and swaps, the alternates' combos, the veteran's opening bid).
var encodingConfigs = []struct {
	name string
	c    gulveig.Config
}{
	{"2p", gulveig.Config{Players: 2}},
	{"3p", gulveig.Config{Players: 3}},
	{"4p", gulveig.Config{Players: 4}},
	{"3p/all", allOptions(3)},
}

// TestEncoding checks the learning encoding with gametest.Encoding over random matches from
// every conformance start (the ids a bijection on the legal moves, the mask, finite
// observations of ObservationLen values that depend on the View alone, no allocations), pins
// each pinned config's Actions, ObservationLen and id → move table in testdata/encoding.golden
// (rewritten with -update, only on purpose), checks that every id's move maps back to it, and
// that the ids of the legal moves of random matches are the same on every call and from every
// encoding of the same config.
func TestEncoding(t *testing.T) {
	g := conformanceGame(t)
	if testing.Short() {
		g.Seeds = 3
	}
	gametest.Encoding(t, g, func(start gulveig.State) norns.Encoder[gulveig.View, gulveig.Move] {
		e, err := gulveig.NewEncoding(start.Config())
		if err != nil {
			t.Fatal(err)
		}
		return e
	})

	var b strings.Builder
	for _, ec := range encodingConfigs {
		e, err := gulveig.NewEncoding(ec.c)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s: %d actions, observations of %d\n", ec.name, e.Actions(), e.ObservationLen())
		for id := range e.Actions() {
			m, ok := e.Move(id)
			if !ok {
				t.Fatalf("%s: Move(%d) refused", ec.name, id)
			}
			if back, ok := e.Action(m); !ok || back != id {
				t.Fatalf("%s: Action(Move(%d) = %v) = %d, %v", ec.name, id, m, back, ok)
			}
			if m.IsChance() {
				t.Fatalf("%s: id %d is the chance move %v", ec.name, id, m)
			}
			fmt.Fprintf(&b, "%d %v\n", id, m)
		}
	}
	gametest.Golden(t, filepath.Join("testdata", "encoding.golden"), b.String(), *update, "the learning encoding's action ids")

	// Stable ids: two encodings of a config give every legal move of random matches the same id,
	// call after call.
	for _, ec := range encodingConfigs {
		c := ec.c
		c.HandLimit = 2
		e1, _ := gulveig.NewEncoding(c)
		e2, _ := gulveig.NewEncoding(c)
		r := rng.New(11)
		s := mustNew(t, c)
		var buf []gulveig.Move
		for !s.Over() {
			if s.ToMove() != norns.Chance {
				for _, m := range s.Legal() {
					a, ok1 := e1.Action(m)
					b, ok2 := e2.Action(m)
					c, ok3 := e1.Action(m)
					if !ok1 || !ok2 || !ok3 || a != b || a != c {
						t.Fatalf("%s: %v has ids %d %v, %d %v, %d %v", ec.name, m, a, ok1, b, ok2, c, ok3)
					}
				}
			}
			buf = stepRandom(t, &s, r, buf)
		}
	}
	// Moves that cannot occur under a config have no id.
	std, _ := gulveig.NewEncoding(gulveig.Config{})
	for _, m := range []gulveig.Move{{}, gulveig.Blind(120), gulveig.Look(), gulveig.Use(), gulveig.Give(gulveig.Odin),
		gulveig.Play(gulveig.NannaAlt), gulveig.Bid(80), gulveig.Bid(95), gulveig.Bid(410), gulveig.Raise(80),
		gulveig.Show(gulveig.Thor, gulveig.Aegir), gulveig.Dealer(0), gulveig.Draw(gulveig.Odin)} {
		if id, ok := std.Action(m); ok {
			t.Errorf("the standard game's encoding gives %v the id %d", m, id)
		}
	}
	if _, err := gulveig.NewEncoding(gulveig.Config{Players: 5}); err == nil {
		t.Error("NewEncoding accepts 5 players")
	}
}

// BenchmarkObserve measures an observation of the views of a few random matches.
func BenchmarkObserve(b *testing.B) {
	states, _ := benchStates(b, allOptions(3))
	e, _ := gulveig.NewEncoding(allOptions(3))
	views := make([]gulveig.View, len(states))
	for i, s := range states {
		views[i] = s.View(norns.Player(i % 3))
	}
	obs := make([]float32, 0, e.ObservationLen())
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		obs = e.Observe(views[i], obs[:0])
		if i++; i == len(views) {
			i = 0
		}
	}
}
