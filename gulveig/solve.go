package gulveig

// The endgame solver: an exact perfect-information search of the last tricks of a hand on a
// determinised State, used by the SearchBot's playouts (see [SearchBot]).
//
// It treats the hand's end as a two-sided game: the declarer against the other bidders, who
// play as one side (the usual "paranoid" reduction of a game of three to a game of two). The
// value of a finished hand, for the declarer's side, is the declarer's gain in score over the
// hand less the best gain of another seat, the difference the search's reward is made of; the
// declarer maximises it and the others minimise it. Within that model the value is exact:
// alpha-beta over every legal card and combo shown, checked against plain minimax by
// TestSolveExact.

// solveMaxMoves bounds the legal moves of a position in the solver: at most 10 cards and,
// on a lead, 2 moves per combo held.
const solveMaxMoves = 32

// solver holds the scores a solve measures gains from.
type solver struct {
	root  [4]int32 // the scores at the position solved
	nodes int      // positions visited, for tests and measurements
}

// endValue returns the value of s, a state past the hand's last card, for the declarer's side.
func (sv *solver) endValue(s *State, d int8) int {
	mine, best := s.scores[d]-sv.root[d], int32(-1<<30)
	for q := range int8(s.players) {
		if q != d {
			best = max(best, s.scores[q]-sv.root[q])
		}
	}
	return int(mine - best)
}

// value returns the value of s (in the tricks, with declarer d) for the declarer's side, by
// alpha-beta within the window (alpha, beta): exact inside it, a bound outside (fail-hard).
func (sv *solver) value(s *State, d int8, alpha, beta int) int {
	sv.nodes++
	if s.phase != PhasePlay {
		return sv.endValue(s, d)
	}
	var arr [solveMaxMoves]Move
	legal := s.AppendLegal(arr[:0])
	if s.toMove == d {
		for _, m := range legal {
			t := *s
			t.apply(m)
			t.syncTurn()
			if v := sv.value(&t, d, alpha, beta); v > alpha {
				alpha = v
				if alpha >= beta {
					return beta
				}
			}
		}
		return alpha
	}
	for _, m := range legal {
		t := *s
		t.apply(m)
		t.syncTurn()
		if v := sv.value(&t, d, alpha, beta); v < beta {
			beta = v
			if alpha >= beta {
				return alpha
			}
		}
	}
	return beta
}

// solveBound is beyond any value: gains are bounded by twice the cap of a bid plus the deck's
// points and combos.
const solveBound = 1 << 20

// solveMove returns the best move for the seat to act in s (in the tricks) under perfect
// information: the declarer's side maximises the value, the others minimise it. Ties go to the
// first move in the legal order.
func (sv *solver) solveMove(s *State) Move {
	sv.root = s.scores
	d := s.declarer
	var arr [solveMaxMoves]Move
	legal := s.AppendLegal(arr[:0])
	if len(legal) == 1 {
		return legal[0]
	}
	maxing := s.toMove == d
	best := legal[0]
	alpha, beta := -solveBound, solveBound
	for _, m := range legal {
		t := *s
		t.apply(m)
		t.syncTurn()
		v := sv.value(&t, d, alpha, beta)
		if maxing && v > alpha {
			alpha, best = v, m
		} else if !maxing && v < beta {
			beta, best = v, m
		}
	}
	return best
}
