package browsertest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"
)

// webCommand is the web example's import path: the tests build it from this checkout (the web
// module's go.mod replaces the library with it).
const webCommand = "github.com/nornsgames/norns/examples/web"

// built is the web command, built once for all the tests of a run (see webBinary) and removed
// by TestMain.
var built struct {
	once sync.Once
	dir  string // the temporary directory that holds it
	path string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// webBinary returns the path of the web command, building it on the first call.
func webBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "norns-web-")
		if built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "web")
		out, err := exec.Command("go", "build", "-o", built.path, webCommand).CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build %s: %v\n%s", webCommand, err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// webServer is a running web command.
type webServer struct {
	base   string // "http://127.0.0.1:PORT"
	client *http.Client
	kill   func() // kills the process at once (SIGKILL) and waits for it
}

// listening is the line the web command prints once it listens.
var listening = regexp.MustCompile(`open (http://[^/ ]+)/`)

// startServer builds the web command if need be and starts it on a free loopback port with the
// test timings (no pause before a bot's move, 200 ms to think) and a data directory of the
// test's own, stopping it with Ctrl-C (an interrupt) when the test ends: the command must then
// exit with status 0 within 15 s. Where a process cannot be interrupted (Windows) it is killed
// instead.
func startServer(t *testing.T) *webServer {
	t.Helper()
	return startServerOn(t, "127.0.0.1:0", t.TempDir())
}

// startServerOn is startServer on addr, keeping its matches in dataDir.
func startServerOn(t *testing.T, addr, dataDir string) *webServer {
	t.Helper()
	cmd := exec.Command(webBinary(t), "-addr", addr, "-bot-delay", "0", "-think", "200ms", "-data", dataDir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the web command: %v", err)
	}
	exited := make(chan struct{})
	var waitErr error
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		if sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		_, _ = io.Copy(io.Discard, stdout)
		waitErr = cmd.Wait()
		close(exited)
	}()
	srv := &webServer{client: &http.Client{Timeout: 10 * time.Second}}
	srv.kill = func() {
		_ = cmd.Process.Kill()
		<-exited
	}
	t.Cleanup(func() {
		select {
		case <-exited: // killed by the test
			return
		default:
		}
		if err := cmd.Process.Signal(os.Interrupt); err != nil { // no interrupts to send (Windows)
			srv.kill()
			return
		}
		select {
		case <-exited:
			if waitErr != nil {
				t.Errorf("the web command exited with %v after Ctrl-C: %s", waitErr, stderr.Bytes())
			}
		case <-time.After(15 * time.Second):
			srv.kill()
			t.Errorf("the web command did not stop within 15 s of Ctrl-C: %s", stderr.Bytes())
		}
	})
	var line string
	select {
	case line = <-lines:
	case <-time.After(30 * time.Second):
		t.Fatal("the web command did not say where it listens within 30 s")
	}
	m := listening.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("the web command printed %q, not where it listens: %s", line, stderr.Bytes())
	}
	srv.base = m[1]
	return srv
}

// games returns the names of the games the server offers, in its order (GET /api/games).
func (s *webServer) games(t *testing.T) []string {
	t.Helper()
	res, err := s.client.Get(s.base + "/api/games")
	if err != nil {
		t.Fatalf("asking the server for its games: %v", err)
	}
	defer res.Body.Close()
	var games []struct {
		Name string `json:"name"`
	}
	if err := json.NewDecoder(res.Body).Decode(&games); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the server's games: %s, %v", res.Status, err)
	}
	if len(games) == 0 {
		t.Fatal("the server offers no game")
	}
	var names []string
	for _, g := range games {
		names = append(names, g.Name)
	}
	return names
}
