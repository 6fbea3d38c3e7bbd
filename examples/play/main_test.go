package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata/")

// terminal plays the person at the keyboard: each time the program prompts ("…> "), it types the
// next scripted line; once the script is done it asks for the legal moves and types one of them
// at random, until it has typed limit lines (then the input ends).
type terminal struct {
	script  []string
	r       *rng.Rand
	pending strings.Builder
	all     strings.Builder
	in      []string
	typed   int
	limit   int // end the input after this many lines; 0 = no limit
}

func (d *terminal) Write(p []byte) (int, error) {
	d.all.Write(p)
	d.pending.Write(p)
	if !bytes.HasSuffix(p, []byte("> ")) {
		return len(p), nil
	}
	text := d.pending.String()
	d.pending.Reset()
	if d.limit > 0 && d.typed >= d.limit {
		return len(p), nil
	}
	d.typed++
	const can = "You can type "
	switch {
	case len(d.script) > 0:
		d.in = append(d.in, d.script[0])
		d.script = d.script[1:]
	case strings.Contains(text, can):
		line := text[strings.LastIndex(text, can)+len(can):]
		line = line[:strings.Index(line, " (or help).")]
		if _, example, ok := strings.Cut(line, ", as in "); ok { // a summary, with an example
			d.in = append(d.in, example)
			break
		}
		legal := expand(strings.Split(line, ", "))
		d.in = append(d.in, legal[d.r.IntN(len(legal))])
	default:
		d.in = append(d.in, "moves")
	}
	return len(p), nil
}

// expand undoes compact: "bid 0–3" becomes bid 0, bid 1, bid 2, bid 3.
func expand(parts []string) []string {
	var out []string
	for _, p := range parts {
		if k := strings.Index(p, " ("); k >= 0 && !strings.Contains(p, "–") {
			for _, w := range strings.Fields(strings.TrimSuffix(p[k+2:], ")")) {
				out = append(out, p[:k+1]+w)
			}
			continue
		}
		i := strings.Index(p, "–")
		if i < 0 {
			out = append(out, p)
			continue
		}
		k := strings.LastIndexByte(p[:i], ' ')
		lo, _ := strconv.Atoi(p[k+1 : i])
		rest, by, _ := strings.Cut(p[i+len("–"):], " (by ")
		hi, _ := strconv.Atoi(rest)
		step := 1
		if by != "" {
			step, _ = strconv.Atoi(strings.TrimSuffix(by, ")"))
		}
		for n := lo; n <= hi; n += step {
			out = append(out, p[:k+1]+strconv.Itoa(n))
		}
	}
	return out
}

func (d *terminal) Read(p []byte) (int, error) {
	if len(d.in) == 0 {
		return 0, io.EOF
	}
	n := copy(p, d.in[0]+"\n")
	if n < len(d.in[0])+1 {
		d.in[0] = d.in[0][n:]
		return n, nil
	}
	d.in = d.in[1:]
	return n, nil
}

func runPlay(t *testing.T, d *terminal, args ...string) (int, string, string) {
	t.Helper()
	if d.r == nil {
		d.r = rng.New(1)
	}
	var errOut bytes.Buffer
	code := run(args, d, d, &errOut)
	return code, d.all.String(), errOut.String()
}

// TestTranscripts plays scripted sessions and compares them with the golden transcripts: the
// commands a newcomer tries (help, rules, garbage, a move that is not legal), a few moves, and
// quitting with -record.
func TestTranscripts(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		script []string
		limit  int
	}{
		{"herrlof.golden", []string{"-seed", "5"},
			[]string{"help", "asdf", "bid 99", "bid 3", "moves", "R1", "G2", "show"}, 24},
		{"herrlof3.golden", []string{"-seed", "8", "-players", "3", "-bot", "random"},
			[]string{"bid 2"}, 14},
		{"gnav.golden", []string{"-game", "gnav", "-seed", "5"},
			[]string{"help", "jump", "draw", "ask", "stand"}, 12},
		{"gnav6.golden", []string{"-game", "gnav", "-seed", "12", "-players", "6", "-lives", "2", "-bot", "random"},
			nil, 10},
		{"rules.golden", []string{"-seed", "1"}, []string{"rules", "quit"}, 0},
		{"gulveig.golden", []string{"-game", "gulveig", "-seed", "4", "-blind", "-handLimit", "1"},
			[]string{"help", "look", "bid 300", "moves", "aside Tyr", "aside Idun Thrym Baldur", "keep"}, 20},
		{"voluspa.golden", []string{"-game", "voluspa", "-seed", "3"}, []string{"help", "Thor 9,9"}, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &terminal{script: tc.script, limit: tc.limit}
			code, out, errOut := runPlay(t, d, tc.args...)
			if code != 0 {
				t.Fatalf("exit %d; stderr: %s\n%s", code, errOut, out)
			}
			gametest.Golden(t, filepath.Join("testdata", tc.name), out, *update, tc.name)
		})
	}
}

