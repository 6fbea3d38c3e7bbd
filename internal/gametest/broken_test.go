package gametest_test

import (
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/internal/gametest/broken"
)

// brokenEnv names the flaw TestBrokenHelper gives the game; the helper skips when it is unset.
const brokenEnv = "GAMETEST_BROKEN"

// TestBrokenHelper runs the whole suite on the broken game with the flaw brokenEnv names. It is
// run only as a child process of TestSuiteRejectsBrokenGames, which reads its verdict.
func TestBrokenHelper(t *testing.T) {
	name := os.Getenv(brokenEnv)
	if name == "" {
		t.Skip("run by TestSuiteRejectsBrokenGames")
	}
	f, err := broken.ParseFlaw(name)
	if err != nil {
		t.Fatal(err)
	}
	broken.Set(f)
	gametest.Run(t, broken.Game())
}

// firstFailure finds the first failure a test reports in verbose output: its message's first
// line, after the file and line that report it.
var firstFailure = regexp.MustCompile(`(?m)^\s+\w+\.go:\d+: (.*)$`)

// TestSuiteRejectsBrokenGames proves that the suite can fail, and fails for the right reason: it
// runs the suite on the toy game with one flaw at a time, each in a child process (a failing
// suite fails its *testing.T), and checks that the child failed with the message of the check
// written for that flaw. The game without a flaw must pass the same way.
func TestSuiteRejectsBrokenGames(t *testing.T) {
	if os.Getenv(brokenEnv) != "" {
		t.Skip("in a child process")
	}
	cases := []struct {
		flaw broken.Flaw
		want []string // regular expressions, each matching a line of the child's output
	}{
		{broken.None, nil},
		{broken.LeakyView, []string{`view leaks: a twin differing only in what .* cannot see gives a different view`}},
		{broken.MutatingApply, []string{`Apply\(\w+\) changed its receiver`}},
		{broken.StepWritesOnRefusal, []string{`Step\(.+\) refused the move but changed the state`}},
		{broken.LostCard, []string{`cards not conserved: the zones hold 5 cards: missing`}},
		{broken.NondeterministicApply, []string{`Replay\(record\): .*corrupt`}},
		{broken.InconsistentSample, []string{`View\(.+\)\.Sample gave a state whose view differs`}},
		{broken.LaxJSON, []string{`(damaged|tampered) JSON.*: cards not conserved: `}},
		{broken.RefusedLegalMove, []string{`legal move draw refused: .*no draw from the 5`}},
		{broken.BareError, []string{`move .+: error .+ is not a \*norns\.MoveError`}},
		{broken.StepUnlikeApply, []string{`Step\(draw\) reached`, `norns\.Playout from`}},
		{broken.AllocatingApply, []string{`Apply.* allocates [1-9]`}},
		{broken.LaxNotation, []string{`ParseMove\(.*\): error .* does not wrap norns\.ErrBadNotation`}},
		{broken.LaxConfig, []string{`the game's ReplayRecord with config .*: error <nil>, want one wrapping norns\.ErrCorrupt`}},
		{broken.LossyJSON, []string{`JSON round trip: err .*cards not conserved`}},
		{broken.DecodeWritesOnError, []string{`UnmarshalJSON\(.*\) failed but changed the receiver`}},
		{broken.BareCorrupt, []string{`UnmarshalJSON\(.*\):? error .* does not wrap norns\.ErrCorrupt`}},
		{broken.DuplicateLegal, []string{`Legal lists draw twice`}},
		{broken.LeakySpectator, []string{`spectator events of keep reveal what .* cannot see`}},
		{broken.BlindTwin, []string{`Twin never returned a state that differs .* the view-leak check never ran`}},
		{broken.LegalCandidates, []string{`Candidates never offered a move that is not legal, .* the refusal checks never ran`}},
		{broken.LeakySpectatorView, []string{`spectator view leaks: a twin differing only in what .* cannot see gives the spectator a different view`}},
		{broken.PeekingBot, []string{`bot "peeker" chose \w+ from .* view of this state and \w+ from its view of a twin`}},
	}
	if len(cases) != len(broken.Flaws()) {
		t.Fatalf("%d cases for %d flaws", len(cases), len(broken.Flaws()))
	}
	for _, tc := range cases {
		t.Run(tc.flaw.String(), func(t *testing.T) {
			t.Parallel()
			if tc.flaw == broken.AllocatingApply && gametest.RaceEnabled {
				t.Skip("the suite skips its allocation checks under the race detector")
			}
			// A fixed rapid seed and a short shrink keep the child quick and its output stable:
			// the messages looked for come from the seeded matches, not from rapid's properties.
			args := []string{"-test.run=^TestBrokenHelper$", "-test.v", "-test.count=1", "-test.timeout=5m",
				"-rapid.seed=1", "-rapid.shrinktime=200ms", "-rapid.nofailfile"}
			if testing.Short() {
				args = append(args, "-test.short")
			}
			if gametest.RaceEnabled {
				// The allocation check skips itself under the race detector, and its skip line
				// would read as the child's first failure.
				args = append(args, "-test.skip=TestBrokenHelper/.*/^NoAllocs$")
			}
			cmd := exec.Command(os.Args[0], args...)
			cmd.Env = append(os.Environ(), brokenEnv+"="+tc.flaw.String())
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if err != nil && !errors.As(err, &exit) {
				t.Fatalf("running the child: %v", err)
			}
			text := string(out)
			if tc.flaw == broken.None {
				if err != nil || !strings.Contains(text, "--- PASS: TestBrokenHelper") {
					t.Fatalf("the toy without a flaw does not pass the suite (%v):\n%s", err, text)
				}
				return
			}
			if err == nil || !strings.Contains(text, "--- FAIL: TestBrokenHelper") {
				t.Fatalf("the suite passed a game with the flaw %v (%v):\n%s", tc.flaw, err, text)
			}
			// The first failure reported must be the one of the check meant for the flaw, so that
			// no other check catches it by accident first; the other messages wanted come later.
			first := firstFailure.FindStringSubmatch(text)
			if first == nil || !regexp.MustCompile(tc.want[0]).MatchString(first[1]) {
				t.Fatalf("the suite rejected the flaw %v, but its first failure %q does not match %q:\n%s", tc.flaw, first, tc.want[0], text)
			}
			t.Logf("rejected: %.300s", first[1])
			for _, w := range tc.want[1:] {
				line := regexp.MustCompile(`(?m)^.*` + w + `.*$`).FindString(text)
				if line == "" {
					t.Fatalf("the suite rejected the flaw %v, but no message matches %q:\n%s", tc.flaw, w, text)
				}
				t.Logf("and: %.300s", strings.TrimSpace(line))
			}
		})
	}
}
