package voluspa

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/internal/strictjson"
)

// MaxStateJSON is the largest state JSON [State.UnmarshalJSON] reads, in bytes: a full grid of
// 60 squares and five seats take about 3 KB.
const MaxStateJSON = 16 << 10

// maxTurns bounds the turns a match may reach: far more than any match lasts. A decoded state
// must leave room under it for every seat move it can still see played ([State.turnsLeft]), so
// that no legal move takes a state past it.
const maxTurns = 1000

// maxScore bounds the score a seat may reach: every lay or cover that can ever be played in a
// match (one per tile that leaves a hand: the 60 tiles, and a captured tile again for each of
// the 9 Skadis) scoring both its lines at their longest. A decoded state must leave room under
// it for the points its seat moves still to come can score ([State.movesLeft]).
var maxScore = 2 * MaxLine * (NumTiles + skadiCopies)

// skadiCopies is the number of tiles with the CoverCapture power: each can capture once (a tile
// with the power cannot cover one of its own kind, so it never returns to a hand).
var skadiCopies = func() int {
	n := 0
	for i, p := range powers {
		if p.Cover == CoverCapture {
			n += tiles[i].Copies()
		}
	}
	return n
}()

// captureMask holds every copy of the kinds with the CoverCapture power (the Skadis).
var captureMask = func() (m cards.Multiset) {
	for i, p := range powers {
		if p.Cover == CoverCapture {
			m |= kindTiles[i]
		}
	}
	return m
}()

// movesLeft returns a bound on the lays, covers and discards still to come: each takes a tile out
// of a hand for good, but a capture, which brings one tile back (V8), so at most one per tile in
// the hands and the supply, plus one per capturing tile among them. Every such move lowers it by
// at least 1, and chance moves never raise it.
func (s *State) movesLeft() int {
	t := s.pool
	for p := range s.players {
		t, _ = deck.Sum(t, s.h.hand[p]) // never past the game's copies: the tiles add up to them
	}
	return t.Len() + (t & captureMask).Len()
}

// turnsLeft returns a bound on the seat moves still to come, such that every seat move lowers it
// by at least 1 and chance moves never raise it: players × movesLeft, plus the passes due before
// the next move that is not a pass. Passes
// come only from empty hands once the supply is empty (V9), and such a hand stays empty, so
// between two other moves at most players − 1 seats pass: a move that is not a pass lowers
// movesLeft, which is worth players, and the passes due before the next one (the empty hands in
// a row from the seat to act) count one each.
func (s *State) turnsLeft() int {
	n := int(s.players)
	left := n * s.movesLeft()
	if s.phase == PhaseTurn && s.supply == 0 {
		for i := range n {
			if s.size[(int(s.seat)+i)%n] != 0 {
				break
			}
			left++
		}
	}
	return left
}

// stateJSON is the JSON form of a State. Multisets are written as [cards.Deck.Format] writes
// them ("Odin Thor Thor", "-" for none). Hand and supply sizes and the winners are derived.
type stateJSON struct {
	Config Config       `json:"config"`
	Phase  string       `json:"phase"`
	ToMove norns.Player `json:"toMove"` // a seat, -1 for chance, -2 once over
	Seat   int          `json:"seat"`   // whose turn or hand; -1 between the deal and the first turn
	Turns  int          `json:"turns"`
	Grid   []cellJSON   `json:"grid"` // in the order the squares were filled
	Last   int          `json:"last"` // index in grid of the last lay, -1 before any
	Gone   string       `json:"gone"`
	Supply string       `json:"supply"`
	Seats  []seatJSON   `json:"seats"`
}

type cellJSON struct {
	X    int  `json:"x"`
	Y    int  `json:"y"`
	Tile Tile `json:"tile"`
}

type seatJSON struct {
	Score   int        `json:"score"`
	Reached int        `json:"reached"`
	Hand    string     `json:"hand"`
	Known   string     `json:"known"`
	Holds   []holdJSON `json:"holds,omitempty"` // what its discards showed, the fewest kinds first
	Hold    *holdJSON  `json:"hold,omitempty"`  // read only: one inference, as older versions wrote it
}

type holdJSON struct {
	Kinds []Tile `json:"kinds"`
	N     int    `json:"n"`
}

