package gnav_test

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

var updateEncoding = flag.Bool("update-encoding", false, "rewrite testdata/encoding.golden (only when a change of the action ids or the observation's length is intended)")

// Encoding is a norns.Encoder.
var _ norns.Encoder[gnav.View, gnav.Move] = gnav.Encoding{}

// encodingConfigs are the configs testdata/encoding.golden pins: every player count with the
// default lives, and the options, which change neither the ids nor the length.
func encodingConfigs() []gnav.Config {
	var cs []gnav.Config
	for n := gnav.MinPlayers; n <= gnav.MaxPlayers; n++ {
		cs = append(cs, gnav.Config{Players: n})
	}
	return append(cs, gnav.Config{}, gnav.Config{Players: 4, Lives: 9, CatIsDragoon: true},
		gnav.Config{Players: 3, Lives: 1, DealerGiven: true, FirstDealer: 2})
}

// TestEncoding runs gametest.Encoding (ids a bijection on the legal moves, the mask,
// observations of the view alone, finite, no allocation) over random matches from a spread of
// the conformance test's starts, pins every config's sizes and action ids in
// testdata/encoding.golden, and checks slots of a scripted deal against the package
// documentation's table.
func TestEncoding(t *testing.T) {
	configs := []gnav.Config{{Players: 2}, {Players: 3, CatIsDragoon: true}, {Players: 4},
		{Players: 3, Lives: 1, DealerGiven: true, FirstDealer: 2}, {Players: 9}}
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	if *long {
		configs = append(configs, gnav.Config{Players: 20, CatIsDragoon: true}, gnav.Config{Players: 6, Lives: 9})
		seeds = 12
	}
	gametest.Encoding(t, game(t, configs, seeds), func(s gnav.State) norns.Encoder[gnav.View, gnav.Move] {
		e, err := gnav.NewEncoding(s.Config())
		if err != nil {
			t.Fatal(err)
		}
		return e
	})

	var b strings.Builder
	for _, c := range encodingConfigs() {
		e, err := gnav.NewEncoding(c)
		if err != nil {
			t.Fatal(err)
		}
		n := mustNew(t, c).Config()
		fmt.Fprintf(&b, "players %d, lives %d, catIsDragoon %v, dealerGiven %v, firstDealer %d: %d actions, observations of %d\n",
			n.Players, n.Lives, n.CatIsDragoon, n.DealerGiven, n.FirstDealer, e.Actions(), e.ObservationLen())
		for id := range e.Actions() {
			m, ok := e.Move(id)
			if !ok {
				t.Fatalf("%+v: Move(%d) refused", c, id)
			}
			if back, ok := e.Action(m); !ok || back != id {
				t.Fatalf("%+v: Action(Move(%d)) = %d, %v", c, id, back, ok)
			}
			fmt.Fprintf(&b, "%d %v\n", id, m)
		}
		s := mustNew(t, c)
		for _, m := range []gnav.Move{{}, gnav.ChooseDealer(0), s.SampleChance(rng.New(1))} {
			if id, ok := e.Action(m); ok {
				t.Errorf("%+v: %v has id %d", c, m, id)
			}
		}
	}
	gametest.Golden(t, "testdata/encoding.golden", b.String(), *updateEncoding, "the action ids or sizes (an intended change: -update-encoding)")

	for _, c := range []gnav.Config{{Players: 1}, {Lives: 10}, {FirstDealer: 1}} {
		if _, err := gnav.NewEncoding(c); !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("NewEncoding(%+v) = %v, want ErrBadConfig", c, err)
		}
	}
	// The zero Encoding observes as NewEncoding(Config{}) does.
	var zero gnav.Encoding
	std := mustEncoding(t, gnav.Config{})
	v := midDeal(t).View(2)
	if zero.ObservationLen() != 201 || zero.Actions() != std.Actions() ||
		fmt.Sprint(zero.Observe(v, nil)) != fmt.Sprint(std.Observe(v, nil)) {
		t.Errorf("the zero Encoding: %d actions, observations of %d", zero.Actions(), zero.ObservationLen())
	}
}

