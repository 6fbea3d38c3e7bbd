package herrlof_test

import (
	"fmt"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// observer follows a hand as one seat sees it, from the moves themselves (not from the package's
// own bookkeeping), and checks samples of that seat's view against necessary conditions of
// consistency:
//
//   - counting: a seat that showed out of a suit holds none of it then; every card of that suit
//     it holds now, or was seen to lose since (played, or exchanged with the viewer), or put under
//     the stock since, came with a card it received after the show-out (a draw or a 6 exchange, seen or not). For every set
//     T of suits it showed out of, from time t on: the cards of T it holds in the sample plus
//     those seen leaving it are at most the cards it received after t.
//   - places: a card the viewer gave or lost to seat q with a 6 is, unless seen played, in q's
//     hand or wherever q could have moved it since without the viewer seeing: a stock position q
//     filled with a 3 later, or (3 players) the hand of a seat that exchanged with q by a 6 later,
//     and so on.
type observer struct {
	n, me   int
	time    int
	showT   [3][herrlof.NumSuits]int // last show-out of each suit, -1 none
	rcv     [3][]int                 // times seat q received a card
	dep     [3][herrlof.NumSuits][]int
	places  map[herrlof.Card]*place
	returns []int // the seat of each return this hand, in order
	retTime []int // and its time
}

type place struct {
	seats uint8 // hands that may hold it
	slots []int // returns (indices into observer.returns) that may hold it
}

func newObserver(n, me int) *observer {
	o := &observer{n: n, me: me}
	o.reset()
	return o
}

func (o *observer) reset() {
	for q := range o.showT {
		for st := range o.showT[q] {
			o.showT[q][st] = -1
			o.dep[q][st] = nil
		}
		o.rcv[q] = nil
	}
	o.places = map[herrlof.Card]*place{}
	o.returns, o.retTime = nil, nil
}

// see updates o with move m about to be applied to s.
func (o *observer) see(s herrlof.State, m herrlof.Move) {
	o.time++
	switch s.Phase() {
	case herrlof.PhaseDeal:
		o.reset()
	case herrlof.PhasePlay:
		q := int(s.ToMove())
		c := m.Card()
		if led := s.Trick().LedSuit(); c.IsSuited() && led.IsValid() && c.Suit() != led {
			o.showT[q][led] = o.time
		}
		if c.IsSuited() {
			o.dep[q][c.Suit()] = append(o.dep[q][c.Suit()], o.time)
		}
		delete(o.places, c)
	case herrlof.PhaseDraw:
		if m.Kind() == herrlof.MoveDraw {
			q := int(s.PowerSeat())
			o.rcv[q] = append(o.rcv[q], o.time)
		}
	case herrlof.PhaseReturn:
		q := int(s.PowerSeat())
		for _, pl := range o.places {
			if pl.seats&(1<<q) != 0 {
				pl.slots = append(pl.slots, len(o.returns))
			}
		}
		o.returns = append(o.returns, q)
		o.retTime = append(o.retTime, o.time)
	case herrlof.PhasePick, herrlof.PhaseGive:
		from, to := int(s.PowerTarget()), int(s.PowerSeat()) // the pick: target to owner
		if s.Phase() == herrlof.PhaseGive {
			from, to = to, from
		}
		c := m.Card()
		o.rcv[to] = append(o.rcv[to], o.time)
		switch {
		case o.me == from:
			if c.IsSuited() {
				o.places[c] = &place{seats: 1 << to}
			}
		case o.me == to:
			delete(o.places, c)
			if c.IsSuited() {
				o.dep[from][c.Suit()] = append(o.dep[from][c.Suit()], o.time)
			}
		default: // unseen by the viewer
			for _, pl := range o.places {
				if pl.seats&(1<<from) != 0 {
					pl.seats |= 1 << to
				}
			}
		}
	}
}

// check returns what makes smp impossible for o's seat, or "".
func (o *observer) check(smp herrlof.State) string {
	for q := range o.n {
		if q == o.me {
			continue
		}
		// Counting.
		var suits []herrlof.Suit
		for st := range herrlof.Suit(herrlof.NumSuits) {
			if o.showT[q][st] >= 0 {
				suits = append(suits, st)
			}
		}
		sort.Slice(suits, func(i, j int) bool { return o.showT[q][suits[i]] > o.showT[q][suits[j]] })
		need := 0
		for _, st := range suits {
			t := o.showT[q][st]
			need += smp.Hand(norns.Player(q)).OfSuit(st).Len()
			for _, d := range o.dep[q][st] {
				if d > t {
					need++
				}
			}
			for j, rq := range o.returns { // what q put under the stock after the show-out
				c := herrlof.StockAt(smp, len(o.returns)-1-j)
				if rq == q && o.retTime[j] > t && c.IsSuited() && c.Suit() == st {
					need++
				}
			}
			got := 0
			for _, x := range o.rcv[q] {
				if x > t {
					got++
				}
			}
			if need > got {
				return fmt.Sprintf("seat %d: %d cards of suits it showed out of (the last %v) need a card received since, it received %d", q, need, st, got)
			}
		}
	}
	// Places.
	for c, pl := range o.places {
		in := false
		for q := range o.n {
			if pl.seats&(1<<q) != 0 && smp.Hand(norns.Player(q)).Has(c) {
				in = true
			}
		}
		for _, j := range pl.slots {
			pos := len(o.returns) - 1 - j // returns push the stock up from the bottom
			if pos < smp.StockLen() && herrlof.StockAt(smp, pos) == c {
				in = true
			}
		}
		if !in {
			return fmt.Sprintf("%v is nowhere the seat could place it (hands %03b, returns %v)", c, pl.seats, pl.slots)
		}
	}
	return ""
}

// sampler draws a sample of a view: View.Sample, or one of the test variants of export_test.go.
type sampler func(v herrlof.View, r *rng.Rand) herrlof.State

// sampleViolations plays random matches and counts the samples of sample a checker rejects.
func sampleViolations(t *testing.T, sample sampler, playerCounts []int, matches, samples int) (bad int, first string) {
	t.Helper()
	for _, players := range playerCounts {
		for seed := range uint64(matches) {
			r := rng.New(seed*7 + uint64(players))
			obs := make([]*observer, players)
			for p := range players {
				obs[p] = newObserver(players, p)
			}
			playRandom(t, herrlof.Config{Players: players, HandLimit: 1}, r, func(s herrlof.State) {
				for p := range players {
					v := s.View(norns.Player(p))
					for range samples {
						smp := sample(v, r)
						if why := obs[p].check(smp); why != "" {
							if bad == 0 {
								first = fmt.Sprintf("%dp seed %d, seat %d: %s\n%v", players, seed, p, why, smp)
							}
							bad++
						}
					}
				}
			}, func(s herrlof.State, m herrlof.Move) {
				for _, o := range obs {
					o.see(s, m)
				}
			})
		}
	}
	return bad, first
}

// TestSampleIsConsistent checks every sample of every seat's view, along many random hands,
// against the observer's conditions.
func TestSampleIsConsistent(t *testing.T) {
	matches, samples := 60, 6
	if testing.Short() {
		matches, samples = 15, 3
	}
	if bad, first := sampleViolations(t, herrlof.View.Sample, []int{2, 3}, matches, samples); bad > 0 {
		t.Fatalf("%d impossible samples; the first: %s", bad, first)
	}
}

// TestSampleIsExactTwoPlayers: with two players nothing is hidden but draws and returns, and no
// sample of any seat's view, along many random hands, fails the observer's checks.
func TestSampleIsExactTwoPlayers(t *testing.T) {
	matches := 2000
	if testing.Short() {
		matches = 300
	}
	if bad, first := sampleViolations(t, herrlof.View.Sample, []int{2}, matches, 3); bad > 0 {
		t.Fatalf("%d impossible samples; the first: %s", bad, first)
	}
}

// TestSampleCheckerCatchesPlainSampler shows that the checks above can fail: the plain sampler
// (the package's fallback), which forgets a void once the seat draws and a known card once its
// holder draws, breaks them.
func TestSampleCheckerCatchesPlainSampler(t *testing.T) {
	if bad, _ := sampleViolations(t, herrlof.PlainSample, []int{2, 3}, 15, 3); bad == 0 {
		t.Fatal("the plain sampler passed the consistency checks")
	}
}

// TestSampleKnownCardReturnedBeforeShowOut: seat 0's B6 takes the G5 from seat 1 and gives it
// the G7; seat 1 draws with its R3 and returns the G7, then shows out of red, blue and green and
// draws once more with its Y3, returning the H. The G7 went under the stock before seat 1 showed
// out of green, and a draw takes the top of the stock, never a card returned under it: it is at
// seat 1's first return in every sample, and every sample passes the observer's checks. (An
// earlier sampler also put it at the second return, as if the last draw could have brought it
// back; the exact oracle caught that.)
//
//	seat 0: R2 R4 R5 R6 G4 G7 G9 B4 B5 B6 B8 B9 Y6 Y7 V
//	seat 1: R3 R7 R8 G2 G3 G5 G8 B3 Y1 Y2 Y3 Y4 Y8 H H
//	trump R1; stock B2 H Y9 R9 B7 G1 V V Y5 G6 B1
func TestSampleKnownCardReturnedBeforeShowOut(t *testing.T) {
	d := dealMove(t, 2, 1, []string{
		"R2 R4 R5 R6 G4 G7 G9 B4 B5 B6 B8 B9 Y6 Y7 V",
		"R3 R7 R8 G2 G3 G5 G8 B3 Y1 Y2 Y3 Y4 Y8 H H",
	}, "R1", "B2 H Y9 R9 B7 G1 V V Y5 G6 B1")
	obs := newObserver(2, 0)
	s := script(t, two, d, obs.see, "bid 15", "bid 9", "R7", "R2", "Y2", "Y7", "B6", "B3", "nodraw",
		"take", "pick G5", "give G7", "R6", "R8", "G8", "V", "G3", "nodraw", "G9", "Y4", "Y6", "notake",
		"B9", "H", "R3", "draw", "return G7", "R4", "B4", "B2", "G5", "G2", "R5", "Y1", "B5", "Y8",
		"G4", "Y3", "draw", "return H")
	g7 := card(t, "G7")
	var at [2]int
	for _, smp := range samples(t, s, 0, 3000) {
		if why := obs.check(smp); why != "" {
			t.Fatalf("impossible sample: %s\n%v", why, smp)
		}
		for i := range at {
			if herrlof.StockAt(smp, i) == g7 {
				at[i]++
			}
		}
	}
	if at[0] != 0 || at[1] != 3000 {
		t.Errorf("G7 at the second return %d times, at the first %d times; want always the first", at[0], at[1])
	}
}

// TestSampleSearchAlwaysFinds: along many random hands, every search of View.Sample, for every
// seat and the spectator (View(norns.Nobody)), finds a history (so Sample never returns the plain deal, which can be impossible), and
// the longest search stays far below the 20000 steps of the budget Sample had before it became
// exhaustive: a speed canary, since the search now has no budget.
func TestSampleSearchAlwaysFinds(t *testing.T) {
	matches := 400
	switch {
	case *long:
		matches = 4000
	case testing.Short():
		matches = 60
	}
	searches, failed, most := 0, 0, 0
	var mostView herrlof.View
	var mostRand rng.Rand
	for _, players := range []int{2, 3} {
		for seed := range uint64(matches) {
			r := rng.New(seed*13 + uint64(players))
			playRandom(t, herrlof.Config{Players: players, HandLimit: 2}, r, func(s herrlof.State) {
				for p := -1; p < players; p++ {
					seat := norns.Player(p)
					if p < 0 {
						seat = norns.Nobody // the spectator's search too
					}
					v, before := s.View(seat), *r
					herrlof.TracedSample(v, r, func(found bool, steps int) {
						searches++
						if !found {
							failed++
						}
						if steps > most {
							most, mostView, mostRand = steps, v, before
						}
					})
				}
			}, nil)
		}
	}
	start := time.Now()
	herrlof.TracedSample(mostView, &mostRand, nil)
	t.Logf("%d searches, the longest %d steps (%v again on its own)", searches, most, time.Since(start))
	if failed > 0 || searches == 0 {
		t.Fatalf("%d of %d searches found no history", failed, searches)
	}
	if most > 20000 { // the old budget, which no search measured came near
		t.Errorf("a search took %d steps: the exhaustive search got much slower", most)
	}
}

// TestSampleExactPastTheOldBudget: Sample's search has no budget. Along random three-player
// hands (where the hidden 6 exchanges make the searches longest), it takes the views whose
// searches took the most steps; a budget of half those steps (what the old budget did to a longer
// search) stops the same search, with the same generator, before it finds a history: the path on
// which Sample used to return the plain deal. Without the budget every sample of those views is
// exact: its view is the view sampled, and it is a state a hand reaches.
func TestSampleExactPastTheOldBudget(t *testing.T) {
	matches := 60
	if testing.Short() {
		matches = 15
	}
	type hard struct {
		v     herrlof.View
		r     rng.Rand // the generator the search took steps with
		steps int
	}
	var worst []hard
	for seed := range uint64(matches) {
		r := rng.New(seed*7 + 1)
		playRandom(t, three, r, func(s herrlof.State) {
			for p := range 3 {
				v := s.View(norns.Player(p))
				before := *r
				steps := 0
				herrlof.TracedSample(v, r, func(_ bool, n int) { steps = n })
				if len(worst) < 8 || steps > worst[len(worst)-1].steps {
					worst = append(worst, hard{v, before, steps})
					slices.SortFunc(worst, func(a, b hard) int { return b.steps - a.steps })
					worst = worst[:min(len(worst), 8)]
				}
			}
		}, nil)
	}
	if worst[0].steps < 20 {
		t.Fatalf("the longest search took %d steps: too short to show a budget", worst[0].steps)
	}
	stopped := 0
	for _, h := range worst {
		if h.steps < 4 {
			continue
		}
		r := h.r
		found := true
		herrlof.LimitedSample(h.v, &r, h.steps/2, func(f bool, _ int) { found = f })
		if found {
			t.Errorf("a budget of %d steps did not stop a search of %d", h.steps/2, h.steps)
		}
		stopped++
		sr := rng.New(uint64(h.steps))
		for range 100 {
			smp := h.v.Sample(sr)
			if got := smp.View(h.v.Seat()); got != h.v {
				t.Fatalf("a sample's view is not the view sampled:\n%v\nwant\n%v", got, h.v)
			}
			if err := herrlof.ValidateSample(smp); err != nil {
				t.Fatalf("a sample is not a state a hand reaches: %v\n%v", err, smp)
			}
		}
	}
	if stopped == 0 {
		t.Fatal("no search was long enough to stop")
	}
	t.Logf("the longest searches: %d steps (of %d views kept)", worst[0].steps, len(worst))
}
