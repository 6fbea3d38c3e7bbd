package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// DefaultIterations is the iteration budget used when [Options.Iterations] is 0, and when it is
// negative (no iteration limit) but neither [Options.Time] nor the context's deadline bounds the
// search.
const DefaultIterations = 1000

// DefaultTime is the time budget per decision that [Budget] gives when a game's options set
// neither budget: suitable for play, on one core.
const DefaultTime = 100 * time.Millisecond

// maxIterations bounds a search with no iteration limit (Options.Iterations < 0), so that visit
// counts, kept in 32 bits, cannot overflow: at millions of iterations a second it takes minutes.
const maxIterations = math.MaxInt32

// Budget maps the two budgets of a game's search options, in iterations and in time, to
// [Options.Iterations] and [Options.Time]:
//
//	iterations > 0, t <= 0   →  (iterations, 0)     the iteration budget only: reproducible
//	iterations > 0, t > 0    →  (iterations, t)     whichever runs out first
//	iterations <= 0, t > 0   →  (-1, t)             the time budget only
//	iterations <= 0, t <= 0  →  (-1, DefaultTime)   the default: DefaultTime per decision
func Budget(iterations int, t time.Duration) (int, time.Duration) {
	t = max(t, 0)
	switch {
	case iterations > 0:
		return iterations, t
	case t > 0:
		return -1, t
	}
	return -1, DefaultTime
}

// DefaultExploration is the UCB1 exploration constant used when [Options.Exploration] is 0, or
// is negative, infinite or NaN. It suits rewards in [0, 1].
const DefaultExploration = 0.7

// Default widening: see [Widening].
const (
	DefaultWideningMin   = 16
	DefaultWideningScale = 1.0
	DefaultWideningPower = 0.5
)

// Widening is progressive widening: a node visited n times considers at most
//
//	max(Min, floor(Scale · n^Power))
//
// of its moves (its children); a new child is added, for a legal move picked uniformly among
// the untried ones, only while the children legal in the current determinisation are fewer than
// that and than the legal moves. With 250 legal moves, a node visited 1000 times has about 32
// children at the defaults instead of up to 250 of one visit each, so the search deepens the
// moves it tried instead of sampling each once; with at most Min legal moves (every node of
// Herrlof and Gnav) it changes nothing: every move is tried once before any twice.
//
// The zero value of each field means its default (DefaultWideningMin, DefaultWideningScale,
// DefaultWideningPower); a negative or NaN field, or a Power above 1, is replaced by its default
// too.
type Widening struct {
	Min   int
	Scale float64
	Power float64
}

// normal returns w with defaults filled in.
func (w Widening) normal() Widening {
	if w.Min <= 0 {
		w.Min = DefaultWideningMin
	}
	if !(w.Scale > 0) || math.IsInf(w.Scale, 0) {
		w.Scale = DefaultWideningScale
	}
	if !(w.Power > 0) || w.Power > 1 {
		w.Power = DefaultWideningPower
	}
	return w
}

// limit returns the number of children a node visited n times may consider, and the visit count
// at which that number next grows.
func (w Widening) limit(n int32) (limit, nextAt int32) {
	k := int(w.Scale * math.Pow(float64(n), w.Power))
	if k < w.Min {
		k = w.Min
	}
	if k > math.MaxInt32/2 {
		return math.MaxInt32, math.MaxInt32
	}
	// The first visit count whose limit exceeds k.
	at := math.Ceil(math.Pow(float64(k+1)/w.Scale, 1/w.Power))
	if at > math.MaxInt32 {
		at = math.MaxInt32
	}
	nx := max(int32(at), n+1)
	return int32(k), nx
}

