package gnav_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/rng"
)

// Shorthands for the ranks in tests.
const (
	narr, ugle, potte = gnav.Narr, gnav.Ugle, gnav.Potte
	hus, hest, katt   = gnav.Hus, gnav.Hest, gnav.Katt
	dragon, gjok      = gnav.Dragon, gnav.Gjok
)

func seats(ps ...norns.Player) norns.Seats { return norns.SeatsOf(ps...) }

func wantLives(t *testing.T, s gnav.State, want ...int) {
	t.Helper()
	if diff := cmp.Diff(want, lives(s)); diff != "" {
		t.Errorf("lives mismatch (-want +got):\n%s", diff)
	}
}

func wantHands(t *testing.T, s gnav.State, want ...gnav.Card) {
	t.Helper()
	if diff := cmp.Diff(want, hands(s)); diff != "" {
		t.Errorf("hands mismatch (-want +got):\n%s", diff)
	}
}

func wantToMove(t *testing.T, s gnav.State, want norns.Player) {
	t.Helper()
	if s.ToMove() != want {
		t.Fatalf("to move: %v, want %v\n%v", s.ToMove(), want, s)
	}
}

// four is the default table with seat 3 dealing.
func four(t testing.TB) gnav.State {
	return table(t, gnav.Config{}, 3, nil)
}

func TestRuleN1_Pack(t *testing.T) {
	for c := range gnav.Card(gnav.NumRanks) {
		back, err := gnav.ParseCard(c.String())
		if err != nil || back != c {
			t.Errorf("ParseCard(%q) = %v, %v", c.String(), back, err)
		}
		if c.IsMatador() != (c >= gnav.Hus) {
			t.Errorf("%v.IsMatador() = %v", c, c.IsMatador())
		}
	}
	names := make([]string, gnav.NumRanks)
	for c := range gnav.Card(gnav.NumRanks) {
		names[c] = c.String()
	}
	want := "Narr Ugle Potte 0 I II III IV V VI VII VIII IX X XI XII Hus Hest Katt Dragon Gjøk"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("ranks from the lowest: %s, want %s", got, want)
	}
	if gnav.Gjok.String() != "Gjøk" || gnav.Numbered(0).String() != "0" || gnav.Numbered(12).String() != "XII" {
		t.Error("card names")
	}
	s := four(t)
	m := s.SampleChance(rng.New(1)).Pack()
	var n [gnav.NumRanks]int
	for _, c := range m {
		n[c]++
	}
	for c, k := range n {
		if k != 2 {
			t.Errorf("a shuffled pack holds %d of %v", k, gnav.Card(c))
		}
	}
	bad := m
	bad[0], bad[1] = gnav.Narr, gnav.Narr
	if bad == m {
		bad[0], bad[1] = gnav.Ugle, gnav.Ugle
	}
	if _, err := s.Apply(gnav.Deal(bad)); !errors.Is(err, norns.ErrIllegalMove) {
		t.Errorf("a pack with three of a rank: %v, want ErrIllegalMove", err)
	}
}

func TestRuleN2_Match(t *testing.T) {
	s := mustNew(t, gnav.Config{})
	if s.Players() != 4 || s.Lives(0) != 3 {
		t.Errorf("default table: %d players, %d lives", s.Players(), s.Lives(0))
	}
	for _, c := range []gnav.Config{{Players: 2, Lives: 1}, {Players: 20, Lives: 9}} {
		if _, err := gnav.New(c); err != nil {
			t.Errorf("%+v: %v", c, err)
		}
	}
	// The last player with lives wins; lives are the score.
	s = table(t, gnav.Config{Players: 3}, 2, []int{0, 1, 2})
	s = dealt(t, s, []gnav.Card{none, gnav.Numbered(5), gnav.Numbered(9)})
	s, evs := play(t, s, norns.Nobody, "stand", "stand")
	if !s.Over() || s.Winners() != seats(2) || s.Score(2) != 2 || s.Score(1) != 0 {
		t.Fatalf("over %v, winners %v, scores %v\n%s", s.Over(), s.Winners(), lives(s), texts(evs))
	}
	if !strings.Contains(texts(evs), "the match is over: seat 2 wins") {
		t.Errorf("events:\n%s", texts(evs))
	}
}

