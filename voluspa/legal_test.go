package voluspa_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// legalSlow lists the moves of the seat to act the obvious way: every tile of its hand, laid and
// covering on every square of the grid and around it, kept when Apply (whose checks read the
// squares one by one, not the bitboards Legal builds) accepts it; else every discard; else a
// pass. It returns them in Legal's documented order.
func legalSlow(s voluspa.State) []voluspa.Move {
	hand := s.Hand(s.ToMove())
	if hand.IsEmpty() {
		return []voluspa.Move{voluspa.Pass()}
	}
	minX, minY, maxX, maxY, _ := s.Bounds()
	var out []voluspa.Move
	for _, t := range voluspa.Kinds() {
		if !hand.Has(t) {
			continue
		}
		for _, cover := range []bool{false, true} {
			for y := minY - 1; y <= maxY+1; y++ {
				for x := minX - 1; x <= maxX+1; x++ {
					m := voluspa.Lay(t, x, y)
					if cover {
						m = voluspa.CoverWith(t, x, y)
					}
					if _, err := s.Apply(m); err == nil {
						out = append(out, m)
					}
				}
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, t := range voluspa.Kinds() {
		if hand.Has(t) {
			out = append(out, voluspa.Discard(t))
		}
	}
	return out
}

// TestLegalAgreesWithSlow compares Legal with legalSlow at every turn of random matches.
func TestLegalAgreesWithSlow(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 5
	}
	longest := 0
	for seed := range uint64(seeds) {
		n := 2 + int(seed%4)
		s := mustNew(t, n)
		r := rng.New(seed)
		for !s.Over() {
			var m voluspa.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				legal := s.Legal()
				if want := legalSlow(s); !slices.Equal(legal, want) {
					t.Fatalf("seed %d: Legal\n%v\nwant\n%v\nin\n%v", seed, legal, want, s)
				}
				longest = max(longest, len(legal))
				m = legal[r.IntN(len(legal))]
			}
			var err error
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("longest move list: %d", longest)
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
