package gulveig_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
)

// Compile-time checks: State and View satisfy the norns contract.
func contract[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](S) {}

var _ = contract[gulveig.State, gulveig.Move, gulveig.View]

// candidates lists a wide sample of the move space for s: every card played or shown, bids
// around the current one, every decision, and the cards of gives, draws, swaps and asides.
func candidates(s gulveig.State) []gulveig.Move {
	var ms []gulveig.Move
	for c := range gulveig.NumKinds {
		ms = append(ms, gulveig.Play(c), gulveig.Give(c), gulveig.Draw(c))
		if p, ok := c.Partner(); ok {
			ms = append(ms, gulveig.Show(c, p))
		}
	}
	ms = append(ms, gulveig.Show(gulveig.Odin, gulveig.Tyr), gulveig.Pass(), gulveig.Look(), gulveig.Use(),
		gulveig.Decline(), gulveig.Keep(), gulveig.Dealer(0), gulveig.Dealer(5))
	high, _ := s.HighBid()
	for _, v := range []int{0, 40, 50, 60, 90, 95, 100, 120, 400, 410, 880, 890, high, high + 5, high + 10, s.Contract() + 10, s.Contract() - 10} {
		ms = append(ms, gulveig.Bid(v), gulveig.Blind(v), gulveig.Raise(v))
	}
	var hand gulveig.Cards
	if p := s.ToMove(); p.IsSeat() {
		hand = s.Hand(p)
	}
	var cs []gulveig.Card
	for c := range hand.All() {
		cs = append(cs, c)
	}
	cs = append(cs, gulveig.Odin, gulveig.Laufey)
	for i := 0; i+2 < len(cs); i++ {
		ms = append(ms, gulveig.Swap(cs[i], cs[i+1]), gulveig.Aside(cs[i], cs[i+1], cs[i+2]), gulveig.Swap(cs[i], cs[i]))
	}
	return ms
}

func mustNew(t testing.TB, c gulveig.Config) gulveig.State {
	t.Helper()
	s, err := gulveig.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// allOptions is every option of G22 on at once.
func allOptions(players int) gulveig.Config {
	return gulveig.Config{Players: players, Veteran: true, Blind: true, Betting: true,
		Alternates: gulveig.AllAlternates, Roles: true, Target: 500}
}

func TestConformance(t *testing.T) { gametest.Run(t, conformanceGame(t)) }

// conformanceGame is the package's description for the conformance suite (and the encoding's
// checks): the starts of every player count and option, and the hooks.
func conformanceGame(t testing.TB) gametest.Game[gulveig.State, gulveig.Move, gulveig.View] {
	var starts []gametest.Start[gulveig.State]
	for _, st := range []struct {
		name string
		c    gulveig.Config
	}{
		{"2p", gulveig.Config{Players: 2, HandLimit: 3}},
		{"3p", gulveig.Config{Players: 3, HandLimit: 3}},
		{"4p", gulveig.Config{Players: 4, HandLimit: 3}},
		{"2p/all", func() gulveig.Config { c := allOptions(2); c.HandLimit = 3; return c }()},
		{"3p/all", func() gulveig.Config { c := allOptions(3); c.HandLimit = 3; return c }()},
		{"4p/all", func() gulveig.Config { c := allOptions(4); c.HandLimit = 3; return c }()},
		{"3p/roles/given-dealer", gulveig.Config{Players: 3, Roles: true, HandLimit: 2, DealerGiven: true, FirstDealer: 2}},
		{"3p/target-100", gulveig.Config{Players: 3, Target: 100, HandLimit: targetHands()}},
	} {
		starts = append(starts, gametest.Start[gulveig.State]{Name: st.name, Config: st.c, State: mustNew(t, st.c)})
	}
	seeds := 6
	switch {
	case *long:
		seeds = 16
	case testing.Short():
		seeds = 5
	}
	g := registration.Suite() // what the registry holds; the tests add the rest
	g.Starts, g.Candidates, g.Invariant, g.Twin, g.Seeds = starts, candidates, gulveig.Invariant, gulveig.Twin, seeds
	g.Deck, g.Zones = gulveig.Deck(), gulveig.Zones
	return g
}

// targetHands is the hand limit of the conformance matches played to a target of 100: long
// enough for most of them to end at the target, 20 hands with -long.
func targetHands() int {
	if *long {
		return 20
	}
	return 8
}