func TestRuleN3_ContestantsSkipRestingAndOut(t *testing.T) {
	// Seat 1 rests and seat 2 is out: seat 0's request goes to seat 3, the dealer.
	s := table(t, gnav.Config{Players: 5}, 4, []int{3, 2, 0, 1, 3}, 1)
	if s.Contestants() != seats(0, 3, 4) {
		t.Fatalf("contestants %v", s.Contestants())
	}
	s = dealt(t, s, []gnav.Card{gnav.Numbered(4), none, none, gnav.Numbered(7), gnav.Numbered(9)})
	wantToMove(t, s, 0)
	s, evs := play(t, s, 0, "ask")
	wantHands(t, s, gnav.Numbered(7), none, none, gnav.Numbered(4), gnav.Numbered(9))
	wantToMove(t, s, 3)
	if !strings.Contains(texts(evs), "seat 0 asks seat 3") {
		t.Errorf("events:\n%s", texts(evs))
	}
}

func TestRuleN4_Dealer(t *testing.T) {
	s := mustNew(t, gnav.Config{})
	want := []gnav.Move{gnav.ChooseDealer(0), gnav.ChooseDealer(1), gnav.ChooseDealer(2), gnav.ChooseDealer(3)}
	if !slices.Equal(s.Legal(), want) {
		t.Errorf("first dealer outcomes %v", s.Legal())
	}
	r := rng.New(3)
	var seen norns.Seats
	for range 100 {
		seen = seen.With(s.SampleChance(r).Seat())
	}
	if seen != seats(0, 1, 2, 3) {
		t.Errorf("random first dealers drawn: %v", seen)
	}
	s, _ = play(t, s, norns.Nobody, "dealer 2")
	if s.Dealer() != 2 || s.Phase() != gnav.PhaseDeal {
		t.Errorf("after dealer 2: dealer %v, phase %v", s.Dealer(), s.Phase())
	}
	given := mustNew(t, gnav.Config{DealerGiven: true, FirstDealer: 1})
	if given.Dealer() != 1 || given.Phase() != gnav.PhaseDeal || given.Legal() != nil {
		t.Errorf("given dealer: %v, phase %v", given.Dealer(), given.Phase())
	}
	// The next dealer is the next contestant left of the last: seat 0 rests after holding the
	// Narr, so seat 1 deals after seat 3.
	s = dealt(t, four(t), []gnav.Card{narr, gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)})
	s, _ = play(t, s, norns.Nobody, "stand", "stand", "stand", "stand")
	if s.Resting() != seats(0) || s.Dealer() != 1 || s.Contestants() != seats(1, 2, 3) {
		t.Errorf("next deal: resting %v, dealer %v, contestants %v", s.Resting(), s.Dealer(), s.Contestants())
	}
	// Without rests the deal moves one seat on.
	s = dealt(t, s, []gnav.Card{none, gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)})
	s, _ = play(t, s, norns.Nobody, "stand", "stand", "stand")
	if s.Dealer() != 2 || s.Contestants() != seats(0, 1, 2, 3) {
		t.Errorf("the deal after: dealer %v, contestants %v", s.Dealer(), s.Contestants())
	}
}

func TestRuleN5_DealOrder(t *testing.T) {
	s := table(t, gnav.Config{}, 1, nil)
	order := "deal I II III IV XII Hus Narr Narr Ugle Ugle Potte Potte 0 0 I II III IV V V VI VI VII VII VIII VIII IX IX X X XI XI XII Hus Hest Hest Katt Katt Dragon Dragon Gjøk Gjøk"
	s, _ = play(t, s, 1, order)
	// From the dealer's left: seat 2, 3, 0, then the dealer, seat 1.
	wantHands(t, s, gnav.Numbered(3), gnav.Numbered(4), gnav.Numbered(1), gnav.Numbered(2))
	st := s.Stock()
	if len(st) != 38 || st[0] != gnav.Numbered(12) || st[1] != hus || st[37] != gjok {
		t.Errorf("stock %v", st)
	}
	wantToMove(t, s, 2)
	s, _ = play(t, s, 1, "stand", "stand", "stand", "draw")
	// The dealer drew the top card, XII, and kept it: seat 2's I is the lowest.
	wantLives(t, s, 3, 3, 2, 3)
}

