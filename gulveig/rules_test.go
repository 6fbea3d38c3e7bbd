package gulveig_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

func TestRuleG1_TwentyFourCardsFourClans(t *testing.T) {
	in := gulveig.Config{}.InPlay()
	if in.Len() != 24 {
		t.Fatalf("%d cards in play, want 24", in.Len())
	}
	total := 0
	for k := gulveig.Aesir; k <= gulveig.Rime; k++ {
		clan := in.OfClan(k)
		var worths, strengths []int
		for c := range clan.All() {
			worths = append(worths, c.Worth())
			strengths = append(strengths, c.Strength())
			total += c.Worth()
		}
		if diff := cmp.Diff([]int{11, 10, 4, 3, 2, 0}, worths); diff != "" {
			t.Errorf("%v worths (-want +got):\n%s", k, diff)
		}
		if diff := cmp.Diff([]int{7, 6, 5, 4, 3, 2}, strengths); diff != "" {
			t.Errorf("%v strengths (-want +got):\n%s", k, diff)
		}
	}
	if total != 120 {
		t.Errorf("the deck is worth %d, want 120", total)
	}
}

func TestRuleG2_CardTableAndCombos(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		value int
	}{{"Thor", "Sif", 100}, {"Aegir", "Ran", 80}, {"Loki", "Spear", 60}, {"Gymir", "Aurboda", 40}} {
		a, b := cs(t, tc.a).Nth(0), cs(t, tc.b).Nth(0)
		if p, ok := a.Partner(); !ok || p != b || a.ComboValue() != tc.value || a.Clan() != b.Clan() {
			t.Errorf("%s + %s: partner %v %v, value %d", tc.a, tc.b, p, ok, a.ComboValue())
		}
	}
	if _, ok := gulveig.Odin.Partner(); ok {
		t.Error("Odin belongs to no combo")
	}
	for _, name := range []string{"odin", "HRUNGNIR", "Spear", "laufey"} {
		if _, err := gulveig.ParseCard(name); err != nil {
			t.Errorf("ParseCard(%q): %v", name, err)
		}
	}
	if gulveig.Surt.Clan() != gulveig.Muspeli || gulveig.Thrym.Clan() != gulveig.Rime || gulveig.Freya.Clan() != gulveig.Vanir {
		t.Error("clans of the table")
	}
}

func TestRuleG3_AlternateCrossClanCombo(t *testing.T) {
	c := gulveig.Config{Alternates: gulveig.AltNanna}
	in := c.InPlay()
	if in.Has(gulveig.Nanna) || !in.Has(gulveig.NannaAlt) || in.Len() != 24 {
		t.Fatalf("in play %v: want Nanna* in place of Nanna", in)
	}
	if gulveig.NannaAlt.Clan() != gulveig.Vanir || gulveig.NannaAlt.Worth() != 2 || gulveig.NannaAlt.Strength() != 3 {
		t.Fatal("Nanna* keeps Nanna's clan, worth and strength")
	}
	if c.MaxBid() != 520 {
		t.Errorf("MaxBid %d, want 400 + 120", c.MaxBid())
	}
	d := deal3(t)
	d.Hands[0] = cs(t, "Odin Tyr Thor Sif Frey Njord Baldur")
	d.Hands[1] = cs(t, "Surt Idun Aegir Ran Loki Spear Ymir")
	d.Hands[2] = cs(t, "Nanna* Freya Logi Farbauti Thiassi Hrungnir Gymir")
	s := start(t, c, 2, d)
	s = play(t, s, "bid 90", "pass", "pass", "aside Aurboda Thrym Laufey", "keep")
	refused(t, s, "show Baldur+Nanna*", "you do not hold Nanna*")
	// Seat 2 holds Nanna*: give seat 2 the Baldur too and let it lead.
	d.Hands[0] = cs(t, "Odin Tyr Thor Sif Frey Njord Surt")
	d.Hands[1] = cs(t, "Idun Aegir Ran Loki Spear Ymir Hrungnir")
	d.Hands[2] = cs(t, "Nanna* Freya Logi Farbauti Thiassi Baldur Gymir")
	for _, tc := range []struct {
		show    string
		supreme gulveig.Clan
	}{{"show Nanna*+Baldur", gulveig.Vanir}, {"show Baldur+Nanna*", gulveig.Aesir}} {
		s := start(t, c, 1, d) // seat 2 bids first
		s = play(t, s, "bid 90", "pass", "pass", "aside Aurboda Thrym Laufey", "keep", tc.show)
		if s.Supremacy() != tc.supreme {
			t.Errorf("%s: supremacy %v, want %v", tc.show, s.Supremacy(), tc.supreme)
		}
		if got := s.Shown(2); got != cs(t, "Nanna* Baldur") {
			t.Errorf("%s: shown %v", tc.show, got)
		}
	}
}

