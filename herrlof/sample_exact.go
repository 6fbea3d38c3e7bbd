package herrlof

import (
	"math/bits"

	"github.com/nornsgames/norns/rng"
)

// maxTries bounds the attempts of the constrained sampler before Sample falls back to the plain
// one. Each attempt fails only when an earlier seat took every card a later one could hold.
const maxTries = 64

// plainSample makes Sample skip the constrained sampler; tests set it to show that their checks
// catch the plain sampler's mistakes.
var plainSample bool

// constrained reports whether the plain sampler could deal something the seat can rule out: an
// opponent has a history (it showed out of a suit this hand), or a card the seat knew it held
// may since have gone under the stock.
func (v *View) constrained() bool {
	for q := range int8(v.players) {
		if q != v.seat && v.hist[q] != (hlog{}) {
			return true
		}
	}
	return v.may[0] != 0
}

// matcher decides whether the cards dealt to one opponent so far fit its history: every card of
// a suit it showed out of, in its hand or in a stock position it filled after showing out, or
// seen leaving its hand (a P token), must have come with its own draw made after the show-out
// (and before it left the hand). That is a matching of such cards to draws, each card owning an
// interval of the history; matchable exactly when the greedy below succeeds (intervals sorted by
// their end, each taking the earliest free draw inside it).
type matcher struct {
	n     int
	draws uint32   // token positions of the draws
	start [32]int8 // start[i] >= 0: a card had to come after token start[i] and leave at token i; -1 none, -2 any draw before i
	lastV [NumSuits]int8
	hc    [NumSuits]uint8 // cards of each suit dealt to the hand
}

func newMatcher(h *hlog) matcher {
	m := matcher{n: h.len(), lastV: [NumSuits]int8{-1, -1, -1, -1}}
	for i := range m.start {
		m.start[i] = -1
	}
	for i := range m.n {
		switch t := h.at(i); {
		case t >= tokV && t < tokV+NumSuits:
			m.lastV[t-tokV] = int8(i)
		case t == tokD:
			m.draws |= 1 << i
		case t >= tokP && t < tokP+NumSuits:
			m.start[i] = m.lastV[t-tokP]
			if m.start[i] < 0 {
				m.start[i] = -2
			}
		}
	}
	return m
}

// vBefore returns the last show-out of suit st before token i, or -1.
func vBefore(h *hlog, i int, st int) int8 {
	for j := i - 1; j >= 0; j-- {
		if h.at(j) == tokV+uint8(st) {
			return int8(j)
		}
	}
	return -1
}

func (m *matcher) ok() bool {
	var used uint32
	for i := range m.n {
		st := m.start[i]
		if st == -1 {
			continue
		}
		lo := uint32(0)
		if st >= 0 {
			lo = 1<<(st+1) - 1
		}
		free := m.draws &^ used & (1<<i - 1) &^ lo
		if free == 0 {
			return false
		}
		used |= free & -free
	}
	for st := range NumSuits {
		lo := uint32(1)<<(m.lastV[st]+1) - 1
		for range m.hc[st] {
			free := m.draws &^ used &^ lo
			if free == 0 {
				return false
			}
			used |= free & -free
		}
	}
	return true
}