func TestRuleN6_Knock(t *testing.T) {
	s := four(t)
	s, evs := play(t, s, 1, packMove(t, s, []gnav.Card{gnav.Numbered(5), gnav.Numbered(6), narr, gnav.Numbered(10)}).String())
	if s.Knocked() != seats(2) || s.View(0).Knocked() != seats(2) {
		t.Errorf("knocked %v", s.Knocked())
	}
	if !strings.Contains(texts(evs), "seat 2 knocks") || !strings.Contains(texts(evs), "you hold VI") {
		t.Errorf("events:\n%s", texts(evs))
	}
}

func TestRuleN6_CaseNarrMovedByExchange(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{narr, gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)})
	s, _ = play(t, s, 2, "ask")
	if s.Knocked() != seats(0) || s.Hand(1) != narr || s.View(2).Hand() != gnav.Numbered(9) {
		t.Fatalf("knocked %v, seat 1 holds %v", s.Knocked(), s.Hand(1))
	}
	s, evs := play(t, s, 2, "stand", "stand", "stand")
	// Seat 1 holds the Narr at the showdown: it loses, and so does seat 0, the lowest of the others.
	wantLives(t, s, 2, 2, 3, 3)
	if s.Resting() != seats(1) {
		t.Errorf("resting %v", s.Resting())
	}
	if !strings.Contains(texts(evs), "seat 1 shows Narr") {
		t.Errorf("events:\n%s", texts(evs))
	}
}

func TestRuleN7_TurnOrder(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(5), gnav.Numbered(6), gnav.Numbered(7), gnav.Numbered(10)})
	for _, p := range []norns.Player{0, 1, 2} {
		wantToMove(t, s, p)
		if !slices.Equal(s.Legal(), []gnav.Move{gnav.Stand(), gnav.Ask()}) {
			t.Errorf("%v's moves: %v", p, s.Legal())
		}
		if _, err := s.Apply(gnav.Draw()); !errors.Is(err, norns.ErrIllegalMove) {
			t.Errorf("%v draws: %v", p, err)
		}
		s, _ = play(t, s, p, "stand")
	}
	wantToMove(t, s, 3)
	if !slices.Equal(s.Legal(), []gnav.Move{gnav.Stand(), gnav.Draw()}) {
		t.Errorf("the dealer's moves: %v", s.Legal())
	}
	_, err := s.Apply(gnav.Ask())
	var me *norns.MoveError
	if !errors.As(err, &me) || !errors.Is(err, norns.ErrIllegalMove) || me.Game != "gnav" || me.Seat != 3 || me.Move != "ask" {
		t.Errorf("the dealer asks: %v", err)
	}
	s, _ = play(t, s, 3, "stand")
	if s.Phase() != gnav.PhaseDeal {
		t.Errorf("the dealer's stand does not end the deal: %v", s.Phase())
	}
}

func TestRuleN7_CaseTwoContestants(t *testing.T) {
	s := table(t, gnav.Config{Players: 3}, 1, []int{2, 2, 0})
	s = dealt(t, s, []gnav.Card{gnav.Numbered(4), gnav.Numbered(8), none})
	if !slices.Equal(s.Legal(), []gnav.Move{gnav.Stand(), gnav.Ask()}) {
		t.Fatalf("moves %v", s.Legal())
	}
	s, evs := play(t, s, 0, "ask")
	if got := texts(evs); !strings.Contains(got, "seat 0 asks seat 1") || !strings.Contains(got, "seat 0 gets VIII, seat 1 gets IV") {
		t.Errorf("events:\n%s", got)
	}
	wantToMove(t, s, 1)
	if !slices.Equal(s.Legal(), []gnav.Move{gnav.Stand(), gnav.Draw()}) {
		t.Errorf("the dealer's moves %v", s.Legal())
	}
}