// Options configures a search. The zero Options is a valid configuration: DefaultIterations
// iterations, DefaultExploration, default [Widening], every seat searched in the tree, uniformly
// random playouts to the end of the match, and rewards from the match result.
//
// The functions are parts of the model the search runs on, not hooks: each must be a pure
// function of its arguments (it may draw from the generator it is given, and nothing else it
// changes may outlive the call, except a cache whose contents never change a result, such as
// a transposition table of exact values, held by one caller at a time). The search calls them
// as often and in whatever order it needs,
// and a future version may call them more or less often. They are called from several goroutines
// at once when Workers > 1, so they must be safe for concurrent use: no shared scratch space
// (a buffer captured by a closure and reused from call to call is shared by every worker).
type Options[S any, M norns.Move] struct {
	// Iterations is the budget in iterations per search (the total over the workers). 0 means
	// DefaultIterations. A negative value means no iteration limit: Time or the context's
	// deadline ends the search (if neither does, DefaultIterations applies; in any case at most
	// math.MaxInt32 iterations). [Budget] maps a game's budgets to Iterations and Time.
	Iterations int

	// Time is the time budget per search: it stops at whichever of Iterations, Time and the
	// context's deadline comes first, returning the best move so far. The deadline is the start
	// of the search plus Time, and is checked exactly as the context's is (see [Searcher.Choose]);
	// the workers share it. 0 or a negative value means none: the iteration budget and the
	// context alone. A search that Time ends is not reproducible; one that only its iteration
	// budget ends is.
	Time time.Duration

	// Workers is the number of root-parallel searches: that many independent trees, each grown
	// by a worker on its own goroutine with its own generator (seeded from the caller's generator
	// in a fixed order), share the iteration budget (split evenly, the first workers taking the
	// remainder) and the time budget; their root statistics are summed, and the most visited
	// move is chosen as with one tree. 0 or 1 (or a negative value) means one tree, searched on
	// the caller's goroutine: exactly the search without workers, draw for draw. The search is
	// reproducible for a fixed Workers and an iteration budget. Pass runtime.GOMAXPROCS(0) to use
	// every core. See the package doc, "Root parallelism".
	Workers int

	// Exploration is the UCB1 constant c in mean + c·sqrt(ln(available)/visits). 0, a negative
	// value, an infinity or NaN means DefaultExploration. It has no effect when Paired is set.
	Exploration float64

	// Widening limits the children a node considers; see [Widening].
	Widening Widening

	// Determinize, if not nil, completes the model of the hidden information: it receives each
	// state drawn by the view's Sample, the searching seat and the search's generator, and
	// returns the state to search, which must look the same to the searching seat (its View
	// unchanged). Use it where Sample draws uniformly what a model of the opponents can guess
	// better, such as an opponent's hidden bid given its sampled hand.
	Determinize func(s S, seat norns.Player, r *rng.Rand) S

	// Opponents, if not nil, is the opponent model: the moves of every seat other than the
	// searching one are drawn from it, in the tree's descents as in playouts, and the tree holds
	// only the searching seat's moves. It is called with a state that is not over, not a chance
	// node and not at the horizon, and must return one of its legal moves. nil means the other
	// seats are searched in the tree like the searching seat, each maximising its own reward.
	Opponents func(s S, r *rng.Rand) M

	// Playout, if not nil, is the playout policy: it chooses the moves of playouts (for every
	// seat when Opponents is nil, else for the searching seat). It is called with a state that
	// is not over, not a chance node and not at the horizon, and must return one of its legal
	// moves. nil means a uniformly random legal move.
	Playout func(s S, r *rng.Rand) M

	// Rollout, if not nil, plays each playout in one call: it receives the state the descent
	// reached (not over, not at the horizon, possibly a chance node), the searching seat and the
	// search's generator, and returns the leaf it plays out to (over or at the horizon), or an
	// error if the game refused a move. It replaces the search's own playout loop, and with it
	// Playout and, in playouts, Opponents: a rollout must play as that loop would with the same
	// options and draw from r alike (chance with SampleChance, the policy, the model), so that it
	// changes the cost of a playout and never its result. It is there for the game whose own loop
	// is much cheaper than the generic one: applying moves in place rather than copying the state,
	// keeping what the policy derives from one move to the next.
	Rollout func(s S, seat norns.Player, r *rng.Rand) (S, error)

	// Horizon, if not nil, ends descents and playouts early: a state for which it returns true
	// is a leaf, scored by Reward (for example, the end of the current hand). It is never called
	// on a state that is over.
	Horizon func(s S) bool

	// Reward, if not nil, returns seat's reward in [0, 1] for a leaf: a state that is over or at
	// the horizon. nil means [Result] for states that are over and [Leaders] for the others.
	Reward func(s S, seat norns.Player) float64

	// Prior, if not nil, orders the expansion of a node: the untried legal move with the highest
	// prior is tried first (ties: the first in the legal list), instead of one drawn at random.
	// It is called for every untried legal move at each expansion, so with Widening it tells
	// which few of many moves get a subtree. It does not bias the selection among tried moves.
	Prior func(s S, m M) float64

	// Paired compares the root's moves on common random numbers instead of growing a tree: each
	// iteration plays every root move legal in its determinisation out to a leaf, every playout
	// drawing from a generator seeded alike, and credits each move with 1/2 plus its reward less
	// the mean reward of the moves (clamped to [0, 1]). Comparing the moves on the same cards
	// and the same later choices removes most of the luck of the deal from the comparison, which
	// suits a game whose seat acts once before the horizon (Gnav's deal); the move returned is
	// the one with the highest mean.
	Paired bool
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
	nodes   []node[M]           // the tree; node 0 is the root
	kids    map[kidKey[M]]int32 // every node but the root, by parent, mover and move
	where   map[M]uint64        // scratch: the current legal list's places, by move (see index)
	gen     uint32              // the generation of where's current entries
	indexed bool                // where holds the current legal list
	misses  int                 // children searched for in the current legal list
	path    []int32             // the nodes of the current iteration
	legal   []M                 // scratch: legal moves
	seen    []int32             // scratch: untried places in the legal list
	taken   []uint64            // scratch: places in the legal list of available children, one bit each
	avail   []int32             // scratch: children legal in the current determinisation
	rootMv  []M                 // the view's legal moves
	pr      *rng.Rand           // the playouts' generator (Paired)
	xs      []float64           // scratch: rewards (Paired)
	seat    norns.Player        // the searching seat
	rewards [norns.MaxSeats]float64
	iters   int

	// step is the game's (*S).Step, through which descents and playouts play on one state in
	// place, play: a field, so that it lives with the Searcher and taking its address for a
	// generic method call costs no allocation.
	step func(s *S, m M) error
	play S

	// Root parallelism (Options.Workers > 1): the workers, each a Searcher with one worker, and
	// their generators, errors and panics, kept between searches so that a reused Searcher
	// allocates little; abort tells the workers to stop (one failed); merged is the number of
	// workers whose trees the last search merged into this one's root (0: the search grew this
	// Searcher's own tree), wnodes the sum of their trees' sizes. A worker's abort points to its
	// parent's (nil without workers).
	workers []*Searcher[S, M, V]
	wr      []*rng.Rand
	werr    []error
	wpanic  []any
	wg      sync.WaitGroup
	abort   atomic.Bool
	stopped *atomic.Bool
	merged  int
	wnodes  int
}