func TestHumanPlaysAWholeHerrlofMatch(t *testing.T) {
	d := &terminal{script: []string{"help", "fly away", "bid 99"}}
	code, out, errOut := runPlay(t, d, "-seed", "11", "-bot", "random")
	if code != 0 {
		t.Fatalf("exit %d; stderr: %s\n%s", code, errOut, tail(out))
	}
	for _, want := range []string{
		"Herrlof, 2 players, first to 50 points. Seed 11.",
		"Now you can type:\n  bid 0–15\n",
		`I cannot read "fly away" as a move. You can type bid 0–15 (or help).`,
		"You cannot play bid 99 now: a bid is 0 to 15 tricks.",
		"Hand 1 is scored.",
		"The match is over",
		"Play these deals again with -seed 11.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, bad := range []string{"herrlof:", "bad notation", "seat 0 "} {
		if strings.Contains(out[strings.IndexByte(out, '\n')+1:], bad) {
			t.Errorf("output holds %q", bad)
		}
	}
	if m := badPlural.FindString(out); m != "" {
		t.Errorf("output holds %q", m)
	}
}

func TestHumanPlaysAWholeGnavMatch(t *testing.T) {
	d := &terminal{script: []string{"help", "jump", "moves", "deal", "dealer 2"}}
	code, out, errOut := runPlay(t, d, "-game", "gnav", "-seed", "5", "-bot", "heuristic")
	if code != 0 {
		t.Fatalf("exit %d; stderr: %s\n%s", code, errOut, tail(out))
	}
	for _, want := range []string{"Gnav, 4 players, 3 lives each", `I cannot read "jump" as a move.`, "The match is over", "Play these deals again with -seed 5."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// chance moves are never offered to a person
	if !strings.Contains(out, "You cannot play dealer 2 now: that move is chance's") {
		t.Errorf("a chance move typed is not explained")
	}
	if m := badPlural.FindString(out); m != "" {
		t.Errorf("output holds %q", m)
	}
	for _, bad := range []string{"type stand, ask, draw", "dealer 2,", "gnav:", "seat 0 "} {
		if strings.Contains(out[strings.IndexByte(out, '\n')+1:], bad) {
			t.Errorf("output holds %q", bad)
		}
	}
}

// badPlural finds "1 tricks", "1 lives" and the like.
var badPlural = regexp.MustCompile(`(^|[^0-9])1 (tricks|points|cards|lives|hands|players|moves)\b`)

func TestEndOfInputLeavesCleanly(t *testing.T) {
	d := &terminal{limit: 3}
	code, out, errOut := runPlay(t, d, "-seed", "3")
	if code != 0 || !strings.Contains(out, "You left the match") {
		t.Fatalf("exit %d, stderr %q, output:\n%s", code, errOut, out)
	}
	d = &terminal{script: []string{"quit"}}
	if code, out, _ := runPlay(t, d, "-seed", "3", "-game", "gnav"); code != 0 || !strings.Contains(out, "You left the match") {
		t.Fatalf("quit: exit %d, output:\n%s", code, out)
	}
}

// TestLongLine is the regression test for a line over 64 KiB, which used to end the match with
// "bufio.Scanner: token too long": it is refused with a message and the match goes on.
func TestLongLine(t *testing.T) {
	for _, game := range []string{"herrlof", "gnav"} {
		long := strings.Repeat("x", 100<<10)
		d := &terminal{script: []string{long, "moves", long + " " + long}, limit: 8}
		code, out, errOut := runPlay(t, d, "-game", game, "-seed", "4")
		if code != 0 {
			t.Fatalf("%s: exit %d, stderr %q", game, code, errOut)
		}
		if n := strings.Count(out, "That line is too long"); n != 2 {
			t.Errorf("%s: %d complaints about long lines, want 2:\n%s", game, n, tail(out))
		}
		if len(out) > 64<<10 {
			t.Errorf("%s: the output echoes the long line (%d bytes)", game, len(out))
		}
	}
}

// TestGarbage feeds random bytes as input: the game never fails and leaves when the input ends.
func TestGarbage(t *testing.T) {
	r := rng.New(9)
	for i := range 20 {
		buf := make([]byte, 1+r.IntN(5000))
		for j := range buf {
			buf[j] = byte(r.IntN(256))
		}
		game := []string{"herrlof", "gnav"}[i%2]
		var out, errOut bytes.Buffer
		code := run([]string{"-game", game, "-seed", strconv.Itoa(i + 1)}, bytes.NewReader(buf), &out, &errOut)
		if code != 0 || !strings.Contains(out.String(), "You left the match") {
			t.Fatalf("%s, garbage %d: exit %d, stderr %q\n%s", game, i, code, errOut.String(), tail(out.String()))
		}
	}
}

// TestBotDeadline is the regression test for bots that run out of time (-think 1us used to exit
// 1 with "context deadline exceeded"): they play a quick move and the match goes on to its end.
func TestBotDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole matches with search bots")
	}
	for _, args := range [][]string{
		{"-auto", "-seed", "6", "-bot", "search", "-think", "1us"},
		{"-auto", "-seed", "6", "-bot", "search", "-game", "gnav", "-think", "1us"},
		{"-auto", "-seed", "7", "-bot", "heuristic", "-think", "1ns", "-players", "3"},
	} {
		code, out, errOut := runPlay(t, &terminal{}, args...)
		if code != 0 || !strings.Contains(out, "The match is over") {
			t.Errorf("%v: exit %d, stderr %q, output ends:\n%s", args, code, errOut, tail(out))
		}
	}
}

