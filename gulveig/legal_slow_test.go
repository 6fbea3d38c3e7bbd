package gulveig_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// ruleCombos is the combo table of G2 and G3 in the order Legal documents: the four in-clan
// combos, then the alternates' combos.
var ruleCombos = [][2]gulveig.Card{
	{gulveig.Thor, gulveig.Sif}, {gulveig.Aegir, gulveig.Ran}, {gulveig.Loki, gulveig.Spear}, {gulveig.Gymir, gulveig.Aurboda},
	{gulveig.NannaAlt, gulveig.Baldur}, {gulveig.LaufeyAlt, gulveig.Farbauti}, {gulveig.ThiassiAlt, gulveig.Idun}, {gulveig.FreyaAlt, gulveig.Thrym},
}

// legalSlow is Legal written again from the rules, slowly and independently of legal.go: it
// reads the State through its exported accessors only, decides each rule by the text of G4–G21,
// and lists the moves in the order Legal documents.
func legalSlow(s gulveig.State) []gulveig.Move {
	var out []gulveig.Move
	if s.Over() {
		return nil
	}
	c := s.Config()
	n := s.Players()
	q := s.ToMove()
	// bids lists the multiples of 10 from lo to the cap of G8.
	bids := func(make func(int) gulveig.Move, lo int) {
		for v := 0; v <= c.MaxBid(); v += 10 {
			if v >= lo {
				out = append(out, make(v))
			}
		}
	}
	var hand gulveig.Cards
	if q.IsSeat() {
		hand = s.Hand(q)
	}
	switch s.Phase() {
	case gulveig.PhaseDealer: // G5: any seat may deal first
		for p := range n {
			out = append(out, gulveig.Dealer(norns.Player(p)))
		}
	case gulveig.PhaseDeal: // G6: too many deals to list
		return nil
	case gulveig.PhaseDraw: // G21 Orchard: a random card of the treasure, which holds the cards in no hand
		treasure := s.InPlay().Minus(s.Out())
		for p := range norns.Player(n) {
			treasure = treasure.Minus(s.Hand(p))
		}
		for card := range gulveig.NumKinds {
			if treasure.Has(card) {
				out = append(out, gulveig.Draw(card))
			}
		}
	case gulveig.PhaseBid: // G7, G8, G19
		high, _ := s.HighBid()
		opening := 90
		switch {
		case n == 2:
			opening = 50
		case c.Veteran:
			opening = 100
		}
		blindMin := 120
		if n == 2 {
			blindMin = 60
		}
		least := opening
		if high > 0 {
			least = high + 10
		}
		looked := s.View(q).KnowsHand()
		first := c.Blind && !looked && !s.BidBlind(q) // neither looked nor bid blind yet
		if first {
			out = append(out, gulveig.Look())
		}
		if first || s.BidBlind(q) {
			bids(gulveig.Blind, max(least, blindMin))
		} else {
			bids(gulveig.Bid, least)
		}
		if high > 0 && !first { // the first bidder may not pass; nor may a seat that has not looked
			out = append(out, gulveig.Pass())
		}
	case gulveig.PhaseRole: // G21: use, or decline a voluntary power
		out = append(out, gulveig.Use())
		var p gulveig.Power
		if s.RoleShown(q) != gulveig.NoRole {
			// The seat already revealed its own role: this turn is for the role Tyr's Sacrifice drew.
			p = gulveig.PowerOf(s.DrawnRole(), gulveig.Loser, n)
		} else {
			pos := gulveig.Loser
			switch q {
			case s.Declarer():
				pos = gulveig.Winner
			case s.Fourth():
				pos = gulveig.Fourth
			}
			p = gulveig.PowerOf(s.Role(q), pos, n)
		}
		if !p.Mandatory {
			out = append(out, gulveig.Decline())
		}
	case gulveig.PhaseGive: // a card of one's hand to the treasure
		for card := range gulveig.NumKinds {
			if hand.Has(card) {
				out = append(out, gulveig.Give(card))
			}
		}
	case gulveig.PhaseSwap: // any 2 cards of one's hand
		for a := range gulveig.NumKinds {
			for b := a + 1; b < gulveig.NumKinds; b++ {
				if hand.Has(a) && hand.Has(b) {
					out = append(out, gulveig.Swap(a, b))
				}
			}
		}
	case gulveig.PhaseAside: // G9: exactly 3 cards of one's hand
		for a := range gulveig.NumKinds {
			for b := a + 1; b < gulveig.NumKinds; b++ {
				for d := b + 1; d < gulveig.NumKinds; d++ {
					if hand.Has(a) && hand.Has(b) && hand.Has(d) {
						out = append(out, gulveig.Aside(a, b, d))
					}
				}
			}
		}
	case gulveig.PhaseRaise: // G9: keep, or raise by a multiple of 10 up to the cap
		out = append(out, gulveig.Keep())
		bids(gulveig.Raise, s.Contract()+10)
	case gulveig.PhasePlay: // G10: follow the led clan if you can; G12: show a combo on a lead
		trick, _ := s.Trick()
		canFollow := false
		if len(trick) > 0 {
			for card := range hand.All() {
				canFollow = canFollow || card.Clan() == trick[0].Clan()
			}
		}
		for card := range gulveig.NumKinds {
			if hand.Has(card) && (!canFollow || card.Clan() == trick[0].Clan()) {
				out = append(out, gulveig.Play(card))
			}
		}
		if len(trick) == 0 {
			for _, co := range ruleCombos {
				if hand.Has(co[0]) && hand.Has(co[1]) {
					out = append(out, gulveig.Show(co[0], co[1]), gulveig.Show(co[1], co[0]))
				}
			}
		}
	}
	return out
}

