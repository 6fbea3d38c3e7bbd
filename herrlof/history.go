package herrlof

import "math/bits"

// hlog is one seat's history in the current hand as another seat saw it, as far as [View.Sample]
// needs it: up to 32 four-bit tokens, oldest in the lowest bits of the first word, 0 past the
// end. The log starts with the seat's first show-out (a receipt or a return before any show-out
// proves nothing).
//
// A two-player hand writes at most 15 show-outs (one per trick), 4 draws, 4 returns (there are
// four 3s) and 4 P tokens (each is matched to its own earlier draw): 27 tokens. A three-player
// hand writes at most 11 show-outs, 4 draws, 4 returns, 4 X tokens (four 6s) and 8 P tokens: 31.
// So 32 always suffice (add ignores a 33rd token).
type hlog [2]uint64

// The tokens of an hlog.
const (
	tokV = 1 // +suit: the seat showed out of the suit
	tokD = 5 // the seat drew a card with a 3, which the observer did not see
	tokR = 6 // the seat put a card under the stock with a 3
	tokP = 7 // +suit: a card of a suit the seat had shown out of, not known to the observer,
	// left its hand in the observer's sight (played, or exchanged with the observer by a 6)
	tokX   = 11 // a card reached the seat in a 6 exchange with the third seat, unseen by the observer
	tokMax = 11
)

func (h *hlog) len() int {
	if h[1] != 0 {
		return 16 + (bits.Len64(h[1])+3)/4
	}
	return (bits.Len64(h[0]) + 3) / 4
}

func (h *hlog) at(i int) uint8 { return uint8(h[i>>4] >> (4 * (i & 15)) & 15) }

func (h *hlog) add(tok uint8) {
	n := h.len()
	if n >= 32 { // cannot happen in a hand (see hlog); keep the log as it is
		return
	}
	h[n>>4] |= uint64(tok) << (4 * (n & 15))
}

// hasV reports whether the log holds a show-out of suit s.
func (h *hlog) hasV(s Suit) bool {
	t := uint64(tokV + s)
	for _, w := range h {
		for ; w != 0; w >>= 4 {
			if w&15 == t {
				return true
			}
		}
	}
	return false
}

// valid reports whether h is a well-formed log: tokens in range, none after an empty one, a
// show-out first.
func (h *hlog) valid() bool {
	n := h.len()
	if n == 0 {
		return *h == hlog{}
	}
	if t := h.at(0); t < tokV || t >= tokV+NumSuits {
		return false
	}
	for i := range n {
		if t := h.at(i); t == 0 || t > tokMax {
			return false
		}
	}
	return true
}

// count returns how many tokens tok the log holds.
func (h *hlog) count(tok uint8) int {
	k := 0
	for i := range h.len() {
		if h.at(i) == tok {
			k++
		}
	}
	return k
}

// mayList holds what seats knew of each other's hands and can no longer be sure of: "seat a
// knew seat q held card c; q has since drawn with a 3, so c is in q's hand or at a stock position
// q filled at its return number gen (0: its first this hand) or later", and with out set, "q has
// since shown out of c's suit, so c is under the stock". With three players, an entry can also
// be assumed: q may have passed c on in a 6 exchange with the third seat that a did not see, and
// a's samples assume it did not (the exchanged cards were the same card; see View.Sample) until
// something a sees contradicts that. Each entry packs c (bits 0-5), a (6-7), q (8-9), gen (10-12),
// out (13) and assumed (14); 0 is no entry (a != q). Entries are kept sorted, largest first, so
// that equal knowledge is an equal list. Known cards come from 6 exchanges, at most two per
// exchange and four exchanges a hand: eight entries suffice.
type mayList [8]uint16

const (
	mayOutBit     = 1 << 13
	mayAssumedBit = 1 << 14
)

func mayEntry(a, q int8, c Card, gen int, out bool) uint16 {
	e := uint16(c) | uint16(a)<<6 | uint16(q)<<8 | uint16(gen)<<10
	if out {
		e |= mayOutBit
	}
	return e
}

func mayCard(e uint16) Card    { return Card(e & 63) }
func maySeer(e uint16) int8    { return int8(e >> 6 & 3) }
func mayHolder(e uint16) int8  { return int8(e >> 8 & 3) }
func mayGen(e uint16) int      { return int(e >> 10 & 7) }
func mayOut(e uint16) bool     { return e&mayOutBit != 0 }
func mayAssumed(e uint16) bool { return e&mayAssumedBit != 0 }

// insert adds e, keeping the order; it drops e if the list is full (which a hand cannot do).
func (l *mayList) insert(e uint16) {
	if l[len(l)-1] != 0 {
		return
	}
	i := len(l) - 1
	for i > 0 && l[i-1] < e {
		l[i] = l[i-1]
		i--
	}
	l[i] = e
}

// remove deletes entry i.
func (l *mayList) remove(i int) {
	copy(l[i:], l[i+1:])
	l[len(l)-1] = 0
}

// sort restores the order after entries changed in place.
func (l *mayList) sort() {
	for i := 1; i < len(l); i++ {
		for j := i; j > 0 && l[j-1] < l[j]; j-- {
			l[j-1], l[j] = l[j], l[j-1]
		}
	}
}