func TestRuleN8_MustAccept(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(5), potte, gnav.Numbered(12), gnav.Numbered(10)})
	s, ev0 := play(t, s, 0, "ask")
	wantHands(t, s, potte, gnav.Numbered(5), gnav.Numbered(12), gnav.Numbered(10))
	wantToMove(t, s, 1)
	if a, o := s.View(0).Received(); a != none || o != potte {
		t.Errorf("seat 0 received %v, %v", a, o)
	}
	if a, o := s.View(1).Received(); a != gnav.Numbered(5) || o != none {
		t.Errorf("seat 1 received %v, %v", a, o)
	}
	if a, o := s.View(2).Received(); a != none || o != none || s.View(2).Hand() != gnav.Numbered(12) {
		t.Errorf("seat 2 received %v, %v", a, o)
	}
	if s.Answer(1) != gnav.AnswerAccepted || s.Turn(0) != gnav.TurnAsked {
		t.Errorf("acts: %v, %v", s.Answer(1), s.Turn(0))
	}
	_, ev2 := play(t, four(t), 2, packMove(t, four(t), []gnav.Card{gnav.Numbered(5), potte, gnav.Numbered(12), gnav.Numbered(10)}).String(), "ask")
	if !strings.Contains(texts(ev0), "seat 0 gets Potte, seat 1 gets V") || !strings.Contains(texts(ev2), "seat 0 and seat 1 exchange cards") {
		t.Errorf("events for seat 0:\n%s\nfor seat 2:\n%s", texts(ev0), texts(ev2))
	}
	// The player asked takes the next turn and may ask on.
	s, _ = play(t, s, 1, "ask")
	wantHands(t, s, potte, gnav.Numbered(12), gnav.Numbered(5), gnav.Numbered(10))
	wantToMove(t, s, 2)
}

func TestRuleN9_HusHestPassOn(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(4), hus, gnav.Numbered(7), gnav.Numbered(10)})
	s, evs := play(t, s, 3, "ask")
	wantHands(t, s, gnav.Numbered(7), hus, gnav.Numbered(4), gnav.Numbered(10))
	wantToMove(t, s, 2)
	if s.Answer(1) != gnav.AnswerHus || s.Turn(1) != gnav.TurnNone {
		t.Errorf("seat 1: %v, %v", s.Answer(1), s.Turn(1))
	}
	if !strings.Contains(texts(evs), "seat 1: Hus forbi! The request passes on") {
		t.Errorf("events:\n%s", texts(evs))
	}
}

func TestRuleN9_CaseHestHusNumber(t *testing.T) {
	s := table(t, gnav.Config{Players: 5}, 4, nil)
	s = dealt(t, s, []gnav.Card{gnav.Numbered(2), hest, hus, gnav.Numbered(7), gnav.Numbered(9)})
	s, evs := play(t, s, 0, "ask")
	wantHands(t, s, gnav.Numbered(7), hest, hus, gnav.Numbered(2), gnav.Numbered(9))
	wantToMove(t, s, 3)
	s, _ = play(t, s, 0, "stand")
	wantToMove(t, s, 4)
	if !strings.Contains(texts(evs), "seat 1: Hest forbi!") || !strings.Contains(texts(evs), "seat 2: Hus forbi!") {
		t.Errorf("events:\n%s", texts(evs))
	}
	s, _ = play(t, s, 0, "stand")
	// Seats 1 and 2 never had a turn; seat 3's II is the lowest.
	wantLives(t, s, 3, 3, 3, 2, 3)
}

func TestRuleN9_CasePastDealersHorse(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(5), gnav.Numbered(6), gnav.Numbered(2), hest}, gnav.Numbered(8))
	s, evs := play(t, s, 2, "stand", "stand", "ask")
	got := texts(evs)
	for _, want := range []string{"seat 3: Hest forbi!", "seat 2 draws VIII from the stock; II leaves play", "seat 0 shows V", "seat 2 shows VIII", "seat 0 loses a life (2 left)"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in events:\n%s", want, got)
		}
	}
	// The exchanges ended with the stock: the dealer had no turn.
	if s.Phase() != gnav.PhaseDeal {
		t.Errorf("phase %v", s.Phase())
	}
	wantLives(t, s, 2, 3, 3, 3)
	_, evs = play(t, dealt(t, four(t), []gnav.Card{gnav.Numbered(5), gnav.Numbered(6), gnav.Numbered(2), hest}, gnav.Numbered(8)), 0, "stand", "stand", "ask")
	if got := texts(evs); !strings.Contains(got, "seat 2 draws a card from the stock; their old card leaves play") {
		t.Errorf("seat 0 sees the stock card:\n%s", got)
	}
}

