package herrlof

import (
	"math/bits"

	"github.com/nornsgames/norns/rng"
)

// SampleChance draws the chance outcome with its true probability. At a deal it draws the opening
// leader uniformly with r.IntN (the first hand only; later hands rotate, H5), then shuffles the
// deck with [rng.ShuffleSmall] (Fisher–Yates: for i from 41 down to 1, swap card i with card j
// uniform in [0, i], starting from the order R1…R9, G1…, B1…, Y1…Y9, V, V, V, H, H, H; j is drawn
// with Lemire's multiply-and-reject method on the low, then the high 32 bits of each r.Uint64)
// and deals it as [Deal] describes: the first cards to seat 0, the next to seat 1 (and seat 2),
// then the trump card, then the stock from the top. At a 6's pick it draws one card of the
// target's hand, each copy equally likely (as cards.Deck.Random draws: the r.IntN(size)-th
// copy in bit order). It panics unless ToMove is Chance. It does not allocate.
func (s State) SampleChance(r *rng.Rand) Move {
	switch s.phase {
	case PhaseDeal:
		if s.players == 0 {
			break // the zero State, where nobody is to move
		}
		leader := (s.opener + 1) % int8(s.players)
		if s.opener < 0 {
			leader = int8(r.IntN(int(s.players)))
		}
		return s.sampleDeal(leader, r)
	case PhasePick:
		// deck.Random, written out: the r.IntN(h.Len())-th copy of h in bit order.
		h := uint64(s.hands[s.target])
		for i := r.IntN(bits.OnesCount64(h)); i > 0; i-- {
			h &= h - 1
		}
		return Pick(bitCards[bits.TrailingZeros64(h)&63])
	}
	panic("herrlof: SampleChance when " + s.ToMove().String() + " is to move")
}

// Sample returns a full state drawn at random among those consistent with what the seat saw
// this hand, and whose View(v.Seat()) is v. The unseen cards (those not in the seat's hand, not
// played, not the trump card, not at the stock positions it filled) are dealt to the other hands
// and the unknown stock positions so that some history of the moves the seat did not see (the
// deal, the draws and returns of the 3s, the 6 exchanges between other seats) explains all it
// saw: every show-out (an opponent that played another suited card when a suit was led held none
// of it then), every card it gave or lost with a 6 (in the receiver's hand then), every card
// played. A draw takes the top of the stock, never a card returned under it this hand. Other
// seats' bids, which the seat cannot see, are drawn uniformly from 0 to the hand size.
//
// Exactness: every sample is a state the seat cannot rule out. Sample searches backward over the
// State's record of the hand for a history of the hidden moves (draws, returns and, with three
// players, the 6 exchanges between the two other seats, each of which may have passed any card
// on) that explains everything the seat saw, and deals the unseen cards along it (see the
// package documentation and walk.go). Other seats' private knowledge is not sampled: the
// sample's other seats know nothing of each other's hands, nor where the seat's cards may have
// gone; the cards of the 6 exchanges the seat did not see are those of the history found.
//
// The distribution: when no opponent has shown out this hand and no card the seat gave or lost
// with a 6 is unaccounted for, every arrangement is equally likely (counting the copies of
// Valknut and Hagalaz as distinct cards). Otherwise the search tries the hidden choices of each
// step in a random order (from a random start) and keeps the first that leads to a complete
// history, then deals the unseen cards uniformly among those that keep the deal possible: every
// consistent arrangement can come out, but not all equally often.
//
// Sample is exact: the search has no budget (it is exhaustive, and finds a history whenever there
// is one), so every state it returns has View(v.Seat()) == v, for the view of any state a match
// reaches. Only a View of a state no match reaches (one a test edited by hand; New, Apply and
// [State.UnmarshalJSON] never make such states) has no history, and no state has that view; for
// it Sample returns the unconstrained deal of the first case. The zero View's sample is the zero
// State. Sample does not allocate.
//
// The spectator's view (View(norns.Nobody)) samples the same way, exactly, with no hand of its
// own: the search deals every card not seen in play to the hands and the whole stock, along a
// history of every hidden move (the draws and returns, and every 6 exchange, whose cards a
// spectator never sees). The sample's View(norns.Nobody) equals v; its seats know nothing of each
// other's hands.
func (v View) Sample(r *rng.Rand) State { return v.sample(r, sampleOptions{}) }

