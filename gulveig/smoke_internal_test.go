package gulveig

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

func TestSmokeReplay(t *testing.T) {
	for _, c := range []Config{{Players: 2}, {Players: 3}, {Players: 4}, {Players: 2, Blind: true, Roles: true, Alternates: AllAlternates, Veteran: true},
		{Players: 3, Blind: true, Roles: true, Alternates: AllAlternates}, {Players: 4, Blind: true, Roles: true, Alternates: AllAlternates, Target: 300}} {
		c.HandLimit = 6
		for seed := range uint64(30) {
			s, err := New(c)
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(seed)
			var buf []Move
			steps := 0
			for !s.Over() {
				var m Move
				if s.ToMove() == -1 {
					m = s.SampleChance(r)
				} else {
					buf = s.AppendLegal(buf[:0])
					if len(buf) == 0 {
						t.Fatalf("no legal move:\n%v", s)
					}
					m = buf[r.IntN(len(buf))]
				}
				n, err := s.Apply(m)
				if err != nil {
					t.Fatalf("%v: %v\n%v", m, err, s)
				}
				back, err := ParseMove(m.String())
				if err != nil || back != m {
					t.Fatalf("notation %v: %v %v", m, back, err)
				}
				s = n
				if s.phase > PhaseDeal && s.phase < PhaseOver {
					a := s.acts()
					got, err := replayHand(s.handStart(), s.h.dealt, s.logBytes(), &a, nil)
					if err != nil || got != s {
						t.Fatalf("replay: %v\n%v\n%v", err, got, s)
					}
				}
				for q := range s.Players() {
					v := s.View(norns.Player(q))
					smp := v.Sample(r)
					if smp.View(norns.Player(q)) != v {
						t.Fatalf("sample view differs")
					}
				}
				steps++
			}
			_ = steps
		}
	}
}
