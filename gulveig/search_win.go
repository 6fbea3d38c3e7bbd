package gulveig

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// The match-aware leaf value of [SearchBot]: in a match with a hand limit, the end of a hand
// that does not end the match is worth the chance of winning the match from the scores it leaves
// with the hands left, estimated from futures of hands between heuristic bots.

const (
	winPoolHands = 4000 // hands of heuristic bots sampled per configuration
	winFutures   = 1024 // futures per number of hands left and dealer
	winMaxLeft   = 8    // the most hands left the estimate covers (beyond it, the hand's reward)
	winPoolSeed  = 0x6775_6c76_6569_6721
)

// winTable holds, for one configuration, winFutures futures of each number of hands left (1 to
// winMaxLeft) from each dealer of the coming hand: what each seat's score gains over those
// hands, each hand's gains drawn from a pool of hands played between heuristic bots (the gains
// of the seat so many places from the dealer, so that the deal rotates as in play).
//
// With three players, it also holds each seat's leads over the next two seats in every future,
// sorted by the first lead, so that chance skips the futures that lose on the first lead alone.
type winTable struct {
	players int
	fut     [winMaxLeft][4][winFutures][4]int32 // [left-1][dealer][future][seat]
	leads   [winMaxLeft][3][3]winLeads          // [left-1][dealer][seat], three players only
	memo    [winMemoSize]atomic.Uint64          // three players' chances already counted (see chance)
}

// A win table's memo has 1<<winMemoBits entries.
const (
	winMemoBits = 14
	winMemoSize = 1 << winMemoBits
)

// winLeads holds what a seat gains over the next seat (x) and the one after (y) in each future,
// ordered by x.
type winLeads struct {
	x, y [winFutures]int32
}

var winTables struct {
	mu sync.Mutex
	m  map[Config]*winTable
}

// winKey returns the configuration whose hands a win table is sampled from: c's, with no hand
// limit and the first dealer given (the pool's hands start from seat 0's deal).
func winKey(c Config) Config {
	c.HandLimit, c.DealerGiven, c.FirstDealer = 0, true, 0
	return c
}

// winTableFor returns the win table of the view's configuration, sampling it on the first
// decision that needs it in the process (about 20 ms, outside the search's time budget), or nil
// when the leaf value does not apply to the match: no hand limit, a target other than 1000 (the
// futures ignore the barrel and the target, which a match of a few hands to 1000 rarely nears),
// or more than winMaxLeft hands left.
func winTableFor(v *View) *winTable {
	if v.handLimit == 0 || v.target != DefaultTarget || int(v.handLimit)-int(v.hands) > winMaxLeft {
		return nil
	}
	key := winKey(v.Config())
	winTables.mu.Lock()
	defer winTables.mu.Unlock()
	if t := winTables.m[key]; t != nil {
		return t
	}
	t, err := newWinTable(key)
	if err != nil {
		return nil
	}
	if winTables.m == nil {
		winTables.m = map[Config]*winTable{}
	}
	winTables.m[key] = t
	return t
}

// winPool plays winPoolHands hands of c between heuristic bots (no random card), each from seat
// 0's deal at scores 0, deterministically, and returns each hand's score changes by place from
// the dealer (index 0 is the dealer).
func winPool(c Config) ([][4]int32, error) {
	start, err := New(c)
	if err != nil {
		return nil, err
	}
	r := rng.New(winPoolSeed)
	pool := make([][4]int32, winPoolHands)
	var s State
	for i := range pool {
		s = start
		for dealt := false; !(dealt && s.phase == PhaseDeal) && !s.Over(); {
			var m Move
			if s.toMove == chance {
				m, dealt = s.SampleChance(r), dealt || s.phase == PhaseDeal
			} else {
				m = policyMove(&s, r, 0)
			}
			if err := s.Step(m); err != nil {
				return nil, err
			}
		}
		for q := range int(s.players) {
			pool[i][q] = s.scores[q] - start.scores[q]
		}
	}
	return pool, nil
}

