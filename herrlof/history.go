package herrlof

import "math/bits"

// hlog is one seat's history in the current hand as the other seat of a two-player match saw
// it, as far as [View.Sample] needs it: up to 32 four-bit tokens, oldest in the lowest bits of
// the first word, 0 past the end. The log starts with the seat's first show-out (a receipt or a
// return before any show-out proves nothing). (A three-player State keeps a [tape] instead.)
//
// A hand writes at most 15 show-outs (one per trick), 4 draws, 4 returns (there are four 3s) and
// 4 P tokens (each is matched to its own earlier draw): 27 tokens. So 32 always suffice (add
// ignores a 33rd token).
type hlog [2]uint64

// The tokens of an hlog.
const (
	tokV = 1 // +suit: the seat showed out of the suit
	tokD = 5 // the seat drew a card with a 3, which the observer did not see
	tokR = 6 // the seat put a card under the stock with a 3
	tokP = 7 // +suit: a card of a suit the seat had shown out of, not known to the observer,
	// left its hand in the observer's sight (played, or exchanged with the observer by a 6)
	tokMax = 10
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

// vSuits returns the suits h holds show-outs of, bit s for suit s.
func (h *hlog) vSuits() uint32 {
	var m uint32
	for i := range h.len() {
		if t := h.at(i); t >= tokV && t < tokV+NumSuits {
			m |= 1 << (t - tokV)
		}
	}
	return m
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

// histPool holds the six histories of a State, hist(a, b) at index histIdx(a, b), as one stream
// of hlog tokens: log 0, a 0 nibble, log 1, a 0 nibble, ..., log 5, then zeros (the lowest
// nibble of the first word first). Most logs are empty or short, so one stream is far smaller
// than six hlogs, and a State is copied on every move. Only two-player States use it (two logs
// of at most 27 tokens each, see hlog; a three-player State keeps its [tape] in these words), so
// it always fits; add ignores a token that would overflow it.
type histPool [6]uint64

const (
	histNibbles = 16 * len(histPool{})
	nibbleLow   = 0x1111111111111111
)

// hvSeen[p][st] masks the bits of known that say another seat's history of seat p holds a
// show-out of suit st.
var hvSeen = func() (m [3][NumSuits][3]Cards) {
	for p := range int8(3) {
		for a := range int8(3) {
			if a != p {
				for st := range NumSuits {
					m[p][st][a] |= 1 << (hvShift + 4*uint(kidx(a, p)) + uint(st))
				}
			}
		}
	}
	return m
}()

// histIdx is the index of seat a's history of seat b in the pool.
func histIdx(a, b int8) int { return int(2*a + kidx(a, b)) }

// zeros returns a mask of the zero nibbles of w (bit 4i set for nibble i).
func zeros(w uint64) uint64 { return ^(w | w>>1 | w>>2 | w>>3) & nibbleLow }

// zeroPos returns the nibble position of the j-th (from 0) zero nibble of the stream, or
// histNibbles if there are fewer.
func (p *histPool) zeroPos(j int) int {
	for i, w := range p {
		z := zeros(w)
		if c := bits.OnesCount64(z); j >= c {
			j -= c
			continue
		}
		for ; j > 0; j-- {
			z &= z - 1
		}
		return 16*i + bits.TrailingZeros64(z)/4
	}
	return histNibbles
}

// bounds returns where log k starts and ends in the stream.
func (p *histPool) bounds(k int) (start, end int) {
	if k > 0 {
		start = p.zeroPos(k-1) + 1
	}
	return start, p.zeroPos(k)
}

// get returns log k.
func (p *histPool) get(k int) (h hlog) {
	start, end := p.bounds(k)
	n := end - start
	if n <= 0 {
		return h
	}
	for j := range h {
		bit := 4*start + 64*j
		w, sh := bit>>6, uint(bit&63)
		if w >= len(p) {
			break
		}
		v := p[w] >> sh
		if sh != 0 && w+1 < len(p) {
			v |= p[w+1] << (64 - sh)
		}
		h[j] = v
	}
	switch {
	case n < 16:
		h[0] &= 1<<(4*n) - 1
		h[1] = 0
	case n < 32:
		h[1] &= 1<<(4*(n-16)) - 1
	}
	return h
}

// add appends tok to log k, unless the log holds 32 tokens or the stream is full (see histPool).
func (p *histPool) add(k int, tok uint8) {
	end := p.zeroPos(k)
	if end >= 32 { // the log may hold 32 tokens already
		if start, _ := p.bounds(k); end-start >= 32 {
			return
		}
	}
	if end >= histNibbles || p[len(p)-1] != 0 && !p.room() {
		return
	}
	w, sh := end>>4, uint(end&15)*4
	top := len(p) - 1 // the last word the shift changes
	for top > w && p[top] == 0 && p[top-1]>>60 == 0 {
		top--
	}
	for i := top; i > w; i-- {
		p[i] = p[i]<<4 | p[i-1]>>60
	}
	x := p[w]
	low := uint64(1)<<sh - 1
	p[w] = x&low | (x&^low)<<4 | uint64(tok)<<sh
}

// room reports whether the stream has a free nibble at its end (so add can shift it by one).
func (p *histPool) room() bool {
	used := 0
	for _, w := range p {
		used += 16 - bits.OnesCount64(zeros(w))
	}
	return used+len(p)-1 < histNibbles
}

// histOf returns seat a's history of seat b this hand (empty when a == b).
func (s *State) histOf(a, b int8) hlog {
	if a == b || s.hvOf(a, b) == 0 {
		return hlog{}
	}
	return s.hist.get(histIdx(a, b))
}

// histStarted reports whether seat a's history of seat b has begun (with a show-out).
func (s *State) histStarted(a, b int8) bool { return s.hvOf(a, b) != 0 }

// histAdd appends tok to seat a's history of seat b.
func (s *State) histAdd(a, b int8, tok uint8) {
	k := histIdx(a, b)
	s.hist.add(k, tok)
	if bit := Cards(1) << (hvShift + 4*uint(kidx(a, b)) + uint(tok-tokV)); tok >= tokV && tok < tokV+NumSuits && s.known[a]&bit == 0 {
		s.known[a] |= bit
	}
}

// setHists sets the six histories (logs[histIdx(a, b)]) of a State that has none; it reports
// whether they fit in the stream (as add would have written them).
func (s *State) setHists(logs *[6]hlog) bool {
	pos := 0
	for k := range logs {
		h := &logs[k]
		n := h.len()
		if pos+n > histNibbles {
			return false
		}
		for j, w := range h {
			bit := 4*pos + 64*j
			i, sh := bit>>6, uint(bit&63)
			if w == 0 || i >= len(s.hist) {
				continue
			}
			s.hist[i] |= w << sh
			if sh != 0 && i+1 < len(s.hist) {
				s.hist[i+1] |= w >> (64 - sh)
			}
		}
		s.known[k/2] |= Cards(h.vSuits()) << (hvShift + 4*(k%2))
		pos += n + 1
	}
	return pos-1 <= histNibbles
}

// mayList holds what seats knew of each other's hands and can no longer be sure of: "seat a
// knew seat q held card c; q has since drawn with a 3, so c is in q's hand or at a stock position
// q filled at its return number gen (0: its first this hand) or later", and with out set, "q has
// since shown out of c's suit, so c is under the stock" (two players only: a three-player State
// keeps a [tape]). Each entry packs c (bits 0-5), a (6-7), q (8-9), gen (10-12) and out (13);
// 0 is no entry (a != q). Entries are kept sorted, largest first, so that equal knowledge is an
// equal list. Known cards come from 6 exchanges, at most two per exchange and four exchanges a
// hand: eight entries suffice.
type mayList [8]uint16

const mayOutBit = 1 << 13

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

// logShowOut records that seat p showed out of suit st (only when that is news): in its void,
// and with two players in the other seat's history of it, marking the cards of st the other
// seat knew p might hold as under the stock.
func (s *State) logShowOut(p int8, st Suit) {
	if s.voids[p]&(1<<st) != 0 {
		return
	}
	s.voids[p] |= 1 << st
	if s.players == 3 {
		return
	}
	s.histAdd(1-p, p, tokV+uint8(st))
	if s.may[0] == 0 {
		return
	}
	changed := false
	for i, e := range s.may {
		if e != 0 && mayHolder(e) == p && !mayOut(e) && mayCard(e) < 36 && Suit(mayCard(e)/9) == st {
			s.may[i] |= mayOutBit
			changed = true
		}
	}
	if changed {
		s.may.sort()
	}
}

// leave is logLeave when it has something to do: an uncertain card, or a show-out in a's history
// of p in the card's suit.
func (s *State) leave(a, p int8, c Card) {
	if s.may[0] != 0 || c < 36 && s.hvOf(a, p)>>(c/9)&1 != 0 {
		s.logLeave(a, p, c)
	}
}

// logLeave records that card c left seat p's hand in sight of seat a (played, or given or
// taken in a 6 exchange with a): a P token when c is of a suit p showed out of and a did not
// know p held it. It also settles c if a thought p might hold it.
func (s *State) logLeave(a, p int8, c Card) {
	known := s.knownOf(a, p).Has(c)
	for j, e := range s.may {
		if e == 0 {
			break // the entries are sorted, largest first
		}
		if maySeer(e) == a && mayCard(e) == c && mayHolder(e) == p && !mayOut(e) {
			s.may.remove(j)
			known = true
			break
		}
	}
	if !known && c < 36 && s.hvOf(a, p)>>(c/9)&1 != 0 {
		s.histAdd(a, p, tokP+uint8(c/9))
	}
}

// logPlay is logLeave for a card p plays: every other seat sees it.
func (s *State) logPlay(p int8, c Card) {
	for a := range int8(s.players) {
		if a != p {
			s.leave(a, p, c)
		}
	}
}

// logReceive records that seat q received a card seat a did not see (a draw, or a 6 exchange
// between the other two seats).
func (s *State) logReceive(a, q int8) {
	if s.histStarted(a, q) {
		s.histAdd(a, q, tokD)
	}
}

// logReturn records p's return to the stock (after stockSeen was updated): what the others
// knew p held may now be under the stock.
func (s *State) logReturn(p int8, kn *[3]Cards) {
	gen := bits.OnesCount16(s.stockSeen[p]) - 1
	for a := range int8(s.players) {
		if a == p {
			continue
		}
		if s.histStarted(a, p) {
			s.histAdd(a, p, tokR)
		}
		if k := kn[a]; k != 0 {
			for c := range k.All() {
				s.may.insert(mayEntry(a, p, c, min(gen, 3), false))
			}
			s.unknow(a, p, k)
		}
	}
}
