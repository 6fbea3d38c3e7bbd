package voluspa_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// gridSlow draws the grid as Grid documents it, square by square through At.
func gridSlow(s voluspa.State) string {
	minX, minY, maxX, maxY, ok := s.Bounds()
	if !ok {
		return "(empty grid)\n"
	}
	lx, ly, hasLast := s.LastLay()
	var b strings.Builder
	b.WriteString("     ")
	for x := minX; x <= maxX; x++ {
		fmt.Fprintf(&b, "%4d", x)
	}
	b.WriteByte('\n')
	for y := maxY; y >= minY; y-- {
		fmt.Fprintf(&b, "%4d ", y)
		for x := minX; x <= maxX; x++ {
			switch t := s.At(x, y); {
			case t == voluspa.NoTile:
				b.WriteString("   .")
			case hasLast && x == lx && y == ly:
				fmt.Fprintf(&b, "[%s]", t.String()[:2])
			default:
				fmt.Fprintf(&b, "  %s", t.String()[:2])
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestGrid compares Grid with gridSlow at every state of random matches.
func TestGrid(t *testing.T) {
	for _, n := range []int{2, 5} {
		s := mustNew(t, n)
		r := rng.New(uint64(n))
		for !s.Over() {
			if got, want := s.Grid(), gridSlow(s); got != want {
				t.Fatalf("Grid\n%s\nwant\n%s", got, want)
			}
			if err := s.Step(randomMove(s, r)); err != nil {
				t.Fatal(err)
			}
		}
	}
}
