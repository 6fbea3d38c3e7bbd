package herrlof_test

import (
	"flag"
	"testing"

	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
)

var updatePinned = flag.Bool("update-pinned", false, "rewrite testdata/seeded.golden and testdata/record-v1.json (only when a change of the chance sequence is intended)")

// TestPinned pins every chance outcome seeded matches draw and replays a record written by an
// earlier version of the package (see gametest.CheckPinned).
func TestPinned(t *testing.T) {
	gametest.CheckPinned(t, registration.Pinned(herrlof.Config{Players: 3, HandLimit: 3}, herrlof.Config{}), *updatePinned)
}
