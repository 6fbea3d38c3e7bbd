package search

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// DefaultIterations is the iteration budget used when [Options.Iterations] is 0.
const DefaultIterations = 1000

// DefaultExploration is the UCB1 exploration constant used when [Options.Exploration] is 0. It
// suits rewards in [0, 1].
const DefaultExploration = 0.7

// Options configures a search. The zero Options is a valid configuration: DefaultIterations
// iterations, DefaultExploration, uniformly random playouts to the end of the match, and rewards
// from the match result.
type Options[S any, M norns.Move] struct {
	// Iterations is the budget: the number of determinise-select-expand-playout-update
	// iterations per search. 0 means DefaultIterations; a negative value is an error.
	Iterations int

	// Exploration is the UCB1 constant c in mean + c·sqrt(ln(available)/visits). 0 means
	// DefaultExploration; a negative value is an error.
	Exploration float64

	// Policy, if not nil, chooses the playout moves: it is called with a state that is not over,
	// not a chance node and not stopped, and must return one of its legal moves. It may use r.
	// nil means a uniformly random legal move.
	Policy func(s S, r *rng.Rand) M

	// Stop, if not nil, ends descents and playouts early: a state for which it returns true is
	// treated as a leaf and scored with Eval (for example, the end of the current hand). It is
	// never called on a state that is over.
	Stop func(s S) bool

	// Refine, if not nil, adjusts each determinisation: it is called with the state drawn by the
	// view's Sample, the searching seat and the search's generator, and returns the state to
	// search. It must keep the state consistent with the view (its View(seat) unchanged); use it
	// to bias hidden information the game's Sample draws uniformly, such as opponents' bids.
	Refine func(s S, seat norns.Player, r *rng.Rand) S

	// Eval, if not nil, returns seat's reward in [0, 1] for a leaf: a state that is over or
	// stopped. nil means [Result] for states that are over and [Leaders] for stopped ones.
	Eval func(s S, seat norns.Player) float64
}

// MoveStats describes one move at the root of the last search.
type MoveStats[M norns.Move] struct {
	Move   M       // the move
	Visits int     // iterations that went through the move
	Mean   float64 // the mover's mean reward over those iterations, in [0, 1]
}

// Searcher runs information-set MCTS searches and keeps its tree and buffers between them. The
// zero Searcher is not usable; use [New]. A Searcher is not safe for concurrent use.
type Searcher[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]] struct {
	opts    Options[S, M]
	nodes   []node[M]
	path    []int32
	legal   []M
	cand    []M // untried legal moves at the node being expanded
	rootMv  []M
	rewards [norns.MaxPlayers]float64
	iters   int
}

// node is one tree node: the move that leads to it from its parent, and its statistics. Nodes live
// in Searcher.nodes and point to each other by index; node 0 is the root. Children form a singly
// linked list through child (first) and next (sibling); -1 ends a list.
type node[M norns.Move] struct {
	move   M
	mover  norns.Player // seat that played move (the root's is Nobody)
	child  int32
	next   int32
	visits int32
	avail  int32   // iterations in which move was legal at the parent (ISMCTS availability)
	reward float64 // sum of mover's rewards
}

// New returns a Searcher with the given options. It panics if the options are invalid (a
// negative budget or exploration constant), as that is a programming error.
func New[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](opts Options[S, M]) *Searcher[S, M, V] {
	if opts.Iterations < 0 {
		panic(fmt.Sprintf("search: negative iteration budget %d", opts.Iterations))
	}
	if opts.Exploration < 0 || math.IsNaN(opts.Exploration) {
		panic(fmt.Sprintf("search: invalid exploration constant %v", opts.Exploration))
	}
	if opts.Iterations == 0 {
		opts.Iterations = DefaultIterations
	}
	if opts.Exploration == 0 {
		opts.Exploration = DefaultExploration
	}
	return &Searcher[S, M, V]{opts: opts}
}

// Choose is the one-shot form of [Searcher.Choose]: it builds a Searcher with opts and searches
// once. It panics if opts is invalid.
func Choose[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](ctx context.Context, v V, opts Options[S, M], r *rng.Rand) (M, error) {
	return New[S, M, V](opts).Choose(ctx, v, r)
}

// Options returns the searcher's options, with defaults filled in.
func (t *Searcher[S, M, V]) Options() Options[S, M] { return t.opts }

// Iterations returns the number of iterations the last search completed.
func (t *Searcher[S, M, V]) Iterations() int { return t.iters }

