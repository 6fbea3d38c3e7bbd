package gnav

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
)

// View is what one seat knows of a match: everything public, its own card and the cards of its
// own exchanges, and nothing else. It is a comparable value: two states that differ only in what
// the seat cannot see give == views.
//
// Public: the configuration, lives, who rests, the dealer and contestants, who knocked (N6), and
// every act of the deal — who stood, who asked, who accepted, each refusal with the matador that
// made it (N9–N12), and so which exchanges happened and which a cat undid. Between deals (and
// once the match is over) nothing is hidden. Private to the seat, during a deal: the card it was
// dealt, its card now, the card it received when it accepted an exchange and the card it received
// when its own request was accepted (N8). The stock is never in a view; every stock draw ends the
// exchanges at once (N13), so no deal in progress has touched it.
//
// View(norns.Nobody) is the spectator's view: everything public as above and no card at all
// during a deal (Seat is norns.Nobody; Hand, Dealt and Received are NoCard; Legal is nil;
// AskTarget finds nobody). Between deals and once over it sees what every seat sees. Its Sample
// draws every contestant's dealt card and the stock under the public acts alone.
//
// The zero View is no seat's view (get one from [State.View]); like the zero [State] it has no
// seats and reads as over: Seat and ToMove are norns.Nobody, Legal is empty, Hand, Dealt and
// Received are NoCard, AskTarget finds nobody, Sample returns the zero State, and the methods
// that take a seat (Score, Lives, HandLen…) panic as they do for any seat out of range.
type View struct {
	public
	seat     int8
	hand     Card
	dealt    Card
	gotAsked Card
	gotOwn   Card
}

// View returns what seat p may see. View(norns.Nobody) is the spectator's view: everything
// public and no card of the deal in progress (see [View]). It panics if p is neither a seat of
// the match nor norns.Nobody.
func (s State) View(p norns.Player) View {
	if p == norns.Nobody {
		return View{public: s.public, seat: nobody, hand: NoCard, dealt: NoCard, gotAsked: NoCard, gotOwn: NoCard}
	}
	i := s.index(p)
	return View{public: s.public, seat: int8(i), hand: s.d.hand[i], dealt: s.d.dealt[i],
		gotAsked: s.d.gotAsked[i], gotOwn: s.d.gotOwn[i]}
}

// Seat returns whose view this is, and norns.Nobody for the spectator's view and the zero View.
func (v View) Seat() norns.Player {
	if v.players == 0 {
		return norns.Nobody
	}
	return norns.Player(v.seat)
}

// Hand returns the seat's card now, and NoCard when it holds none (not a contestant, between
// deals, once over, the spectator's view, or the zero View).
func (v View) Hand() Card { return v.card(v.hand) }

// Dealt returns the card the seat was dealt in the current deal, or NoCard.
func (v View) Dealt() Card { return v.card(v.dealt) }

// Received returns the cards the seat received in its exchanges this deal: asked, the card it got
// when it accepted a request, and own, the card it got when its own request was accepted (NoCard
// when there was no such exchange). A cat's undo does not erase them: the seat saw them.
func (v View) Received() (asked, own Card) { return v.card(v.gotAsked), v.card(v.gotOwn) }

// card returns c during a deal and NoCard otherwise: a View's cards are NoCard between deals
// already, and this makes the zero View's NoCard too.
func (v *View) card(c Card) Card {
	if v.who() < 0 {
		return NoCard
	}
	return c
}

// Legal returns the seat's legal moves when it is to act, in [State.Legal]'s order, and nil
// otherwise.
func (v View) Legal() []Move { return v.AppendLegal(nil) }

// AppendLegal appends Legal's moves to dst and returns the extended slice.
func (v View) AppendLegal(dst []Move) []Move {
	if v.who() != v.seat || v.seat < 0 {
		return dst
	}
	return v.appendSeatLegal(dst)
}

// String describes the view for humans.
func (v View) String() string {
	var b strings.Builder
	if v.seat < 0 && v.players > 0 {
		fmt.Fprintf(&b, "gnav spectator's view: %v", v.Phase())
	} else {
		fmt.Fprintf(&b, "gnav view of seat %d: %v", v.Seat(), v.Phase())
	}
	switch {
	case v.who() >= 0 && v.seat < 0:
		fmt.Fprintf(&b, ", %v deals, %v to act", v.Dealer(), v.ToMove())
	case v.who() >= 0:
		fmt.Fprintf(&b, ", %v deals, %v to act, you hold %v (dealt %v)", v.Dealer(), v.ToMove(), v.hand, v.dealt)
	}
	for p := range v.Players() {
		seat := norns.Player(p)
		fmt.Fprintf(&b, "\n  seat %d: %d lives", p, v.lives[p])
		if v.resting.Has(seat) {
			b.WriteString(", resting")
		}
		if v.knock.Has(seat) {
			b.WriteString(", knocked")
		}
		if a := v.Answer(seat); a != AnswerNone {
			fmt.Fprintf(&b, ", answered %v", a)
		}
		if t := v.Turn(seat); t != TurnNone {
			fmt.Fprintf(&b, ", %v", t)
		}
	}
	return b.String()
}
