package voluspa_test

import (
	"flag"
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
)

// long runs the long tests: more conformance matches. The default run keeps the package's tests
// within about 20 s on two cores; -short runs fewer still.
var long = flag.Bool("long", false, "run the long tests: more conformance matches per table size")

// TestMain keeps rapid's fail files out of the repository (see gametest.Main).
func TestMain(m *testing.M) { gametest.Main(m) }
