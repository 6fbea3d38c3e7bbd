package gulveig

import (
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// Seen returns the cards seat p has seen this hand: its hand as dealt and every card it saw
// since (played, revealed, shown, taken, exchanged, drawn).
func Seen(s State, p norns.Player) Cards {
	seen := s.played | s.shownTreas
	for q := range int(s.players) {
		seen |= s.Shown(norns.Player(q))
	}
	i := int(p)
	d, _ := s.dealtMove().Deal()
	if s.looked&(1<<i) != 0 {
		seen |= d.Hands[i] | s.h.hand[i]
	}
	if int8(i) == s.declarer {
		seen |= s.h.took | s.h.aside
	}
	if s.h.drew[i] != NoCard {
		seen = seen.With(s.h.drew[i])
	}
	v := s.View(p)
	seen |= v.sent | v.got
	return seen
}

// Twin returns s with two cards of the deal that seat p never saw exchanged between two places,
// or two roles p never saw exchanged, replayed through the hand's record of acts; false when no
// such exchange replays (a seat would no longer hold a card it played, say) or when it changes
// a role the rules reveal (a 4th player without a power, the role Tyr's Sacrifice draws).
func Twin(s State, p norns.Player, r *rng.Rand) (State, bool) {
	if s.phase <= PhaseDeal || s.phase == PhaseOver {
		return s, false
	}
	d, _ := s.dealtMove().Deal()
	seen := Seen(s, p)
	a := s.acts()
	for range 20 {
		e := d
		if s.has(flagRoles) && r.IntN(4) == 0 {
			i, j := r.IntN(NumRoles), r.IntN(NumRoles)
			if i == j || i == int(p) || j == int(p) {
				continue
			}
			e.Roles[i], e.Roles[j] = e.Roles[j], e.Roles[i]
		} else {
			var places [6]*Cards
			k := 0
			for q := range int(s.players) {
				if !e.Hands[q].IsEmpty() {
					places[k] = &e.Hands[q]
					k++
				}
			}
			places[k] = &e.Treasure
			k++
			if !e.Out.IsEmpty() {
				places[k] = &e.Out
				k++
			}
			x, y := places[r.IntN(k)], places[r.IntN(k)]
			cx, cy := x.Minus(seen), y.Minus(seen)
			if x == y || cx.IsEmpty() || cy.IsEmpty() {
				continue
			}
			u, w := cx.Nth(r.IntN(cx.Len())), cy.Nth(r.IntN(cy.Len()))
			*x = x.Without(u).With(w)
			*y = y.Without(w).With(u)
		}
		t, err := replayHand(s.handStart(), DealMove(e), &s.public, &a, nil)
		if err != nil || t.shownRole != s.shownRole || t.drawnRole != s.drawnRole {
			continue
		}
		return t, true
	}
	return s, false
}

// Invariant checks that every card in play is in exactly one place and the counts add up.
func Invariant(s State) error { return s.invariant() }

// SettleHand exposes the scoring of a hand (G15–G17): scores before, hand points, declarer, contract.
func SettleHand(scores []int, pts []int, d int, contract int, blind bool, target int) ([]int, bool) {
	var sc [4]int32
	var pp [4]int
	for i := range scores {
		sc[i], pp[i] = int32(scores[i]), pts[i]
	}
	out, made := settle(sc, pp, len(scores), int8(d), contract, blind, int32(target))
	res := make([]int, len(scores))
	for i := range res {
		res[i] = int(out[i])
	}
	return res, made
}

// Zones lists where every card of the deck is, each zone read from what the State records and
// none computed as the complement of others, so that a card lost from any of them makes the
// zones fall short of the deck: the alternates or base cards not in play (from the config);
// between hands, the cards in play, undealt; during a hand, each seat's hand, each seat's tricks
// (the cards of the completed tricks in the hand's record of acts, by the seat wonBits says took
// each), the treasure, the aside, the cards out of play (from the deal's record) and the trick
// under way.
func Zones(s State) []cards.Multiset {
	z := []cards.Multiset{cards.Multiset(allKinds.Minus(s.InPlay()))}
	if s.phase <= PhaseDeal || s.phase == PhaseOver {
		return append(z, cards.Multiset(s.InPlay()))
	}
	var won [4]Cards
	for i, c := range recordedPlays(s) {
		if i < int(s.tricks)*int(s.trickSize()) {
			won[s.wonBits.seat(c)] |= 1 << c
		}
	}
	for p := range 4 {
		z = append(z, cards.Multiset(s.h.hand[p]), cards.Multiset(won[p]))
	}
	var trick Cards
	for i := range s.trickN {
		trick = trick.With(s.trick[i])
	}
	return append(z, cards.Multiset(s.h.treasure), cards.Multiset(s.h.aside), cards.Multiset(s.Out()), cards.Multiset(trick))
}

// recordedPlays returns the cards played to tricks this hand in the order the record of acts
// holds them, read by replaying the record from the deal; a record that stops replaying yields
// the cards read before it stopped.
func recordedPlays(s State) []Card {
	var cs []Card
	a := s.acts()
	replayHand(s.handStart(), s.dealtMove(), &s.public, &a, func(_ State, m Move) {
		if k := m.kind(); k == MovePlay || k == MoveShow {
			cs = append(cs, m.c0())
		}
	})
	return cs
}

// HandStart returns the chance node the current hand of s was dealt from.
func HandStart(s State) State { return s.handStart() }

// SampleTries is View.Sample that also returns the number of attempts it made.
func SampleTries(v View, r *rng.Rand) (State, int) { return v.sample(r) }

// FreshHand reports whether s is the first state of a hand: dealt, no act recorded yet.
func FreshHand(s State) bool { return s.phase > PhaseDeal && s.phase < PhaseOver && s.logN == 0 }