func TestRuleG4_PlayerCounts(t *testing.T) {
	for _, tc := range []struct {
		c                    gulveig.Config
		opening, blind, outN int
	}{
		{gulveig.Config{Players: 2}, 50, 60, 7},
		{gulveig.Config{Players: 2, Veteran: true}, 50, 60, 7},
		{gulveig.Config{Players: 3}, 90, 120, 0},
		{gulveig.Config{Players: 3, Veteran: true}, 100, 120, 0},
		{gulveig.Config{Players: 4}, 90, 120, 0},
		{gulveig.Config{Players: 4, Veteran: true}, 100, 120, 0},
	} {
		if tc.c.OpeningBid() != tc.opening || tc.c.BlindMinimum() != tc.blind {
			t.Errorf("%+v: opening %d blind %d", tc.c, tc.c.OpeningBid(), tc.c.BlindMinimum())
		}
		c := tc.c
		c.DealerGiven, c.FirstDealer = true, 0
		s := mustNew(t, c)
		s, err := s.Apply(s.SampleChance(rng.New(1)))
		if err != nil {
			t.Fatal(err)
		}
		total := s.Out().Len() + 3
		for p := range norns.Player(tc.c.Players) {
			want := 7
			if tc.c.Players == 4 && p == 0 {
				want = 0 // the dealer is the 4th player
			}
			if s.Hand(p).Len() != want {
				t.Errorf("%+v: seat %d holds %d, want %d", tc.c, p, s.Hand(p).Len(), want)
			}
			total += s.Hand(p).Len()
		}
		if s.Out().Len() != tc.outN || total != 24 {
			t.Errorf("%+v: %d out of play, %d in all", tc.c, s.Out().Len(), total)
		}
		first := s.ToMove()
		if !isLegal(t, s, "bid "+strconv.Itoa(tc.opening)) || isLegal(t, s, "bid "+strconv.Itoa(tc.opening-10)) {
			t.Errorf("%+v: the opening bid is not %d (seat %v)", tc.c, tc.opening, first)
		}
	}
	// A deal that does not fit the player count is refused.
	s := mustNew(t, gulveig.Config{Players: 2, DealerGiven: true})
	d := deal3(t)
	if _, err := s.Apply(gulveig.DealMove(d)); !errors.Is(err, norns.ErrIllegalMove) {
		t.Errorf("a 3-player deal at 2 players: %v", err)
	}
}

func TestRuleG5_DealerAtRandomThenLeft(t *testing.T) {
	s := mustNew(t, gulveig.Config{Players: 3})
	if s.Phase() != gulveig.PhaseDealer || s.ToMove() != norns.Chance {
		t.Fatalf("a match starts with the draw of the dealer, got %v", s.Phase())
	}
	want := []gulveig.Move{gulveig.Dealer(0), gulveig.Dealer(1), gulveig.Dealer(2)}
	if diff := cmp.Diff(want, s.Legal(), cmp.Comparer(func(a, b gulveig.Move) bool { return a == b })); diff != "" {
		t.Fatalf("dealer outcomes (-want +got):\n%s", diff)
	}
	seen := map[norns.Player]bool{}
	r := rng.New(3)
	for range 60 {
		seen[s.SampleChance(r).Seat()] = true
	}
	if len(seen) != 3 {
		t.Errorf("SampleChance drew dealers %v, want all three", seen)
	}
	s = play(t, s, "dealer 2")
	s, err := s.Apply(gulveig.DealMove(deal3(t)))
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, s, scriptedHand...)
	if s.Dealer() != 0 || s.Phase() != gulveig.PhaseDeal {
		t.Errorf("after the hand: dealer %v, phase %v; want seat 0 to deal next", s.Dealer(), s.Phase())
	}
}

func TestRuleG6_OneChanceMoveDealsAll(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	d := deal3(t)
	for p := range norns.Player(3) {
		if s.Hand(p) != d.Hands[p] {
			t.Errorf("seat %v holds %v", p, s.Hand(p))
		}
		v := s.View(p)
		if v.Hand() != d.Hands[p] {
			t.Errorf("seat %v sees %v", p, v.Hand())
		}
		if tr, ok := v.Treasure(); ok || !tr.IsEmpty() {
			t.Errorf("the treasure is face down, seat %v sees %v", p, tr)
		}
	}
	// Views hide the other hands: changing them changes no other seat's view.
	d2 := d
	d2.Hands[1], d2.Hands[2] = d.Hands[1].Without(gulveig.Ymir).With(gulveig.Gymir), d.Hands[2].Without(gulveig.Gymir).With(gulveig.Ymir)
	s2 := start(t, gulveig.Config{}, 2, d2)
	if s.View(0) != s2.View(0) {
		t.Error("seat 0's view depends on the other hands")
	}
	// The deal is one move, with a text form that reads back.
	m := s.DealtMove()
	back, err := gulveig.ParseMove(m.String())
	if err != nil || back != m {
		t.Errorf("deal notation %q: %v %v", m, back, err)
	}
}

func TestRuleG7_BiddingOrder(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	if s.ToMove() != 0 {
		t.Fatalf("seat %v bids first, want the dealer's left (seat 0)", s.ToMove())
	}
	s = play(t, s, "bid 90")
	if s.ToMove() != 1 {
		t.Fatalf("then seat %v", s.ToMove())
	}
	s = play(t, s, "pass", "bid 100")
	if s.ToMove() != 0 {
		t.Fatalf("round and round: seat %v, want 0", s.ToMove())
	}
	s = play(t, s, "bid 110")
	if s.ToMove() != 2 {
		t.Fatalf("seat 1 passed and is skipped: seat %v, want 2", s.ToMove())
	}
	s = play(t, s, "pass")
	if s.Declarer() != 0 || s.Contract() != 110 {
		t.Fatalf("one bidder left: declarer %v for %d", s.Declarer(), s.Contract())
	}
}

