package gulveig_test

import (
	"context"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// streamMatch plays a match from start as arena does: chance node k of ChanceStream draws from
// its own generator, rng.New(seed ^ k×φ), and the seats ask bots. It returns the deals of the
// match in order and the number of Orchard draws.
func streamMatch(t *testing.T, start gulveig.State, seed uint64, bots []gulveig.Bot) (deals []gulveig.Move, draws int) {
	t.Helper()
	var streams [2]*rng.Rand
	s := start
	for !s.Over() {
		var m gulveig.Move
		if p := s.ToMove(); p == norns.Chance {
			k := gulveig.ChanceStream(s)
			if streams[k] == nil {
				streams[k] = rng.New(seed ^ uint64(k)*0x9e3779b97f4a7c15)
			}
			m = s.SampleChance(streams[k])
			switch m.Kind() {
			case gulveig.MoveDeal:
				deals = append(deals, m)
			case gulveig.MoveDraw:
				draws++
			}
		} else {
			var err error
			if m, err = bots[p].Choose(context.Background(), s.View(p)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Step(m); err != nil {
			t.Fatal(err)
		}
	}
	return deals, draws
}

// TestChanceStream plays each seed twice with player roles, once with random bots and once with
// heuristic ones, which use Idun's Orchard differently, so the two matches have different numbers
// of Orchard draws; with ChanceStream's streams the deals are the same hand for hand all the
// same. ChanceStream panics off a chance node.
func TestChanceStream(t *testing.T) {
	start := mustNew(t, gulveig.Config{Players: 3, Roles: true, HandLimit: 6})
	differ := 0
	for seed := range uint64(12) {
		a, b := make([]gulveig.Bot, 3), make([]gulveig.Bot, 3)
		for p := range 3 {
			a[p] = gulveig.NewRandomBot(seed*3 + uint64(p))
			b[p] = gulveig.NewHeuristicBot(seed*3 + uint64(p))
		}
		da, na := streamMatch(t, start, seed, a)
		db, nb := streamMatch(t, start, seed, b)
		if na != nb {
			differ++
		}
		for i := range min(len(da), len(db)) {
			if da[i] != db[i] {
				t.Fatalf("seed %d, hand %d: the two line-ups got different deals (%d and %d Orchard draws)", seed, i+1, na, nb)
			}
		}
	}
	if differ == 0 {
		t.Fatal("no seed gave the two line-ups different numbers of Orchard draws: the test shows nothing")
	}
	s := mustNew(t, gulveig.Config{})
	if k := gulveig.ChanceStream(s); k != 0 {
		t.Errorf("the first dealer's stream is %d, want 0", k)
	}
	r := rng.New(1)
	for s.ToMove() == norns.Chance {
		s = randomStep(t, s, r)
	}
	defer func() {
		if recover() == nil {
			t.Error("ChanceStream of a bidding state did not panic")
		}
	}()
	gulveig.ChanceStream(s)
}
