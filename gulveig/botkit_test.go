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

// TestWouldWin checks View.WouldWin against Apply on every legal card play of random matches of
// every player count, with the roles' changed strengths and supremacy: for the last card of a
// trick, WouldWin must say whether the seat takes the trick (the EventTrick Apply reports); a
// lead always stands to win; outside play, and for NoCard, WouldWin is false.
func TestWouldWin(t *testing.T) {
	lasts := 0
	r := rng.New(4)
	for _, c := range []gulveig.Config{{Players: 2}, {Players: 3}, {Players: 4}, allOptions(2), allOptions(3), allOptions(4)} {
		c.HandLimit = 2
		for range 4 {
			s := mustNew(t, c)
			for !s.Over() {
				p := s.ToMove()
				if !p.IsSeat() || s.Phase() != gulveig.PhasePlay {
					if p.IsSeat() && s.View(p).WouldWin(gulveig.Odin) {
						t.Fatalf("WouldWin in phase %v", s.Phase())
					}
					s = randomStep(t, s, r)
					continue
				}
				v := s.View(p)
				if v.WouldWin(gulveig.NoCard) {
					t.Fatal("WouldWin(NoCard)")
				}
				trick, _ := v.Trick()
				size := min(s.Players(), 3)
				for _, m := range s.Legal() {
					if m.Kind() != gulveig.MovePlay {
						continue
					}
					would := v.WouldWin(m.Card())
					switch len(trick) {
					case 0:
						if !would {
							t.Fatalf("a lead of %v does not stand to win", m)
						}
					case size - 1:
						lasts++
						_, evs, err := s.ApplyEvents(m, norns.Nobody, nil)
						if err != nil {
							t.Fatal(err)
						}
						took := false
						for _, e := range evs {
							if e.Kind == gulveig.EventTrick {
								took = e.Seat == p
							}
						}
						if took != would {
							t.Fatalf("%v completing %v: WouldWin %v, Apply gives the trick to seat %v: %v", m, trick, would, p, took)
						}
					}
				}
				s = randomStep(t, s, r)
			}
		}
	}
	if lasts < 100 {
		t.Fatalf("only %d last cards checked", lasts)
	}
}
