package herrlof_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

var (
	two   = herrlof.Config{}
	three = herrlof.Config{Players: 3}
)

func card(t testing.TB, text string) herrlof.Card {
	t.Helper()
	return cardsOf(t, text)[0]
}

func moves(t testing.TB, texts ...string) []herrlof.Move {
	t.Helper()
	var ms []herrlof.Move
	for _, text := range texts {
		ms = append(ms, herrlof.MustParseMove(text))
	}
	return ms
}

func wantLegal(t testing.TB, s herrlof.State, texts ...string) {
	t.Helper()
	if got, want := s.Legal(), moves(t, texts...); !slices.Equal(got, want) {
		t.Fatalf("Legal() = %v, want %v", got, want)
	}
}

func wantTurn(t testing.TB, s herrlof.State, ph herrlof.Phase, p norns.Player) {
	t.Helper()
	if s.Phase() != ph || s.ToMove() != p {
		t.Fatalf("phase %v, %v to move; want %v, %v\n%v", s.Phase(), s.ToMove(), ph, p, s)
	}
}

func TestRuleH1_Deck(t *testing.T) {
	d := herrlof.FullDeck()
	if d.Len() != 42 || d.Count(herrlof.Valknut) != 3 || d.Count(herrlof.Hagalaz) != 3 || d.Suited().Len() != 36 {
		t.Fatalf("deck %v", d)
	}
	for s := herrlof.Red; s <= herrlof.Yellow; s++ {
		if d.OfSuit(s).Len() != 9 {
			t.Errorf("%v has %d cards", s, d.OfSuit(s).Len())
		}
	}
	if herrlof.Valknut.Suit() != herrlof.NoSuit || herrlof.Hagalaz.Suit() != herrlof.NoSuit {
		t.Error("Valknut and Hagalaz have a suit")
	}
	// A deal deals the deck: a fourth Valknut is refused.
	hands, trump, stock := hand2(t, 0).Dealt()
	stock[len(stock)-1] = herrlof.Valknut // was a Hagalaz
	if _, err := herrlof.Deal(0, hands, trump, stock); !errors.Is(err, norns.ErrIllegalMove) ||
		!strings.Contains(err.Error(), "V is dealt more often") {
		t.Fatalf("deal with four Valknuts: %v", err)
	}
	text := strings.Replace(hand2(t, 0).String(), " H", " V", 1)
	if _, err := herrlof.ParseMove(text); !errors.Is(err, norns.ErrBadNotation) {
		t.Fatalf("ParseMove(%q): %v", text, err)
	}
}

func TestRuleH2_PlayerCounts(t *testing.T) {
	for _, tc := range []struct {
		cfg                 herrlof.Config
		deal                herrlof.Move
		hand, stock, target int
	}{
		{two, hand2(t, 0), 15, 11, 50},
		{three, hand3(t, 0), 11, 8, 40},
	} {
		s := dealt(t, tc.cfg, tc.deal)
		for p := range norns.Player(s.Players()) {
			if s.Hand(p).Len() != tc.hand {
				t.Errorf("%dp: seat %d holds %d cards, want %d", s.Players(), p, s.Hand(p).Len(), tc.hand)
			}
		}
		if s.StockLen() != tc.stock || tc.cfg.Target() != tc.target || tc.cfg.HandSize() != tc.hand {
			t.Errorf("%dp: stock %d, target %d", s.Players(), s.StockLen(), tc.cfg.Target())
		}
	}
	for _, bad := range []herrlof.Config{{Players: 1}, {Players: 4}, {Players: -2}} {
		if _, err := herrlof.New(bad); !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("New(%+v): %v, want ErrBadConfig", bad, err)
		}
	}
}

