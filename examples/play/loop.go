package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// ui is where the game talks: the output, its colours and the names of the seats.
type ui struct {
	out io.Writer
	p   paint
	who people
}

func (u *ui) printf(format string, args ...any) { fmt.Fprintf(u.out, format, args...) }
func (u *ui) println(args ...any)               { fmt.Fprintln(u.out, args...) }

// say prints narration lines, indented.
func (u *ui) say(lines []string) {
	for _, l := range lines {
		u.println("  " + l)
	}
}

// presenter shows one game in the terminal: it narrates moves, draws the table and asks for
// moves. Games with a front of their own here (Herrlof, Gnav) get a rich one through their typed
// API; any other registered game gets the generic one, built from the registry's text and events.
type presenter interface {
	// goal says how the match is won, for the introduction: "first to 50 points".
	goal(m norns.Match) string
	// narrate says what move did (from before to after, with the events as the ui's viewer saw
	// them), and why.
	narrate(u *ui, before norns.Match, move string, after norns.Match, evs []norns.Event) []string
	// show prints the table as v's seat sees it: scores, the target, cards.
	show(u *ui, m norns.Match, v norns.SeatView)
	// prompt asks v's seat for its move, without the final "> ".
	prompt(u *ui, v norns.SeatView) string
	// explain says in words what the legal moves now do (for help); may return nil.
	explain(u *ui, v norns.SeatView) []string
	// summary describes the legal moves when listing them would be too long ("aside and any 3
	// of your 10 cards"); "" lists them.
	summary(u *ui, v norns.SeatView) string
	// result prints the end of the match.
	result(u *ui, m norns.Match)
	// rules returns the rules text when the registry has none.
	rules() string
}

// play runs one match of game g with the options o, reading the person's moves from in.
func play(g *norns.Registered, pr presenter, config []byte, o options, in io.Reader, out io.Writer) error {
	m, err := g.New(config)
	if err != nil {
		return err
	}
	config = m.Config()
	n := m.Players()
	human := norns.Player(o.seat)
	if o.auto {
		human = norns.Nobody
	} else if o.seat < 0 || o.seat >= n {
		return fmt.Errorf("-seat %d: the seats of this match are 0 to %d", o.seat, n-1)
	}
	u := &ui{out: out, p: o.colour, who: people{you: human}}
	bots := make([]norns.TextBot, n)
	fallback := make([]norns.TextBot, n)
	seeds := rng.New(o.seed ^ 0xb0b)
	tags := norns.Tags{Date: time.Now().UTC().Format("2006-01-02"), Event: "examples/play"}
	for p := range bots {
		seed := seeds.Uint64()
		if norns.Player(p) == human {
			tags.Seats = append(tags.Seats, norns.SeatTag{Name: "you"})
			continue
		}
		var b norns.TextBot
		if cmd, ok := strings.CutPrefix(o.bot, "exec:"); ok {
			// A program that speaks the engine protocol (PROTOCOL.md); think() plays the
			// heuristic's move for it when it fails.
			pb, err := norns.StartProgram(context.Background(), g, config, norns.Player(p), strings.Fields(cmd), norns.ProgramOptions{Stderr: os.Stderr})
			if err != nil {
				return err
			}
			defer pb.Close()
			b = pb
		} else if b, err = g.NewBot(o.bot, seed); err != nil {
			return fmt.Errorf("unknown bot %q: choose %s, or exec:COMMAND for a program", norns.Printable(norns.Clip(o.bot)), andOr(g.Bots()))
		}
		bots[p] = b
		fallback[p], _ = g.NewBot("heuristic", seed) // nil when the game has no heuristic bot
		tags.Seats = append(tags.Seats, norns.SeatTag{Bot: g.Name() + " " + o.bot})
	}
	title := capital(g.Name())
	u.printf("%s, %s, %s. Seed %d.\n", u.p.bold(title), plural(n, "player"), pr.goal(m), o.seed)
	if o.auto {
		u.printf("The %s bots play every seat; you watch.\n", o.bot)
	} else {
		u.printf("You are seat %d, against %s. Type %s at any time, %s for the rules.\n",
			human, plural(n-1, o.bot+" bot"), u.p.bold("help"), u.p.bold("rules"))
	}

	lines := newLineReader(in)
	chance := rng.New(o.seed)
	var moves []string
	// With -record the record is written before the first move (so a path that cannot be
	// written fails now, not after the match) and again after every move, each time replacing
	// the file whole: a crash loses at most the move being made.
	keep := func() (norns.Record, error) {
		if o.record == "" {
			return norns.Record{}, nil
		}
		rec, err := g.NewRecord(config, o.seed, moves)
		if err != nil {
			return rec, err
		}
		rec.Tags = tags
		if err := writeRecord(o.record, rec); err != nil {
			return rec, fmt.Errorf("-record: %w", err)
		}
		return rec, nil
	}
	if _, err := keep(); err != nil {
		return err
	}
	save := func(m norns.Match) error {
		if o.record == "" {
			return nil
		}
		rec, err := keep()
		if err != nil {
			return err
		}
		if rec.Over {
			u.printf("The match record is saved in %s.\n", o.record)
		} else {
			u.printf("The record of the unfinished match (%s) is saved in %s.\n", plural(len(moves), "move"), o.record)
		}
		return nil
	}
	for !m.Over() {
		p := m.ToMove()
		var move string
		switch {
		case p == norns.Chance:
			move = m.SampleChance(chance)
		case p == human:
			var quit bool
			move, quit, err = ask(g, pr, u, m, lines)
			if err != nil {
				return err
			}
			if quit {
				u.printf("You left the match. Play these deals again with -seed %d.\n", o.seed)
				return save(m)
			}
		default:
			move = think(u, bots[p], fallback[p], m.View(p), o.think)
		}
		next, evs, err := m.ApplyEvents(move, human)
		if err != nil {
			return fmt.Errorf("%v's move %v: %w", p, move, err)
		}
		u.say(pr.narrate(u, m, move, next, evs))
		moves = append(moves, move)
		m = next
		if _, err := keep(); err != nil {
			return err
		}
	}
	u.println()
	pr.result(u, m)
	u.printf("Play these deals again with -seed %d.\n", o.seed)
	return save(m)
}

