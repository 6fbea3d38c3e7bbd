package gnav

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
)

// EventKind says what an [Event] reports.
type EventKind uint8

// The kinds of event, in the order a deal produces them.
const (
	EventInvalid     EventKind = iota
	EventFirstDealer           // Seat deals first (N4)
	EventVoidDeal              // a deal is skipped: fewer than two contestants (N16); Seats lists who rested
	EventDeal                  // Seat deals to Seats; Card is the viewer's card (N5)
	EventKnock                 // Seat was dealt a Narr and knocks (N6)
	EventStand                 // Seat stands (N7); the dealer's stand ends the exchanges (N13)
	EventAsk                   // Seat asks Other to exchange (N7)
	EventExchange              // Seat and Other exchange (N8): Seat received Card, Other received Card2
	EventRefuse                // Seat refuses with matador Card (N9–N12)
	EventDraw                  // Seat draws Card from the stock (N13); Card2 is the card it puts out of play
	EventUndo                  // every exchange of the deal so far is undone (N12); Card is the viewer's card
	EventLifeLost              // Seat loses a life and has Lives left (N11–N15)
	EventOut                   // Seat is out of the match (N14, N15)
	EventShow                  // Seat shows Card at the showdown (N15)
	EventNoContest             // fewer than two contestants are left at the showdown: nobody loses (N15)
	EventRest                  // Seat held a Narr, survived, and rests for the next deal (N15)
	EventMatchOver             // the match is over: Seats won (empty: a draw, N17)
	numEventKinds
)

var eventKindNames = [numEventKinds]string{"invalid", "first dealer", "void deal", "deal", "knock",
	"stand", "ask", "exchange", "refuse", "draw", "undo", "life lost", "out", "show", "no contest",
	"rest", "match over"}

// String returns the kind's name ("life lost"), or "EventKind(30)" out of range.
func (k EventKind) String() string {
	if k < numEventKinds {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", int(k))
}

// Event is one thing a move did, as one seat (the viewer given to [State.ApplyEvents]) sees it.
// Cards the viewer may not see are NoCard. Fields an event kind does not use are Nobody, NoCard,
// 0 or empty. Events are comparable values.
type Event struct {
	Kind  EventKind
	Seat  norns.Player // who acted or was affected
	Other norns.Player // the seat asked, or the other side of an exchange
	Card  Card
	Card2 Card
	Lives int         // lives left, for EventLifeLost
	Seats norns.Seats // the contestants dealt to, the resting seats of a void deal, or the winners at the end
}

// String describes the event in plain words, as in "seat 2: Hest forbi! The request passes on."
func (e Event) String() string {
	switch e.Kind {
	case EventFirstDealer:
		return fmt.Sprintf("%v deals first", e.Seat)
	case EventVoidDeal:
		return fmt.Sprintf("the deal is void: fewer than two contestants while %v rest%s; the rests are used up", seatList(e.Seats), plural(e.Seats.Len() == 1, "s", ""))
	case EventDeal:
		if e.Card != NoCard {
			return fmt.Sprintf("%v deals to %s; you hold %v", e.Seat, seatList(e.Seats), e.Card)
		}
		return fmt.Sprintf("%v deals to %s", e.Seat, seatList(e.Seats))
	case EventKnock:
		return fmt.Sprintf("%v knocks: a Narr was dealt to them", e.Seat)
	case EventStand:
		return fmt.Sprintf("%v stands", e.Seat)
	case EventAsk:
		return fmt.Sprintf("%v asks %v to exchange", e.Seat, e.Other)
	case EventExchange:
		if e.Card != NoCard {
			return fmt.Sprintf("%v and %v exchange: %v gets %v, %v gets %v", e.Seat, e.Other, e.Seat, e.Card, e.Other, e.Card2)
		}
		return fmt.Sprintf("%v and %v exchange cards", e.Seat, e.Other)
	case EventRefuse:
		switch e.Card {
		case Hus:
			return fmt.Sprintf("%v: Hus forbi! The request passes on", e.Seat)
		case Hest:
			return fmt.Sprintf("%v: Hest forbi! The request passes on", e.Seat)
		case Gjok:
			return fmt.Sprintf("%v shows the Gjøk: Stå for gjøk! The exchanges end", e.Seat)
		case Dragon:
			return fmt.Sprintf("%v shows the Dragon: Hugg av!", e.Seat)
		case Katt:
			return fmt.Sprintf("%v shows the Katt: Kiss!", e.Seat)
		}
		return fmt.Sprintf("%v refuses with %v", e.Seat, e.Card)
	case EventDraw:
		switch {
		case e.Card == Hus || e.Card == Hest:
			return fmt.Sprintf("%v draws %v from the stock: set aside", e.Seat, e.Card)
		case e.Card == Gjok:
			return fmt.Sprintf("%v draws the Gjøk from the stock: the exchanges end", e.Seat)
		case e.Card == Dragon:
			return fmt.Sprintf("%v draws the Dragon from the stock: Hugg av!", e.Seat)
		case e.Card == Katt:
			return fmt.Sprintf("%v draws the Katt from the stock: Kiss!", e.Seat)
		case e.Card != NoCard:
			return fmt.Sprintf("%v draws %v from the stock; %v leaves play", e.Seat, e.Card, e.Card2)
		}
		return fmt.Sprintf("%v draws a card from the stock; their old card leaves play", e.Seat)
	case EventUndo:
		if e.Card != NoCard {
			return fmt.Sprintf("every exchange is undone; you hold %v again", e.Card)
		}
		return "every exchange is undone"
	case EventLifeLost:
		return fmt.Sprintf("%v loses a life (%d left)", e.Seat, e.Lives)
	case EventOut:
		return fmt.Sprintf("%v is out", e.Seat)
	case EventShow:
		return fmt.Sprintf("%v shows %v", e.Seat, e.Card)
	case EventNoContest:
		return "fewer than two contestants are left: nobody loses a life"
	case EventRest:
		return fmt.Sprintf("%v held a Narr and rests for the next deal", e.Seat)
	case EventMatchOver:
		if e.Seats.IsEmpty() {
			return "the match is over: a draw"
		}
		return "the match is over: " + e.Seats.Verdict()
	}
	return e.Kind.String()
}

func seatList(s norns.Seats) string {
	var b strings.Builder
	for p := range s.All() {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.String())
	}
	if b.Len() == 0 {
		return "nobody"
	}
	return b.String()
}

func plural(one bool, a, b string) string {
	if one {
		return a
	}
	return b
}

// recorder collects the events of a move for one viewer. A nil *recorder records nothing, so
// [State.Apply] pays for no events.
type recorder struct {
	viewer norns.Player
	ev     []Event
}

func (r *recorder) add(e Event) {
	if r != nil {
		r.ev = append(r.ev, e)
	}
}

// sees reports whether the viewer is seat p (a card of p's is shown to it).
func (r *recorder) sees(p int8) bool { return r.viewer == norns.Player(p) }

// own returns the viewer's card in s, or NoCard if the viewer holds none or is not a seat.
func (r *recorder) own(s *State) Card {
	if r.viewer.IsSeat() && int(r.viewer) < int(s.players) {
		return s.d.hand[r.viewer]
	}
	return NoCard
}

// ev returns an Event of kind k about seat p (none if p is negative) with the unused fields
// blank.
func ev(k EventKind, p int8) Event {
	seat := norns.Nobody
	if p >= 0 {
		seat = norns.Player(p)
	}
	return Event{Kind: k, Seat: seat, Other: norns.Nobody, Card: NoCard, Card2: NoCard}
}
