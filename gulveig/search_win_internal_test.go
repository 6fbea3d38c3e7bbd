package gulveig

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// TestWinTable checks the win chances of the match-aware leaf value (see matchReward): equal
// scores give each seat about its share, a lead never lowers the chance (the futures are the same
// for every score), a lead of 200 with one hand left nearly wins, and the table, sampled
// deterministically, gives the pinned values.
func TestWinTable(t *testing.T) {
	w, err := newWinTable(winKey(Config{Players: 3}))
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for p := range 3 {
		sum += w.chance(&[4]int32{}, norns.Player(p), 0, 2)
	}
	if sum < 0.99 || sum > 1.01 {
		t.Errorf("the chances of equal scores add to %.3f, want 1", sum)
	}
	var b strings.Builder
	for left := 1; left <= 3; left++ {
		prev := -1.0
		for lead := int32(-200); lead <= 200; lead += 10 {
			c := w.chance(&[4]int32{lead, 0, -lead / 2}, 0, 1, left)
			if c < prev {
				t.Errorf("%d hands left: lead %d gives %.4f, less than %.4f with 10 points less", left, lead, c, prev)
			}
			prev = c
			if lead%100 == 0 {
				fmt.Fprintf(&b, "%d:%d:%.4f ", left, lead, c)
			}
		}
	}
	if c := w.chance(&[4]int32{200, 0, 0}, 0, 0, 1); c < 0.95 {
		t.Errorf("a lead of 200 with one hand left wins %.3f", c)
	}
	const want = "1:-200:0.0000 1:-100:0.0044 1:0:0.2866 1:100:0.9565 1:200:0.9961 2:-200:0.0000 2:-100:0.0693 2:0:0.3354 2:100:0.6904 2:200:0.9507 3:-200:0.0078 3:-100:0.0698 3:0:0.3447 3:100:0.6758 3:200:0.9023 "
	if got := b.String(); got != want {
		t.Errorf("win chances:\n got %s\nwant %s", got, want)
	}
}

// TestWinChanceFast checks the three players' chance, which counts futures by leads and keeps
// the counts in a memo, against the count future by future.
func TestWinChanceFast(t *testing.T) {
	w, err := newWinTable(winKey(Config{Players: 3}))
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(9)
	for range 2000 {
		sc := [4]int32{int32(r.IntN(400)) - 200, int32(r.IntN(400)) - 200, int32(r.IntN(400)) - 200}
		if r.IntN(4) == 0 {
			sc[2] = sc[0]
		}
		p, d, left := norns.Player(r.IntN(3)), r.IntN(3), 1+r.IntN(winMaxLeft)
		for range 2 { // counted, then from the memo
			if got, want := w.chance(&sc, p, d, left), w.chanceOf(&sc, p, d, left); math.Abs(got-want) > 1e-12 {
				t.Fatalf("scores %v seat %v dealer %d left %d: %v, future by future %v", sc, p, d, left, got, want)
			}
		}
	}
}

// TestWinTableFor checks where the match-aware leaf value applies: matches with a hand limit to
// the default target, at most winMaxLeft hands from the end.
func TestWinTableFor(t *testing.T) {
	for _, tc := range []struct {
		c    Config
		want bool
	}{
		{Config{Players: 3, HandLimit: 4}, true},
		{Config{Players: 4, HandLimit: 2, Roles: true}, true},
		{Config{Players: 2, HandLimit: winMaxLeft}, true},
		{Config{Players: 3}, false},
		{Config{Players: 3, HandLimit: 4, Target: 500}, false},
		{Config{Players: 3, HandLimit: winMaxLeft + 2}, false},
	} {
		s, err := New(tc.c)
		if err != nil {
			t.Fatal(err)
		}
		for s.toMove == chance {
			s, _ = s.Apply(s.SampleChance(rng.New(1)))
		}
		v := s.View(s.ToMove())
		if got := winTableFor(&v) != nil; got != tc.want {
			t.Errorf("%+v: table %v, want %v", tc.c, got, tc.want)
		}
	}
}

// TestMatchReward checks the leaf value: the match's result when it is over, the table's chance
// at the end of a hand with hands left, the hand's reward elsewhere.
func TestMatchReward(t *testing.T) {
	w, err := newWinTable(winKey(Config{Players: 3}))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Players: 3, HandLimit: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(3)
	root := s.scores
	for s.Round() < 2 || s.phase != PhaseDeal {
		if s.Over() {
			break
		}
		var m Move
		if s.toMove == chance {
			m = s.SampleChance(r)
		} else {
			m = policyMove(&s, r, 0)
		}
		if s.phase == PhasePlay && s.tricks == 3 {
			if got, want := matchReward(s, 0, w, &root, 400), handReward(s, 0, &root, 400); got != want {
				t.Fatalf("mid-hand: %v, want handReward's %v", got, want)
			}
		}
		if err := s.Step(m); err != nil {
			t.Fatal(err)
		}
		if s.phase == PhaseDeal && s.Round() == 1 {
			for p := range norns.Player(3) {
				if got, want := matchReward(s, p, w, &root, 400), w.chance(&s.scores, p, int(s.dealer), 1); got != want {
					t.Fatalf("after the first hand, seat %v: %v, want the chance %v", p, got, want)
				}
			}
		}
	}
	for p := range norns.Player(3) {
		want := 0.0
		if s.Winners().Has(p) {
			want = 1 / float64(s.Winners().Len())
		}
		if got := matchReward(s, p, w, &root, 400); got != want {
			t.Errorf("over, seat %v: %v, want %v", p, got, want)
		}
	}
}

// TestPlayFit checks the fit of deals to the opponents' acts: the true deal fits every act of the
// heuristic opponents (they are the model), and deals drawn from the view miss some on average.
func TestPlayFit(t *testing.T) {
	r := rng.New(5)
	n, sum, cnt := 0, 0, 0
	for seed := range uint64(6) {
		for _, s := range heuristicStates(t, Config{Players: 3, HandLimit: 2, Roles: seed%2 == 1}, seed) {
			v := s.View(s.ToMove())
			f := playFit{bids: true}
			u := v.Sample(r)
			f.readActs(&v, &u)
			if k := f.misses(&s); k != 0 {
				t.Fatalf("seed %d %v: the true deal misses %d acts", seed, s.phase, k)
			}
			for range 10 {
				w := v.Sample(r)
				sum += f.misses(&w)
				cnt++
			}
			n++
		}
	}
	if n < 100 || float64(sum)/float64(cnt) < 0.5 {
		t.Errorf("%d states: deals drawn from the view miss %.2f acts on average", n, float64(sum)/float64(cnt))
	}
}

// TestPlayFitDraw checks that the pool's deals are drawn in proportion to their weights.
func TestPlayFitDraw(t *testing.T) {
	var f playFit
	weights := []float64{1, 0, 3, 0.5}
	total := 0.0
	for i, w := range weights {
		var s State
		s.scores[0] = int32(i) // tells the deals apart
		total += w
		f.pool, f.cum = append(f.pool, s), append(f.cum, total)
	}
	r := rng.New(1)
	var n [4]int
	const draws = 45000
	for range draws {
		n[f.draw(r).scores[0]]++
	}
	for i, w := range weights {
		if got, want := float64(n[i])/draws, w/total; math.Abs(got-want) > 0.01 {
			t.Errorf("deal %d drawn %.3f of the time, want %.3f", i, got, want)
		}
	}
}
