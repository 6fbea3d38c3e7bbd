package voluspa

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
)

// Phase says what a [State] waits for.
type Phase uint8

// The phases of a match, in the order they come: the opening hands are drawn one tile at a time
// (PhaseDeal), the first tile is turned up (PhaseFirstTile), the first player is drawn
// (PhaseFirstSeat), then turns (PhaseTurn) alternate with refills (PhaseDraw) until PhaseOver.
const (
	PhaseDeal      Phase = iota // chance draws a tile into the hand being dealt (V3)
	PhaseFirstTile              // chance turns up the first tile, not a Troll (V3)
	PhaseFirstSeat              // chance chooses the first player (V3)
	PhaseTurn                   // a seat lays, discards or passes (V4–V9)
	PhaseDraw                   // chance draws a tile into the hand of the seat that just played (V14)
	PhaseOver                   // the match is over (V15)
	numPhases
)

var phaseNames = [numPhases]string{"deal", "first tile", "first seat", "turn", "draw", "over"}

// String returns the phase's name ("turn"), or "Phase(9)" out of range.
func (ph Phase) String() string {
	if ph < numPhases {
		return phaseNames[ph]
	}
	return fmt.Sprintf("Phase(%d)", int(ph))
}

// Special values of the toMove field.
const (
	chance = int8(norns.Chance)
	nobody = int8(norns.Nobody)
)

// holds is what a seat's discards showed of its hand (V9): at a discard none of its tiles could
// be laid, so every one was of a kind blocked then. holds[j], when not empty, is the smallest set
// of kinds known to hold at least j+1 of the seat's tiles. A discard's inference counts the
// tiles left after it, less one for each tile of those kinds laid or discarded since (that tile
// may have been one of them), plus one for each tile of those kinds everyone saw go into the
// hand since (a Skadi's capture, V8: it was not in the hand at the discard, so it comes on top
// of the tiles the discard showed). Every inference that still binds is kept: an older
// discard's tiles still held were all in the hand at a newer discard, so its kinds narrow to the
// kinds blocked then, and the sets grow with the count — which is why one set per count says it
// all.
type holds [HandSize]kindSet

// any reports whether any inference binds the hand.
func (h *holds) any() bool { return h[0] != 0 }

// leave updates h for a tile of kind t leaving the hand: a bound on a set holding t drops by one.
func (h *holds) leave(t Tile) {
	for j := range h {
		if h[j].has(t) {
			if j+1 < len(h) {
				h[j] = h[j+1]
			} else {
				h[j] = 0
			}
		}
	}
}

// arrive updates h for a tile of kind t everyone saw go into the hand: a bound on a set holding t
// rises by one. The sets are nested, so those holding t are the largest ones: each count from
// the first such set up now belongs to the set that held one tile fewer.
func (h *holds) arrive(t Tile) {
	for j := len(h) - 1; j > 0; j-- {
		if h[j-1].has(t) {
			h[j] = h[j-1]
		}
	}
}

// discard records a discard after which the seat's n tiles were all of the kinds in blocked.
func (h *holds) discard(blocked kindSet, n int) {
	for j := range h {
		if h[j] != 0 {
			h[j] &= blocked
		}
		if h[j] == 0 && j < n {
			h[j] = blocked
		}
	}
}

// chain returns the inferences as (kinds, count) pairs, the fewest kinds first: each set with the
// largest count it is known to hold.
func (h *holds) chain() (kinds [HandSize]kindSet, n [HandSize]int, m int) {
	for j, k := range h {
		if k == 0 {
			break
		}
		if m > 0 && kinds[m-1] == k {
			n[m-1] = j + 1
			continue
		}
		kinds[m], n[m] = k, j+1
		m++
	}
	return kinds, n, m
}

// public is the part of a State that every seat sees. A View embeds a copy, so the methods
// defined here serve both. Its fields after the board lie widest first, with no padding between
// them: a State is copied whole at every call of a value method (see State's size budget).
type public struct {
	head
	seat    int8   // whose turn it is, or whose hand chance fills; -1 before the first turn
	turns   uint16 // seat moves played (lays, discards, passes)
	board   board
	gone    cards.Multiset             // tiles out of the game: covered by a Dragon or discarded (V7, V9)
	known   [MaxPlayers]cards.Multiset // tiles everyone saw go into a hand and not seen leave it (V8)
	score   [MaxPlayers]int16
	reached [MaxPlayers]uint16 // the turn that brought each seat its score; 0 for none (V15)
	winners norns.Seats
	holds   [MaxPlayers]holds
	size    [MaxPlayers]uint8
	last    int8 // index of the cell laid or covered by the last lay, -1 if none yet
	supply  uint8
}

