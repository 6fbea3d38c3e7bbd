package voluspa

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// EventKind says what an [Event] reports.
type EventKind uint8

// The kinds of event, in the order a match produces them.
const (
	EventInvalid   EventKind = iota
	EventDraw                // Seat draws Tile (NoTile unless the viewer is Seat) (V3, V14)
	EventFirstTile           // Tile is turned up as the first tile, at 0,0 (V3)
	EventFirstSeat           // Seat plays first (V3)
	EventLay                 // Seat lays Tile on the empty square X,Y (V4)
	EventCover               // Seat lays Tile on Covered at X,Y: removed by a Dragon, taken into hand by a Skadi (V7, V8)
	EventLine                // the Line through X,Y, Length tiles long, scores Points for Seat, for Reason (V10–V13)
	EventDiscard             // Seat discards Tile: it could lay none (V9)
	EventPass                // Seat passes: its hand is empty (V9)
	EventMatchOver           // the match is over: Seats won (V15)
	numEventKinds
)

var eventKindNames = [numEventKinds]string{"invalid", "draw", "first tile", "first seat", "lay",
	"cover", "line", "discard", "pass", "match over"}

// String returns the kind's name ("line"), or "EventKind(30)" out of range.
func (k EventKind) String() string {
	if k < numEventKinds {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", int(k))
}

// Line names the row or the column through a square.
type Line uint8

// The two lines through a square.
const (
	LineNone   Line = iota
	LineRow         // east–west
	LineColumn      // north–south
)

// String returns "row", "column", or "none".
func (l Line) String() string {
	switch l {
	case LineRow:
		return "row"
	case LineColumn:
		return "column"
	}
	return "none"
}

// Reason says why a line scored or did not (V11–V13).
type Reason uint8

// The reasons.
const (
	ReasonNone      Reason = iota
	ReasonStrongest        // the new tile is worth strictly more than every rival in the line (V13)
	ReasonBookends         // a Valkyrie closed the line with a Valkyrie at the other end (V12)
	ReasonTie              // a rival (Rival) is worth as much as the new tile: ties score nothing (V13)
	ReasonOutranked        // a rival (Rival) is worth more than the new tile (V13)
)

var reasonNames = [...]string{"none", "strongest", "bookends", "tie", "outranked"}

// String returns the reason's name ("tie"), or "Reason(9)" out of range.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", int(r))
}

// Event is one thing a move did, as one seat (the viewer given to [State.ApplyEvents]) sees it.
// Tiles the viewer may not see are NoTile. Fields an event kind does not use are norns.Nobody,
// NoTile, LineNone, ReasonNone, 0 or empty. Events are comparable values.
type Event struct {
	Kind    EventKind
	Seat    norns.Player // who acted, drew or scored
	Tile    Tile         // the tile laid, drawn, discarded or turned up
	Covered Tile         // the tile covered, for EventCover
	X, Y    int          // the square of a lay, cover or line
	Line    Line         // which line, for EventLine
	Length  int          // the line's length, for EventLine
	Worth   int          // the new tile's worth in the line, for EventLine (V10, V11)
	Rival   Tile         // the strongest rival in the line, NoTile if none
	Points  int          // points scored by the line (0 when it did not score)
	Reason  Reason       // why the line scored or did not
	Seats   norns.Seats  // the winners, for EventMatchOver
}

// zeroed explains a worth of 0 for a tile whose printed value is more: a Loki beside it (V10).
func (e Event) zeroed() string {
	if e.Tile.IsValid() && e.Worth == 0 && e.Tile.Power().Value > 0 {
		return " (a Loki beside it makes it worth 0)"
	}
	return ""
}

// zeroing explains why a Loki can be the strongest: the tiles beside it are worth 0 (V10).
func (e Event) zeroing() string {
	if e.Tile.IsValid() && e.Tile.Power().Zeroes {
		return " (the tiles beside a Loki are worth 0)"
	}
	return ""
}

// String describes the event in plain words, as in "seat 1 scores 4 for the row through 2,0
// (4 tiles): Odin worth 8 is the strongest".
func (e Event) String() string {
	switch e.Kind {
	case EventDraw:
		if e.Tile != NoTile {
			return fmt.Sprintf("%v draws %v", e.Seat, e.Tile)
		}
		return fmt.Sprintf("%v draws a tile", e.Seat)
	case EventFirstTile:
		return fmt.Sprintf("the first tile is %v, at 0,0", e.Tile)
	case EventFirstSeat:
		return fmt.Sprintf("%v plays first", e.Seat)
	case EventLay:
		return fmt.Sprintf("%v lays %v at %d,%d", e.Seat, e.Tile, e.X, e.Y)
	case EventCover:
		if e.Tile.IsValid() && e.Tile.pw().Cover == CoverCapture {
			return fmt.Sprintf("%v lays %v on the %v at %d,%d and takes the %v into hand", e.Seat, e.Tile, e.Covered, e.X, e.Y, e.Covered)
		}
		return fmt.Sprintf("%v lays %v on the %v at %d,%d; the %v leaves the game", e.Seat, e.Tile, e.Covered, e.X, e.Y, e.Covered)
	case EventLine:
		head := fmt.Sprintf("the %v through %d,%d (%d tiles)", e.Line, e.X, e.Y, e.Length)
		switch e.Reason {
		case ReasonStrongest:
			return fmt.Sprintf("%v scores %d for %s: %v worth %d is the strongest%s", e.Seat, e.Points, head, e.Tile, e.Worth, e.zeroing())
		case ReasonBookends:
			return fmt.Sprintf("%v scores %d for %s: Valkyries at both ends", e.Seat, e.Points, head)
		case ReasonTie:
			return fmt.Sprintf("%s scores nothing: %v worth %d%s ties a %v", head, e.Tile, e.Worth, e.zeroed(), e.Rival)
		case ReasonOutranked:
			return fmt.Sprintf("%s scores nothing: %v worth %d%s is beaten by a %v", head, e.Tile, e.Worth, e.zeroed(), e.Rival)
		}
		return head
	case EventDiscard:
		return fmt.Sprintf("%v cannot lay a tile and discards %v", e.Seat, e.Tile)
	case EventPass:
		return fmt.Sprintf("%v has no tile and passes", e.Seat)
	case EventMatchOver:
		return "the match is over: " + e.Seats.Verdict()
	}
	return e.Kind.String()
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

// line records how the line l through the lay or cover m by seat p scored, ls, when it has more
// than one tile (ok).
func (r *recorder) line(p int8, m Move, ls lineScore, ok bool, l Line) {
	if !ok {
		return
	}
	e := ev(EventLine, p)
	e.Tile, e.X, e.Y, e.Line = m.tile, int(m.x), int(m.y), l
	e.Length, e.Worth, e.Rival, e.Points, e.Reason = ls.length, ls.worth, ls.rival, ls.points, ls.reason
	r.add(e)
}

// ev returns an Event of kind k about seat p (none if p is negative) with the unused fields
// blank.
func ev(k EventKind, p int8) Event {
	seat := norns.Nobody
	if p >= 0 {
		seat = norns.Player(p)
	}
	return Event{Kind: k, Seat: seat, Tile: NoTile, Covered: NoTile, Rival: NoTile}
}