// logShowOut records that seat p showed out of suit s (only when that is news) and marks the
// cards of s that others thought p might hold as under the stock.
func (s *State) logShowOut(p int8, st Suit) {
	if s.voids[p]&(1<<st) != 0 {
		return
	}
	s.voids[p] |= 1 << st
	s.watched |= 1 << p
	for a := range int8(s.players) {
		if a != p {
			s.hist[a][kidx(a, p)].add(tokV + uint8(st))
		}
	}
	changed := false
	var broke uint8
	for i, e := range s.may {
		if e != 0 && mayHolder(e) == p && !mayOut(e) && mayCard(e) < 36 && Suit(mayCard(e)/9) == st {
			s.may[i] |= mayOutBit
			changed = true
			if mayAssumed(e) && bits.OnesCount16(s.stockSeen[p]) <= mayGen(e) {
				broke |= 1 << maySeer(e) // it cannot be under the stock: p passed it on
			}
		}
	}
	if changed {
		s.may.sort()
	}
	for a := range int8(s.players) {
		if broke&(1<<a) != 0 {
			s.breakAssumption(a)
		}
	}
}

// logLeave records that card c left seat p's hand in sight of seat a (played, or given or
// taken in a 6 exchange with a): a P token when c is of a suit p showed out of and a did not
// know p held it. It also settles c if a thought p might hold it.
func (s *State) logLeave(a, p int8, c Card) {
	i := kidx(a, p)
	known := s.known[a][i].Has(c)
	broke := false
	for j, e := range s.may {
		if e == 0 || maySeer(e) != a || mayCard(e) != c {
			continue
		}
		if mayHolder(e) == p && !mayOut(e) {
			s.may.remove(j)
			s.rewatch()
			known = true
			broke = false
			break
		}
		if mayAssumed(e) && c < 36 {
			broke = true // c was assumed elsewhere: it was passed on after all
		}
	}
	if !known && c < 36 && s.hist[a][i][0] != 0 && s.hist[a][i].hasV(Suit(c/9)) {
		s.hist[a][i].add(tokP + uint8(c/9))
		if s.broken&(1<<a) == 0 && s.hist[a][i].count(tokX) > 0 {
			m := newMatcher(&s.hist[a][i], false)
			broke = broke || !m.ok()
		}
	}
	if broke {
		s.breakAssumption(a)
	}
}

// logHidden records that seat q received a card in a 6 exchange seat a did not see, and marks
// what a knew of q's hand as assumed: q may have passed it on (see mayList).
func (s *State) logHidden(a, q int8, lost bool) {
	if h := &s.hist[a][kidx(a, q)]; h[0] != 0 && !lost {
		h.add(tokX)
	}
	if !lost {
		return
	}
	if s.broken&(1<<a) != 0 {
		s.forget(a, q)
		return
	}
	i := kidx(a, q)
	gen := bits.OnesCount16(s.stockSeen[q])
	for j, e := range s.may {
		if e != 0 && maySeer(e) == a && mayHolder(e) == q {
			s.may[j] |= mayAssumedBit
		}
	}
	for c := range s.known[a][i].All() {
		s.may.insert(mayEntry(a, q, c, gen, false) | mayAssumedBit)
	}
	s.known[a][i] = 0
	s.may.sort()
	s.rewatch()
}

// breakAssumption gives up seat a's assumption that the 6 exchanges it did not see passed no
// card on: it drops the assumed entries, and its samples count those exchanges as draws.
func (s *State) breakAssumption(a int8) {
	s.broken |= 1 << a
	for j := 0; j < len(s.may); {
		if e := s.may[j]; e != 0 && maySeer(e) == a && mayAssumed(e) {
			s.may.remove(j)
			continue
		}
		j++
	}
	s.rewatch()
}

// logPlay is logLeave for a card p plays: every other seat sees it.
func (s *State) logPlay(p int8, c Card) {
	for a := range int8(s.players) {
		if a != p {
			s.logLeave(a, p, c)
		}
	}
}

// logReceive records that seat q received a card seat a did not see (a draw, or a 6 exchange
// between the other two seats).
func (s *State) logReceive(a, q int8) {
	if h := &s.hist[a][kidx(a, q)]; h[0] != 0 {
		h.add(tokD)
	}
}

// logReturn records p's return to the stock (after stockSeen was updated): what the others
// knew p held may now be under the stock.
func (s *State) logReturn(p int8) {
	gen := bits.OnesCount16(s.stockSeen[p]) - 1
	for a := range int8(s.players) {
		if a == p {
			continue
		}
		i := kidx(a, p)
		if h := &s.hist[a][i]; h[0] != 0 {
			h.add(tokR)
		}
		if k := s.known[a][i]; k != 0 {
			for c := range k.All() {
				s.may.insert(mayEntry(a, p, c, min(gen, 3), false))
			}
			s.known[a][i] = 0
			s.watched |= 1 << p
		}
	}
}

// rewatch recomputes watched from hist and may.
func (s *State) rewatch() {
	var w uint8
	for a := range int8(s.players) {
		for q := range int8(s.players) {
			if q != a && s.hist[a][kidx(a, q)] != (hlog{}) {
				w |= 1 << q
			}
		}
	}
	for _, e := range s.may {
		if e != 0 {
			w |= 1 << mayHolder(e)
		}
	}
	s.watched = w
}

// forget drops what seat a knew, or guessed, of seat q's cards (a 6 exchange a does not see
// may have moved them).
func (s *State) forget(a, q int8) {
	s.known[a][kidx(a, q)] = 0
	for j := 0; j < len(s.may); {
		if e := s.may[j]; e != 0 && maySeer(e) == a && mayHolder(e) == q {
			s.may.remove(j)
			continue
		}
		j++
	}
	s.rewatch()
}
