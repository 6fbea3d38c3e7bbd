package gametest

import "github.com/nornsgames/norns"

// Perft counts the sequences of depth moves that can be played from s, the way chess engines
// count positions: each legal move of the seat to act, and each listed outcome at a chance node,
// opens a branch. A chance node whose outcomes cannot be listed (Legal returns nil), and the end
// of the match, count as one leaf. Perft(s, 0) is 1.
func Perft[S norns.State[S, M, V], M norns.Move, V any](s S, depth int) uint64 {
	return PerftWith(s, depth, S.Legal)
}

// PerftWith is [Perft] with legal as the move generator: a game's tests count with their slow,
// obviously correct reference generator too, and the two counts must agree.
func PerftWith[S norns.State[S, M, V], M norns.Move, V any](s S, depth int, legal func(S) []M) uint64 {
	if depth == 0 || s.Over() {
		return 1
	}
	moves := legal(s)
	if len(moves) == 0 {
		return 1
	}
	var n uint64
	for _, m := range moves {
		next, err := s.Apply(m)
		if err != nil {
			panic("gametest: Perft: listed move " + m.String() + " refused: " + err.Error())
		}
		n += PerftWith(next, depth-1, legal)
	}
	return n
}