func TestRuleH3_Deal(t *testing.T) {
	m := dealMove(t, 2, 0, nil, "H", "Y9 Y8 Y7 V")
	s := dealt(t, two, m)
	want := "deal 0 R1 R2 R3 R4 R5 R6 R7 R8 R9 G1 G2 G3 G4 G5 G6 / G7 G8 G9 B1 B2 B3 B4 B5 B6 B7 B8 B9 Y1 Y2 Y3 / H / " +
		"Y9 Y8 Y7 V Y4 Y5 Y6 V V H H"
	if m.String() != want {
		t.Fatalf("deal\n%s, want\n%s", m, want)
	}
	if s.Hand(0) != herrlof.CardsOf(cardsOf(t, "R1 R2 R3 R4 R5 R6 R7 R8 R9 G1 G2 G3 G4 G5 G6")...) ||
		s.Hand(1) != herrlof.CardsOf(cardsOf(t, "G7 G8 G9 B1 B2 B3 B4 B5 B6 B7 B8 B9 Y1 Y2 Y3")...) {
		t.Errorf("hands %v / %v", s.Hand(0), s.Hand(1))
	}
	if s.TrumpCard() != herrlof.Hagalaz || s.Trump() != herrlof.NoSuit {
		t.Errorf("trump card %v, trump %v", s.TrumpCard(), s.Trump())
	}
	if got := s.Stock(); !slices.Equal(got, cardsOf(t, "Y9 Y8 Y7 V Y4 Y5 Y6 V V H H")) {
		t.Errorf("stock %v", got)
	}
	// A sampled deal lands the same way.
	m = mustNew(t, three).SampleChance(rng.New(3))
	s = dealt(t, three, m)
	hands, trump, stock := m.Dealt()
	for p := range 3 {
		if s.Hand(norns.Player(p)) != hands[p] {
			t.Errorf("seat %d's hand does not match the deal", p)
		}
	}
	if s.TrumpCard() != trump || !slices.Equal(s.Stock(), stock) {
		t.Error("trump or stock do not match the deal")
	}
}

func TestRuleH4_BidsSecretInSeatOrder(t *testing.T) {
	s := dealt(t, two, hand2(t, 1))
	wantTurn(t, s, herrlof.PhaseBid, 1) // the opening leader bids first
	if got := s.Legal(); len(got) != 16 || got[0] != herrlof.Bid(0) || got[15] != herrlof.Bid(15) {
		t.Fatalf("bids %v", got)
	}
	refuse(t, s, "bid 16", "0 to 15")
	refuse(t, s, "R1", "must bid")
	a := apply(t, s, "bid 3")
	b := apply(t, s, "bid 5")
	wantTurn(t, a, herrlof.PhaseBid, 0)
	if a.View(0) != b.View(0) {
		t.Error("seat 0's view shows seat 1's bid")
	}
	if a.View(1).Bid() != 3 || a.View(0).Bid() != -1 {
		t.Errorf("own bids in views: %d, %d", a.View(1).Bid(), a.View(0).Bid())
	}
	_, ev, err := s.ApplyEvents(herrlof.Bid(3), 0, nil)
	if err != nil || len(ev) != 1 || ev[0].N != -1 || ev[0].String() != "seat 1 bids in secret" {
		t.Errorf("seat 0's events for seat 1's bid: %v %v", ev, err)
	}
	a = apply(t, a, "bid 2")
	wantTurn(t, a, herrlof.PhasePlay, 1)
	if a.Bid(0) != 2 || a.Bid(1) != 3 {
		t.Errorf("bids %d %d", a.Bid(0), a.Bid(1))
	}
	// Revealed when the hand is scored.
	a = lowestPolicy(t, a, "", false)
	if r := a.LastHand(); r.Hand != 1 || r.Bids != [3]int{2, 3, 0} || a.View(0).LastHand() != r {
		t.Errorf("last hand %+v", r)
	}
}

func TestRuleH5_OpeningLeadRotates(t *testing.T) {
	s := dealt(t, two, hand2(t, 1), "bid 0", "bid 0")
	if s.Opener() != 1 {
		t.Fatalf("opener %v", s.Opener())
	}
	wantTurn(t, s, herrlof.PhasePlay, 1)
	s = lowestPolicy(t, s, "", false)
	wantTurn(t, s, herrlof.PhaseDeal, norns.Chance)
	if _, err := s.Apply(hand2(t, 1)); err == nil || !strings.Contains(err.Error(), "opened by seat 0") {
		t.Fatalf("second hand opened by seat 1 again: %v", err)
	}
	if m := s.SampleChance(rng.New(1)); m.Leader() != 0 {
		t.Fatalf("sampled second deal led by %v", m.Leader())
	}
	s = apply(t, s, hand2(t, 0).String())
	wantTurn(t, s, herrlof.PhaseBid, 0)
	// The first hand's leader is random.
	seen := map[norns.Player]int{}
	start := mustNew(t, three)
	for seed := range uint64(60) {
		seen[start.SampleChance(rng.New(seed)).Leader()]++
	}
	if len(seen) != 3 {
		t.Errorf("first leaders drawn: %v", seen)
	}
}

func TestRuleH6_Following(t *testing.T) {
	// Case: a player holding the led suit may play a Valknut or Hagalaz, but no other suit.
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "G2")
	wantLegal(t, s, "G6", "G7", "G8", "G9", "V", "H")
	refuse(t, s, "B2", "must follow green", "G6") // trump
	refuse(t, s, "Y5", "must follow green", "G6")
	refuse(t, s, "R1", "do not hold")
	for _, ok := range []string{"V", "H", "G7"} {
		apply(t, s, ok)
	}
	// No card of the led suit: anything goes.
	s = dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "R2")
	if got := len(s.Legal()); got != 15 {
		t.Errorf("%d legal cards without the led suit, want 15", got)
	}
}

