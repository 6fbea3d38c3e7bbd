// Command play runs a norns game in the terminal: you against bots, or bots against each other.
//
//	go run ./examples/play                      # Herrlof, you against the heuristic bot
//	go run ./examples/play -game gnav           # Gnav, you against three bots
//	go run ./examples/play -bot search -seed 7  # a stronger opponent, a fixed deal
//	go run ./examples/play -auto                # bots play every seat (a demo)
//	go run ./examples/play -list                # the games it knows
//
// Type a move when asked; "help" lists what you can type at that moment, "rules" prints the
// game's rules and "quit" leaves. A move that is not legal is explained and you are asked again.
// The narration says what each move did and why. At the end the program prints the seed, so the
// same deals can be played again, and -record saves the match record (also when you quit).
//
// Colour is used on a terminal, never on a pipe or when NO_COLOR is set.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/nornsgames/norns"
	_ "github.com/nornsgames/norns/gnav" // the games register themselves
	_ "github.com/nornsgames/norns/herrlof"
	_ "github.com/nornsgames/norns/voluspa"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// options are the command-line settings.
type options struct {
	game   string
	seed   uint64
	bot    string
	seat   int
	auto   bool
	think  time.Duration
	record string
	colour paint
	list   bool
}

// run is the whole program, with its inputs and outputs passed in so tests can drive it. It
// returns the exit status: 0 when the match ended or the player quit, 1 on a failure, 2 on bad
// flags.
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	var o options
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&o.game, "game", "herrlof", "the game: "+andOr(norns.Games())+" (-list describes them)") // game name: the default game
	fs.BoolVar(&o.list, "list", false, "list the games and their options, and exit")
	fs.Uint64Var(&o.seed, "seed", 0, "seed for chance (deals, random picks); 0 picks one from the clock and prints it")
	fs.StringVar(&o.bot, "bot", "heuristic", "the opponents: a level (easy, medium, hard), a bot (random, heuristic, search: -list gives each game's), or exec:COMMAND for a program that speaks the engine protocol (PROTOCOL.md)")
	fs.IntVar(&o.seat, "seat", 0, "your seat, from 0")
	fs.BoolVar(&o.auto, "auto", false, "bots play every seat and you watch")
	fs.DurationVar(&o.think, "think", 2*time.Second, "the most a bot may think per move; a bot out of time plays a quick move instead")
	fs.StringVar(&o.record, "record", "", "save the match record (JSON) in this file at the end, or when you quit")
	plain := fs.Bool("plain", false, "no colour, even on a terminal")
	gameFlags := optionFlags(fs)
	fs.Usage = func() {
		fmt.Fprint(errOut, `usage: go run ./examples/play [flags]

Plays a norns game in the terminal: you against bots, or bots against each other. Type help
during the game for what you can type, rules for the rules.

Examples:
  go run ./examples/play                            Herrlof, you against the heuristic bot
  go run ./examples/play -game gnav -players 5      Gnav with four bots
  go run ./examples/play -bot search -seed 7        a stronger opponent, fixed deals
  go run ./examples/play -auto -record match.json   watch the bots; save the record
  go run ./examples/play -list                      the games, their options and bots

Flags (each game's options are flags too; -list says which game has which):
`)
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
	if o.list {
		listGames(out)
		return 0
	}
	if o.seed == 0 {
		o.seed = uint64(time.Now().UnixNano())
	}
	o.colour = colourFor(out) && !paint(*plain)
	g, err := norns.Lookup(strings.ToLower(o.game))
	if err != nil {
		fmt.Fprintf(errOut, "play: unknown game %q: choose %s\n", o.game, andOr(norns.Games()))
		return 1
	}
	config, err := gameFlags.config(fs, g)
	if err != nil {
		fmt.Fprintln(errOut, "play:", err)
		return 2
	}
	if err := play(g, presenterFor(g), config, o, in, out); err != nil {
		fmt.Fprintln(errOut, "play:", plainError(err))
		return 1
	}
	return 0
}

// listGames prints each registered game with its options and bots.
func listGames(out io.Writer) {
	for _, name := range norns.Games() {
		g, _ := norns.Lookup(name)
		fmt.Fprintf(out, "%s: %s\n", name, g.Description())
		for _, op := range g.Options() {
			fmt.Fprintf(out, "  -%-16s %s\n", op.Name, op.Usage)
		}
		var levels []string
		for _, l := range g.Levels() {
			levels = append(levels, l.Name+" ("+l.Bot+")")
		}
		fmt.Fprintf(out, "  bots: %s; levels: %s\n", strings.Join(g.Bots(), ", "), strings.Join(levels, ", "))
	}
}

// plainError drops the package prefixes ("norns: herrlof: ") from an error for a person.
func plainError(err error) string {
	msg := err.Error()
	for _, pre := range append([]string{"norns"}, norns.Games()...) {
		msg = strings.ReplaceAll(msg, pre+": ", "")
	}
	return msg
}