func TestRuleN10_Gjok(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(8), gjok, gnav.Numbered(4), gnav.Numbered(9)})
	s, evs := play(t, s, 0, "ask")
	if !strings.Contains(texts(evs), "seat 1 shows the Gjøk: Stå for gjøk!") {
		t.Errorf("events:\n%s", texts(evs))
	}
	// The deal is settled at once: seat 0 keeps its card and pays nothing; seat 2 is lowest.
	wantLives(t, s, 3, 3, 2, 3)
	if s.Phase() != gnav.PhaseDeal || s.Dealer() != 0 {
		t.Errorf("phase %v, dealer %v", s.Phase(), s.Dealer())
	}
}

func TestRuleN10_CaseDealerCuckoo(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(8), gnav.Numbered(4), gnav.Numbered(2), gjok})
	s, _ = play(t, s, 0, "stand", "stand", "ask")
	// Nobody pays for the request; seat 2's II is the lowest at the showdown.
	wantLives(t, s, 3, 3, 2, 3)
	if s.Phase() != gnav.PhaseDeal {
		t.Errorf("phase %v", s.Phase())
	}
}

func TestRuleN11_Dragon(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(2), dragon, gnav.Numbered(7), gnav.Numbered(10)})
	s, evs := play(t, s, 0, "ask")
	wantLives(t, s, 2, 3, 3, 3)
	wantHands(t, s, gnav.Numbered(2), dragon, gnav.Numbered(7), gnav.Numbered(10))
	wantToMove(t, s, 2) // left of the dragoon's holder, whose turn is used up
	if !strings.Contains(texts(evs), "seat 1 shows the Dragon: Hugg av!") || !strings.Contains(texts(evs), "seat 0 loses a life (2 left)") {
		t.Errorf("events:\n%s", texts(evs))
	}
	// The dealer's dragoon ends the exchanges.
	s = dealt(t, four(t), []gnav.Card{gnav.Numbered(2), gnav.Numbered(5), gnav.Numbered(7), dragon})
	s, _ = play(t, s, 0, "stand", "stand", "ask")
	wantLives(t, s, 2, 3, 2, 3) // seat 2 for asking, seat 0 for the lowest card
	if s.Phase() != gnav.PhaseDeal {
		t.Errorf("phase %v", s.Phase())
	}
}

func TestRuleN12_Katt(t *testing.T) {
	deal5 := func(cfg gnav.Config) gnav.State {
		return dealt(t, table(t, cfg, 4, nil), []gnav.Card{gnav.Numbered(5), gnav.Numbered(6), gnav.Numbered(2), katt, gnav.Numbered(9)})
	}
	s, evs := play(t, deal5(gnav.Config{Players: 5}), 0, "ask", "stand", "ask")
	// Seat 2 loses a life; the exchange before seat 1's stand is undone; seat 4 plays on.
	wantLives(t, s, 3, 3, 2, 3, 3)
	wantHands(t, s, gnav.Numbered(5), gnav.Numbered(6), gnav.Numbered(2), katt, gnav.Numbered(9))
	wantToMove(t, s, 4)
	if got := texts(evs); !strings.Contains(got, "seat 3 shows the Katt: Kiss!") || !strings.Contains(got, "every exchange is undone; you hold V again") {
		t.Errorf("events:\n%s", got)
	}
	if a, o := s.View(0).Received(); o != gnav.Numbered(6) || a != none {
		t.Errorf("seat 0 forgot what it received: %v %v", a, o)
	}
	// With the option off the cat is a dragoon: nothing is undone.
	s, _ = play(t, deal5(gnav.Config{Players: 5, CatIsDragoon: true}), 0, "ask", "stand", "ask")
	wantLives(t, s, 3, 3, 2, 3, 3)
	wantHands(t, s, gnav.Numbered(6), gnav.Numbered(5), gnav.Numbered(2), katt, gnav.Numbered(9))
	wantToMove(t, s, 4)
}

