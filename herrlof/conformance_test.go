package herrlof_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// Compile-time checks: State and View satisfy the norns contract.
func contract[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](S) {}

var _ = contract[herrlof.State, herrlof.Move, herrlof.View]

// allCards lists every kind of card, ascending.
var allCards = func() []herrlof.Card {
	var cs []herrlof.Card
	for c := range herrlof.FullDeck().Kinds() {
		cs = append(cs, c)
	}
	return cs
}()

// candidates lists a wide sample of the move space for s: the moves of its phase and a few of
// every other kind, legal or not.
func candidates(s herrlof.State) []herrlof.Move {
	var ms []herrlof.Move
	for _, c := range allCards {
		ms = append(ms, herrlof.Play(c))
	}
	for b := range 18 {
		ms = append(ms, herrlof.Bid(b))
	}
	ms = append(ms, herrlof.Draw(), herrlof.NoDraw(), herrlof.Steal(), herrlof.NoSteal(), herrlof.Take(), herrlof.NoTake())
	for p := range norns.Player(3) {
		ms = append(ms, herrlof.StealFrom(p), herrlof.TakeFrom(p))
	}
	switch s.Phase() {
	case herrlof.PhaseReturn, herrlof.PhaseGive, herrlof.PhasePick:
		for _, c := range allCards {
			ms = append(ms, herrlof.Return(c), herrlof.Give(c), herrlof.Pick(c))
		}
	default:
		ms = append(ms, herrlof.Return(herrlof.Valknut), herrlof.Give(herrlof.NewCard(herrlof.Red, 5)), herrlof.Pick(herrlof.Hagalaz))
	}
	return ms
}

func invariant(s herrlof.State) error { return herrlof.ValidateSample(s) }

// twin returns s with two cards hidden from p exchanged (an opponent's card and a stock card, or
// cards of two opponents), or an opponent's hidden bid changed. Cards known to any seat, and
// suits an opponent showed out of, are left alone, so the twin is as plausible as s.
func twin(s herrlof.State, p norns.Player, r *rng.Rand) (herrlof.State, bool) {
	ph := s.Phase()
	if ph == herrlof.PhaseDeal || ph == herrlof.PhaseOver {
		return s, false
	}
	n := s.Players()
	hidden := func(q int) herrlof.Cards { // q's cards nobody else knows
		h := s.Hand(norns.Player(q))
		for a := range n {
			h = h.Minus(herrlof.Known(s, a, q))
		}
		return h
	}
	fits := func(q int, c herrlof.Card) bool {
		return !c.IsSuited() || herrlof.Voids(s, q)&(1<<c.Suit()) == 0
	}
	var seen uint16
	for a := range n {
		seen |= herrlof.StockSeen(s, a)
	}
	type swap struct {
		q, i, q2 int
		x, y     herrlof.Card
	}
	var swaps []swap
	for q := range n {
		if q == int(p) {
			continue
		}
		for x := range hidden(q).Kinds() {
			for i := range s.StockLen() {
				y := herrlof.StockAt(s, i)
				if seen&(1<<i) == 0 && y != x && fits(q, y) {
					swaps = append(swaps, swap{q: q, x: x, i: i})
				}
			}
			for q2 := q + 1; q2 < n; q2++ {
				if q2 == int(p) {
					continue
				}
				for y := range hidden(q2).Kinds() {
					if y != x && fits(q, y) && fits(q2, x) {
						swaps = append(swaps, swap{q: q, x: x, i: -1, q2: q2, y: y})
					}
				}
			}
		}
	}
	var bidders []int
	if ph != herrlof.PhaseBid {
		for q := range n {
			if q != int(p) {
				bidders = append(bidders, q)
			}
		}
	}
	if len(swaps) == 0 && len(bidders) == 0 {
		return s, false
	}
	if k := r.IntN(len(swaps) + len(bidders)); k < len(swaps) {
		w := swaps[k]
		return herrlof.SwapHidden(s, w.q, w.x, w.i, w.q2, w.y), true
	} else {
		q := bidders[k-len(swaps)]
		b := (s.Bid(norns.Player(q)) + 1 + r.IntN(s.Config().HandSize())) % (s.Config().HandSize() + 1)
		return herrlof.SetBid(s, q, b), true
	}
}

func mustNew(t testing.TB, c herrlof.Config) herrlof.State {
	t.Helper()
	s, err := herrlof.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestConformance(t *testing.T) {
	var starts []gametest.Start[herrlof.State]
	for _, st := range []struct {
		name string
		c    herrlof.Config
	}{
		{"2p", herrlof.Config{}},
		{"3p", herrlof.Config{Players: 3}},
		{"2p/five-trick-bonus", herrlof.Config{Players: 2, FiveTrickBonus: true}},
		{"2p/hand-limit", herrlof.Config{HandLimit: 2}},
		{"3p/hand-limit", herrlof.Config{Players: 3, HandLimit: 3}},
	} {
		starts = append(starts, gametest.Start[herrlof.State]{Name: st.name, Config: st.c, State: mustNew(t, st.c)})
	}
	// Random matches per start: a handful by default (each plays a whole match with every check
	// at every state), many more with -long.
	seeds := 4
	switch {
	case *long:
		seeds = 24
	case testing.Short():
		seeds = 2
	}
	g := registration.Suite() // what the registry holds; the tests add the rest
	g.Starts, g.Candidates, g.Invariant, g.Twin, g.Seeds = starts, candidates, invariant, twin, seeds
	g.Deck, g.Zones = herrlof.Deck(), zones
	gametest.Run(t, g)
}

// zones is herrlof.Zones: every zone read from what the State records, none the complement of
// the others, so that the conservation check notices a lost card (TestZonesNoticeALostCard).
func zones(s herrlof.State) []cards.Multiset { return herrlof.Zones(s) }
