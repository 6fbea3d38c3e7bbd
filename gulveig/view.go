package gulveig

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
)

// View is what one seat knows of a match: everything public and what the seat saw, nothing else.
// It is a comparable value: two states that differ only in what the seat cannot see give ==
// views.
//
// Public (every seat): the configuration, scores, dealer, the hand's record of acts (every bid,
// pass, look and role decision, every card played and combo shown, and that a hidden act — a
// give, a draw, a swap, the aside — took place), the revealed treasure (G9), the revealed roles
// and the worths and strengths they set, the cards each seat played and took in tricks (G13),
// the clans each seat showed out of, and how many cards each hand holds. Private to the seat:
// its hand once it knows it (G19: a seat that has neither looked nor bid cannot see it until the
// auction ends), its role card, the 3 cards it put aside and the treasure it took as bid winner,
// the card it gave and the card it drew in Idun's Orchard, and the cards it gave and received in
// Tyr's exchange. Never in a view: other hands, the cards out of play, the treasure before it is
// revealed (and a blind winner's treasure), other roles not revealed, the role pile, other
// seats' hidden acts.
//
// View(norns.Nobody) is the spectator's view: everything public as above and nothing private
// (Seat is norns.Nobody, the hand, aside, treasure taken and exchange are empty, the role is
// NoRole, the Orchard cards are NoCard, KnowsHand is false, Legal is nil). Its Sample places
// every card no seat has shown under the public constraints alone, with the same guarantee.
//
// The zero View is what seat 0 would see of the zero State (a match with no seats, over): no
// legal move, [View.Sample] gives the zero State, and the methods that take a seat panic. Get
// views from [State.View].
type View struct {
	public
	seat       int8
	role       Role
	gave, drew Card
	hand       Cards
	aside      Cards
	took       Cards
	sent, got  Cards
}

// View returns what seat p may see. View(norns.Nobody) is the spectator's view: everything
// public and nothing private (see [View]). It panics if p is neither a seat of the match nor
// norns.Nobody.
func (s State) View(p norns.Player) View {
	if p == norns.Nobody {
		v := View{public: s.public, seat: int8(norns.Nobody), role: NoRole, gave: NoCard, drew: NoCard}
		v.turnKey = 0
		return v
	}
	i := s.index(p)
	v := View{public: s.public, seat: int8(i), role: s.h.roles[i], gave: s.h.gave[i], drew: s.h.drew[i]}
	if s.looked&(1<<i) != 0 {
		v.hand = s.h.hand[i]
	}
	if int8(i) == s.declarer {
		v.aside, v.took = s.h.aside, s.h.took
	}
	v.turnKey = 0
	if int8(i) == s.toMove {
		v.turnKey = v.keyOf(v.hand, v.role)
	}
	if a := s.swapBy; a >= 0 {
		b := s.otherLoser(a)
		switch int8(i) {
		case a:
			if s.swapDone >= 1 {
				v.sent = s.h.swapped[0]
			}
			if s.swapDone == 2 {
				v.got = s.h.swapped[1]
			}
		case b:
			if s.swapDone == 2 {
				v.sent, v.got = s.h.swapped[1], s.h.swapped[0]
			}
		}
	}
	return v
}

// Seat returns whose view this is: a seat, or norns.Nobody for the spectator's view.
func (v View) Seat() norns.Player { return norns.Player(v.seat) }

// Hand returns the seat's cards, and the empty set while it does not know them (G19) and in the
// spectator's view.
func (v View) Hand() Cards { return v.hand }

// KnowsHand reports whether the seat knows its hand (always, except under blind bidding before it
// looks or the auction ends); false in the spectator's view, which has no hand.
func (v View) KnowsHand() bool { return v.seat >= 0 && v.looked&(1<<v.seat) != 0 }

// Role returns the seat's role card (G21), NoRole without roles.
func (v View) Role() Role { return v.role }

// Aside returns the cards the seat put aside as bid winner (G9), empty otherwise.
func (v View) Aside() Cards { return v.aside }

// Took returns the treasure the seat took as bid winner, empty otherwise.
func (v View) Took() Cards { return v.took }

// Orchard returns the card the seat gave to the treasure and the card it drew in Idun's Orchard,
// NoCard for what it did not do.
func (v View) Orchard() (gave, drew Card) { return v.gave, v.drew }

// Exchange returns the cards the seat gave and received in Tyr's exchange, empty when it did not
// take part (or the exchange is not complete: a seat sees only its own pick until then).
func (v View) Exchange() (sent, got Cards) { return v.sent, v.got }

// Legal returns the seat's legal moves when it is to act, in [State.Legal]'s order, and nil
// otherwise.
func (v View) Legal() []Move { return v.AppendLegal(nil) }

// AppendLegal appends Legal's moves to dst and returns the extended slice.
func (v View) AppendLegal(dst []Move) []Move {
	if v.toMove != v.seat || v.seat < 0 {
		return dst
	}
	return v.turnKey.appendLegal(dst)
}

// String describes the view for humans.
func (v View) String() string {
	var b strings.Builder
	if v.seat < 0 {
		b.WriteString("spectator's view: ")
	} else {
		fmt.Fprintf(&b, "view of seat %d: ", v.seat)
	}
	v.public.describe(&b)
	if v.phase > PhaseDeal && v.phase < PhaseOver && v.seat >= 0 {
		if v.KnowsHand() {
			fmt.Fprintf(&b, "\n  you hold %v", v.hand)
		} else {
			b.WriteString("\n  you have not looked at your hand")
		}
		if v.role != NoRole {
			fmt.Fprintf(&b, "\n  your role: %v", v.role)
		}
		if !v.aside.IsEmpty() {
			fmt.Fprintf(&b, "\n  you put aside %v", v.aside)
		}
	}
	return b.String()
}