// sampleOptions are the tests' handles on [View.Sample].
type sampleOptions struct {
	// plain skips the search and deals the unseen cards as if the seat knew nothing of the
	// others' hands (the fallback), to show that the tests' checks catch such samples.
	plain bool
	// traced, if not nil, learns whether the search found a history and how many steps it took.
	traced func(found bool, steps int)
	// limit, if positive, stops the search after that many steps, as the budget Sample had
	// before version 1.0 did, to show the tests what a budget costs.
	limit int
}

// sample is Sample with options.
func (v View) sample(r *rng.Rand, o sampleOptions) State {
	s := v.sampleCards(r, o)
	s.setLegal()
	return s
}

// sampleCards is sample but for the list of legal moves.
func (v View) sampleCards(r *rng.Rand, o sampleOptions) State {
	if v.players == 0 {
		return State{} // the zero View's
	}
	s := State{public: v.public, bids: [3]int8{-1, -1, -1}}
	me := v.seat
	n := int8(v.players)
	hs := handSize(int(n))
	// Bids: the seat's own, and a uniform draw for each seat that has bid.
	if v.phase != PhaseDeal && v.phase != PhaseOver {
		for i := range n {
			q := (v.opener + i) % n
			if v.phase == PhaseBid && q == v.toMove {
				break
			}
			if q == me {
				s.bids[q] = v.bid
			} else {
				s.bids[q] = int8(r.IntN(hs + 1))
			}
		}
	}
	if v.phase == PhaseDeal || v.phase == PhaseOver {
		return s
	}
	if me < 0 {
		return v.sampleSpectator(s, r, o)
	}
	s.hands[me] = v.hand
	// Seen cards: everything but the unknown ones.
	seen := v.hand.Plus(v.out)
	for _, c := range v.trick.cards[:v.trick.n] {
		seen = seen.add(c)
	}
	if v.trump != NoCard {
		seen = seen.add(v.trump)
	}
	var stock [stockCap]Card // from the bottom
	for x := v.stockSeen[me]; x != 0; x &= x - 1 {
		j := trailing16(x)
		stock[j] = v.stockMine[j]
		seen = seen.add(v.stockMine[j])
	}
	for q := range n {
		if q == me {
			continue
		}
		s.hands[q] = v.knows[q]
		s.setKnown(me, q, v.knows[q])
		s.setKnown(q, me, v.knownBy[q])
	}
	s.rec = v.tape
	if !o.plain {
		t, ts := s, stock
		if t.retrace(&v, r, seen, &ts, o.limit, o.traced) {
			t.stock = pileOf(ts[:v.stockLen])
			return t
		}
	}
	for q := range n {
		if q != me {
			seen = seen.Plus(v.knows[q])
		}
	}
	pool := deckBits.Minus(seen) // each bit one physical card
	// The opponents' missing cards, and the cards each may hold.
	var opp [2]int8
	var need [2]int
	var elig [2]Cards
	k := 0
	for q := range n {
		if q == me {
			continue
		}
		opp[k] = q
		need[k] = int(v.handLens[q]) - v.knows[q].Len()
		elig[k] = pool
		for st := range Suit(NumSuits) {
			if v.voids[q]&(1<<st) != 0 {
				elig[k] &^= suitBits[st]
			}
		}
		k++
	}
	a := elig[0] &^ elig[1] // only the first opponent (or the stock)
	c := elig[1] &^ elig[0] // only the second
	both := elig[0] & elig[1]
	nb := both.Len()
	j, m := 0, 0
	if n == 3 && nb > 0 {
		j, m = splitShared(r, a.Len(), nb, c.Len(), need)
	}
	b0 := randomSubset(r, both, j)
	b1 := randomSubset(r, both&^b0, m)
	h0 := b0 | randomSubset(r, a, need[0]-j)
	h1 := b1 | randomSubset(r, c, need[1]-m)
	s.hands[opp[0]] = s.hands[opp[0]].Plus(canonical(h0))
	if n == 3 {
		s.hands[opp[1]] = s.hands[opp[1]].Plus(canonical(h1))
	}
	// The rest fills the unknown stock positions in random order.
	var rest [DeckSize]uint8
	k = (pool &^ h0 &^ h1).positions(&rest)
	rng.ShuffleSmall(r, rest[:k]) // every card left goes to a stock position
	u := 0
	for i := range int(v.stockLen) {
		if v.stockSeen[me]&(1<<i) == 0 {
			stock[i] = bitCard(int(rest[u]))
			u++
		}
	}
	s.stock = pileOf(stock[:v.stockLen])
	return s
}