func TestRuleG8_BidsAndRaises(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	refused(t, s, "pass", "first bidder may not pass")
	refused(t, s, "bid 80", "at least 90")
	refused(t, s, "bid 95", "multiples of 10")
	s = play(t, s, "bid 90")
	refused(t, s, "bid 95", "multiples of 10")
	refused(t, s, "bid 90", "at least 100")
	refused(t, s, "bid 410", "exceed 400")
	s = play(t, s, "bid 400")
	refused(t, s, "bid 410", "exceed 400")
	s = play(t, s, "pass")
	if !s.Passed(2) || s.Passed(0) || s.Passed(1) {
		t.Error("passes")
	}
	legal := s.Legal()
	if len(legal) != 1 || legal[0] != gulveig.Pass() {
		t.Errorf("at the cap only a pass is left, got %v", legal)
	}
}

func TestRuleG9_TreasureRevealTakeAsideRaise(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	s = play(t, s, "bid 90", "pass", "pass")
	for p := range norns.Player(3) {
		if tr, ok := s.View(p).Treasure(); !ok || tr != cs(t, "Aurboda Thrym Laufey") {
			t.Errorf("seat %v: treasure %v %v, want it revealed", p, tr, ok)
		}
	}
	if s.Hand(0).Len() != 10 || s.Phase() != gulveig.PhaseAside {
		t.Fatalf("the bid winner takes the treasure: %d cards, %v", s.Hand(0).Len(), s.Phase())
	}
	refused(t, s, "Odin", "aside")
	for _, m := range s.Legal() {
		if m.Kind() != gulveig.MoveAside || m.Cards().Len() != 3 {
			t.Fatalf("legal %v: only asides of 3 cards", m)
		}
	}
	if n := len(s.Legal()); n != 120 {
		t.Errorf("%d asides, want C(10,3) = 120", n)
	}
	refused(t, s, "aside Ymir Thrym Laufey", "3 cards of your hand")
	s = play(t, s, "aside Aurboda Thrym Laufey")
	if s.Hand(0).Len() != 7 || s.Aside() != cs(t, "Aurboda Thrym Laufey") {
		t.Fatalf("aside %v, hand %v", s.Aside(), s.Hand(0))
	}
	refused(t, s, "raise 95", "multiples of 10")
	refused(t, s, "raise 90", "at least 100")
	s = play(t, s, "raise 130")
	if s.Contract() != 130 || s.Phase() != gulveig.PhasePlay || s.ToMove() != 0 {
		t.Fatalf("raised once: contract %d, %v, seat %v to lead", s.Contract(), s.Phase(), s.ToMove())
	}
	refused(t, s, "raise 140", "phase")
}

func TestRuleG10_SevenTricksFollowClan(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	s = play(t, s, "bid 90", "pass", "pass", "aside Aurboda Thrym Laufey", "keep", "Odin")
	refused(t, s, "Aegir", "must follow Aesir: you hold Baldur")
	playable := s.Legal()
	if diff := cmp.Diff([]gulveig.Move{gulveig.Play(gulveig.Baldur), gulveig.Play(gulveig.Idun)}, playable,
		cmp.Comparer(func(a, b gulveig.Move) bool { return a == b })); diff != "" {
		t.Errorf("seat 1 must follow Aesir (-want +got):\n%s", diff)
	}
	s = play(t, s, "Baldur")
	if n := len(s.Legal()); n != 7 {
		t.Errorf("seat 2 holds no Aesir and may play any of its 7 cards, got %d", n)
	}
	full := start(t, gulveig.Config{}, 2, deal3(t))
	tricks := 0
	for i, text := range scriptedHand {
		full = play(t, full, text)
		if i >= 5 && (i-5)%3 == 2 {
			tricks++
		}
	}
	if tricks != 7 || full.Phase() != gulveig.PhaseDeal {
		t.Errorf("%d tricks, phase %v: a hand is seven tricks", tricks, full.Phase())
	}
}

func TestRuleG11_StrengthOffClanIsZero(t *testing.T) {
	// Seat 0 leads Frey (Vanir 7); seat 1 follows with Ran (4); seat 2, void in Vanir, plays Hrungnir
	// (Rime, printed strength 6): off-clan and without supremacy it has strength 0.
	d := deal3(t)
	s := start(t, gulveig.Config{}, 2, d)
	s = play(t, s, "bid 90", "pass", "pass", "aside Aurboda Thrym Laufey", "keep")
	s = play(t, s, "Njord", "Aegir")
	refused(t, s, "Hrungnir", "must follow Vanir: you hold Nanna")
	s = play(t, s, "Nanna")
	if s.Won(0) != cs(t, "Njord Aegir Nanna") || s.ToMove() != 0 {
		t.Fatalf("Njord (6) beats Aegir (5) and Nanna (3): won %v", s.Won(0))
	}
	// Seat 0 leads Thor; seat 2, void in Aesir, throws Hrungnir (printed strength 6): seat 1's Idun
	// (2) still beats it, and Thor (5) takes the trick.
	s = play(t, s, "Thor", "Idun", "Hrungnir")
	if !s.Won(0).Contains(cs(t, "Thor Idun Hrungnir")) {
		t.Fatalf("Thor (5) takes the trick: won %v", s.Won(0))
	}
	s = play(t, s, "Frey", "Ran", "Freya")
	if !s.Won(0).Contains(cs(t, "Frey Ran Freya")) || !s.Void(2, gulveig.Aesir) || s.Void(2, gulveig.Vanir) {
		t.Fatal("Frey takes; seat 2 showed out of Aesir, not Vanir")
	}
	// Seat 0 leads Sif (Aesir 4); seat 1 follows Baldur (3); seat 2 is void and plays Logi (6).
	s = play(t, s, "Sif", "Baldur", "Logi")
	if !s.Won(0).Contains(cs(t, "Sif Baldur Logi")) {
		t.Errorf("an off-clan card without supremacy has strength 0: won %v / %v", s.Won(0), s.Won(2))
	}
}

