package herrlof

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// SearchOptions configures a [SearchBot]. The zero SearchOptions is the default bot with seed 0,
// which thinks for DefaultSearchTime per decision.
type SearchOptions struct {
	// Seed makes the bot's choices reproducible (with an iteration budget: see Time).
	Seed uint64
	// Iterations is the search budget per decision in iterations; 0 means none (see Time). A
	// negative value means 0.
	Iterations int
	// Time is the time budget per decision. The search stops when either budget runs out:
	// with Iterations set and Time 0 it is reproducible from Seed; with neither set it thinks
	// for DefaultSearchTime. A negative value means 0.
	Time time.Duration
	// Workers is the number of root-parallel searches (independent trees on separate goroutines,
	// their root statistics summed); 0 or 1 means one. Pass runtime.GOMAXPROCS(0) to use every core.
	// Choices stay reproducible for a fixed Workers and an iteration budget.
	Workers int
	// Exploration is the UCB1 exploration constant; 0 means 0.3, the best value measured for
	// this bot's rewards. A negative, infinite or NaN value means 0.3 too.
	Exploration float64
}

// DefaultSearchIterations is a budget in iterations that the package's tests and reproducible
// strength runs use (SearchOptions{Iterations: DefaultSearchIterations}), and the budget of the
// registry's "search" bot, whose choices must be reproducible from its seed.
const DefaultSearchIterations = 1000

// DefaultSearchTime is the time budget per decision of a [SearchBot] whose SearchOptions set
// neither budget. On one core it is about 10,000 iterations with two players and 11,000 with
// three at the opening bid and the first card plays (BenchmarkSearchBid, BenchmarkSearchPlay,
// BenchmarkSearch3Bid, BenchmarkSearch3Play: 7 to 9.4 µs per iteration); later decisions, with
// shorter playouts, fit more.
const DefaultSearchTime = 100 * time.Millisecond

// SearchBot chooses moves by information-set Monte Carlo tree search (internal/search) over the
// current hand, on a model given to the search as options:
//
//   - the hidden information: each iteration deals the cards the bot cannot see at random,
//     consistently with its [View] ([View.Sample]), and gives each opponent who has bid the bid
//     the heuristic would make with that opponent's sampled hand (View.Sample draws hidden bids
//     uniformly);
//   - the opponents are searched in the tree like the bot, each playing for its own reward;
//   - playouts finish the hand with [HeuristicBot]'s play for every seat, one move in ten
//     uniformly random; with two players, once two tricks are left, every seat plays perfectly
//     on the dealt cards, as an exact solver of the rest of the hand finds (alpha-beta with a
//     transposition table, the 6's random pick averaged over its outcomes). At 300 iterations
//     the bot wins 0.564 ± 0.047 of 400 matches against itself without the solver, each
//     iteration costing about 1.4 times as much. With three players the solver (max^n) is not
//     used: solving the last trick measured no gain against the heuristic at 300 iterations
//     (0.862 ± 0.028 with it, 0.889 ± 0.023 without, 600 matches);
//   - the horizon is the end of the hand, worth the hand's points: 1/2 plus the bot's points
//     less the best opponent's over 60, clamped to [0, 1], or the match result when the hand
//     ends the match.
//
// The bid and the card play each have their own search tree and budget. Measured with the
// package's strength test: with two players, against [HeuristicBot], at 10,000 iterations (about
// DefaultSearchTime on one core) the bot wins 0.957 ± 0.012 of 1000 matches (seeds 1–500), at
// DefaultSearchTime on a busy two-core machine 0.950 ± 0.031 of 180, at DefaultSearchIterations
// 0.870 ± 0.045 of 200. With three players, against two: at 11,000 iterations (about
// DefaultSearchTime on one core), 0.952 ± 0.013 of 1050 matches (seeds 1–350, run in chunks of 50
// with -strength.first and pooled); at 300 iterations, 0.889 ± 0.023 of 600.
//
// It is not safe for concurrent use. Create it with [NewSearchBot]; a zero SearchBot is
// NewSearchBot(SearchOptions{}), set up on its first move.
type SearchBot struct {
	play, bid *search.Searcher[State, Move, View] // bid searches with bidFactor times the budget
	r         *rng.Rand
}