// TestThinkFallback: a bot past its deadline is replaced for the move by the heuristic bot, and
// a bot that fails with no fallback by the first legal move.
func TestThinkFallback(t *testing.T) {
	g, err := norns.Lookup("herrlof")
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	m, _ = m.Apply(m.SampleChance(rng.New(3)))
	v := m.View(m.ToMove())
	search, _ := g.NewBot("search", 1)
	heuristic, _ := g.NewBot("heuristic", 1)
	var out bytes.Buffer
	u := &ui{out: &out, who: people{you: norns.Nobody}}
	move := think(u, search, heuristic, v, 0)
	if !slices.Contains(v.Legal(), move) || !strings.Contains(out.String(), "ran out of time") {
		t.Errorf("past its deadline: move %v, said %q", move, out.String())
	}
	out.Reset()
	move = think(u, failing{}, nil, v, time.Second)
	if move != v.Legal()[0] || !strings.Contains(out.String(), "first legal move: it failed") {
		t.Errorf("failing bot: move %v, said %q", move, out.String())
	}
}

type failing struct{}

func (failing) Choose(context.Context, norns.SeatView) (string, error) {
	return "", errors.New("broken")
}

func TestBotsPlayEverySeat(t *testing.T) {
	for _, args := range [][]string{
		{"-auto", "-seed", "2"},
		{"-auto", "-seed", "2", "-players", "3", "-bot", "random", "-handLimit", "2"},
		{"-auto", "-seed", "4", "-game", "gnav", "-players", "6"},
		{"-auto", "-seed", "4", "-game", "gnav", "-players", "3", "-catIsDragoon", "-dealerGiven", "-firstDealer", "2", "-lives", "1"},
		{"-auto", "-seed", "6", "-bot", "search", "-think", "20ms", "-handLimit", "1"},
	} {
		code, out, errOut := runPlay(t, &terminal{}, args...)
		if code != 0 || !strings.Contains(out, "The match is over") {
			t.Errorf("%v: exit %d, stderr %q, output ends:\n%s", args, code, errOut, tail(out))
		}
		if strings.Contains(out, "\x1b[") {
			t.Errorf("%v: colour on a pipe", args)
		}
	}
}