// sampleSpectator is [View.Sample] for the spectator's view (v.seat < 0), given s with the
// public part and the bids: the same search over the hand's record with every hand and stock
// position unknown and every 6 exchange hidden. Its fallback, for a view of a state no match
// reaches (or o.plain), deals the unseen cards to the hands and the stock uniformly, ignoring
// the show-outs.
func (v View) sampleSpectator(s State, r *rng.Rand, o sampleOptions) State {
	seen := v.out
	for _, c := range v.trick.cards[:v.trick.n] {
		seen = seen.add(c)
	}
	if v.trump != NoCard {
		seen = seen.add(v.trump)
	}
	s.rec = v.tape
	var stock [stockCap]Card // from the bottom
	if !o.plain {
		t, ts := s, stock
		if t.retrace(&v, r, seen, &ts, o.limit, o.traced) {
			t.stock = pileOf(ts[:v.stockLen])
			return t
		}
	}
	var rest [DeckSize]uint8
	k := deckBits.Minus(seen).positions(&rest)
	rng.ShuffleSmall(r, rest[:k])
	u := 0
	for q := range int(v.players) {
		var h Cards
		for range v.handLens[q] {
			if u < k {
				h |= 1 << (rest[u] & 63)
				u++
			}
		}
		s.hands[q] = canonical(h)
	}
	for i := range int(v.stockLen) {
		if u < k {
			stock[i] = bitCard(int(rest[u]))
			u++
		}
	}
	s.stock = pileOf(stock[:v.stockLen])
	return s
}

// splitShared draws how many of the nb cards both opponents may hold go to the first (j) and to
// the second (m), each split weighted by the number of deals it completes: the first also needs
// need[0]-j of the na cards only it may hold, the second need[1]-m of its nc.
func splitShared(r *rng.Rand, na, nb, nc int, need [2]int) (j, m int) {
	var w [DeckSize + 1]float64
	total := 0.0
	for j := 0; j <= need[0] && j <= nb; j++ {
		w[j] = binom(na, need[0]-j) * binom(nb, j) * sumSecond(nc, nb-j, need[1])
		total += w[j]
	}
	j = pickWeighted(r, w[:], total)
	if need[1] == 0 {
		return j, 0
	}
	total = 0
	for m := 0; m <= need[1] && m <= nb-j; m++ {
		w[m] = binom(nc, need[1]-m) * binom(nb-j, m)
		total += w[m]
	}
	for i := min(need[1], nb-j) + 1; i < len(w); i++ {
		w[i] = 0
	}
	return j, pickWeighted(r, w[:], total)
}

// positions writes the bit positions of h to dst, ascending, and returns how many there are.
func (h Cards) positions(dst *[DeckSize]uint8) int {
	k := 0
	for x := uint64(h); x != 0 && k < DeckSize; x &= x - 1 {
		dst[k] = uint8(bits.TrailingZeros64(x))
		k++
	}
	return k
}

