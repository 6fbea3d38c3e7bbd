package herrlof

import "math/bits"

// hlog is one seat's history in the current hand as another seat saw it, as far as [View.Sample]
// needs it: up to 32 four-bit tokens, oldest in the lowest bits of the first word, 0 past the
// end. The log starts with the seat's first show-out (a receipt or a return before any show-out
// proves nothing).
//
// A hand of 15 tricks writes at most 15 show-outs (one per trick), 4 draws, 4 returns and 4 P
// tokens (each needs an earlier draw): 27 tokens; a hand of 11 tricks with 3 players at most 11
// show-outs, 4 draws, 4 returns, 8 receipts by 6 exchanges and 12 P tokens: 39, but a P token
// needs a receipt and a show-out before it, and the log is capped at 32 (add drops the rest,
// which only loosens what Sample respects).
type hlog [2]uint64

// The tokens of an hlog.
const (
	tokV = 1 // +suit: the seat showed out of the suit
	tokD = 5 // a card the observer did not see reached the seat's hand (a 3's draw, a 6 between others)
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

// logShowOut records that seat p showed out of suit s (only when that is news) and moves the
// cards of s that others thought p might hold to the stock positions it filled.
func (s *State) logShowOut(p int8, st Suit) {
	if s.voids[p]&(1<<st) != 0 {
		return
	}
	s.voids[p] |= 1 << st
	for a := range int8(s.players) {
		if a == p {
			continue
		}
		i := kidx(a, p)
		s.hist[a][i].add(tokV + uint8(st))
		if m := s.maybe[a][i] & suitBits[st]; m != 0 {
			s.maybe[a][i] &^= m
			s.mayOut[a][i] |= m
		}
	}
}

// logLeave records that card c left seat p's hand in sight of seat a (played, or given or
// taken in a 6 exchange with a): a P token when c is of a suit p showed out of and a did not
// know p held it. It also settles c if a thought p might hold it.
func (s *State) logLeave(a, p int8, c Card) {
	i := kidx(a, p)
	known := s.known[a][i].Has(c)
	if s.maybe[a][i].Has(c) {
		known = true
		s.maybe[a][i] = s.maybe[a][i].Without(c)
		s.settleMaybe(a, i)
	}
	if !known && c < 36 && s.hist[a][i][0] != 0 && s.hist[a][i].hasV(Suit(c/9)) {
		s.hist[a][i].add(tokP + uint8(c/9))
	}
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

// hgen records, for each card a seat is unsure about, the first return (0: its holder's first
// this hand) at which it may have gone under the stock: two bit planes over the card bits, the
// generation's low bit in the first. All copies of a Valknut share the bit of the first copy
// (36), and all Hagalaz that of bit 39: a newer return overrides an older one for them (which
// only narrows where Sample may put them).
type hgen [2]Cards

// genBit is the bit of c in an hgen.
func genBit(c Card) Cards {
	switch c {
	case Valknut:
		return 1 << 36
	case Hagalaz:
		return 1 << 39
	}
	return 1 << c
}

func (g *hgen) get(c Card) int {
	b, n := genBit(c), 0
	if g[0]&b != 0 {
		n = 1
	}
	if g[1]&b != 0 {
		n += 2
	}
	return n
}

func (g *hgen) set(c Card, n int) {
	b := genBit(c)
	g[0], g[1] = g[0]&^b, g[1]&^b
	if n&1 != 0 {
		g[0] |= b
	}
	if n&2 != 0 {
		g[1] |= b
	}
}

// support returns the bits an hgen for the cards m may use.
func genSupport(m Cards) Cards {
	out := m & suitedBits
	if m.Count(Valknut) > 0 {
		out |= 1 << 36
	}
	if m.Count(Hagalaz) > 0 {
		out |= 1 << 39
	}
	return out
}

// settleMaybe drops the generations of cards no longer in doubt.
func (s *State) settleMaybe(a, i int8) {
	sup := genSupport(s.maybe[a][i] | s.mayOut[a][i])
	s.mayGen[a][i][0] &= sup
	s.mayGen[a][i][1] &= sup
}

// logReturn records p's return to the stock (after stockSeen was updated): what the others
// knew p held may now be under the stock.
func (s *State) logReturn(p int8) {
	for a := range int8(s.players) {
		if a == p {
			continue
		}
		i := kidx(a, p)
		if h := &s.hist[a][i]; h[0] != 0 {
			h.add(tokR)
		}
		if k := s.known[a][i]; k != 0 {
			g := bits.OnesCount16(s.stockSeen[p]) - 1
			for c := range k.All() {
				s.mayGen[a][i].set(c, g)
			}
			s.maybe[a][i] = s.maybe[a][i].Plus(k)
			s.known[a][i] = 0
		}
	}
}

// forget drops what seat a knew, or guessed, of seat q's cards (a 6 exchange a does not see
// may have moved them).
func (s *State) forget(a, q int8) {
	i := kidx(a, q)
	s.known[a][i], s.maybe[a][i], s.mayOut[a][i], s.mayGen[a][i] = 0, 0, 0, hgen{}
}
