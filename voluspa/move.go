package voluspa

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// MoveKind says what a [Move] does.
type MoveKind uint8

// The kinds of move. MoveInvalid is the zero Move's kind.
const (
	MoveInvalid   MoveKind = iota
	MoveDraw               // chance: a tile drawn into a hand (V3, V14)
	MoveFirstTile          // chance: the first tile, laid at 0,0 (V3)
	MoveFirstSeat          // chance: the first player (V3)
	MoveLay                // a tile from hand onto an empty square (V4–V6)
	MoveCover              // a Dragon or Skadi from hand on top of a tile (V7, V8)
	MoveDiscard            // a tile from hand out of the game, when none can be laid (V9)
	MovePass               // nothing: the hand is empty (V9)
	numMoveKinds
)

var moveKindNames = [numMoveKinds]string{"invalid", "draw", "first", "start", "lay", "cover", "discard", "pass"}

// String returns the kind's name ("lay", "discard"), or "MoveKind(9)" out of range.
func (k MoveKind) String() string {
	if k < numMoveKinds {
		return moveKindNames[k]
	}
	return fmt.Sprintf("MoveKind(%d)", int(k))
}

// Move is one step of a match: a seat's lay, cover, discard or pass, or a chance outcome (a tile
// drawn, the first tile, the first player). It is a 4-byte comparable value; == compares moves.
// The zero Move is invalid: no state accepts it.
//
// Build moves with [Lay], [CoverWith], [Discard], [Pass], [Draw], [FirstTile] and [FirstSeat], or
// read them with [ParseMove].
type Move struct {
	kind MoveKind
	tile Tile
	// The square of a lay or cover; the seat of a MoveFirstSeat in x. y comes before x so that
	// the listing of Legal, which writes a move as one word, adds a column to the top byte,
	// where no carry reaches another field.
	y, x int8
}

// MaxCoord is the largest coordinate a move may name. A grid of 60 tiles reaches at most 59
// squares from the first tile, so no lay at ±MaxCoord is ever legal; it is the bound of the
// notation.
const MaxCoord = NumTiles

// Lay returns the move that lays t from hand on the empty square x, y (V4). Coordinates beyond
// ±MaxCoord are clamped to ±MaxCoord, a square no lay reaches, which Apply refuses.
func Lay(t Tile, x, y int) Move { return Move{kind: MoveLay, tile: t, x: clamp(x), y: clamp(y)} }

// CoverWith returns the move that lays t from hand on top of the tile at x, y (V7, V8).
func CoverWith(t Tile, x, y int) Move {
	return Move{kind: MoveCover, tile: t, x: clamp(x), y: clamp(y)}
}

// Discard returns the move that puts t from hand out of the game (V9).
func Discard(t Tile) Move { return Move{kind: MoveDiscard, tile: t} }

// Pass returns the move of a seat with an empty hand (V9).
func Pass() Move { return Move{kind: MovePass, tile: NoTile} }

// Draw returns the chance move that draws a tile t from the supply into the hand being filled
// (V3, V14).
func Draw(t Tile) Move { return Move{kind: MoveDraw, tile: t} }

// FirstTile returns the chance move that turns up t as the first tile, at 0,0 (V3).
func FirstTile(t Tile) Move { return Move{kind: MoveFirstTile, tile: t} }

// FirstSeat returns the chance move that makes seat p the first player (V3).
func FirstSeat(p norns.Player) Move {
	if p < 0 || p >= MaxPlayers {
		p = MaxPlayers // never a seat; Apply refuses it
	}
	return Move{kind: MoveFirstSeat, tile: NoTile, x: int8(p)}
}

func clamp(v int) int8 { return int8(max(-MaxCoord, min(MaxCoord, v))) }

// Kind returns what m does.
func (m Move) Kind() MoveKind { return m.kind }

// Tile returns the tile m lays, covers with, discards or draws, and NoTile for a pass or a first
// player.
func (m Move) Tile() Tile {
	if m.kind == MovePass || m.kind == MoveFirstSeat || m.kind == MoveInvalid {
		return NoTile
	}
	return m.tile
}

// Square returns the square of a lay or cover and true, or false for other moves.
func (m Move) Square() (x, y int, ok bool) {
	if m.kind == MoveLay || m.kind == MoveCover {
		return int(m.x), int(m.y), true
	}
	return 0, 0, false
}

// Seat returns the seat of a [FirstSeat] move, and norns.Nobody for other moves.
func (m Move) Seat() norns.Player {
	if m.kind == MoveFirstSeat {
		return norns.Player(m.x)
	}
	return norns.Nobody
}

// IsChance reports whether m is a chance outcome.
func (m Move) IsChance() bool { return m.kind >= MoveDraw && m.kind <= MoveFirstSeat }
