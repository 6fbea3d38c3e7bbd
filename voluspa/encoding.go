package voluspa

import (
	"github.com/nornsgames/norns"
)

// reach is the farthest a lay can ever be from the first tile, in steps along the grid (the
// Manhattan distance |x| + |y|): a lay is next to a grid of at most NumTiles-1 connected squares
// holding 0,0, whose farthest square is at most NumTiles-2 away. A cover is on a filled square of
// such a grid (its tile is in hand), so at most reach-1 away.
const reach = NumTiles - 1

// diamond is the squares within a distance of the first tile, numbered south to north and, in a
// row, west to east (the order of [State.Legal]).
type diamond struct {
	r     int
	start [2*reach + 2]int // start[y+r]: the number of the row's westmost square
	sq    [][2]int8        // the square of each number
}

func newDiamond(r int) *diamond {
	d := &diamond{r: r}
	n := 0
	for y := -r; y <= r; y++ {
		d.start[y+r] = n
		w := r - abs(y)
		for x := -w; x <= w; x++ {
			d.sq = append(d.sq, [2]int8{int8(x), int8(y)})
		}
		n += 2*w + 1
	}
	d.start[2*r+1] = n
	return d
}

// size returns the number of squares.
func (d *diamond) size() int { return len(d.sq) }

// index returns the number of square x, y, and false if it is farther than d's distance.
func (d *diamond) index(x, y int) (int, bool) {
	w := d.r - abs(y)
	if abs(x) > w {
		return 0, false
	}
	return d.start[y+d.r] + x + w, true
}

func abs(v int) int { return max(v, -v) }

// layDiamond and coverDiamond are the squares of lays and of covers.
var layDiamond, coverDiamond = newDiamond(reach), newDiamond(reach - 1)

// The blocks of the action space, in id order: for each kind in table order its lays, then its
// covers if it has a Cover power; then the discards, then the pass. So the ids of Legal's moves
// come in Legal's order.
var (
	nLaySquares   = layDiamond.size()
	nCoverSquares = coverDiamond.size()
	// kindBase[i] is the first id of the i-th kind's block; kindBase[NumKinds] the first discard.
	kindBase = func() (b [NumKinds + 1]int) {
		for i, t := range tiles {
			b[i+1] = b[i] + nLaySquares
			if t.pw().Cover != CoverNone {
				b[i+1] += nCoverSquares
			}
		}
		return b
	}()
	discardBase = kindBase[NumKinds]
	passID      = discardBase + NumKinds
	numActions  = passID + 1
)

// The observation's layout (see the package documentation's Encoding section): a header of
// obsFixed slots, obsPerSeat slots for each seat, one per seat for the winners, then the board.
const (
	obsPhase   = 0                         // numPhases slots
	obsToMove  = obsPhase + int(numPhases) // players + 2 slots: the seats, chance, nobody
	obsPerSeat = 3 + NumKinds + HandSize*NumKinds
	boardKinds = NumKinds + 1 // the kind planes and the last lay's plane
)

// Encoding is Voluspa's learning encoding for one config (a [norns.Encoder]): a fixed action
// space whose ids are in bijection with the seats' moves, and a fixed-length observation of a
// [View]. The package documentation's Encoding section lists every id and every slot. The zero
// Encoding is of the zero Config (two players). It is a small value, safe for concurrent use.
type Encoding struct {
	players int
}

// NewEncoding returns the encoding of matches of config c. It fails with an error wrapping
// [norns.ErrBadConfig] if c is invalid.
func NewEncoding(c Config) (Encoding, error) {
	if err := c.Validate(); err != nil {
		return Encoding{}, err
	}
	return Encoding{players: c.normal().Players}, nil
}

// n returns the number of seats.
func (e Encoding) n() int { return Config{Players: e.players}.normal().Players }

// Actions returns the size of the action space: 70347 for every config (8 × 7081 lays, 2 ×
// 6845 covers, 8 discards and the pass).
func (e Encoding) Actions() int { return numActions }

// Action returns the id of a seat's move: a lay of any tile within 59 steps of the first tile,
// a cover with a Dragon or a Skadi within 58, a discard of any tile, or the pass. Every move a
// seat can make fits (see reach). It returns false for a chance move and for a move no seat can
// make (a lay farther out, a cover with another tile, the zero Move).
func (e Encoding) Action(m Move) (int, bool) {
	switch m.kind {
	case MoveLay:
		if !m.tile.IsValid() {
			return 0, false
		}
		if i, ok := layDiamond.index(int(m.x), int(m.y)); ok {
			return kindBase[kindIndex[m.tile]] + i, true
		}
	case MoveCover:
		if !m.tile.IsValid() || m.tile.pw().Cover == CoverNone {
			return 0, false
		}
		if i, ok := coverDiamond.index(int(m.x), int(m.y)); ok {
			return kindBase[kindIndex[m.tile]] + nLaySquares + i, true
		}
	case MoveDiscard:
		if m.tile.IsValid() && m.x == 0 && m.y == 0 {
			return discardBase + int(kindIndex[m.tile]), true
		}
	case MovePass:
		if m == Pass() {
			return passID, true
		}
	}
	return 0, false
}

