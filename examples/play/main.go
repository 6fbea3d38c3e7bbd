// Command play runs a norns game in the terminal: you against bots, or bots against each other.
//
//	go run ./examples/play                      # Herrlof, you against the heuristic bot
//	go run ./examples/play -game gnav           # Gnav, you against three bots
//	go run ./examples/play -bot search -seed 7  # a stronger opponent, a fixed deal
//	go run ./examples/play -auto                # bots play every seat (a demo)
//
// Type a move in the game's notation (type "help" for it, "moves" for the legal ones, "quit" to
// stop). A move that is not legal is explained and you are asked again. At the end the program
// prints the seed, so the same deals can be played again, and -record saves the match record.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// options are the command-line settings.
type options struct {
	game    string
	seed    uint64
	bot     string
	players int
	lives   int
	seat    int
	auto    bool
	think   time.Duration
	record  string
}

// run is the whole program, with its inputs and outputs passed in so tests can drive it. It
// returns the exit status: 0 when the match ended or the player quit, 1 on a failure, 2 on bad
// flags.
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	var o options
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&o.game, "game", "herrlof", "the game: herrlof or gnav")
	fs.Uint64Var(&o.seed, "seed", 0, "seed for chance (deals, random picks); 0 picks one from the clock and prints it")
	fs.StringVar(&o.bot, "bot", "heuristic", "the opponents: random, heuristic or search")
	fs.IntVar(&o.players, "players", 0, "number of players (herrlof: 2 or 3, default 2; gnav: 2 to 20, default 4)")
	fs.IntVar(&o.lives, "lives", 0, "gnav: lives each, 1 to 9 (default 3)")
	fs.IntVar(&o.seat, "seat", 0, "your seat, from 0")
	fs.BoolVar(&o.auto, "auto", false, "bots play every seat; the match is narrated from seat 0")
	fs.DurationVar(&o.think, "think", 2*time.Second, "the most a bot may think per move (the search bot stops at its budget or this deadline)")
	fs.StringVar(&o.record, "record", "", "write the match record (JSON) to this file at the end")
	fs.Usage = func() {
		fmt.Fprintln(errOut, "usage: play [flags]\n\nPlays a norns game in the terminal. Flags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(errOut, "play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if o.seed == 0 {
		o.seed = uint64(time.Now().UnixNano())
	}
	var err error
	switch o.game {
	case "herrlof":
		err = playHerrlof(o, in, out)
	case "gnav":
		err = playGnav(o, in, out)
	default:
		err = fmt.Errorf("unknown game %q: choose herrlof or gnav", o.game)
	}
	if err != nil {
		fmt.Fprintln(errOut, "play:", err)
		return 1
	}
	return 0
}

// table is what the program needs to know of one game to run it in the terminal.
type table[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], E fmt.Stringer] struct {
	name     string
	config   any
	start    S
	parse    func(string) (M, error)
	notation string // help text: how to type moves
	newBot   func(kind string, seed uint64) (norns.Bot[V, M], error)
	show     func(w io.Writer, v V)                         // the table as the seat sees it
	prompt   func(v V) string                               // what the seat is asked for
	step     func(s S, m M, p norns.Player) (S, []E, error) // Apply with events as p sees them
	final    func(w io.Writer, s S)                         // the result
}