func TestRuleH6_LedSuitAfterRune(t *testing.T) {
	for _, lead := range []string{"H", "V"} {
		s := dealt(t, three, hand3(t, 1), "bid 0", "bid 0", "bid 0")
		s = apply(t, s, lead)
		wantLegal(t, s, "R9", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "V", "H") // no led suit yet
		s = apply(t, s, "R9")
		refuse(t, s, "G9", "must follow red")
		wantLegal(t, s, "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "V", "H")
	}
}

func TestRuleH7_TrumpWins(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "R2", "B2")
	if w := s.LastTrick().Winner(); w != 1 {
		t.Fatalf("winner %v, want seat 1 with the trump", w)
	}
}

func TestRuleH7_HighestOfLedSuitOffSuitNeverWins(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "G2", "G7")
	if w := s.LastTrick().Winner(); w != 1 {
		t.Fatalf("G2 against G7: winner %v", w)
	}
	s = apply(t, s, "Y5", "R8") // seat 1 leads yellow; seat 0 has none and plays a higher red
	if w := s.LastTrick().Winner(); w != 1 {
		t.Fatalf("Y5 against off-suit R8: winner %v", w)
	}
}

func TestRuleH7_AllHagalazFirstWins(t *testing.T) {
	// Case: Hagalaz against Hagalaz (2 players): the leader wins, the follower leads next.
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "H", "H")
	if w := s.LastTrick().Winner(); w != 0 || s.Tricks(0) != 1 {
		t.Fatalf("winner %v, tricks %d", w, s.Tricks(0))
	}
	wantTurn(t, s, herrlof.PhasePlay, 1)
	// Three players: the first wins, the last leads.
	s = dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "H", "H", "H")
	if w := s.LastTrick().Winner(); w != 0 {
		t.Fatalf("3p: winner %v", w)
	}
	wantTurn(t, s, herrlof.PhasePlay, 2)
}

func TestRuleH8_WinnerCountsATrick(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "G2", "G7", "G8", "G4")
	if s.Tricks(0) != 0 || s.Tricks(1) != 2 {
		t.Fatalf("tricks %d %d", s.Tricks(0), s.Tricks(1))
	}
}

func TestRuleH9_WinnerLeads(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "R2", "B2")
	wantTurn(t, s, herrlof.PhasePlay, 1)
	if s.Leader() != 1 {
		t.Errorf("Leader() = %v", s.Leader())
	}
}

func TestRuleH10_OneSteals(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "R2", "Y5") // seat 0 wins a trick
	s = apply(t, s, "R4", "B1") // seat 1's trump 1 wins
	wantTurn(t, s, herrlof.PhaseSteal, 1)
	wantLegal(t, s, "steal", "nosteal")
	refuse(t, s, "steal 0", "without a seat")
	refuse(t, s, "R1", "steal or nosteal")
	kept := apply(t, s, "nosteal")
	if kept.Tricks(0) != 1 || kept.Tricks(1) != 1 {
		t.Errorf("nosteal: tricks %d %d", kept.Tricks(0), kept.Tricks(1))
	}
	s = apply(t, s, "steal")
	if s.Tricks(0) != 0 || s.Tricks(1) != 2 {
		t.Fatalf("steal: tricks %d %d", s.Tricks(0), s.Tricks(1))
	}
	wantTurn(t, s, herrlof.PhasePlay, 1)
}

func TestRuleH10_NoTrickToSteal(t *testing.T) {
	// Case: a 1 wins while the opponent has no tricks this hand: no steal is offered.
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "R2", "B1")
	wantTurn(t, s, herrlof.PhasePlay, 1)
	refuse(t, s, "steal", "must play")
}

func TestRuleH10_StealOnLastTrick(t *testing.T) {
	// Case: a 1 wins the last trick: the steal is still offered.
	s := dealt(t, two, lastTrickDeal(t, "Y1"), "bid 0", "bid 0")
	s = lowestPolicy(t, s, "Y1", true)
	if s.Hand(0) != herrlof.CardsOf(card(t, "Y1")) || s.Tricks(1) == 0 {
		t.Fatalf("scenario broken: seat 0 holds %v, seat 1 has %d tricks", s.Hand(0), s.Tricks(1))
	}
	before := s.Tricks(0)
	if s.ToMove() == 0 {
		s = apply(t, s, "Y1", "H")
	} else {
		s = apply(t, s, "H", "Y1")
	}
	wantTurn(t, s, herrlof.PhaseSteal, 0)
	s = apply(t, s, "steal")
	if got := s.LastHand().Tricks[0]; got != before+2 {
		t.Fatalf("seat 0 ends with %d tricks, want %d", got, before+2)
	}
	wantTurn(t, s, herrlof.PhaseDeal, norns.Chance)
}