func TestRecordReplays(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		game string
		d    *terminal
	}{
		{"herrlof", &terminal{}},
		{"gnav", &terminal{}},
		{"herrlof", &terminal{script: []string{"bid 2", "quit"}}},
		{"gnav", &terminal{limit: 2}},
	} {
		path := filepath.Join(dir, tc.game+".json")
		args := []string{"-game", tc.game, "-seed", "9", "-record", path}
		finished := tc.d.script == nil && tc.d.limit == 0
		if finished {
			args = append(args, "-auto")
		}
		code, out, errOut := runPlay(t, tc.d, args...)
		if code != 0 {
			t.Fatalf("exit %d: %s\n%s", code, errOut, tail(out))
		}
		if !strings.Contains(out, "saved in "+path) {
			t.Errorf("%s: the output does not say where the record is:\n%s", tc.game, tail(out))
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := norns.ReadRecord(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if rec.Game != tc.game || rec.Seed != 9 || rec.Over != finished {
			t.Errorf("record: game %q seed %d over %v, want over %v", rec.Game, rec.Seed, rec.Over, finished)
		}
		switch tc.game {
		case "herrlof":
			_, err = herrlof.ReplayRecord(rec)
		case "gnav":
			_, err = gnav.ReplayRecord(rec)
		}
		if err != nil {
			t.Errorf("%s record does not replay: %v", tc.game, err)
		}
	}
}

func TestBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-players", "x"}, 2, "wants a whole number"},
		{[]string{"extra"}, 2, "unexpected argument"},
		{[]string{"-game", "chess"}, 1, "unknown game"},
		{[]string{"-bot", "oracle"}, 1, "unknown bot"},
		{[]string{"-players", "7"}, 1, "players"},
		{[]string{"-game", "gnav", "-players", "1"}, 1, "players"},
		{[]string{"-lives", "2"}, 2, "-lives is not an option of herrlof"},
		{[]string{"-game", "gnav", "-catIsDragoon=maybe"}, 2, "true or false"},
		{[]string{"-seat", "5"}, 1, "-seat 5"},
	} {
		code, _, errOut := runPlay(t, &terminal{}, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errOut, tc.code, tc.msg)
		}
	}
}

func TestList(t *testing.T) {
	code, out, _ := runPlay(t, &terminal{}, "-list")
	if code != 0 || !strings.Contains(out, "herrlof") || !strings.Contains(out, "gnav") {
		t.Errorf("-list: exit %d:\n%s", code, out)
	}
}

