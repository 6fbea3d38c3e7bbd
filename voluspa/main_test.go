package voluspa_test

import (
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
)

// TestMain keeps rapid's fail files out of the repository (see gametest.Main).
func TestMain(m *testing.M) { gametest.Main(m) }
