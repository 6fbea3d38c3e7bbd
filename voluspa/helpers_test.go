package voluspa_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// The compile-time proof that voluspa satisfies the norns contract.
func contract[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](S) {}

var _ = contract[voluspa.State, voluspa.Move, voluspa.View]

func mustNew(t testing.TB, players int) voluspa.State {
	t.Helper()
	s, err := voluspa.New(voluspa.Config{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomMove returns the move a random match plays at s, as norns.Playout draws it: the
// chance outcome from SampleChance, else a uniformly random legal move.
func randomMove(s voluspa.State, r *rng.Rand) voluspa.Move {
	if s.ToMove() == norns.Chance {
		return s.SampleChance(r)
	}
	l := s.Legal()
	return l[r.IntN(len(l))]
}

// mustApply applies the moves written in notation, failing the test on the first refusal.
func mustApply(t testing.TB, s voluspa.State, moves ...string) voluspa.State {
	t.Helper()
	for _, text := range moves {
		m, err := voluspa.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		next, err := s.Apply(m)
		if err != nil {
			t.Fatalf("%s: %v\n%v", text, err, s)
		}
		s = next
	}
	return s
}

// tiles parses a space-separated list of tile names.
func tiles(t testing.TB, s string) voluspa.Tiles {
	t.Helper()
	m, err := voluspa.Deck().ParseMultiset(s)
	if err != nil {
		t.Fatal(err)
	}
	return voluspa.Tiles(m)
}

// invariant checks that every tile is in exactly one place, that the counts the views see agree
// with the hidden tiles, and that the hands keep what the views know of them.
func invariant(s voluspa.State) error {
	all, _ := voluspa.Deck().Sum(cards.Multiset(s.Supply()), cards.Multiset(s.Gone()))
	var grid cards.Multiset
	for i := range s.Cells() {
		_, _, t := s.Cell(i)
		grid = voluspa.Deck().With(grid, cards.Card(t))
	}
	all, ok := voluspa.Deck().Sum(all, grid)
	if !ok {
		return errors.New("grid, supply and gone overlap beyond the game's copies")
	}
	total := 0
	for p := range norns.Player(s.Players()) {
		h := s.Hand(p)
		if h.Len() != s.HandLen(p) || h.Len() > voluspa.HandSize {
			return fmt.Errorf("%v: hand %s, size %d", p, h.String(), s.HandLen(p))
		}
		if all, ok = voluspa.Deck().Sum(all, cards.Multiset(h)); !ok {
			return fmt.Errorf("%v's hand overlaps", p)
		}
		if s.Score(p) < 0 {
			return fmt.Errorf("%v has %d points", p, s.Score(p))
		}
		total += s.Score(p)
	}
	if all != voluspa.Deck().Full() {
		return fmt.Errorf("tiles not conserved: %s", (voluspa.Deck().Diff(voluspa.Deck().Full(), all)).String())
	}
	if s.Supply().Len() != s.SupplySize() {
		return fmt.Errorf("supply %d, size %d", s.Supply().Len(), s.SupplySize())
	}
	if !voluspa.Satisfies(s) {
		return errors.New("a hand breaks what the views know of it")
	}
	return nil
}

// opening returns a match of len(hands) players after the opening: seat i was dealt the five
// tiles named in hands[i], the first tile is first, and seat start plays first.
func opening(t testing.TB, first string, start int, hands ...string) voluspa.State {
	t.Helper()
	s := mustNew(t, len(hands))
	for _, h := range hands {
		for _, name := range strings.Fields(h) {
			s = mustApply(t, s, "draw "+name)
		}
	}
	return mustApply(t, s, "first "+first, fmt.Sprintf("start %d", start))
}

// play applies the scripted moves. At a chance node, a scripted "draw" is applied as written; if
// the next item is a seat's move instead, play draws a filler first: the last kind in table order
// still in the supply (a Loki while there is one).
func play(t testing.TB, s voluspa.State, items ...string) voluspa.State {
	t.Helper()
	for _, text := range items {
		m, err := voluspa.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		for s.ToMove() == norns.Chance && !m.IsChance() {
			s = mustApply(t, s, "draw "+filler(s).String())
		}
		next, err := s.Apply(m)
		if err != nil {
			t.Fatalf("%s: %v\n%v", text, err, s)
		}
		s = next
	}
	return s
}

func filler(s voluspa.State) voluspa.Tile {
	ts := voluspa.Kinds()
	for i := len(ts) - 1; i >= 0; i-- {
		if s.Supply().Has(ts[i]) {
			return ts[i]
		}
	}
	return voluspa.NoTile
}

// lines applies the seat move m (after filler draws) and returns the state and the line events it
// produced, as a spectator sees them.
func lines(t testing.TB, s voluspa.State, text string) (voluspa.State, []voluspa.Event) {
	t.Helper()
	for s.ToMove() == norns.Chance {
		s = mustApply(t, s, "draw "+filler(s).String())
	}
	next, evs, err := s.ApplyEvents(voluspa.MustParseMove(text), norns.Nobody, nil)
	if err != nil {
		t.Fatalf("%s: %v\n%v", text, err, s)
	}
	var out []voluspa.Event
	for _, e := range evs {
		if e.Kind == voluspa.EventLine {
			out = append(out, e)
		}
	}
	return next, out
}

// refused checks that the move text is refused in s (after filler draws) with an error wrapping
// norns.ErrIllegalMove whose reason holds want.
func refused(t testing.TB, s voluspa.State, text, want string) {
	t.Helper()
	for s.ToMove() == norns.Chance {
		s = mustApply(t, s, "draw "+filler(s).String())
	}
	next, err := s.Apply(voluspa.MustParseMove(text))
	if !errors.Is(err, norns.ErrIllegalMove) {
		t.Fatalf("%s: error %v, want an illegal move\n%v", text, err, s)
	}
	me, ok := errors.AsType[*norns.MoveError](err)
	if !ok || !strings.Contains(me.Reason, want) {
		t.Fatalf("%s: error %v, want a reason with %q", text, err, want)
	}
	if next != s {
		t.Fatalf("%s: a refused move changed the state", text)
	}
	if slices.Contains(s.Legal(), voluspa.MustParseMove(text)) {
		t.Fatalf("%s: refused but listed by Legal", text)
	}
}

// settle draws fillers (see play) until a seat is to act.
func settle(t testing.TB, s voluspa.State) voluspa.State {
	t.Helper()
	for s.ToMove() == norns.Chance {
		s = mustApply(t, s, "draw "+filler(s).String())
	}
	return s
}
