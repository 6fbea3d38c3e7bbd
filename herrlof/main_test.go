package herrlof_test

import (
	"flag"
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
)

// TestMain keeps rapid's fail files out of the repository (see gametest.Main).
func TestMain(m *testing.M) { gametest.Main(m) }

// long runs the package's long coverage: deeper perft counts, more random matches in the
// conformance suite and the oracles. CI's default run leaves it off; run go test -long ./herrlof
// before a change to the rules engine or the sampler.
var long = flag.Bool("long", false, "run the long tests: deeper perft, more conformance and oracle matches")
