package norns

import (
	"context"
	"errors"
	"fmt"

	"github.com/nornsgames/norns/rng"
)

// Move is the constraint on every game's move type: a small comparable value with a text form
// that the game's ParseMove reads back. Chance outcomes (a deal with its shuffled order, a random
// pick) are Moves too.
type Move interface {
	comparable
	String() string
}

// State is the constraint every game's State satisfies, with S the State type itself, M its Move
// and V its View. A State is an immutable value: methods have value receivers, == compares two
// states, and every method is safe for concurrent use.
type State[S any, M Move, V any] interface {
	comparable
	// Players returns the number of seats.
	Players() int
	// ToMove returns the seat to act, Chance at a chance node, or Nobody once Over.
	ToMove() Player
	// Over reports whether the match has ended.
	Over() bool
	// Legal returns the legal moves of ToMove in the game's documented, stable order. At a chance
	// node it lists the outcomes when the game can enumerate them cheaply (a random pick from a
	// hand) and returns nil when it cannot (a shuffled deal); SampleChance always works.
	Legal() []M
	// AppendLegal appends Legal's moves to dst without allocating when dst has room.
	AppendLegal(dst []M) []M
	// Apply returns the state after m. An illegal move returns an error wrapping ErrIllegalMove
	// (or ErrGameOver) that says why; the receiver never changes.
	Apply(m M) (S, error)
	// SampleChance draws a chance outcome with its true probability. It panics unless ToMove is
	// Chance.
	SampleChance(r *rng.Rand) M
	// Score returns seat p's score as the game counts it (points, or lives left).
	Score(p Player) int
	// Winners returns the seats that won; it is empty until Over, and empty after a drawn match.
	Winners() Seats
	// View returns what seat p may see; View(Nobody) is the spectator's view, which holds only
	// what is public and lists no legal move.
	View(p Player) V
	// String describes the state for humans.
	String() string
}

// View is the constraint on every game's View: one seat's knowledge of a match (or, for
// State.View(Nobody), a spectator's: only what is public), with S the game's State and M its
// Move. Bots decide from a View only. Views are comparable: two states that differ only in what
// the seat cannot see give == views.
type View[S any, M Move] interface {
	comparable
	// Seat returns whose view this is.
	Seat() Player
	// Players returns the number of seats.
	Players() int
	// ToMove returns who acts next, as State.ToMove.
	ToMove() Player
	// Over reports whether the match has ended.
	Over() bool
	// Legal returns the seat's legal moves when it is to act, and nil otherwise.
	Legal() []M
	// AppendLegal appends Legal's moves to dst.
	AppendLegal(dst []M) []M
	// Sample returns a full state drawn at random among those consistent with everything the seat
	// knows; its View(Seat()) equals this view.
	Sample(r *rng.Rand) S
}

// Bot chooses moves for a seat from that seat's View. Choose is called only when the view's seat
// is to act; it must return one of the view's legal moves, and should return promptly with the
// best move found so far (or ctx.Err()) when ctx is done.
type Bot[V any, M Move] interface {
	Choose(ctx context.Context, v V) (M, error)
}

// BotFunc adapts a function to the [Bot] interface.
type BotFunc[V any, M Move] func(ctx context.Context, v V) (M, error)

// Choose calls f(ctx, v).
func (f BotFunc[V, M]) Choose(ctx context.Context, v V) (M, error) { return f(ctx, v) }

// LegalLister is the part of a View a [RandomBot] needs.
type LegalLister[M Move] interface {
	AppendLegal(dst []M) []M
}

// RandomBot plays a uniformly random legal move, drawn from its own seeded generator. It is not
// safe for concurrent use; give each goroutine its own.
type RandomBot[V LegalLister[M], M Move] struct {
	r   *rng.Rand
	buf []M
}

// NewRandomBot returns a random bot whose choices are reproducible from seed.
func NewRandomBot[V LegalLister[M], M Move](seed uint64) *RandomBot[V, M] {
	return &RandomBot[V, M]{r: rng.New(seed)}
}

