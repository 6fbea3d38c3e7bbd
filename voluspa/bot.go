package voluspa

import (
	"context"
	"errors"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// errNotToAct is returned by a bot asked to move for a seat that is not to act.
var errNotToAct = errors.New("voluspa: bot asked to move for a seat that is not to act")

// NewRandomBot returns a bot that plays a uniformly random legal move, reproducibly from seed,
// and returns ctx.Err() instead when ctx is done: a [norns.RandomBot]. It is not safe for
// concurrent use.
func NewRandomBot(seed uint64) *norns.RandomBot[View, Move] {
	return norns.NewRandomBot[View, Move](seed)
}

// HeuristicBot is a rules-aware bot that decides from its [View] alone. It is greedy on points:
// it plays the move that scores most this turn (V13), and among equal moves it keeps its Trolls
// and Lokis, the tiles that block (V6, V10), for later, spends a Dragon or Skadi only when that
// pays, and likes a Skadi capture for the tile it brings. Forced to discard (V9), it throws away
// its least useful tile. Exact ties are broken at random.
//
// It is not safe for concurrent use. Create it with [NewHeuristicBot].
type HeuristicBot struct {
	r   *rng.Rand
	buf []Move
}

// NewHeuristicBot returns a heuristic bot. Its choices are deterministic; seed breaks exact ties.
func NewHeuristicBot(seed uint64) *HeuristicBot {
	return &HeuristicBot{r: rng.New(seed), buf: make([]Move, 0, 256)}
}

// Choose returns the heuristic's move for v's seat. It returns ctx.Err() if ctx is done, and an
// error if v's seat is not to act.
func (b *HeuristicBot) Choose(ctx context.Context, v View) (Move, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	if v.phase != PhaseTurn || v.toMove != v.me {
		return Move{}, errNotToAct
	}
	b.buf = v.AppendLegal(b.buf[:0])
	s := State{public: v.public}
	s.h.hand[v.me] = v.hand
	return greedy(&s, b.buf, b.r), nil
}

// Tuning of the heuristic, in points.
const (
	keepBlocker = 1.5 // the worth of keeping a Troll or Loki in hand
	spendCover  = 0.5 // the worth of keeping a Dragon or Skadi in hand
	captureGain = 0.2 // per point of printed value of a tile a Skadi takes into hand
)

// greedy returns the best move of legal (the legal moves of s's seat to act) for the heuristic.
func greedy(s *State, legal []Move, r *rng.Rand) Move {
	if len(legal) == 1 {
		return legal[0]
	}
	best, bestVal, ties := legal[0], -1e9, 0
	for _, m := range legal {
		val := moveValue(s, m)
		switch {
		case val > bestVal:
			best, bestVal, ties = m, val, 1
		case val == bestVal:
			ties++
			if r.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// moveValue is the heuristic's value of the legal move m for the seat to act in s: the points it
// scores at once, less what keeping its tile would be worth.
func moveValue(s *State, m Move) float64 {
	switch m.kind {
	case MoveDiscard:
		return -discardCost(m.tile)
	case MoveLay, MoveCover:
		var w window
		val := float64(lineGain(s, m, &w))
		pw := m.tile.pw()
		if pw.Guard || pw.Zeroes {
			val -= keepBlocker
		}
		if m.kind == MoveCover {
			val -= spendCover
			if pw.Cover == CoverCapture {
				val += captureGain * float64(w.at(0, 0).pw().Value)
			}
		}
		return val
	}
	return 0
}

// discardCost is how much the heuristic minds losing t: its value, more for a blocker.
func discardCost(t Tile) float64 {
	pw := t.pw()
	c := float64(pw.Value)
	if pw.Guard || pw.Zeroes {
		c += 10
	}
	return c
}

// lineGain returns the points the legal lay or cover m scores for the seat to act in s, without
// building the next state. It leaves in w the grid around m's square, before the lay.
func lineGain(s *State, m Move, w *window) int {
	w.load(&s.board, int(m.x), int(m.y))
	under := w.at(0, 0)
	w.set(m.tile)
	pts := 0
	for _, l := range [2]Line{LineRow, LineColumn} {
		if ls, ok := scoreLine(w, l); ok {
			pts += ls.points
		}
	}
	w.set(under)
	return pts
}