// kidKey indexes a child by its parent, its mover and its move.
type kidKey[M norns.Move] struct {
	parent int32
	mover  norns.Player
	move   M
}

// node is one tree node: the move that leads to it from its parent, and its statistics. Nodes live
// in Searcher.nodes and point to each other by index. A node's children form a singly linked list
// through child (first) and next (sibling), -1 ending it; the list is only walked to select among
// the children (at most the widening limit of them), never to find a move: that goes through
// Searcher.kids, or through hint.
type node[M norns.Move] struct {
	move   M
	mover  norns.Player // seat that played move (the root's is Nobody)
	child  int32
	next   int32
	hint   int32 // where move was in the parent's legal list when last looked for
	visits int32
	avail  int32   // iterations in which move was legal at the parent (ISMCTS availability)
	limit  int32   // children this node may consider (widening), valid while visits < wideAt
	wideAt int32   // visit count at which limit must be recomputed
	reward float64 // sum of mover's rewards
	mean   float64 // reward / visits
	inv    float64 // 1 / visits
}

// New returns a Searcher with the given options. Invalid values are replaced by their defaults,
// as each field's doc says.
//
// P is the game's *State (see norns.Stepper), which Go infers: search.New[State, Move, View](opts).
func New[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], P norns.Stepper[S, M]](opts Options[S, M]) *Searcher[S, M, V] {
	switch {
	case opts.Iterations == 0:
		opts.Iterations = DefaultIterations
	case opts.Iterations < 0:
		opts.Iterations = -1
	}
	opts.Time = max(opts.Time, 0)
	opts.Workers = max(opts.Workers, 1)
	if !(opts.Exploration > 0) || math.IsInf(opts.Exploration, 0) {
		opts.Exploration = DefaultExploration
	}
	opts.Widening = opts.Widening.normal()
	return &Searcher[S, M, V]{opts: opts, kids: make(map[kidKey[M]]int32), pr: rng.New(0),
		step: func(s *S, m M) error { return P(s).Step(m) }}
}

// Choose is the one-shot form of [Searcher.Choose]: it builds a Searcher with opts and searches
// once.
func Choose[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], P norns.Stepper[S, M]](ctx context.Context, v V, opts Options[S, M], r *rng.Rand) (M, error) {
	return New[S, M, V, P](opts).Choose(ctx, v, r)
}

// Options returns the searcher's options, with defaults filled in (a negative Iterations as -1,
// a negative Time as 0, Workers at least 1).
func (t *Searcher[S, M, V]) Options() Options[S, M] { return t.opts }

// Iterations returns the number of iterations the last search completed (with workers, the sum
// over them).
func (t *Searcher[S, M, V]) Iterations() int { return t.iters }

// Nodes returns the number of tree nodes the last search built, the root included (with workers,
// the sum of their trees' nodes).
func (t *Searcher[S, M, V]) Nodes() int {
	if t.merged > 0 {
		return t.wnodes
	}
	return len(t.nodes)
}

