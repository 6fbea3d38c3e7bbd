package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// asCommand is the environment variable that makes this test binary run as the web command
// itself (main, with the arguments it is given), so that the restart test runs the real server
// in a process it can kill, without a go build.
const asCommand = "NORNS_WEB_TEST_AS_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(asCommand) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// process is the web command running in a process of its own.
type process struct {
	cmd    *exec.Cmd
	base   string
	stderr *syncBuffer
	exited chan struct{}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var listeningAt = regexp.MustCompile(`open (http://[^/ ]+)/`)

// startProcess starts the web command with args and waits until it listens.
func startProcess(t *testing.T, args ...string) *process {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asCommand+"=1")
	p := &process{cmd: cmd, stderr: &syncBuffer{}, exited: make(chan struct{})}
	cmd.Stderr = p.stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		_, _ = io.Copy(io.Discard, out)
		_ = cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() { p.kill() })
	select {
	case line := <-lines:
		m := listeningAt.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("the command printed %q: %s", line, p.stderr)
		}
		p.base = m[1]
	case <-time.After(20 * time.Second):
		t.Fatalf("the command did not listen within 20 s: %s", p.stderr)
	}
	return p
}

// kill kills the process at once (SIGKILL where there are signals) and waits for it.
func (p *process) kill() {
	_ = p.cmd.Process.Kill()
	<-p.exited
}

// state returns a seat's payload.
func state(t *testing.T, base, token string) payload {
	t.Helper()
	res, err := http.Get(base + "/api/state?token=" + token)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var pl payload
	if res.StatusCode != 200 {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("state: %s %s", res.Status, b)
	}
	if err := json.NewDecoder(res.Body).Decode(&pl); err != nil {
		t.Fatal(err)
	}
	return pl
}

// playUntil plays random legal moves for whichever human seat is to move, over HTTP, until stop
// says so or the match is over; it returns the moves the humans made.
func playUntil(t *testing.T, base string, r createReply, rr *rng.Rand, stop func(moves int) bool) []string {
	t.Helper()
	var made []string
	for !stop(len(made)) {
		var pl payload
		var tok string
		deadline := time.Now().Add(20 * time.Second)
		for tok == "" {
			if time.Now().After(deadline) {
				t.Fatal("no human seat's turn came")
			}
			for _, s := range r.Seats {
				if s.Token == "" {
					continue
				}
				if pl = state(t, base, s.Token); pl.Over || len(pl.Legal) > 0 {
					tok = s.Token
					break
				}
			}
			if tok == "" {
				time.Sleep(5 * time.Millisecond)
			}
		}
		if pl.Over {
			return made
		}
		mv := pl.Legal[rr.IntN(len(pl.Legal))]
		if code, msg := post(t, http.DefaultClient, base+"/api/move", moveRequest{Token: tok, Seq: pl.Seq, Move: mv}, nil); code != 200 {
			t.Fatalf("move %q: %d %s", mv, code, msg)
		}
		made = append(made, mv)
	}
	return made
}

