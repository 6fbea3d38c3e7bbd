// Package gametest is the conformance suite every norns game runs from its tests.
//
// A game describes itself once in a [Game] value (its starting states, its move parser, the
// candidate moves to try, its invariants and a way to vary what one seat cannot see) and calls
// [Run]. The suite then plays many seeded matches from every start and checks, at every step,
// the cross-game contract of the root package norns:
//
//   - Legal is non-empty unless the match is over, equals AppendLegal, and every legal move
//     applies; every candidate move that is not legal is refused with an error wrapping
//     norns.ErrIllegalMove (or norns.ErrGameOver once over), and the state is unchanged;
//   - move text and state JSON round-trip to == values;
//   - the same moves from the same start give == states; the match record written, read and
//     replayed reproduces the match, and so do the seed and the seats' moves alone;
//   - views do not leak: a twin state that differs only in what seat p cannot see gives an ==
//     View(p), at every step of every match; every View(p).Sample is a
//     state whose View(p) equals the original and which satisfies the game's invariants;
//   - the game's own invariants (cards conserved, scores add up) hold everywhere;
//   - Apply and AppendLegal do not allocate;
//   - a rapid state machine drives random legal and illegal moves, so a failure shrinks to a
//     short game.
package gametest

import (
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// Start is a first state of a match to test from, with the config that made it.
type Start[S any] struct {
	Name   string // names the subtest, e.g. "2p" or "3p/hand-limit"
	Config any    // the config New was called with; it goes into match records
	State  S      // the state New returned
}

// Game describes a game to the suite. Every field is required unless it says otherwise.
type Game[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]] struct {
	// Name is the game's package name, as written in match records.
	Name string
	// Starts are the first states to test from: one per player count and option set.
	Starts []Start[S]
	// New rebuilds a start from a record's config JSON (used to replay records).
	New func(config []byte) (S, error)
	// ParseMove reads a move's text form.
	ParseMove func(string) (M, error)
	// Candidates returns moves to try in s, legal or not: for a rich check, every move of the
	// game's move space that makes sense for the seat to act (every card, every bid…). Moves
	// not in s.Legal() must be refused. It may return nil at chance nodes.
	Candidates func(s S) []M
	// Invariant returns an error if s breaks one of the game's invariants (cards conserved,
	// counts and scores consistent). Optional.
	Invariant func(s S) error
	// Twin returns a state that differs from s only in what seat p cannot see (say, two cards
	// swapped between an opponent's hand and the stock), and false when there is nothing hidden
	// from p to vary. The suite checks that s and the twin give == views to p.
	Twin func(s S, p norns.Player, r *rng.Rand) (S, bool)
	// Seeds is the number of random matches played from each start; 0 means 20.
	Seeds int
	// MaxSteps bounds each random match; 0 means 100000. A match that has not ended by then fails.
	MaxSteps int
}
