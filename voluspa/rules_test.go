package voluspa_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// lineSummary is what a test compares of a line event.
type lineSummary struct {
	Line   voluspa.Line
	Length int
	Worth  int
	Points int
	Reason voluspa.Reason
}

func summary(evs []voluspa.Event) []lineSummary {
	var out []lineSummary
	for _, e := range evs {
		out = append(out, lineSummary{e.Line, e.Length, e.Worth, e.Points, e.Reason})
	}
	return out
}

func checkLines(t *testing.T, got []voluspa.Event, want ...lineSummary) {
	t.Helper()
	if diff := cmp.Diff(want, summary(got)); diff != "" {
		t.Errorf("line events mismatch (-want +got):\n%s", diff)
	}
}

func TestRuleV1_TileTable(t *testing.T) {
	want := []struct {
		tile   voluspa.Tile
		name   string
		value  int
		copies int
	}{
		{voluspa.Odin, "Odin", 8, 6}, {voluspa.Thor, "Thor", 7, 8}, {voluspa.Troll, "Troll", 6, 6},
		{voluspa.Dragon, "Dragon", 5, 8}, {voluspa.Fenrir, "Fenrir", 4, 8}, {voluspa.Skadi, "Skadi", 3, 9},
		{voluspa.Valkyrie, "Valkyrie", 2, 9}, {voluspa.Loki, "Loki", 1, 6},
	}
	total := 0
	for i, w := range want {
		tl := voluspa.Kinds()[i]
		if tl != w.tile || tl.String() != w.name || tl.Power().Value != w.value || tl.Copies() != w.copies {
			t.Errorf("tile %d: %v value %d copies %d, want %s %d %d", i, tl, tl.Power().Value, tl.Copies(), w.name, w.value, w.copies)
		}
		total += tl.Copies()
	}
	if total != voluspa.NumTiles || voluspa.Deck().Size() != 60 || voluspa.Deck().Full().Len() != 60 {
		t.Errorf("%d tiles, deck of %d", total, voluspa.Deck().Size())
	}
	p := func(tl voluspa.Tile) voluspa.Power { return tl.Power() }
	if !p(voluspa.Troll).Guard || p(voluspa.Dragon).Cover != voluspa.CoverRemove || p(voluspa.Skadi).Cover != voluspa.CoverCapture ||
		!p(voluspa.Fenrir).Pack || !p(voluspa.Valkyrie).Bookend || !p(voluspa.Loki).Zeroes || p(voluspa.Odin).Guard || p(voluspa.Thor).Cover != voluspa.CoverNone {
		t.Error("the powers are not on the right tiles")
	}
	if got := p(voluspa.Fenrir).Worth(4, 3); got != 12 {
		t.Errorf("a Fenrir in a pack of 3 is worth %d, want 12", got)
	}
}

func TestRuleV2_PlayersAndHands(t *testing.T) {
	for _, n := range []int{1, 6, -1} {
		if _, err := voluspa.New(voluspa.Config{Players: n}); !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("%d players: error %v, want ErrBadConfig", n, err)
		}
	}
	for n := voluspa.MinPlayers; n <= voluspa.MaxPlayers; n++ {
		s := mustNew(t, n)
		r := rng.New(uint64(n))
		for s.Phase() == voluspa.PhaseDeal {
			s, _ = s.Apply(s.SampleChance(r))
		}
		for p := range norns.Player(n) {
			if s.HandLen(p) != voluspa.HandSize {
				t.Errorf("%d players: %v holds %d tiles", n, p, s.HandLen(p))
			}
		}
		if s.SupplySize() != voluspa.NumTiles-5*n {
			t.Errorf("%d players: a supply of %d after the deal", n, s.SupplySize())
		}
	}
	if s := mustNew(t, 0); s.Players() != 2 {
		t.Errorf("the zero Config plays %d players, want 2", s.Players())
	}
}

