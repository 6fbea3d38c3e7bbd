package voluspa

import (
	"fmt"

	"github.com/nornsgames/norns/rng"
)

// maxTurnMoves bounds the legal moves of a seat's turn: each of the (at most HandSize) kinds in
// hand lays on at most the 2n+2 empty squares next to a grid of n squares, and the two cover
// kinds cover at most every square.
const maxTurnMoves = HandSize*(2*MaxCells+2) + 2*MaxCells

// Playout plays s to the end with uniformly random legal moves and chance drawn from r, and
// returns the final state. It is norns.Playout's loop, on a copy of s: each chance node drawn
// with SampleChance, each seat's move the r.IntN(len(legal))-th of AppendLegal, then Step; so it
// plays the same moves, reaches the same state and leaves r as norns.Playout does
// (TestPlayoutMatchesGeneric), at the same speed (BenchmarkRandomMatchOwn beside
// BenchmarkRandomMatch/3p). It is written out rather than a call of norns.Playout only so that
// its copy of s stays on the stack: a State whose address reaches a generic call moves to the
// heap. It does not allocate.
//
// Until version 1.0 it had a loop of its own, twice as fast as the generic one, that counted the
// legal moves and found the one drawn instead of listing them, with an index of the grid kept
// beside the State; that loop is gone, so that no caller of the generic path plays slower than
// the game's own.
func (s State) Playout(r *rng.Rand) State {
	if s.players == 0 {
		return s // the zero State: over
	}
	var buf [maxTurnMoves]Move
	for {
		var m Move
		switch s.toMove {
		case nobody:
			return s
		case chance:
			m = s.sampleChance(r)
		default:
			legal := s.AppendLegal(buf[:0])
			m = legal[r.IntN(len(legal))]
		}
		if err := s.Step(m); err != nil {
			panic(fmt.Sprintf("voluspa: Playout: listed move %v does not apply: %v", m, err))
		}
	}
}