// Choose searches from v, which must be the view of the seat to act, drawing all randomness from
// r, and returns the chosen move.
//
// It runs the options' iteration budget, or fewer when its deadline comes first: the earlier of
// the start plus [Options.Time] and ctx's deadline. It checks ctx before every iteration, and
// reads the clock against the deadline often enough (every iteration, or every 50 µs of them)
// that it returns within about 50 µs or one iteration of the deadline. A search cut short by its
// deadline returns the best move found so far with a nil error — v's first legal move when no
// iteration completed — so a bot that runs out of time still plays and the match goes on. A
// search cancelled before its first iteration completes returns v's first legal move and
// ctx.Err() (context.Canceled); once an iteration has completed, cancellation also returns the
// best move so far with a nil error. With a single legal move it returns that move at once,
// without searching (and without drawing from r). It fails if v's seat is not to act, and if the
// game breaks its contract (a sampled state with no legal move, or a listed move that does not
// apply).
//
// With [Options.Workers] above 1 it draws one number from r per worker, in worker order, to seed
// the workers' generators, runs them (the first on the calling goroutine), waits for all of them
// and chooses from their summed root statistics; the rules above apply to the merged search
// (cancellation counts the iterations of every worker).
func (t *Searcher[S, M, V]) Choose(ctx context.Context, v V, r *rng.Rand) (M, error) {
	t.merged = 0
	if m, done, err := t.reset(v); done {
		return m, err
	}
	limit, clk := t.budget(ctx)
	if t.opts.Workers > 1 {
		return t.parallel(ctx, v, r, limit, clk)
	}
	return t.run(ctx, v, r, limit, clk)
}

// reset empties the tree and lists v's legal moves; done reports that the search ends there, with
// m and err: an error, or the only legal move.
func (t *Searcher[S, M, V]) reset(v V) (m M, done bool, err error) {
	t.iters = 0
	t.nodes = t.nodes[:0]
	clear(t.kids)
	seat := v.Seat()
	t.seat = seat
	if v.Over() || v.ToMove() != seat {
		return m, true, fmt.Errorf("search: %v is not to act", seat)
	}
	t.rootMv = v.AppendLegal(t.rootMv[:0])
	if len(t.rootMv) == 0 {
		return m, true, fmt.Errorf("search: no legal move for %v", seat)
	}
	if len(t.rootMv) == 1 {
		return t.rootMv[0], true, nil
	}
	return m, false, nil
}

// budget returns the search's iteration limit and its clock: the deadline is the earlier of ctx's
// and the start plus Options.Time. The clock is read only when Time is set, so that a search
// without one reads it exactly as before Time existed.
func (t *Searcher[S, M, V]) budget(ctx context.Context) (int, clock) {
	deadline, has := ctx.Deadline()
	if t.opts.Time > 0 {
		if d := time.Now().Add(t.opts.Time); !has || d.Before(deadline) {
			deadline, has = d, true
		}
	}
	limit := t.opts.Iterations
	if limit < 0 {
		limit = DefaultIterations
		if has {
			limit = maxIterations
		}
	}
	return limit, clock{deadline: deadline, has: has, every: 1}
}

// run grows the tree from the root for at most limit iterations, until clk's deadline or ctx's
// cancellation, and returns the best root move.
func (t *Searcher[S, M, V]) run(ctx context.Context, v V, r *rng.Rand, limit int, clk clock) (M, error) {
	var zero M
	t.nodes = append(t.nodes, node[M]{mover: norns.Nobody, child: -1, next: -1})
	done := ctx.Done()
	for t.iters < limit {
		stop := false
		select {
		case <-done:
			stop = true
		default:
			stop = clk.past() || t.stopped != nil && t.stopped.Load()
		}
		if stop {
			if t.iters == 0 && errors.Is(ctx.Err(), context.Canceled) {
				return t.rootMv[0], ctx.Err()
			}
			return t.best(), nil // the deadline: the best move so far, or the first legal one
		}
		var err error
		if t.opts.Paired {
			err = t.pairedIteration(v, r)
		} else {
			err = t.iterate(v, r)
		}
		if err != nil {
			return zero, err
		}
		t.iters++
	}
	return t.best(), nil
}

