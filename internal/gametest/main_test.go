package gametest_test

import (
	"testing"

	"github.com/nornsgames/norns/internal/gametest"
)

// TestMain keeps rapid from writing fail files into the repository, here as in every game: the
// broken games of broken_test.go fail rapid's properties on purpose.
func TestMain(m *testing.M) { gametest.Main(m) }
