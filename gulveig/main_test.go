package gulveig_test

import (
	"flag"
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
)

// TestMain keeps rapid's fail files out of the repository (see gametest.Main).
func TestMain(m *testing.M) { gametest.Main(m) }

// long runs the conformance suite on more seeds and longer matches (TestConformance): for CI's
// long runs, `go test ./gulveig -long`.
var long = flag.Bool("long", false, "run the conformance suite on more seeds and longer matches")