// think asks a bot for its move within the deadline. A bot that runs out of time (or fails, or
// answers with a move that is not legal) is replaced for this move by the heuristic bot without a
// deadline, and failing that by the first legal move, so the match always goes on.
func think(u *ui, b, fallback norns.TextBot, v norns.SeatView, limit time.Duration) string {
	legal := v.Legal()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	m, err := b.Choose(ctx, v)
	cancel()
	if err == nil && slices.Contains(legal, m) {
		return m
	}
	why := "its move was not legal"
	if errors.Is(err, context.DeadlineExceeded) {
		why = "it ran out of time"
	} else if err != nil {
		why = "it failed"
	}
	if fallback != nil {
		if m, err := fallback.Choose(context.Background(), v); err == nil && slices.Contains(legal, m) {
			u.println(u.p.dim(fmt.Sprintf("  (%s bot plays a quick move: %s)", u.who.possessive(v.Seat()), why)))
			return m
		}
	}
	u.println(u.p.dim(fmt.Sprintf("  (%s bot plays its first legal move: %s)", u.who.possessive(v.Seat()), why)))
	return legal[0]
}

// ask shows the person their table and reads lines until one is a legal move, which it returns
// in the game's notation. It reports quit when the person types quit or the input ends.
func ask(g *norns.Registered, pr presenter, u *ui, m norns.Match, lines *lineReader) (move string, quit bool, err error) {
	v := m.View(u.who.you)
	u.println()
	pr.show(u, m, v)
	legal := v.Legal()
	list := pr.summary(u, v)
	if list == "" {
		list = compact(legal)
	}
	canType := func() string {
		return "You can type " + u.p.bold(list) + " (or help)."
	}
	for {
		u.printf("%s> ", u.p.bold(pr.prompt(u, v)))
		line, err := lines.next()
		if lines.echo && err == nil {
			u.println(norns.Printable(line)) // never echo a terminal escape or a fake line
		}
		switch {
		case errors.Is(err, errLineTooLong):
			u.printf("That line is too long (over %d characters). %s\n", maxLine, canType())
			continue
		case errors.Is(err, io.EOF):
			u.println()
			return "", true, nil
		case err != nil:
			return "", false, err
		}
		text := strings.Join(strings.Fields(line), " ")
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit":
			return "", true, nil
		case "help":
			help(g, pr, u, v, list)
			continue
		case "rules":
			if r := g.Rules(); r != "" {
				u.println(r)
			} else {
				u.println(pr.rules())
			}
			continue
		case "moves", "legal", "?":
			u.println(canType())
			continue
		case "show", "table", "score":
			pr.show(u, m, v)
			continue
		}
		if i := slices.IndexFunc(legal, func(l string) bool { return strings.EqualFold(l, text) }); i >= 0 {
			return legal[i], false, nil // the legal move as the game writes it
		}
		// Try the move on a state the seat could be in: the rules refuse a move for what the
		// seat can see, so any sample gives the same answer without telling anything hidden.
		_, err = v.Sample(rng.New(1)).Apply(text)
		switch me, isMove := errors.AsType[*norns.MoveError](err); {
		case err == nil:
			return text, false, nil // legal, in another spelling the game reads
		case errors.Is(err, norns.ErrBadNotation):
			u.printf("%s %s\n", u.p.red("I cannot read "+quote(text)+" as a move."), canType())
		case isMove && me.Reason != "":
			u.printf("%s %s\n", u.p.red(sentence("You cannot play "+quote(text)[1:len(quote(text))-1]+" now: "+reason(me.Reason, v.Seat()))), canType())
		default:
			u.printf("%s %s\n", u.p.red("You cannot play that now."), canType())
		}
	}
}

// reason rewords a game's refusal for the person who made the move.
func reason(r string, you norns.Player) string {
	if strings.Contains(r, "chance") {
		return "that move is chance's (a deal or a random draw), never a player's"
	}
	return strings.ReplaceAll(r, you.String()+" ", "you ") // "seat 0 must bid" becomes "you must bid"
}

// help lists what can be typed now.
func help(g *norns.Registered, pr presenter, u *ui, v norns.SeatView, list string) {
	u.println("Now you can type:")
	u.printf("  %s\n", u.p.bold(list))
	for _, l := range pr.explain(u, v) {
		u.println("    " + l)
	}
	u.println("At any time:")
	u.println("  show    the table again (scores, the target, your cards)")
	u.println("  moves   the moves you can make now")
	u.println("  rules   the rules of " + capital(g.Name()))
	u.println("  help    this list")
	u.println("  quit    leave the match (with -record, the record is saved)")
}

// writeRecord writes rec to the file path.
// writeRecord replaces the file at path with rec, through a temporary file in the same
// directory renamed over it, so the file always holds a whole record.
func writeRecord(path string, rec norns.Record) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".play-record-*.json")
	if err != nil {
		return err
	}
	f.Chmod(0o644) // as os.Create would, under the umask's usual 022
	if err := rec.Write(f); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// andOr joins words as "a, b or c".
func andOr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
