// Command records validates, shows and replays norns match records (the JSON that
// norns.Record.Write writes, for any registered game).
//
//	go run ./examples/records validate match.json more.json   # is each record sound?
//	go run ./examples/records show match.json                 # a readable move-by-move account
//	go run ./examples/records replay -to 40 -seat 1 match.json  # the table after move 40, as seat 1 saw it
//
// validate reads each record strictly (format version, unknown fields, limits), replays every
// move with the game's rules and checks the recorded result; it exits 1 if any record fails.
// show prints the record's tags and result, then every move with what it did, as a spectator
// sees it. replay prints the state after the last move (or after -to N moves), the whole state
// or one seat's view, as text or JSON.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/nornsgames/norns"
	_ "github.com/nornsgames/norns/gnav" // the games register themselves
	_ "github.com/nornsgames/norns/gulveig"
	_ "github.com/nornsgames/norns/herrlof"
	_ "github.com/nornsgames/norns/voluspa"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: go run ./examples/records COMMAND [flags] FILE...

Validates, shows and replays norns match records (JSON, as norns.Record.Write writes them).

Commands:
  validate FILE...   read each record strictly and replay it: every move must be legal and the
                     recorded result must be the one the moves lead to (exit 1 if one fails)
  show FILE          the record's tags and result, then a move-by-move account of the match as
                     a spectator sees it (-moves prints the move text only)
  replay FILE        the match after its last move, or after -to N moves: -seat P shows what
                     seat P saw, -json prints the state (or the view) as JSON

