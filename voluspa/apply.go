package voluspa

import (
	"fmt"
	"math/bits"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// Apply returns the state after m. It checks, in order: that the match is not over (else an
// error wrapping [norns.ErrGameOver]); at a chance node, that m is the outcome drawn there (a
// [Draw] of a tile in the supply; a [FirstTile] of a tile in the supply that is not a Troll; a
// [FirstSeat] naming a seat); at a seat's turn, that m is a lay, cover, discard or pass, of a
// tile the seat holds, and legal by V4–V9 (the square, its neighbours, the lines, the Troll;
// a discard only when no tile can be laid; a pass only with an empty hand). A refused move
// returns the receiver and a [*norns.MoveError] wrapping [norns.ErrIllegalMove] that says why.
//
// A legal lay or cover is scored at once (V10–V13); then the seat draws (V14) — a chance node
// per tile, unless a Skadi captured (V8) or the supply is empty — and the turn passes to the
// left; the match ends when the supply and every hand are empty (V15). Apply does not allocate.
//
// Apply is [State.Step] on its own copy of s: the two cannot disagree.
func (s State) Apply(m Move) (State, error) {
	err := s.Step(m)
	return s, err
}

// ApplyEvents is Apply that also appends to dst what the move did, as seat viewer sees it (a
// tile drawn is NoTile except for the seat that drew it; a viewer that is not a seat, such as
// norns.Nobody, sees only what is public). It returns the next state and the extended dst.
func (s State) ApplyEvents(m Move, viewer norns.Player, dst []Event) (State, []Event, error) {
	var w window
	if err := s.check(m, &w); err != nil {
		return s, dst, err
	}
	r := recorder{viewer: viewer, ev: dst}
	s.step(m, &w, &r)
	return s, r.ev, nil
}

func (s *State) refuse(m Move, err error, format string, args ...any) error {
	return &norns.MoveError{Game: "voluspa", Seat: s.public.ToMove(), Move: m.String(), Reason: fmt.Sprintf(format, args...), Err: err}
}

// check returns why m cannot be applied to s, or nil. For a lay or cover it leaves in w the grid
// around the square; w may be nil for any other move.
func (s *State) check(m Move, w *window) error {
	switch s.phase {
	case PhaseOver:
		return s.refuse(m, norns.ErrGameOver, "the match is over")
	case PhaseDeal, PhaseDraw:
		if s.players == 0 {
			return s.refuse(m, norns.ErrGameOver, "the zero State is no match: use New")
		}
		if m.kind != MoveDraw {
			return s.refuse(m, norns.ErrIllegalMove, "chance draws a tile for %v here: want draw <tile>", norns.Player(s.seat))
		}
		if !m.tile.IsValid() || !deck.Has(s.pool, cards.Card(m.tile)) {
			return s.refuse(m, norns.ErrIllegalMove, "the supply holds no %v", m.tile)
		}
		return nil
	case PhaseFirstTile:
		if m.kind != MoveFirstTile {
			return s.refuse(m, norns.ErrIllegalMove, "chance turns up the first tile here: want first <tile>")
		}
		if !m.tile.IsValid() || !deck.Has(s.pool, cards.Card(m.tile)) {
			return s.refuse(m, norns.ErrIllegalMove, "the supply holds no %v", m.tile)
		}
		if m.tile.pw().Guard {
			return s.refuse(m, norns.ErrIllegalMove, "the first tile is never a %v: it goes back and another is drawn (V3)", m.tile)
		}
		return nil
	case PhaseFirstSeat:
		if m.kind != MoveFirstSeat {
			return s.refuse(m, norns.ErrIllegalMove, "chance chooses the first player here: want start <seat>")
		}
		if int(m.x) >= int(s.players) || m.x < 0 {
			return s.refuse(m, norns.ErrIllegalMove, "seat %d is not at this table of %d", m.x, s.players)
		}
		return nil
	}
	p := s.toMove
	hand := s.h.hand[p]
	switch m.kind {
	case MovePass:
		if !hand.IsEmpty() {
			return s.refuse(m, norns.ErrIllegalMove, "you hold %d tiles: only a player with an empty hand passes (V9)", hand.Len())
		}
		return nil
	case MoveLay, MoveCover, MoveDiscard:
	default:
		return s.refuse(m, norns.ErrIllegalMove, "a chance move, but %v is to act", norns.Player(p))
	}
	t := m.tile
	if !t.IsValid() {
		return s.refuse(m, norns.ErrIllegalMove, "not a tile")
	}
	if !deck.Has(hand, cards.Card(t)) {
		return s.refuse(m, norns.ErrIllegalMove, "you hold no %v", t)
	}
	if m.kind == MoveDiscard {
		blocked := s.board.blocked()
		for c := range deck.All(deck.Distinct(hand)) {
			if u := Tile(c); !blocked.has(u) {
				return s.refuse(m, norns.ErrIllegalMove, "you can lay your %v: a player who can lay may not discard (V9)", u)
			}
		}
		return nil
	}
	x, y := int(m.x), int(m.y)
	w.fill(&s.board, x, y)
	here := w.at(0, 0)
	if m.kind == MoveLay {
		if here != NoTile {
			if t.pw().Cover != CoverNone && here != t {
				return s.refuse(m, norns.ErrIllegalMove, "%d,%d holds a %v: to cover it, write %v on %d,%d", x, y, here, t, x, y)
			}
			return s.refuse(m, norns.ErrIllegalMove, "%d,%d holds a %v: lay on an empty square (V4)", x, y, here)
		}
		if !w.hasNeighbour() {
			return s.refuse(m, norns.ErrIllegalMove, "%d,%d touches no tile of the grid (V4)", x, y)
		}
		if w.nearGuard() { // else no neighbour guards the square: checkGuard's usual answer, inline
			if err := s.checkGuard(m, w); err != nil {
				return err
			}
		}
		if n := 1 + w.run(1, 0) + w.run(-1, 0); n > MaxLine {
			return s.refuse(m, norns.ErrIllegalMove, "the row through %d,%d would be %d tiles long, more than %d (V5)", x, y, n, MaxLine)
		}
		if n := 1 + w.run(0, 1) + w.run(0, -1); n > MaxLine {
			return s.refuse(m, norns.ErrIllegalMove, "the column through %d,%d would be %d tiles long, more than %d (V5)", x, y, n, MaxLine)
		}
		return nil
	}
	if t.pw().Cover == CoverNone {
		return s.refuse(m, norns.ErrIllegalMove, "a %v cannot cover a tile: only a Dragon or a Skadi does (V7, V8)", t)
	}
	if here == NoTile {
		return s.refuse(m, norns.ErrIllegalMove, "%d,%d is empty: to lay there, write %v %d,%d", x, y, t, x, y)
	}
	if here == t {
		return s.refuse(m, norns.ErrIllegalMove, "a %v cannot cover a %v (V7, V8)", t, here)
	}
	if !w.hasNeighbour() {
		return s.refuse(m, norns.ErrIllegalMove, "the %v at %d,%d touches no other tile: it cannot be covered (V7)", here, x, y)
	}
	if !w.nearGuard() {
		return nil
	}
	return s.checkGuard(m, w)
}

// checkGuard refuses m if its square has a Troll for a neighbour and m's tile is not a Troll
// (V6, V7, V8).
func (s *State) checkGuard(m Move, w *window) error {
	if g, dx, dy, ok := w.guardedFor(m.tile); ok {
		return s.refuse(m, norns.ErrIllegalMove, "%v cannot go next to the %v at %d,%d (V6)", m.tile, g, int(m.x)+dx, int(m.y)+dy)
	}
	return nil
}

// step applies the legal move m; w holds the grid around m's square for a lay or cover.
func (s *State) step(m Move, w *window, r *recorder) {
	switch m.kind {
	case MoveDraw:
		p := s.seat
		s.take(m.tile)
		s.h.hand[p] = deck.With(s.h.hand[p], cards.Card(m.tile))
		s.size[p]++
		if r != nil {
			e := ev(EventDraw, p)
			if r.viewer == norns.Player(p) {
				e.Tile = m.tile
			}
			r.add(e)
		}
		switch {
		case s.phase != PhaseDeal:
			s.refill(r)
		case s.size[p] == HandSize:
			s.seat++
			if int(s.seat) == int(s.players) {
				s.seat = -1
				s.phase = PhaseFirstTile
			}
		}
	case MoveFirstTile:
		s.take(m.tile)
		s.board.add(0, 0, m.tile)
		s.phase = PhaseFirstSeat
		if r != nil {
			e := ev(EventFirstTile, -1)
			e.Tile = m.tile
			r.add(e)
		}
	case MoveFirstSeat:
		s.seat = m.x
		s.phase = PhaseTurn
		s.toMove = m.x
		r.add(ev(EventFirstSeat, m.x))
	case MovePass:
		s.turns++
		r.add(ev(EventPass, s.seat))
		s.nextTurn(r)
	case MoveDiscard:
		s.turns++
		p := s.seat
		// The seat could lay none of its tiles: each was of a kind with no legal square (V9).
		blocked := s.board.blocked()
		s.leave(p, m.tile)
		s.holds[p].discard(blocked, int(s.size[p]))
		s.gone = deck.With(s.gone, cards.Card(m.tile))
		if r != nil {
			e := ev(EventDiscard, p)
			e.Tile = m.tile
			r.add(e)
		}
		s.refill(r)
	case MoveLay, MoveCover:
		s.lay(m, w, r)
	}
	s.node = s.head
}

// take removes t from the supply.
func (s *State) take(t Tile) {
	s.pool = deck.Without(s.pool, cards.Card(t))
	s.supply--
}

// leave takes t out of seat p's hand, and updates what the others know of that hand: one known
// tile of t fewer (the tile that left may have been it), and one tile fewer for every discard
// inference on a set of kinds that holds t.
func (s *State) leave(p int8, t Tile) {
	s.h.hand[p] = deck.Without(s.h.hand[p], cards.Card(t))
	s.size[p]--
	s.known[p] = deck.Without(s.known[p], cards.Card(t))
	if s.holds[p].any() {
		s.holds[p].leave(t)
	}
}

// lay applies a legal lay or cover: the tile goes down, the covered tile leaves the game or goes
// to the hand, the two lines are scored, and the seat draws or the turn passes.
func (s *State) lay(m Move, w *window, r *recorder) {
	p := s.seat
	t := m.tile
	x, y := int(m.x), int(m.y)
	s.leave(p, t)
	s.turns++
	captured := false
	if m.kind == MoveLay {
		s.last = int8(s.board.n)
		s.board.add(x, y, t)
		if r != nil {
			e := ev(EventLay, p)
			e.Tile, e.X, e.Y = t, x, y
			r.add(e)
		}
	} else {
		i := s.board.find(x, y)
		under := s.board.cover(i, t)
		s.last = int8(i)
		if t.pw().Cover == CoverCapture {
			captured = true
			s.h.hand[p] = deck.With(s.h.hand[p], cards.Card(under))
			s.known[p] = deck.With(s.known[p], cards.Card(under))
			s.holds[p].arrive(under)
			s.size[p]++
		} else {
			s.gone = deck.With(s.gone, cards.Card(under))
		}
		if r != nil {
			e := ev(EventCover, p)
			e.Tile, e.Covered, e.X, e.Y = t, under, x, y
			r.add(e)
		}
	}
	w.set(t)
	// The points are added without a branch on them, which a random grid mispredicts: a line
	// that does not score adds 0, and the turn a score was reached moves only if it grew.
	// A line with no tile beside the centre is one tile long and never scores (V13): the
	// neighbours' bits of occ say so without a call.
	const beside = 1<<(win-1) | 1<<(win+1)
	var row, col lineScore
	var rowOK, colOK bool
	if w.occ[0]&beside != 0 {
		row, rowOK = scoreLine(w, LineRow)
	}
	if w.occ[1]&beside != 0 {
		col, colOK = scoreLine(w, LineColumn)
	}
	points := row.points + col.points
	if r != nil {
		r.line(p, m, row, rowOK, LineRow)
		r.line(p, m, col, colOK, LineColumn)
	}
	s.score[p] += int16(points)
	reached := s.reached[p]
	if points > 0 {
		reached = s.turns
	}
	s.reached[p] = reached
	if captured {
		s.nextTurn(r) // V8: no draw after a capture
		return
	}
	s.refill(r)
}

// refill makes the seat whose turn it was draw, one chance node per tile, until its hand is full
// or the supply empty (V14); then the turn passes.
func (s *State) refill(r *recorder) {
	if s.size[s.seat] < HandSize && s.supply > 0 {
		s.phase = PhaseDraw
		s.toMove = chance
		return
	}
	s.nextTurn(r)
}

// nextTurn passes the turn to the left, or ends the match when the supply and every hand are
// empty (V15).
func (s *State) nextTurn(r *recorder) {
	if s.supply == 0 {
		empty := true
		for p := range s.players {
			if s.size[p] > 0 {
				empty = false
			}
		}
		if empty {
			s.end(r)
			return
		}
	}
	s.seat = (s.seat + 1) % int8(s.players)
	s.phase = PhaseTurn
	s.toMove = s.seat
}

// end ends the match: the highest score wins; among tied seats, the one that reached it on the
// earliest turn (V15). Seats that never scored reached 0 at the start, together.
func (s *State) end(r *recorder) {
	s.phase = PhaseOver
	s.toMove = nobody
	best := -1
	var first uint16
	for p := range int(s.players) {
		sc := int(s.score[p])
		switch {
		case sc > best || sc == best && s.reached[p] < first:
			best, first = sc, s.reached[p]
			s.winners = norns.SeatsOf(norns.Player(p))
		case sc == best && s.reached[p] == first:
			s.winners = s.winners.With(norns.Player(p))
		}
	}
	if r != nil {
		e := ev(EventMatchOver, -1)
		e.Seats = s.winners
		r.add(e)
	}
}

// SampleChance draws the outcome of a chance node with its true probability: a tile of the
// supply, each copy equally likely (V3, V14); the first tile the same way among the tiles that
// are not Trolls (V3's redraw of a Troll); the first player uniformly. It panics unless ToMove
// is norns.Chance.
//
// It is declared on the State's drawer (the supply and who acts), so that a call through a
// pointer to a State (norns.Playout's) copies 16 bytes rather than the whole State.
func (d drawer) SampleChance(r *rng.Rand) Move {
	if d.node.players == 0 {
		panic("voluspa: SampleChance on the zero State, where nobody is to act")
	}
	return d.sampleChance(r)
}

// sampleChance is SampleChance without the copy of d and the check of the zero State.
func (d *drawer) sampleChance(r *rng.Rand) Move {
	switch d.node.phase {
	case PhaseDeal, PhaseDraw:
		return Draw(randomTile(d.pool, r))
	case PhaseFirstTile:
		return FirstTile(randomTile(d.pool&^guardMask, r))
	case PhaseFirstSeat:
		return FirstSeat(norns.Player(r.IntN(int(d.node.players))))
	}
	panic(fmt.Sprintf("voluspa: SampleChance when %v is to act", norns.Player(d.node.toMove)))
}

// randomTile returns Tile(deck.Random(m, r)): a copy of m drawn uniformly, drawing exactly
// r.IntN(m.Len()) as deck.Random does. It finds the drawn copy, the i-th bit of m, with a few
// word operations rather than deck.Nth's six halvings (a draw is about 50 instructions rather
// than 230): the bytes' counts of bits summed up to each byte with one multiply, the byte that
// holds the i-th bit found by comparing i with all eight sums at once, and the bit within that
// byte read from a table. It panics if m is empty, as deck.Random does.
func randomTile(m cards.Multiset, r *rng.Rand) Tile {
	x := uint64(m)
	i := uint64(r.IntN(bits.OnesCount64(x)))
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	v := x - x>>1&0x5555555555555555
	v = v&0x3333333333333333 + v>>2&0x3333333333333333
	v = (v + v>>4) & 0x0F0F0F0F0F0F0F0F
	sums := v * ones // byte k: the bits of bytes 0 to k (at most 64, so no byte carries)
	// Bit 7 of byte k is set when sums's byte k is at most i: the bytes before the one that
	// holds the bit (the sums only grow).
	k := uint(bits.OnesCount64((i*ones | highs - sums) & highs))
	before := sums << 8 >> (8 * k) & 0xFF // the bits of the bytes before byte k
	b := x >> (8 * k) & 0xFF
	return tileOfBit[8*k+uint(byteSelect[b][(i-before)&7])&63]
}

// byteSelect[b][j] is the position of the j-th set bit of the byte b (0 where b has fewer).
var byteSelect = func() (t [256][8]uint8) {
	for b := range t {
		j := 0
		for p := range 8 {
			if b>>p&1 != 0 {
				t[b][j] = uint8(p)
				j++
			}
		}
	}
	return t
}()

// tileOfBit[p] is the tile whose copies include bit p of a multiset of tiles (NoTile past the
// deck), as deck.Nth maps a bit to its card.
var tileOfBit = func() (t [64]Tile) {
	for p := range t {
		t[p] = NoTile
	}
	for _, u := range tiles {
		for c := range u.Copies() {
			t[int(u)+c] = u
		}
	}
	return t
}()

// guardMask holds every copy of the kinds with the Guard power (the Trolls).
var guardMask = func() (m cards.Multiset) {
	for i, p := range powers {
		if p.Guard {
			for range tiles[i].Copies() {
				m = deck.With(m, cards.Card(tiles[i]))
			}
		}
	}
	return m
}()

// Step applies m to the state s points to, in place: the same checks in the same order, and the
// same error, as [State.Apply], all made before the first change, so that on error *s is
// unchanged. After a successful s.Step(m), *s equals what s.Apply(m) returns (Apply is Step on a
// copy). Step is the fast path for loops that play many moves on one state (norns.Playout, the
// search, the arena): it copies no State. It does not allocate.
func (s *State) Step(m Move) error {
	if m.kind != MoveLay && m.kind != MoveCover { // no window to fill (or to clear first)
		if err := s.check(m, nil); err != nil {
			return err
		}
		s.step(m, nil, nil)
		return nil
	}
	var w window
	if err := s.check(m, &w); err != nil {
		return err
	}
	s.step(m, &w, nil)
	return nil
}