// MarshalJSON encodes the state: its config, phase, grid, hands, supply, scores and what the
// views know. It fails for the zero State, which is no match.
func (s State) MarshalJSON() ([]byte, error) {
	if s.players == 0 {
		return nil, errors.New("voluspa: the zero State is no match: nothing to encode")
	}
	j := stateJSON{Config: s.Config(), Phase: s.phase.String(), ToMove: s.ToMove(), Seat: int(s.seat),
		Turns: int(s.turns), Grid: make([]cellJSON, s.board.n), Last: int(s.last),
		Gone: deck.Format(s.gone), Supply: deck.Format(s.pool), Seats: make([]seatJSON, s.players)}
	for i, c := range s.board.cells() {
		j.Grid[i] = cellJSON{X: int(c.x), Y: int(c.y), Tile: c.t}
	}
	for p := range j.Seats {
		sj := seatJSON{Score: int(s.score[p]), Reached: int(s.reached[p]), Hand: deck.Format(s.h.hand[p]), Known: deck.Format(s.known[p])}
		kinds, n, m := s.holds[p].chain()
		for i := range m {
			sj.Holds = append(sj.Holds, holdJSON{Kinds: kinds[i].tiles(), N: n[i]})
		}
		j.Seats[p] = sj
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes a state written by MarshalJSON, of at most [MaxStateJSON] bytes, and
// checks everything it reads with the code that builds states. The JSON must be strict: no
// unknown, repeated or differently cased key. Errors wrap [norns.ErrCorrupt] and quote at most a
// short prefix of the input; on error s is unchanged.
//
// What is checked, exactly:
//   - the config is valid (through [New]), and every number, seat and tile is in range;
//   - the grid is rebuilt square by square as lays build it: the first square at 0,0, each
//     other one empty and next to an earlier one, no line longer than 7 (V4, V5);
//   - every one of the 60 tiles is in exactly one place: the grid, out of the game, a hand, the
//     supply (V1);
//   - the phase agrees with the grid, the hands and the seat to act: a deal in progress fills
//     the hands in seat order (V3), the first tile is no Troll, during play every hand is full
//     while the supply lasts but the one being refilled (V14), and a match is over exactly when
//     the supply and the hands are empty, its winners recomputed (V15);
//   - what the views know agrees with the hands: a seat's known tiles (V8) are in its hand, and
//     its hand keeps as many tiles of the kinds its last discard showed as that discard implies;
//   - what the views know agrees with what the grid and the tiles out of the game can explain:
//     the known tiles of all seats number at most the Skadis on the grid and out of the game (a
//     known tile was captured, and each capture leaves a Skadi there), none is a Skadi, and a
//     discard's inference needs a tile out of the game;
//   - a score is reached on a turn already played, and only a seat with points reached one;
//   - the limits leave room for the rest of the match: each score plus 14 points (two lines of
//     MaxLine) for each lay or cover that can still come is at most 966, and the turns plus the
//     seat moves that can still come at most 1000 (see checkHistory), so that no legal move
//     takes an accepted state to one this method refuses.
//
// A state that passes plays on legally to the end, its views hide what they must, its samples
// are valid and every state it leads to re-encodes to JSON this method accepts
// (TestDecodedStatesPlayOn). The checks do not replay the past: a grid whose scores no order of
// lays could produce is accepted.
func (s *State) UnmarshalJSON(data []byte) error {
	var j stateJSON
	if err := (strictjson.Options{Limit: MaxStateJSON}).Unmarshal(data, &j); err != nil {
		return corrupt("%v", err)
	}
	t, err := j.state()
	if err != nil {
		return corrupt("%v", err)
	}
	*s = t
	return nil
}

func corrupt(format string, args ...any) error {
	return fmt.Errorf("voluspa: state JSON: %w: %s", norns.ErrCorrupt, fmt.Sprintf(format, args...))
}

// state builds and validates the State j describes.
func (j *stateJSON) state() (State, error) {
	s, err := New(j.Config)
	if err != nil {
		return State{}, err
	}
	n := s.Players()
	if len(j.Seats) != n {
		return State{}, fmt.Errorf("%d seats for %d players", len(j.Seats), n)
	}
	s.phase = numPhases
	for ph := range numPhases {
		if ph.String() == j.Phase {
			s.phase = ph
		}
	}
	if s.phase == numPhases {
		return State{}, fmt.Errorf("unknown phase %q", norns.Clip(j.Phase))
	}
	if j.Turns < 0 || j.Turns > maxTurns || j.Seat < -1 || j.Seat >= n {
		return State{}, fmt.Errorf("turns %d or seat %d out of range", j.Turns, j.Seat)
	}
	s.turns, s.seat = uint16(j.Turns), int8(j.Seat)
	if len(j.Grid) > MaxCells {
		return State{}, fmt.Errorf("a grid of %d squares", len(j.Grid))
	}
	for i, c := range j.Grid {
		if err := s.board.place(i, c.X, c.Y, c.Tile); err != nil {
			return State{}, err
		}
	}
	if j.Last < -1 || j.Last >= len(j.Grid) || (j.Last >= 0 && j.Turns == 0) {
		return State{}, fmt.Errorf("last lay %d", j.Last)
	}
	s.last = int8(j.Last)
	multi := func(what, text string) (cards.Multiset, error) {
		m, err := deck.ParseMultiset(text)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", what, err)
		}
		return m, nil
	}
	if s.gone, err = multi("gone", j.Gone); err != nil {
		return State{}, err
	}
	if s.pool, err = multi("supply", j.Supply); err != nil {
		return State{}, err
	}
	s.supply = uint8(s.pool.Len())
	all, ok := deck.Sum(s.gone, s.pool)
	for _, c := range s.board.cells() {
		if !ok {
			break
		}
		all, ok = deck.Add(all, cards.Card(c.t))
	}
	if !ok {
		return State{}, errors.New("more copies of a tile than the game holds")
	}
	for p, sj := range j.Seats {
		if s.h.hand[p], err = multi("hand", sj.Hand); err != nil {
			return State{}, err
		}
		if s.known[p], err = multi("known", sj.Known); err != nil {
			return State{}, err
		}
		if s.h.hand[p].Len() > HandSize || !s.h.hand[p].Contains(s.known[p]) {
			return State{}, fmt.Errorf("seat %d: a hand of %d tiles, or known tiles it does not hold", p, s.h.hand[p].Len())
		}
		s.size[p] = uint8(s.h.hand[p].Len())
		if all, ok = deck.Sum(all, s.h.hand[p]); !ok {
			return State{}, errors.New("more copies of a tile than the game holds")
		}
		if sj.Score < 0 || sj.Score > maxScore || sj.Reached < 0 || sj.Reached > j.Turns || (sj.Score == 0) != (sj.Reached == 0) {
			return State{}, fmt.Errorf("seat %d: score %d reached at turn %d", p, sj.Score, sj.Reached)
		}
		s.score[p], s.reached[p] = int16(sj.Score), uint16(sj.Reached)
		if sj.Hold != nil {
			if sj.Holds != nil {
				return State{}, fmt.Errorf("seat %d: both hold and holds", p)
			}
			sj.Holds = []holdJSON{*sj.Hold}
		}
		prevKinds, prevN := kindSet(0), 0
		for _, hj := range sj.Holds {
			var k kindSet
			for _, t := range hj.Kinds {
				if !t.IsValid() {
					return State{}, fmt.Errorf("seat %d: hold of %v", p, t)
				}
				k |= 1 << kindIndex[t]
			}
			if hj.N < 1 || hj.N > HandSize || hj.N > (s.h.hand[p]&k.of()).Len() || k == 0 {
				return State{}, fmt.Errorf("seat %d: a hold of %d tiles its hand does not keep", p, hj.N)
			}
			if hj.N <= prevN || k&prevKinds != prevKinds || k == prevKinds {
				return State{}, fmt.Errorf("seat %d: holds not nested (each with more kinds and more tiles than the one before)", p)
			}
			for j := prevN; j < hj.N; j++ {
				s.holds[p][j] = k
			}
			prevKinds, prevN = k, hj.N
		}
	}
	if all != deck.Full() {
		return State{}, errors.New("the tiles do not add up to the game's 60")
	}
	if err := s.checkPhase(j.ToMove); err != nil {
		return State{}, err
	}
	if err := s.checkHistory(); err != nil {
		return State{}, err
	}
	s.node = s.head
	return s, nil
}

// place fills square i of a grid being rebuilt: the first at 0,0, each other one empty and next
// to an earlier one, and no line longer than MaxLine.
func (b *board) place(i, x, y int, t Tile) error {
	switch {
	case !t.IsValid():
		return fmt.Errorf("grid square %d: not a tile", i)
	case i == 0 && (x != 0 || y != 0):
		return errors.New("the first tile is not at 0,0")
	case x < -MaxCoord || x > MaxCoord || y < -MaxCoord || y > MaxCoord:
		return fmt.Errorf("grid square %d,%d out of reach", x, y)
	}
	if i > 0 {
		var w window
		w.load(b, x, y)
		if w.at(0, 0) != NoTile || !w.hasNeighbour() {
			return fmt.Errorf("grid square %d,%d is taken or touches no earlier square", x, y)
		}
		if 1+w.run(1, 0)+w.run(-1, 0) > MaxLine || 1+w.run(0, 1)+w.run(0, -1) > MaxLine {
			return fmt.Errorf("grid square %d,%d makes a line longer than %d", x, y, MaxLine)
		}
	}
	b.add(x, y, t)
	return nil
}

// checkPhase checks that the seat to act, the hand sizes and the grid agree with the phase, and
// sets toMove (and the winners once over).
func (s *State) checkPhase(toMove norns.Player) error {
	n := int8(s.players)
	full := true
	for p := range n {
		if s.size[p] != HandSize {
			full = false
		}
	}
	want := norns.Chance
	switch s.phase {
	case PhaseDeal:
		if s.board.n != 0 || s.turns != 0 || s.seat < 0 || !s.gone.IsEmpty() {
			return errors.New("a deal after the first tile")
		}
		for p := range n {
			if (p < s.seat && s.size[p] != HandSize) || (p == s.seat && s.size[p] >= HandSize) || (p > s.seat && s.size[p] != 0) || !s.known[p].IsEmpty() || s.score[p] != 0 {
				return errors.New("the hands are not those of a deal in progress")
			}
		}
	case PhaseFirstTile, PhaseFirstSeat:
		cells := uint8(0)
		if s.phase == PhaseFirstSeat {
			cells = 1
		}
		if s.board.n != cells || s.turns != 0 || s.seat != -1 || !full || !s.gone.IsEmpty() {
			return errors.New("the opening is not complete, or play has begun")
		}
		if cells == 1 && s.board.c[0].t.pw().Guard {
			return errors.New("the first tile is a Troll")
		}
		for p := range n {
			if !s.known[p].IsEmpty() || s.score[p] != 0 {
				return errors.New("scores or known tiles before the first turn")
			}
		}
	case PhaseTurn, PhaseDraw:
		if s.board.n == 0 || s.seat < 0 {
			return errors.New("a turn before the first tile")
		}
		for p := range n {
			short := s.supply > 0 && s.size[p] != HandSize
			if short && !(s.phase == PhaseDraw && p == s.seat) {
				return fmt.Errorf("seat %d holds %d tiles while the supply is not empty", p, s.size[p])
			}
		}
		if s.phase == PhaseTurn {
			want = norns.Player(s.seat)
		} else if s.supply == 0 || s.size[s.seat] >= HandSize {
			return errors.New("a draw with nothing to draw or a full hand")
		}
	case PhaseOver:
		if s.supply != 0 || s.board.n == 0 {
			return errors.New("over with tiles in the supply")
		}
		for p := range n {
			if s.size[p] != 0 {
				return errors.New("over with tiles in a hand")
			}
		}
		s.end(nil)
		want = norns.Nobody
	}
	if toMove != want {
		return fmt.Errorf("toMove %d in phase %v", toMove, s.phase)
	}
	s.toMove = int8(want)
	return nil
}

// checkHistory checks what the state says of its past against what its grid and the tiles out
// of the game can explain, and that the limits leave room for the rest of the match:
//   - the tiles known to be in hands (V8) number at most the captures the grid and the tiles out
//     of the game allow: one per capturing tile (Skadi) on the grid or out of the game, and
//     none is a capturing tile (a Skadi never covers a Skadi);
//   - a seat has what its discards showed (holds) only if a tile is out of the game;
//   - every seat's score plus 2 × MaxLine for each lay or cover still to come is at most
//     maxScore, and the turns plus the seat moves still to come at most maxTurns, so no legal
//     move takes the state past what this method accepts.
func (s *State) checkHistory() error {
	var known cards.Multiset
	holds := false
	for p := range s.players {
		known, _ = deck.Sum(known, s.known[p]) // the known tiles are in hands, which are disjoint
		holds = holds || s.holds[p].any()
	}
	on, _ := deck.Sum(s.board.tiles(), s.gone) // never past the game's copies
	if known&captureMask != 0 || known.Len() > (on&captureMask).Len() {
		return fmt.Errorf("known tiles %s, more than the %d captures the grid and the tiles out of the game allow", deck.Format(known), (on & captureMask).Len())
	}
	if holds && s.gone.IsEmpty() {
		return errors.New("what a discard showed, but no tile is out of the game")
	}
	left := s.movesLeft()
	for p := range s.players {
		if int(s.score[p])+2*MaxLine*left > maxScore {
			return fmt.Errorf("seat %d: score %d, and %d lays to come could take it past %d", p, s.score[p], left, maxScore)
		}
	}
	if t := s.turnsLeft(); int(s.turns)+t > maxTurns {
		return fmt.Errorf("turn %d, and %d seat moves to come could take it past %d", s.turns, t, maxTurns)
	}
	return nil
}