// fillConstrained deals the unseen cards of v (all but seen) into the two-player state s
// respecting the opponent's history and the cards the seat knew it held; it reports false if it
// got stuck.
func (s *State) fillConstrained(v *View, r *rng.Rand, seen Cards) bool {
	me := v.seat
	n := int8(v.players)
	for _, e := range v.may {
		if e != 0 {
			var ok bool
			if seen, ok = seen.plus(Cards(0).add(mayCard(e))); !ok {
				return false
			}
		}
	}
	var pool [DeckSize]uint8
	k := deckBits.Minus(seen).positions(&pool)
	var filled uint16 // stock positions dealt
	take := func(x int) uint8 {
		b := pool[x]
		k--
		pool[x] = pool[k]
		return b
	}
	var room [3]int
	for q := range n {
		room[q] = int(v.handLens[q]) - v.knows[q].Len()
	}
	var ms [3]matcher
	var rtok [3][stockCap]int8
	for q := range n {
		if q != me {
			ms[q] = newMatcher(&v.hist[q])
			rtok[q] = v.rTokens(q)
		}
	}
	// The cards the seat knew others held: in the holder's hand, or in a position it filled
	// since (those under the stock first: the order is largest first). A card of a suit the
	// holder showed out of after the seat knew of it went under the stock before that show-out,
	// or came back with a draw since: a return after the show-out must be matched to a draw.
	for _, e := range v.may {
		if e == 0 {
			continue
		}
		q, c := mayHolder(e), mayCard(e)
		slots := v.returnSlots(q)
		ret := bits.OnesCount16(v.stockSeen[q])
		var open [stockCap]uint8
		var tok, from [stockCap]int8 // the return's token and the show-out it must follow, or -1
		no := 0
		gen := min(mayGen(e), ret)
		for ri := gen; ri < ret; ri++ {
			j := slots[ri]
			if filled&(1<<j) != 0 {
				continue
			}
			tok[no], from[no] = -1, -1
			if i := rtok[q][ri]; i >= 0 && c < 36 {
				if vs := vBefore(&v.hist[q], int(i), int(c)/9); vs > rtok[q][gen] {
					m := &ms[q]
					m.start[i] = vs
					ok := m.ok()
					m.start[i] = -1
					if !ok {
						continue
					}
					tok[no], from[no] = i, vs
				}
			}
			open[no] = j
			no++
		}
		opts := no
		if !mayOut(e) && room[q] > 0 {
			opts++
		}
		if opts == 0 {
			return false
		}
		y := r.IntN(opts)
		switch {
		case y < no:
			s.stock[open[y]] = c
			filled |= 1 << open[y]
			if tok[y] >= 0 {
				ms[q].start[tok[y]] = from[y]
			}
		default:
			s.hands[q] = s.hands[q].add(c)
			room[q]--
		}
	}
	// Then the unseen cards, one place at a time, each drawn among those that fit.
	var phys [3]Cards
	// place deals a card that fits q's history: to stock position slot (its return token i) or
	// to q's hand (slot -1).
	place := func(q int8, slot, i int) bool {
		m, h := &ms[q], &v.hist[q]
		lim := k // candidates are pool[:lim]; rejected ones move past it
		for lim > 0 {
			x := r.IntN(lim)
			b := pool[x]
			if b < 36 {
				st := int(b) / 9
				if i >= 0 {
					if vs := vBefore(h, i, st); vs >= 0 {
						m.start[i] = vs
						if !m.ok() {
							m.start[i] = -1
							lim--
							pool[x], pool[lim] = pool[lim], pool[x]
							continue
						}
					}
				} else if m.lastV[st] >= 0 {
					m.hc[st]++
					if !m.ok() {
						m.hc[st]--
						lim--
						pool[x], pool[lim] = pool[lim], pool[x]
						continue
					}
				}
			}
			// Accept pool[x]: move it out of the pool, keeping the rejected ones in it.
			lim--
			pool[x] = pool[lim]
			pool[lim] = b
			take(lim)
			switch slot {
			case -1:
				phys[q] |= 1 << b
			default:
				s.stock[slot] = bitCard(int(b))
				filled |= 1 << slot
			}
			return true
		}
		return false
	}
	for q := range n {
		if q == me {
			continue
		}
		slots := v.returnSlots(q)
		ret := bits.OnesCount16(v.stockSeen[q])
		h := &v.hist[q]
		ri := ret - h.count(tokR) // the return of q that the log's first R token records
		for i := range ms[q].n {
			if h.at(i) != tokR {
				continue
			}
			if j := slots[ri]; filled&(1<<j) == 0 && !place(q, int(j), i) {
				return false
			}
			ri++
		}
		for range room[q] {
			if !place(q, -1, -1) {
				return false
			}
		}
	}
	for q := range n {
		s.hands[q] = s.hands[q].Plus(canonical(phys[q]))
	}
	// The rest fills the other stock positions in random order.
	for i := range int(v.stockN) {
		if v.stockSeen[me]&(1<<i) != 0 || filled&(1<<i) != 0 {
			continue
		}
		if k == 0 {
			return false
		}
		s.stock[i] = bitCard(int(take(r.IntN(k))))
	}
	return k == 0
}

// rTokens returns, for each return seat b made this hand (its first first), the position of its
// R token in b's history, or -1 for a return made before the history began (and past the last).
func (v *View) rTokens(b int8) (out [stockCap]int8) {
	for i := range out {
		out[i] = -1
	}
	h := &v.hist[b]
	ri := bits.OnesCount16(v.stockSeen[b]) - h.count(tokR)
	for i := range h.len() {
		if h.at(i) == tokR {
			if ri >= 0 && ri < stockCap {
				out[ri] = int8(i)
			}
			ri++
		}
	}
	return out
}

// returnSlots lists the stock positions seat b filled with a 3, its first return first.
func (v *View) returnSlots(b int8) (out [stockCap]uint8) {
	k := 0
	for j := stockCap - 1; j >= 0; j-- {
		if v.stockSeen[b]&(1<<j) != 0 {
			out[k] = uint8(j)
			k++
		}
	}
	return out
}