// parallel runs Options.Workers root-parallel searches of v, each with its share of limit and
// the common deadline in clk, and merges their root statistics into t's root.
func (t *Searcher[S, M, V]) parallel(ctx context.Context, v V, r *rng.Rand, limit int, clk clock) (M, error) {
	var zero M
	n := t.opts.Workers
	for len(t.workers) < n {
		o := t.opts
		o.Workers = 1
		t.workers = append(t.workers, &Searcher[S, M, V]{opts: o, kids: make(map[kidKey[M]]int32), pr: rng.New(0), step: t.step, stopped: &t.abort})
		t.wr = append(t.wr, rng.New(0))
		t.werr = append(t.werr, nil)
		t.wpanic = append(t.wpanic, nil)
	}
	t.abort.Store(false)
	for i := range n {
		t.wr[i].Seed(r.Uint64())
	}
	t.wg.Add(n - 1)
	for i := 1; i < n; i++ {
		go t.work(ctx, v, i, limit, clk)
	}
	t.work(ctx, v, 0, limit, clk)
	t.wg.Wait()
	for i, p := range t.wpanic[:n] {
		if p != nil {
			t.wpanic[i] = nil
			panic(p) // on the caller's goroutine, as without workers
		}
	}
	for _, err := range t.werr[:n] {
		if err != nil && !errors.Is(err, context.Canceled) {
			return zero, err
		}
	}
	t.merge(t.workers[:n])
	if t.iters == 0 && errors.Is(ctx.Err(), context.Canceled) {
		return t.rootMv[0], ctx.Err()
	}
	return t.best(), nil
}

// work runs worker i's search: its share of limit (limit/n, one more for the first limit%n
// workers) with its own generator. Workers other than the first run on their own goroutine and
// signal t.wg when done. A worker that fails or panics (a game that breaks its contract) tells
// the others to stop; its panic is kept for parallel to raise on the caller's goroutine once
// every worker has stopped, so that it does not end the program from a goroutine the caller
// cannot recover on.
func (t *Searcher[S, M, V]) work(ctx context.Context, v V, i, limit int, clk clock) {
	defer func() {
		if p := recover(); p != nil {
			t.wpanic[i] = p
			t.abort.Store(true)
		}
		if i > 0 {
			t.wg.Done()
		}
	}()
	t.werr[i] = nil
	n := t.opts.Workers
	share := limit / n
	if i < limit%n {
		share++
	}
	w := t.workers[i]
	if _, done, err := w.reset(v); done {
		t.werr[i] = err
		return
	}
	if _, t.werr[i] = w.run(ctx, v, t.wr[i], share, clk); t.werr[i] != nil {
		t.abort.Store(true)
	}
}

// merge rebuilds t's tree as a root and one child per root move that a worker tried, holding the
// sums of the workers' statistics for that move (visits, availability, reward), summed in worker
// order so that the sums are reproducible.
func (t *Searcher[S, M, V]) merge(ws []*Searcher[S, M, V]) {
	t.merged, t.wnodes, t.iters = len(ws), 0, 0
	root := node[M]{mover: norns.Nobody, child: -1, next: -1}
	for _, w := range ws {
		t.iters += w.iters
		t.wnodes += len(w.nodes)
		if len(w.nodes) > 0 {
			root.visits += w.nodes[0].visits
		}
	}
	t.nodes = append(t.nodes[:0], root)
	for i, m := range t.rootMv {
		nd := node[M]{move: m, mover: t.seat, child: -1, next: t.nodes[0].child, hint: int32(i)}
		tried := false
		for _, w := range ws {
			if c := w.rootChild(m); c >= 0 {
				tried = true
				x := &w.nodes[c]
				nd.visits += x.visits
				nd.avail += x.avail
				nd.reward += x.reward
			}
		}
		if !tried || nd.visits == 0 {
			continue
		}
		nd.inv = 1 / float64(nd.visits)
		nd.mean = nd.reward * nd.inv
		c := int32(len(t.nodes))
		t.nodes = append(t.nodes, nd)
		t.nodes[0].child = c
		t.kids[kidKey[M]{0, t.seat, m}] = c
	}
}

// clock tells when a context's deadline has passed, without waiting for the context's timer
// (which a loaded machine may run late). Reading the clock costs from tens to hundreds of
// nanoseconds (more under a hypervisor), so it reads it every iteration only while iterations
// are slow, and otherwise every few, so that about checkEvery passes between reads.
type clock struct {
	deadline time.Time
	has      bool
	last     time.Time // the last read
	since    int       // iterations since the last read
	every    int       // iterations between reads
}

const checkEvery = 50 * time.Microsecond

// past reports whether the deadline has passed; it is called once before each iteration.
func (c *clock) past() bool {
	if !c.has {
		return false
	}
	if c.since < c.every && !c.last.IsZero() {
		c.since++
		return false
	}
	now := time.Now()
	if !now.Before(c.deadline) {
		return true
	}
	if c.since > 0 {
		per := now.Sub(c.last) / time.Duration(c.since)
		c.every = 1
		if per > 0 && per < checkEvery {
			c.every = min(int(checkEvery/per), 256)
		}
	}
	c.last, c.since = now, 1
	return false
}

