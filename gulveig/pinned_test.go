package gulveig_test

import (
	"flag"
	"testing"

	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
)

var updatePinned = flag.Bool("update-pinned", false, "rewrite testdata/seeded.golden and testdata/record-v1.json (only when a change of the chance sequence is intended)")

// TestPinned pins every chance outcome seeded matches draw (deals and Orchard draws), and
// replays a record written when the pins were made (see gametest.CheckPinned), so that a match
// replayed from its seed never silently changes.
func TestPinned(t *testing.T) {
	gametest.CheckPinned(t, registration.Pinned(gulveig.Config{HandLimit: 3, Roles: true}, gulveig.Config{Players: 2, HandLimit: 2}), *updatePinned)
}
