package gulveig

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// EventKind says what an [Event] reports.
type EventKind uint8

// The kinds of event, in the order a hand produces them.
const (
	EventInvalid     EventKind = iota
	EventFirstDealer           // Seat deals first (G5)
	EventDeal                  // Seat deals; Cards is the viewer's hand when it may see it (G6)
	EventLook                  // Seat looks at its hand (G19)
	EventBid                   // Seat bids Value, blind when Blind (G8, G19)
	EventPass                  // Seat passes (G8)
	EventAuctionWon            // Seat wins the auction at Value, blind when Blind (G9)
	EventTreasure              // the treasure is revealed: Cards (G9)
	EventRole                  // Seat reveals Role and uses its power Power (G21)
	EventDecline               // Seat declines its power (G21)
	EventGive                  // Seat gives a card to the treasure: Card, when the viewer is Seat (G21)
	EventDraw                  // Seat draws a card from the treasure: Card, when the viewer is Seat (G21)
	EventSwapPick              // Seat picks 2 cards for Tyr's exchange: Cards, when the viewer is Seat
	EventExchange              // Seat and Other exchange 2 cards; Cards is what the viewer received
	EventTake                  // Seat takes the treasure; Cards when the viewer is Seat (G9)
	EventAside                 // Seat puts 3 cards aside; Cards when the viewer is Seat (G9)
	EventRaise                 // Seat raises the bid to Value (G9, or Tyr's lowering: EventRole)
	EventKeep                  // Seat keeps the bid
	EventShow                  // Seat shows Card and Card2, scoring Value; Clan is supreme (G12)
	EventPlay                  // Seat plays Card (G10)
	EventTrick                 // Seat takes the trick's Cards (G11)
	EventHandScored            // Seat scores Value (its hand points are Points) and has Score (G14–G18)
	EventMatchOver             // the match is over: Seats won (G17)
	numEventKinds
)

var eventKindNames = [numEventKinds]string{"invalid", "first dealer", "deal", "look", "bid", "pass",
	"auction won", "treasure", "role", "decline", "give", "draw", "swap pick", "exchange", "take",
	"aside", "raise", "keep", "show", "play", "trick", "hand scored", "match over"}