func TestRuleV3_Setup(t *testing.T) {
	s := mustNew(t, 2)
	if s.Phase() != voluspa.PhaseDeal || s.ToMove() != norns.Chance || s.Turn() != 0 {
		t.Fatalf("a new match: phase %v, %v to move, dealing to %v", s.Phase(), s.ToMove(), s.Turn())
	}
	for _, name := range []string{"Troll", "Troll", "Odin", "Thor", "Loki", "Troll", "Troll", "Troll", "Troll", "Dragon"} {
		s = mustApply(t, s, "draw "+name)
	}
	if got := s.Hand(0).String(); got != "Odin Thor Troll Troll Loki" {
		t.Errorf("seat 0 was dealt %s", got)
	}
	if s.Phase() != voluspa.PhaseFirstTile {
		t.Fatalf("phase %v after the deal", s.Phase())
	}
	// The seats' views hide each other's hands: a twin with other hands gives the same view.
	if s.View(1).Hand() != s.Hand(1) || s.View(1) == s.View(0) {
		t.Error("a view does not hold exactly its own hand")
	}
	// The first tile is never a Troll: one Troll is left in the supply, but chance never turns it up.
	refusedChance(t, s, "first Troll")
	for _, m := range s.Legal() {
		if m.Tile() == voluspa.Troll {
			t.Errorf("Legal lists %v", m)
		}
	}
	r := rng.New(3)
	for range 2000 {
		if m := s.SampleChance(r); m.Tile() == voluspa.Troll || m.Kind() != voluspa.MoveFirstTile {
			t.Fatalf("SampleChance drew %v", m)
		}
	}
	s = mustApply(t, s, "first Skadi")
	if s.At(0, 0) != voluspa.Skadi || s.Phase() != voluspa.PhaseFirstSeat {
		t.Fatalf("first tile %v, phase %v", s.At(0, 0), s.Phase())
	}
	if got := s.Legal(); !slices.Equal(got, []voluspa.Move{voluspa.FirstSeat(0), voluspa.FirstSeat(1)}) {
		t.Errorf("first seat outcomes %v", got)
	}
	refusedChance(t, s, "start 2")
	s = mustApply(t, s, "start 1")
	if s.ToMove() != 1 || s.Score(0) != 0 || s.Score(1) != 0 {
		t.Errorf("%v to move, scores %d %d", s.ToMove(), s.Score(0), s.Score(1))
	}
}

// refusedChance checks that a chance move is refused.
func refusedChance(t *testing.T, s voluspa.State, text string) {
	t.Helper()
	if _, err := s.Apply(voluspa.MustParseMove(text)); !errors.Is(err, norns.ErrIllegalMove) {
		t.Errorf("%s: error %v, want an illegal move", text, err)
	}
}

func TestRuleV4_LayNextToTheGrid(t *testing.T) {
	s := opening(t, "Odin", 0, "Thor Thor Dragon Fenrir Loki", "Thor Thor Thor Thor Thor")
	refused(t, s, "Thor 2,0", "touches no tile")
	refused(t, s, "Thor 1,1", "touches no tile")
	refused(t, s, "Thor 0,0", "holds a Odin")
	refused(t, s, "Odin 1,0", "you hold no Odin")
	refused(t, s, "Thor on 0,0", "cannot cover")
	refused(t, s, "Dragon 0,0", "to cover it, write Dragon on 0,0")
	want := []voluspa.Move{voluspa.Lay(voluspa.Thor, 0, -1), voluspa.Lay(voluspa.Thor, -1, 0), voluspa.Lay(voluspa.Thor, 1, 0), voluspa.Lay(voluspa.Thor, 0, 1)}
	if got := s.Legal()[:4]; !slices.Equal(got, want) {
		t.Errorf("Thor's lays %v, want %v", got, want)
	}
	s = play(t, s, "Thor 1,0")
	if s.At(1, 0) != voluspa.Thor || s.Cells() != 2 {
		t.Errorf("after Thor 1,0: %v", s)
	}
	s = play(t, s, "Thor 2,0", "Fenrir 2,1")
	if s.At(2, 1) != voluspa.Fenrir {
		t.Errorf("a lay next to a tile laid before was refused")
	}
}

