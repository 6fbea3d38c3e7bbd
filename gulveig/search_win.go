package gulveig

import (
	"sync"

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
type winTable struct {
	players int
	fut     [winMaxLeft][4][winFutures][4]int32 // [left-1][dealer][future][seat]
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

// winTableFor returns the win table of the view's configuration, sampling it on first use (about
// a tenth of a second), or nil when the leaf value does not apply to the match: no hand limit, a
// target other than 1000 (the futures ignore the barrel and the target, which a match of a few
// hands to 1000 rarely nears), or more than winMaxLeft hands left.
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
	return t, nil
}

// chance returns seat's estimated share of the win of a match with left hands to play (1 to
// winMaxLeft) from scores, the coming hand dealt by dealer: its mean share over the futures
// (1 for a sole lead, 1/k for a lead shared by k seats).
func (t *winTable) chance(scores *[4]int32, seat norns.Player, dealer int, left int) float64 {
	n, me := t.players, int(seat)
	futs := &t.fut[left-1][dealer]
	total := 0.0
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
			total += 1 / float64(tied)
		}
	}
	return total / float64(len(futs))
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