// String returns the kind's name ("hand scored"), or "EventKind(40)" out of range.
func (k EventKind) String() string {
	if k < numEventKinds {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", int(k))
}

// Event is one thing a move did, as one seat (the viewer given to [State.ApplyEvents]) sees it.
// Cards the viewer may not see are left out (NoCard, or the empty set). Fields a kind does not use
// are zero, NoCard, Nobody or NoClan. Events are comparable values.
type Event struct {
	Kind   EventKind
	Seat   norns.Player
	Other  norns.Player
	Card   Card
	Card2  Card
	Cards  Cards
	Value  int
	Points int
	Score  int
	Blind  bool
	Role   Role
	Power  Power
	Clan   Clan
	Seats  norns.Seats
}

func ev(k EventKind, p int8) Event {
	seat := norns.Nobody
	if p >= 0 {
		seat = norns.Player(p)
	}
	return Event{Kind: k, Seat: seat, Other: norns.Nobody, Card: NoCard, Card2: NoCard, Clan: NoClan, Power: Power{Card: NoCard}}
}

// String describes the event in plain words.
func (e Event) String() string {
	switch e.Kind {
	case EventFirstDealer:
		return fmt.Sprintf("%v deals first", e.Seat)
	case EventDeal:
		if !e.Cards.IsEmpty() {
			return fmt.Sprintf("%v deals; you hold %v", e.Seat, e.Cards)
		}
		return fmt.Sprintf("%v deals", e.Seat)
	case EventLook:
		return fmt.Sprintf("%v looks at their hand", e.Seat)
	case EventBid:
		if e.Blind {
			return fmt.Sprintf("%v bids %d blind", e.Seat, e.Value)
		}
		return fmt.Sprintf("%v bids %d", e.Seat, e.Value)
	case EventPass:
		return fmt.Sprintf("%v passes", e.Seat)
	case EventAuctionWon:
		if e.Blind {
			return fmt.Sprintf("%v wins the auction with a blind %d", e.Seat, e.Value)
		}
		return fmt.Sprintf("%v wins the auction with %d", e.Seat, e.Value)
	case EventTreasure:
		return fmt.Sprintf("the treasure is revealed: %v", e.Cards)
	case EventRole:
		return fmt.Sprintf("%v reveals %v: %v", e.Seat, e.Role, e.Power)
	case EventDecline:
		return fmt.Sprintf("%v declines their power", e.Seat)
	case EventGive:
		if e.Card != NoCard {
			return fmt.Sprintf("%v gives %v to the treasure", e.Seat, e.Card)
		}
		return fmt.Sprintf("%v gives a card to the treasure", e.Seat)
	case EventDraw:
		if e.Card != NoCard {
			return fmt.Sprintf("%v draws %v from the treasure", e.Seat, e.Card)
		}
		return fmt.Sprintf("%v draws a card from the treasure", e.Seat)
	case EventSwapPick:
		if !e.Cards.IsEmpty() {
			return fmt.Sprintf("%v picks %v to exchange", e.Seat, e.Cards)
		}
		return fmt.Sprintf("%v picks 2 cards to exchange", e.Seat)
	case EventExchange:
		if !e.Cards.IsEmpty() {
			return fmt.Sprintf("%v and %v exchange 2 cards; you receive %v", e.Seat, e.Other, e.Cards)
		}
		return fmt.Sprintf("%v and %v exchange 2 cards", e.Seat, e.Other)
	case EventTake:
		if !e.Cards.IsEmpty() {
			return fmt.Sprintf("%v takes the treasure: %v", e.Seat, e.Cards)
		}
		return fmt.Sprintf("%v takes the treasure", e.Seat)
	case EventAside:
		if !e.Cards.IsEmpty() {
			return fmt.Sprintf("%v puts %v aside", e.Seat, e.Cards)
		}
		return fmt.Sprintf("%v puts 3 cards aside", e.Seat)
	case EventRaise:
		return fmt.Sprintf("%v raises the bid to %d", e.Seat, e.Value)
	case EventKeep:
		return fmt.Sprintf("%v keeps the bid", e.Seat)
	case EventShow:
		return fmt.Sprintf("%v shows %v + %v for %d: %v is supreme", e.Seat, e.Card, e.Card2, e.Value, e.Clan)
	case EventPlay:
		return fmt.Sprintf("%v plays %v", e.Seat, e.Card)
	case EventTrick:
		return fmt.Sprintf("%v takes the trick: %v", e.Seat, e.Cards)
	case EventHandScored:
		switch {
		case e.Value > 0:
			return fmt.Sprintf("%v scores %d (%d hand points); score %d", e.Seat, e.Value, e.Points, e.Score)
		case e.Value < 0:
			return fmt.Sprintf("%v loses %d (%d hand points); score %d", e.Seat, -e.Value, e.Points, e.Score)
		}
		return fmt.Sprintf("%v scores nothing (%d hand points); score %d", e.Seat, e.Points, e.Score)
	case EventMatchOver:
		return "the match is over: " + e.Seats.Verdict()
	}
	return e.Kind.String()
}

// ApplyEvents is Apply that also appends to dst what the move did, as seat viewer sees it (cards
// hidden from viewer are left out; a viewer that is not a seat, such as norns.Nobody, sees only
// what is public). It returns the next state and the extended dst.
func (s State) ApplyEvents(m Move, viewer norns.Player, dst []Event) (State, []Event, error) {
	t, err := s.Apply(m)
	if err != nil {
		return s, dst, err
	}
	return t, s.events(m, t, viewer, dst), nil
}

// events lists what m did from s to t, for viewer.
func (s *State) events(m Move, t State, viewer norns.Player, dst []Event) []Event {
	q := s.toMove
	sees := func(p int8) bool { return viewer.IsSeat() && int8(viewer) == p }
	add := func(e Event) { dst = append(dst, e) }
	switch m.kind() {
	case MoveDealer:
		add(ev(EventFirstDealer, int8(m.n())))
	case MoveDeal:
		e := ev(EventDeal, s.dealer)
		if viewer.IsSeat() && int(viewer) < int(s.players) && t.looked&(1<<viewer) != 0 {
			e.Cards = t.h.hand[viewer]
		}
		add(e)
	case MoveLook:
		add(ev(EventLook, q))
	case MoveBid, MoveBlind:
		e := ev(EventBid, q)
		e.Value, e.Blind = m.n(), m.kind() == MoveBlind
		add(e)
	case MovePass:
		add(ev(EventPass, q))
	case MoveUse:
		e := ev(EventRole, q)
		if s.drawing {
			e.Role = s.drawnRole
		} else {
			e.Role = s.h.roles[q]
		}
		e.Power = s.power()
		add(e)
	case MoveDecline:
		add(ev(EventDecline, q))
	case MoveGive:
		e := ev(EventGive, q)
		if sees(q) {
			e.Card = m.c0()
		}
		add(e)
	case MoveDraw:
		d := s.drawer()
		e := ev(EventDraw, d)
		if sees(d) {
			e.Card = m.c0()
		}
		add(e)
	case MoveSwap:
		e := ev(EventSwapPick, q)
		if sees(q) {
			e.Cards = m.Cards()
		}
		add(e)
		if t.swapDone == 2 {
			a, b := s.swapBy, s.otherLoser(s.swapBy)
			x := ev(EventExchange, a)
			x.Other = norns.Player(b)
			switch {
			case sees(a):
				x.Cards = t.h.swapped[1]
			case sees(b):
				x.Cards = t.h.swapped[0]
			}
			add(x)
		}
	case MoveAside:
		e := ev(EventAside, q)
		if sees(q) {
			e.Cards = m.Cards()
		}
		add(e)
	case MoveRaise:
		e := ev(EventRaise, q)
		e.Value = m.n()
		add(e)
	case MoveKeep:
		add(ev(EventKeep, q))
	case MovePlay, MoveShow:
		if m.kind() == MoveShow {
			e := ev(EventShow, q)
			e.Card, e.Card2, e.Value, e.Clan = m.c0(), m.c1(), m.c0().ComboValue(), m.c0().Clan()
			add(e)
		}
		e := ev(EventPlay, q)
		e.Card = m.c0()
		add(e)
		if s.trickN+1 == s.trickSize() {
			var taken Cards
			for i := range s.trickN {
				taken = taken.With(s.trick[i])
			}
			taken = taken.With(m.c0())
			w := s.trickWinner(m.c0())
			x := ev(EventTrick, w)
			x.Cards = taken
			add(x)
		}
	}
	// What followed automatically: the end of the auction, the treasure, the take, the scores.
	if s.declarer < 0 && t.declarer >= 0 {
		e := ev(EventAuctionWon, t.declarer)
		e.Value, e.Blind = int(t.contract), t.blind&(1<<t.declarer) != 0
		add(e)
		if t.revealed {
			x := ev(EventTreasure, -1)
			x.Cards = t.shownTreas
			add(x)
		}
	}
	if s.phase < PhaseAside && t.phase == PhaseAside {
		e := ev(EventTake, t.declarer)
		if sees(t.declarer) {
			e.Cards = t.h.took
		}
		add(e)
	}
	if s.phase == PhasePlay && s.tricks == HandSize-1 && s.trickN+1 == s.trickSize() {
		for p := range int8(s.players) {
			e := ev(EventHandScored, p)
			e.Points = int(t.lastPts[p])
			e.Score = int(t.scores[p])
			e.Value = int(t.scores[p] - s.scores[p])
			add(e)
		}
	}
	if t.phase == PhaseOver {
		e := ev(EventMatchOver, -1)
		e.Seats = t.winners
		add(e)
	}
	return dst
}
