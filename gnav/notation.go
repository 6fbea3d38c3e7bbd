package gnav

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/strictjson"
)

// AppendText appends m's notation to b (see the package's Notation section), which [ParseMove]
// reads back. It fails, leaving b as it was, for a move no state accepts and ParseMove does not
// read: the zero Move (or any of an unknown kind), a [ChooseDealer] of a seat out of range, and a
// [Deal] of a pack that is not two cards of each rank.
func (m Move) AppendText(b []byte) ([]byte, error) {
	switch {
	case m.kind == MoveInvalid || m.kind >= numMoveKinds:
		return b, fmt.Errorf("gnav: cannot encode the invalid move")
	case m.kind == MoveChooseDealer && (m.seat < 0 || m.seat >= MaxPlayers):
		return b, fmt.Errorf("gnav: cannot encode a first dealer out of range (%d)", m.seat)
	case m.kind == MoveDeal && m.badPack:
		return b, fmt.Errorf("gnav: cannot encode a deal whose pack is not two cards of each rank")
	}
	return m.appendText(b), nil
}

// appendText appends m's notation to b, as AppendText, and for a move AppendText refuses what
// String shows: "invalid", the seat out of range, or the bad pack.
func (m Move) appendText(b []byte) []byte {
	switch m.kind {
	case MoveStand, MoveAsk, MoveDraw:
		return append(b, moveKindNames[m.kind]...)
	case MoveChooseDealer:
		b = append(b, "dealer "...)
		return strconv.AppendInt(b, int64(m.seat), 10)
	case MoveDeal:
		b = append(b, "deal"...)
		for _, k := range m.pack {
			b = append(b, ' ')
			b = append(b, CardOf(k).String()...)
		}
		return b
	}
	return append(b, "invalid"...)
}

// String returns m's notation: "stand", "ask", "draw", "dealer 2" or "deal Narr XII Hus …";
// "invalid" for the zero Move. It never fails: for a move AppendText refuses it shows what the
// move holds.
func (m Move) String() string { return string(m.appendText(make([]byte, 0, 16))) }

// MarshalText returns m's notation, as AppendText, and fails where it does.
func (m Move) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText reads a move's notation into m, as ParseMove. On error m is unchanged.
func (m *Move) UnmarshalText(b []byte) error {
	x, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = x
	return nil
}

// MaxMoveText is the longest text [ParseMove] reads, in bytes: a deal is about 200.
const MaxMoveText = 1024

// ParseMove reads a move's notation: "stand", "ask", "draw", "dealer <seat>" or "deal" followed
// by the 42 cards of the pack in dealing order. Keywords and card names are case-insensitive and
// may be separated by any run of spaces. A deal must hold two cards of each rank. Text longer
// than [MaxMoveText] is refused unread. Errors wrap [norns.ErrBadNotation] and quote at most a
// short prefix of s.
func ParseMove(s string) (Move, error) {
	if len(s) > MaxMoveText {
		return Move{}, badNotation(s, fmt.Sprintf("longer than %d bytes", MaxMoveText))
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return Move{}, badNotation(s, "empty move")
	}
	kw := strings.ToLower(f[0])
	switch kw {
	case "stand", "ask", "draw":
		if len(f) != 1 {
			return Move{}, badNotation(s, kw+" takes nothing after it")
		}
		switch kw {
		case "stand":
			return Stand(), nil
		case "ask":
			return Ask(), nil
		}
		return Draw(), nil
	case "dealer":
		if len(f) != 2 {
			return Move{}, badNotation(s, "want dealer <seat>")
		}
		p, err := strconv.Atoi(f[1])
		if err != nil || p < 0 || p >= MaxPlayers {
			return Move{}, badNotation(s, fmt.Sprintf("seat %s is not a number from 0 to %d", strictjson.Quote(f[1]), MaxPlayers-1))
		}
		return ChooseDealer(norns.Player(p)), nil
	case "deal":
		if len(f) != DeckSize+1 {
			return Move{}, badNotation(s, fmt.Sprintf("a deal lists the %d cards of the pack, not %d", DeckSize, len(f)-1))
		}
		var p [DeckSize]Card
		for i, name := range f[1:] {
			c, err := ParseCard(name)
			if err != nil {
				return Move{}, badNotation(s, fmt.Sprintf("card %d: unknown card %s", i+1, strictjson.Quote(name)))
			}
			p[i] = c
		}
		m := Deal(p)
		if m.badPack {
			return Move{}, badNotation(s, "a deal holds two cards of each rank")
		}
		return m, nil
	}
	return Move{}, badNotation(s, fmt.Sprintf("unknown move %s (want stand, ask, draw, dealer or deal)", strictjson.Quote(f[0])))
}

// MustParseMove is ParseMove for tests and literals: it panics if s does not parse.
func MustParseMove(s string) Move {
	m, err := ParseMove(s)
	if err != nil {
		panic(err)
	}
	return m
}

func badNotation(s, why string) error {
	return fmt.Errorf("gnav: %w: %s: %s", norns.ErrBadNotation, strictjson.Quote(s), why)
}