func mustEncoding(t testing.TB, c gnav.Config) gnav.Encoding {
	t.Helper()
	e, err := gnav.NewEncoding(c)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestObserveSlots checks slots of a scripted deal against the package documentation's table:
// seat 0 (dealt the Narr) asked seat 1, which accepted, and seat 1 stood; seat 2 is to act, and
// the stock's top is a Hus.
func TestObserveSlots(t *testing.T) {
	s := midDeal(t)
	e := mustEncoding(t, s.Config())
	const n = 4
	if e.ObservationLen() != 117+21*n {
		t.Fatalf("ObservationLen %d", e.ObservationLen())
	}
	block := func(rel int) int { return 117 + n + 20*rel }
	// Seat 1's view: it holds the Narr now (received accepting seat 0's request), dealt V.
	o := e.Observe(s.View(1), nil)
	want := map[int]float32{
		0 + int(gnav.Narr): 1, 21: 1, 22: 0, 23 + int(gnav.Numbered(5)): 1, 44 + int(gnav.Narr): 1,
		86 + int(gnav.PhaseTurn): 1, 90: 1.0 / (4 * 3), 91: 4.0 / 20, 92: 3.0 / 9, 93: 0,
		// It stood; an ask would reach seat 2, which has not answered: no card known.
		94: 0, 116: 0, 117 + 1: 1,
		// Relative seat 0 is seat 1: 3 lives of 3, alive, a contestant, in play, stood, accepted.
		block(0): 1, block(0) + 1: 1, block(0) + 2: 1, block(0) + 3: 1, block(0) + 4: 0, block(0) + 5: 0,
		block(0) + 7: 0, block(0) + 9 + int(gnav.TurnStood): 1, block(0) + 13 + int(gnav.AnswerAccepted): 1,
		// Relative seat 1 is seat 2, to act; relative 2 is seat 3, the dealer; relative 3 is seat
		// 0, which knocked and asked.
		block(1) + 7: 1, block(1) + 9 + int(gnav.TurnNone): 1, block(1) + 13 + int(gnav.AnswerNone): 1,
		block(2) + 6: 1, block(3) + 5: 1, block(3) + 9 + int(gnav.TurnAsked): 1,
	}
	if s.Dealer() != 3 || s.ToMove() != 2 {
		t.Fatalf("midDeal: dealer %v, to move %v", s.Dealer(), s.ToMove())
	}
	for i, w := range want {
		if o[i] != w {
			t.Errorf("slot %d = %v, want %v", i, o[i], w)
		}
	}
	sum := func(from, to int) (x float32) {
		for _, v := range o[from:to] {
			x += v
		}
		return x
	}
	for _, oneHot := range [][2]int{{0, 21}, {23, 44}, {44, 65}, {86, 90}, {117, 117 + n}} {
		if got := sum(oneHot[0], oneHot[1]); got != 1 {
			t.Errorf("slots %d–%d sum to %v, want 1 (one-hot)", oneHot[0], oneHot[1]-1, got)
		}
	}
	if got := sum(65, 86); got != 0 {
		t.Errorf("seat 1's own request brought nothing, yet slots 65–85 sum to %v", got)
	}
	for _, x := range o {
		if x < 0 || x > 1 {
			t.Fatalf("a slot out of [0, 1]: %v", o)
		}
	}
	// Seat 3, the dealer: an ask would go to the stock.
	if o = e.Observe(s.View(3), nil); o[94] != 1 || sum(117, 117+n) != 0 {
		t.Errorf("the dealer's view: stock slot %v, target slots %v", o[94], o[117:117+n])
	}
}

// TestActionIdsStable: the ids of every legal move at every state of random matches are the same
// from call to call and from one Encoding of the config to another, and are the move's kind less
// Stand's: stand 0, ask 1, draw 2.
func TestActionIdsStable(t *testing.T) {
	for _, c := range []gnav.Config{{Players: 2}, {Players: 5, CatIsDragoon: true}, {Players: 12}} {
		e1, e2 := mustEncoding(t, c), mustEncoding(t, c)
		r := rng.New(uint64(c.Players))
		for range 3 {
			s := mustNew(t, c)
			for !s.Over() {
				if s.ToMove() != norns.Chance {
					for _, m := range s.Legal() {
						id, ok := e1.Action(m)
						id2, ok2 := e2.Action(m)
						id3, ok3 := e1.Action(m)
						if !ok || !ok2 || !ok3 || id != id2 || id != id3 || id != int(m.Kind()-gnav.MoveStand) {
							t.Fatalf("%v: ids %d %d %d (%v %v %v)", m, id, id2, id3, ok, ok2, ok3)
						}
					}
				}
				if err := s.Step(randomMove(s, r)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkObserve measures one observation of a four-seat view in the middle of a deal, and of
// a twenty-seat view.
func BenchmarkObserve(b *testing.B) {
	for _, n := range []int{4, 20} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			s := mustNew(b, gnav.Config{Players: n})
			r := rng.New(1)
			for s.ToMove() < 0 || s.Round() < 2 {
				if err := s.Step(randomMove(s, r)); err != nil {
					b.Fatal(err)
				}
			}
			e := mustEncoding(b, s.Config())
			v := s.View(s.ToMove())
			dst := make([]float32, 0, e.ObservationLen())
			b.ReportAllocs()
			for b.Loop() {
				dst = e.Observe(v, dst[:0])
			}
		})
	}
}