// Nothing is lost on a crash: the real command plays part of a match (two people and a bot),
// is killed with SIGKILL mid-match, starts again on the same data directory, and the same links
// finish the match. The record at the end holds every move made before the kill, in order, and
// every seat's view and events right after the restart are the ones it had right before. The
// watch link survives too: the spectator's view and events (rebuilt from the moves) are the
// same after the restart as before, the seats' pages still show the link, it still cannot
// move, and the store holds no token in clear, the watch token included.
func TestRestartAfterKill(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no processes")
	}
	dir := filepath.Join(t.TempDir(), "data")
	args := []string{"-data", dir, "-bot-delay", "0", "-think", "50ms"}
	first := startProcess(t, append(args, "-addr", "127.0.0.1:0")...)
	r := create(t, first.base, "herrlof", `{"players":3,"handLimit":1}`, "human", "human", "heuristic")
	rr := rng.New(7)
	before := playUntil(t, first.base, r, rr, func(n int) bool { return n >= 8 })
	// the bot may still be to move: wait until a person is, so that nothing moves while the
	// views are read and the process is killed
	for wait := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		var v struct {
			ToMove int `json:"toMove"`
		}
		if err := json.Unmarshal(state(t, first.base, r.Seats[0].Token).View, &v); err != nil {
			t.Fatal(err)
		}
		if v.ToMove == 0 || v.ToMove == 1 || v.ToMove == -2 {
			break
		}
		if time.Now().After(wait) {
			t.Fatalf("seat %d is still to move after 10 s", v.ToMove)
		}
	}
	var views []payload
	for _, s := range r.Seats[:2] {
		views = append(views, state(t, first.base, s.Token))
	}
	watch := watchToken(t, r.Watch)
	views = append(views, state(t, first.base, watch)) // the spectator's, last
	if views[0].Over {
		t.Fatal("the match ended before the kill: play fewer moves")
	}
	first.kill()
	t.Logf("killed after %d moves by the people, seq %d", len(before), views[0].Seq)

	// the same address, as a browser would reconnect to
	second := startProcess(t, append(args, "-addr", strings.TrimPrefix(first.base, "http://"))...)
	for i, tok := range []string{r.Seats[0].Token, r.Seats[1].Token, watch} {
		got := state(t, second.base, tok)
		want := views[i]
		got.Seats, want.Seats = nil, nil // who is connected differs
		if g, w := mustJSON(got), mustJSON(want); g != w {
			t.Fatalf("viewer %d (2 is the spectator) after the restart:\n%s\nbefore the kill:\n%s", i, g, w)
		}
		if i < 2 && got.Watch != r.Watch {
			t.Fatalf("seat %d's watch link after the restart is %q, want %q", i, got.Watch, r.Watch)
		}
		if i == 2 && (got.Seat != norns.Nobody || len(got.Events) == 0) {
			t.Fatalf("the spectator after the restart: seat %d, %d events", got.Seat, len(got.Events))
		}
	}
	spectator := views[2]
	if code, msg := post(t, http.DefaultClient, second.base+"/api/move", moveRequest{Token: watch, Seq: spectator.Seq, Move: "pass"}, nil); code != http.StatusForbidden {
		t.Fatalf("a move with the watch token after the restart: %d %s, want 403", code, msg)
	}
	after := playUntil(t, second.base, r, rr, func(int) bool { return false })

	res, err := http.Get(second.base + "/api/record?token=" + r.Seats[0].Token)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("record: %v %v", err, res.Status)
	}
	rec, err := norns.ReadRecord(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	g, _ := norns.Lookup("herrlof")
	if _, err := g.Replay(rec); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	// the people's moves, in the record's order, are exactly the ones they made
	m, _ := g.New(rec.Config)
	var byPeople []string
	for _, mv := range rec.Moves {
		if p := m.ToMove(); p == 0 || p == 1 {
			byPeople = append(byPeople, mv)
		}
		m, _ = m.Apply(mv)
	}
	if want := append(slices.Clone(before), after...); !slices.Equal(byPeople, want) {
		t.Fatalf("the record's moves by the people:\n%v\nwant\n%v", byPeople, want)
	}
	if len(rec.Moves) < views[0].Seq {
		t.Fatalf("the record has %d moves, fewer than the %d before the kill", len(rec.Moves), views[0].Seq)
	}
	t.Logf("finished after the restart: %d more moves by the people, %d moves in all", len(after), len(rec.Moves))

	// the store holds no token: every file in the data directory is read whole (the database's
	// free pages too), and it does hold the match and its seats' hashes, so the scan reads the
	// real store
	second.kill()
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	found := false
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(r.Match)) && bytes.Contains(b, []byte(hashToken(r.Seats[0].Token))) {
			found = true
		}
		for _, s := range r.Seats {
			if s.Token != "" && bytes.Contains(b, []byte(s.Token)) {
				t.Fatalf("%s holds a seat's token in clear", f)
			}
		}
		if bytes.Contains(b, []byte(watch)) {
			t.Fatalf("%s holds the watch token in clear", f)
		}
	}
	if !found {
		t.Fatalf("no file in the data directory %v holds match %s and its first seat's token hash", files, r.Match)
	}
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			t.Logf("the data directory holds %s (%d bytes): the match and its hashes, no token in clear", filepath.Base(f), fi.Size())
		}
	}
}
