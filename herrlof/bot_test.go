package herrlof_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// botDeal returns a two-player match just dealt: seat 0 holds hand0, seat 1 hand1 (each 15
// cards, completed from the unnamed cards in ascending order when short), trump is the trump
// card, the other cards form the stock, and leader opens.
func botDeal(t testing.TB, leader norns.Player, hand0, hand1, trump string) herrlof.State {
	t.Helper()
	pool := herrlof.FullDeck()
	var hands [2]herrlof.Cards
	for p, text := range []string{hand0, hand1} {
		for _, c := range cardsOf(t, text) {
			if !pool.Has(c) {
				t.Fatalf("%v named too often", c)
			}
			pool = pool.Without(c)
			hands[p] = hands[p].With(c)
		}
	}
	tr := cardsOf(t, trump)[0]
	pool = pool.Without(tr)
	for p := range hands {
		for hands[p].Len() < 15 {
			var c herrlof.Card
			for c = range pool.All() {
				break
			}
			pool = pool.Without(c)
			hands[p] = hands[p].With(c)
		}
	}
	var stock []herrlof.Card
	for c := range pool.All() {
		stock = append(stock, c)
	}
	m, err := herrlof.Deal(leader, hands[:], tr, stock)
	if err != nil {
		t.Fatal(err)
	}
	s, err := herrlof.New(herrlof.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return botApply(t, s, m)
}

// botApply applies moves given as Moves or notation strings.
func botApply(t testing.TB, s herrlof.State, moves ...any) herrlof.State {
	t.Helper()
	for _, x := range moves {
		var m herrlof.Move
		switch x := x.(type) {
		case herrlof.Move:
			m = x
		case string:
			var err error
			if m, err = herrlof.ParseMove(x); err != nil {
				t.Fatal(err)
			}
		}
		var err error
		if s, err = s.Apply(m); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
	}
	return s
}

// botKinds are the three bots, by name, with a small search budget to keep tests fast.
var botKinds = []struct {
	name string
	make func(seed uint64) norns.Bot[herrlof.View, herrlof.Move]
}{
	{"random", func(seed uint64) norns.Bot[herrlof.View, herrlof.Move] { return herrlof.NewRandomBot(seed) }},
	{"heuristic", func(seed uint64) norns.Bot[herrlof.View, herrlof.Move] { return herrlof.NewHeuristicBot(seed) }},
	{"search", func(seed uint64) norns.Bot[herrlof.View, herrlof.Move] {
		return herrlof.NewSearchBot(herrlof.SearchOptions{Seed: seed, Iterations: 60})
	}},
}

// legalOnly wraps a bot and fails the test when it returns a move not in its view's Legal.
func legalOnly(t *testing.T, name string, b norns.Bot[herrlof.View, herrlof.Move]) norns.Bot[herrlof.View, herrlof.Move] {
	return norns.BotFunc[herrlof.View, herrlof.Move](func(ctx context.Context, v herrlof.View) (herrlof.Move, error) {
		m, err := b.Choose(ctx, v)
		if err == nil && !slices.Contains(v.Legal(), m) {
			t.Errorf("%s bot chose %v, not among %v\n%v", name, m, v.Legal(), v)
		}
		return m, err
	})
}

func TestBotsPlayLegalMovesOnly(t *testing.T) {
	matches := 3
	if testing.Short() {
		matches = 1
	}
	for _, players := range []int{2, 3} {
		for _, a := range botKinds {
			for _, b := range botKinds {
				t.Run(fmt.Sprintf("%dp/%s-%s", players, a.name, b.name), func(t *testing.T) {
					for seed := range uint64(matches) {
						s, err := herrlof.New(herrlof.Config{Players: players, HandLimit: 2})
						if err != nil {
							t.Fatal(err)
						}
						bots := []norns.Bot[herrlof.View, herrlof.Move]{
							legalOnly(t, a.name, a.make(seed)), legalOnly(t, b.name, b.make(seed+10)),
						}
						if players == 3 {
							bots = append(bots, legalOnly(t, a.name, a.make(seed+20)))
						}
						end, _, err := norns.Play(context.Background(), s, bots, rng.New(seed), nil)
						if err != nil || !end.Over() {
							t.Fatalf("seed %d: %v\n%v", seed, err, end)
						}
					}
				})
			}
		}
	}
}

func TestBotsHonourCancelledContext(t *testing.T) {
	v := botDeal(t, 0, "", "", "Y2").View(0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, k := range botKinds {
		if _, err := k.make(1).Choose(ctx, v); !errors.Is(err, context.Canceled) {
			t.Errorf("%s bot with a cancelled context: error %v, want context.Canceled", k.name, err)
		}
	}
}

func TestSearchBotStopsAtDeadline(t *testing.T) {
	v := botDeal(t, 0, "", "", "Y2").View(0)
	bot := herrlof.NewSearchBot(herrlof.SearchOptions{Iterations: 1 << 30})
	ctx, cancel := context.WithTimeout(context.Background(), 30*1e6)
	defer cancel()
	m, err := bot.Choose(ctx, v)
	if err != nil || !slices.Contains(v.Legal(), m) {
		t.Errorf("Choose under a deadline = %v, %v; want a legal move and no error", m, err)
	}
}

func TestBotsRefuseToMoveOutOfTurn(t *testing.T) {
	v := botDeal(t, 0, "", "", "Y2").View(1)
	for _, k := range botKinds[1:] {
		if _, err := k.make(1).Choose(context.Background(), v); err == nil {
			t.Errorf("%s bot moved for seat 1 while seat 0 bids", k.name)
		}
	}
}

func TestBotsAreReproducible(t *testing.T) {
	for _, k := range botKinds {
		play := func() []herrlof.Move {
			s, err := herrlof.New(herrlof.Config{HandLimit: 1})
			if err != nil {
				t.Fatal(err)
			}
			bots := []norns.Bot[herrlof.View, herrlof.Move]{k.make(5), k.make(6)}
			_, moves, err := norns.Play(context.Background(), s, bots, rng.New(7), nil)
			if err != nil {
				t.Fatal(err)
			}
			return moves
		}
		if a, b := play(), play(); !slices.Equal(a, b) {
			t.Errorf("%s bots: the same seeds played two different hands", k.name)
		}
	}
}

// The heuristic bot in scripted positions: seat 1 leads, the heuristic (seat 0) follows last.
func TestHeuristicBotFollows(t *testing.T) {
	const (
		hand0 = "R2 R7 R9 G1 G2 G4 G5 B1 B2 B4 B5 B6 Y4 Y5 V"
		hand1 = "R4 R5 R6 R8 G6 G7 G8 B7 B8 B9 Y7 Y8 Y9 H H"
	)
	for _, tc := range []struct {
		name     string
		from, to string // a change to hand0
		bid, led string
		want     string
	}{
		{"needs tricks: the cheapest winner", "", "", "bid 5", "R5", "R7"},
		{"needs tricks: the only winner", "", "", "bid 5", "R8", "R9"},
		{"needs tricks, cannot win: destroys the trick", "R9", "G3", "bid 5", "R8", "V"},
		{"has enough: the strongest loser", "", "", "bid 0", "R8", "R7"},
		{"has enough, every card wins: Valknut", "R2", "G3", "bid 0", "R4", "V"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h0 := hand0
			if tc.from != "" {
				h0 = strings.Replace(h0, tc.from, tc.to, 1)
			}
			s := botDeal(t, 1, h0, hand1, "Y2")
			s = botApply(t, s, "bid 5", tc.bid, tc.led)
			m, err := herrlof.NewHeuristicBot(1).Choose(context.Background(), s.View(0))
			if err != nil {
				t.Fatal(err)
			}
			if m.String() != tc.want {
				t.Errorf("chose %v, want %v", m, tc.want)
			}
		})
	}
}

func TestHeuristicBotSteals(t *testing.T) {
	// Seat 1 wins the first trick with G9 (so seat 0 leads next, H12); seat 0's trump 1 then
	// wins a trick seat 1 cannot follow, and seat 0 may steal.
	const (
		hand0 = "Y1 R1 R2 G1 G2 G4 G5 B1 B2 B4 B5 B6 Y4 Y5 V"
		hand1 = "R4 R5 R6 R8 G6 G7 G9 B7 B8 B9 R7 R9 G8 H H"
	)
	for _, tc := range []struct {
		bid  string
		want string
	}{{"bid 5", "steal"}, {"bid 1", "nosteal"}} {
		s := botDeal(t, 1, hand0, hand1, "Y2")
		s = botApply(t, s, "bid 5", tc.bid, "G9", "G1", "Y1", "R4")
		if s.Phase() != herrlof.PhaseSteal || s.ToMove() != 0 {
			t.Fatalf("scripted position: want seat 0 to steal, got\n%v", s)
		}
		m, err := herrlof.NewHeuristicBot(1).Choose(context.Background(), s.View(0))
		if err != nil {
			t.Fatal(err)
		}
		if m.String() != tc.want {
			t.Errorf("%s with one trick won: chose %v, want %v", tc.bid, m, tc.want)
		}
	}
}

func TestHeuristicBotBids(t *testing.T) {
	strong := "R9 R8 G9 G8 B9 B8 Y9 Y8 Y7 Y6 Y5 Y4 R7 G7 B7"
	weak := "R1 R2 R3 G1 G2 G3 B1 B2 B3 Y1 H H H V V"
	bid := func(hand string) int {
		s := botDeal(t, 0, hand, "", "Y2")
		m, err := herrlof.NewHeuristicBot(1).Choose(context.Background(), s.View(0))
		if err != nil || m.Kind() != herrlof.MoveBid {
			t.Fatalf("Choose = %v, %v; want a bid", m, err)
		}
		return m.BidValue()
	}
	if s, w := bid(strong), bid(weak); s < 10 || w > 4 || s <= w {
		t.Errorf("bids: strong hand %d, weak hand %d; want at least 10 and at most 4", s, w)
	}
}

// TestBotsMeetDeadlines guards the deadline contract: every bot returns a legal move within 2 ms
// of its context's deadline (1 ms and 10 ms deadlines, a search budget it cannot finish), and
// leaves no goroutine behind. On a loaded machine the thread can be descheduled past the margin
// in any attempt, so each case takes the best of up to 25 attempts: a bot that checks its
// deadline too rarely overshoots in every attempt.
func TestBotsMeetDeadlines(t *testing.T) {
	v := botDeal(t, 0, "", "", "Y2").View(0)
	bots := map[string]norns.Bot[herrlof.View, herrlof.Move]{
		"random":    herrlof.NewRandomBot(1),
		"heuristic": herrlof.NewHeuristicBot(1),
		"search":    herrlof.NewSearchBot(herrlof.SearchOptions{Iterations: 1 << 30}),
	}
	for name, b := range bots {
		for _, d := range []time.Duration{time.Millisecond, 10 * time.Millisecond} {
			if over := deadlineOvershoot(t, b, v, d); over > 2*time.Millisecond {
				t.Errorf("%s bot, %v deadline: overshoot %v in the best attempt, want at most 2ms", name, d, over)
			}
		}
	}
}

// deadlineOvershoot returns the least, over 5 to 25 attempts, of how long after a deadline d bot b
// returned from Choose (negative when before), and fails the test if it returns an illegal move
// or an error other than the deadline's, never moves, or leaves goroutines behind.
func deadlineOvershoot(t *testing.T, b norns.Bot[herrlof.View, herrlof.Move], v herrlof.View, d time.Duration) time.Duration {
	t.Helper()
	before := runtime.NumGoroutine()
	var overs []time.Duration
	moved := 0
	for i := range 25 {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		deadline, _ := ctx.Deadline()
		m, err := b.Choose(ctx, v)
		overs = append(overs, time.Since(deadline))
		cancel()
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			// The deadline passed before the bot could start (a loaded machine).
		case err != nil || !slices.Contains(v.Legal(), m):
			t.Fatalf("Choose under a %v deadline = %v, %v; want a legal move", d, m, err)
		default:
			moved++
		}
		if i >= 4 && moved > 0 && slices.Min(overs) <= 2*time.Millisecond {
			break // good enough: the rest would only wait out a busy machine
		}
	}
	if moved == 0 {
		t.Errorf("no move under a %v deadline in 25 attempts", d)
	}
	for i := 0; runtime.NumGoroutine() > before && i < 100; i++ {
		time.Sleep(time.Millisecond) // a timer's goroutine may still be finishing
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after Choose, %d before", n, before)
	}
	slices.Sort(overs)
	t.Logf("%v deadline: overshoots %v", d, overs)
	return overs[0]
}

