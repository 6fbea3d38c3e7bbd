package voluspa_test

import (
	"flag"
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/voluspa"
)

var updatePinned = flag.Bool("update-pinned", false, "rewrite testdata/seeded.golden and testdata/record-v1.json (only when a change of the chance sequence is intended)")

// TestPinned pins every chance outcome seeded matches draw and replays a record written by an
// earlier version of the package (see gametest.CheckPinned).
func TestPinned(t *testing.T) {
	gametest.CheckPinned(t, registration.Pinned(voluspa.Config{Players: 3}, voluspa.Config{Players: 5}), *updatePinned)
}