func TestRuleH11_ThreeDraws(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "R3")
	wantTurn(t, s, herrlof.PhaseDraw, 0)
	wantLegal(t, s, "draw", "nodraw")
	refuse(t, s, "B2", "draw or nodraw")
	s = apply(t, s, "draw")
	wantTurn(t, s, herrlof.PhaseReturn, 0)
	if !s.Hand(0).Has(card(t, "R9")) || s.StockLen() != 10 {
		t.Fatalf("after the draw: hand %v, stock %d", s.Hand(0), s.StockLen())
	}
	refuse(t, s, "return B2", "do not hold")
	s = apply(t, s, "return G1")
	if s.Hand(0).Has(card(t, "G1")) || s.Hand(0).Len() != 14 || s.StockLen() != 11 {
		t.Fatalf("after the return: hand %v, stock %d", s.Hand(0), s.StockLen())
	}
	if st := s.Stock(); st[10] != card(t, "G1") || st[0] != card(t, "Y1") {
		t.Errorf("stock %v: want Y1 on top, G1 at the bottom", st)
	}
	if ks := s.View(0).KnownStock(); ks[10] != card(t, "G1") || ks[0] != herrlof.NoCard {
		t.Errorf("seat 0 knows the stock as %v", ks)
	}
	if ks := s.View(1).KnownStock(); slices.ContainsFunc(ks, func(c herrlof.Card) bool { return c != herrlof.NoCard }) {
		t.Errorf("seat 1 knows the stock as %v", ks)
	}
	wantTurn(t, s, herrlof.PhasePlay, 1)
	s = apply(t, s, "B2")
	if s.LastTrick().Winner() != 1 {
		t.Error("B2 did not win")
	}
}

func TestRuleH11_DrawIsHidden(t *testing.T) {
	hands := []string{"R1 R2 R3 R4 R5 R6 R7 R8 G1 G2 G3 G4 G5 V H", "B1 B2 B3 B4 B5 B6 B7 B8 Y5 G6 G7 G8 G9 V H"}
	a := dealt(t, two, dealMove(t, 2, 0, hands, "B9", "R9 Y1 Y2"), "bid 0", "bid 0")
	b := dealt(t, two, dealMove(t, 2, 0, hands, "B9", "Y1 R9 Y2"), "bid 0", "bid 0")
	a = apply(t, a, "R3", "draw", "return G1")
	b = apply(t, b, "R3", "draw", "return G1")
	if a.View(1) != b.View(1) {
		t.Error("seat 1 can tell which card seat 0 drew")
	}
	if a.View(0) == b.View(0) {
		t.Error("seat 0 cannot tell which card it drew")
	}
	_, ev, _ := apply(t, dealt(t, two, hand2(t, 0), "bid 0", "bid 0"), "R3").ApplyEvents(herrlof.Draw(), 1, nil)
	if len(ev) != 1 || ev[0].Card != herrlof.NoCard {
		t.Errorf("seat 1's events: %v", ev)
	}
}

func TestRuleH11_NoDraw(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	before := s.Stock()
	s = apply(t, s, "R3", "nodraw")
	wantTurn(t, s, herrlof.PhasePlay, 1)
	if !slices.Equal(s.Stock(), before) {
		t.Error("nodraw changed the stock")
	}
}

func TestRuleH11_DrawIntoDestroyedTrick(t *testing.T) {
	// Case: a 3 played into a destroyed trick: the draw is still offered.
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "V", "B3")
	wantTurn(t, s, herrlof.PhaseDraw, 1)
	if s.Trick().Len() != 2 {
		t.Fatal("the trick was resolved before the 3's power")
	}
	s = apply(t, s, "draw", "return R9")
	if !s.LastTrick().Destroyed() {
		t.Fatal("trick not destroyed")
	}
	wantTurn(t, s, herrlof.PhasePlay, 0)
}

func TestRuleH11_ThreeResolvesBeforeTheTrick(t *testing.T) {
	// The 3 that completes a trick with two Valknuts draws before the trump changes.
	s := dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "V", "V", "B3")
	wantTurn(t, s, herrlof.PhaseDraw, 2)
	s = apply(t, s, "draw", "return B1")
	if !s.Hand(2).Has(card(t, "Y1")) {
		t.Errorf("seat 2 drew %v", s.Hand(2))
	}
	if s.TrumpCard() != card(t, "Y2") || s.StockLen() != 7 || s.Stock()[6] != card(t, "B1") {
		t.Errorf("trump %v, stock %v", s.TrumpCard(), s.Stock())
	}
	wantTurn(t, s, herrlof.PhasePlay, 0)
}

