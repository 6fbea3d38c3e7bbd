package voluspa_test

import (
	"math"
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// checkSample is the independent check of a sample of v: the view is the same, every tile is
// in one place, the other hands hold what v says they hold, and only unseen tiles moved.
func checkSample(t *testing.T, v voluspa.View, s voluspa.State) {
	t.Helper()
	if s.View(v.Seat()) != v {
		t.Fatalf("a sample's view differs from the view sampled")
	}
	if err := invariant(s); err != nil {
		t.Fatalf("a sample breaks the invariant: %v\n%v", err, s)
	}
	for q := range norns.Player(v.Players()) {
		if q != v.Seat() && !s.Hand(q).Contains(v.Known(q)) {
			t.Fatalf("%v's sampled hand %s lacks the known %s", q, s.Hand(q).String(), v.Known(q).String())
		}
	}
}

func TestSampleKeepsCapturedTiles(t *testing.T) {
	s := opening(t, "Odin", 0, "Thor Skadi Thor Thor Thor", "Skadi Skadi Valkyrie Loki Loki")
	s = settle(t, play(t, s, "Thor 1,0", "Skadi on 1,0"))
	v := s.View(0)
	r := rng.New(1)
	thor := voluspa.Thor
	for range 500 {
		smp := v.Sample(r)
		checkSample(t, v, smp)
		if !smp.Hand(1).Has(thor) {
			t.Fatalf("a sample lost the Thor seat 1 took: %s", smp.Hand(1).String())
		}
	}
	// Once seat 1 lays a Thor, seat 0 cannot tell which: the samples may give seat 1 none.
	s = settle(t, play(t, s, "Thor 2,0", "Thor 3,0"))
	v = s.View(0)
	none := 0
	for range 500 {
		smp := v.Sample(r)
		checkSample(t, v, smp)
		if !smp.Hand(1).Has(thor) {
			none++
		}
	}
	if none == 0 {
		t.Error("after the Thor was laid, every sample still gives seat 1 a Thor")
	}
}

// blockedKinds computes, independently of the package's bitboards, which kinds have no legal
// square on s's grid: each kind tried on every square around the grid through Apply, from a
// state where the seat to act holds it.
func blockedKinds(t *testing.T, s voluspa.State) []voluspa.Tile {
	minX, minY, maxX, maxY, _ := s.Bounds()
	var out []voluspa.Tile
	for _, tl := range voluspa.Kinds() {
		free := false
		for y := minY - 1; y <= maxY+1 && !free; y++ {
			for x := minX - 1; x <= maxX+1 && !free; x++ {
				free = voluspa.CanPlace(s, tl, x, y)
			}
		}
		if !free {
			out = append(out, tl)
		}
	}
	return out
}

func TestSampleKeepsDiscardInference(t *testing.T) {
	s := blocked(t)
	want := blockedKinds(t, s)
	s = mustApply(t, s, "discard Thor")
	kinds, n := voluspa.HoldOf(s, 0)
	if n != 4 || len(kinds) != len(want) {
		t.Fatalf("hold %v %d, want the kinds %v and 4 tiles", kinds, n, want)
	}
	for i := range kinds {
		if kinds[i] != want[i] {
			t.Fatalf("hold %v, want %v", kinds, want)
		}
	}
	s = settle(t, s)
	v := s.View(1)
	r := rng.New(2)
	inKinds := func(h voluspa.Tiles) int {
		k := 0
		for c := range h.All() {
			for _, tl := range want {
				if c == tl {
					k++
				}
			}
		}
		return k
	}
	for range 1000 {
		smp := v.Sample(r)
		checkSample(t, v, smp)
		if got := inKinds(smp.Hand(0)); got < 4 {
			t.Fatalf("a sample gives seat 0 %s: %d tiles of %v, want at least 4", smp.Hand(0).String(), got, want)
		}
	}
}

// TestSampleUniform checks the distribution with no inference to respect: how many Thors the
// other seat holds follows the hypergeometric law over the unseen tiles.
func TestSampleUniform(t *testing.T) {
	s := opening(t, "Odin", 0, "Odin Odin Troll Loki Valkyrie", "Thor Thor Fenrir Fenrir Skadi")
	v := s.View(0)
	unseen := v.Unseen()
	if unseen.Len() != 54 {
		t.Fatalf("%d unseen tiles, want 54", unseen.Len())
	}
	thors := unseen.Count(voluspa.Thor)
	const n = 20000
	var got [6]int
	r := rng.New(5)
	for range n {
		smp := v.Sample(r)
		got[smp.Hand(1).Count(voluspa.Thor)]++
	}
	binom := func(n, k int) float64 {
		if k < 0 || k > n {
			return 0
		}
		v := 1.0
		for i := range k {
			v = v * float64(n-i) / float64(i+1)
		}
		return v
	}
	chi := 0.0
	for k := range 6 {
		p := binom(thors, k) * binom(54-thors, 5-k) / binom(54, 5)
		e := p * n
		if e < 5 {
			continue
		}
		chi += (float64(got[k]) - e) * (float64(got[k]) - e) / e
	}
	if chi > 20 || math.IsNaN(chi) {
		t.Errorf("Thors in the other hand %v: chi-square %.1f against the hypergeometric law", got, chi)
	}
}

// TestSampleKeepsEveryDiscardInference scripts a seat that discards twice while its first
// discard still binds: at the first discard a Dragon, a Skadi and a Troll could still go down
// somewhere (two Trolls could be covered), at the second only a Troll (every Troll guards
// another). The three tiles left from the first discard were in the
// hand at the second, so every sample must give seat 0 at least three tiles of the first
// discard's kinds, and four of the second's (a Dragon or a Skadi may be one of those four).
func TestSampleKeepsEveryDiscardInference(t *testing.T) {
	s := opening(t, "Odin", 0, "Troll Troll Troll Thor Odin", "Troll Troll Fenrir Fenrir Thor")
	s = play(t, s, "Troll 1,0", "Troll -1,0", "Troll 0,1", "Troll 0,-1", "Troll 1,1", "discard Fenrir", "draw Troll")
	if got := s.Hand(0).String(); s.ToMove() != 0 || got != "Odin Thor Loki Loki Loki" {
		t.Fatalf("seat 0 to act with %s\n%v", got, s)
	}
	first := blockedKinds(t, s)
	s = play(t, s, "discard Thor", "draw Odin", "Troll -1,-1")
	s = settle(t, s)
	second := blockedKinds(t, s)
	if len(second) != len(first)+2 || slices.Contains(second, voluspa.Troll) {
		t.Fatalf("blocked kinds %v at the first discard, %v at the second", first, second)
	}
	s = settle(t, play(t, s, "discard Odin"))
	kinds, n := voluspa.HoldsOf(s, 0)
	if len(n) != 2 || n[0] != 3 || n[1] != 4 || !slices.Equal(kinds[0], first) || !slices.Equal(kinds[1], second) {
		t.Fatalf("inferences %v %v, want 3 of %v and 4 of %v", kinds, n, first, second)
	}
	v := s.View(1)
	r := rng.New(3)
	exactlyThree, coverKind := 0, 0
	for range 2000 {
		smp := v.Sample(r)
		checkSample(t, v, smp)
		h := smp.Hand(0)
		if a, b := countOf(h, first), countOf(h, second); a < 3 || b < 4 {
			t.Fatalf("a sample gives seat 0 %s: %d of %v and %d of %v, want at least 3 and 4", h.String(), a, first, b, second)
		}
		if countOf(h, first) == 3 {
			exactlyThree++
		}
		if countOf(h, []voluspa.Tile{voluspa.Dragon, voluspa.Skadi}) > 0 {
			coverKind++
		}
	}
	if exactlyThree == 0 || coverKind == 0 {
		t.Errorf("in 2000 samples: %d with exactly 3 of the first discard's kinds, %d with a Dragon or Skadi; want some of each", exactlyThree, coverKind)
	}
}

// TestSampleCaptureAfterDiscard scripts a tile that goes into a hand after a discard: seat 0
// discards with Thor Loki Loki Loki left (every one of a kind blocked then: Odin, Thor, Fenrir,
// Valkyrie, Loki), draws a Skadi, lays one Loki (three of those four are still in hand), draws a
// Dragon, and captures a Valkyrie with the Skadi. The Valkyrie was not in the hand at the
// discard, so it is not one of the three: seat 0 holds at least four tiles of the blocked kinds,
// three hidden ones and the Valkyrie everyone saw. A sample that gives seat 0 only two hidden
// tiles of those kinds deals it a hand it cannot hold.
func TestSampleCaptureAfterDiscard(t *testing.T) {
	s := opening(t, "Odin", 0, "Troll Troll Odin Thor Loki", "Troll Troll Dragon Valkyrie Valkyrie")
	s = settle(t, play(t, s, "Troll 1,0", "Troll -1,0", "Troll 0,1", "Troll 0,-1"))
	if got := s.Hand(0).String(); s.ToMove() != 0 || got != "Odin Thor Loki Loki Loki" {
		t.Fatalf("seat 0 to act with %s\n%v", got, s)
	}
	blockedAt := blockedKinds(t, s)
	s = play(t, s, "discard Odin", "draw Skadi", "Dragon on 1,0", "Loki 2,0", "draw Dragon", "Valkyrie 3,0", "Skadi on 3,0")
	s = settle(t, s)
	if got := s.Hand(0).String(); got != "Thor Dragon Valkyrie Loki Loki" || s.Known(0).String() != "Valkyrie" {
		t.Fatalf("seat 0 holds %s, known %s\n%v", got, s.Known(0).String(), s)
	}
	v := s.View(1)
	r := rng.New(4)
	const n = 3000
	var got [voluspa.HandSize]int // samples by how many of seat 0's four hidden tiles are of the blocked kinds
	for range n {
		smp := v.Sample(r)
		checkSample(t, v, smp)
		k := countOf(smp.Hand(0), blockedAt)
		if k < 4 {
			t.Fatalf("a sample gives seat 0 %s: %d tiles of %v; it holds at least 4 (three from before its discard, and the Valkyrie it captured after)", smp.Hand(0).String(), k, blockedAt)
		}
		got[k-1]++
	}
	// The exact law: every draw of the four hidden tiles from the unseen ones with at least three
	// of the blocked kinds is equally likely.
	nb := countOf(v.Unseen(), blockedAt)
	no := v.Unseen().Len() - nb
	binom := func(n, k int) float64 {
		v := 1.0
		for i := range k {
			v = v * float64(n-i) / float64(i+1)
		}
		return v
	}
	w3, w4 := binom(nb, 3)*binom(no, 1), binom(nb, 4)
	chi := 0.0
	for k, w := range map[int]float64{3: w3, 4: w4} {
		e := n * w / (w3 + w4)
		chi += (float64(got[k]) - e) * (float64(got[k]) - e) / e
	}
	if chi > 15 {
		t.Errorf("hidden tiles of the blocked kinds: 3 in %d samples, 4 in %d; chi-square %.1f against the exact law (%.0f and %.0f)", got[3], got[4], chi, n*w3/(w3+w4), n*w4/(w3+w4))
	}
}

// countOf returns how many tiles of h are of one of kinds.
func countOf(h voluspa.Tiles, kinds []voluspa.Tile) int {
	k := 0
	for c := range h.All() {
		if slices.Contains(kinds, c) {
			k++
		}
	}
	return k
}

// TestSampleOfZeroView checks that the zero View, which no state gives, samples without a panic
// or an endless redeal: a state with no seat, whose View(Seat()) would be refused anyway.
func TestSampleOfZeroView(t *testing.T) {
	var v voluspa.View
	s := v.Sample(rng.New(1))
	if s.Players() != 0 || s.Supply() != voluspa.Tiles(voluspa.Deck().Full()) {
		t.Errorf("the zero view sampled %d seats and supply %v", s.Players(), s.Supply())
	}
}