func TestRuleG12_ShowComboSupremacy(t *testing.T) {
	// Seat 1 wins the auction, shows Loki + Spear and leads Loki; seat 2 follows Thiassi (Muspeli 0,
	// strength 2 + 7 = 9); seat 0 follows Surt (7 + 7 = 14), which wins.
	s := start(t, gulveig.Config{}, 2, deal3(t))
	s = play(t, s, "bid 90", "bid 100", "pass", "pass", "aside Baldur Idun Ymir", "keep")
	if !isLegal(t, s, "show Loki+Spear") || !isLegal(t, s, "show Spear+Loki") || !isLegal(t, s, "show Aegir+Ran") {
		t.Fatal("the leader may show each combo it holds, leading either card")
	}
	refused(t, s, "show Loki+Ran", "not a combo")
	s = play(t, s, "show Loki+Spear")
	if s.Supremacy() != gulveig.Muspeli {
		t.Fatalf("supremacy %v, want Muspeli", s.Supremacy())
	}
	refused(t, s, "show Aegir+Ran", "only on a lead")
	s = play(t, s, "Thiassi", "Surt")
	if !s.Won(0).Contains(cs(t, "Loki Thiassi Surt")) {
		t.Fatalf("Surt (7+7) wins: won %v", s.Won(0))
	}
	c := start(t, gulveig.Config{}, 2, deal3(t))
	c = play(t, c, "bid 90", "bid 100", "pass", "pass", "aside Baldur Idun Ymir", "keep", "show Loki+Spear", "Logi", "Surt")
	// Seat 0 now leads Odin; seat 1 is void in Aesir (it put Baldur and Idun aside) and plays Spear
	// (Muspeli 4 + 7 = 11); seat 2 plays Thiassi (2 + 7 = 9). Both beat Odin's 7.
	c = play(t, c, "Odin", "Spear", "Thiassi")
	if !c.Won(1).Contains(cs(t, "Odin Spear Thiassi")) {
		t.Errorf("supreme Spear beats the led Odin: seat 1 won %v", c.Won(1))
	}
	// The Case: with Muspeli supreme, a Muspeli card beats a led Aesir Odin (7) off-clan.
	if got := c.Shown(1); got != cs(t, "Loki Spear") {
		t.Errorf("shown %v", got)
	}
}

func TestRuleG13_WhatPlayersKnow(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	s = play(t, s, "bid 90", "pass", "pass", "aside Aurboda Thrym Laufey", "keep", "Odin", "Baldur", "Freya")
	if s.View(0).Aside() != cs(t, "Aurboda Thrym Laufey") {
		t.Error("the bid winner sees its aside")
	}
	for p := range norns.Player(3) {
		v := s.View(p)
		if p != 0 && !v.Aside().IsEmpty() {
			t.Errorf("seat %v sees the aside", p)
		}
		if v.Won(0) != cs(t, "Odin Baldur Freya") {
			t.Errorf("seat %v: tricks are seen by all, got %v", p, v.Won(0))
		}
	}
	// Two players: nobody sees the cards out of play.
	d := gulveig.Deal{Hands: [4]gulveig.Cards{cs(t, "Odin Tyr Thor Sif Frey Njord Surt"), cs(t, "Baldur Idun Aegir Ran Loki Spear Ymir")},
		Treasure: cs(t, "Aurboda Thrym Laufey"), Out: cs(t, "Nanna Freya Logi Farbauti Thiassi Hrungnir Gymir")}
	s2 := start(t, gulveig.Config{Players: 2}, 1, d)
	d.Out, d.Treasure = cs(t, "Nanna Freya Logi Farbauti Thiassi Hrungnir Aurboda"), cs(t, "Gymir Thrym Laufey")
	s3 := start(t, gulveig.Config{Players: 2}, 1, d)
	for p := range norns.Player(2) {
		if s2.View(p) != s3.View(p) {
			t.Errorf("seat %v's view depends on the cards out of play", p)
		}
	}
}

func TestRuleG14_HandPoints(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	s = play(t, s, scriptedHand...)
	if got := s.LastHandPoints(0); got != 115+5+100 {
		t.Errorf("seat 0: %d hand points, want 115 in tricks + 5 aside + 100 for Thor + Sif", got)
	}
	if s.LastHandPoints(1) != 0 || s.LastHandPoints(2) != 0 {
		t.Error("the others took nothing")
	}
}

