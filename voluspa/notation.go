package voluspa

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nornsgames/norns"
)

// AppendText appends m's notation to b (see the package's Notation section). It fails, leaving b
// as it was, only for a move no constructor makes (the zero Move, or one of no tile): such a
// move has no notation.
func (m Move) AppendText(b []byte) ([]byte, error) {
	switch m.kind {
	case MoveLay, MoveCover:
		if !m.tile.IsValid() {
			break
		}
		b = append(b, m.tile.String()...)
		if m.kind == MoveCover {
			b = append(b, " on"...)
		}
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(m.x), 10)
		b = append(b, ',')
		return strconv.AppendInt(b, int64(m.y), 10), nil
	case MoveDiscard, MoveDraw, MoveFirstTile:
		if !m.tile.IsValid() {
			break
		}
		b = append(b, moveKindNames[m.kind]...)
		b = append(b, ' ')
		return append(b, m.tile.String()...), nil
	case MovePass:
		return append(b, "pass"...), nil
	case MoveFirstSeat:
		b = append(b, "start "...)
		return strconv.AppendInt(b, int64(m.x), 10), nil
	}
	return b, fmt.Errorf("voluspa: cannot encode a move of kind %v with tile %v: it has no notation", m.kind, m.tile)
}

// String returns m's notation: "Thor 2,-1", "Dragon on 0,1", "discard Loki", "pass", "draw
// Fenrir", "first Odin" or "start 1"; "invalid" for a move with none (the zero Move).
func (m Move) String() string {
	b, err := m.AppendText(make([]byte, 0, 16))
	if err != nil {
		return "invalid"
	}
	return string(b)
}

// MarshalText returns m's notation, as String.
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

// ParseMove reads a move's notation:
//
//	<tile> <x>,<y>       lay a tile on an empty square ("Thor 2,-1")
//	<tile> on <x>,<y>    cover the tile there with a Dragon or a Skadi ("Dragon on 0,1")
//	discard <tile>       put a tile out of the game ("discard Loki")
//	pass                 a seat with an empty hand passes
//	draw <tile>          chance: the tile drawn into the hand being filled
//	first <tile>         chance: the first tile, at 0,0
//	start <seat>         chance: the first player
//
// Keywords and tile names are case-insensitive, runs of spaces are one, and a space may follow
// the comma ("Thor 2, -1"). Coordinates are whole numbers from -MaxCoord to MaxCoord. Text
// longer than [MaxMoveText] is refused unread. Errors wrap [norns.ErrBadNotation] and quote at
// most a short prefix of s.
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
	case "pass":
		if len(f) != 1 {
			return Move{}, badNotation(s, "pass takes nothing after it")
		}
		return Pass(), nil
	case "discard", "draw", "first":
		if len(f) != 2 {
			return Move{}, badNotation(s, "want "+kw+" <tile>")
		}
		t, err := parseTile(s, f[1])
		if err != nil {
			return Move{}, err
		}
		switch kw {
		case "discard":
			return Discard(t), nil
		case "draw":
			return Draw(t), nil
		}
		return FirstTile(t), nil
	case "start":
		if len(f) != 2 {
			return Move{}, badNotation(s, "want start <seat>")
		}
		p, err := strconv.Atoi(f[1])
		if err != nil || p < 0 || p >= MaxPlayers {
			return Move{}, badNotation(s, fmt.Sprintf("seat %q is not a number from 0 to %d", norns.Clip(f[1]), MaxPlayers-1))
		}
		return FirstSeat(norns.Player(p)), nil
	}
	t, err := parseTile(s, f[0])
	if err != nil {
		return Move{}, badNotation(s, fmt.Sprintf("unknown move or tile %q (want a tile, discard, pass, draw, first or start)", norns.Clip(f[0])))
	}
	rest := f[1:]
	kind := MoveLay
	if len(rest) > 0 && strings.EqualFold(rest[0], "on") {
		kind = MoveCover
		rest = rest[1:]
	}
	x, y, err := parseSquare(s, strings.Join(rest, ""))
	if err != nil {
		return Move{}, err
	}
	return Move{kind: kind, tile: t, x: int8(x), y: int8(y)}, nil
}

func parseTile(s, name string) (Tile, error) {
	t, err := ParseTile(name)
	if err != nil {
		return NoTile, badNotation(s, fmt.Sprintf("unknown tile %q (want Odin, Thor, Troll, Dragon, Fenrir, Skadi, Valkyrie or Loki)", norns.Clip(name)))
	}
	return t, nil
}

// parseSquare reads "x,y".
func parseSquare(s, sq string) (int, int, error) {
	xs, ys, ok := strings.Cut(sq, ",")
	if !ok {
		return 0, 0, badNotation(s, "want a square as x,y after the tile")
	}
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if errX != nil || errY != nil {
		return 0, 0, badNotation(s, fmt.Sprintf("square %q is not two whole numbers x,y", norns.Clip(sq)))
	}
	if x < -MaxCoord || x > MaxCoord || y < -MaxCoord || y > MaxCoord {
		return 0, 0, badNotation(s, fmt.Sprintf("square %d,%d is farther than %d from the first tile", x, y, MaxCoord))
	}
	return x, y, nil
}

// MaxMoveText is the longest text [ParseMove] reads, in bytes; a move is at most about 20.
const MaxMoveText = 256

// MustParseMove is ParseMove for tests and literals: it panics if s does not parse.
func MustParseMove(s string) Move {
	m, err := ParseMove(s)
	if err != nil {
		panic(err)
	}
	return m
}

func badNotation(s, why string) error {
	return fmt.Errorf("voluspa: %w: %q: %s", norns.ErrBadNotation, norns.Clip(s), why)
}