func TestRuleH12_NineCedesLead(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "G2", "G9")
	if s.LastTrick().Winner() != 1 {
		t.Fatal("G9 did not win")
	}
	wantTurn(t, s, herrlof.PhasePlay, 0)
	// Three players: the seat after the winner leads.
	s = dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "G9", "G2", "B2")
	if s.LastTrick().Winner() != 0 {
		t.Fatal("G9 did not win")
	}
	wantTurn(t, s, herrlof.PhasePlay, 1)
	// With 3 players the 9 never makes the winner lead: seat 2 wins, seat 0 leads.
	s = dealt(t, three, hand3(t, 2), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "R9", "R1", "G1")
	wantTurn(t, s, herrlof.PhasePlay, 0)
}

func TestRuleH13_ValknutDestroys(t *testing.T) {
	// Case: Valknut with Hagalaz: destroyed, and the Hagalaz player leads next.
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "V", "H")
	if !s.LastTrick().Destroyed() || s.Tricks(0)+s.Tricks(1) != 0 {
		t.Fatal("trick not destroyed")
	}
	wantTurn(t, s, herrlof.PhasePlay, 1)
	// Without a Hagalaz the leader leads again, and neither 1 nor 9 fires.
	s = dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "R2", "Y5", "R1", "V") // seat 0 has a trick; its 1 meets a Valknut
	wantTurn(t, s, herrlof.PhasePlay, 0)
	s = dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "G9", "V", "B2")
	wantTurn(t, s, herrlof.PhasePlay, 0)
}

func TestRuleH13_TwoValknutsChangeTrump(t *testing.T) {
	// Case: two Valknuts: destroyed, the top stock card becomes trump, stock - 1.
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "V", "V")
	if s.TrumpCard() != card(t, "R9") || s.Trump() != herrlof.Red || s.StockLen() != 10 {
		t.Fatalf("trump %v, stock %d", s.TrumpCard(), s.StockLen())
	}
	if !s.Played().Has(card(t, "B9")) || s.Played().Count(herrlof.Valknut) != 2 {
		t.Errorf("out of play: %v", s.Played())
	}
	wantTurn(t, s, herrlof.PhasePlay, 0)
	s = apply(t, s, "G2", "G7", "B2", "R2") // red is trump now
	if s.LastTrick().Winner() != 0 {
		t.Error("the new trump suit does not win")
	}
	// Maybe no trump at all.
	hands := []string{"R1 R2 R3 R4 R5 R6 R7 R8 G1 G2 G3 G4 G5 V H", "B1 B2 B3 B4 B5 B6 B7 B8 Y5 G6 G7 G8 G9 V H"}
	s = dealt(t, two, dealMove(t, 2, 0, hands, "B9", "H"), "bid 0", "bid 0")
	s = apply(t, s, "V", "V")
	if s.TrumpCard() != herrlof.Hagalaz || s.Trump() != herrlof.NoSuit {
		t.Fatalf("trump %v", s.TrumpCard())
	}
	// Three Valknuts change it once.
	s = dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "V", "V", "V")
	if s.TrumpCard() != card(t, "Y1") || s.StockLen() != 7 {
		t.Fatalf("3 Valknuts: trump %v, stock %d", s.TrumpCard(), s.StockLen())
	}
}

func TestRuleH13_RuneTrumpCard(t *testing.T) {
	// Case: trump card dealt as a Valknut or Hagalaz: no trump suit until two Valknuts meet.
	hands := []string{"R1 R2 R3 R4 R5 R6 R7 R8 G1 G2 G3 G4 G5 V H", "B1 B2 B3 B4 B5 B6 B7 B8 B9 G6 G7 G8 G9 V Y5"}
	s := dealt(t, two, dealMove(t, 2, 0, hands, "H", "Y9"), "bid 0", "bid 0")
	if s.Trump() != herrlof.NoSuit {
		t.Fatalf("trump %v", s.Trump())
	}
	s = apply(t, s, "R2", "B9")
	if s.LastTrick().Winner() != 0 {
		t.Fatal("an off-suit card won without trump")
	}
	s = apply(t, s, "V", "V")
	if s.Trump() != herrlof.Yellow {
		t.Fatalf("after two Valknuts: trump %v", s.Trump())
	}
}