// row builds a two-player position with the row y=0 filled as the script says.
func TestRuleV5_LinesOfSeven(t *testing.T) {
	// Runs of 3 (x 0..2) and 4 (x 4..7) on y=0, linked through y=1.
	s := opening(t, "Odin", 0, "Thor Thor Thor Thor Thor", "Dragon Dragon Dragon Dragon Dragon")
	s = play(t, s, "Thor 1,0", "Dragon 2,0", "Thor 2,1", "Dragon 3,1", "Thor 4,1", "Dragon 4,0",
		"Thor 5,0", "Dragon 6,0", "Thor 7,0")
	refused(t, s, "Dragon 3,0", "would be 8 tiles long")
	// Runs of 3 and 3 make 7: legal.
	s2 := opening(t, "Odin", 0, "Thor Thor Thor Thor Thor", "Dragon Dragon Dragon Dragon Dragon")
	s2 = play(t, s2, "Thor 1,0", "Dragon 2,0", "Thor 2,1", "Dragon 3,1", "Thor 4,1", "Dragon 4,0",
		"Thor 5,0", "Dragon 6,0")
	s2 = play(t, s2, "Thor 3,0")
	if s2.At(3, 0) != voluspa.Thor {
		t.Error("a line of exactly 7 was refused")
	}
	// Extending that line of 7 is illegal at both ends, in a column too.
	refused(t, s2, "Dragon 7,0", "would be 8 tiles long")
	refused(t, s2, "Dragon -1,0", "would be 8 tiles long")
	c := opening(t, "Odin", 0, "Thor Thor Thor Thor Thor", "Dragon Dragon Dragon Dragon Dragon")
	c = play(t, c, "Thor 0,1", "Dragon 0,2", "Thor 0,3", "Dragon 0,4", "Thor 0,5", "Dragon 0,6")
	refused(t, c, "Thor 0,7", "column through 0,7 would be 8")
	refused(t, c, "Thor 0,-1", "column through 0,-1 would be 8")
}

func TestRuleV6_Troll(t *testing.T) {
	s := opening(t, "Odin", 0, "Troll Troll Thor Loki Fenrir", "Thor Troll Odin Skadi Loki")
	s = play(t, s, "Troll 1,0")
	refused(t, s, "Thor 2,0", "Thor cannot go next to the Troll at 1,0")
	refused(t, s, "Loki 1,1", "next to the Troll at 1,0")
	refused(t, s, "Skadi on 0,0", "next to the Troll at 1,0")
	s = play(t, s, "Troll 2,0")
	if s.At(2, 0) != voluspa.Troll {
		t.Fatal("a Troll next to a Troll was refused")
	}
	// A Troll may be laid next to any tile.
	s = play(t, s, "Troll 0,1")
	if s.At(0, 1) != voluspa.Troll {
		t.Fatal("a Troll next to an Odin was refused")
	}
	for _, m := range s.Legal() {
		x, y, ok := m.Square()
		if !ok || m.Tile() == voluspa.Troll {
			continue
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if s.At(x+d[0], y+d[1]) == voluspa.Troll {
				t.Errorf("Legal lists %v next to a Troll", m)
			}
		}
	}
}

func TestRuleV7_Dragon(t *testing.T) {
	s := opening(t, "Odin", 0, "Thor Dragon Troll Dragon Loki", "Dragon Dragon Thor Thor Thor")
	refused(t, s, "Dragon on 0,0", "touches no other tile")
	s = play(t, s, "Thor 1,0")
	s, _ = lines(t, s, "Dragon on 1,0")
	if s.At(1, 0) != voluspa.Dragon || s.Gone().Count(voluspa.Thor) != 1 {
		t.Fatalf("after Dragon on 1,0: at 1,0 %v, gone %s", s.At(1, 0), s.Gone().String())
	}
	if s.ToMove() != norns.Chance || s.Phase() != voluspa.PhaseDraw {
		t.Fatalf("a Dragon's player does not draw: %v", s.Phase())
	}
	if err := invariant(s); err != nil {
		t.Fatal(err)
	}
	refused(t, s, "Dragon on 1,0", "a Dragon cannot cover a Dragon")
	s = play(t, s, "Dragon on 0,0")
	if s.At(0, 0) != voluspa.Dragon {
		t.Fatal("a Dragon did not cover the first tile once it had a neighbour")
	}
	// The Troll rule holds for the covered square.
	s = play(t, s, "Thor 0,1", "Troll 1,1", "Thor -1,0")
	refused(t, s, "Dragon on 0,1", "next to the Troll at 1,1")
}

