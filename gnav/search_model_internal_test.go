package gnav

import (
	"context"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// The search's replay of a deal's acts reaches the state itself from the deal's start, at every
// decision of matches of every table size; in matches of heuristic bots no act surprises the
// heuristic, and in matches of random bots some do.
func TestReplayDeal(t *testing.T) {
	for _, c := range []Config{{Players: 2}, {Players: 4}, {Players: 5, Lives: 2}, {Players: 7, Lives: 1, CatIsDragoon: true}} {
		for _, random := range []bool{false, true} {
			surprised := 0
			for seed := range uint64(20) {
				s, err := New(c)
				if err != nil {
					t.Fatal(err)
				}
				r := rng.New(seed)
				h := NewHeuristicBot(seed)
				for !s.Over() {
					var m Move
					switch {
					case s.who() == chance:
						m = s.SampleChance(r)
					default:
						for q := range s.contest.All() {
							end, k := s.replay(int8(q))
							if end != s {
								t.Fatalf("%+v seed %d: the replay of the deal for seat %d reaches\n%v\nwant\n%v", c, seed, q, end, s)
							}
							if !random && k != 0 {
								t.Fatalf("%+v seed %d: %d acts of heuristic bots surprise the heuristic in\n%v", c, seed, k, s)
							}
							surprised += k
						}
						if random {
							m = s.Legal()[r.IntN(2)]
						} else {
							m, _ = h.Choose(context.Background(), s.View(norns.Player(s.who())))
						}
					}
					if err := s.Step(m); err != nil {
						t.Fatal(err)
					}
				}
			}
			if random && surprised == 0 {
				t.Errorf("%+v: no act of random bots surprises the heuristic", c)
			}
		}
	}
}

// A determinisation keeps the deal drawn when the model has no belief, and otherwise mostly deals
// under which the other seats' acts are the heuristic's: seats that stood hold high cards.
func TestDeterminizeWeighsTheActs(t *testing.T) {
	// Seat 3 deals; seats 0 and 1 stand, and seat 2 is to act.
	s, _ := New(Config{DealerGiven: true, FirstDealer: 3})
	s, _ = s.Apply(s.SampleChance(rng.New(5)))
	// Play stands until the seat before the dealer is to act.
	for s.who() != 2 {
		if err := s.Step(Stand()); err != nil {
			t.Fatal(err)
		}
	}
	v := s.View(2)
	r := rng.New(1)
	m := searchModel{belief: 0.02, tries: 1000}
	low, lowUniform, surprised := 0, 0, 0
	for range 2000 {
		d := v.Sample(r)
		if d.d.hand[0] < Numbered(5) {
			lowUniform++
		}
		d = m.determinize(d, 2, r)
		if d.View(2) != v {
			t.Fatal("a determinisation changed what the seat sees")
		}
		if _, k := d.replay(2); k != 0 {
			surprised++
		}
		if d.d.hand[0] < Numbered(5) {
			low++
		}
	}
	// A deal with one surprise is kept with odds of about 1 in 100 against one without.
	if surprised > 100 {
		t.Errorf("%d determinisations of 2000 surprise the heuristic", surprised)
	}
	// Seat 0 stood first: under the heuristic it holds a card high enough to stand on.
	if low*4 > lowUniform {
		t.Errorf("seat 0, which stood, holds a card below V in %d determinisations of 2000 (%d uniformly)", low, lowUniform)
	}
	if d := (searchModel{}).determinize(s, 2, r); d != s {
		t.Error("a model without belief changed the deal")
	}
}
