package voluspa_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// legalSlow lists the legal moves of s the slow, obvious way, from the rule text alone (RULES.md,
// V3–V9), reading the grid square by square through State.At and sharing no code with Legal (or
// Apply): at a seat's turn, every tile kind of the hand tried on every square of the grid and
// around it, laid (V4–V6) or, for a Dragon or Skadi, covering (V7, V8); with none of those, a
// discard of each kind held (V9); with an empty hand, a pass (V9). At a chance node, every
// outcome (V3, V14). It returns them in Legal's documented order.
func legalSlow(s voluspa.State) []voluspa.Move {
	var out []voluspa.Move
	switch s.Phase() {
	case voluspa.PhaseOver:
		return nil
	case voluspa.PhaseDeal, voluspa.PhaseDraw: // any kind left in the supply (V3, V14)
		for _, t := range voluspa.Kinds() {
			if s.Supply().Count(t) > 0 {
				out = append(out, voluspa.Draw(t))
			}
		}
		return out
	case voluspa.PhaseFirstTile: // any kind left in the supply but a Troll (V3)
		for _, t := range voluspa.Kinds() {
			if s.Supply().Count(t) > 0 && t != voluspa.Troll {
				out = append(out, voluspa.FirstTile(t))
			}
		}
		return out
	case voluspa.PhaseFirstSeat: // any seat (V3)
		for p := range s.Players() {
			out = append(out, voluspa.FirstSeat(norns.Player(p)))
		}
		return out
	}
	hand := s.Hand(s.ToMove())
	if hand.IsEmpty() {
		return []voluspa.Move{voluspa.Pass()}
	}
	filled := func(x, y int) bool { return s.At(x, y) != voluspa.NoTile }
	// touches: a tile lies next to x, y (V4, and V7's touch for a cover).
	touches := func(x, y int) bool {
		return filled(x+1, y) || filled(x-1, y) || filled(x, y+1) || filled(x, y-1)
	}
	// trollOK: t may go on x, y by V6: no Troll next to it unless t is a Troll.
	trollOK := func(t voluspa.Tile, x, y int) bool {
		if t == voluspa.Troll {
			return true
		}
		return s.At(x+1, y) != voluspa.Troll && s.At(x-1, y) != voluspa.Troll && s.At(x, y+1) != voluspa.Troll && s.At(x, y-1) != voluspa.Troll
	}
	// run counts the tiles in a row from x, y (excluded) going dx, dy.
	run := func(x, y, dx, dy int) int {
		n := 0
		for filled(x+dx*(n+1), y+dy*(n+1)) {
			n++
		}
		return n
	}
	// linesOK: a tile on the empty x, y makes no line longer than 7 (V5), joined runs included.
	linesOK := func(x, y int) bool {
		return 1+run(x, y, 1, 0)+run(x, y, -1, 0) <= 7 && 1+run(x, y, 0, 1)+run(x, y, 0, -1) <= 7
	}
	minX, minY, maxX, maxY, _ := s.Bounds()
	for _, t := range voluspa.Kinds() {
		if !hand.Has(t) {
			continue
		}
		for y := minY - 1; y <= maxY+1; y++ {
			for x := minX - 1; x <= maxX+1; x++ {
				if !filled(x, y) && touches(x, y) && trollOK(t, x, y) && linesOK(x, y) {
					out = append(out, voluspa.Lay(t, x, y))
				}
			}
		}
		if t != voluspa.Dragon && t != voluspa.Skadi {
			continue
		}
		// V7, V8: on any tile but one of its own kind, with a tile next to it, not next to a Troll.
		for y := minY; y <= maxY; y++ {
			for x := minX; x <= maxX; x++ {
				if u := s.At(x, y); u != voluspa.NoTile && u != t && touches(x, y) && trollOK(t, x, y) {
					out = append(out, voluspa.CoverWith(t, x, y))
				}
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	for t := range hand.Kinds() {
		out = append(out, voluspa.Discard(t))
	}
	return out
}

// TestLegalSlow compares Legal with legalSlow at every node of random matches of 2 to 5 players,
// chance nodes and every phase included, and checks that the matches met every kind of move.
func TestLegalSlow(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 5
	}
	longest := 0
	var kinds [8]int // moves listed, by MoveKind
	for seed := range uint64(seeds) {
		n := 2 + int(seed%4)
		s := mustNew(t, n)
		r := rng.New(seed)
		for {
			legal := s.Legal()
			if want := legalSlow(s); !slices.Equal(legal, want) {
				t.Fatalf("seed %d: Legal\n%v\nwant\n%v\nin\n%v", seed, legal, want, s)
			}
			if s.Over() {
				break
			}
			for _, m := range legal {
				kinds[m.Kind()]++
			}
			longest = max(longest, len(legal))
			m := randomMove(s, r)
			var err error
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A discard is rare in a random match: the scripted blocked seat of TestRuleV9_Discard, and
	// every position of a few plies from it.
	var walk func(s voluspa.State, depth int)
	walk = func(s voluspa.State, depth int) {
		legal := s.Legal()
		if want := legalSlow(s); !slices.Equal(legal, want) {
			t.Fatalf("Legal\n%v\nwant\n%v\nin\n%v", legal, want, s)
		}
		for _, m := range legal {
			kinds[m.Kind()]++
			if depth > 0 {
				next, err := s.Apply(m)
				if err != nil {
					t.Fatal(err)
				}
				walk(next, depth-1)
			}
		}
	}
	walk(blocked(t), 3)
	for k := voluspa.MoveDraw; k <= voluspa.MovePass; k++ {
		if kinds[k] == 0 {
			t.Errorf("the matches met no %v move", k)
		}
	}
	t.Logf("longest move list: %d; moves listed by kind: %v", longest, kinds)
}

// TestIllegalMovesSayWhy checks a refused move's error: a *norns.MoveError wrapping
// norns.ErrIllegalMove with the seat and the move, and norns.ErrGameOver once over.
func TestIllegalMovesSayWhy(t *testing.T) {
	s := opening(t, "Odin", 1, "Thor Thor Thor Thor Fenrir", "Troll Thor Thor Thor Fenrir")
	s = play(t, s, "Troll 1,0")
	_, err := settle(t, s).Apply(voluspa.MustParseMove("Thor 2,0"))
	me, ok := errors.AsType[*norns.MoveError](err)
	if !ok || me.Seat != 0 || me.Move != "Thor 2,0" || !errors.Is(err, norns.ErrIllegalMove) {
		t.Fatalf("error %#v", err)
	}
	if got, want := err.Error(), "voluspa: seat 0 cannot play Thor 2,0: Thor cannot go next to the Troll at 1,0 (V6)"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
	r := rng.New(1)
	over := mustNew(t, 2)
	norns.Playout(&over, r, nil)
	if _, err := over.Apply(voluspa.Pass()); !errors.Is(err, norns.ErrGameOver) {
		t.Errorf("a move after the end: %v", err)
	}
}
