// Package arena runs bot tournaments on the norns contract and measures a candidate bot against
// a base bot with a confidence interval.
//
// A tournament plays each seed once per seat, the candidate in that seat and the base bot in all
// the others, with chance drawn from rng.New(seed) every time: every seat sees the same deals, so
// seat and luck cancel out. The candidate's result in a match is its share of the win (1 for a
// sole win, 1/k for a win shared by k seats, 0 otherwise, draws included), averaged over the
// seats of a seed; the confidence interval comes from the spread of those per-seed averages.
// A bot no better than the base scores 1/players on average.
package arena

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// Config describes a tournament.
type Config[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]] struct {
	// Start is the first state of every match.
	Start S
	// Seeds is the number of seeds (deal sequences); each is played once per seat.
	Seeds int
	// FirstSeed is the first seed; seeds run FirstSeed, FirstSeed+1, … (0 means 1).
	FirstSeed uint64
	// Candidate and Base make a bot for one seat of one match from a seed derived from the match.
	Candidate, Base Maker[V, M]
	// Stream, if not nil, sorts chance nodes into streams, each drawn from its own generator
	// seeded from the seed and the stream's number (0 to 7), so that one kind of chance event
	// stays the same in every seat rotation even when another happens a different number of
	// times. Every game exports its stream function as ChanceStream: herrlof.ChanceStream puts
	// the deals in one stream and the 6's random picks in another, so every rotation gets the
	// same hands. Nil puts all chance in one stream drawn from rng.New(seed), as norns.Play does
	// (and as stream 0 alone does).
	Stream func(s S) int
	// Workers is the number of matches played at once; 0 means GOMAXPROCS.
	Workers int
	// Progress, if not nil, is called after each seed with the seeds done so far. It is called
	// from several goroutines, one call at a time.
	Progress func(done, total int)
}

// Result is the outcome of a tournament.
type Result struct {
	Seeds   int     // seeds played
	Matches int     // matches played: Seeds × players
	Mean    float64 // the candidate's mean win share per match
	Half    float64 // half-width of the 95% confidence interval of Mean
	Even    float64 // what a bot equal to the base scores: 1/players
}

// Beats reports whether the candidate beats the base outside the 95% confidence interval.
func (r Result) Beats() bool { return r.Mean-r.Half > r.Even }

// String reports the result, as in "0.763 ± 0.026 over 1000 matches (an equal bot: 0.500)".
func (r Result) String() string {
	return fmt.Sprintf("%.3f ± %.3f over %d matches (an equal bot: %.3f)", r.Mean, r.Half, r.Matches, r.Even)
}

// Maker makes a fresh bot for one seat of one match from a seed derived from the match.
type Maker[V any, M norns.Move] = func(seed uint64) norns.Bot[V, M]

// Versus returns the tournament of candidate against base from start, with every other field
// at its zero value (set Seeds, and Stream where the game has one). The type parameters are
// inferred from the arguments, so a caller writes arena.Versus(start, mine, theirs) where
// arena.Config needs them spelled out.
func Versus[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](start S, candidate, base Maker[V, M]) Config[S, M, V] {
	return Config[S, M, V]{Start: start, Candidate: candidate, Base: base}
}

// Run plays the tournament. It stops at the first bot error or when ctx ends, and returns that
// error.
//
// Its memory does not grow with Seeds: seeds are handed to the workers one at a time and each
// seed's result is folded into running sums as soon as the seeds before it are in (so the result
// does not depend on which worker finished first), with at most a few per worker waiting.
func Run[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], P norns.Stepper[S, M]](ctx context.Context, c Config[S, M, V]) (Result, error) {
	if c.Seeds < 2 {
		return Result{}, errors.New("arena: at least 2 seeds are needed for a confidence interval")
	}
	if c.Candidate == nil || c.Base == nil {
		return Result{}, errors.New("arena: Candidate and Base must both be set")
	}
	if c.FirstSeed == 0 {
		c.FirstSeed = 1
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, c.Seeds)
	n := c.Start.Players()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
		agg      = aggregator{pending: make(map[int]float64)}
	)
	// window bounds how far the seeds handed out may run ahead of the ones folded in.
	window := make(chan struct{}, 4*workers)
	next := make(chan int)
	for range workers {
		wg.Go(func() {
			for i := range next {
				seed := c.FirstSeed + uint64(i)
				total := 0.0
				for cand := range n {
					share, err := match[S, M, V, P](ctx, c, seed, norns.Player(cand))
					if err != nil {
						mu.Lock()
						if firstErr == nil && ctx.Err() == nil {
							firstErr = fmt.Errorf("arena: seed %d, candidate in seat %d: %w", seed, cand, err)
						}
						mu.Unlock()
						cancel()
						return
					}
					total += share
				}
				mu.Lock()
				freed := agg.add(i, total/float64(n))
				if c.Progress != nil {
					c.Progress(agg.done, c.Seeds)
				}
				mu.Unlock()
				for range freed {
					<-window
				}
			}
		})
	}
