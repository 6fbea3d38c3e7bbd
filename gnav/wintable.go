package gnav

import (
	_ "embed"
	"encoding/binary"
	"iter"
	"math"
	"sync"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// The win-chance table is what the search's playouts are worth at the end of a deal in the
// source's game (four players, three lives, the cat on): for every state between deals, each
// seat's chance of winning the match when every seat plays the heuristic from there on. A state
// between deals is fixed, for the match's future, by each seat's lives, who rests and who deals
// next; turned so that the next dealer sits at seat 0, it is one of winStates entries.
const (
	winSeats  = 4
	winLives  = 3
	winStates = (winLives + 1) * (winLives + 1) * (winLives + 1) * (winLives + 1) << winSeats
)

// winIndex returns the table's index of s, a four-player state between deals (at the chance
// node of the next deal), and the turn d that puts its dealer at seat 0: seat p of s is seat
// (p-d) mod 4 of the entry.
func winIndex(s *State) (i int, d int) {
	d = int(s.dealer)
	for k := winSeats - 1; k >= 0; k-- {
		i = i*(winLives+1) + int(s.lives[(k+d)&(winSeats-1)])
	}
	rest := uint32(s.resting)
	rest = (rest>>d | rest<<(winSeats-d)) & (1<<winSeats - 1)
	return i<<winSeats | int(rest), d
}

// winEntries yields every table entry a match can be at (see winStateAt) with its state, in
// the order the tables are estimated in: fewest lives in all first (every deal takes a life, so
// an entry's value reads only entries already yielded), up to maxLives lives in all.
func winEntries(maxLives int) iter.Seq2[int, State] {
	return func(yield func(int, State) bool) {
		for lives := 2; lives <= min(maxLives, winSeats*winLives); lives++ {
			for i := range winStates {
				if winTotal(i) != lives {
					continue
				}
				if s, ok := winStateAt(i); ok && !yield(i, s) {
					return
				}
			}
		}
	}
}

// winTotal returns the lives of every seat together in table entry i.
func winTotal(i int) int {
	n := 0
	for i >>= winSeats; i > 0; i /= winLives + 1 {
		n += i % (winLives + 1)
	}
	return n
}

// winStateAt returns the four-player state between deals of table entry i (its dealer at seat 0),
// and whether a match can be there: two seats or more in, the resting seats among them and the
// dealer in the next deal.
func winStateAt(i int) (State, bool) {
	s, _ := New(Config{DealerGiven: true})
	rest := norns.Seats(i & (1<<winSeats - 1))
	i >>= winSeats
	s.alive = 0
	for p := range winSeats {
		s.lives[p] = uint8(i % (winLives + 1))
		i /= winLives + 1
		if s.lives[p] > 0 {
			s.alive = s.alive.With(norns.Player(p))
		}
	}
	s.resting = rest
	s.contest = s.alive &^ rest
	ok := s.alive.Len() >= 2 && rest&^s.alive == 0 && rest.Len() <= 2 && s.contest.Len() >= 2 && s.contest.Has(0)
	return s, ok
}

// estimateWinTable estimates the win-chance table by dynamic programming over the states between
// deals, fewest lives first: each entry's value is the mean, over deals drawn from r and played
// by the heuristic in every seat, of the value of the state the deal leads to (a table entry with
// fewer lives, or the match's result: each winner's share of the win, and after a draw nothing,
// or with drawn 1/4 to every seat as in search.Result).
func estimateWinTable(deals int, r *rng.Rand, drawn bool) *[winStates][winSeats]float32 {
	t := new([winStates][winSeats]float32)
	for i, s := range winEntries(winSeats * winLives) {
		var sum [winSeats]float64
		for range deals {
			u := s
			m := u.SampleChance(r)
			u.step(&m, nil)
			for u.who() >= 0 {
				v := u.View(norns.Player(u.who()))
				m = heuristic(&v, nil)
				u.step(&m, nil)
			}
			if u.Over() {
				for p := range sum {
					sum[p] += result(u, norns.Player(p), drawn)
				}
				continue
			}
			j, d := winIndex(&u)
			for p := range sum {
				sum[p] += float64(t[j][(p-d)&(winSeats-1)])
			}
		}
		for p := range sum {
			t[i][p] = float32(sum[p] / float64(deals))
		}
	}
	return t
}

// winTableFile is the win-chance table that estimateWinTable(winTableDeals, rng.New(1), false)
// gives,
// each entry's four chances stored as little-endian uint16 in 65535ths (TestWinTable checks it
// and rewrites it with -update-wintable).
//
//go:embed wintable.bin
var winTableFile []byte

// winTableDeals is the number of deals estimateWinTable plays from every state for the stored
// table: about 0.002 of standard error per entry.
const winTableDeals = 20000

// winTable is the win-chance table the search reads, decoded from winTableFile.
var winTable = sync.OnceValue(func() *[winStates][winSeats]float32 { return decodeWinTable(winTableFile) })

// decodeWinTable returns the win-chance table that b stores (as encodeWinTable writes it).
func decodeWinTable(b []byte) *[winStates][winSeats]float32 {
	t := new([winStates][winSeats]float32)
	if len(b) != winStates*winSeats*2 {
		panic("gnav: a win-chance table file of the wrong size")
	}
	for i := range t {
		for p := range t[i] {
			k := 2 * (i*winSeats + p)
			t[i][p] = float32(binary.LittleEndian.Uint16(b[k:])) / 65535
		}
	}
	return t
}

// encodeWinTable returns t as winTableFile stores it.
func encodeWinTable(t *[winStates][winSeats]float32) []byte {
	b := make([]byte, 0, winStates*winSeats*2)
	for i := range t {
		for _, x := range t[i] {
			b = binary.LittleEndian.AppendUint16(b, uint16(math.Round(float64(x)*65535)))
		}
	}
	return b
}

// winChance is what a leaf of the search is worth to seat: seat's share of the win if the match
// is over (nothing after a draw), the win-chance table's entry for a four-player match with the
// cat on and at most three lives a seat whose dealer is known, and otherwise winShare's lives
// squared.
func winChance(s State, seat norns.Player) float64 {
	return tableChance(winTable(), s, seat, false)
}

// tableChance is winChance with table t, estimated with a drawn match worth 1/4 to every seat
// when drawn is set (as is the match's end then).
func tableChance(t *[winStates][winSeats]float32, s State, seat norns.Player, drawn bool) float64 {
	if s.Over() || s.players != winSeats || s.maxLives > winLives || s.catDragoon || s.dealer < 0 {
		return winShare(s, seat, drawn)
	}
	i, d := winIndex(&s)
	return float64(t[i][(int(seat)-d)&(winSeats-1)])
}

// drawnWinTable is the win-chance table with a drawn match worth 1/4 to every seat, estimated
// from 5000 deals a state when first needed (about 3 s): the search before drawn matches were
// worth nothing (see searchModel.drawn).
var drawnWinTable = sync.OnceValue(func() *[winStates][winSeats]float32 {
	return estimateWinTable(5000, rng.New(1), true)
})