func TestRuleV8_Skadi(t *testing.T) {
	s := opening(t, "Odin", 0, "Thor Skadi Thor Thor Thor", "Skadi Skadi Valkyrie Loki Loki")
	refused(t, s, "Skadi on 0,0", "touches no other tile")
	s = play(t, s, "Thor 1,0")
	before := s
	for before.ToMove() == norns.Chance {
		before = mustApply(t, before, "draw Loki")
	}
	s, _ = lines(t, before, "Skadi on 1,0")
	if s.At(1, 0) != voluspa.Skadi || s.Hand(1).Count(voluspa.Thor) != 1 {
		t.Fatalf("after Skadi on 1,0: at 1,0 %v, hand %s", s.At(1, 0), s.Hand(1).String())
	}
	if s.ToMove() != 0 || s.HandLen(1) != 5 || s.SupplySize() != before.SupplySize() {
		t.Fatalf("a Skadi capture drew: %v to move, hand %d, supply %d", s.ToMove(), s.HandLen(1), s.SupplySize())
	}
	if s.Known(1) != tiles(t, "Thor") || s.View(0).Known(1) != tiles(t, "Thor") {
		t.Errorf("the captured tile is not known to be in the hand: %s", s.Known(1).String())
	}
	refused(t, s, "Skadi on 1,0", "a Skadi cannot cover a Skadi")
	s = play(t, s, "Thor 2,0", "Thor 3,0")
	if s.Known(1) != 0 {
		t.Errorf("after seat 1 laid a Thor, still known: %s", s.Known(1).String())
	}
}

// blocked returns a two-player position where seat 0 is to act holding no tile it can lay: the
// first tile is ringed by Trolls and seat 0 holds neither Troll, Dragon nor Skadi.
func blocked(t testing.TB) voluspa.State {
	s := opening(t, "Odin", 0, "Troll Troll Thor Odin Loki", "Troll Troll Troll Fenrir Fenrir")
	return play(t, s, "Troll 1,0", "Troll -1,0", "Troll 0,1", "Troll 0,-1", "draw Valkyrie")
}

func TestRuleV9_Discard(t *testing.T) {
	s := blocked(t)
	if s.ToMove() != 0 || s.Hand(0).String() != "Odin Thor Loki Loki Loki" {
		t.Fatalf("seat 0 holds %s", s.Hand(0).String())
	}
	want := []voluspa.Move{voluspa.Discard(voluspa.Odin), voluspa.Discard(voluspa.Thor), voluspa.Discard(voluspa.Loki)}
	if got := s.Legal(); !slices.Equal(got, want) {
		t.Fatalf("a blocked seat's moves %v, want %v", got, want)
	}
	refused(t, s, "Thor 2,0", "next to the Troll")
	refused(t, s, "pass", "only a player with an empty hand passes")
	next, evs, err := s.ApplyEvents(voluspa.Discard(voluspa.Thor), norns.Nobody, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || evs[0].Kind != voluspa.EventDiscard || next.Score(0) != 0 {
		t.Errorf("discard events %v", evs)
	}
	if !next.Gone().Has(voluspa.Thor) || next.Phase() != voluspa.PhaseDraw {
		t.Errorf("after the discard: gone %s, phase %v", next.Gone().String(), next.Phase())
	}
	// The others learn that every tile left was of a blocked kind.
	kinds, n := voluspa.HoldOf(next, 0)
	if n != 4 || slices.Contains(kinds, voluspa.Troll) || slices.Contains(kinds, voluspa.Dragon) || !slices.Contains(kinds, voluspa.Odin) {
		t.Errorf("hold %v %d", kinds, n)
	}
	// Seat 1 holds a Troll and can lay: it may not discard.
	next = play(t, next, "draw Odin")
	refused(t, next, "discard Fenrir", "a player who can lay may not discard")
}

func TestRuleV9_Pass(t *testing.T) {
	// A whole match played by the first legal move: a seat with an empty hand passes, and only
	// then.
	for n := 2; n <= 5; n++ {
		s := mustNew(t, n)
		r := rng.New(uint64(n))
		passes := 0
		for !s.Over() {
			var m voluspa.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				legal := s.Legal()
				m = legal[0]
				empty := s.HandLen(s.ToMove()) == 0
				if (m == voluspa.Pass()) != empty || (empty && len(legal) != 1) {
					t.Fatalf("hand %d, moves %v", s.HandLen(s.ToMove()), legal)
				}
				if empty {
					passes++
				}
			}
			s = mustApply(t, s, m.String())
		}
		if passes == 0 && n > 2 {
			t.Logf("%d players: no pass in this match", n)
		}
	}
}