// determinize draws the state one iteration searches.
func (t *Searcher[S, M, V]) determinize(v V, r *rng.Rand) S {
	s := v.Sample(r)
	if t.opts.Determinize != nil {
		s = t.opts.Determinize(s, v.Seat(), r)
	}
	return s
}

// leaf reports whether s ends a descent or a playout.
func (t *Searcher[S, M, V]) leaf(s S) bool {
	return s.Over() || (t.opts.Horizon != nil && t.opts.Horizon(s))
}

// iterate runs one ISMCTS iteration from a fresh determinisation of v.
func (t *Searcher[S, M, V]) iterate(v V, r *rng.Rand) error {
	seat := v.Seat()
	t.play = t.determinize(v, r)
	s := &t.play
	cur := int32(0)
	t.path = append(t.path[:0], 0)
	// Selection and expansion.
descent:
	for !t.leaf(*s) {
		p := (*s).ToMove()
		var m M
		switch {
		case p == norns.Chance:
			m = (*s).SampleChance(r)
		case p != seat && t.opts.Opponents != nil:
			m = t.opts.Opponents(*s, r)
		default:
			t.legal = (*s).AppendLegal(t.legal[:0])
			if len(t.legal) == 0 {
				return fmt.Errorf("search: no legal move for %v in a sampled state that is not over:\n%v", p, *s)
			}
			var expanded bool
			cur, expanded = t.selectChild(*s, cur, p, r)
			m = t.nodes[cur].move
			t.path = append(t.path, cur)
			if expanded {
				if err := t.step(s, m); err != nil {
					return fmt.Errorf("search: legal move %v does not apply: %w", m, err)
				}
				break descent
			}
		}
		if err := t.step(s, m); err != nil {
			return fmt.Errorf("search: move %v of %v does not apply: %w", m, p, err)
		}
	}
	// Playout.
	if err := t.playout(s, seat, r); err != nil {
		return err
	}
	// Back-propagation.
	t.score(*s, seat)
	for _, i := range t.path {
		nd := &t.nodes[i]
		nd.visits++
		if nd.mover.IsSeat() {
			nd.reward += t.rewards[nd.mover]
		}
		nd.inv = 1 / float64(nd.visits)
		nd.mean = nd.reward * nd.inv
	}
	return nil
}

// score fills t.rewards for the leaf s: every seat's reward, or only seat's when the tree holds
// only seat's moves.
func (t *Searcher[S, M, V]) score(s S, seat norns.Player) {
	if t.opts.Opponents != nil {
		t.rewards[seat] = t.reward(s, seat)
		return
	}
	for p := range s.Players() {
		t.rewards[p] = t.reward(s, norns.Player(p))
	}
}

// reward is seat's reward for the leaf s.
func (t *Searcher[S, M, V]) reward(s S, seat norns.Player) float64 {
	switch {
	case t.opts.Reward != nil:
		return t.opts.Reward(s, seat)
	case s.Over():
		return Result(s, seat)
	}
	return Leaders(s, seat)
}

// playout plays *s out to a leaf, in place, with the playout policy and the opponent model.
func (t *Searcher[S, M, V]) playout(s *S, seat norns.Player, r *rng.Rand) error {
	if t.opts.Rollout != nil && !t.leaf(*s) {
		leaf, err := t.opts.Rollout(*s, seat, r)
		*s = leaf
		return err
	}
	for !t.leaf(*s) {
		var m M
		switch p := (*s).ToMove(); {
		case p == norns.Chance:
			m = (*s).SampleChance(r)
		case p != seat && t.opts.Opponents != nil:
			m = t.opts.Opponents(*s, r)
		case t.opts.Playout != nil:
			m = t.opts.Playout(*s, r)
		default:
			t.legal = (*s).AppendLegal(t.legal[:0])
			if len(t.legal) == 0 {
				return fmt.Errorf("search: no legal move for %v in a playout state that is not over:\n%v", p, *s)
			}
			m = t.legal[r.IntN(len(t.legal))]
		}
		if err := t.step(s, m); err != nil {
			return fmt.Errorf("search: playout move %v does not apply: %w", m, err)
		}
	}
	return nil
}

