package herrlof_test

import (
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// cardsOf reads a space-separated list of cards.
func cardsOf(t testing.TB, text string) []herrlof.Card {
	t.Helper()
	var cs []herrlof.Card
	for _, f := range strings.Fields(text) {
		c, err := herrlof.ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

// dealMove builds a deal: hands[p] lists seat p's cards, then the trump card, then the stock
// from the top. Missing cards are filled in ascending order from the cards not named: the hands
// first, then the trump card, then the bottom of the stock.
func dealMove(t testing.TB, players, leader int, hands []string, trump, stock string) herrlof.Move {
	t.Helper()
	hs := herrlof.Config{Players: players}.HandSize()
	pool := herrlof.FullDeck()
	take := func(cs []herrlof.Card) {
		for _, c := range cs {
			if !pool.Has(c) {
				t.Fatalf("deal names %v too often", c)
			}
			pool = pool.Without(c)
		}
	}
	hand := make([][]herrlof.Card, players)
	for p := range players {
		if p < len(hands) {
			hand[p] = cardsOf(t, hands[p])
			take(hand[p])
		}
	}
	tr := cardsOf(t, trump)
	take(tr)
	st := cardsOf(t, stock)
	take(st)
	fill := func(n int) []herrlof.Card {
		var cs []herrlof.Card
		for range n {
			c := pool.Kinds()
			for x := range c {
				cs = append(cs, x)
				pool = pool.Without(x)
				break
			}
		}
		return cs
	}
	hc := make([]herrlof.Cards, players)
	for p := range players {
		if len(hand[p]) > hs {
			t.Fatalf("seat %d gets %d cards", p, len(hand[p]))
		}
		hc[p] = herrlof.CardsOf(append(hand[p], fill(hs-len(hand[p]))...)...)
	}
	if len(tr) == 0 {
		tr = fill(1)
	}
	st = append(st, fill(pool.Len())...)
	m, err := herrlof.Deal(norns.Player(leader), hc, tr[0], st)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// apply plays moves in notation, failing the test on the first refusal.
func apply(t testing.TB, s herrlof.State, moves ...string) herrlof.State {
	t.Helper()
	for _, text := range moves {
		m, err := herrlof.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		next, err := s.Apply(m)
		if err != nil {
			t.Fatalf("move %q: %v\nin state:\n%v", text, err, s)
		}
		s = next
	}
	return s
}

// refuse checks that move is illegal in s and that the reason mentions every word of want.
func refuse(t testing.TB, s herrlof.State, move string, want ...string) {
	t.Helper()
	m, err := herrlof.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	next, err := s.Apply(m)
	if err == nil {
		t.Fatalf("move %q accepted, want refused\nin state:\n%v", move, s)
	}
	if next != s {
		t.Fatalf("move %q: refused but the state returned differs", move)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("move %q: error %q does not mention %q", move, err, w)
		}
	}
}

// dealt starts a match of cfg and applies the deal and the bids.
func dealt(t testing.TB, cfg herrlof.Config, deal herrlof.Move, bids ...string) herrlof.State {
	t.Helper()
	s := mustNew(t, cfg)
	s, err := s.Apply(deal)
	if err != nil {
		t.Fatal(err)
	}
	return apply(t, s, bids...)
}

// hand2 is a two-player deal used by many tests. Blue is trump; the stock's top card is R9.
//
//	seat 0: R1 R2 R3 R4 R5 R6 R7 R8 G1 G2 G3 G4 G5 V H
//	seat 1: B1 B2 B3 B4 B5 B6 B7 B8 Y5 G6 G7 G8 G9 V H
//	trump B9; stock R9 Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9 V H
func hand2(t testing.TB, leader int) herrlof.Move {
	return dealMove(t, 2, leader, []string{
		"R1 R2 R3 R4 R5 R6 R7 R8 G1 G2 G3 G4 G5 V H",
		"B1 B2 B3 B4 B5 B6 B7 B8 Y5 G6 G7 G8 G9 V H",
	}, "B9", "R9 Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9 V H")
}

// hand3 is a three-player deal used by many tests. Yellow is trump; the stock is Y1 to Y9 in
// order from the top, without Y5.
//
//	seat 0: R1 R2 R3 R4 R5 R6 R7 R8 G9 V H
//	seat 1: G1 G2 G3 G4 G5 G6 G7 G8 B9 V H
//	seat 2: B1 B2 B3 B4 B5 B6 B7 B8 R9 V H
//	trump Y5; stock Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9
func hand3(t testing.TB, leader int) herrlof.Move {
	return dealMove(t, 3, leader, []string{
		"R1 R2 R3 R4 R5 R6 R7 R8 G9 V H",
		"G1 G2 G3 G4 G5 G6 G7 G8 B9 V H",
		"B1 B2 B3 B4 B5 B6 B7 B8 R9 V H",
	}, "Y5", "Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9")
}

// lowestPolicy plays out a hand: the lowest legal card, except that the seats keep the cards of
// keep for last; every power is declined. It stops before the last trick's first card when
// stopAtLast, and otherwise at the end of the hand.
func lowestPolicy(t testing.TB, s herrlof.State, keep string, stopAtLast bool) herrlof.State {
	t.Helper()
	kept := herrlof.CardsOf(cardsOf(t, keep)...)
	hand := s.Round()
	for !s.Over() && s.Round() == hand && s.Phase() != herrlof.PhaseDeal {
		if stopAtLast && s.Phase() == herrlof.PhasePlay && s.Trick().Len() == 0 && s.Hand(0).Len() == 1 {
			return s
		}
		legal := s.Legal()
		m := legal[len(legal)-1] // the "no" of a power
		if s.Phase() == herrlof.PhasePlay {
			m = legal[0]
			for _, l := range legal {
				if !kept.Has(l.Card()) {
					m = l
					break
				}
			}
		}
		next, err := s.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		s = next
	}
	return s
}

// lastTrickDeal is a two-player deal where seat 0 keeps its only yellow card (a trump: the trump
// card is Y5) for the last trick, and seat 1 its Hagalaz; no Valknut is dealt, so no trick is
// destroyed. keep is seat 0's yellow card: Y1, Y6 or Y9.
func lastTrickDeal(t testing.TB, keep string) herrlof.Move {
	stock := strings.Replace("Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9 V V V H", keep+" ", "", 1)
	return dealMove(t, 2, 0, []string{
		"R2 R4 R5 R7 R8 G2 G4 G5 G7 G8 B2 B4 B5 B7 " + keep,
		"R1 R3 R6 R9 G1 G3 G6 G9 B1 B3 B6 B8 B9 H H",
	}, "Y5", stock)
}

// playRandom plays a match of cfg to its end with random legal moves and chance from r. At every
// state after a deal and before its move it calls at(s), and then see(s, m) with the move about
// to be applied; either may be nil.
func playRandom(t testing.TB, cfg herrlof.Config, r *rng.Rand, at func(s herrlof.State), see func(s herrlof.State, m herrlof.Move)) {
	t.Helper()
	s := mustNew(t, cfg)
	for !s.Over() {
		if at != nil && s.Phase() != herrlof.PhaseDeal {
			at(s)
		}
		var m herrlof.Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			ms := s.Legal()
			m = ms[r.IntN(len(ms))]
		}
		if see != nil {
			see(s, m)
		}
		next, err := s.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		s = next
	}
}

// script plays deal and then the moves (in notation) from a new match of cfg, calling see(s, m)
// before each move is applied, and returns the state reached.
func script(t testing.TB, cfg herrlof.Config, deal herrlof.Move, see func(s herrlof.State, m herrlof.Move), moves ...string) herrlof.State {
	t.Helper()
	s := mustNew(t, cfg)
	for i := -1; i < len(moves); i++ {
		m := deal
		if i >= 0 {
			var err error
			if m, err = herrlof.ParseMove(moves[i]); err != nil {
				t.Fatal(err)
			}
		}
		see(s, m)
		next, err := s.Apply(m)
		if err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		s = next
	}
	return s
}