Examples:
  go run ./examples/play -auto -seed 7 -record m.json && go run ./examples/records show m.json
  go run ./examples/records validate testdata/*.json
  go run ./examples/records replay -to 20 -seat 0 m.json

Games: %s.
`

// run is the whole program, with its outputs passed in so tests can drive it. It returns the
// exit status: 0 on success, 1 when a record fails, 2 on bad usage.
func run(args []string, out, errOut io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintf(errOut, usage, strings.Join(norns.Games(), ", "))
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, args := args[0], args[1:]
	fs := flag.NewFlagSet("records "+cmd, flag.ContinueOnError)
	fs.SetOutput(errOut)
	to := fs.Int("to", -1, "replay: stop after this many moves (-1: all)")
	seat := fs.Int("seat", -1, "replay: show what this seat saw (-1: the whole state)")
	asJSON := fs.Bool("json", false, "replay: print JSON")
	movesOnly := fs.Bool("moves", false, "show: the move text only, without the account")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	files := fs.Args()
	switch cmd {
	case "validate":
		if len(files) == 0 {
			fmt.Fprintln(errOut, "records validate: name at least one record file")
			return 2
		}
		code := 0
		for _, f := range files {
			if msg, err := validate(f); err != nil {
				fmt.Fprintf(out, "%s: %s\n", f, plain(err))
				code = 1
			} else {
				fmt.Fprintf(out, "%s: ok, %s\n", f, msg)
			}
		}
		return code
	case "show", "replay":
		if len(files) != 1 {
			fmt.Fprintf(errOut, "records %s: name one record file\n", cmd)
			return 2
		}
		var err error
		if cmd == "show" {
			err = show(out, files[0], *movesOnly)
		} else {
			err = replay(out, files[0], *to, norns.Player(*seat), *asJSON)
		}
		if err != nil {
			fmt.Fprintf(errOut, "records %s: %s: %s\n", cmd, files[0], plain(err))
			return 1
		}
		return 0
	}
	fmt.Fprintf(errOut, "records: unknown command %q: validate, show or replay (records -h)\n", cmd)
	return 2
}

// plain drops the package prefixes ("norns: herrlof: ") from an error for a person.
func plain(err error) string {
	msg := err.Error()
	for _, pre := range append([]string{"norns", "replay", "read record"}, norns.Games()...) {
		msg = strings.ReplaceAll(msg, pre+": ", "")
	}
	return msg
}

// load reads the record in path and finds its game.
func load(path string) (norns.Record, *norns.Registered, error) {
	f, err := os.Open(path)
	if err != nil {
		return norns.Record{}, nil, err
	}
	defer f.Close()
	rec, err := norns.ReadRecord(f)
	if err != nil {
		return rec, nil, err
	}
	g, err := norns.Lookup(rec.Game)
	if err != nil {
		return rec, nil, fmt.Errorf("a record of %q, a game this program does not know (it knows %s)", norns.Clip(rec.Game), strings.Join(norns.Games(), ", "))
	}
	return rec, g, nil
}

// validate checks the record in path and describes it in a few words.
func validate(path string) (string, error) {
	rec, g, err := load(path)
	if err != nil {
		return "", err
	}
	m, err := g.Replay(rec)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s, %s, %s, %s", rec.Game, plural(m.Players(), "player"), plural(len(rec.Moves), "move"), resultText(m)), nil
}

func resultText(m norns.Match) string {
	if !m.Over() {
		return "unfinished"
	}
	w := m.Winners()
	switch w.Len() {
	case 0:
		return "a draw"
	case 1:
		for p := range w.All() {
			return p.String() + " wins"
		}
	}
	return w.String() + " share the win"
}

// show prints a readable account of the record in path.
func show(out io.Writer, path string, movesOnly bool) error {
	rec, g, err := load(path)
	if err != nil {
		return err
	}
	last, err := g.Replay(rec) // the whole record is sound before it is told
	if err != nil {
		return err
	}
	version := rec.Version
	if version == "" {
		version = "1.0 (unversioned)"
	}
	fmt.Fprintf(out, "%s, record format %s, config %s, seed %d\n", capital(rec.Game), version, compactJSON(rec.Config), rec.Seed)
	t := rec.Tags
	var tags []string
	if t.Event != "" {
		tags = append(tags, "event: "+norns.Printable(t.Event))
	}
	if t.Site != "" {
		tags = append(tags, "site: "+norns.Printable(t.Site))
	}
	if t.Date != "" {
		tags = append(tags, "date: "+norns.Printable(t.Date))
	}
	for k, v := range t.Extra {
		tags = append(tags, norns.Printable(k)+": "+norns.Printable(v))
	}
	if len(tags) > 0 {
		fmt.Fprintln(out, strings.Join(tags, " · "))
	}
	for i, s := range t.Seats {
		who := norns.Printable(s.Name)
		if s.Bot != "" {
			if who != "" {
				who += ", "
			}
			who += "bot " + norns.Printable(s.Bot)
		}
		fmt.Fprintf(out, "  seat %d: %s\n", i, who)
	}
	fmt.Fprintf(out, "Result: %s", resultText(last))
	if rec.Over {
		var sc []string
		for p, s := range rec.Scores {
			sc = append(sc, fmt.Sprintf("seat %d %d", p, s))
		}
		fmt.Fprintf(out, " (scores: %s)", strings.Join(sc, ", "))
	}
	fmt.Fprintf(out, "; %s.\n\n", plural(len(rec.Moves), "move"))

	m, err := g.New(rec.Config)
	if err != nil {
		return err
	}
	width := len(fmt.Sprint(len(rec.Moves)))
	for i, mv := range rec.Moves {
		who := m.ToMove()
		next, evs, err := m.ApplyEvents(mv, norns.Nobody)
		if err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, norns.Clip(mv), err)
		}
		actor := "chance"
		if who.IsSeat() {
			actor = who.String()
		}
		fmt.Fprintf(out, "%*d. %-7s %s\n", width, i+1, actor, clipMove(mv))
		if !movesOnly {
			for _, e := range evs {
				fmt.Fprintf(out, "%*s  %s\n", width+9, "", e.Text)
			}
		}
		m = next
	}
	return nil
}

// replay prints the match after `to` moves (all when negative), the whole state or seat's view.
func replay(out io.Writer, path string, to int, seat norns.Player, asJSON bool) error {
	rec, g, err := load(path)
	if err != nil {
		return err
	}
	if _, err := g.Replay(rec); err != nil {
		return err
	}
	if to < 0 || to > len(rec.Moves) {
		to = len(rec.Moves)
	}
	m, err := g.New(rec.Config)
	if err != nil {
		return err
	}
	for i, mv := range rec.Moves[:to] {
		if m, err = m.Apply(mv); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, norns.Clip(mv), err)
		}
	}
	if seat >= norns.Player(m.Players()) {
		return fmt.Errorf("-seat %d: the seats of this match are 0 to %d", seat, m.Players()-1)
	}
	var v json.Marshaler = m
	text := m.String()
	who := "the whole state"
	if seat >= 0 {
		sv := m.View(seat)
		v, text, who = sv, sv.String(), seat.String()+"'s view"
	}
	if asJSON {
		data, err := v.MarshalJSON()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "%s\n", data)
		return err
	}
	fmt.Fprintf(out, "After move %d of %d (%s):\n%s\n", to, len(rec.Moves), who, text)
	if m.Over() {
		fmt.Fprintf(out, "Result: %s.\n", resultText(m))
	} else if p := m.ToMove(); p.IsSeat() {
		fmt.Fprintf(out, "%s to move: %s\n", capital(p.String()), strings.Join(m.Legal(), ", "))
	}
	return nil
}

func compactJSON(raw []byte) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	data, _ := json.Marshal(v)
	return string(data)
}

// clipMove shortens a long move (a whole deal) for the account.
func clipMove(s string) string {
	if len(s) > 72 {
		return strings.ToValidUTF8(s[:69], "") + "…"
	}
	return s
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %ss", n, one)
}
