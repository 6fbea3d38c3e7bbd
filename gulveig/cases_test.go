package gulveig_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
)

// The cases every implementation must get right, one test each.

func TestCaseDealSizes(t *testing.T) {
	for _, tc := range []struct {
		players, out int
		fourth       bool
	}{{2, 7, false}, {3, 0, false}, {4, 0, true}} {
		s := mustNew(t, gulveig.Config{Players: tc.players, DealerGiven: true, FirstDealer: 1})
		m := s.SampleChance(rngFor(1))
		d, _ := m.Deal()
		n := d.Treasure.Len() + d.Out.Len()
		for p := range tc.players {
			n += d.Hands[p].Len()
		}
		if n != 24 || d.Treasure.Len() != 3 || d.Out.Len() != tc.out {
			t.Errorf("%d players: %d cards dealt, treasure %d, out %d", tc.players, n, d.Treasure.Len(), d.Out.Len())
		}
		if tc.fourth && !d.Hands[1].IsEmpty() {
			t.Errorf("4 players: the dealer sits out, got %v", d.Hands[1])
		}
	}
}

func TestCaseFirstBidderCannotPassNoOddBids(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	refused(t, s, "pass", "may not pass")
	refused(t, s, "bid 95", "multiples of 10")
	s = play(t, s, "bid 90")
	refused(t, s, "bid 95", "multiples of 10")
}

func TestCaseTenCardsThreeAside(t *testing.T) {
	s := play(t, start(t, gulveig.Config{}, 2, deal3(t)), "bid 90", "pass", "pass")
	if s.Hand(0).Len() != 10 {
		t.Fatalf("%d cards", s.Hand(0).Len())
	}
	refused(t, s, "keep", "aside")
	refused(t, s, "Odin", "aside")
	s = play(t, s, "aside Odin Tyr Thor")
	if s.Hand(0).Len() != 7 || s.Phase() != gulveig.PhaseRaise {
		t.Fatalf("%d cards, %v", s.Hand(0).Len(), s.Phase())
	}
}

func TestCaseLokiSpearMakesMuspeliSupreme(t *testing.T) {
	// Seat 1 shows Loki + Spear (60) on its first lead and leads Spear; seat 2 follows Logi, and
	// seat 0's Surt (7 + 7) takes it. Seat 0 leads Odin, seat 1 follows Baldur, and seat 2, holding
	// no Aesir, plays Thiassi (Muspeli, worth 0, strength 2 + 7 = 9), which beats Odin (7).
	d := gulveig.Deal{Hands: [4]gulveig.Cards{
		cs(t, "Odin Tyr Thor Sif Frey Njord Surt"),
		cs(t, "Baldur Idun Aegir Ran Loki Spear Ymir"),
		cs(t, "Nanna Freya Logi Farbauti Thiassi Hrungnir Gymir"),
	}, Treasure: cs(t, "Aurboda Thrym Laufey")}
	s := start(t, gulveig.Config{}, 2, d)
	s = play(t, s, "bid 90", "bid 100", "pass", "pass", "aside Aurboda Thrym Laufey", "keep", "show Spear+Loki")
	if s.Supremacy() != gulveig.Muspeli {
		t.Fatal("Muspeli is supreme")
	}
	s = play(t, s, "Logi", "Surt", "Odin", "Baldur")
	// Seat 2 must not follow Aesir (it holds none): Thiassi, 2 + 7 = 9, beats Odin's 7.
	s = play(t, s, "Thiassi")
	if !s.Won(2).Contains(cs(t, "Odin Baldur Thiassi")) {
		t.Fatalf("Thiassi takes Odin's trick: seat 2 won %v", s.Won(2))
	}
	if s.Shown(1) != cs(t, "Loki Spear") {
		t.Fatal("the combo is shown")
	}
}

func TestCaseOffClanWithoutSupremacyIsZero(t *testing.T) {
	// Seat 0 leads Sif (4); seat 1 follows Idun (2); seat 2, holding no Aesir, throws Hrungnir
	// (printed strength 6, worth 10): off-clan without supremacy it is 0, and Sif wins.
	s := play(t, start(t, gulveig.Config{}, 2, deal3(t)), "bid 90", "pass", "pass", "aside Aurboda Thrym Laufey", "keep",
		"Sif", "Idun", "Hrungnir")
	if !s.Won(0).Contains(cs(t, "Sif Idun Hrungnir")) {
		t.Fatalf("Sif wins: %v", s.Won(0))
	}
}

func TestCaseBid120(t *testing.T) {
	for _, tc := range []struct{ pts, want int }{{135, 120}, {115, -120}} {
		got, _ := gulveig.SettleHand([]int{0, 0, 0}, []int{tc.pts, 0, 0}, 0, 120, false, 1000)
		if got[0] != tc.want {
			t.Errorf("bid 120, %d points: %d, want %d", tc.pts, got[0], tc.want)
		}
	}
}

func TestCaseBarrel(t *testing.T) {
	got, _ := gulveig.SettleHand([]int{0, 950, 880}, []int{200, 40, 150}, 0, 90, false, 1000)
	if got[1] != 950 || got[2] != 999 {
		t.Errorf("on the barrel nothing; 880 + 150 stops at 999: %v", got)
	}
}

func TestCaseBlind120(t *testing.T) {
	for _, tc := range []struct{ pts, want int }{{150, 240}, {100, -240}} {
		got, _ := gulveig.SettleHand([]int{0, 0, 0}, []int{tc.pts, 0, 0}, 0, 120, true, 1000)
		if got[0] != tc.want {
			t.Errorf("blind 120, %d points: %d, want %d", tc.pts, got[0], tc.want)
		}
	}
}

func TestCaseBetting(t *testing.T) {
	ps := gulveig.Settle([]int{1000, 500, -200}, norns.SeatsOf(0))
	if len(ps) != 2 || ps[0].String() != "seat 1 pays seat 0 5.00" || ps[1].String() != "seat 2 pays seat 0 12.00" {
		t.Errorf("payments %v", ps)
	}
}