func TestRuleG15_BidMadeOrLost(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	s = play(t, s, scriptedHand...)
	if s.Score(0) != 90 {
		t.Errorf("made bid of 90 with 220 points: score %d, want exactly 90", s.Score(0))
	}
	for _, tc := range []struct {
		pts, want int
		made      bool
	}{{135, 120, true}, {115, -120, false}, {120, 120, true}} {
		got, made := gulveig.SettleHand([]int{0, 0, 0}, []int{tc.pts, 0, 0}, 0, 120, false, 1000)
		if got[0] != tc.want || made != tc.made {
			t.Errorf("bid 120, %d hand points: %d %v, want %d", tc.pts, got[0], made, tc.want)
		}
	}
	got, _ := gulveig.SettleHand([]int{-50, 0, 0}, []int{30, 0, 0}, 0, 100, false, 1000)
	if got[0] != -150 {
		t.Errorf("scores go below 0: %d", got[0])
	}
}

func TestRuleG16_ScavengersAddTheirPoints(t *testing.T) {
	got, _ := gulveig.SettleHand([]int{100, 200, 300}, []int{50, 40, 30}, 0, 90, false, 1000)
	if diff := cmp.Diff([]int{10, 240, 330}, got); diff != "" {
		t.Errorf("the declarer loses 90, scavengers add their points (-want +got):\n%s", diff)
	}
	// Negative scavenger points (Freya's Gold) count too.
	got, _ = gulveig.SettleHand([]int{0, 200, 300}, []int{150, -10, 30}, 0, 90, false, 1000)
	if got[1] != 190 {
		t.Errorf("scavenger with -10: %d, want 190", got[1])
	}
}

func TestRuleG17_BarrelAndTarget(t *testing.T) {
	// On the barrel (900..999 before the hand): no scavenger points.
	got, _ := gulveig.SettleHand([]int{0, 900, 999}, []int{200, 50, 30}, 0, 90, false, 1000)
	if got[1] != 900 || got[2] != 999 {
		t.Errorf("on the barrel: %v", got)
	}
	// 880 with 150 scavenger points stops at 999.
	got, _ = gulveig.SettleHand([]int{0, 880, 899}, []int{200, 150, 101}, 0, 90, false, 1000)
	if got[1] != 999 || got[2] != 999 {
		t.Errorf("scavengers stop at target - 1: %v", got)
	}
	// A shorter target moves the barrel.
	got, _ = gulveig.SettleHand([]int{0, 400, 399}, []int{200, 50, 150}, 0, 90, false, 500)
	if got[1] != 400 || got[2] != 499 {
		t.Errorf("target 500: %v", got)
	}
	// Only a made bid ends the match: seat 0 at 950 (on the barrel) makes 90.
	s := scoresAt(t, gulveig.Config{}, []int{950, 0, 0})
	s, err := s.Apply(gulveig.DealMove(deal3(t)))
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, s, scriptedHand...)
	if !s.Over() || s.Winners() != norns.SeatsOf(0) || s.Score(0) != 1040 {
		t.Errorf("a made bid carries seat 0 over the target: over %v winners %v score %d", s.Over(), s.Winners(), s.Score(0))
	}
	if _, err := s.Apply(gulveig.Pass()); !errors.Is(err, norns.ErrGameOver) {
		t.Errorf("after the end: %v", err)
	}
}

// scoresAt returns a match between hands with the given scores, the last seat to deal: built through
// the JSON form, which checks it.
func scoresAt(t tb, c gulveig.Config, scores []int) gulveig.State {
	t.Helper()
	last := len(scores) - 1
	c.DealerGiven, c.FirstDealer = true, norns.Player(last)
	var s gulveig.State
	js := `{"config":` + mustJSON(t, c) + `,"hands":1,"dealer":` + strconv.Itoa(last) + `,"scores":[` + joinInts(scores) + `],"lastPoints":[` + joinInts(make([]int, len(scores))) + `]}`
	if err := s.UnmarshalJSON([]byte(js)); err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return s
}

func joinInts(xs []int) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, strconv.Itoa(x))
	}
	return strings.Join(parts, ",")
}

func TestRuleG18_FourthPlayerScoresTreasure(t *testing.T) {
	// Four players, seat 3 deals and sits out; the treasure Gymir Aurboda Thrym holds a complete
	// combo: 4 + 3 + 2 + 40 = 49 scavenger points.
	d := gulveig.Deal{Hands: [4]gulveig.Cards{
		cs(t, "Odin Tyr Thor Sif Frey Njord Surt"),
		cs(t, "Baldur Idun Aegir Ran Loki Spear Ymir"),
		cs(t, "Nanna Freya Logi Farbauti Thiassi Hrungnir Laufey"),
	}, Treasure: cs(t, "Gymir Aurboda Thrym")}
	s := start(t, gulveig.Config{Players: 4}, 3, d)
	if s.Fourth() != 3 || s.HandLen(3) != 0 || s.ToMove() != 0 {
		t.Fatalf("4th player %v holds %d; seat %v bids first", s.Fourth(), s.HandLen(3), s.ToMove())
	}
	s = play(t, s, "bid 90", "pass", "pass", "aside Gymir Aurboda Thrym", "keep",
		"show Thor+Sif", "Idun", "Nanna",
		"Odin", "Baldur", "Freya",
		"Sif", "Ymir", "Hrungnir",
		"Tyr", "Aegir", "Laufey",
		"Surt", "Loki", "Logi",
		"Frey", "Ran", "Farbauti",
		"Njord", "Spear", "Thiassi")
	if s.LastHandPoints(3) != 49 || s.Score(3) != 49 {
		t.Errorf("4th player: %d hand points, score %d; want 49", s.LastHandPoints(3), s.Score(3))
	}
}

