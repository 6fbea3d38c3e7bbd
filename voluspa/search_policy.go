package voluspa

import (
	"math/bits"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// maxCapture is the most a Skadi's capture adds to a move's value in the heuristic: the capture
// gain of the highest printed value.
const maxCapture = captureGain * 8

// bestGreedy returns a move of legal (the legal moves of s's seat to act) of the highest value
// for the heuristic, drawn uniformly from r among the moves of that value: the same choice as
// greedy's, in distribution (greedy draws among the ties in legal order, bestGreedy in the order
// it values them, so the two draw differently). It is the search's opponent model and playout
// policy, and costs less than greedy: it values the moves square by square, and skips a square
// whose lines, scored whole, could not give a move the value of the best found so far (a lay
// scores at most the length of its row and of its column, each of two tiles or more).
func bestGreedy(s *State, legal []Move, r *rng.Rand) Move {
	if len(legal) == 1 {
		return legal[0]
	}
	// The moves on each square, chained as in moveValues.
	var slot [64][64]uint8
	var first [256]int16
	var next [maxTurnMoves]int16
	if len(legal) > len(next) {
		return greedy(s, legal, r)
	}
	best, bestVal, ties := legal[0], -1e9, 0
	consider := func(m Move, val float64) {
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
	n := 0
	ox, oy := int(s.board.minX)-1, int(s.board.minY)-1
	for i, m := range legal {
		if m.kind != MoveLay && m.kind != MoveCover {
			consider(m, moveValue(s, m))
			continue
		}
		sl := &slot[uint(int(m.y)-oy)&63][uint(int(m.x)-ox)&63]
		if *sl == 0 {
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
	// Each square's most points: its row and column as bitboards from the box's corner (the
	// squares of the moves lie within it, at most 62 squares a side), then its squares by that
	// bound, the highest first, until no square left can reach the best value found.
	var rows, cols [64]uint64
	for _, c := range s.board.cells() {
		x, y := uint(int(c.x)-ox)&63, uint(int(c.y)-oy)&63
		rows[y] |= 1 << x
		cols[x] |= 1 << y
	}
	var top [256]uint8
	var count [2*MaxLine + 2]uint8
	for b, i := range first[:n] {
		m := legal[i]
		x, y := uint(int(m.x)-ox)&63, uint(int(m.y)-oy)&63
		t := runAt(rows[y], x) + runAt(cols[x], y)
		top[b] = uint8(t)
		count[t]++
	}
	var start [2*MaxLine + 2]uint8 // start[t]: where the squares of bound t begin, the highest first
	for t := len(count) - 1; t > 0; t-- {
		start[t-1] = start[t] + count[t]
	}
	var order [256]uint8
	for b := range n {
		t := top[b]
		order[start[t]] = uint8(b)
		start[t]++
	}
	var w window
	for _, b := range order[:n] {
		if float64(top[b])+maxCapture < bestVal {
			break
		}
		i := first[b]
		m := legal[i]
		w.load(&s.board, int(m.x), int(m.y))
		for ; i >= 0; i = next[i] {
			consider(legal[i], valueAt(legal[i], &w))
		}
	}
	return best
}

// runAt returns the points at most a lay on square i of a line scores in that line (whose
// squares are the bits of line): the tiles of its run through i, counting i, if two or more.
func runAt(line uint64, i uint) int {
	east := bits.TrailingZeros64(^(line >> (i + 1)))
	west := bits.LeadingZeros64(^(line << (64 - i)))
	if east+west == 0 {
		return 0
	}
	return 1 + east + west
}

// kindPoints is what a lay of each kind scored more than the average lay (4.16 points) in 300
// matches of three heuristic bots: an Odin 5.63, a Thor 4.19, a Troll 4.64, a Dragon 3.93, a
// Fenrir 5.12, a Skadi 2.32, a Valkyrie 4.41, a Loki 2.74.
var kindPoints = [NumKinds]float64{5.63 - 4.16, 4.19 - 4.16, 4.64 - 4.16, 3.93 - 4.16, 5.12 - 4.16, 2.32 - 4.16, 4.41 - 4.16, 2.74 - 4.16}

// handWorth returns how many points more than an average hand of as many tiles hand is likely
// to score, by kindPoints.
func handWorth(hand cards.Multiset) float64 {
	v := 0.0
	for k, t := range kindTiles {
		v += float64((hand & t).Len()) * kindPoints[k]
	}
	return v
}
