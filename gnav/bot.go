package gnav

import (
	"context"
	"errors"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// errNotToAct is returned by a bot asked to move for a seat that is not to act.
var errNotToAct = errors.New("gnav: bot asked to move for a seat that is not to act")

// NewRandomBot returns a bot that plays a uniformly random legal move, reproducibly from seed (a
// [norns.RandomBot]), and returns ctx.Err() instead when ctx is done. It is not safe for
// concurrent use.
func NewRandomBot(seed uint64) norns.Bot[View, Move] {
	rb := norns.NewRandomBot[View, Move](seed)
	return norns.BotFunc[View, Move](func(ctx context.Context, v View) (Move, error) {
		if err := ctx.Err(); err != nil {
			return Move{}, err
		}
		return rb.Choose(ctx, v)
	})
}

// HeuristicBot is a rules-aware bot that decides from its [View] alone. It estimates, for each
// card it might end the deal with, the chance of losing a life at the showdown: the chance that
// every other contestant still in play holds that card or higher (or a Narr), drawing their cards
// from the cards it has not seen; a Narr always loses. It stands when that is lower than what
// asking (or, for the dealer, drawing) is worth: the target's card is drawn from the unseen cards
// too, a Dragon or Katt costs a life, a Gjøk ends the deal, a Hus or Hest passes on. It knows the
// fool's knock (a neighbour who knocked and has not been reached holds a Narr: never ask it) and
// the matadors it has seen refuse (they are not in the stock or a neighbour's hand).
//
// It is not safe for concurrent use. Create it with [NewHeuristicBot].
type HeuristicBot struct {
	r   *rng.Rand
	buf []Move
}

// NewHeuristicBot returns a heuristic bot. Its choices are deterministic; seed breaks exact ties.
func NewHeuristicBot(seed uint64) *HeuristicBot {
	return &HeuristicBot{r: rng.New(seed), buf: make([]Move, 0, 4)}
}

// Choose returns the heuristic's move for v's seat. It returns ctx.Err() if ctx is done, and an
// error if v's seat is not to act.
func (b *HeuristicBot) Choose(ctx context.Context, v View) (Move, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	if v.Over() || v.toMove != v.seat || v.toMove < 0 {
		return Move{}, errNotToAct
	}
	return heuristic(&v, b.r), nil
}

// askMargin is how much lower the expected life loss of asking (or drawing) must be than that of
// standing before the heuristic asks: exchanging also hands your card to a neighbour and risks
// a cat's undo, which the estimate leaves out.
const askMargin = 0.0

// heuristic chooses between standing and asking (or drawing) for the seat of v, which is to act.
func heuristic(v *View, r *rng.Rand) Move {
	me := v.seat
	c := v.hand
	act := Ask()
	if me == v.dealer {
		act = Draw()
	}
	// The cards the seat cannot place: the pack less its own card and the matadors shown by
	// refusals (their holders keep them).
	var pool [NumRanks]int
	for i := range pool {
		pool[i] = Copies
	}
	pool[c]--
	for p := range v.players {
		if a := Answer(v.act[p] & 7); a >= AnswerHus {
			pool[a.Card()]--
		}
	}
	total := 0
	for _, k := range pool {
		total += k
	}
	others := (v.contest & v.alive).Len() - 1
	lose := func(x Card) float64 {
		if x == Narr {
			return 1
		}
		high := pool[Narr]
		for y := x; y < NumRanks; y++ {
			high += pool[y]
		}
		g := float64(high) / float64(total)
		l := 1.0
		for range others {
			l *= g
		}
		return l
	}
	stand := lose(c)
	// What the exchange brings: the target's card (or the stock's), drawn from the pool, with
	// Hus and Hest passing on to the next draw.
	target := pool
	if me != v.dealer {
		t := nextIn(v.contest, me)
		if v.knock.Has(norns.Player(t)) {
			return Stand() // the neighbour holds the Narr it was dealt
		}
		target[Narr] = 0 // it did not knock
	}
	target[Hus], target[Hest] = 0, 0
	n := 0
	for _, k := range target {
		n += k
	}
	if n == 0 {
		return Stand()
	}
	ask := 0.0
	for y := range Card(NumRanks) {
		if target[y] == 0 {
			continue
		}
		p := float64(target[y]) / float64(n)
		switch {
		case y == Dragon || y == Katt:
			ask += p * (1 + stand)
		case y == Gjok:
			ask += p * stand
		default:
			ask += p * lose(y)
		}
	}
	switch {
	case ask < stand-askMargin:
		return act
	case ask == stand && r.IntN(2) == 0:
		return act
	}
	return Stand()
}

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
const DefaultSearchIterations = 1000

// SearchBot chooses moves by information-set Monte Carlo tree search (internal/search) over the
// current deal. Each iteration deals the cards it cannot see at random, exactly as its [View]
// allows ([View.Sample]), searches the stands and requests of every seat to the end of the deal,
// with [HeuristicBot]'s choices (and a little randomness) in the playouts, and scores the lives
// each seat lost in the deal, or the match result when the deal ends the match.
//
// It is not safe for concurrent use. Create it with [NewSearchBot].
type SearchBot struct {
	s     *search.Searcher[State, Move, View]
	r     *rng.Rand
	lives [MaxPlayers]uint8 // lives at the root of the current search
}

// NewSearchBot returns a search bot with the given options.
func NewSearchBot(opts SearchOptions) *SearchBot {
	it := opts.Iterations
	if it <= 0 {
		it = DefaultSearchIterations
	}
	b := &SearchBot{r: rng.New(opts.Seed)}
	so := search.Options[State, Move]{
		Iterations:  it,
		Exploration: opts.Exploration,
		Policy: func(s State, r *rng.Rand) Move {
			if r.Float64() < playoutNoise {
				if r.IntN(2) == 0 {
					return Stand()
				}
				if s.toMove == s.dealer {
					return Draw()
				}
				return Ask()
			}
			v := s.View(norns.Player(s.toMove))
			return heuristic(&v, r)
		},
		Stop: func(s State) bool { return s.toMove == chance },
		Eval: b.reward,
	}
	b.s = search.New[State, Move, View](so)
	return b
}

// playoutNoise is the share of random moves in the search's playouts.
const playoutNoise = 0.1

// reward scores a leaf of the search for seat: the match result if the match is over, else 1
// for a deal that cost seat no life, 1/2 for one, 0 for two.
func (b *SearchBot) reward(s State, seat norns.Player) float64 {
	if s.Over() {
		return search.Result(s, seat)
	}
	lost := int(b.lives[seat]) - int(s.lives[seat])
	return max(0, 1-float64(lost)/2)
}

// Choose searches from v and returns the chosen move. It returns ctx.Err() if ctx is done before
// the search starts, and the best move so far if ctx ends during the search.
func (b *SearchBot) Choose(ctx context.Context, v View) (Move, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	if v.Over() || v.toMove != v.seat || v.toMove < 0 {
		return Move{}, errNotToAct
	}
	b.lives = v.lives
	return b.s.Choose(ctx, v, b.r)
}