func TestRuleG19_BlindBidding(t *testing.T) {
	c := gulveig.Config{Blind: true}
	s := start(t, c, 2, deal3(t))
	if s.View(0).KnowsHand() || !s.View(0).Hand().IsEmpty() {
		t.Fatal("under blind bidding a hand is hidden until its holder looks")
	}
	refused(t, s, "bid 90", "look at your hand first")
	refused(t, s, "blind 110", "at least 120")
	s = play(t, s, "blind 120")
	if s.View(0).KnowsHand() {
		t.Error("a blind bidder has not seen its hand")
	}
	refused(t, s, "pass", "look at your hand or bid blind first")
	s = play(t, s, "look")
	if s.View(1).Hand() != deal3(t).Hands[1] {
		t.Error("looking shows the hand")
	}
	refused(t, s, "blind 130", "you looked")
	s = play(t, s, "pass", "look", "pass")
	if _, ok := s.Treasure(); ok || s.Declarer() != 0 {
		t.Fatal("a blind winner does not reveal the treasure")
	}
	if !s.View(0).KnowsHand() || s.View(0).Hand().Len() != 10 {
		t.Fatal("when the auction ends every hand is known to its holder")
	}
	s = play(t, s, "aside Aurboda Thrym Laufey")
	if s.Phase() != gulveig.PhasePlay {
		t.Fatalf("a blind winner may not raise: phase %v", s.Phase())
	}
	for _, tc := range []struct {
		pts, want int
	}{{120, 240}, {119, -240}} {
		got, _ := gulveig.SettleHand([]int{0, 0, 0}, []int{tc.pts, 0, 0}, 0, 120, true, 1000)
		if got[0] != tc.want {
			t.Errorf("blind 120 with %d: %d, want %d", tc.pts, got[0], tc.want)
		}
	}
	s = play(t, s, scriptedHand[5:]...)
	if s.Score(0) != 240 {
		t.Errorf("made blind 120: score %d, want 240", s.Score(0))
	}
}

func TestRuleG20_BettingSettlement(t *testing.T) {
	got := gulveig.Settle([]int{1000, 500, -200}, norns.SeatsOf(0))
	want := []gulveig.Payment{{From: 1, To: 0, Cents: 500}, {From: 2, To: 0, Cents: 1200}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("payments (-want +got):\n%s", diff)
	}
	if got[0].String() != "seat 1 pays seat 0 5.00" || got[1].String() != "seat 2 pays seat 0 12.00" {
		t.Errorf("payments read %q, %q", got[0], got[1])
	}
	s := scoresAt(t, gulveig.Config{Betting: true}, []int{950, 500, -200})
	s, _ = s.Apply(gulveig.DealMove(deal3(t)))
	s = play(t, s, scriptedHand...)
	if diff := cmp.Diff([]gulveig.Payment{{From: 1, To: 0, Cents: 540}, {From: 2, To: 0, Cents: 1240}}, s.Settlement()); diff != "" {
		t.Errorf("settlement of the match (-want +got):\n%s", diff)
	}
}

// rolesDeal is deal3 with roles: seat 0 Tyr's Sacrifice, seat 1 Idun's Orchard, seat 2 Volcanic
// Anthem; the pile is Freya's Gold then Valkyrie Song.
func rolesDeal(t testing.TB, roles ...gulveig.Role) gulveig.Deal {
	d := deal3(t)
	copy(d.Roles[:], roles)
	return d
}

func TestRuleG21_RolesInOrderFromDealersLeft(t *testing.T) {
	d := rolesDeal(t, gulveig.Sacrifice, gulveig.Anthem, gulveig.Song, gulveig.Gold, gulveig.Orchard)
	s := start(t, gulveig.Config{Roles: true}, 2, d)
	s = play(t, s, "bid 90", "pass", "pass")
	if s.Phase() != gulveig.PhaseRole || s.ToMove() != 0 {
		t.Fatalf("roles after the reveal, from the dealer's left: %v seat %v", s.Phase(), s.ToMove())
	}
	if s.Hand(0).Len() != 7 {
		t.Fatal("roles come before the bid winner takes the treasure")
	}
	if s.View(1).RoleShown(0) != gulveig.NoRole {
		t.Fatal("roles are face down until used")
	}
	s = play(t, s, "use") // Tyr's Sacrifice as bid winner: lower the bid by 10
	if s.Contract() != 80 || s.View(1).RoleShown(0) != gulveig.Sacrifice {
		t.Fatalf("lowered to %d, shown %v", s.Contract(), s.RoleShown(0))
	}
	s = play(t, s, "use") // Volcanic Anthem as bid loser: Surt is worth 5
	if s.Worth(gulveig.Surt) != 5 {
		t.Fatalf("Surt worth %d", s.Worth(gulveig.Surt))
	}
	s = play(t, s, "decline") // Valkyrie Song: Odin is worth 5, declined
	if s.Worth(gulveig.Odin) != 11 || s.View(0).RoleShown(2) != gulveig.NoRole {
		t.Fatal("a declined power changes nothing and the role stays face down")
	}
	if s.Phase() != gulveig.PhaseAside || s.Hand(0).Len() != 10 {
		t.Fatalf("after the roles the winner takes the treasure: %v", s.Phase())
	}
	s = play(t, s, scriptedHand[3:]...)
	// Seat 0's hand points: 220 with Surt worth 5 instead of 11: 214; contract 80.
	if s.LastHandPoints(0) != 214 || s.Score(0) != 80 {
		t.Errorf("hand points %d, score %d; want 214 and 80", s.LastHandPoints(0), s.Score(0))
	}
}