// Choose searches from v, which must be the view of the seat to act, drawing all randomness from
// r, and returns the chosen move.
//
// It runs the options' iteration budget, or fewer when ctx ends first: a search cut short by
// ctx still returns the best move found so far, with a nil error, once at least one iteration has
// completed. If ctx is already done before the first iteration completes, Choose returns v's first
// legal move and ctx.Err(). With a single legal move it returns that move at once, without
// searching. It fails if v's seat is not to act, and if the game breaks its contract (a sampled
// state with no legal move, or a listed move that does not apply).
func (t *Searcher[S, M, V]) Choose(ctx context.Context, v V, r *rng.Rand) (M, error) {
	var zero M
	t.iters = 0
	t.nodes = t.nodes[:0]
	seat := v.Seat()
	if v.Over() || v.ToMove() != seat {
		return zero, fmt.Errorf("search: %v is not to act", seat)
	}
	t.rootMv = v.AppendLegal(t.rootMv[:0])
	if len(t.rootMv) == 0 {
		return zero, fmt.Errorf("search: no legal move for %v", seat)
	}
	if len(t.rootMv) == 1 {
		return t.rootMv[0], nil
	}
	t.nodes = append(t.nodes, node[M]{mover: norns.Nobody, child: -1, next: -1})
	done := ctx.Done()
	for t.iters < t.opts.Iterations {
		select {
		case <-done:
			if t.iters == 0 {
				return t.rootMv[0], ctx.Err()
			}
			return t.best(), nil
		default:
		}
		if err := t.iterate(v, r); err != nil {
			return zero, err
		}
		t.iters++
	}
	return t.best(), nil
}

// iterate runs one ISMCTS iteration from a fresh determinisation of v.
func (t *Searcher[S, M, V]) iterate(v V, r *rng.Rand) error {
	s := v.Sample(r)
	if t.opts.Refine != nil {
		s = t.opts.Refine(s, v.Seat(), r)
	}
	cur := int32(0)
	t.path = append(t.path[:0], 0)
	expanded := false
	// Selection and expansion.
	for !expanded {
		if s.Over() || (t.opts.Stop != nil && t.opts.Stop(s)) {
			break
		}
		p := s.ToMove()
		if p == norns.Chance {
			next, err := s.Apply(s.SampleChance(r))
			if err != nil {
				return fmt.Errorf("search: chance outcome does not apply: %w", err)
			}
			s = next
			continue
		}
		t.legal = s.AppendLegal(t.legal[:0])
		if len(t.legal) == 0 {
			return fmt.Errorf("search: no legal move for %v in a sampled state that is not over:\n%v", p, s)
		}
		// Count availability of the existing children legal here, pick the best by UCB1, and
		// collect the legal moves that have no child yet.
		t.cand = append(t.cand[:0], t.legal...)
		best, bestVal := int32(-1), math.Inf(-1)
		for c := t.nodes[cur].child; c >= 0; c = t.nodes[c].next {
			n := &t.nodes[c]
			if n.mover != p {
				continue
			}
			i := indexOf(t.cand, n.move)
			if i < 0 {
				continue
			}
			t.cand[i] = t.cand[len(t.cand)-1]
			t.cand = t.cand[:len(t.cand)-1]
			n.avail++
			val := n.reward/float64(n.visits) + t.opts.Exploration*math.Sqrt(math.Log(float64(n.avail))/float64(n.visits))
			if val > bestVal {
				best, bestVal = c, val
			}
		}
		var m M
		if len(t.cand) > 0 {
			m = t.cand[r.IntN(len(t.cand))]
			best = int32(len(t.nodes))
			t.nodes = append(t.nodes, node[M]{move: m, mover: p, child: -1, next: t.nodes[cur].child, avail: 1})
			t.nodes[cur].child = best
			expanded = true
		} else {
			m = t.nodes[best].move
		}
		next, err := s.Apply(m)
		if err != nil {
			return fmt.Errorf("search: legal move %v does not apply: %w", m, err)
		}
		s = next
		cur = best
		t.path = append(t.path, cur)
	}
	// Playout.
	for !s.Over() && (t.opts.Stop == nil || !t.opts.Stop(s)) {
		var m M
		switch p := s.ToMove(); {
		case p == norns.Chance:
			m = s.SampleChance(r)
		case t.opts.Policy != nil:
			m = t.opts.Policy(s, r)
		default:
			t.legal = s.AppendLegal(t.legal[:0])
			if len(t.legal) == 0 {
				return fmt.Errorf("search: no legal move for %v in a playout state that is not over:\n%v", p, s)
			}
			m = t.legal[r.IntN(len(t.legal))]
		}
		next, err := s.Apply(m)
		if err != nil {
			return fmt.Errorf("search: playout move %v does not apply: %w", m, err)
		}
		s = next
	}
	// Back-propagation.
	n := s.Players()
	for p := range n {
		seat := norns.Player(p)
		switch {
		case t.opts.Eval != nil:
			t.rewards[p] = t.opts.Eval(s, seat)
		case s.Over():
			t.rewards[p] = Result(s, seat)
		default:
			t.rewards[p] = Leaders(s, seat)
		}
	}
	for _, i := range t.path {
		nd := &t.nodes[i]
		nd.visits++
		if nd.mover.IsSeat() {
			nd.reward += t.rewards[nd.mover]
		}
	}
	return nil
}