// play runs one match of t with the options o, reading the human's moves from in.
func play[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], E fmt.Stringer](t table[S, M, V, E], o options, in io.Reader, out io.Writer) error {
	n := t.start.Players()
	human := norns.Player(o.seat)
	if o.auto {
		human = norns.Nobody
	} else if o.seat < 0 || o.seat >= n {
		return fmt.Errorf("-seat %d: the seats of this match are 0 to %d", o.seat, n-1)
	}
	narrator := human
	if o.auto {
		narrator = 0
	}
	bots := make([]norns.Bot[V, M], n)
	seeds := rng.New(o.seed ^ 0xb0b)
	for p := range bots {
		b, err := t.newBot(o.bot, seeds.Uint64())
		if err != nil {
			return err
		}
		bots[p] = b
	}
	fmt.Fprintf(out, "%s, %d players, seed %d. ", t.name, n, o.seed)
	if o.auto {
		fmt.Fprintf(out, "The %s bots play every seat; you watch seat 0.\n", o.bot)
	} else {
		fmt.Fprintf(out, "You are seat %d against the %s bot. Type help for the notation.\n", human, o.bot)
	}

	lines := bufio.NewScanner(in)
	chance := rng.New(o.seed)
	s := t.start
	var moves []M
	var events []E
	for !s.Over() {
		p := s.ToMove()
		var m M
		switch {
		case p == norns.Chance:
			m = s.SampleChance(chance)
		case p == human:
			var quit bool
			var err error
			m, quit, err = ask(t, s, human, lines, out)
			if err != nil {
				return err
			}
			if quit {
				fmt.Fprintf(out, "You left the match. Replay these deals with -seed %d.\n", o.seed)
				return nil
			}
		default:
			ctx, cancel := context.WithTimeout(context.Background(), o.think)
			var err error
			m, err = bots[p].Choose(ctx, s.View(p))
			cancel()
			if err != nil {
				return fmt.Errorf("%v's bot: %w", p, err)
			}
		}
		next, evs, err := t.step(s, m, narrator)
		if err != nil {
			return fmt.Errorf("%v's move %v: %w", p, m, err)
		}
		events = evs
		for _, e := range events {
			fmt.Fprintln(out, "  "+e.String())
		}
		moves = append(moves, m)
		s = next
	}
	t.final(out, s)
	fmt.Fprintf(out, "Play these deals again with -seed %d.\n", o.seed)
	if o.record != "" {
		rec, err := norns.NewRecord(t.name, t.config, o.seed, moves, s)
		if err != nil {
			return err
		}
		f, err := os.Create(o.record)
		if err != nil {
			return err
		}
		if err := rec.Write(f); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		fmt.Fprintf(out, "Match record written to %s.\n", o.record)
	}
	return nil
}

// ask shows the human their table and reads moves until one is legal. It reports quit when the
// player types quit or the input ends.
func ask[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], E fmt.Stringer](t table[S, M, V, E], s S, p norns.Player, lines *bufio.Scanner, out io.Writer) (m M, quit bool, err error) {
	v := s.View(p)
	fmt.Fprintln(out)
	t.show(out, v)
	for {
		fmt.Fprintf(out, "%s> ", t.prompt(v))
		if !lines.Scan() {
			fmt.Fprintln(out)
			return m, true, lines.Err()
		}
		text := strings.TrimSpace(lines.Text())
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit":
			return m, true, nil
		case "help":
			fmt.Fprintln(out, t.notation)
			continue
		case "moves", "?", "legal":
			fmt.Fprintln(out, "Legal now:", joinMoves(v.Legal()))
			continue
		case "show", "table":
			t.show(out, v)
			continue
		}
		m, err := t.parse(text)
		if err != nil {
			fmt.Fprintf(out, "I cannot read %q as a move (%v). Legal now: %s\n", text, unwrapReason(err), joinMoves(v.Legal()))
			continue
		}
		if _, err := s.Apply(m); err != nil {
			fmt.Fprintf(out, "Not allowed: %s. Legal now: %s\n", unwrapReason(err), joinMoves(v.Legal()))
			continue
		}
		return m, false, nil
	}
}

// unwrapReason returns the human part of a game error: a MoveError's reason, or the message.
func unwrapReason(err error) string {
	if me, ok := errors.AsType[*norns.MoveError](err); ok && me.Reason != "" {
		return me.Reason
	}
	return err.Error()
}

func joinMoves[M norns.Move](ms []M) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, ", ")
}