// searchTuning holds the search bot's constants, measured with the bot-strength tests.
type searchTuning struct {
	noise       float64 // share of random moves in playouts
	solve       [4]int  // by player count: playouts play perfectly (the solver) with this many tricks left or fewer; 0: never
	bidFactor   int     // the bid's budget, in multiples of the per-move budget
	rewardScale float64 // hand-point difference worth a reward of 1/2
	exploration float64 // UCB1 constant when SearchOptions leaves it 0
}

var defaultSearchTuning = searchTuning{noise: 0.1, solve: [4]int{2: 2}, bidFactor: 1, rewardScale: 30, exploration: 0.3}

// NewSearchBot returns a search bot with the given options.
func NewSearchBot(opts SearchOptions) *SearchBot {
	return newSearchBot(opts, defaultSearchTuning)
}

func newSearchBot(opts SearchOptions, tu searchTuning) *SearchBot {
	it, limit := search.Budget(opts.Iterations, opts.Time)
	c := opts.Exploration
	if !(c > 0) || math.IsInf(c, 1) {
		c = tu.exploration
	}
	b := &SearchBot{r: rng.New(opts.Seed)}
	so := searchOptions(tu)
	so.Iterations, so.Time, so.Workers, so.Exploration = it, limit, opts.Workers, c
	b.play = search.New[State, Move, View](so)
	if it > 0 {
		so.Iterations = it * max(tu.bidFactor, 1)
	}
	b.bid = search.New[State, Move, View](so)
	return b
}

// searchOptions returns the search's model under tu (all but the budget and the exploration):
// the playout policy (Playout) and the loop that plays it in place (Rollout), the horizon at the
// end of the hand, the bids refined, and the hand's reward.
func searchOptions(tu searchTuning) search.Options[State, Move] {
	// Each call takes its scratch space from the pool, so that workers searching at once share
	// none; the solver's table may outlive a call, since what it holds is true of every state.
	pool := &playoutPool{tu: tu}
	return search.Options[State, Move]{
		Playout: func(s State, r *rng.Rand) Move {
			pl := pool.get()
			m := pl.choose(&s, r)
			pool.put(pl)
			return m
		},
		Rollout: func(s State, seat norns.Player, r *rng.Rand) (State, error) {
			pl := pool.get()
			s, err := pl.rollout(s, seat, r)
			pool.put(pl)
			return s, err
		},
		Horizon:     func(s State) bool { return s.phase == PhaseDeal },
		Determinize: refineBids,
		Reward: func(s State, seat norns.Player) float64 {
			return handReward(s, seat, tu.rewardScale)
		},
	}
}

// playoutPool keeps the playouts' scratch space (a [playout] each) for the calls of one bot's
// options: as many as have run at once, kept for the bot's life. Unlike a sync.Pool it never
// drops one, so the solver's table is made once per worker, not after every collection.
type playoutPool struct {
	tu   searchTuning
	mu   sync.Mutex
	free []*playout
}

func (pp *playoutPool) get() *playout {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if n := len(pp.free); n > 0 {
		pl := pp.free[n-1]
		pp.free = pp.free[:n-1]
		return pl
	}
	return &playout{noise: pp.tu.noise, solve: pp.tu.solve, scale: pp.tu.rewardScale}
}

func (pp *playoutPool) put(pl *playout) {
	pp.mu.Lock()
	pp.free = append(pp.free, pl)
	pp.mu.Unlock()
}

// playout is the search's playout policy (choose, [search.Options.Playout]), and the loop that
// plays it (rollout, [search.Options.Rollout]): every seat plays the heuristic's move, one move
// in ten uniformly random, or the solver's move once solve[players] tricks or fewer are left
// (the solver draws nothing from the generator, and its choice does not depend on what its table
// holds); chance draws with SampleChance. The loop applies the moves to one
// State in place and keeps the legal-move buffer and the outlook from move to move, which makes
// a playout cheaper than the search's generic loop (a copy of the State per call, the calls
// through the options). It plays exactly as the generic loop plays policy, with the same draws
// from the generator: TestRolloutIsTheGenericLoop checks it from states of every phase.
type playout struct {
	noise float64 // share of random moves
	solve [4]int  // searchTuning.solve
	scale float64 // searchTuning.rewardScale, for the solver
	sv    *solver // made on first use
	buf   []Move
	o     outlook
	stock stockSum // the stock of the last outlook
}

