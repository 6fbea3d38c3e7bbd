package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// python returns the Python 3 interpreter the clients run on. Without one the tests skip,
// except under CI (CI=true), where the clients must run.
func python(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("python3 is needed to run the protocol's clients (CI installs it: .ci/run)")
		}
		t.Skip("no python3: the protocol's Python clients are not run")
	}
	return p
}

// build builds a command of the module into dir and returns its path.
func build(t *testing.T, dir, pkg string) string {
	t.Helper()
	bin := filepath.Join(dir, filepath.Base(pkg))
	out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestClients runs the protocol's clients as a user would: the Python reference bot and the sh
// bot seated by examples/arena, and the Python random agent over this command.
func TestClients(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the commands and runs Python")
	}
	py := python(t)
	dir := t.TempDir()
	arena := build(t, dir, "github.com/nornsgames/norns/examples/arena")
	engine := build(t, dir, "github.com/nornsgames/norns/examples/engine")
	bot, _ := filepath.Abs("python/norns_bot.py")
	shbot, _ := filepath.Abs("sh/first_legal.sh")

	t.Run("python bot in the arena", func(t *testing.T) {
		out := run(t, arena, "-game", "herrlof", "-a", "exec:"+py+" "+bot, "-b", "heuristic", "-seeds", "4", "-quiet", "-json")
		var rep struct {
			Pairings []struct {
				Candidate string  `json:"candidate"`
				Matches   int     `json:"matches"`
				WinRate   float64 `json:"winRate"`
			} `json:"pairings"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Pairings) != 1 || rep.Pairings[0].Matches != 8 {
			t.Fatalf("arena's report: %v\n%s", err, out)
		}
	})
	t.Run("sh bot in the arena", func(t *testing.T) {
		sh, err := exec.LookPath("sh")
		if err != nil {
			t.Skip("no sh")
		}
		out := run(t, arena, "-game", "gnav", "-a", "exec:"+sh+" "+shbot, "-b", "random", "-seeds", "4", "-quiet")
		if !strings.Contains(out, "first_legal.sh") && !strings.Contains(out, "exec:") {
			t.Fatalf("arena's table does not name the program:\n%s", out)
		}
	})
	t.Run("python random agent", func(t *testing.T) {
		for _, game := range []string{"gnav", "herrlof"} {
			out := run(t, py, "examples/engine/python/random_agent.py", "--engine", engine, "--game", game, "--episodes", "3", "--parallel", "2")
			if !strings.Contains(out, "steps per second") || !strings.Contains(out, "3 episodes") {
				t.Fatalf("%s: the agent's output:\n%s", game, out)
			}
		}
	})
}
