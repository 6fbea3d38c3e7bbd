package voluspa

import (
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// What a [SearchBot] reads from the other seats' lays. The search's opponent model is the
// heuristic's greedy move, and a seat that plays that way shows, by each lay, which kinds it did
// not hold: every kind that had a move worth more to the heuristic than the one it chose. Its
// hand now holds no tile of those kinds but for the tiles it drew since. The bot keeps, for each
// other seat, a few such bounds (the kinds, and how many tiles it drew since), learnt from its
// own successive views, and deals the hidden tiles so that they keep the bounds (see
// inference.determinize).

// maxBounds is the most bounds kept per seat: the newest ones, which bind the most.
const maxBounds = 8

// dealTries is how many deals of a seat's hidden tiles the search tries for one that keeps the
// seat's bounds before it takes the one that breaks them least.
const dealTries = 24

// bound says that a seat's hand holds at most allow tiles of the kinds in tiles (every copy of
// those kinds), beyond the tiles everyone saw it take with a Skadi.
type bound struct {
	tiles cards.Multiset
	allow int8
}

// inference is what the bot has learnt of the other seats' hands in the current match: the view
// of its last decision and the move it chose, and the bounds on each seat.
type inference struct {
	have   bool // prev and move hold the bot's last decision in this match
	prev   View
	move   Move
	n      [MaxPlayers]int8
	bounds [MaxPlayers][maxBounds]bound
	off    [MaxPlayers]bool // the seat was seen to play other than the heuristic: no bounds
}

// reset forgets everything: a new match, or a view that does not follow the last one.
func (in *inference) reset() { *in = inference{} }

// excess returns by how many tiles seat q's hand in s breaks its bounds.
func (in *inference) excess(s *State, q int) int {
	free := deck.Diff(s.h.hand[q], s.known[q])
	e := 0
	for _, b := range in.bounds[q][:in.n[q]] {
		if k := (free & b.tiles).Len() - int(b.allow); k > 0 {
			e += k
		}
	}
	return e
}

// add records a new bound on seat q, learnt from its latest move; the oldest goes when there is
// no room. The tiles q held at an older move were either still held at the latest (then they
// are of none of its kinds either) or drawn since: so every older bound, whose allowance counts
// the draws since its move, takes the new kinds too.
func (in *inference) add(q int, b bound) {
	if b.tiles == 0 || int(b.allow) >= HandSize {
		return
	}
	for i := range in.bounds[q][:in.n[q]] {
		in.bounds[q][i].tiles |= b.tiles
	}
	n := int(in.n[q])
	if n == maxBounds {
		copy(in.bounds[q][:], in.bounds[q][1:])
		n--
	}
	in.bounds[q][n] = b
	in.n[q] = int8(n + 1)
}

// drew adds k draws to every bound on seat q, dropping those that no longer bind a hand.
func (in *inference) drew(q, k int) {
	j := 0
	for _, b := range in.bounds[q][:in.n[q]] {
		b.allow += int8(k)
		if int(b.allow) < HandSize {
			in.bounds[q][j] = b
			j++
		}
	}
	in.n[q] = int8(j)
}

// observe updates the bounds from v, the bot's view at its next decision, and then remembers v.
// The seats between the bot's last move and v each played once; observe finds their moves from
// the grid (the cells appended are lays, in order, and a cell whose tile changed was covered),
// and learns from each lay or cover it can tell for sure. At the bot's first decision of a
// match, the seats that played before it are read from the first tile alone in the grid. A view
// that does not follow the last one (another match, a seat skipped) starts over.
func (in *inference) observe(v View) {
	defer func() { in.prev, in.have = v, true }()
	var after public // the grid and hands before the moves to read
	movers := int(v.players) - 1
	switch {
	case in.have && v.me == in.prev.me && v.players == in.prev.players && v.turns == in.prev.turns+uint16(v.players):
		s := State{public: in.prev.public}
		s.h.hand[s.toMove] = in.prev.hand
		if err := s.Step(in.move); err != nil {
			in.reset()
			return
		}
		after = s.public // the bot's move played, before its draw
	case v.turns < uint16(v.players) && v.board.n > 0:
		in.reset()
		movers = int(v.turns)
		after.board.add(int(v.board.c[0].x), int(v.board.c[0].y), v.board.c[0].t)
		for q := range int(v.players) {
			after.size[q] = HandSize
		}
	default:
		in.reset()
		return
	}
	n := int(v.players)
	first := (int(v.me) - movers + n) % n
	e := explain{v: &v, first: first, movers: movers}
	e.search(0, &after.board)
	b := after.board
	for k := range movers {
		q := (first + k) % n
		// The tiles q drew: its hand grew by them, less the tile it laid, plus a capture.
		d := int(v.size[q]) - int(after.size[q])
		if after.size[q] > 0 {
			d++
		}
		if deck.Diff(v.known[q], after.known[q]) != 0 {
			d--
		}
		d = max(0, d)
		in.drew(q, d)
		if e.ways != 1 || e.found[k] == (Move{}) {
			continue
		}
		m := e.found[k]
		if out, greedy := outplayed(&b, q, m); !greedy || in.off[q] {
			in.off[q], in.n[q] = true, 0
		} else {
			in.add(q, bound{tiles: out, allow: int8(d)})
		}
		b, _ = playOn(&b, q, m)
	}
}

// explain finds the lays and covers of the seats that played between two views of one seat: the
// sequences of one move a seat (a lay of the next cell appended, a cover of a cell whose tile
// changed, or neither: a discard or pass) that turn the grid after the seat's own move into the
// later view's.
type explain struct {
	v      *View
	first  int              // the first seat to play
	movers int              // the seats that played
	seq    [MaxPlayers]Move // the moves tried; the zero Move for neither
	found  [MaxPlayers]Move // the last sequence found
	ways   int              // sequences found, counted up to 2
}

// search tries the moves of the k-th seat to play, on grid b.
func (e *explain) search(k int, b *board) {
	v := e.v
	if e.ways > 1 {
		return
	}
	if k == e.movers {
		if *b == v.board {
			e.ways++
			e.found = e.seq
		}
		return
	}
	q := (e.first + k) % int(v.players)
	e.seq[k] = Move{}
	e.search(k+1, b)
	if b.n < v.board.n {
		c := v.board.c[b.n]
		m := Lay(c.t, int(c.x), int(c.y))
		if nb, ok := playOn(b, q, m); ok {
			e.seq[k] = m
			e.search(k+1, &nb)
		}
	}
	for i, c := range b.cells() {
		if t := v.board.c[i].t; t != c.t {
			m := CoverWith(t, int(c.x), int(c.y))
			if nb, ok := playOn(b, q, m); ok {
				e.seq[k] = m
				e.search(k+1, &nb)
			}
		}
	}
	e.seq[k] = Move{}
}

// playOn returns grid b after seat q's lay or cover m, and whether m is legal there for a seat
// holding its tile.
func playOn(b *board, q int, m Move) (board, bool) {
	s := State{public: public{head: head{players: MaxPlayers, phase: PhaseTurn, toMove: int8(q)}, seat: int8(q), board: *b, supply: 1}}
	s.h.hand[q] = deck.With(0, cards.Card(m.tile))
	s.size[q] = 1
	if err := s.Step(m); err != nil {
		return *b, false
	}
	return s.board, true
}

// allKinds is one tile of every kind.
var allKinds = func() (m cards.Multiset) {
	for _, t := range tiles {
		m = deck.With(m, cards.Card(t))
	}
	return m
}()

// outplayed returns every copy of the kinds that, on grid b, had a lay or cover the heuristic
// values above m, seat q's lay or cover there: the kinds q did not hold when it chose m. It
// reports false if a move of m's own tile was worth more: then q does not play the heuristic's
// greedy move, and its moves say nothing of its hand.
func outplayed(b *board, q int, m Move) (cards.Multiset, bool) {
	s := State{public: public{head: head{players: MaxPlayers, phase: PhaseTurn, toMove: int8(q)}, seat: int8(q), board: *b}}
	s.h.hand[q] = allKinds
	var buf [maxTurnMoves]Move
	var vals [maxTurnMoves]float64
	legal := s.AppendLegal(buf[:0])
	got := moveValue(&s, m)
	var out cards.Multiset
	for i, val := range moveValues(&s, legal, vals[:0]) {
		if t := legal[i].tile; val > got+1e-9 && legal[i].kind != MoveDiscard {
			if t == m.tile {
				return 0, false
			}
			out |= kindTiles[kindIndex[t]]
		}
	}
	return out, true
}

// determinize returns s, a deal of the hidden tiles drawn by the view's Sample, if it keeps every
// bound on the other seats; else it deals each other seat's hidden tiles again, up to dealTries
// times a seat, and keeps the deal that breaks its bounds least (the first that keeps them). The
// seats are dealt in turn from what the ones before left, under the same discard inferences as
// Sample; if a later seat cannot be served, the deal starts over (at most a few times, then s).
func (in *inference) determinize(s State, seat norns.Player, r *rng.Rand) State {
	me := int(seat)
	bad := false
	for q := range int(s.players) {
		if q != me && in.n[q] > 0 && in.excess(&s, q) > 0 {
			bad = true
			break
		}
	}
	if !bad {
		return s
	}
	v := s.View(seat)
	pool := v.unseen()
	for range 4 {
		t := State{public: v.public}
		t.h.hand[me] = v.hand
		left := pool
		ok := true
		for q := range int8(v.players) {
			if int(q) == me {
				continue
			}
			hidden := int(v.size[q]) - v.known[q].Len()
			best, bestLeft, bestEx := cards.Multiset(0), cards.Multiset(0), -1
			for try := range dealTries {
				got, rest, dealt := dealHidden(left, &v.holds[q], v.known[q], hidden, r)
				if !dealt {
					break
				}
				t.h.hand[q], _ = deck.Sum(v.known[q], got)
				ex := in.excess(&t, int(q))
				if bestEx < 0 || ex < bestEx {
					best, bestLeft, bestEx = got, rest, ex
				}
				if ex == 0 || in.n[q] == 0 || try == dealTries-1 {
					break
				}
			}
			if bestEx < 0 {
				ok = false
				break
			}
			t.h.hand[q], _ = deck.Sum(v.known[q], best)
			left = bestLeft
		}
		if ok {
			t.pool = left
			return t
		}
	}
	return s
}
