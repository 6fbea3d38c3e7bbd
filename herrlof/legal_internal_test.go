package herrlof

import (
	"encoding/json"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// TestLegalSetFollows checks what Step relies on in every State a caller can get (after Apply,
// after Step, in a seat's sample and in a decoded copy, over random matches with two and three
// players): the list of legal moves a State carries (legalSet) is the one setLegal computes from
// the rest of it, and the tape holds no card past the cards played (Step writes a play's slot
// without clearing it). A stale list would list wrong moves, and two equal positions would
// differ.
func TestLegalSetFollows(t *testing.T) {
	check := func(how string, s State) {
		t.Helper()
		u := s
		u.setLegal()
		if u.legalSet != s.legalSet {
			t.Fatalf("%s: the list of legal moves is %+v, want %+v, in\n%v", how, s.legalSet, u.legalSet, s)
		}
		for k := s.plays(); k < maxPlays; k++ {
			if c := s.rec.play(k); c != NoCard {
				t.Fatalf("%s: the tape holds %v at play %d of %d, in\n%v", how, c, k, s.plays(), s)
			}
		}
	}
	for _, players := range []int{2, 3} {
		r := rng.New(uint64(players))
		for range 5 {
			s, err := New(Config{Players: players})
			if err != nil {
				t.Fatal(err)
			}
			check("New", s)
			var buf []Move
			for !s.Over() {
				var m Move
				if s.ToMove() == norns.Chance {
					m = s.SampleChance(r)
				} else {
					p := s.ToMove()
					check("a sample", s.View(p).Sample(r))
					data, err := json.Marshal(s)
					if err != nil {
						t.Fatal(err)
					}
					var d State
					if err := json.Unmarshal(data, &d); err != nil {
						t.Fatal(err)
					}
					check("a decoded state", d)
					buf = s.AppendLegal(buf[:0])
					m = buf[r.IntN(len(buf))]
				}
				next, err := s.Apply(m)
				if err != nil {
					t.Fatal(err)
				}
				check("Apply", next)
				if err := s.Step(m); err != nil || s != next {
					t.Fatalf("Step(%v) = %v, or differs from Apply", m, err)
				}
			}
		}
	}
}
