package voluspa

import (
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// kindTiles[i] holds every copy of the i-th kind.
var kindTiles = func() (k [NumKinds]cards.Multiset) {
	for i, t := range tiles {
		for range t.Copies() {
			k[i] = deck.With(k[i], cards.Card(t))
		}
	}
	return k
}()

// of returns every copy of the kinds of k.
func (k kindSet) of() cards.Multiset {
	var m cards.Multiset
	for i := range NumKinds {
		if k&(1<<i) != 0 {
			m |= kindTiles[i]
		}
	}
	return m
}

// Sample returns a full state the seat cannot tell from the true one: the same public part and
// hand, and the unseen tiles ([View.Unseen]) dealt to the other hands and the supply in the
// right numbers, each other hand holding the tiles the seat knows it holds (V8) and, for every
// discard it made whose inference still binds, as many tiles of the kinds blocked at that discard
// as the discard implies (V9). Its View(Seat()) equals v.
//
// Every discard counts: when a seat discards twice while the first discard still binds some of
// its tiles, those tiles were in its hand at the second discard too, so they are of the kinds
// blocked at both; Sample keeps both bounds (see the holds kept in the State). A tile the seat
// was seen to capture after a discard was not in its hand then: it comes on top of the tiles the
// discard showed, never in place of one.
//
// Distribution: without a discard to respect, every deal of the unseen tiles is equally likely
// (each copy is a distinct tile, dealt at random). A seat bound by discards draws its hidden
// tiles uniformly among the draws that meet every bound (how many fall in each nested set of
// kinds, weighted by the number of such draws, then the tiles), the seats in turn; if a later
// seat cannot be served, the deal starts over.
//
// Sample is exact: every state it returns has View(Seat()) equal to v, with no budget and no
// fallback to an approximation; for the view of a reachable state a deal that serves every seat
// exists (the true one), so the redeals end. The zero View samples a state of no seat.
//
// The spectator's view (View(norns.Nobody)) samples the same way with no hand of its own: every
// seat's hidden tiles and the supply are dealt from the unseen tiles under every seat's bounds,
// and the sample's View(norns.Nobody) equals v.
func (v View) Sample(r *rng.Rand) State {
	s := State{public: v.public}
	if v.me != nobody {
		s.h.hand[v.me] = v.hand
	}
	pool := v.unseen()
	for {
		left := pool
		ok := true
		for q := range int8(v.players) {
			if q == v.me {
				continue
			}
			hidden := int(v.size[q]) - v.known[q].Len()
			var got cards.Multiset
			got, left, ok = dealHidden(left, &v.holds[q], v.known[q], hidden, r)
			if !ok {
				break
			}
			s.h.hand[q], _ = deck.Sum(v.known[q], got)
		}
		if ok {
			s.pool = left
			s.node = s.head
			return s
		}
	}
}

// layers splits a pool by a seat's nested inferences: layer i < m holds the pool's copies of
// the i-th set of kinds not in the (i-1)-th, and layer m the rest; the first i+1 layers must
// give at least need[i] tiles together.
type layers struct {
	m    int
	pool [HandSize + 1]cards.Multiset
	size [HandSize + 1]int
	need [HandSize]int
}

// ways returns how many draws of left tiles from layers i.. meet the bounds, sum tiles having
// come from the layers before i.
func (l *layers) ways(i, left, sum int) uint64 {
	if i == l.m {
		return binom(l.size[i], left)
	}
	var t uint64
	for c := max(0, l.need[i]-sum); c <= min(left, l.size[i]); c++ {
		t += binom(l.size[i], c) * l.ways(i+1, left-c, sum+c)
	}
	return t
}

// pick sets c[i:] to the counts of the x-th draw (in the order ways counts them) of left tiles
// from layers i.., x below ways(i, left, sum).
func (l *layers) pick(i, left, sum int, x uint64, c *[HandSize + 1]int) {
	if i == l.m {
		c[i] = left
		return
	}
	for k := max(0, l.need[i]-sum); k <= min(left, l.size[i]); k++ {
		b := binom(l.size[i], k)
		if w := b * l.ways(i+1, left-k, sum+k); x >= w {
			x -= w
			continue
		}
		c[i] = k
		l.pick(i+1, left-k, sum+k, x/b, c)
		return
	}
}

// dealHidden draws the n hidden tiles of a seat from pool: uniformly among the draws that, with
// the tiles known to be in its hand, meet every inference of h. It returns the tiles, the pool
// left, and false if no draw meets them.
func dealHidden(pool cards.Multiset, h *holds, known cards.Multiset, n int, r *rng.Rand) (got, left cards.Multiset, ok bool) {
	kinds, bound, m := h.chain()
	var l layers
	rest := pool
	for i := range m {
		in := kinds[i].of()
		l.pool[i] = rest & in
		rest &^= in
		l.need[i] = bound[i] - (known & in).Len()
		if l.need[i] > 0 {
			l.m = i + 1
		}
	}
	if l.m == 0 {
		return drawN(pool, n, r)
	}
	// The bounds past the last that needs a hidden tile hold already: their tiles join the rest.
	l.pool[l.m] = pool
	for i := range l.m {
		l.pool[l.m] &^= l.pool[i]
		l.size[i] = l.pool[i].Len()
	}
	l.size[l.m] = l.pool[l.m].Len()
	total := l.ways(0, n, 0)
	if total == 0 {
		return 0, pool, false
	}
	var c [HandSize + 1]int
	l.pick(0, n, 0, r.Uint64N(total), &c)
	for i := range l.m + 1 {
		var a, b cards.Multiset
		a, b, _ = drawN(l.pool[i], c[i], r)
		got, _ = deck.Sum(got, a)
		left, _ = deck.Sum(left, b)
	}
	return got, left, true
}

// drawN draws n copies of pool uniformly without replacement.
func drawN(pool cards.Multiset, n int, r *rng.Rand) (got, left cards.Multiset, ok bool) {
	for range n {
		c := deck.Random(pool, r)
		pool = deck.Without(pool, c)
		got = deck.With(got, c)
	}
	return got, pool, true
}

// binom returns n choose k for the small numbers of a hand.
func binom(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	v := uint64(1)
	for i := range k {
		v = v * uint64(n-i) / uint64(i+1)
	}
	return v
}