func TestRuleH14_HagalazLeadsNext(t *testing.T) {
	// Case: Hagalaz led, a suited card follows: the suited card wins, the Hagalaz player leads.
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "H", "G7")
	if s.LastTrick().Winner() != 1 || s.Tricks(1) != 1 {
		t.Fatal("G7 did not win")
	}
	wantTurn(t, s, herrlof.PhasePlay, 0)
	// Several Hagalaz: only the last one counts.
	s = dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "H", "H", "B2")
	if s.LastTrick().Winner() != 2 {
		t.Fatal("B2 did not win")
	}
	wantTurn(t, s, herrlof.PhasePlay, 1)
}

func TestRuleH14_OverTheNine(t *testing.T) {
	s := dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "G9", "G2", "H")
	if s.LastTrick().Winner() != 0 {
		t.Fatal("G9 did not win")
	}
	wantTurn(t, s, herrlof.PhasePlay, 2) // not seat 1, as the 9 alone would say
}

func TestRuleH15_SixTakesAndGives(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	s = apply(t, s, "R2", "B6")
	wantTurn(t, s, herrlof.PhaseTake, 1)
	wantLegal(t, s, "take", "notake")
	s = apply(t, s, "take")
	wantTurn(t, s, herrlof.PhasePick, norns.Chance)
	if got := len(s.Legal()); got != 14 {
		t.Fatalf("%d picks, want one per card of seat 0", got)
	}
	s = apply(t, s, "pick G5")
	wantTurn(t, s, herrlof.PhaseGive, 1)
	refuse(t, s, "give R1", "do not hold")
	s = apply(t, s, "give B2")
	if s.Hand(0).Has(card(t, "G5")) || !s.Hand(0).Has(card(t, "B2")) || !s.Hand(1).Has(card(t, "G5")) ||
		s.Hand(0).Len() != 14 || s.Hand(1).Len() != 14 {
		t.Fatalf("hands after the exchange: %v / %v", s.Hand(0), s.Hand(1))
	}
	// Both players know both cards.
	if s.View(1).Known(0) != herrlof.CardsOf(card(t, "B2")) || s.View(0).Known(1) != herrlof.CardsOf(card(t, "G5")) {
		t.Errorf("knowledge: seat 1 knows %v, seat 0 knows %v", s.View(1).Known(0), s.View(0).Known(1))
	}
	wantTurn(t, s, herrlof.PhasePlay, 1)
	// A card seat 1 knows leaves its knowledge when played.
	s = apply(t, s, "G7", "G1", "Y5", "B2")
	if !s.View(1).Known(0).IsEmpty() {
		t.Errorf("seat 1 still knows %v", s.View(1).Known(0))
	}
}

func TestRuleH15_ThirdSeatSeesNothing(t *testing.T) {
	s := dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "R2", "G2", "H") // seat 0 wins; seat 2's Hagalaz leads next
	s = apply(t, s, "B6", "R4", "H") // seat 2's B6 wins; seat 1 must follow blue but plays its Hagalaz
	wantTurn(t, s, herrlof.PhaseTake, 2)
	wantLegal(t, s, "take 0", "take 1", "notake")
	s = apply(t, s, "take 1")
	a := apply(t, s, "pick G3", "give B1")
	b := apply(t, s, "pick G4", "give B1")
	if a.View(0) != b.View(0) {
		t.Error("seat 0 can tell which card seat 2 took from seat 1")
	}
	if a.View(1) == b.View(1) || a.View(2) == b.View(2) {
		t.Error("the seats involved cannot tell which card was taken")
	}
	if !a.View(0).Known(1).IsEmpty() || !a.View(0).Known(2).IsEmpty() {
		t.Error("seat 0 knows a card of the exchange")
	}
	_, ev, _ := apply(t, s, "pick G3").ApplyEvents(herrlof.Give(card(t, "B1")), 0, nil)
	if len(ev) != 1 || ev[0].Card != herrlof.NoCard || ev[0].String() != "seat 2 gives a card to seat 1" {
		t.Errorf("seat 0's events: %v", ev)
	}
	wantTurn(t, a, herrlof.PhasePlay, 1)
}

func TestRuleH15_SixOrNineOnLastTrick(t *testing.T) {
	// Case: a 6 or 9 winning the last trick has no effect: the hand is scored at once.
	for _, keep := range []string{"Y6", "Y9"} {
		s := dealt(t, two, lastTrickDeal(t, keep), "bid 0", "bid 0")
		s = lowestPolicy(t, s, keep, true)
		if s.Hand(0) != herrlof.CardsOf(card(t, keep)) {
			t.Fatalf("scenario broken: seat 0 holds %v", s.Hand(0))
		}
		if s.ToMove() == 0 {
			s = apply(t, s, keep, "H")
		} else {
			s = apply(t, s, "H", keep)
		}
		wantTurn(t, s, herrlof.PhaseDeal, norns.Chance)
		if s.Round() != 1 {
			t.Errorf("%s: %d hands dealt, want 1 (the second is not dealt yet)", keep, s.Round())
		}
	}
}

