package herrlof

import (
	"math"

	"github.com/nornsgames/norns"
)

// solver finds the exact value of the rest of a hand under perfect information: every card
// placed (a determinised State), every seat playing for its own reward at the end of the hand
// (the search bot's handReward), and the 6's random pick averaged over its outcomes with their
// true weights. With two players the rewards add up to 1, so the hand is a zero-sum game searched
// by alpha-beta over seat 0's reward; with three, each seat maximises its own reward (max^n, no
// pruning). Ties go to the first move in the legal order, so the move chosen does not depend on
// what the transposition table holds.
//
// The transposition table is keyed by the State with what the rules never read cleared (the
// record of the hand, the seats' knowledge, show-outs, the stock positions seen, and the last
// trick outside the 6's power, which reads it): two orders of play that reach the same cards,
// counts and scores share an entry.
//
// The table is a cache of ttSize entries, each holding its full key, so a hit is always the
// position asked for (a collision only costs a search); a new entry replaces the old one of its
// slot. A solver is scratch space for one goroutine; reset empties its table in constant time (a
// generation count), so a solver reused from solve to solve allocates nothing.
type solver struct {
	scale float64 // the reward scale (searchTuning.rewardScale)
	tt    []ttEntry
	gen   uint32  // entries of other generations are empty
	moves []Move  // the legal moves of the positions on the path, one after another
	stack []State // the positions on the path below the root (a fixed array: see push)
	depth int     // stack[depth] is the deepest
	nodes int     // positions searched (for tests and tuning)
}

// ttSize is the number of table entries (a power of two), about 400 kB.
const ttSize = 1 << 11

// ttEntry is a table entry. With two players v[0] is seat 0's value and flag says whether it is
// exact or a bound; with three, v holds every seat's exact value.
type ttEntry struct {
	key  State
	v    [3]float64
	gen  uint32
	flag int8 // 0 exact, 1 lower bound (the value is at least v[0]), 2 upper bound (at most v[0])
}

func newSolver(scale float64) *solver {
	return &solver{scale: scale, tt: make([]ttEntry, ttSize), gen: 1, stack: make([]State, maxSolveDepth)}
}

// maxSolveDepth bounds the moves from a solve's root to the end of the hand: at most a play, a
// draw and a return per seat and a steal or a take, a pick and a give per trick, for a few tricks.
const maxSolveDepth = 256

// push copies s to the next place of the stack and returns it. The children of a position live
// there rather than in locals of the recursive search, which the compiler would move to the heap.
func (sv *solver) push(s *State) *State {
	sv.depth++
	t := &sv.stack[sv.depth] // panics past maxSolveDepth: far beyond any reach the bot uses
	*t = *s
	return t
}

func (sv *solver) pop() { sv.depth-- }

// reset empties the table.
func (sv *solver) reset() {
	sv.gen++
	if sv.gen == 0 { // wrapped: clear the old generations for real
		clear(sv.tt)
		sv.gen = 1
	}
	sv.nodes = 0
}

// slot returns the table entry for key k.
func (sv *solver) slot(k *State) *ttEntry {
	h := uint64(k.hands[0])*0x9e3779b97f4a7c15 ^ uint64(k.hands[1])*0xc2b2ae3d27d4eb4f ^
		uint64(k.hands[2])*0x165667b19e3779f9 ^ uint64(k.trick.cards[0])<<3 ^ uint64(k.trick.cards[1])<<11 ^
		uint64(k.trick.cards[2])<<19 ^ uint64(k.trick.n)<<27 ^ uint64(k.phase)<<30 ^ uint64(uint8(k.toMove))<<34 ^
		uint64(k.trump)<<42 ^ uint64(k.stock.Len())<<50 ^ uint64(k.tricks[0])<<54 ^ uint64(k.tricks[1])<<58
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return &sv.tt[h&(ttSize-1)]
}

// lookup returns the entry of k, or nil.
func (sv *solver) lookup(k *State) *ttEntry {
	if e := sv.slot(k); e.gen == sv.gen && e.key == *k {
		return e
	}
	return nil
}

// store records k's values.
func (sv *solver) store(k *State, v [3]float64, flag int8) {
	*sv.slot(k) = ttEntry{key: *k, v: v, gen: sv.gen, flag: flag}
}

// ttKey returns s with the fields the rules never read cleared.
func ttKey(s *State) State {
	k := *s
	k.rec = tape{}
	k.known = [3]Cards{}
	k.voids = [3]uint8{}
	k.stockSeen = [3]uint16{}
	switch k.phase {
	case PhaseTake, PhasePick, PhaseGive:
	default:
		k.prev = Trick{}
	}
	return k
}

// leaf reports whether s ends the solve: the hand is over (a deal waits) or the match is.
func leaf(s *State) bool { return s.phase == PhaseDeal || s.phase == PhaseOver }