// Move returns the move of an id, and false for an id out of [0, Actions()).
func (e Encoding) Move(id int) (Move, bool) {
	switch {
	case id < 0 || id >= numActions:
		return Move{}, false
	case id < discardBase:
		k := 0
		for kindBase[k+1] <= id {
			k++
		}
		i := id - kindBase[k]
		if i < nLaySquares {
			sq := layDiamond.sq[i]
			return Move{kind: MoveLay, tile: tiles[k], x: sq[0], y: sq[1]}, true
		}
		sq := coverDiamond.sq[i-nLaySquares]
		return Move{kind: MoveCover, tile: tiles[k], x: sq[0], y: sq[1]}, true
	case id < passID:
		return Discard(tiles[id-discardBase]), true
	}
	return Pass(), true
}

// ObservationLen returns the length of every observation: a header of 34 + 53 × players slots
// (140 for two players, 299 for five), then 63,729 of the board: 63,869 for two players, 64,028
// for five.
func (e Encoding) ObservationLen() int {
	return e.headerLen() + boardKinds*nLaySquares
}

// headerLen returns the number of slots before the board.
func (e Encoding) headerLen() int {
	n := e.n()
	return obsToMove + n + 2 + 3*NumKinds + 2 + obsPerSeat*n + n
}

// Observe appends the observation of v to dst: ObservationLen values, as the package
// documentation's Encoding section lays them out. It reads v through its methods only, and does
// not allocate once dst has room. The spectator's view (View(norns.Nobody)) is observed from
// seat 0's place, with an empty hand.
func (e Encoding) Observe(v View, dst []float32) []float32 {
	n := e.n()
	start := len(dst)
	total := e.ObservationLen()
	dst = growZero(dst, total)
	o := dst[start : start+total]
	me := v.Seat()
	if !me.IsSeat() {
		me = 0 // the spectator's view
	}
	// rel returns the seat i places after the observing seat.
	seats := min(n, v.Players()) // 0 for the zero View
	rel := func(i int) norns.Player { return norns.Player((int(me) + i) % max(v.Players(), 1)) }
	o[obsPhase+int(v.Phase()%numPhases)] = 1
	k := obsToMove
	switch who := v.ToMove(); who {
	case norns.Chance:
		o[k+n] = 1
	case norns.Nobody:
		o[k+n+1] = 1
	default:
		o[k+(int(who)-int(me)+n)%n] = 1
	}
	k += n + 2
	hand, unseen, gone := v.Hand(), v.Unseen(), v.Gone()
	for i, t := range tiles {
		c := float32(t.Copies())
		o[k+i] = float32(hand.Count(t)) / HandSize
		o[k+NumKinds+i] = float32(unseen.Count(t)) / c
		o[k+2*NumKinds+i] = float32(gone.Count(t)) / c
	}
	k += 3 * NumKinds
	o[k] = float32(v.SupplySize()) / NumTiles
	o[k+1] = float32(v.Turns()) / maxTurns
	k += 2
	for i := range seats {
		p := rel(i)
		s := o[k+i*obsPerSeat:][:obsPerSeat]
		s[0] = float32(v.Score(p)) / float32(maxScore)
		s[1] = float32(v.Reached(p)) / maxTurns
		s[2] = float32(v.HandLen(p)) / HandSize
		known := v.Known(p)
		for j, t := range tiles {
			s[3+j] = float32(known.Count(t)) / HandSize
		}
		for c := 1; c <= HandSize; c++ {
			shown := v.Shown(p, c)
			for j, t := range tiles {
				if shown.Has(t) {
					s[3+NumKinds+(c-1)*NumKinds+j] = 1
				}
			}
		}
	}
	k += obsPerSeat * n
	winners := v.Winners()
	for i := range seats {
		if winners.Has(rel(i)) {
			o[k+i] = 1
		}
	}
	k += n
	board := o[k:]
	for i := range v.Cells() {
		x, y, t := v.Cell(i)
		if sq, ok := layDiamond.index(x, y); ok && t.IsValid() {
			board[int(kindIndex[t])*nLaySquares+sq] = 1
		}
	}
	if x, y, ok := v.LastLay(); ok {
		if sq, ok := layDiamond.index(x, y); ok {
			board[NumKinds*nLaySquares+sq] = 1
		}
	}
	return dst
}

// growZero appends n zeros to dst.
func growZero(dst []float32, n int) []float32 {
	start := len(dst)
	if cap(dst)-start < n {
		grown := make([]float32, start, start+n)
		copy(grown, dst)
		dst = grown
	}
	dst = dst[:start+n]
	clear(dst[start:])
	return dst
}
