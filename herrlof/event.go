package herrlof

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
)

// EventKind says what an [Event] reports.
type EventKind uint8

// The kinds of event.
const (
	EventInvalid   EventKind = iota // the zero EventKind: no event has it
	EventDeal                       // a hand was dealt: N its number, Card the trump card, Seat the opening leader
	EventBid                        // Seat bid N tricks (N is -1 when the viewer may not see it)
	EventPlay                       // Seat played Card
	EventDraw                       // Seat drew Card from the stock with a 3 (NoCard when hidden)
	EventReturn                     // Seat put Card under the stock (NoCard when hidden)
	EventDecline                    // Seat declined the power of its N (1, 3 or 6)
	EventWin                        // Seat won the trick with Card
	EventDestroyed                  // the trick was destroyed by a Valknut (H13)
	EventTrump                      // two Valknuts turned up Card as the new trump card (H13)
	EventSteal                      // Seat stole a trick from Other (H10)
	EventTake                       // Seat chose to take a random card from Other (H15)
	EventTaken                      // Seat took Card from Other at random (NoCard when hidden)
	EventGive                       // Seat gave Card to Other (NoCard when hidden)
	EventScored                     // hand N was scored: Result holds the bids, tricks and points
	EventMatchOver                  // the match is over: Seats won
)

var eventKindNames = [...]string{"invalid", "deal", "bid", "play", "draw", "return", "decline", "win",
	"destroyed", "trump", "steal", "take", "taken", "give", "scored", "matchover"}

// String returns the kind's short lower-case name ("deal", "steal", "matchover"), or
// "EventKind(20)" out of range.
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", int(k))
}

// Event is something a move caused, as one seat sees it. Fields a kind does not use are zero,
// except Seat and Other (Nobody) and Card (NoCard). Events are comparable values.
type Event struct {
	Kind   EventKind
	Seat   norns.Player
	Other  norns.Player
	Card   Card        // NoCard when none or hidden from the viewer
	N      int         // a bid, a hand number or a power's rank
	Result HandResult  // EventScored
	Seats  norns.Seats // EventMatchOver: the winners
}

// String describes e in plain words, as in "seat 1 wins the trick with G9".
func (e Event) String() string {
	switch e.Kind {
	case EventDeal:
		return fmt.Sprintf("hand %d is dealt; the trump card is %s; %v leads", e.N, trumpWords(e.Card), e.Seat)
	case EventBid:
		if e.N < 0 {
			return fmt.Sprintf("%v bids in secret", e.Seat)
		}
		return fmt.Sprintf("%v bids %d", e.Seat, e.N)
	case EventPlay:
		return fmt.Sprintf("%v plays %v", e.Seat, e.Card)
	case EventDraw:
		if e.Card == NoCard {
			return fmt.Sprintf("%v draws a card from the stock", e.Seat)
		}
		return fmt.Sprintf("%v draws %v from the stock", e.Seat, e.Card)
	case EventReturn:
		if e.Card == NoCard {
			return fmt.Sprintf("%v puts a card under the stock", e.Seat)
		}
		return fmt.Sprintf("%v puts %v under the stock", e.Seat, e.Card)
	case EventDecline:
		return fmt.Sprintf("%v does not use the power of the %d", e.Seat, e.N)
	case EventWin:
		return fmt.Sprintf("%v wins the trick with %v", e.Seat, e.Card)
	case EventDestroyed:
		return "the trick is destroyed by a Valknut"
	case EventTrump:
		return "two Valknuts change the trump: the new trump card is " + trumpWords(e.Card)
	case EventSteal:
		return fmt.Sprintf("%v steals a trick from %v", e.Seat, e.Other)
	case EventTake:
		return fmt.Sprintf("%v will take a random card from %v", e.Seat, e.Other)
	case EventTaken:
		if e.Card == NoCard {
			return fmt.Sprintf("%v takes a card from %v", e.Seat, e.Other)
		}
		return fmt.Sprintf("%v takes %v from %v", e.Seat, e.Card, e.Other)
	case EventGive:
		if e.Card == NoCard {
			return fmt.Sprintf("%v gives a card to %v", e.Seat, e.Other)
		}
		return fmt.Sprintf("%v gives %v to %v", e.Seat, e.Card, e.Other)
	case EventScored:
		var b strings.Builder
		fmt.Fprintf(&b, "hand %d is scored:", e.Result.Hand)
		for p := range min(e.Result.Players, 3) {
			if p > 0 {
				b.WriteByte(';')
			}
			fmt.Fprintf(&b, " seat %d bid %d, won %d, scores %d", p, e.Result.Bids[p], e.Result.Tricks[p], e.Result.Points[p])
		}
		return b.String()
	case EventMatchOver:
		return "the match is over: " + e.Seats.Verdict()
	}
	return e.Kind.String() // "invalid" for the zero Event
}

func trumpWords(c Card) string {
	if c.IsSuited() {
		return fmt.Sprintf("%v (%v is trump)", c, c.Suit())
	}
	return fmt.Sprintf("%v (no trump suit)", c)
}

// recorder collects the events of one Apply for one viewer.
type recorder struct {
	viewer int8
	ev     []Event
}

func (r *recorder) add(e Event) { r.ev = append(r.ev, e) }

// private returns c if the viewer is p, else NoCard.
func (r *recorder) private(p int8, c Card) Card {
	if r.viewer == p {
		return c
	}
	return NoCard
}

// between returns c if the viewer is a or b, else NoCard.
func (r *recorder) between(a, b int8, c Card) Card {
	if r.viewer == a || r.viewer == b {
		return c
	}
	return NoCard
}

func (r *recorder) bid(p, n int8) {
	v := int(n)
	if r.viewer != p {
		v = -1
	}
	r.add(Event{Kind: EventBid, Seat: norns.Player(p), Other: norns.Nobody, Card: NoCard, N: v})
}
