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
//   - Apply and Step leave the state they are called on as it was, even through a pointer the
//     state holds (its String is compared), and Step does what Apply does;
//   - move text and state JSON round-trip to == values;
//   - the same moves from the same start give == states; the match record written, read and
//     replayed reproduces the match, and so do the seed and the seats' moves alone;
//   - views do not leak: a twin state that differs only in what seat p cannot see gives an ==
//     View(p), at every step of every match; every View(p).Sample is a
//     state whose View(p) equals the original and which satisfies the game's invariants;
//   - the bots decide from the view alone: at a few positions, each of the game's bots, made
//     from one seed, chooses the same legal move from the view of a state and from the views of
//     twins that differ only in what the seat to act cannot see;
//   - the game's own invariants (cards conserved, scores add up) hold everywhere;
//   - Apply and AppendLegal do not allocate;
//   - norns.Playout, which calls the game's own playout when it registers one, plays exactly
//     the loop that defines a random playout: the same final state, the generator left alike;
//   - a rapid state machine drives random legal and illegal moves, so a failure shrinks to a
//     short game.
//
// The suite's own tests prove that it can fail: they run it on the toy game with one flaw at a
// time (package internal/gametest/broken: a leaky view, an Apply that writes into its receiver,
// a lost card, a replay that differs, an inconsistent sample, a lax decoder, a bot that peeks…) and check that
// each is rejected first by the check meant for it.
//
// Every check runs for every game, and every hook of [Game] is required:
//
//   - the spectator check: ApplyEvents with norns.Nobody never panics, gives Apply's state, and
//     reveals nothing private (see [Game.ApplyEvents]);
//   - sentinels: bad move text is refused with an error wrapping norns.ErrBadNotation, bad
//     state JSON with one wrapping norns.ErrCorrupt, and errors stay short;
//   - strict configs: the game's record functions write the effective config and refuse a
//     record whose config has an unknown, repeated or differently cased key;
//   - conservation: the cards of every zone (each read from what the State records) add up to
//     the full deck, at every step, in every twin, sample and decoded state, and in a rapid
//     property over random legal play;
//   - the structured tamper property: one field or entry of a valid state's JSON changed
//     (swapped, duplicated, moved, shifted, dropped or added), decoding either fails with
//     norns.ErrCorrupt or gives a state that re-encodes, plays on legally and whose views and
//     samples pass the checks;
//   - the spectator's view: View(norns.Nobody) does not panic, gives no legal move, leaks
//     nothing a twin of any seat would change, and samples exactly;
//   - closure: a state the decoder accepts, including one whose numbers were pushed to the
//     largest and smallest values the decoder takes, plays on to the end with random legal
//     moves, and every state reached encodes and decodes again to an == state ([Closure]).
//
// Separate entry points check what only some tests need: [Encoding] (a game's learning
// encoding), [ZeroValues] (no method panics on a zero value unless documented),
// [DecodedStatesPlayOn] (the closure property as a rapid property, with [JSONBound],
// [WithJSONNumber] and [PlayOn] for a game's own tests of its decoder's limits),
// [SpectatorJSON] (the spectator's view through the registry), [Perft], [CheckPinned] (pinned
// seeded matches) and the fuzz bodies of fuzz.go. A game's tests describe it once, from its
// registration: [Lookup].
package gametest

import (
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
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
	// not in s.Legal() must be refused. It may return nil at chance nodes. A start whose matches
	// never get a move to refuse from it fails.
	Candidates func(s S) []M
	// Invariant returns an error if s breaks one of the game's invariants (cards conserved,
	// counts and scores consistent). Optional.
	Invariant func(s S) error
	// Twin returns a state that differs from s only in what seat p cannot see (say, two cards
	// swapped between an opponent's hand and the stock), and false when there is nothing hidden
	// from p to vary. The suite checks that s and the twin give == views to p. A start whose
	// matches never get a twin that differs from its state fails.
	Twin func(s S, p norns.Player, r *rng.Rand) (S, bool)
	// ApplyEvents is the game's State.ApplyEvents, with its events as comparable values (wrap
	// each event in an any). The spectator check checks, besides that norns.Nobody
	// is accepted and gets Apply's state: for a twin t of s for seat p, when m gives p the same
	// events and the same view from s and from t, the spectator's events from s and t are equal
	// too (a spectator knows less than any seat, so it cannot see the difference).
	ApplyEvents func(s S, m M, viewer norns.Player) (S, []any, error)
	// NewRecord is the game's NewRecord with the config of a Start, and ReplayRecord the game's
	// ReplayRecord.
	NewRecord    func(config any, seed uint64, moves []M, last S) (norns.Record, error)
	ReplayRecord func(rec norns.Record) (S, error)
	// Deck is the game's deck, and Zones lists where the cards of s are: hands, stock, trick,
	// piles, out of play; every card of the deck in exactly one zone, each zone read from what
	// the State records (never computed as the rest of the deck).
	Deck  *cards.Deck
	Zones func(s S) []cards.Multiset
	// Bots are the game's bots, as registered (norns.Game.Bots). The suite checks that each
	// decides from the View alone and reproducibly: at a few positions of its matches, two bots
	// made from one seed are given the views of the state and of a twin that differs only in
	// what the seat to act cannot see (== views), and must choose the same move, a legal one. A
	// bot that read hidden information any other way (a state kept aside, a shared variable)
	// would tell the two apart.
	Bots []norns.BotMaker[V, M]
	// Seeds is the number of random matches played from each start; 0 means 20.
	Seeds int
	// MaxSteps bounds each random match; 0 means 100000. A match that has not ended by then fails.
	MaxSteps int
}
