package gnav_test

import (
	"flag"
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
)

// TestMain keeps rapid's fail files out of the repository (see gametest.Main).
func TestMain(m *testing.M) { gametest.Main(m) }

// long runs the package's long coverage: the conformance suite at every table size from 2 to 8
// seats with and without the cat, and the largest tables, with more random matches, and more
// matches in TestLegalSlow. The default run keeps a spread of table sizes and options; run
// go test ./gnav -long (the flag after the package) before a change to the rules engine or the
// sampler.
var long = flag.Bool("long", false, "run the long tests: every table size in the conformance suite, more matches")