// head is the part of a State that says who acts: the methods a generic loop calls at every step
// (ToMove, Over) are declared on it, so that a call through a pointer to a State or View copies
// these three bytes rather than the whole value (a method of a value type called through a
// pointer copies its receiver; norns.Playout calls ToMove at every step).
type head struct {
	players uint8
	phase   Phase
	toMove  int8 // the seat to act, chance (-1) or nobody (-2)
}

// hidden is the part of a State no seat sees whole besides the supply (in drawer): the hands.
type hidden struct {
	hand [MaxPlayers]cards.Multiset
}

// drawer is the part of a State that SampleChance reads: the supply, and a copy of the State's
// head (node), which step sets after every move and New, the JSON decoder, View.Sample and the
// bots' scratch states set when they build one (TestDrawerFollowsHead). SampleChance is
// declared on it, so that a call through a pointer to a State (norns.Playout's at every chance
// node) copies these 16 bytes rather than the whole State, as ToMove and Over are declared on
// the head. The head is copied here rather than the supply put in the head: a View shares the
// head, and must not see the supply.
type drawer struct {
	pool cards.Multiset // the draw supply: no order, so no state, view or move can reveal one
	node head
}

// State is a Voluspa match at one moment: an immutable value. Its methods have value receivers
// and never change it; [State.Apply] returns the next state. It holds no slices, maps or
// pointers, so == compares states, a State can be a map key, and copying it is the snapshot.
// Every method is safe for concurrent use.
//
// The grid is the list of its filled squares in the order they were first filled, with their
// tiles and coordinates relative to the first tile (at most 60 squares of 3 bytes); two states
// are == when they hold the same tiles in the same squares filled in the same order, the same
// hands, supply, scores and turn. Hands and the supply are [Tiles], multiset words: the supply has
// no order, so no state, view or move can reveal one.
//
// Size budget: a State is 944 bytes, within a budget of 1024: the board 776 (the cell list, 185,
// and the [torus] index of its squares and frontier, 584), five hands and the supply (8 bytes
// each), the public counts, scores and inferences a view draws (every discard inference that
// still binds, 5 bytes a seat), and a copy of who acts beside the supply (drawer);
// TestStateSize pins it. Value receivers copy it on every call, even through a pointer:
// norns.Playout, which steps in place, copies it at each call of AppendLegal (ToMove and Over
// are declared on a three-byte part of it, SampleChance on the 16-byte drawer, which is all
// their calls copy). The index costs those copies far less than the frontier it saves Legal
// from building and the pass over the cell list it saves Step (voluspa/bench_test.go gives the
// figures).
//
// The zero State is not a match (use [New]): it is a match with no seats that is over. Players
// is 0, Over is true, ToMove is norns.Nobody, Phase is PhaseOver, Winners is empty, Legal is
// empty, Apply and Step refuse every move with [norns.ErrGameOver], MarshalJSON fails, and
// SampleChance panics as it does whenever ToMove is not norns.Chance; the methods that take a
// seat panic for every seat, as they document, since it has none. TestZeroValues calls every
// method of it.
type State struct {
	public
	h hidden
	drawer
}

// New returns a match at its first chance node: the first tile of the first opening hand. It
// fails with an error wrapping [norns.ErrBadConfig] if c is invalid.
func New(c Config) (State, error) {
	if err := c.Validate(); err != nil {
		return State{}, err
	}
	c = c.normal()
	s := State{}
	s.players = uint8(c.Players)
	s.phase = PhaseDeal
	s.toMove = chance
	s.seat = 0
	s.last = -1
	s.supply = NumTiles
	s.pool = deck.Full()
	s.node = s.head
	return s, nil
}

// Config returns the match's configuration, with the default filled in.
func (s public) Config() Config { return Config{Players: int(s.players)} }

// Players returns the number of seats.
func (s public) Players() int { return int(s.players) }

