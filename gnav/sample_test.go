package gnav_test

import (
	"math"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/rng"
)

// samples returns n samples of seat p's view of s, checking that each shows p the same view.
func samples(t *testing.T, s gnav.State, p norns.Player, n int) []gnav.State {
	t.Helper()
	v := s.View(p)
	r := rng.New(uint64(n))
	out := make([]gnav.State, n)
	for i := range out {
		out[i] = v.Sample(r)
		if out[i].View(p) != v {
			t.Fatalf("a sample's view differs:\n%v", out[i])
		}
	}
	return out
}

func TestSampleAcceptedExchangeHeldNoMatador(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{hus, gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)})
	s, _ = play(t, s, 3, "ask", "stand")
	// Seat 0 asked seat 1, which accepted, so seat 1 held no matador then (it holds seat 0's
	// card now, whatever that is), and no Narr either: nobody knocked.
	var matadorsAt0 int
	for _, smp := range samples(t, s, 3, 2000) {
		if d := smp.Dealt(1); d.IsMatador() || d == narr || smp.Hand(0) != d {
			t.Fatalf("seat 1 accepted but was dealt %v (seat 0 holds %v)", d, smp.Hand(0))
		}
		if smp.Hand(1) != smp.Dealt(0) {
			t.Fatalf("seat 1 holds %v, seat 0 was dealt %v", smp.Hand(1), smp.Dealt(0))
		}
		if smp.Hand(1).IsMatador() {
			matadorsAt0++
		}
	}
	// Seat 0 may have asked with a matador: samples must allow it.
	if matadorsAt0 == 0 {
		t.Error("no sample gives seat 0 a matador to ask with")
	}
}

func TestSampleHandedCardStaysWithNeighbour(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(5), potte, gnav.Numbered(9), gnav.Numbered(10)})
	s, _ = play(t, s, 0, "ask")
	for _, smp := range samples(t, s, 0, 500) {
		if smp.Hand(1) != gnav.Numbered(5) || smp.Hand(0) != potte || smp.Dealt(1) != potte {
			t.Fatalf("seat 1 holds %v (dealt %v)", smp.Hand(1), smp.Dealt(1))
		}
	}
	// Seat 1 passes it on: seat 0 knows seat 2 holds its V now.
	s, _ = play(t, s, 0, "ask")
	for _, smp := range samples(t, s, 0, 500) {
		if smp.Hand(2) != gnav.Numbered(5) || smp.Hand(1) != smp.Dealt(2) || smp.Dealt(2).IsMatador() {
			t.Fatalf("seat 2 holds %v; seat 1 holds %v, seat 2 was dealt %v", smp.Hand(2), smp.Hand(1), smp.Dealt(2))
		}
	}
}

func TestSampleUndoSendsKnownCardsBack(t *testing.T) {
	s := table(t, gnav.Config{Players: 5}, 4, nil)
	s = dealt(t, s, []gnav.Card{gnav.Numbered(5), gnav.Numbered(6), gnav.Numbered(2), katt, gnav.Numbered(9)})
	s, _ = play(t, s, 0, "ask", "ask", "ask")
	// 0↔1, 1↔2, then 2 meets the cat: every card goes home. Seat 0 knows seat 1 holds VI again,
	// and seat 2 its dealt card, which seat 0 never saw.
	for _, smp := range samples(t, s, 0, 500) {
		if smp.Hand(1) != gnav.Numbered(6) || smp.Hand(0) != gnav.Numbered(5) || smp.Hand(3) != katt || smp.Hand(2) != smp.Dealt(2) {
			t.Fatalf("hands %v", hands(smp))
		}
		if smp.Hand(2).IsMatador() || smp.Hand(2) == narr {
			t.Fatalf("seat 2 accepted but holds %v", smp.Hand(2))
		}
	}
}

func TestSampleKnocksAndRefusals(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(5), hest, narr, gnav.Numbered(10)})
	s, _ = play(t, s, 3, "ask")
	// Seat 1's Hest is known; seat 2 knocked and accepted: it was dealt the Narr, which seat 0
	// now holds; the dealer knows its own X.
	for _, smp := range samples(t, s, 3, 1000) {
		if smp.Hand(1) != hest || smp.Hand(0) != narr || smp.Dealt(2) != narr || smp.Hand(3) != gnav.Numbered(10) {
			t.Fatalf("hands %v", hands(smp))
		}
		if smp.Hand(2) == narr {
			t.Fatal("seat 2 holds a Narr, but it holds seat 0's dealt card and seat 0 did not knock")
		}
	}
}

// TestSampleUniform compares Sample with rejection sampling through the rules engine: deal a
// random pack, replay the moves, keep it if the seat's view is the same. Both must give the
// same distribution of every seat's card.
func TestSampleUniform(t *testing.T) {
	if testing.Short() {
		t.Skip("statistical")
	}
	start := four(t)
	moves := []gnav.Move{gnav.Ask(), gnav.Ask()} // 0 asks 1, then 1 asks on
	s := dealt(t, start, []gnav.Card{gnav.Numbered(12), gnav.Numbered(4), hest, gnav.Numbered(7)})
	for _, m := range moves {
		s, _ = s.Apply(m)
	}
	const viewer = 2
	v := s.View(viewer)
	const nRej, nSmp = 6000, 60000
	var rej, smp [4][gnav.NumRanks]float64
	r := rng.New(5)
	for got := 0; got < nRej; {
		u, err := start.Apply(start.SampleChance(r))
		if err != nil {
			t.Fatal(err)
		}
		ok := true
		for _, m := range moves {
			if u, err = u.Apply(m); err != nil {
				ok = false
				break
			}
		}
		if !ok || u.View(viewer) != v {
			continue
		}
		got++
		for p := range norns.Player(4) {
			rej[p][u.Hand(p)]++
		}
	}
	for range nSmp {
		u := v.Sample(r)
		for p := range norns.Player(4) {
			smp[p][u.Hand(p)]++
		}
	}
	for p := range 4 {
		tv := 0.0
		for c := range gnav.NumRanks {
			tv += math.Abs(rej[p][c]/nRej - smp[p][c]/nSmp)
		}
		tv /= 2
		if tv > 0.04 {
			t.Errorf("seat %d's card: total variation %.3f between Sample and rejection", p, tv)
		}
	}
}