func TestRuleH16_TargetsWithThreePlayers(t *testing.T) {
	s := dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "R2", "G2", "R9") // seat 2 wins; its 9 hands the lead to seat 0
	s = apply(t, s, "H", "G1", "B4")  // seat 1's G1 wins; seat 0 leads next (Hagalaz)
	wantTurn(t, s, herrlof.PhaseSteal, 1)
	wantLegal(t, s, "steal 2", "nosteal") // seat 0 has no trick
	refuse(t, s, "steal 0", "no trick")
	refuse(t, s, "steal", "name the seat")
	refuse(t, s, "steal 1", "opponent")
	s = apply(t, s, "steal 2")
	if s.Tricks(2) != 0 || s.Tricks(1) != 2 {
		t.Fatalf("tricks %d %d", s.Tricks(1), s.Tricks(2))
	}
	wantTurn(t, s, herrlof.PhasePlay, 0)
	// The 6's target is chosen before the card is drawn.
	s = dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "R2", "G2", "H", "B6", "R4", "H")
	refuse(t, s, "take", "name the seat")
	refuse(t, s, "take 2", "opponent")
	s = apply(t, s, "take 0")
	if s.PowerTarget() != 0 || len(s.Legal()) != s.Hand(0).Len() {
		t.Fatalf("target %v, picks %v", s.PowerTarget(), s.Legal())
	}
}

// lastTrick plays lastTrickDeal to its last trick, with the tricks and bids given.
func lastTrick(t *testing.T, cfg herrlof.Config, tricks [2]int, bids [2]int) herrlof.State {
	t.Helper()
	s := dealt(t, cfg, lastTrickDeal(t, "Y1"), "bid 0", "bid 0")
	s = lowestPolicy(t, s, "Y1", true)
	s = herrlof.SetTricks(s, tricks[0], tricks[1])
	s = herrlof.SetBid(herrlof.SetBid(s, 0, bids[0]), 1, bids[1])
	if err := herrlof.ValidateSample(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// finish plays the last trick (seat 0's Y1 wins) and declines the steal.
func finish(t *testing.T, s herrlof.State) herrlof.State {
	t.Helper()
	if s.ToMove() == 0 {
		s = apply(t, s, "Y1", "H")
	} else {
		s = apply(t, s, "H", "Y1")
	}
	if s.Phase() == herrlof.PhaseSteal {
		s = apply(t, s, "nosteal")
	}
	return s
}

func TestRuleH17_HandScore(t *testing.T) {
	// Case: bid 3, won 3 -> 18; bid 0, won 0 -> 10; bid 7, won 4 -> 9.
	for _, tc := range []struct {
		name    string
		tricks  [2]int // before the last trick, which seat 0 wins
		bids    [2]int
		points  [2]int
		correct [2]int
	}{
		{"bid3won3", [2]int{2, 12}, [2]int{3, 0}, [2]int{18, 12}, [2]int{1, 0}},
		{"bid0won0", [2]int{14, 0}, [2]int{5, 0}, [2]int{15, 10}, [2]int{0, 1}},
		{"bid7won4", [2]int{10, 4}, [2]int{0, 7}, [2]int{11, 9}, [2]int{0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := finish(t, lastTrick(t, two, tc.tricks, tc.bids))
			r := s.LastHand()
			if got := [2]int{r.Points[0], r.Points[1]}; got != tc.points {
				t.Errorf("points %v, want %v", got, tc.points)
			}
			if got := [2]int{s.Score(0), s.Score(1)}; got != tc.points {
				t.Errorf("scores %v, want %v", got, tc.points)
			}
			if got := [2]int{s.CorrectBids(0), s.CorrectBids(1)}; got != tc.correct {
				t.Errorf("correct bids %v, want %v", got, tc.correct)
			}
		})
	}
	for _, tc := range []struct {
		cfg                herrlof.Config
		bid, tricks, score int
	}{
		{two, 3, 3, 18}, {two, 0, 0, 10}, {two, 7, 4, 9}, {two, 0, 3, 8}, {two, 0, 5, 5}, {two, 5, 5, 15},
		{three, 0, 3, 3}, {three, 3, 3, 13}, {three, 4, 4, 14},
	} {
		if got := herrlof.HandPoints(tc.cfg, tc.bid, tc.tricks); got != tc.score {
			t.Errorf("%dp bid %d won %d: %d points, want %d", tc.cfg.Players, tc.bid, tc.tricks, got, tc.score)
		}
	}
}

func TestRuleH18_EndAndTieBreaks(t *testing.T) {
	// Seat 0 scores 18 and one correct bid (bid 3, won 3); seat 1 scores 12 (bid 0, won 12).
	for _, tc := range []struct {
		name            string
		scores, correct []int
		over            bool
		winners         norns.Seats
	}{
		{"below target", []int{24, 24}, []int{1, 1}, false, 0},                // 42 and 36
		{"higher total", []int{40, 45}, []int{1, 1}, true, norns.SeatsOf(0)},  // 58 against 57
		{"more correct", []int{39, 45}, []int{1, 3}, true, norns.SeatsOf(1)},  // 57 each, 2 against 3
		{"shared", []int{39, 45}, []int{2, 3}, true, norns.SeatsOf(0, 1)},     // 57 each, 3 each
		{"one reaches", []int{40, 20}, []int{1, 1}, true, norns.SeatsOf(0)},   // 58 against 32
		{"other reaches", []int{10, 40}, []int{1, 1}, true, norns.SeatsOf(1)}, // 28 against 52
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := lastTrick(t, two, [2]int{2, 12}, [2]int{3, 0})
			s = herrlof.SetMatch(s, 5, tc.scores, tc.correct)
			if err := herrlof.ValidateSample(s); err != nil {
				t.Fatal(err)
			}
			s = finish(t, s)
			if s.Over() != tc.over || s.Winners() != tc.winners {
				t.Fatalf("over %v, winners %v; want %v, %v\n%v", s.Over(), s.Winners(), tc.over, tc.winners, s)
			}
			if !tc.over {
				wantTurn(t, s, herrlof.PhaseDeal, norns.Chance)
				return
			}
			wantTurn(t, s, herrlof.PhaseOver, norns.Nobody)
			if len(s.Legal()) != 0 {
				t.Error("legal moves after the end")
			}
			if _, err := s.Apply(hand2(t, 0)); !errors.Is(err, norns.ErrGameOver) {
				t.Errorf("move after the end: %v", err)
			}
		})
	}
}