// Choose returns a uniformly random legal move of v. It returns ctx.Err() when ctx is already
// done, and fails if v has no legal move.
func (b *RandomBot[V, M]) Choose(ctx context.Context, v V) (M, error) {
	if err := ctx.Err(); err != nil {
		var zero M
		return zero, err
	}
	b.buf = v.AppendLegal(b.buf[:0])
	if len(b.buf) == 0 {
		var zero M
		return zero, errors.New("norns: random bot: no legal move in this view")
	}
	return b.buf[b.r.IntN(len(b.buf))], nil
}

// Play plays s to the end: chance outcomes are drawn from r with SampleChance, and the seat to act
// is asked through bots[seat] with its own View. observe, if not nil, is called after every move
// with the state before, the move and the state after.
//
// It returns the final state and every move played, chance included, in order; with r fresh from
// rng.New(seed) those moves replay the match, and so do the seed and the seats' moves alone (see
// [ReplayFromSeed]). If ctx ends, a bot fails, or a bot returns an illegal move, Play stops and
// returns the state reached, the moves so far and an error naming the seat.
func Play[S State[S, M, V], M Move, V any](ctx context.Context, s S, bots []Bot[V, M], r *rng.Rand, observe func(before S, m M, after S)) (S, []M, error) {
	if len(bots) != s.Players() {
		return s, nil, fmt.Errorf("norns: Play: %d bots for %d seats", len(bots), s.Players())
	}
	var moves []M
	for !s.Over() {
		if err := ctx.Err(); err != nil {
			return s, moves, err
		}
		var m M
		p := s.ToMove()
		if p == Chance {
			m = s.SampleChance(r)
		} else {
			var err error
			m, err = bots[p].Choose(ctx, s.View(p))
			if err != nil {
				return s, moves, fmt.Errorf("norns: %v's bot: %w", p, err)
			}
		}
		next, err := s.Apply(m)
		if err != nil {
			return s, moves, fmt.Errorf("norns: %v's bot chose %v: %w", p, m, err)
		}
		moves = append(moves, m)
		if observe != nil {
			observe(s, m, next)
		}
		s = next
	}
	return s, moves, nil
}

// Stepper is the constraint on a pointer to a game's State S with moves M: the methods a loop
// needs to play many moves on one State in place. Every game's *State satisfies it; its Step is
// the State's Apply done in place (the same checks, the same error, the state unchanged on
// error). Generic functions take it as an extra type parameter, which Go infers from S:
//
//	func Count[S norns.State[S, M, V], M norns.Move, V any, P norns.Stepper[S, M]](s S) int
type Stepper[S any, M Move] interface {
	*S
	ToMove() Player
	AppendLegal(dst []M) []M
	SampleChance(r *rng.Rand) M
	Step(m M) error
}

// Playout plays the match s points to until it is over, in place, with uniformly random legal
// moves and chance drawn from r, using buf as scratch space for legal moves, and returns buf
// for reuse. It panics if the game breaks its contract (no legal move before the end, or a
// listed move that does not apply).
//
// Its loop is the definition of a random playout: at a chance node the outcome is
// s.SampleChance(r); otherwise the move is the r.IntN(len(legal))-th of s.Legal(); then
// s.Step(move), which applies it as Apply would without copying the State in and out (see
// [Stepper]).
//
// Playout itself allocates nothing once buf is large enough. The State it plays on is the
// caller's: Go cannot prove that a generic method call keeps no pointer to it, so a local
// variable whose address is passed moves to the heap where it is declared. Declare it once
// outside a loop of playouts (or keep it in a struct that lives on) and copy each start into it:
//
//	var s herrlof.State
//	for range n {
//		s = start
//		buf = norns.Playout(&s, r, buf)
//		… s.Winners() …
//	}
func Playout[S State[S, M, V], M Move, V any, P Stepper[S, M]](s P, r *rng.Rand, buf []M) []M {
	for {
		var m M
		switch who := s.ToMove(); who {
		case Nobody:
			if !(*s).Over() {
				panic("norns: Playout: nobody to act in a state that is not over")
			}
			return buf[:0]
		case Chance:
			m = s.SampleChance(r)
		default:
			buf = s.AppendLegal(buf[:0])
			if len(buf) == 0 {
				panic(fmt.Sprintf("norns: Playout: no legal move for %v in a state that is not over", who))
			}
			m = buf[r.IntN(len(buf))]
		}
		if err := s.Step(m); err != nil {
			panic(fmt.Sprintf("norns: Playout: listed move %v does not apply: %v", m, err))
		}
	}
}