// Phase returns what the match waits for; PhaseOver for the zero State, which has no seats.
func (s public) Phase() Phase {
	if s.players == 0 {
		return PhaseOver
	}
	return s.phase
}

// ToMove returns the seat to act, norns.Chance at a chance node, or norns.Nobody once over (and
// for the zero State, which has no seats).
func (s head) ToMove() norns.Player {
	if s.players == 0 {
		return norns.Nobody
	}
	return norns.Player(s.toMove)
}

// Over reports whether the match has ended (V15); true for the zero State, which has no seats.
func (s head) Over() bool { return s.phase == PhaseOver || s.players == 0 }

// Turn returns whose turn it is: the seat to act, or at a refill the seat whose hand is being
// refilled, or at the deal the seat being dealt to. It is norns.Nobody before the first player is
// drawn and once the match is over.
func (s public) Turn() norns.Player {
	if s.seat < 0 || s.Over() || s.phase == PhaseFirstTile || s.phase == PhaseFirstSeat {
		return norns.Nobody
	}
	return norns.Player(s.seat)
}

// Turns returns the number of seat moves played so far (lays, discards and passes).
func (s public) Turns() int { return int(s.turns) }

// Score returns seat p's points (V13). It panics if p is not a seat.
func (s public) Score(p norns.Player) int { return int(s.score[s.index(p)]) }

// Reached returns the turn (counted by [State.Turns], from 1) on which seat p reached its
// current score, and 0 if it has not scored (V15's tie-break). It panics if p is not a seat.
func (s public) Reached(p norns.Player) int { return int(s.reached[s.index(p)]) }

// Winners returns the seats that won once the match is over: the highest score, and among tied
// seats the one that reached it first (V15). It is empty before the end.
func (s public) Winners() norns.Seats { return s.winners }

// HandLen returns how many tiles seat p holds. It panics if p is not a seat.
func (s public) HandLen(p norns.Player) int { return int(s.size[s.index(p)]) }

// Known returns the tiles every seat knows seat p holds: tiles it captured with a Skadi (V8) and
// has not laid or discarded since (a tile of that kind laid since may have been that one). It
// panics if p is not a seat.
func (s public) Known(p norns.Player) Tiles { return Tiles(s.known[s.index(p)]) }

// Shown returns what seat p's discards showed of its hand (V9) and still binds: the kinds of
// which it holds at least n tiles together, one copy of each kind, for n from 1 to HandSize, and
// no tile when no discard shows n of its tiles. The kinds grow with n. It panics if p is not a
// seat; n out of range gives no tile.
func (s public) Shown(p norns.Player, n int) Tiles {
	i := s.index(p)
	if n < 1 || n > HandSize {
		return 0
	}
	var t Tiles
	k := s.holds[i][n-1]
	for j, u := range tiles {
		if k&(1<<j) != 0 {
			t = Tiles(deck.With(cards.Multiset(t), cards.Card(u)))
		}
	}
	return t
}

// SupplySize returns the number of tiles left in the draw supply.
func (s public) SupplySize() int { return int(s.supply) }

// Gone returns the tiles out of the game: covered by a Dragon (V7) or discarded (V9).
func (s public) Gone() Tiles { return Tiles(s.gone) }

// At returns the tile on top at x, y, and NoTile for an empty square (coordinates are relative
// to the first tile, at 0,0; x grows east, y north).
func (s public) At(x, y int) Tile { return s.board.at(x, y) }

// Cells returns the number of filled squares of the grid.
func (s public) Cells() int { return int(s.board.n) }

// Cell returns the i-th filled square in the order the squares were first filled (the first
// tile's square is 0) with the tile on top. It panics if i is out of range.
func (s public) Cell(i int) (x, y int, t Tile) {
	if i < 0 || i >= int(s.board.n) {
		panic(fmt.Sprintf("voluspa: cell %d of %d", i, s.board.n))
	}
	c := s.board.c[i]
	return int(c.x), int(c.y), c.t
}

// Bounds returns the smallest rectangle holding the grid; ok is false while the grid is empty.
func (s public) Bounds() (minX, minY, maxX, maxY int, ok bool) {
	if s.board.n == 0 {
		return 0, 0, 0, 0, false
	}
	b := &s.board
	return int(b.minX), int(b.minY), int(b.maxX), int(b.maxY), true
}