feed:
	for i := range c.Seeds {
		select {
		case window <- struct{}{}:
		case <-ctx.Done():
			break feed
		}
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return Result{}, firstErr
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	mean, half := agg.meanCI()
	return Result{Seeds: c.Seeds, Matches: c.Seeds * n, Mean: mean, Half: half, Even: 1 / float64(n)}, nil
}

// aggregator folds per-seed results into a running mean and sum of squared deviations (Welford),
// in seed order: a result that arrives before its predecessors waits in pending.
type aggregator struct {
	next    int             // the next seed index to fold in
	pending map[int]float64 // results of seeds after next
	done    int             // seeds finished, folded in or pending
	count   int
	mean    float64
	m2      float64
}

// add records seed index i's result x and returns how many results it folded in.
func (a *aggregator) add(i int, x float64) int {
	a.done++
	a.pending[i] = x
	folded := 0
	for {
		x, ok := a.pending[a.next]
		if !ok {
			return folded
		}
		delete(a.pending, a.next)
		a.next++
		a.count++
		d := x - a.mean
		a.mean += d / float64(a.count)
		a.m2 += d * (x - a.mean)
		folded++
	}
}

// meanCI returns the mean and the half-width of its 95% confidence interval, as [MeanCI].
func (a *aggregator) meanCI() (mean, half float64) {
	if a.count < 2 {
		return math.NaN(), math.NaN()
	}
	sd := math.Sqrt(a.m2 / float64(a.count-1))
	return a.mean, 1.96 * sd / math.Sqrt(float64(a.count))
}

// seatStride spaces the bot seeds of a match: the bot in seat p of seed s gets s×21+p. Every
// figure arena has measured depends on it, so it stays 21 (one more than the 20 seats of the
// largest Gnav table) whatever games come.
const seatStride = 21

// match plays one match of seed with the candidate in seat cand and returns its win share.
func match[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], P norns.Stepper[S, M]](ctx context.Context, c Config[S, M, V], seed uint64, cand norns.Player) (float64, error) {
	n := c.Start.Players()
	bots := make([]norns.Bot[V, M], n)
	for p := range bots {
		botSeed := seed*seatStride + uint64(p)
		if norns.Player(p) == cand {
			bots[p] = c.Candidate(botSeed)
		} else {
			bots[p] = c.Base(botSeed)
		}
	}
	// One state, stepped in place; stream k draws from rng.New(seed ^ k×φ), so with one stream
	// (Stream nil) chance comes from rng.New(seed) in order, as norns.Play draws it.
	var streams [maxStreams]*rng.Rand
	s := c.Start
	for !s.Over() {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		var m M
		if p := s.ToMove(); p == norns.Chance {
			k := 0
			if c.Stream != nil {
				k = c.Stream(s)
			}
			if k < 0 || k >= maxStreams {
				return 0, fmt.Errorf("chance stream %d out of range [0, %d)", k, maxStreams)
			}
			if streams[k] == nil {
				streams[k] = rng.New(seed ^ uint64(k)*0x9e3779b97f4a7c15)
			}
			m = s.SampleChance(streams[k])
		} else {
			var err error
			if m, err = bots[p].Choose(ctx, s.View(p)); err != nil {
				return 0, fmt.Errorf("%v's bot: %w", p, err)
			}
		}
		if err := P(&s).Step(m); err != nil {
			return 0, fmt.Errorf("%v's move %v: %w", s.ToMove(), m, err)
		}
	}
	return s.Winners().Share(cand), nil
}

// maxStreams is the number of chance streams a Config.Stream may use.
const maxStreams = 8

// MeanCI returns the mean of xs and the half-width of its 95% confidence interval (normal
// approximation: 1.96 standard errors). It needs at least two values.
func MeanCI(xs []float64) (mean, half float64) {
	if len(xs) < 2 {
		return math.NaN(), math.NaN()
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(len(xs)-1))
	return mean, 1.96 * sd / math.Sqrt(float64(len(xs)))
}
