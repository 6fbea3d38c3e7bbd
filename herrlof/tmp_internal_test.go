package herrlof

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

func TestTmpSample3Rate(t *testing.T) {
	okN, fail := 0, 0
	r := rng.New(1)
	for seed := range uint64(200) {
		s, _ := New(Config{Players: 3, HandLimit: 1})
		rr := rng.New(seed)
		for !s.Over() {
			if s.phase != PhaseDeal {
				for p := range 3 {
					v := s.View(norns.Player(p))
					seen := v.hand.Plus(v.out)
					for _, c := range v.trick.cards[:v.trick.n] {
						seen = seen.add(c)
					}
					if v.trump != NoCard {
						seen = seen.add(v.trump)
					}
					for x := v.stockSeen[p]; x != 0; x &= x - 1 {
						seen = seen.add(v.stockMine[trailing16(x)])
					}
					t2 := State{players: 3, stockN: v.stockN}
					*t2.tape() = v.tape
					if t2.sample3(&v, r, seen) {
						okN++
					} else {
						fail++
						if fail < 3 {
							w := walker{r: r, budget: walkNodes}
							t.Logf("events ok %v phase %v", w.events(&v), v.phase)
						}
					}
				}
			}
			var m Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(rr)
			} else {
				ms := s.Legal()
				m = ms[rr.IntN(len(ms))]
			}
			s, _ = s.Apply(m)
		}
	}
	t.Logf("ok %d fail %d", okN, fail)
}