func TestRuleG21_MandatoryAndLaterChangeWins(t *testing.T) {
	// Four players: seat 0 (winner) holds Anthem, seat 1 (loser) Freya's Gold (mandatory: Freya -10),
	// seat 2 (loser) Song, seat 3 (4th) Idun's Orchard: Freya worth 4, applied later.
	d := gulveig.Deal{Hands: [4]gulveig.Cards{
		cs(t, "Odin Tyr Thor Sif Frey Njord Surt"),
		cs(t, "Baldur Idun Aegir Ran Loki Spear Ymir"),
		cs(t, "Nanna Freya Logi Farbauti Thiassi Hrungnir Laufey"),
	}, Treasure: cs(t, "Gymir Aurboda Thrym"), Roles: [5]gulveig.Role{gulveig.Anthem, gulveig.Gold, gulveig.Song, gulveig.Orchard, gulveig.Sacrifice}}
	s := start(t, gulveig.Config{Players: 4, Roles: true}, 3, d)
	s = play(t, s, "bid 90", "pass", "pass", "decline")
	if s.ToMove() != 1 || len(s.Legal()) != 1 || s.Legal()[0] != gulveig.Use() {
		t.Fatalf("Freya's Gold for a bid loser is mandatory: legal %v", s.Legal())
	}
	refused(t, s, "decline", "mandatory")
	s = play(t, s, "use")
	if s.Worth(gulveig.Freya) != -10 {
		t.Fatalf("Freya worth %d, want -10", s.Worth(gulveig.Freya))
	}
	s = play(t, s, "decline", "use")
	if s.Worth(gulveig.Freya) != 4 {
		t.Errorf("the later change wins: Freya worth %d, want 4", s.Worth(gulveig.Freya))
	}
}

func TestRuleG21_SacrificeExchangeAndOrchard(t *testing.T) {
	// Seat 1 (a bid loser) holds Tyr's Sacrifice: it swaps 2 cards with seat 2.
	d := rolesDeal(t, gulveig.Song, gulveig.Sacrifice, gulveig.Orchard, gulveig.Gold, gulveig.Anthem)
	s := start(t, gulveig.Config{Roles: true}, 2, d)
	s = play(t, s, "bid 90", "pass", "pass", "decline", "use")
	if s.Phase() != gulveig.PhaseSwap || s.ToMove() != 1 {
		t.Fatalf("exchange: %v seat %v", s.Phase(), s.ToMove())
	}
	s = play(t, s, "swap Loki Spear")
	if s.ToMove() != 2 || !s.View(2).Hand().Contains(cs(t, "Nanna Freya")) {
		t.Fatal("then the other loser picks")
	}
	if sent, _ := s.View(2).Exchange(); !sent.IsEmpty() {
		t.Fatal("the other loser does not see the holder's pick")
	}
	s = play(t, s, "swap Nanna Freya")
	if !s.Hand(1).Contains(cs(t, "Nanna Freya")) || !s.Hand(2).Contains(cs(t, "Loki Spear")) {
		t.Fatalf("exchanged: %v / %v", s.Hand(1), s.Hand(2))
	}
	if _, got := s.View(1).Exchange(); got != cs(t, "Nanna Freya") {
		t.Errorf("seat 1 received %v", got)
	}
	// Seat 2 uses Idun's Orchard: everyone gives a card (seat 2 first), then draws at random.
	s = play(t, s, "use")
	if s.Phase() != gulveig.PhaseGive || s.ToMove() != 2 {
		t.Fatalf("orchard: %v seat %v", s.Phase(), s.ToMove())
	}
	s = play(t, s, "give Loki", "give Odin", "give Ymir")
	if s.ToMove() != norns.Chance || s.Phase() != gulveig.PhaseDraw || len(s.Legal()) != 6 {
		t.Fatalf("draws: %v, %d outcomes", s.Phase(), len(s.Legal()))
	}
	s = play(t, s, "draw Odin", "draw Ymir", "draw Thrym")
	if !s.Hand(2).Has(gulveig.Odin) || !s.Hand(0).Has(gulveig.Ymir) || !s.Hand(1).Has(gulveig.Thrym) {
		t.Fatalf("draws in the same order: %v / %v / %v", s.Hand(0), s.Hand(1), s.Hand(2))
	}
	if s.Phase() != gulveig.PhaseAside || !s.Hand(0).Contains(cs(t, "Aurboda Laufey Loki")) {
		t.Fatalf("the winner takes what is left: %v", s.Hand(0))
	}
}