// newWinTable samples the win table of configuration c (see winKey).
func newWinTable(c Config) (*winTable, error) {
	pool, err := winPool(c)
	if err != nil {
		return nil, err
	}
	n := c.normal().Players
	t := &winTable{players: n}
	r := rng.New(winPoolSeed + 1)
	for d := range n {
		for j := range winFutures {
			var sum [4]int32
			for left := range winMaxLeft {
				h := &pool[r.IntN(len(pool))]
				dealer := (d + left) % n
				for q := range n {
					sum[q] += h[(q-dealer+n)%n]
				}
				t.fut[left][d][j] = sum
			}
		}
	}
	if n == 3 {
		for left := range winMaxLeft {
			for d := range 3 {
				for me := range 3 {
					l := &t.leads[left][d][me]
					var idx [winFutures]int
					for j := range idx {
						idx[j] = j
					}
					f := &t.fut[left][d]
					a, b := (me+1)%3, (me+2)%3
					slices.SortStableFunc(idx[:], func(i, j int) int {
						return cmp.Compare(f[i][me]-f[i][a], f[j][me]-f[j][a])
					})
					for k, j := range idx {
						l.x[k], l.y[k] = f[j][me]-f[j][a], f[j][me]-f[j][b]
					}
				}
			}
		}
	}
	return t, nil
}

// chance returns seat's estimated share of the win of a match with left hands to play (1 to
// winMaxLeft) from scores, the coming hand dealt by dealer: its mean share over the futures
// (1 for a sole lead, 1/k for a lead shared by k seats).
func (t *winTable) chance(scores *[4]int32, seat norns.Player, dealer int, left int) float64 {
	n, me := t.players, int(seat)
	if n == 3 {
		d1, d2 := scores[me]-scores[(me+1)%3], scores[me]-scores[(me+2)%3]
		if d1 < -1<<15 || d1 >= 1<<15 || d2 < -1<<15 || d2 >= 1<<15 {
			return t.chanceOf(scores, seat, dealer, left)
		}
		// The memo: a direct-mapped table of keys and counts, one word an entry (a valid bit, the
		// count in 14 bits, the key in 39), read and written atomically, so that the search's
		// workers and other bots may share it; it holds exact values, so it changes no result.
		key := uint64(left-1)<<36 | uint64(dealer)<<34 | uint64(me)<<32 | uint64(uint16(d1))<<16 | uint64(uint16(d2))
		slot := &t.memo[(key*0x9e3779b97f4a7c15)>>(64-winMemoBits)]
		if e := slot.Load(); e&(1<<63) != 0 && e&(1<<39-1) == key {
			return float64(e>>39&(1<<14-1)) / (12 * winFutures)
		}
		l := &t.leads[left-1][dealer][me]
		// The futures with d1+x < 0 lose: skip them (x is sorted).
		lo, hi := 0, winFutures
		for lo < hi {
			mid := (lo + hi) / 2
			if d1+l.x[mid] < 0 {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		// Count in twelfths: a sole lead 12, a lead shared with one seat 6, with both 4.
		total := 0
		for k := lo; k < winFutures; k++ {
			a, b := d1+l.x[k], d2+l.y[k]
			gt1, eq1, gt2, eq2 := b2i(a > 0), b2i(a == 0), b2i(b > 0), b2i(b == 0)
			total += 12*gt1*gt2 + 6*(gt1*eq2+eq1*gt2) + 4*eq1*eq2
		}
		slot.Store(1<<63 | uint64(total)<<39 | key)
		return float64(total) / (12 * winFutures)
	}
	return t.chanceOf(scores, seat, dealer, left)
}

// chanceOf is chance for any number of players, future by future.
func (t *winTable) chanceOf(scores *[4]int32, seat norns.Player, dealer int, left int) float64 {
	n, me := t.players, int(seat)
	futs := &t.fut[left-1][dealer]
	total := 0 // in twelfths: a sole lead 12, a lead shared by k seats 12/k
	for j := range futs {
		f := &futs[j]
		mine, tied := scores[me]+f[me], 1
		for q := range n {
			if q == me {
				continue
			}
			switch x := scores[q] + f[q]; {
			case x > mine:
				tied = 0
			case x == mine && tied > 0:
				tied++
			}
			if tied == 0 {
				break
			}
		}
		if tied > 0 {
			total += 12 / tied
		}
	}
	return float64(total) / (12 * float64(len(futs)))
}

// matchReward scores a leaf for seat with the win table t: the match result when over; at the end
// of a hand with hands left, the estimated chance of winning from the scores; else handReward.
func matchReward(s State, seat norns.Player, t *winTable, root *[4]int32, scale float64) float64 {
	if s.Over() {
		return handReward(s, seat, root, scale)
	}
	if left := int(s.handLimit) - int(s.hands); s.phase == PhaseDeal && left >= 1 && left <= winMaxLeft {
		return t.chance(&s.scores, seat, int(s.dealer), left)
	}
	return handReward(s, seat, root, scale)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
