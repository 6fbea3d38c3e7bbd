package voluspa

import (
	"context"
	"errors"
	"slices"

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
	s := State{public: v.public, drawer: drawer{node: v.head}}
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
	var buf [maxTurnMoves]float64
	vals := moveValues(s, legal, buf[:0])
	best, bestVal, ties := legal[0], -1e9, 0
	for i, m := range legal {
		val := vals[i]
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

// moveValues appends to dst moveValue(s, m) for each move m of legal, the legal moves of s's
// seat to act, and returns the extended slice. It loads the grid around a square once for all
// the moves on it (a turn lays each kind in hand on the same squares).
func moveValues(s *State, legal []Move, dst []float64) []float64 {
	start := len(dst)
	dst = slices.Grow(dst, len(legal))[:start+len(legal)]
	vals := dst[start:]
	// The moves on each square, chained: slot holds 1 + the square's bucket (the squares of a
	// lay or cover lie in the grid's box or its margin, at most 62 squares a side), first[b] the
	// first move of bucket b, next[i] the move after i in its bucket or -1.
	var slot [64][64]uint8
	var first [256]int16
	var next [maxTurnMoves]int16
	if len(legal) > len(next) {
		for i, m := range legal { // more moves than a turn has: one at a time
			vals[i] = moveValue(s, m)
		}
		return dst
	}
	n := 0
	ox, oy := int(s.board.minX)-1, int(s.board.minY)-1
	for i, m := range legal {
		if m.kind != MoveLay && m.kind != MoveCover {
			vals[i] = moveValue(s, m)
			continue
		}
		sl := &slot[uint(int(m.y)-oy)&63][uint(int(m.x)-ox)&63]
		if *sl == 0 { // a new square: there are fewer than len(first), 2*MaxCells+2 empty and MaxCells filled
			n++
			*sl = uint8(n)
			first[n-1] = int16(i)
			next[i] = -1
			continue
		}
		b := int(*sl) - 1
		next[i] = first[b]
		first[b] = int16(i)
	}
	var w window
	for _, i := range first[:n] {
		m := legal[i]
		w.fill(&s.board, int(m.x), int(m.y))
		for ; i >= 0; i = next[i] {
			vals[i] = valueAt(legal[i], &w)
		}
	}
	return dst
}

// moveValue is the heuristic's value of the legal move m for the seat to act in s: the points it
// scores at once, less what keeping its tile would be worth.
func moveValue(s *State, m Move) float64 {
	switch m.kind {
	case MoveDiscard:
		return -discardCost(m.tile)
	case MoveLay, MoveCover:
		var w window
		w.fill(&s.board, int(m.x), int(m.y))
		return valueAt(m, &w)
	}
	return 0
}

// valueAt is moveValue of the legal lay or cover m, with w the grid around its square (which it
// leaves as it found it).
func valueAt(m Move, w *window) float64 {
	under := w.at(0, 0)
	val := float64(gainAt(m.tile, w))
	pw := m.tile.pw()
	if pw.Guard || pw.Zeroes {
		val -= keepBlocker
	}
	if m.kind == MoveCover {
		val -= spendCover
		if pw.Cover == CoverCapture {
			val += captureGain * float64(under.pw().Value)
		}
	}
	return val
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
	w.fill(&s.board, int(m.x), int(m.y))
	return gainAt(m.tile, w)
}

// gainAt returns the points tile t scores laid on (or covering) the centre of w, which it
// leaves as it found it.
func gainAt(t Tile, w *window) int {
	under := w.at(0, 0)
	w.set(t)
	pts := 0
	for _, l := range [2]Line{LineRow, LineColumn} {
		if ls, ok := scoreLine(w, l); ok {
			pts += ls.points
		}
	}
	w.set(under)
	return pts
}