func TestRuleV10_Loki(t *testing.T) {
	s := opening(t, "Thor", 0, "Loki Odin Fenrir Thor Thor", "Odin Valkyrie Thor Thor Thor")
	s, evs := lines(t, s, "Loki 0,1")
	// The Thor at 0,0 is now next to a Loki: worth 0, so the Loki (1) is the strongest.
	checkLines(t, evs, lineSummary{voluspa.LineColumn, 2, 1, 2, voluspa.ReasonStrongest})
	s, evs = lines(t, s, "Odin 1,1")
	// An Odin next to a Loki is worth 0 and scores nothing; it has no column.
	checkLines(t, evs, lineSummary{voluspa.LineRow, 2, 0, 0, voluspa.ReasonOutranked})
	if s.Score(1) != 0 {
		t.Errorf("seat 1 scored %d", s.Score(1))
	}
	s, evs = lines(t, s, "Fenrir 1,0")
	// Row y=0: Thor (zeroed, 0) and Fenrir (4): scores 2. Column x=1: Fenrir and the zeroed Odin.
	checkLines(t, evs,
		lineSummary{voluspa.LineRow, 2, 4, 2, voluspa.ReasonStrongest},
		lineSummary{voluspa.LineColumn, 2, 4, 2, voluspa.ReasonStrongest})
	if s.Score(0) != 6 {
		t.Errorf("seat 0 has %d points, want 2 + 4", s.Score(0))
	}
}

func TestRuleV11_FenrirPack(t *testing.T) {
	s := opening(t, "Odin", 0, "Fenrir Fenrir Thor Thor Thor", "Fenrir Odin Thor Thor Thor")
	s, evs := lines(t, s, "Fenrir 1,0")
	checkLines(t, evs, lineSummary{voluspa.LineRow, 2, 4, 0, voluspa.ReasonOutranked})
	s, evs = lines(t, s, "Fenrir 2,0")
	// Two Fenrirs worth 8 each tie the Odin.
	checkLines(t, evs, lineSummary{voluspa.LineRow, 3, 8, 0, voluspa.ReasonTie})
	s, evs = lines(t, s, "Fenrir 3,0")
	// The newest of three Fenrirs (12) beats the Odin (8); its packmates are no rivals.
	checkLines(t, evs, lineSummary{voluspa.LineRow, 4, 12, 4, voluspa.ReasonStrongest})
	if s.Score(0) != 4 {
		t.Errorf("seat 0 has %d points, want 4", s.Score(0))
	}
	// An Odin laid into a line with two Fenrirs (8 each) ties.
	o := opening(t, "Fenrir", 0, "Fenrir Thor Thor Thor Thor", "Odin Thor Thor Thor Thor")
	o = play(t, o, "Fenrir 1,0")
	_, evs = lines(t, o, "Odin 2,0")
	checkLines(t, evs, lineSummary{voluspa.LineRow, 3, 8, 0, voluspa.ReasonTie})
	// A Fenrir next to a Loki is worth 0 and nobody's packmate.
	z := opening(t, "Fenrir", 0, "Loki Fenrir Thor Thor Thor", "Fenrir Thor Thor Thor Thor")
	z = play(t, z, "Loki 0,1", "Fenrir 1,0")
	_, evs = lines(t, z, "Fenrir 2,0")
	// Row: Fenrir 0,0 (zeroed), 1,0 and 2,0: a pack of two, worth 8, beating the zeroed one.
	checkLines(t, evs, lineSummary{voluspa.LineRow, 3, 8, 3, voluspa.ReasonStrongest})
}

