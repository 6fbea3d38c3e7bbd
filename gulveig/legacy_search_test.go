package gulveig

import (
	"context"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// LegacySearchBot is the SearchBot of fe20109, kept for the strength tests' old-against-new
// pairing: it searches the tricks only and decides the rest as HeuristicBot does.
type LegacySearchBot struct {
	s    *search.Searcher[State, Move, View]
	h    *HeuristicBot
	r    *rng.Rand
	root [4]int32
}

// NewLegacySearchBot returns the old search bot with a budget of iters iterations.
func NewLegacySearchBot(seed uint64, iters int) *LegacySearchBot {
	var buf []Move
	policy := func(s State, r *rng.Rand) Move {
		buf = s.AppendLegal(buf[:0])
		if len(buf) == 1 {
			return buf[0]
		}
		if r.Float64() < 0.1 {
			return buf[r.IntN(len(buf))]
		}
		k := knowOf(&s)
		return k.choose(buf, r)
	}
	b := &LegacySearchBot{h: NewHeuristicBot(seed ^ 0x9e3779b97f4a7c15), r: rng.New(seed)}
	so := search.Options[State, Move]{
		Iterations: iters,
		Opponents:  policy,
		Playout:    policy,
		Horizon:    func(s State) bool { return s.phase == PhaseDeal },
		Reward: func(s State, seat norns.Player) float64 {
			return handReward(s, seat, &b.root, 400)
		},
	}
	b.s = search.New[State, Move, View](so)
	return b
}

// Choose is the old SearchBot's Choose.
func (b *LegacySearchBot) Choose(ctx context.Context, v View) (Move, error) {
	if v.phase != PhasePlay {
		return b.h.Choose(ctx, v)
	}
	b.root = v.scores
	return b.s.Choose(ctx, v, b.r)
}

// v1SearchTuning is the tuning of the search bot of version 1.0 (commit 2c0b7a1).
var v1SearchTuning = searchTuning{noise: 0.1, oppNoise: 0.1, rewardScale: 400, fitTries: 8, solveTricks: 0, solveOpp: true}

// NewV1SearchBot returns the search bot of version 1.0 (commit 2c0b7a1), for the strength tests'
// pairing of the search against it: the same search of every decision with the tuning it
// shipped with. TestSearchBotPinned holds it to that version's decisions
// (testdata/search-v1.golden).
func NewV1SearchBot(opts SearchOptions) *SearchBot { return newSearchBot(opts, v1SearchTuning) }

// NewTunedSearchBot returns a SearchBot with tuning constants other than the default, for the
// strength tests' measurements: the playouts' and the opponent model's noise, reward scale, fit tries, the tricks left from which the
// solver plays and whether the opponent model uses it, whether the end of a hand is scored by the
// chance of winning the match (match 0: no, 1: yes), the deals drawn per decision to fit the
// opponents' acts, the weight of a deal per act it does not fit and whether the fit checks the
// acts of the auction too (bidActs 0: no, 1: yes); a negative value keeps the default.
func NewTunedSearchBot(opts SearchOptions, noise, oppNoise, scale float64, tries, solve int, solveOpp bool, match, pool int, rho float64, bidActs int) *SearchBot {
	tu := defaultSearchTuning
	if bidActs >= 0 {
		tu.fitBidActs = bidActs > 0
	}
	if pool >= 0 {
		tu.fitPool = pool
	}
	if rho >= 0 {
		tu.fitRho = rho
	}
	if match >= 0 {
		tu.match = match > 0
	}
	if oppNoise >= 0 {
		tu.oppNoise = oppNoise
	}
	if solve >= 0 {
		tu.solveTricks, tu.solveOpp = solve, solveOpp
	}
	if noise >= 0 {
		tu.noise = noise
	}
	if scale > 0 {
		tu.rewardScale = scale
	}
	if tries >= 0 {
		tu.fitTries = tries
	}
	return newSearchBot(opts, tu)
}

// SearchIterations returns the iterations of b's last search.
func SearchIterations(b *SearchBot) int { return b.s.Iterations() }
