package gametest

import (
	"math"
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// Encoding checks a game's learning encoding (norns.Encoder) over random matches from every
// start of g, with the encoder enc returns for a start's config. At every state, for every seat:
//
//   - the observation has ObservationLen finite values, and appending keeps what dst held;
//   - a twin state that differs only in what the seat cannot see (g.Twin) gives the same
//     observation: the observation depends on the View alone;
//   - for the seat to act, every legal move has an id in [0, Actions()), distinct from the other
//     moves' ids, and Move(id) gives the move back: the ids are a bijection on the legal moves;
//     the legal-action mask (norns.AppendMask) is true exactly at those ids;
//   - chance moves have no id, and Move refuses ids out of range;
//   - Observe, Action, Move and AppendMask allocate nothing once their buffers have room.
//
// Ids are pinned by each game's own golden file, not here.
func Encoding[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](t *testing.T, g Game[S, M, V], enc func(start S) norns.Encoder[V, M]) {
	t.Helper()
	seeds := g.Seeds
	if seeds == 0 {
		seeds = 20
	}
	for _, st := range g.Starts {
		t.Run(st.Name, func(t *testing.T) {
			e := enc(st.State)
			n, olen := e.Actions(), e.ObservationLen()
			if n <= 0 || olen <= 0 {
				t.Fatalf("Actions() = %d, ObservationLen() = %d: both must be positive", n, olen)
			}
			for _, id := range []int{-1, n, n + 1, math.MinInt, math.MaxInt} {
				if _, ok := e.Move(id); ok {
					t.Fatalf("Move(%d) accepted an id out of [0, %d)", id, n)
				}
			}
			var (
				obs, twin []float32
				mask      []bool
				legal     []M
			)
			for seed := range uint64(seeds) {
				r := rng.New(seed ^ 0xe4c0)
				s := st.State
				for steps := 0; ; steps++ {
					if steps > 100000 {
						t.Fatal("a random match did not end in 100000 moves")
					}
					for p := range norns.Player(s.Players()) {
						v := s.View(p)
						obs = e.Observe(v, append(obs[:0], 7))
						if len(obs) != olen+1 || obs[0] != 7 {
							t.Fatalf("Observe appended %d values (want %d) or lost what dst held, at\n%v", len(obs)-1, olen, s)
						}
						for i, x := range obs[1:] {
							if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
								t.Fatalf("observation slot %d is %v at\n%v", i, x, s)
							}
						}
						if g.Twin != nil {
							if tw, ok := g.Twin(s, p, r); ok {
								twin = e.Observe(tw.View(p), twin[:0])
								if !slices.Equal(obs[1:], twin) {
									t.Fatalf("seat %v's observation differs between twins that differ only in what it cannot see:\n%v\n---\n%v", p, s, tw)
								}
							}
						}
					}
					if s.Over() {
						break
					}
					var m M
					if who := s.ToMove(); who == norns.Chance {
						m = s.SampleChance(r)
						if id, ok := e.Action(m); ok {
							t.Fatalf("chance move %v has action id %d", m, id)
						}
					} else {
						v := s.View(who)
						mask, legal = norns.AppendMask(e, v, mask[:0], legal)
						if len(mask) != n {
							t.Fatalf("the mask has %d values, want %d", len(mask), n)
						}
						seen := map[int]bool{}
						for _, lm := range legal {
							id, ok := e.Action(lm)
							if !ok || id < 0 || id >= n {
								t.Fatalf("legal move %v has no id in [0, %d) (got %d, %v) at\n%v", lm, n, id, ok, s)
							}
							if seen[id] {
								t.Fatalf("two legal moves share id %d at\n%v", id, s)
							}
							seen[id] = true
							if back, ok := e.Move(id); !ok || back != lm {
								t.Fatalf("Move(Action(%v)) = %v, %v", lm, back, ok)
							}
						}
						for id, on := range mask {
							if on != seen[id] {
								t.Fatalf("mask[%d] = %v, but the legal moves' ids are %v", id, on, seen)
							}
						}
						if steps%7 == 0 && !raceEnabled {
							if a := testing.AllocsPerRun(5, func() {
								obs = e.Observe(v, obs[:0])
								mask, legal = norns.AppendMask(e, v, mask[:0], legal)
								for _, lm := range legal {
									id, _ := e.Action(lm)
									e.Move(id)
								}
							}); a != 0 {
								t.Fatalf("the encoder allocates %v times a step", a)
							}
						}
						m = legal[r.IntN(len(legal))]
					}
					next, err := s.Apply(m)
					if err != nil {
						t.Fatalf("move %v refused: %v", m, err)
					}
					s = next
				}
			}
		})
	}
}