func TestRuleV12_Valkyrie(t *testing.T) {
	s := opening(t, "Valkyrie", 0, "Odin Skadi Valkyrie Thor Thor", "Thor Valkyrie Thor Thor Thor")
	s = play(t, s, "Odin 1,0", "Thor 2,0", "Skadi 3,0")
	s, evs := lines(t, s, "Valkyrie 4,0")
	// A Valkyrie closing a line of 5 that starts with a Valkyrie scores 5, though an Odin is in it.
	checkLines(t, evs, lineSummary{voluspa.LineRow, 5, 2, 5, voluspa.ReasonBookends})
	if s.Score(1) != 5 {
		t.Errorf("seat 1 has %d points, want 5", s.Score(1))
	}
	// A line of two Valkyries scores too.
	_, evs = lines(t, s, "Valkyrie 0,1")
	checkLines(t, evs, lineSummary{voluspa.LineColumn, 2, 2, 2, voluspa.ReasonBookends})
	// A Valkyrie laid into the middle of a line (not at an end) does not close it.
	m := opening(t, "Valkyrie", 0, "Odin Valkyrie Thor Thor Thor", "Thor Valkyrie Valkyrie Thor Thor")
	m = play(t, m, "Odin 1,0", "Thor 1,1", "Thor 2,1", "Valkyrie 3,1", "Thor 3,0")
	_, evs = lines(t, m, "Valkyrie 2,0")
	// Row y=0: Valkyrie Odin [Valkyrie] Thor: ends are Valkyrie and Thor, and the Odin wins.
	checkLines(t, evs,
		lineSummary{voluspa.LineRow, 4, 2, 0, voluspa.ReasonOutranked},
		lineSummary{voluspa.LineColumn, 2, 2, 0, voluspa.ReasonOutranked})
}

func TestRuleV13_ScoringPictures(t *testing.T) {
	// An Odin strictly highest in a line of 4 scores 4.
	s := opening(t, "Thor", 0, "Fenrir Odin Thor Thor Thor", "Valkyrie Thor Thor Thor Thor")
	s = play(t, s, "Fenrir 1,0", "Valkyrie 2,0")
	s, evs := lines(t, s, "Odin 3,0")
	checkLines(t, evs, lineSummary{voluspa.LineRow, 4, 8, 4, voluspa.ReasonStrongest})
	if s.Score(0) != 4 {
		t.Errorf("seat 0 has %d points, want 4", s.Score(0))
	}
	// A Thor strictly highest in both its row and its column scores both lengths: 3 + 3.
	p := opening(t, "Dragon", 0, "Skadi Dragon Valkyrie Thor Odin", "Skadi Valkyrie Dragon Thor Thor")
	p = play(t, p, "Skadi 1,0", "Skadi 0,1", "Dragon 2,0", "Valkyrie 2,1", "Valkyrie 2,2", "Dragon 1,2")
	before := p.Score(0)
	p, evs = lines(t, p, "Thor 1,1")
	checkLines(t, evs,
		lineSummary{voluspa.LineRow, 3, 7, 3, voluspa.ReasonStrongest},
		lineSummary{voluspa.LineColumn, 3, 7, 3, voluspa.ReasonStrongest})
	if p.Score(0)-before != 6 {
		t.Errorf("the Thor scored %d, want 6", p.Score(0)-before)
	}
	// A Troll that ties the highest worth of its line scores 0 for it.
	tr := opening(t, "Skadi", 0, "Troll Thor Thor Thor Thor", "Troll Thor Thor Thor Thor")
	tr, evs = lines(t, tr, "Troll 1,0")
	checkLines(t, evs, lineSummary{voluspa.LineRow, 2, 6, 2, voluspa.ReasonStrongest})
	_, evs = lines(t, tr, "Troll 2,0")
	checkLines(t, evs, lineSummary{voluspa.LineRow, 3, 6, 0, voluspa.ReasonTie})
	// The first tile belongs to no one: nobody scores before the first lay.
	if tr.Score(1) != 0 || tr.Reached(0) != 1 {
		t.Errorf("scores %d, reached %d", tr.Score(1), tr.Reached(0))
	}
}