func TestRuleH19_FiveTrickBonus(t *testing.T) {
	bonus := herrlof.Config{FiveTrickBonus: true}
	for _, tc := range []struct {
		cfg  herrlof.Config
		want int
	}{{two, 5}, {bonus, 10}} {
		s := finish(t, lastTrick(t, tc.cfg, [2]int{4, 10}, [2]int{0, 0}))
		if got := s.LastHand().Points[0]; got != tc.want {
			t.Errorf("bonus %v: 5 tricks score %d, want %d", tc.cfg.FiveTrickBonus, got, tc.want)
		}
	}
	if err := (herrlof.Config{Players: 3, FiveTrickBonus: true}).Validate(); !errors.Is(err, norns.ErrBadConfig) {
		t.Errorf("3 players with the five-trick bonus: %v", err)
	}
}

func TestRuleH20_ThreePlayers(t *testing.T) {
	if three.HandSize() != 11 || three.Target() != 40 || herrlof.HandPoints(three, 2, 3) != 3 {
		t.Fatal("three-player sizes or scoring")
	}
	s := dealt(t, three, hand3(t, 2), "bid 1", "bid 2", "bid 3")
	if s.Bid(2) != 1 || s.Bid(0) != 2 || s.Bid(1) != 3 {
		t.Fatalf("bids %d %d %d", s.Bid(0), s.Bid(1), s.Bid(2))
	}
	s = apply(t, s, "R9", "R1", "G1") // seat 2's 9 wins: seat 0, after it, leads
	wantTurn(t, s, herrlof.PhasePlay, 0)
	s = lowestPolicy(t, s, "", false)
	if r := s.LastHand(); r.Tricks[0]+r.Tricks[1]+r.Tricks[2] > 11 || r.Hand != 1 {
		t.Errorf("3p hand result %+v", r)
	}
}

func TestRuleH21_HandLimit(t *testing.T) {
	for _, tc := range []struct {
		limit int
		over  bool
	}{{1, true}, {2, false}} {
		s := dealt(t, herrlof.Config{HandLimit: tc.limit}, hand2(t, 0), "bid 0", "bid 0")
		s = lowestPolicy(t, s, "", false)
		if s.Over() != tc.over {
			t.Errorf("limit %d: over %v after one hand (scores %d, %d)", tc.limit, s.Over(), s.Score(0), s.Score(1))
		}
	}
	if _, err := herrlof.New(herrlof.Config{HandLimit: -1}); !errors.Is(err, norns.ErrBadConfig) {
		t.Errorf("negative hand limit: %v", err)
	}
}