// find reports whether child c's move is in t.legal, and updates its hint to its place there.
// It looks at the hint, then at the hint moved by delta (the displacement the last child looked
// up in this list had: a list that gained or lost moves before the child, or was rotated, moves
// its children alike), then a few places around; then it searches the list, or, once misses have
// become many in a long list, the list's index. A child found away from its hint updates delta.
func (t *Searcher[S, M, V]) find(c *node[M], delta *int) bool {
	h, n := int(c.hint), len(t.legal)
	if h < n && t.legal[h] == c.move {
		return true
	}
	at := h + *delta
	if at >= n {
		at -= n
	}
	if at < 0 {
		at += n
	}
	for d := range 2*hintWindow + 1 {
		i := at + (d+1)/2*(1-2*(d&1)) // at, at+1, at-1, at+2, …
		if i >= 0 && i < n && t.legal[i] == c.move {
			c.hint, *delta = int32(i), i-h
			return true
		}
	}
	i := -1
	if n <= smallList || t.misses < maxScans {
		t.misses++
		for j, m := range t.legal {
			if m == c.move {
				i = j
				break
			}
		}
	} else {
		if !t.indexed {
			t.index()
		}
		if x, ok := t.where[c.move]; ok && uint32(x>>32) == t.gen {
			i = int(int32(x))
		}
	}
	if i < 0 {
		return false
	}
	c.hint, *delta = int32(i), i-h
	return true
}

const (
	hintWindow = 2  // places either side of a child's hint (moved by delta) looked at first
	smallList  = 32 // legal lists up to this long are searched, never indexed
	maxScans   = 4  // longer lists are searched for this many children a visit, then indexed
)

// selectChild picks the child of cur to descend into for mover p, whose legal moves in the
// current determinisation are t.legal: a new child for an untried move while the widening allows
// it (expanded is then true), else the available child with the best UCB1 value, where the
// exploration term counts the iterations in which the child was legal (its availability).
func (t *Searcher[S, M, V]) selectChild(s S, cur int32, p norns.Player, r *rng.Rand) (child int32, expanded bool) {
	// The children legal here: most are found at their hint.
	t.avail = t.avail[:0]
	t.misses, t.indexed = 0, false
	delta := 0
	for c := t.nodes[cur].child; c >= 0; c = t.nodes[c].next {
		n := &t.nodes[c]
		if n.mover == p && t.find(n, &delta) {
			t.avail = append(t.avail, c)
		}
	}
	// Expand while the widening allows.
	nd := &t.nodes[cur]
	if nd.visits >= nd.wideAt {
		nd.limit, nd.wideAt = t.opts.Widening.limit(nd.visits)
	}
	if k := len(t.avail); k < len(t.legal) && (k == 0 || int32(k) < nd.limit) {
		i := t.untried(s, cur, p, r)
		c := int32(len(t.nodes))
		t.nodes = append(t.nodes, node[M]{
			move: t.legal[i], mover: p, child: -1, next: t.nodes[cur].child, hint: int32(i), avail: 1,
		})
		t.nodes[cur].child = c
		t.kids[kidKey[M]{cur, p, t.legal[i]}] = c
		return c, true
	}
	best, bestVal := int32(-1), math.Inf(-1)
	ex := t.opts.Exploration
	for _, c := range t.avail {
		n := &t.nodes[c]
		n.avail++
		val := n.mean + ex*math.Sqrt(logN(n.avail)*n.inv)
		if val > bestVal {
			best, bestVal = c, val
		}
	}
	return best, false
}

// untried returns the index in t.legal of a legal move with no child of cur for p: the one with
// the highest prior, or one drawn uniformly (by rejection while most moves are untried, else
// among the untried ones listed). The tried moves are those of the available children, each at
// its hint (find left it at the child's place in t.legal): one bit per place, no lookup by move.
func (t *Searcher[S, M, V]) untried(s S, cur int32, p norns.Player, r *rng.Rand) int {
	n := len(t.legal)
	t.taken = slices.Grow(t.taken[:0], (n+63)/64)[:(n+63)/64]
	clear(t.taken)
	for _, c := range t.avail {
		h := t.nodes[c].hint
		t.taken[h>>6] |= 1 << (h & 63)
	}
	tried := func(i int) bool { return t.taken[i>>6]>>(i&63)&1 != 0 }
	if t.opts.Prior != nil {
		best, bestP := -1, math.Inf(-1)
		for i, m := range t.legal {
			if tried(i) {
				continue
			}
			if pr := t.opts.Prior(s, m); best < 0 || pr > bestP {
				best, bestP = i, pr
			}
		}
		return best
	}
	if len(t.avail)*2 <= n {
		for range 4 {
			if i := r.IntN(n); !tried(i) {
				return i
			}
		}
	}
	t.seen = t.seen[:0]
	for i := range n {
		if !tried(i) {
			t.seen = append(t.seen, int32(i))
		}
	}
	return int(t.seen[r.IntN(len(t.seen))])
}

// index records the current legal list in t.where under a new generation: each move maps to its
// generation (high 32 bits) and place. Entries of older generations are stale, so the map is
// never cleared; it holds every move the searcher has indexed.
func (t *Searcher[S, M, V]) index() {
	if t.where == nil {
		t.where = make(map[M]uint64, len(t.legal))
	}
	t.gen++
	t.indexed = true
	for i := len(t.legal) - 1; i >= 0; i-- { // the first place wins
		t.where[t.legal[i]] = uint64(t.gen)<<32 | uint64(uint32(i))
	}
}