// canonical turns a set of physical cards (any bits of the Valknut and Hagalaz ranges) into the
// multiset representation.
func canonical(h Cards) Cards {
	v := bits.OnesCount64(uint64(h >> 36 & 7))
	x := bits.OnesCount64(uint64(h >> 39 & 7))
	return h&suitedBits | Cards(1<<v-1)<<36 | Cards(1<<x-1)<<39
}

// randomSubset returns k bits of h chosen uniformly (k <= h.Len()), with [rng.PartialShuffle] of
// its positions.
func randomSubset(r *rng.Rand, h Cards, k int) Cards {
	var pos [DeckSize]uint8
	n := h.positions(&pos)
	if k > n/2 {
		return h &^ randomSubset(r, h, n-k) // choose the bits to leave out instead
	}
	rng.PartialShuffle(r, pos[:n], k)
	var out Cards
	for _, b := range pos[:k] {
		out |= 1 << (b & 63)
	}
	return out
}

// sumSecond counts the ways to give k cards to the second opponent from nc cards only it may hold
// and nb cards either may hold.
func sumSecond(nc, nb, k int) float64 {
	t := 0.0
	for m := 0; m <= k && m <= nb; m++ {
		t += binom(nc, k-m) * binom(nb, m)
	}
	return t
}

func pickWeighted(r *rng.Rand, w []float64, total float64) int {
	x := r.Float64() * total
	last := 0
	for i, wi := range w {
		if wi <= 0 {
			continue
		}
		last = i
		if x < wi {
			return i
		}
		x -= wi
	}
	return last
}

// binomTable[n][k] is n choose k for n, k <= 42.
var binomTable = func() (t [DeckSize + 1][DeckSize + 1]float64) {
	for n := range DeckSize + 1 {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

func binom(n, k int) float64 {
	if k < 0 || n < 0 || k > n {
		return 0
	}
	return binomTable[n][k]
}

// sampleDeal shuffles the deck and packs the deal as Deal does, without allocating. It shuffles
// the cards' bit positions (0–41) rather than the cards, so hands are built with one OR per card.
func (s *State) sampleDeal(leader int8, r *rng.Rand) Move {
	d := dealOrder // one copy rather than a loop
	rng.ShuffleSmall(r, d[:])
	n := int(s.players)
	hs := handSize(n)
	// The trump card and the stock, six bits a card (see deal.go): the first nine in lo, the
	// rest (two players) in hi; rest holds their bits.
	seq := d[n*hs:]
	card := func(j int) uint64 { return uint64(bitCards[seq[j]&63]) }
	lo := card(0) | card(1)<<6 | card(2)<<12 | card(3)<<18 | card(4)<<24 | card(5)<<30 |
		card(6)<<36 | card(7)<<42 | card(8)<<48
	var hi, rest uint64
	if n == 2 {
		hi = card(9) | card(10)<<6 | card(11)<<12
	}
	for _, b := range seq {
		rest |= 1 << (b & 63)
	}
	var phys [2]uint64 // seats 0 and 1; with three players seat 2 gets the rest
	for _, b := range d[:hs] {
		phys[0] |= 1 << (b & 63)
	}
	if n == 2 {
		phys[1] = uint64(deckBits) &^ phys[0] &^ rest // the cards left
	} else {
		for _, b := range d[hs : 2*hs] {
			phys[1] |= 1 << (b & 63)
		}
	}
	return Move{w: uint64(MoveDeal) | uint64(uint8(leader))<<16 | uint64(n)<<24 | lo<<32,
		h0: uint64(canonical(Cards(phys[0]))) | lo>>32<<42, h1: uint64(canonical(Cards(phys[1]))) | hi<<42}
}

// dealOrder lists the deck's bit positions, 0 to DeckSize-1: the order a deal shuffles.
var dealOrder = func() (d [DeckSize]uint8) {
	for i := range d {
		d[i] = uint8(i)
	}
	return d
}()
