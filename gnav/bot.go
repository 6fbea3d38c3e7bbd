package gnav

import (
	"cmp"
	"context"
	"errors"
	"math"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// errNotToAct is returned by a bot asked to move for a seat that is not to act.
var errNotToAct = errors.New("gnav: bot asked to move for a seat that is not to act")

// NewRandomBot returns a bot that plays a uniformly random legal move, reproducibly from seed,
// and returns ctx.Err() instead when ctx is done: a [norns.RandomBot]. It is not safe for
// concurrent use.
func NewRandomBot(seed uint64) *norns.RandomBot[View, Move] {
	return norns.NewRandomBot[View, Move](seed)
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

// askMargin is how much lower the estimated life loss of asking (or drawing) must be than that
// of standing before the heuristic asks. It is negative: the estimate draws the other cards at
// random, but during a deal low cards are passed on toward the dealer and the stock, so the
// cards left at the showdown are higher than that and a low card is worse to keep than it looks.
// (Measured with TestBotDiag.)
const askMargin = -0.1

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
		return math.Pow(g, float64(others))
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
	// Exploration is the UCB1 constant; 0 means DefaultSearchExploration.
	Exploration float64
}

// DefaultSearchIterations is the search budget per decision of a [SearchBot] when
// [SearchOptions.Iterations] is 0.
const DefaultSearchIterations = 1000

// DefaultSearchExploration is the UCB1 constant of a [SearchBot] when
// [SearchOptions.Exploration] is 0. It is small because the rewards are paired differences
// around 1/2.
const DefaultSearchExploration = 0.1

// SearchBot chooses moves by information-set Monte Carlo tree search (internal/search). A seat
// acts once per deal, and the others' choices depend on their own cards, which a tree keyed by
// moves cannot tell apart, so the tree holds the bot's own move only and the others play in the
// playouts. Each iteration deals the cards the bot cannot see ([View.Sample], exact), tries one
// of the bot's moves, and plays the rest of the deal out with [HeuristicBot]'s choices for every
// seat (and a little randomness). The end of the deal is worth the bot's chance of winning as
// its lives squared over the sum of every seat's lives squared (close to the exact chance when
// each deal takes a life from a random seat), or the match result. Every move is played out from
// the same deal with the same randomness, and a move scores 1/2 plus its value less the mean
// value of the moves: comparing the moves on the same cards removes most of the luck of the deal.
//
// It is not safe for concurrent use. Create it with [NewSearchBot].
type SearchBot struct {
	s    *search.Searcher[State, Move, View]
	r    *rng.Rand
	view View      // the root of the current search
	roll *rng.Rand // the playouts' randomness

	// The current determinisation: its state, the seed of its playouts, and once valued, the
	// bot's moves there, the states they lead to, their values and the values' mean.
	root     State
	rootSeed uint64
	valued   bool
	moves    []Move
	after    []State
	values   []float64
	mean     float64
}

// NewSearchBot returns a search bot with the given options.
func NewSearchBot(opts SearchOptions) *SearchBot {
	it := opts.Iterations
	if it <= 0 {
		it = DefaultSearchIterations
	}
	b := &SearchBot{r: rng.New(opts.Seed), roll: rng.New(opts.Seed ^ 0x6e61765f726f6c6c)}
	so := search.Options[State, Move]{
		Iterations:  it,
		Exploration: cmp.Or(opts.Exploration, DefaultSearchExploration),
		Stop:        func(s State) bool { return s.toMove != b.view.seat },
		Refine:      b.refine,
		Eval:        b.reward,
	}
	b.s = search.New[State, Move, View](so)
	return b
}

// playoutNoise is the share of random moves in the search's playouts.
const playoutNoise = 0.1

// refine notes the determinisation s the iteration searches, so that reward can play every move
// of the bot out from it.
func (b *SearchBot) refine(s State, seat norns.Player, r *rng.Rand) State {
	b.root, b.rootSeed, b.valued = s, r.Uint64(), false
	return s
}

// reward scores a leaf of the search, the state after one of the bot's moves in the current
// determinisation, for the bot's seat (the tree holds no other seat's move): 1/2 plus its move's
// value less the mean value of the bot's moves, each played out from the determinisation with the
// same randomness.
func (b *SearchBot) reward(s State, seat norns.Player) float64 {
	if seat != b.view.Seat() {
		return 0.5
	}
	if !b.valued {
		b.valued = true
		b.moves = b.root.AppendLegal(b.moves[:0])
		b.values = b.values[:0]
		b.after = b.after[:0]
		mean := 0.0
		for _, m := range b.moves {
			next, _ := b.root.Apply(m)
			b.roll.Seed(b.rootSeed)
			v := winShare(b.playout(next), seat)
			b.after = append(b.after, next)
			b.values = append(b.values, v)
			mean += v
		}
		b.mean = mean / float64(len(b.moves))
	}
	for i, a := range b.after {
		if a == s {
			return min(1, max(0, 0.5+b.values[i]-b.mean))
		}
	}
	return 0.5
}

// winShare is what the end of a deal is worth to seat: the match result if the match is over,
// else seat's lives squared over the sum of every seat's lives squared, close to the exact chance
// of winning when each deal takes a life from a random seat.
func winShare(s State, seat norns.Player) float64 {
	if s.Over() {
		return search.Result(s, seat)
	}
	sum := 0
	for _, l := range s.lives {
		sum += int(l) * int(l)
	}
	l := int(s.lives[seat])
	return float64(l*l) / float64(sum)
}

// playout plays s to the end of its deal with the heuristic for every seat, and a share of
// random moves (playoutNoise).
func (b *SearchBot) playout(s State) State {
	for s.toMove >= 0 {
		var m Move
		switch {
		case b.roll.Float64() >= playoutNoise:
			v := s.View(norns.Player(s.toMove))
			m = heuristic(&v, b.roll)
		case b.roll.IntN(2) == 0:
			m = Stand()
		case s.toMove == s.dealer:
			m = Draw()
		default:
			m = Ask()
		}
		s, _ = s.Apply(m)
	}
	return s
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
	b.view = v
	return b.s.Choose(ctx, v, b.r)
}