// logs holds ln(n) for small n: the UCB1 term reads one per available child per visit.
var logs = func() (l [1024]float64) {
	for i := 1; i < len(l); i++ {
		l[i] = math.Log(float64(i))
	}
	return
}()

func logN(n int32) float64 {
	if n < int32(len(logs)) {
		return logs[n]
	}
	return math.Log(float64(n))
}

// pairedIteration runs one iteration of the paired comparison of the root's moves (Options.Paired).
func (t *Searcher[S, M, V]) pairedIteration(v V, r *rng.Rand) error {
	seat := v.Seat()
	s := t.determinize(v, r)
	t.legal = s.AppendLegal(t.legal[:0])
	if len(t.legal) == 0 {
		return fmt.Errorf("search: no legal move for %v in a sampled state:\n%v", seat, s)
	}
	seed := r.Uint64()
	t.avail, t.xs = t.avail[:0], t.xs[:0]
	mean := 0.0
	for i, m := range t.legal {
		c, ok := t.kids[kidKey[M]{0, seat, m}]
		if !ok {
			c = int32(len(t.nodes))
			t.nodes = append(t.nodes, node[M]{move: m, mover: seat, child: -1, next: t.nodes[0].child, hint: int32(i)})
			t.nodes[0].child = c
			t.kids[kidKey[M]{0, seat, m}] = c
		}
		t.play = s
		if err := t.step(&t.play, m); err != nil {
			return fmt.Errorf("search: legal move %v does not apply: %w", m, err)
		}
		t.pr.Seed(seed)
		if err := t.playout(&t.play, seat, t.pr); err != nil {
			return err
		}
		x := t.reward(t.play, seat)
		t.avail = append(t.avail, c)
		t.xs = append(t.xs, x)
		mean += x
	}
	mean /= float64(len(t.xs))
	for i, c := range t.avail {
		n := &t.nodes[c]
		n.visits++
		n.avail++
		n.reward += min(1, max(0, 0.5+t.xs[i]-mean))
	}
	t.nodes[0].visits++
	return nil
}

// best returns the root move to play: the most visited one legal in the view (ties: the higher
// mean, then the view's legal order); with Paired, the one with the highest mean.
func (t *Searcher[S, M, V]) best() M {
	bi, bv, bm := -1, -1, 0.0
	for i, m := range t.rootMv {
		c := t.rootChild(m)
		if c < 0 {
			continue
		}
		n := &t.nodes[c]
		mean := n.reward / float64(n.visits)
		visits := int(n.visits)
		if t.opts.Paired {
			visits = 0
		}
		if bi < 0 || visits > bv || (visits == bv && mean > bm) {
			bi, bv, bm = i, visits, mean
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
	if c, ok := t.kids[kidKey[M]{0, t.seat, m}]; ok {
		return c
	}
	return -1
}

// RootStats appends to dst the statistics of the last search for each legal move of its view, in
// the view's legal order, and returns the extended slice. A move the search never tried has 0
// visits and mean 0. With workers, each move's visits are the sum over the workers' trees and
// its mean is the summed reward over the summed visits. After a search that returned at once (a single legal move), every move
// has 0 visits.
func (t *Searcher[S, M, V]) RootStats(dst []MoveStats[M]) []MoveStats[M] {
	for _, m := range t.rootMv {
		st := MoveStats[M]{Move: m}
		if c := t.rootChild(m); c >= 0 && t.nodes[c].visits > 0 {
			n := &t.nodes[c]
			st.Visits = int(n.visits)
			st.Mean = n.reward / float64(n.visits)
		}
		dst = append(dst, st)
	}
	return dst
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

// Leaders is the default reward of a match stopped at the horizon: the seats with the highest
// Score share 1, the others get 0.
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

// NewBot returns a search bot with the given options whose choices are reproducible from seed.
func NewBot[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], P norns.Stepper[S, M]](opts Options[S, M], seed uint64) *Bot[S, M, V] {
	return &Bot[S, M, V]{s: New[S, M, V, P](opts), r: rng.New(seed)}
}

// Searcher returns the bot's searcher, to read the statistics of its last search.
func (b *Bot[S, M, V]) Searcher() *Searcher[S, M, V] { return b.s }

// Choose searches from v; see [Searcher.Choose]. It returns ctx.Err() when ctx is done before it
// starts.
func (b *Bot[S, M, V]) Choose(ctx context.Context, v V) (M, error) {
	var zero M
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	if v.Over() || v.ToMove() != v.Seat() {
		return zero, errNoBotSeat
	}
	return b.s.Choose(ctx, v, b.r)
}