func TestRuleN12_CaseThreeExchangesTwoStandsThenCat(t *testing.T) {
	s := table(t, gnav.Config{Players: 8}, 7, nil)
	dealtCards := []gnav.Card{gnav.Numbered(1), gnav.Numbered(2), gnav.Numbered(3), gnav.Numbered(4), gnav.Numbered(5), gnav.Numbered(6), katt, gnav.Numbered(10)}
	s = dealt(t, s, dealtCards)
	s, _ = play(t, s, 0, "ask", "ask", "stand", "ask", "stand")
	wantHands(t, s, gnav.Numbered(2), gnav.Numbered(3), gnav.Numbered(1), gnav.Numbered(5), gnav.Numbered(4), gnav.Numbered(6), katt, gnav.Numbered(10))
	s, _ = play(t, s, 0, "ask")
	wantHands(t, s, dealtCards...)
	wantLives(t, s, 3, 3, 3, 3, 3, 2, 3, 3)
	wantToMove(t, s, 7)
}

func TestRuleN12_CaseTwoCats(t *testing.T) {
	s := table(t, gnav.Config{Players: 8}, 7, nil)
	dealtCards := []gnav.Card{gnav.Numbered(1), gnav.Numbered(2), katt, gnav.Numbered(4), gnav.Numbered(5), katt, gnav.Numbered(7), gnav.Numbered(10)}
	s = dealt(t, s, dealtCards)
	// 0 and 1 exchange, then 1 meets a cat: undone. 3 and 4 exchange, then 4 meets the second
	// cat: only that exchange is undone; 0 and 1 are not swapped back again.
	s, _ = play(t, s, 0, "ask", "ask")
	wantHands(t, s, dealtCards...)
	wantToMove(t, s, 3)
	s, _ = play(t, s, 0, "ask")
	wantHands(t, s, gnav.Numbered(1), gnav.Numbered(2), katt, gnav.Numbered(5), gnav.Numbered(4), katt, gnav.Numbered(7), gnav.Numbered(10))
	s, _ = play(t, s, 0, "ask")
	wantHands(t, s, dealtCards...)
	wantLives(t, s, 3, 2, 3, 3, 2, 3, 3, 3)
	wantToMove(t, s, 6)
}

func TestRuleN13_DealerAndStock(t *testing.T) {
	// Seat 0 asks seat 1 first, so a cat has an exchange to undo: then seat 0's II is the lowest
	// card again; otherwise seat 1 holds it.
	hands := []gnav.Card{gnav.Numbered(2), gnav.Numbered(6), gnav.Numbered(7), gnav.Numbered(4)}
	cases := []struct {
		name      string
		cfg       gnav.Config
		top       []gnav.Card
		lives     []int
		dealer    gnav.Card // the dealer's card at the showdown
		seen      []string  // events the dealer sees
		hiddenFor string    // an event seat 0 sees instead of the dealer's first
	}{
		{"ordinary", gnav.Config{}, []gnav.Card{gnav.Numbered(11)}, []int{3, 2, 3, 3}, gnav.Numbered(11),
			[]string{"seat 3 draws XI from the stock; IV leaves play"}, "seat 3 draws a card from the stock"},
		{"narr-not-announced", gnav.Config{}, []gnav.Card{narr}, []int{3, 2, 3, 2}, narr,
			[]string{"seat 3 draws Narr from the stock; IV leaves play", "seat 3 held a Narr and rests"}, "seat 3 draws a card from the stock"},
		{"set-aside-then-dragon", gnav.Config{}, []gnav.Card{hus, hest, dragon}, []int{3, 2, 3, 2}, gnav.Numbered(4),
			[]string{"seat 3 draws Hus from the stock: set aside", "seat 3 draws Hest from the stock: set aside", "seat 3 draws the Dragon from the stock: Hugg av!"}, "seat 3 draws Hus from the stock: set aside"},
		{"katt", gnav.Config{}, []gnav.Card{katt}, []int{2, 3, 3, 2}, gnav.Numbered(4),
			[]string{"seat 3 draws the Katt from the stock: Kiss!", "every exchange is undone; you hold IV again"}, "seat 3 draws the Katt"},
		{"katt-as-dragoon", gnav.Config{CatIsDragoon: true}, []gnav.Card{katt}, []int{3, 2, 3, 2}, gnav.Numbered(4),
			[]string{"seat 3 draws the Katt from the stock: Kiss!"}, "seat 3 draws the Katt"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := dealt(t, table(t, tc.cfg, 3, nil), hands, tc.top...)
			s, _ = play(t, s, 3, "ask", "stand", "stand")
			_, evs := play(t, s, 3, "draw")
			got := texts(evs)
			for _, want := range tc.seen {
				if !strings.Contains(got, want) {
					t.Errorf("no %q in events:\n%s", want, got)
				}
			}
			if !strings.Contains(got, "seat 3 shows "+tc.dealer.String()) {
				t.Errorf("the dealer does not show %v:\n%s", tc.dealer, got)
			}
			if strings.Contains(got, "undone") != (tc.name == "katt") {
				t.Errorf("undo events:\n%s", got)
			}
			after, evs0 := play(t, s, 0, "draw")
			if !strings.Contains(texts(evs0), tc.hiddenFor) || strings.Contains(texts(evs0), "IV leaves") {
				t.Errorf("seat 0 sees:\n%s", texts(evs0))
			}
			wantLives(t, after, tc.lives...)
		})
	}
}