func TestRuleG21_TwoPlayersSacrificeDrawsRole(t *testing.T) {
	d := gulveig.Deal{Hands: [4]gulveig.Cards{cs(t, "Odin Tyr Thor Sif Frey Njord Surt"), cs(t, "Baldur Idun Aegir Ran Loki Spear Ymir")},
		Treasure: cs(t, "Aurboda Thrym Laufey"), Out: cs(t, "Nanna Freya Logi Farbauti Thiassi Hrungnir Gymir"),
		Roles: [5]gulveig.Role{gulveig.Song, gulveig.Sacrifice, gulveig.Anthem, gulveig.Gold, gulveig.Orchard}}
	s := start(t, gulveig.Config{Players: 2, Roles: true}, 1, d)
	s = play(t, s, "bid 50", "pass", "decline", "use")
	if s.DrawnRole() != gulveig.Anthem || s.ToMove() != 1 || s.Phase() != gulveig.PhaseRole {
		t.Fatalf("drew %v, seat %v, %v", s.DrawnRole(), s.ToMove(), s.Phase())
	}
	s = play(t, s, "use")
	if s.Worth(gulveig.Surt) != 5 {
		t.Errorf("the drawn role's bid-loser power: Surt worth %d", s.Worth(gulveig.Surt))
	}
}

func TestRuleG21_FourthGivesAwayAndMinusFive(t *testing.T) {
	d := gulveig.Deal{Hands: [4]gulveig.Cards{
		cs(t, "Odin Tyr Thor Sif Frey Njord Surt"),
		cs(t, "Baldur Idun Aegir Ran Loki Spear Ymir"),
		cs(t, "Nanna Freya Logi Farbauti Thiassi Hrungnir Laufey"),
	}, Treasure: cs(t, "Gymir Aurboda Thrym"), Roles: [5]gulveig.Role{gulveig.Song, gulveig.Orchard, gulveig.Anthem, gulveig.Sacrifice, gulveig.Gold}}
	s := start(t, gulveig.Config{Players: 4, Roles: true}, 3, d)
	s = play(t, s, "bid 90", "pass", "pass", "decline", "decline", "decline")
	if len(s.Legal()) != 1 {
		t.Fatal("Tyr's Sacrifice is mandatory for the 4th player")
	}
	s = play(t, s, "use")
	s = play(t, s, "aside Gymir Aurboda Thrym", "keep",
		"show Thor+Sif", "Idun", "Nanna", "Odin", "Baldur", "Freya", "Sif", "Ymir", "Hrungnir",
		"Tyr", "Aegir", "Laufey", "Surt", "Loki", "Logi", "Frey", "Ran", "Farbauti", "Njord", "Spear", "Thiassi")
	if s.LastHandPoints(3) != 0 || s.LastHandPoints(0) != 220+49 {
		t.Errorf("the 4th's 49 go to the first bidder: %d / %d", s.LastHandPoints(3), s.LastHandPoints(0))
	}
	// Freya's Gold as 4th player: the bid winner scores -5.
	d.Roles = [5]gulveig.Role{gulveig.Song, gulveig.Orchard, gulveig.Anthem, gulveig.Gold, gulveig.Sacrifice}
	s = start(t, gulveig.Config{Players: 4, Roles: true}, 3, d)
	s = play(t, s, "bid 90", "pass", "pass", "decline", "decline", "decline", "use")
	s = play(t, s, "aside Gymir Aurboda Thrym", "keep",
		"show Thor+Sif", "Idun", "Nanna", "Odin", "Baldur", "Freya", "Sif", "Ymir", "Hrungnir",
		"Tyr", "Aegir", "Laufey", "Surt", "Loki", "Logi", "Frey", "Ran", "Farbauti", "Njord", "Spear", "Thiassi")
	if s.LastHandPoints(0) != 220-5 {
		t.Errorf("-5 to the bid winner's hand points: %d", s.LastHandPoints(0))
	}
}

func TestRuleG22_OptionsAreConfigFields(t *testing.T) {
	var zero gulveig.Config
	if zero.Validate() != nil || zero.Effective().Players != 3 || zero.Effective().Target != 1000 {
		t.Fatal("the zero Config is the standard 3-player game to 1000")
	}
	s := mustNew(t, zero)
	if c := s.Config(); c.Veteran || c.Blind || c.Betting || c.Roles || c.Alternates != 0 {
		t.Fatalf("options are off by default: %+v", c)
	}
	all := allOptions(4)
	if err := all.Validate(); err != nil {
		t.Fatalf("options combine: %v", err)
	}
	for _, bad := range []gulveig.Config{{Players: 5}, {Players: 1}, {Target: 95}, {Target: 1010}, {Target: 50},
		{HandLimit: -1}, {Alternates: 16}, {DealerGiven: true, FirstDealer: 3}, {FirstDealer: 1}} {
		if err := bad.Validate(); !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("%+v: Validate = %v", bad, err)
		}
		if _, err := gulveig.New(bad); !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("%+v: New = %v", bad, err)
		}
	}
	if a, err := gulveig.ParseAlternates("Nanna, freya"); err != nil || a != gulveig.AltNanna|gulveig.AltFreya {
		t.Errorf("alternates %v %v", a, err)
	}
	if _, err := gulveig.ParseAlternates("Odin"); !errors.Is(err, norns.ErrBadConfig) {
		t.Errorf("unknown alternate: %v", err)
	}
	if !strings.Contains(gulveig.Rules(), "**G22.") {
		t.Error("the rules text numbers G22")
	}
}
