package herrlof

import (
	"math"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// bruteForce returns every seat's value of s by plain expectimax over Legal and Apply: no table,
// no pruning, each seat maximising its own reward (ties: the first legal move), the 6's pick
// averaged with SampleChance's weights (a card held twice counts twice).
func bruteForce(s State, scale float64) [3]float64 {
	var out [3]float64
	if s.phase == PhaseDeal || s.phase == PhaseOver {
		for p := range int(s.players) {
			out[p] = handReward(s, norns.Player(p), scale)
		}
		return out
	}
	if s.ToMove() == norns.Chance {
		h := s.hands[s.target]
		var total float64
		for _, m := range s.Legal() {
			w := float64(h.Count(m.Card()))
			t, err := s.Apply(m)
			if err != nil {
				panic(err)
			}
			v := bruteForce(t, scale)
			for p := range out {
				out[p] += w * v[p]
			}
			total += w
		}
		for p := range out {
			out[p] /= total
		}
		return out
	}
	p := s.ToMove()
	first := true
	for _, m := range s.Legal() {
		t, err := s.Apply(m)
		if err != nil {
			panic(err)
		}
		if v := bruteForce(t, scale); first || v[p] > out[p] {
			out, first = v, false
		}
	}
	return out
}

// endgames returns states of random matches (both sizes, every phase a seat decides) with at
// most tricks tricks left in the hand.
func endgames(t *testing.T, players, matches, tricks int) []State {
	var out []State
	for seed := range uint64(matches) {
		s, err := New(Config{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(seed + 100)
		for !s.Over() {
			var m Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				if handSize(players)-int(s.trickNo) <= tricks {
					out = append(out, s)
				}
				l := s.Legal()
				m = l[r.IntN(len(l))]
			}
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestSolverIsExact compares the solver with brute force on small endgames of both sizes: the
// value of every position, and the value of the move it chooses, which must be the best the
// mover has (the first such in the legal order). The table is kept from position to position,
// so entries made by one solve are read by the next.
func TestSolverIsExact(t *testing.T) {
	const scale = 30
	for _, players := range []int{2, 3} {
		matches, tricks := 3, 4
		if players == 3 {
			tricks = 3
		}
		if testing.Short() {
			matches, tricks = 2, tricks-1
		}
		sv := newSolver(scale)
		states := endgames(t, players, matches, tricks)
		takes := 0 // positions whose solve averages over the 6's pick
		for _, s := range states {
			if s.phase == PhaseTake {
				takes++
			}
		}
		t.Logf("%dp: %d states, %d at a 6's take", players, len(states), takes)
		if takes == 0 {
			t.Errorf("%dp: no 6's take among the endgames: the pick's average goes untested", players)
		}
		if len(states) < 20 {
			t.Fatalf("%dp: only %d endgame states", players, len(states))
		}
		for i, s := range states {
			want := bruteForce(s, scale)
			p := s.toMove
			if players == 2 {
				if got := sv.value2(&s); math.Abs(got-want[0]) > 1e-12 {
					t.Fatalf("%dp state %d: solver value %v, brute force %v\n%v", players, i, got, want[0], s)
				}
			} else {
				if got := sv.maxn(&s); got != want {
					for q := range 3 {
						if math.Abs(got[q]-want[q]) > 1e-12 {
							t.Fatalf("%dp state %d: solver values %v, brute force %v\n%v", players, i, got, want, s)
						}
					}
				}
			}
			// The chosen move is the first best move for the mover.
			m := sv.best(&s)
			var firstBest Move
			bestV := math.Inf(-1)
			for _, l := range s.Legal() {
				u, err := s.Apply(l)
				if err != nil {
					t.Fatal(err)
				}
				if v := bruteForce(u, scale)[p]; v > bestV { // the same sums as the solver: exact ties
					bestV, firstBest = v, l
				}
			}
			if m != firstBest {
				t.Fatalf("%dp state %d: solver chose %v, the first best move is %v (value %v)\n%v", players, i, m, firstBest, bestV, s)
			}
			if i%7 == 0 {
				sv.reset() // cold and warm tables alike
			}
		}
	}
}