func TestRuleV14_Draw(t *testing.T) {
	s := opening(t, "Odin", 0, "Thor Thor Thor Thor Thor", "Thor Thor Thor Fenrir Fenrir")
	s = mustApply(t, s, "Thor 1,0")
	if s.ToMove() != norns.Chance || s.HandLen(0) != 4 || s.Turn() != 0 {
		t.Fatalf("after a lay: %v to move, hand %d", s.ToMove(), s.HandLen(0))
	}
	// The outcomes are the kinds in the supply, drawn in proportion to their copies.
	legal := s.Legal()
	if len(legal) != 7 || legal[0] != voluspa.Draw(voluspa.Odin) {
		t.Errorf("draw outcomes %v", legal)
	}
	counts := map[voluspa.Tile]int{}
	r := rng.New(9)
	const n = 40000
	for range n {
		counts[s.SampleChance(r).Tile()]++
	}
	supply := s.Supply()
	for _, tl := range voluspa.Kinds() {
		want := float64(supply.Count(tl)) / float64(supply.Len())
		if got := float64(counts[tl]) / n; got < want-0.01 || got > want+0.01 {
			t.Errorf("%v drawn %.3f of the time, want %.3f", tl, got, want)
		}
	}
	s = mustApply(t, s, "draw Loki")
	if s.ToMove() != 1 || s.HandLen(0) != 5 || !s.Hand(0).Has(voluspa.Loki) {
		t.Errorf("after the draw: %v to move, hand %s", s.ToMove(), s.Hand(0).String())
	}
	// As far as the supply lasts: at the end of a match hands shrink and no draw comes.
	e := mustNew(t, 2)
	r = rng.New(4)
	for !e.Over() {
		var m voluspa.Move
		if e.ToMove() == norns.Chance {
			if e.SupplySize() == 0 {
				t.Fatal("a draw from an empty supply")
			}
			m = e.SampleChance(r)
		} else {
			m = e.Legal()[0]
			seat := e.ToMove()
			next := mustApply(t, e, m.String())
			if e.SupplySize() > 0 && next.ToMove() != norns.Chance && m.Kind() != voluspa.MoveCover && m.Kind() != voluspa.MovePass {
				t.Fatalf("%v played %v and did not draw", seat, m)
			}
			e = next
			continue
		}
		e = mustApply(t, e, m.String())
	}
}

func TestRuleV15_End(t *testing.T) {
	for seed := range uint64(20) {
		s := mustNew(t, 3)
		r := rng.New(seed)
		for !s.Over() {
			if s.ToMove() == norns.Chance {
				s = mustApply(t, s, s.SampleChance(r).String())
				continue
			}
			l := s.Legal()
			s = mustApply(t, s, l[r.IntN(len(l))].String())
			if !s.Over() && s.SupplySize() == 0 && s.HandLen(0)+s.HandLen(1)+s.HandLen(2) == 0 {
				t.Fatal("supply and hands empty but the match goes on")
			}
		}
		if s.SupplySize() != 0 || s.HandLen(0)+s.HandLen(1)+s.HandLen(2) != 0 {
			t.Fatal("over with tiles left")
		}
		best, first := -1, 0
		var want norns.Seats
		for p := range norns.Player(3) {
			sc, at := s.Score(p), s.Reached(p)
			switch {
			case sc > best || sc == best && at < first:
				best, first, want = sc, at, norns.SeatsOf(p)
			case sc == best && at == first:
				want = want.With(p)
			}
		}
		if s.Winners() != want || want.Len() != 1 {
			t.Errorf("seed %d: winners %v, want %v", seed, s.Winners(), want)
		}
	}
}

func TestRuleV15_TieGoesToWhoReachedItFirst(t *testing.T) {
	over := mustNew(t, 3)
	norns.Playout(&over, rng.New(8), nil)
	data, _ := json.Marshal(over)
	var j map[string]any
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	turns := int(j["turns"].(float64))
	for _, tc := range []struct {
		scores, reached [3]int
		want            norns.Seats
	}{
		{[3]int{50, 50, 40}, [3]int{turns - 1, turns - 5, turns}, norns.SeatsOf(1)},
		{[3]int{50, 50, 40}, [3]int{turns - 5, turns - 1, turns}, norns.SeatsOf(0)},
		{[3]int{30, 50, 50}, [3]int{turns, turns - 2, turns - 3}, norns.SeatsOf(2)},
		{[3]int{30, 51, 50}, [3]int{turns, turns - 2, turns - 3}, norns.SeatsOf(1)},
		{[3]int{0, 0, 0}, [3]int{0, 0, 0}, norns.SeatsOf(0, 1, 2)}, // nobody scored: a shared win
	} {
		seats := j["seats"].([]any)
		for p := range 3 {
			seat := seats[p].(map[string]any)
			seat["score"], seat["reached"] = tc.scores[p], tc.reached[p]
		}
		data, _ := json.Marshal(j)
		var s voluspa.State
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
		if s.Winners() != tc.want {
			t.Errorf("scores %v reached %v: winners %v, want %v", tc.scores, tc.reached, s.Winners(), tc.want)
		}
	}
}