// moveSpace lists candidate moves around s wide enough to hold every legal move and many
// illegal ones: every move of every kind naming any card or pair of cards of the seat's hand
// and a few others, every bid, blind bid and raise from 0 past the cap by 5.
func moveSpace(s gulveig.State) []gulveig.Move {
	ms := []gulveig.Move{gulveig.Look(), gulveig.Pass(), gulveig.Use(), gulveig.Decline(), gulveig.Keep()}
	for p := range norns.Player(5) {
		ms = append(ms, gulveig.Dealer(p))
	}
	for v := 0; v <= s.Config().MaxBid()+20; v += 5 {
		ms = append(ms, gulveig.Bid(v), gulveig.Blind(v), gulveig.Raise(v))
	}
	for c := range gulveig.NumKinds {
		ms = append(ms, gulveig.Play(c), gulveig.Give(c), gulveig.Draw(c))
		for d := range gulveig.NumKinds {
			if c != d {
				ms = append(ms, gulveig.Show(c, d))
			}
		}
	}
	var hand gulveig.Cards
	if p := s.ToMove(); p.IsSeat() {
		hand = s.Hand(p)
	}
	pool := slices.Collect(hand.With(gulveig.Odin).With(gulveig.Laufey).All())
	for i, a := range pool {
		for j := i + 1; j < len(pool); j++ {
			ms = append(ms, gulveig.Swap(a, pool[j]))
			for k := j + 1; k < len(pool); k++ {
				ms = append(ms, gulveig.Aside(a, pool[j], pool[k]))
			}
		}
	}
	return ms
}

// TestLegalSlow compares Legal with legalSlow, order included, at every state of random matches
// of every player count with every option and without, and checks that every phase came up. At
// the seat moves of some of those matches it also tries the whole moveSpace: Apply must accept
// exactly the moves legalSlow lists.
func TestLegalSlow(t *testing.T) {
	seen := map[gulveig.Phase]int{}
	r := rng.New(11)
	seeds := 6
	if testing.Short() {
		seeds = 3
	}
	for _, c := range []gulveig.Config{
		{Players: 2, HandLimit: 2}, {Players: 3, HandLimit: 2}, {Players: 4, HandLimit: 2},
		allOptions(2), allOptions(3), allOptions(4),
		{Players: 3, Roles: true, HandLimit: 3}, {Players: 2, Roles: true, Blind: true, HandLimit: 3},
	} {
		if c.HandLimit == 0 {
			c.HandLimit = 3
		}
		for seed := range seeds {
			s := mustNew(t, c)
			for step := 0; ; step++ {
				seen[s.Phase()]++
				got, want := s.Legal(), legalSlow(s)
				if !slices.Equal(got, want) {
					t.Fatalf("%+v seed %d: Legal and legalSlow differ at\n%v\nLegal:     %v\nlegalSlow: %v", c, seed, s, got, want)
				}
				if seed == 0 && s.ToMove().IsSeat() {
					for _, m := range moveSpace(s) {
						_, err := s.Apply(m)
						if ok := slices.Contains(want, m); ok != (err == nil) {
							t.Fatalf("%+v: %v: Apply says %v, legalSlow lists it: %v, at\n%v", c, m, err, ok, s)
						}
						if err != nil && !errors.Is(err, norns.ErrIllegalMove) {
							t.Fatalf("%v refused with %v, not ErrIllegalMove", m, err)
						}
					}
				}
				if s.Over() {
					break
				}
				s = randomStep(t, s, r)
			}
		}
	}
	for ph := range gulveig.PhaseOver + 1 {
		if seen[ph] == 0 {
			t.Errorf("phase %v never came up", ph)
		}
	}
	t.Logf("states by phase: %v", seen)
}