// best returns the most visited root move that is legal in the view.
func (t *Searcher[S, M, V]) best() M {
	bi, bv, bm := -1, -1, 0.0
	for i, m := range t.rootMv {
		c := t.rootChild(m)
		if c < 0 {
			continue
		}
		n := &t.nodes[c]
		mean := n.reward / float64(n.visits)
		if int(n.visits) > bv || (int(n.visits) == bv && mean > bm) {
			bi, bv, bm = i, int(n.visits), mean
		}
	}
	if bi < 0 {
		return t.rootMv[0]
	}
	return t.rootMv[bi]
}

// rootChild returns the root child for move m, or -1.
func (t *Searcher[S, M, V]) rootChild(m M) int32 {
	if len(t.nodes) == 0 {
		return -1
	}
	for c := t.nodes[0].child; c >= 0; c = t.nodes[c].next {
		if t.nodes[c].move == m {
			return c
		}
	}
	return -1
}

// RootStats appends to dst the statistics of the last search for each legal move of its view, in
// the view's legal order, and returns the extended slice. A move the search never tried has 0
// visits and mean 0. After a search that returned at once (a single legal move), every move
// has 0 visits.
func (t *Searcher[S, M, V]) RootStats(dst []MoveStats[M]) []MoveStats[M] {
	for _, m := range t.rootMv {
		st := MoveStats[M]{Move: m}
		if c := t.rootChild(m); c >= 0 {
			n := &t.nodes[c]
			st.Visits = int(n.visits)
			st.Mean = n.reward / float64(n.visits)
		}
		dst = append(dst, st)
	}
	return dst
}

// indexOf returns the index of m in ms, or -1.
func indexOf[M comparable](ms []M, m M) int {
	for i := range ms {
		if ms[i] == m {
			return i
		}
	}
	return -1
}

// Outcome is the part of a state that [Result] and [Leaders] read.
type Outcome interface {
	Players() int
	Score(p norns.Player) int
	Winners() norns.Seats
}

// Result is the default reward of a finished match: each of k winners gets 1/k and the others 0;
// after a drawn match (no winners), every seat gets 1/Players.
func Result[S Outcome](s S, seat norns.Player) float64 {
	w := s.Winners()
	switch {
	case w == 0:
		return 1 / float64(s.Players())
	case w.Has(seat):
		return 1 / float64(w.Len())
	}
	return 0
}

// Leaders is the default reward of a stopped match: the seats with the highest Score share 1, the
// others get 0.
func Leaders[S Outcome](s S, seat norns.Player) float64 {
	top, k := math.MinInt, 0
	for p := range s.Players() {
		switch sc := s.Score(norns.Player(p)); {
		case sc > top:
			top, k = sc, 1
		case sc == top:
			k++
		}
	}
	if s.Score(seat) == top {
		return 1 / float64(k)
	}
	return 0
}

// errNoBotSeat is returned by a Bot asked to move for a view whose seat is not to act.
var errNoBotSeat = errors.New("search: bot asked to move out of turn")

// Bot is a [norns.Bot] that chooses with a [Searcher] and its own generator. It is not safe for
// concurrent use.
type Bot[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]] struct {
	s *Searcher[S, M, V]
	r *rng.Rand
}

// NewBot returns a search bot with the given options whose choices are reproducible from seed. It
// panics if opts is invalid.
func NewBot[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](opts Options[S, M], seed uint64) *Bot[S, M, V] {
	return &Bot[S, M, V]{s: New[S, M, V](opts), r: rng.New(seed)}
}

// Searcher returns the bot's searcher, to read the statistics of its last search.
func (b *Bot[S, M, V]) Searcher() *Searcher[S, M, V] { return b.s }

// Choose searches from v; see [Searcher.Choose].
func (b *Bot[S, M, V]) Choose(ctx context.Context, v V) (M, error) {
	if v.Over() || v.ToMove() != v.Seat() {
		var zero M
		return zero, errNoBotSeat
	}
	return b.s.Choose(ctx, v, b.r)
}
