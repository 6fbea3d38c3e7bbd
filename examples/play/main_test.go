package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// terminal plays the human at the keyboard: each time the program prompts ("…> "), it types the
// next scripted line, or asks for the legal moves and types one of them.
type terminal struct {
	script  []string
	r       *rng.Rand
	pending strings.Builder
	all     strings.Builder
	in      []string
	typed   int
	limit   int // stop typing (end of input) after this many lines; 0 = no limit
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
	switch {
	case len(d.script) > 0:
		d.in = append(d.in, d.script[0])
		d.script = d.script[1:]
	case strings.Contains(text, "Legal now: "):
		line := text[strings.LastIndex(text, "Legal now: ")+len("Legal now: "):]
		line = line[:strings.IndexByte(line, '\n')]
		legal := strings.Split(line, ", ")
		d.in = append(d.in, legal[d.r.IntN(len(legal))])
	default:
		d.in = append(d.in, "moves")
	}
	return len(p), nil
}

func (d *terminal) Read(p []byte) (int, error) {
	if len(d.in) == 0 {
		return 0, io.EOF
	}
	n := copy(p, d.in[0]+"\n")
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

func TestHumanPlaysAWholeHerrlofMatch(t *testing.T) {
	d := &terminal{script: []string{"help", "fly away", "bid 99", "R0", "show"}}
	code, out, errOut := runPlay(t, d, "-seed", "11", "-bot", "random")
	if code != 0 {
		t.Fatalf("exit %d; stderr: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{
		"herrlof, 2 players, seed 11",
		"Herrlof notation",         // help
		`I cannot read "fly away"`, // bad text explained
		"Not allowed:",             // bid 99 is refused with a reason
		"Your hand:",
		"wins the trick",
		"The match is over.",
		"Play these deals again with -seed 11.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

func TestHumanPlaysAWholeGnavMatch(t *testing.T) {
	d := &terminal{script: []string{"help", "jump", "moves"}}
	code, out, errOut := runPlay(t, d, "-game", "gnav", "-seed", "5", "-bot", "heuristic")
	if code != 0 {
		t.Fatalf("exit %d; stderr: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{"gnav, 4 players, seed 5", `I cannot read "jump"`, "The match is over.", "Play these deals again with -seed 5."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

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

func TestBotsPlayEverySeat(t *testing.T) {
	for _, args := range [][]string{
		{"-auto", "-seed", "2"},
		{"-auto", "-seed", "2", "-players", "3", "-bot", "random"},
		{"-auto", "-seed", "4", "-game", "gnav", "-players", "6"},
		{"-auto", "-seed", "4", "-bot", "search", "-think", "5ms", "-game", "gnav"},
		{"-auto", "-seed", "6", "-bot", "search", "-think", "5ms"},
	} {
		code, out, errOut := runPlay(t, &terminal{}, args...)
		if code != 0 || !strings.Contains(out, "The match is over.") {
			t.Errorf("%v: exit %d, stderr %q, output ends:\n%s", args, code, errOut, tail(out))
		}
	}
}

func TestRecordReplays(t *testing.T) {
	dir := t.TempDir()
	for _, game := range []string{"herrlof", "gnav"} {
		path := filepath.Join(dir, game+".json")
		code, out, errOut := runPlay(t, &terminal{}, "-auto", "-game", game, "-seed", "9", "-record", path)
		if code != 0 {
			t.Fatalf("exit %d: %s\n%s", code, errOut, tail(out))
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
		if rec.Game != game || rec.Seed != 9 || !rec.Over {
			t.Errorf("record: game %q seed %d over %v", rec.Game, rec.Seed, rec.Over)
		}
		switch game {
		case "herrlof":
			var cfg herrlof.Config
			if err := json.Unmarshal(rec.Config, &cfg); err != nil {
				t.Fatal(err)
			}
			start, _ := herrlof.New(cfg)
			if _, err := norns.Replay(start, rec, herrlof.ParseMove); err != nil {
				t.Errorf("herrlof record does not replay: %v", err)
			}
		case "gnav":
			var cfg gnav.Config
			if err := json.Unmarshal(rec.Config, &cfg); err != nil {
				t.Fatal(err)
			}
			start, _ := gnav.New(cfg)
			if _, err := norns.Replay(start, rec, gnav.ParseMove); err != nil {
				t.Errorf("gnav record does not replay: %v", err)
			}
		}
	}
}

func TestBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-players", "x"}, 2, "invalid value"},
		{[]string{"extra"}, 2, "unexpected argument"},
		{[]string{"-game", "chess"}, 1, "unknown game"},
		{[]string{"-bot", "oracle"}, 1, "unknown bot"},
		{[]string{"-players", "7"}, 1, "herrlof"},
		{[]string{"-game", "gnav", "-players", "1"}, 1, "gnav"},
		{[]string{"-seat", "5"}, 1, "-seat 5"},
	} {
		code, _, errOut := runPlay(t, &terminal{}, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errOut, tc.code, tc.msg)
		}
	}
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}
