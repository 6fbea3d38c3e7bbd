// Command arena measures one bot against another: each seed is played once per seat, the
// candidate in that seat and the base bot in all the others, on the same deals, and the
// candidate's win rate is reported with a 95% confidence interval.
//
//	go run ./examples/arena                                   # Herrlof: search against heuristic
//	go run ./examples/arena -a heuristic -b random -seeds 500
//	go run ./examples/arena -game gnav -a search -b heuristic -seeds 1000
//
// The bots are random, heuristic and search; -iters sets the search bot's budget per decision.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/herrlof"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	game, a, b string
	seeds      int
	first      uint64
	players    int
	iters      int
	quiet      bool
}

func run(args []string, out, errOut io.Writer) int {
	var o options
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&o.game, "game", "herrlof", "the game: herrlof or gnav")
	fs.StringVar(&o.a, "a", "search", "the candidate bot: random, heuristic or search")
	fs.StringVar(&o.b, "b", "heuristic", "the base bot, in every other seat")
	fs.IntVar(&o.seeds, "seeds", 200, "seeds to play; each is played once per seat")
	fs.Uint64Var(&o.first, "first", 1, "the first seed")
	fs.IntVar(&o.players, "players", 0, "number of players (0: the game's default)")
	fs.IntVar(&o.iters, "iters", 0, "search iterations per decision (0: the bot's default)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress line")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	var res arena.Result
	var err error
	start := time.Now()
	progress := func(done, total int) {
		if !o.quiet {
			fmt.Fprintf(errOut, "\r%d/%d seeds", done, total)
		}
	}
	switch o.game {
	case "herrlof":
		res, err = herrlofArena(o, progress)
	case "gnav":
		res, err = gnavArena(o, progress)
	default:
		err = fmt.Errorf("unknown game %q: choose herrlof or gnav", o.game)
	}
	if !o.quiet {
		fmt.Fprintln(errOut)
	}
	if err != nil {
		fmt.Fprintln(errOut, "arena:", err)
		return 1
	}
	fmt.Fprintf(out, "%s: %s against %s: win rate %v, in %v\n", o.game, o.a, o.b, res, time.Since(start).Round(time.Second))
	if res.Beats() {
		fmt.Fprintf(out, "%s beats %s outside the 95%% confidence interval\n", o.a, o.b)
	} else {
		fmt.Fprintf(out, "no significant advantage for %s\n", o.a)
	}
	return 0
}

// makers maps a bot's name to a constructor from a seed.
type makers[V any, M norns.Move] map[string]func(seed uint64) norns.Bot[V, M]

// tournament runs o's pairing from start with the named bots.
// stream, if not nil, sorts chance nodes into streams (see arena.Config.Stream).
func tournament[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](start S, bots makers[V, M], stream func(S) int, o options, progress func(int, int)) (arena.Result, error) {
	a, ok := bots[o.a]
	if !ok {
		return arena.Result{}, fmt.Errorf("unknown bot %q: choose random, heuristic or search", o.a)
	}
	b, ok := bots[o.b]
	if !ok {
		return arena.Result{}, fmt.Errorf("unknown bot %q: choose random, heuristic or search", o.b)
	}
	return arena.Run(context.Background(), arena.Config[S, M, V]{
		Start: start, Seeds: o.seeds, FirstSeed: o.first, Candidate: a, Base: b, Stream: stream, Progress: progress,
	})
}

func herrlofArena(o options, progress func(int, int)) (arena.Result, error) {
	start, err := herrlof.New(herrlof.Config{Players: o.players})
	if err != nil {
		return arena.Result{}, err
	}
	return tournament(start, makers[herrlof.View, herrlof.Move]{
		"random":    func(s uint64) norns.Bot[herrlof.View, herrlof.Move] { return herrlof.NewRandomBot(s) },
		"heuristic": func(s uint64) norns.Bot[herrlof.View, herrlof.Move] { return herrlof.NewHeuristicBot(s) },
		"search": func(s uint64) norns.Bot[herrlof.View, herrlof.Move] {
			return herrlof.NewSearchBot(herrlof.SearchOptions{Seed: s, Iterations: o.iters})
		},
	}, herrlofStream, o, progress)
}

// herrlofStream keeps the deals apart from the 6's random picks, so every seating of a seed gets
// the same hands. (Gnav's only chance events are deals, so it needs no streams.)
func herrlofStream(s herrlof.State) int {
	if s.Phase() == herrlof.PhaseDeal {
		return 0
	}
	return 1
}

func gnavArena(o options, progress func(int, int)) (arena.Result, error) {
	start, err := gnav.New(gnav.Config{Players: o.players})
	if err != nil {
		return arena.Result{}, err
	}
	return tournament(start, makers[gnav.View, gnav.Move]{
		"random":    func(s uint64) norns.Bot[gnav.View, gnav.Move] { return gnav.NewRandomBot(s) },
		"heuristic": func(s uint64) norns.Bot[gnav.View, gnav.Move] { return gnav.NewHeuristicBot(s) },
		"search": func(s uint64) norns.Bot[gnav.View, gnav.Move] {
			return gnav.NewSearchBot(gnav.SearchOptions{Seed: s, Iterations: o.iters})
		},
	}, nil, o, progress)
}