func TestRuleN13_CaseHestThenGjok(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(5), gnav.Numbered(6), gnav.Numbered(7), gnav.Numbered(2)}, hest, gjok)
	s, evs := play(t, s, 1, "stand", "stand", "stand", "draw")
	got := texts(evs)
	for _, want := range []string{"seat 3 draws Hest from the stock: set aside", "seat 3 draws the Gjøk from the stock: the exchanges end", "seat 3 shows II"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in events:\n%s", want, got)
		}
	}
	wantLives(t, s, 3, 3, 3, 2)
}

func TestRuleN14_CaseAskerAtOneLifeMeetsDragoon(t *testing.T) {
	s := table(t, gnav.Config{}, 3, []int{1, 3, 3, 3})
	s = dealt(t, s, []gnav.Card{ugle, dragon, gnav.Numbered(7), gnav.Numbered(9)})
	s, evs := play(t, s, 0, "ask")
	if s.Alive() != seats(1, 2, 3) || s.InPlay() != seats(1, 2, 3) || s.Contestants() != seats(0, 1, 2, 3) {
		t.Errorf("alive %v, in play %v", s.Alive(), s.InPlay())
	}
	if !strings.Contains(texts(evs), "seat 0 is out") {
		t.Errorf("events:\n%s", texts(evs))
	}
	wantToMove(t, s, 2)
	s, evs = play(t, s, 0, "stand", "stand")
	// Seat 0's Ugle is not compared: seat 2's VII is the lowest.
	wantLives(t, s, 0, 3, 2, 3)
	if strings.Contains(texts(evs), "seat 0 shows") {
		t.Errorf("seat 0 is compared:\n%s", texts(evs))
	}
	// With one player left, the match ends at once.
	s = table(t, gnav.Config{Players: 2}, 1, []int{1, 2})
	s = dealt(t, s, []gnav.Card{gnav.Numbered(12), dragon})
	s, evs = play(t, s, 0, "ask")
	if !s.Over() || s.Winners() != seats(1) || strings.Contains(texts(evs), "shows XII") {
		t.Errorf("over %v, winners %v\n%s", s.Over(), s.Winners(), texts(evs))
	}
}

func TestRuleN15_ShowdownLowestTied(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{gnav.Numbered(4), gnav.Numbered(9), gnav.Numbered(4), gnav.Numbered(10)})
	s, _ = play(t, s, 0, "stand", "stand", "stand", "stand")
	wantLives(t, s, 2, 3, 2, 3)
	if s.Resting() != 0 {
		t.Errorf("resting %v", s.Resting())
	}
}

func TestRuleN15_CaseOneNarrTwoUgle(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{narr, ugle, ugle, gnav.Numbered(5)})
	s, evs := play(t, s, 0, "stand", "stand", "stand", "stand")
	wantLives(t, s, 2, 2, 2, 3)
	if s.Resting() != seats(0) || !strings.Contains(texts(evs), "seat 0 held a Narr and rests for the next deal") {
		t.Errorf("resting %v\n%s", s.Resting(), texts(evs))
	}
}