// rollout plays s out to the end of its hand (or of the match): [search.Options.Rollout].
func (pl *playout) rollout(s State, _ norns.Player, r *rng.Rand) (State, error) {
	for s.phase != PhaseOver && s.phase != PhaseDeal {
		var m Move
		if s.toMove == int8(norns.Chance) {
			m = s.SampleChance(r)
		} else {
			m = pl.choose(&s, r)
		}
		if err := s.apply(m, nil); err != nil {
			return s, fmt.Errorf("herrlof: playout move %v does not apply: %w", m, err)
		}
	}
	return s, nil
}

// choose returns the policy's move for the seat to act in s. A card play, the most common
// decision, is chosen from the set of playable kinds without writing the legal moves: the same
// moves in the same order (ascending cards), so the same draws pick the same card.
func (pl *playout) choose(s *State, r *rng.Rand) Move {
	if k := pl.solve[s.players]; k > 0 && handSize(int(s.players))-int(s.trickNo) <= k {
		if pl.sv == nil {
			pl.sv = newSolver(pl.scale)
		}
		return pl.sv.best(s)
	}
	if s.phase == PhasePlay {
		set := playable(s.hands[s.toMove], &s.trick)
		n := bits.OnesCount64(uint64(set))
		switch {
		case n == 1:
			return Play(Card(bits.TrailingZeros64(uint64(set))))
		case r.Float64() < pl.noise:
			x := uint64(set)
			for range r.IntN(n) {
				x &= x - 1
			}
			return Play(Card(bits.TrailingZeros64(x)))
		}
		pl.o.fromState(s, s.toMove, &pl.stock)
		pl.o.t = &defaultTuning
		return Play(pl.o.play(set, r))
	}
	pl.buf = s.appendLegal(pl.buf[:0])
	if len(pl.buf) == 1 {
		return pl.buf[0]
	}
	if r.Float64() < pl.noise {
		return pl.buf[r.IntN(len(pl.buf))]
	}
	if m, ok := fixedChoice(s.phase, pl.buf); ok {
		return m // no outlook needed
	}
	pl.o.fromState(s, s.toMove, &pl.stock)
	pl.o.t = &defaultTuning
	return pl.o.choose(pl.buf, r)
}

// handReward scores a leaf of the search, at the end of a hand, for seat: the match result if the
// match is over, else 1/2 plus half the hand's point difference (seat's points minus the best
// opponent's) over scale, clamped to [0, 1].
func handReward(s State, seat norns.Player, scale float64) float64 {
	if s.Over() {
		return search.Result(s, seat)
	}
	n := int(s.players)
	pts := func(p int) int {
		return handPoints(n, s.bonus5, int(s.last.bids[p]), int(s.last.tricks[p]))
	}
	mine, best := pts(int(seat)), -1000
	for p := range n {
		if p != int(seat) {
			best = max(best, pts(p))
		}
	}
	return min(max(0.5+float64(mine-best)/(2*scale), 0), 1)
}

// Choose searches from v and returns the chosen move. It returns ctx.Err() if ctx is done before
// the search starts, and the best move so far if ctx ends during the search.
func (b *SearchBot) Choose(ctx context.Context, v View) (Move, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	if v.Over() || v.ToMove() != v.Seat() {
		return Move{}, errNotToAct
	}
	if b.play == nil { // the zero SearchBot
		*b = *NewSearchBot(SearchOptions{})
	}
	if v.phase == PhaseBid {
		return b.bid.Choose(ctx, v, b.r)
	}
	return b.play.Choose(ctx, v, b.r)
}

// refineBids replaces the bids that [View.Sample] drew uniformly for the opponents who have bid
// by the heuristic's bid for their sampled hand: at the start of the hand, what [HeuristicBot]
// would have bid; later, the tricks they have won plus what their remaining cards should take.
// The state stays consistent with seat's view, which does not see those bids.
func refineBids(s State, seat norns.Player, r *rng.Rand) State {
	for q := range int8(s.players) {
		if q == int8(seat) || s.bids[q] < 0 {
			continue
		}
		o := outlookFromState(&s, q)
		o.t = &defaultTuning
		s.bids[q] = int8(o.chooseBid(float64(s.tricks[q]) + o.expectedTricks()))
	}
	return s
}
