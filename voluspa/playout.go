package voluspa

import (
	"math/bits"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// Playout plays s to the end with uniformly random legal moves and chance drawn from r, and
// returns the final state. It is [norns.Playout] for Voluspa, faster: it plays the same moves,
// reaches the same state and leaves r in the same state as norns.Playout(s, r, buf) — each
// chance node drawn with SampleChance, each seat's move the r.IntN(len(legal))-th of Legal —
// but it counts the legal moves and finds the one drawn without listing them (a turn has 66 on
// average), and plays on one State in place instead of copying it at every call. It does not
// allocate.
//
// It is there for the programs that play many random matches, such as a search with random
// playouts: about twice as fast as the generic loop (BenchmarkRandomMatch), and the
// equivalence is tested move by move (TestPlayoutMatchesGeneric).
func (s State) Playout(r *rng.Rand) State {
	for {
		var m Move
		switch s.toMove {
		case nobody:
			return s
		case chance:
			m = s.sampleChance(r)
		default:
			m = s.randomMove(s.h.hand[s.toMove], r)
		}
		var w window
		if m.kind == MoveLay || m.kind == MoveCover {
			w.load(&s.board, int(m.x), int(m.y))
		}
		s.step(m, &w, nil)
	}
}

// randomMove returns Legal()[r.IntN(len(Legal()))] for the seat to act, which holds hand,
// without listing the moves: it draws from r exactly as that expression does.
func (s *public) randomMove(hand cards.Multiset, r *rng.Rand) Move {
	if hand.IsEmpty() {
		r.IntN(1) // as the generic loop draws among its one move
		return Pass()
	}
	var f frontier
	if h := s.board.rows(); h <= smallRows {
		var p [5 * smallRows]uint64
		f = newFrontier(&s.board, p[:], smallRows)
	} else {
		var p [5 * maxRows]uint64
		f = newFrontier(&s.board, p[:], maxRows)
	}
	kinds := uint64(Deck.Distinct(hand))
	if n := f.moves(kinds); n > 0 {
		return f.move(kinds, r.IntN(n))
	}
	i := r.IntN(bits.OnesCount64(kinds))
	for range i {
		kinds &= kinds - 1
	}
	return Discard(Tile(bits.TrailingZeros64(kinds)))
}

// move returns the i-th of the lays and covers of the kinds in the set kinds, in Legal's order.
// i is below f.moves(kinds).
func (f *frontier) move(kinds uint64, i int) Move {
	for x := kinds; x != 0; x &= x - 1 {
		t := Tile(bits.TrailingZeros64(x))
		plane, n := f.open, f.nGuardLay
		if t != guardKind {
			plane, n = f.lay, f.nLay
		}
		if i < n {
			x, y := f.square(plane, i)
			return Move{kind: MoveLay, tile: t, x: int8(x), y: int8(y)}
		}
		i -= n
		for c, ck := range coverKinds {
			if t != ck {
				continue
			}
			if i < f.nCover[c] {
				x, y := f.square(f.cover[c], i)
				return Move{kind: MoveCover, tile: t, x: int8(x), y: int8(y)}
			}
			i -= f.nCover[c]
		}
	}
	panic("voluspa: frontier.move: index out of range")
}

// square returns the i-th square of plane, south to north and west to east.
func (f *frontier) square(plane []uint64, i int) (x, y int) {
	for r, m := range plane {
		n := bits.OnesCount64(m)
		if i >= n {
			i -= n
			continue
		}
		for range i {
			m &= m - 1
		}
		return f.ox + bits.TrailingZeros64(m), f.oy + r
	}
	panic("voluspa: frontier.square: index out of range")
}