// TestNewSearchBotClampsExploration guards against a panic (or a search steered by NaN) on an
// invalid exploration constant: negative, NaN and infinite values mean the default, as
// SearchOptions documents, so the bot plays as the default bot does.
func TestNewSearchBotClampsExploration(t *testing.T) {
	v := botDeal(t, 0, "", "", "Y2").View(0)
	want, err := herrlof.NewSearchBot(herrlof.SearchOptions{Seed: 3, Iterations: 200}).Choose(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []float64{-1, math.NaN(), math.Inf(1), math.Inf(-1)} {
		got, err := herrlof.NewSearchBot(herrlof.SearchOptions{Seed: 3, Iterations: 200, Exploration: c}).Choose(context.Background(), v)
		if err != nil || got != want {
			t.Errorf("exploration %v: %v, %v; want %v like the default", c, got, err, want)
		}
	}
}

// TestSearchBotWorkers: with several workers (searching at once, each playout taking scratch of
// its own, the endgame solver's table included) the bot's choices stay reproducible for a fixed
// Workers and an iteration budget, from positions early and late in a hand; with a time budget
// alone it answers within it (plus the search's check interval and a margin for a busy machine).
func TestSearchBotWorkers(t *testing.T) {
	for _, n := range []int{2, 12} {
		s := botPosition(t, 5, n)
		v := s.View(0)
		choose := func() herrlof.Move {
			m, err := herrlof.NewSearchBot(herrlof.SearchOptions{Seed: 9, Iterations: 300, Workers: 3}).Choose(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		if a, b := choose(), choose(); a != b {
			t.Errorf("decision %d: two searches with 3 workers chose %v and %v", n, a, b)
		}
	}
	v := botPosition(t, 5, 2).View(0)
	began := time.Now()
	if _, err := herrlof.NewSearchBot(herrlof.SearchOptions{Time: 20 * time.Millisecond, Workers: 2}).Choose(context.Background(), v); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(began); el > 2*time.Second {
		t.Errorf("a 20 ms budget took %v", el)
	}
}
