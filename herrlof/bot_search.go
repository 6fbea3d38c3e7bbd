package herrlof

import (
	"context"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// SearchOptions configures a [SearchBot]. The zero SearchOptions is the default bot with seed 0.
type SearchOptions struct {
	// Seed makes the bot's choices reproducible.
	Seed uint64
	// Iterations is the search budget per decision; 0 means DefaultSearchIterations.
	Iterations int
	// Exploration is the UCB1 constant; 0 means the search package's default.
	Exploration float64
}

// DefaultSearchIterations is the search budget per decision of a [SearchBot] when
// [SearchOptions.Iterations] is 0.
const DefaultSearchIterations = 1500

// SearchBot chooses moves by information-set Monte Carlo tree search (internal/search) over the
// current hand. Each iteration deals the cards it cannot see at random, consistently with its
// [View] ([View.Sample]), and gives each opponent who has bid the bid the heuristic would make
// with that opponent's sampled hand; it then searches bids and card plays, finishing the hand
// with [HeuristicBot]'s play (with a little randomness), and scores the hand's points: its own
// minus the best opponent's, or the match result when the hand ends the match.
//
// It is not safe for concurrent use. Create it with [NewSearchBot].
type SearchBot struct {
	s *search.Searcher[State, Move, View]
	r *rng.Rand
}

// NewSearchBot returns a search bot with the given options.
func NewSearchBot(opts SearchOptions) *SearchBot {
	it := opts.Iterations
	if it <= 0 {
		it = DefaultSearchIterations
	}
	var buf []Move
	so := search.Options[State, Move]{
		Iterations:  it,
		Exploration: opts.Exploration,
		Policy: func(s State, r *rng.Rand) Move {
			buf = s.AppendLegal(buf[:0])
			if len(buf) == 1 {
				return buf[0]
			}
			if r.Float64() < playoutNoise {
				return buf[r.IntN(len(buf))]
			}
			o := outlookFromState(&s, s.toMove)
			o.t = &defaultTuning
			return o.choose(buf, r)
		},
		Stop:   func(s State) bool { return s.phase == PhaseDeal },
		Refine: refineBids,
		Eval:   handReward,
	}
	return &SearchBot{s: search.New[State, Move, View](so), r: rng.New(opts.Seed)}
}

// playoutNoise is the share of random moves in the search's playouts.
const playoutNoise = 0.1

// handReward scores a leaf of the search, at the end of a hand, for seat: the match result if the
// match is over, else 1/2 plus the hand's point difference (seat's points minus the best
// opponent's) over 60.
func handReward(s State, seat norns.Player) float64 {
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
	return min(max(0.5+float64(mine-best)/60, 0), 1)
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
	return b.s.Choose(ctx, v, b.r)
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
