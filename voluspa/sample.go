package voluspa

import (
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// kindTiles[i] holds every copy of the i-th kind.
var kindTiles = func() (k [NumKinds]cards.Multiset) {
	for i, t := range tiles {
		for range t.Copies() {
			k[i] = Deck.With(k[i], cards.Card(t))
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
// right numbers, each other hand holding the tiles the seat knows it holds (V8) and as many tiles
// of the kinds its last discard showed as that discard implies (V9). Its View(Seat()) equals v.
//
// What a discard shows is kept for each seat's last discard only: a seat that discards again
// while the first discard still binds some of its tiles has the older inference replaced by the
// newer (two discards by one seat that close together are rare; a sample may then give that
// seat a hand the first discard ruled out).
//
// Distribution: without a discard to respect, every deal of the unseen tiles is equally likely
// (each copy is a distinct tile, dealt at random). A seat bound by a discard draws how many of
// its hidden tiles are of the shown kinds from the hypergeometric law cut to the values its
// discard allows, the seats in turn; if a later seat cannot be served, the deal starts over.
func (v View) Sample(r *rng.Rand) State {
	s := State{public: v.public}
	s.h.hand[v.me] = v.hand
	pool := v.unseen()
	for {
		left := pool
		ok := true
		for q := range int8(v.players) {
			if q == v.me {
				continue
			}
			hidden := int(v.size[q]) - v.known[q].Len()
			need := 0
			var in cards.Multiset
			if h := v.holds[q]; h.n > 0 {
				in = h.kinds.of()
				need = max(0, int(h.n)-(v.known[q]&in).Len())
			}
			var got cards.Multiset
			got, left, ok = dealHidden(left, in, hidden, need, r)
			if !ok {
				break
			}
			s.h.hand[q], _ = Deck.Sum(v.known[q], got)
		}
		if ok {
			s.h.supply = left
			return s
		}
	}
}

// dealHidden draws n tiles from pool, at least need of them among the copies of in (need is 0
// when in is empty), each such deal as likely as when the pool was shuffled and dealt, given the
// bound. It returns the tiles, the pool left, and false if the bound cannot be met.
func dealHidden(pool, in cards.Multiset, n, need int, r *rng.Rand) (got, left cards.Multiset, ok bool) {
	if need == 0 {
		return drawN(pool, n, r)
	}
	inPool := pool & in
	outPool := pool &^ in
	nIn, nOut := inPool.Len(), outPool.Len()
	// weights[j] = C(nIn, j) C(nOut, n-j) for the allowed j.
	var weights [HandSize + NumTiles]uint64
	total := uint64(0)
	for j := need; j <= min(n, nIn); j++ {
		if n-j > nOut {
			continue
		}
		weights[j] = binom(nIn, j) * binom(nOut, n-j)
		total += weights[j]
	}
	if total == 0 {
		return 0, pool, false
	}
	x := r.Uint64N(total)
	j := need
	for ; x >= weights[j]; j++ {
		x -= weights[j]
	}
	a, inLeft, _ := drawN(inPool, j, r)
	b, outLeft, _ := drawN(outPool, n-j, r)
	got, _ = Deck.Sum(a, b)
	left, _ = Deck.Sum(inLeft, outLeft)
	return got, left, true
}

// drawN draws n copies of pool uniformly without replacement.
func drawN(pool cards.Multiset, n int, r *rng.Rand) (got, left cards.Multiset, ok bool) {
	for range n {
		c := Deck.Random(pool, r)
		pool = Deck.Without(pool, c)
		got = Deck.With(got, c)
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
