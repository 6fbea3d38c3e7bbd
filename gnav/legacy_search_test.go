package gnav

import (
	"flag"
	"os"
	"sync"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/search"
	"github.com/nornsgames/norns/rng"
)

// NewLegacySearchBot returns the search bot as it was before the search read the other seats'
// acts (version 1.0): the same paired search with the heuristic as the model of every seat, one
// move in ten at random, the hidden cards drawn uniformly under the rules alone, and the end of
// the deal worth the seat's lives squared over the sum of every seat's lives squared. The
// strength test measures the bot against it at the same iteration budget.
func NewLegacySearchBot(seed uint64, iterations int) *SearchBot {
	so := search.Options[State, Move]{
		Iterations: iterations,
		Opponents:  legacyPolicy,
		Playout:    legacyPolicy,
		Horizon:    dealOver,
		Reward:     legacyWinShare,
		Paired:     true,
	}
	return &SearchBot{s: search.New[State, Move, View](so), r: rng.New(seed)}
}

func legacyPolicy(s State, r *rng.Rand) Move {
	switch {
	case r.Float64() >= 0.1:
		v := s.View(norns.Player(s.who()))
		return heuristic(&v, r)
	case r.IntN(2) == 0:
		return Stand()
	case s.who() == s.dealer:
		return Draw()
	}
	return Ask()
}

func legacyWinShare(s State, seat norns.Player) float64 {
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

// NewPrevSearchBot returns the search bot of commit 2c0b7a1, before the win-chance table: the
// model of the seats' play and of their past acts it had (no playout noise, a belief of one act
// in ten at random, 32 deals per determinisation), the end of the deal worth the lives squared
// and a drawn match 1/Players.
// The strength test measures the bot against it at the same budget.
func NewPrevSearchBot(opts SearchOptions) *SearchBot {
	return newSearchBot(opts, searchModel{noise: 0, belief: 0.1, tries: 32, drawn: true})
}

// NewTunedSearchBot returns a search bot with the given options whose model departs from the
// default: noise, belief, tries, match, table and drawn (1 true, 0 false) replace the model's
// fields when not negative, and the table of the -strength.wins flag, when set, its win-chance
// table.
func NewTunedSearchBot(opts SearchOptions, noise, belief float64, tries, match, table, drawn int) *SearchBot {
	m := defaultModel
	if noise >= 0 {
		m.noise = noise
	}
	if belief >= 0 {
		m.belief = belief
	}
	if tries >= 0 {
		m.tries = tries
	}
	if match >= 0 {
		m.match = match == 1
	}
	if table >= 0 {
		m.table = table == 1
	}
	if drawn >= 0 {
		m.drawn = drawn == 1
	}
	switch *strengthWins {
	case "":
	case "heuristic":
		m.wins = winTable()
	default:
		m.wins = winsFile(*strengthWins)
	}
	return newSearchBot(opts, m)
}

var strengthWins = flag.String("strength.wins", "", "TestBotStrength, TestBotAB: the win-chance table of the tuned search: heuristic (every seat the heuristic after the deal), or a file as encodeWinTable writes it, such as TestBotDiagOptimum's -diag.optimum.out (empty: the default)")

// winsFile returns the win-chance table stored in file name, read once.
var winsFile = func() func(name string) *[winStates][winSeats]float32 {
	var mu sync.Mutex
	read := map[string]*[winStates][winSeats]float32{}
	return func(name string) *[winStates][winSeats]float32 {
		mu.Lock()
		defer mu.Unlock()
		if t, ok := read[name]; ok {
			return t
		}
		b, err := os.ReadFile(name)
		if err != nil {
			panic(err)
		}
		t := decodeWinTable(b)
		read[name] = t
		return t
	}
}()