// LastLay returns the square of the last lay (or cover) and true, or false before any.
func (s public) LastLay() (x, y int, ok bool) {
	if s.last < 0 {
		return 0, 0, false
	}
	c := s.board.c[s.last]
	return int(c.x), int(c.y), true
}

// index returns p as an index, panicking if p is not one of the match's seats.
func (s public) index(p norns.Player) int {
	if p < 0 || int(p) >= int(s.players) {
		panic(fmt.Sprintf("voluspa: %v is not a seat of %d players", p, s.players))
	}
	return int(p)
}

// Hand returns seat p's tiles. It panics if p is not a seat.
func (s State) Hand(p norns.Player) Tiles { return Tiles(s.h.hand[s.index(p)]) }

// Supply returns the tiles of the draw supply. It has no order.
func (s State) Supply() Tiles { return Tiles(s.pool) }

// Grid draws the grid as text, north at the top, with coordinates along the edges: each square
// is a tile's first two letters ("Od", "Th", "Tr", "Dr", "Fe", "Sk", "Va", "Lo"), "[Th]" marks the
// last lay, "." an empty square.
func (s public) Grid() string {
	if s.board.n == 0 {
		return "(empty grid)\n"
	}
	// The squares of the bounding box, each found once from the cell list: a grid of n tiles is
	// at most n wide and n tall (MaxCells), and width + height <= n + 1.
	minX, minY, maxX, maxY, _ := s.Bounds()
	w, h := maxX-minX+1, maxY-minY+1
	var sq [MaxCells * (MaxCells + 2) / 2]Tile // w*h <= ((n+1)/2)^2 for w + h <= n + 1
	box := sq[:w*h]
	for i := range box {
		box[i] = NoTile
	}
	for _, c := range s.board.cells() {
		box[(int(c.y)-minY)*w+int(c.x)-minX] = c.t
	}
	lx, ly, hasLast := s.LastLay()
	var b strings.Builder
	b.Grow((h + 1) * (4*w + 6))
	b.WriteString("     ")
	for x := minX; x <= maxX; x++ {
		pad4(&b, x)
	}
	b.WriteByte('\n')
	for y := maxY; y >= minY; y-- {
		pad4(&b, y)
		b.WriteByte(' ')
		for x := minX; x <= maxX; x++ {
			t := box[(y-minY)*w+x-minX]
			switch {
			case t == NoTile:
				b.WriteString("   .")
			case hasLast && x == lx && y == ly:
				b.WriteByte('[')
				b.WriteString(t.String()[:2])
				b.WriteByte(']')
			default:
				b.WriteString("  ")
				b.WriteString(t.String()[:2])
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// pad4 writes v right-aligned in four columns, as fmt's %4d.
func pad4(b *strings.Builder, v int) {
	var buf [8]byte
	d := strconv.AppendInt(buf[:0], int64(v), 10)
	for range 4 - len(d) {
		b.WriteByte(' ')
	}
	b.Write(d)
}

// String describes the match for humans: phase, scores, hands, supply and the grid.
func (s State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "voluspa: %d players, %v", s.players, s.Phase())
	switch s.phase {
	case PhaseTurn:
		fmt.Fprintf(&b, ", %v to act", s.ToMove())
	case PhaseDeal, PhaseDraw:
		fmt.Fprintf(&b, ", chance draws for %v", norns.Player(s.seat))
	case PhaseOver:
		fmt.Fprintf(&b, ", winners %v", s.winners)
	}
	fmt.Fprintf(&b, ", turn %d\n", s.turns)
	for p := range int(s.players) {
		fmt.Fprintf(&b, "  seat %d: %d points (at turn %d), hand %s", p, s.score[p], s.reached[p], deck.Format(s.h.hand[p]))
		if !s.known[p].IsEmpty() {
			fmt.Fprintf(&b, ", known %s", deck.Format(s.known[p]))
		}
		kinds, n, m := s.holds[p].chain()
		for i := range m {
			fmt.Fprintf(&b, ", %d of %v", n[i], kinds[i].tiles())
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "  supply (%d): %s\n  gone: %s\n", s.supply, deck.Format(s.pool), deck.Format(s.gone))
	b.WriteString(s.Grid())
	return b.String()
}