func TestCompact(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{[]string{"bid 0", "bid 1", "bid 2", "bid 3"}, "bid 0–3"},
		{[]string{"bid 0", "bid 1"}, "bid 0, bid 1"},
		{[]string{"R1", "R2", "V"}, "R1, R2, V"},
		{[]string{"steal 1", "steal 2", "steal 3", "nosteal"}, "steal 1–3, nosteal"},
		{[]string{"take 0", "take 2", "take 3", "take 4"}, "take 0, take 2–4"},
		{[]string{"return R5", "return R7", "return V"}, "return (R5 R7 V)"},
		{[]string{"bid 100", "bid 110", "bid 120", "bid 130", "pass"}, "bid 100–130 (by 10), pass"},
		{[]string{"bid 100", "bid 110", "bid 130"}, "bid 100, bid 110, bid 130"},
		{[]string{"give R5", "give R7", "stand"}, "give R5, give R7, stand"},
		{[]string{"Thor 1,0", "Thor 0,1", "Thor -1,0", "Dragon 1,0", "Dragon on 0,0", "Dragon on 0,1", "Dragon on 1,1"}, "Thor (1,0 0,1 -1,0), Dragon 1,0, Dragon on (0,0 0,1 1,1)"},
		{nil, ""},
	} {
		if got := compact(tc.in); got != tc.want {
			t.Errorf("compact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{plural(1, "trick"), "1 trick"},
		{plural(2, "trick"), "2 tricks"},
		{plural(0, "trick"), "0 tricks"},
		{plural(1, "life", "lives"), "1 life"},
		{plural(3, "life", "lives"), "3 lives"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestColour(t *testing.T) {
	var p paint = true
	if got := p.red("x"); got != "\x1b[31mx\x1b[0m" {
		t.Errorf("red: %q", got)
	}
	var off paint
	if got := off.red("x"); got != "x" {
		t.Errorf("plain: %q", got)
	}
	t.Setenv("NO_COLOR", "1")
	if colourFor(os.Stdout) {
		t.Error("NO_COLOR set, yet colour is on")
	}
	if colourFor(&bytes.Buffer{}) {
		t.Error("colour on a buffer")
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}

// TestEchoIsPrintable is the regression test for echoing input lines raw when stdin is not a
// terminal: a line with a terminal escape, a carriage return or a bidi override comes back
// escaped, so the transcript cannot clear the screen or fake a line.
func TestEchoIsPrintable(t *testing.T) {
	d := &terminal{script: []string{"\x1b[2Jboo", "fake\rline \u202eevil", "quit"}}
	code, out, errOut := runPlay(t, d, "-game", "gnav", "-seed", "3")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, raw := range []string{"\x1b", "\r", "\u202e"} {
		if strings.Contains(out, raw) {
			t.Errorf("the output holds %q raw:\n%s", raw, tail(out))
		}
	}
	if !strings.Contains(out, `\x1b[2Jboo`) {
		t.Errorf("the escaped echo is missing:\n%s", tail(out))
	}
}

// TestRecordPathCheckedFirst is the regression test for a -record path that cannot be written:
// it used to be opened only after the whole match, which was then lost; now the match does not
// start.
func TestRecordPathCheckedFirst(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no such dir", "x.json")
	d := &terminal{}
	code, out, errOut := runPlay(t, d, "-game", "gnav", "-auto", "-record", path)
	if code == 0 || !strings.Contains(errOut, "-record") {
		t.Fatalf("exit %d, stderr %q; want a failure naming -record", code, errOut)
	}
	if n := strings.Count(out, "\n"); n > 3 {
		t.Errorf("the match was played (%d lines) before the record failed:\n%s", n, tail(out))
	}
}

// recordPeeker passes the game's output on to a terminal and, at every prompt, reads the
// record file as it is on disk then.
type recordPeeker struct {
	*terminal
	path  string
	moves []int // the record's move count at each prompt
}

func (p *recordPeeker) Write(b []byte) (int, error) {
	if bytes.HasSuffix(b, []byte("> ")) {
		f, err := os.Open(p.path)
		if err == nil {
			rec, err := norns.ReadRecord(f)
			f.Close()
			if err == nil {
				p.moves = append(p.moves, len(rec.Moves))
			}
		}
	}
	return p.terminal.Write(b)
}

// TestRecordWrittenAsItGoes checks that with -record the file holds a whole record of the moves
// so far at every prompt, before the match ends: a crash loses at most the move being made.
func TestRecordWrittenAsItGoes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "match.json")
	d := &terminal{r: rng.New(1), limit: 12}
	p := &recordPeeker{terminal: d, path: path}
	var errOut bytes.Buffer
	if code := run([]string{"-game", "herrlof", "-seed", "5", "-record", path}, d, p, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if len(p.moves) < 5 {
		t.Fatalf("the record was readable at %d prompts (%v), want every prompt", len(p.moves), p.moves)
	}
	if !slices.IsSorted(p.moves) || p.moves[len(p.moves)-1] == 0 {
		t.Fatalf("record move counts at the prompts: %v, want them growing from the first moves on", p.moves)
	}
}

// TestProgramBot seats a program that speaks the engine protocol (the sh bot of examples/engine)
// in every seat: the match plays to the end.
func TestProgramBot(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	bot, _ := filepath.Abs("../engine/sh/first_legal.sh")
	d := &terminal{}
	code, out, errOut := runPlay(t, d, "-game", "gnav", "-auto", "-seed", "2", "-bot", "exec:"+sh+" "+bot)
	if code != 0 || !strings.Contains(out, "wins") {
		t.Fatalf("exit %d, stderr %q, output:\n%s", code, errOut, tail(out))
	}
	if strings.Contains(out, "plays a quick move") || strings.Contains(out, "first legal move:") {
		t.Errorf("the program's moves were replaced:\n%s", tail(out))
	}
	code, _, errOut = runPlay(t, &terminal{}, "-game", "gnav", "-auto", "-bot", "exec:/nonexistent/bot")
	if code == 0 || !strings.Contains(errOut, "bot program") {
		t.Errorf("a missing program: exit %d, stderr %q", code, errOut)
	}
}