func TestRuleN15_CaseTwoNarr(t *testing.T) {
	s := dealt(t, four(t), []gnav.Card{narr, ugle, narr, potte})
	s, _ = play(t, s, 0, "stand", "stand", "stand", "stand")
	wantLives(t, s, 2, 3, 2, 3)
	if s.Resting() != seats(0, 2) || s.Contestants() != seats(1, 3) || s.Dealer() != 1 {
		t.Errorf("resting %v, contestants %v, dealer %v", s.Resting(), s.Contestants(), s.Dealer())
	}
}

func TestRuleN15_FewerThanTwoInPlay(t *testing.T) {
	// Seat 2 rests; seat 0 goes out asking the dealer: seat 1 is alone, nobody loses.
	s := table(t, gnav.Config{Players: 3}, 1, []int{1, 3, 2}, 2)
	s = dealt(t, s, []gnav.Card{gnav.Numbered(5), dragon, none})
	s, evs := play(t, s, 0, "ask")
	wantLives(t, s, 0, 3, 2)
	if !strings.Contains(texts(evs), "nobody loses a life") || s.Resting() != 0 || s.Contestants() != seats(1, 2) {
		t.Errorf("resting %v, contestants %v\n%s", s.Resting(), s.Contestants(), texts(evs))
	}
}

func TestRuleN16_CaseRestThenVoid(t *testing.T) {
	s := table(t, gnav.Config{Players: 2}, 1, nil)
	deals := s.Round()
	s = dealt(t, s, []gnav.Card{narr, gnav.Numbered(5)})
	s, evs := play(t, s, 0, "stand", "stand")
	// One Narr: its holder and the lowest of the others (the only other) lose. Seat 0 rests, so
	// the next deal has one contestant: void. The rest is used up and the dealer moves on.
	wantLives(t, s, 2, 2)
	if !strings.Contains(texts(evs), "the deal is void") {
		t.Errorf("events:\n%s", texts(evs))
	}
	if s.Resting() != 0 || s.Contestants() != seats(0, 1) || s.Dealer() != 0 || s.Round() != deals+1 {
		t.Errorf("resting %v, contestants %v, dealer %v, deals %d", s.Resting(), s.Contestants(), s.Dealer(), s.Round())
	}
}

func TestRuleN16_VoidWhenAllRest(t *testing.T) {
	// Both Narr holders of a three-seat table with seat 2 out survive and rest: nobody is left.
	s := table(t, gnav.Config{Players: 3}, 1, []int{3, 3, 0})
	s = dealt(t, s, []gnav.Card{narr, narr, none})
	s, _ = play(t, s, 0, "stand", "stand")
	wantLives(t, s, 2, 2, 0)
	if s.Resting() != 0 || s.Contestants() != seats(0, 1) || s.Dealer() != 1 {
		t.Errorf("resting %v, contestants %v, dealer %v", s.Resting(), s.Contestants(), s.Dealer())
	}
}

func TestRuleN17_CaseAllDropToZero(t *testing.T) {
	s := table(t, gnav.Config{Players: 3}, 2, []int{1, 1, 2})
	s = dealt(t, s, []gnav.Card{narr, gnav.Numbered(5), gnav.Numbered(10)})
	s, evs := play(t, s, 0, "stand", "stand", "stand")
	// Seat 0 (Narr) and seat 1 (lowest of the others) lose their last lives; seat 2 wins.
	if !s.Over() || s.Winners() != seats(2) || !containsAll(texts(evs), "seat 0 is out", "seat 1 is out", "seat 2 wins") {
		t.Fatalf("over %v winners %v\n%s", s.Over(), s.Winners(), texts(evs))
	}
	s = table(t, gnav.Config{Players: 2}, 1, []int{1, 1})
	s = dealt(t, s, []gnav.Card{narr, gnav.Numbered(5)})
	s, evs = play(t, s, 0, "stand", "stand")
	if !s.Over() || s.Winners() != 0 || s.ToMove() != norns.Nobody || s.Score(0) != 0 || s.Score(1) != 0 {
		t.Errorf("over %v winners %v", s.Over(), s.Winners())
	}
	if !strings.Contains(texts(evs), "the match is over: a draw") {
		t.Errorf("events:\n%s", texts(evs))
	}
	if _, err := s.Apply(gnav.Stand()); !errors.Is(err, norns.ErrGameOver) {
		t.Errorf("a move after the end: %v", err)
	}
}