// best returns the move the seat to act in s should make under perfect information, and the
// number of positions searched. s must be a decision of a seat (not chance, not over, not a
// deal).
func (sv *solver) best(s *State) Move {
	n0 := len(sv.moves)
	sv.moves = s.appendLegal(sv.moves)
	moves := sv.moves[n0:]
	defer func() { sv.moves = sv.moves[:n0] }()
	if len(moves) == 1 {
		return moves[0]
	}
	p := s.toMove
	bestI := 0
	if s.players == 2 {
		bestV := math.Inf(-1)
		alpha, beta := -1.0, 2.0
		for i := range moves {
			t := sv.push(s)
			if t.apply(moves[i], nil) != nil {
				panic("herrlof: solver: a listed move does not apply")
			}
			v := sv.ab(t, alpha, beta)
			sv.pop()
			if p == 1 {
				v = 1 - v
			}
			if v > bestV {
				bestV, bestI = v, i
			}
			// The root keeps exact values for the moves that beat the best so far: its window
			// only narrows from the mover's side.
			if p == 0 {
				alpha = max(alpha, v)
			} else {
				beta = min(beta, 1-v)
			}
		}
		return moves[bestI]
	}
	bestV := math.Inf(-1)
	for i := range moves {
		t := sv.push(s)
		if t.apply(moves[i], nil) != nil {
			panic("herrlof: solver: a listed move does not apply")
		}
		v := sv.maxn(t)[p]
		sv.pop()
		if v > bestV {
			bestV, bestI = v, i
		}
	}
	return moves[bestI]
}

// value2 returns seat 0's exact value of s (two players).
func (sv *solver) value2(s *State) float64 { return sv.ab(s, -1, 2) }

// ab is alpha-beta (fail-soft) over seat 0's reward, for two players.
func (sv *solver) ab(s *State, alpha, beta float64) float64 {
	if leaf(s) {
		return handReward(*s, 0, sv.scale)
	}
	sv.nodes++
	if s.toMove != int8(norns.Chance) && handSize(int(s.players))-int(s.trickNo) <= 1 {
		return sv.ab1(s, alpha, beta) // the last trick: cheaper searched than looked up
	}
	key := ttKey(s)
	if e := sv.lookup(&key); e != nil {
		v := e.v[0]
		switch {
		case e.flag == 0, e.flag == 1 && v >= beta, e.flag == 2 && v <= alpha:
			return v
		}
	}
	if s.toMove == int8(norns.Chance) { // the 6's pick: the average over its outcomes
		h := s.hands[s.target]
		total, sum := 0, 0.0
		for x := uint64(h & kindBits); x != 0; x &= x - 1 {
			c := bitCard(trailingZeros(x))
			w := h.Count(c)
			t := sv.push(s)
			if t.apply(Pick(c), nil) != nil {
				panic("herrlof: solver: a pick does not apply")
			}
			sum += float64(w) * sv.ab(t, -1, 2)
			sv.pop()
			total += w
		}
		v := sum / float64(total)
		sv.store(&key, [3]float64{v}, 0)
		return v
	}
	best := sv.ab1(s, alpha, beta)
	var flag int8
	switch {
	case best <= alpha:
		flag = 2
	case best >= beta:
		flag = 1
	}
	sv.store(&key, [3]float64{best}, flag)
	return best
}

// ab1 is ab without the table: the alpha-beta loop over s's moves, each valued by ab. ab runs
// it and stores the result; a seat's decision in the last trick runs it alone.
func (sv *solver) ab1(s *State, alpha, beta float64) float64 {
	n0 := len(sv.moves)
	sv.moves = s.appendLegal(sv.moves)
	maxing := s.toMove == 0
	best := math.Inf(1)
	if maxing {
		best = math.Inf(-1)
	}
	for i := n0; i < len(sv.moves); i++ {
		t := sv.push(s)
		if t.apply(sv.moves[i], nil) != nil {
			panic("herrlof: solver: a listed move does not apply")
		}
		v := sv.ab(t, alpha, beta)
		sv.pop()
		if maxing {
			best = max(best, v)
			alpha = max(alpha, v)
		} else {
			best = min(best, v)
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	sv.moves = sv.moves[:n0]
	return best
}

// maxn returns every seat's value of s under max^n (three players).
func (sv *solver) maxn(s *State) [3]float64 {
	if leaf(s) {
		var v [3]float64
		for p := range 3 {
			v[p] = handReward(*s, norns.Player(p), sv.scale)
		}
		return v
	}
	sv.nodes++
	last := handSize(int(s.players))-int(s.trickNo) <= 1 // the last trick: not worth the table
	key := ttKey(s)
	if !last {
		if e := sv.lookup(&key); e != nil {
			return e.v
		}
	}
	var out [3]float64
	if s.toMove == int8(norns.Chance) {
		h := s.hands[s.target]
		total := 0
		var sum [3]float64
		for x := uint64(h & kindBits); x != 0; x &= x - 1 {
			c := bitCard(trailingZeros(x))
			w := h.Count(c)
			t := sv.push(s)
			if t.apply(Pick(c), nil) != nil {
				panic("herrlof: solver: a pick does not apply")
			}
			v := sv.maxn(t)
			sv.pop()
			for p := range 3 {
				sum[p] += float64(w) * v[p]
			}
			total += w
		}
		for p := range 3 {
			out[p] = sum[p] / float64(total)
		}
	} else {
		n0 := len(sv.moves)
		sv.moves = s.appendLegal(sv.moves)
		p := s.toMove
		first := true
		for i := n0; i < len(sv.moves); i++ {
			t := sv.push(s)
			if t.apply(sv.moves[i], nil) != nil {
				panic("herrlof: solver: a listed move does not apply")
			}
			v := sv.maxn(t)
			sv.pop()
			if first || v[p] > out[p] {
				out, first = v, false
			}
		}
		sv.moves = sv.moves[:n0]
	}
	if !last {
		sv.store(&key, out, 0)
	}
	return out
}
