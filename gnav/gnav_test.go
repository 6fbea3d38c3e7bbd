package gnav_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/internal/gametest"
)

// The compile-time proof that gnav satisfies the norns contract.
func contract[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](S) {}

var _ = contract[gnav.State, gnav.Move, gnav.View]

func mustNew(t testing.TB, c gnav.Config) gnav.State {
	t.Helper()
	s, err := gnav.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// candidates lists every kind of move, legal or not.
func candidates(s gnav.State) []gnav.Move {
	bad := [gnav.DeckSize]gnav.Card{} // 42 Narrs: never a legal deal
	return []gnav.Move{gnav.Stand(), gnav.Ask(), gnav.Draw(), gnav.ChooseDealer(0),
		gnav.ChooseDealer(norns.Player(s.Players())), gnav.Deal(bad), {}}
}

// invariant checks that the pack is all there during a deal, lives are in range and the seats'
// groups agree.
func invariant(s gnav.State) error {
	c := s.Config()
	var alive norns.Seats
	for p := range norns.Player(s.Players()) {
		l := s.Lives(p)
		if l < 0 || l > c.Lives {
			return fmt.Errorf("%v has %d lives", p, l)
		}
		if l > 0 {
			alive = alive.With(p)
		}
	}
	if alive != s.Alive() {
		return fmt.Errorf("alive %v, lives say %v", s.Alive(), alive)
	}
	if s.Resting()&^alive != 0 || s.Resting()&s.Contestants() != 0 {
		return fmt.Errorf("resting %v, alive %v, contestants %v", s.Resting(), alive, s.Contestants())
	}
	switch s.Phase() {
	case gnav.PhaseOver:
		if alive.Len() > 1 || s.Winners() != alive {
			return fmt.Errorf("over with alive %v, winners %v", alive, s.Winners())
		}
		return nil
	case gnav.PhaseDeal, gnav.PhaseDealer:
		if s.Contestants() != alive&^s.Resting() || s.Contestants().Len() < 2 {
			return fmt.Errorf("contestants %v, alive %v, resting %v", s.Contestants(), alive, s.Resting())
		}
		return nil
	}
	if s.InPlay() != s.Contestants()&alive || !s.Contestants().Has(s.Dealer()) || !s.Contestants().Has(s.ToMove()) {
		return fmt.Errorf("contestants %v, in play %v, dealer %v, to move %v", s.Contestants(), s.InPlay(), s.Dealer(), s.ToMove())
	}
	var count [gnav.NumRanks]int
	var dealt [gnav.NumRanks]int
	for p := range norns.Player(s.Players()) {
		h, d := s.Hand(p), s.Dealt(p)
		if !s.Contestants().Has(p) {
			if h != gnav.NoCard || d != gnav.NoCard {
				return fmt.Errorf("%v holds %v, dealt %v, but is no contestant", p, h, d)
			}
			continue
		}
		if !h.IsValid() || !d.IsValid() {
			return fmt.Errorf("%v holds %v, dealt %v", p, h, d)
		}
		count[h]++
		dealt[d]++
		if (d == gnav.Narr) != s.Knocked().Has(p) {
			return fmt.Errorf("%v was dealt %v but knocked: %v", p, d, s.Knocked().Has(p))
		}
	}
	st := s.Stock()
	if len(st) != gnav.DeckSize-s.Contestants().Len() {
		return fmt.Errorf("a stock of %d", len(st))
	}
	for _, c := range st {
		if !c.IsValid() {
			return fmt.Errorf("stock holds %v", c)
		}
		count[c]++
		dealt[c]++
	}
	for c := range gnav.Card(gnav.NumRanks) {
		if count[c] != gnav.Copies || dealt[c] != gnav.Copies {
			return fmt.Errorf("%d copies of %v in play (%d as dealt)", count[c], c, dealt[c])
		}
	}
	return nil
}

func game(t *testing.T, configs []gnav.Config, seeds int) gametest.Game[gnav.State, gnav.Move, gnav.View] {
	g := registration.Suite() // what the registry holds; the tests add the rest
	g.Candidates, g.Invariant, g.Twin, g.Seeds = candidates, invariant, gnav.Twin, seeds
	g.Deck, g.Zones = gnav.Deck(), gnav.Zones
	for _, c := range configs {
		name := fmt.Sprintf("%dp", c.Players)
		if c.CatIsDragoon {
			name += "/cat-dragoon"
		}
		if c.DealerGiven {
			name += fmt.Sprintf("/dealer-%d", c.FirstDealer)
		}
		if c.Lives != 0 {
			name += fmt.Sprintf("/%dlives", c.Lives)
		}
		g.Starts = append(g.Starts, gametest.Start[gnav.State]{Name: name, Config: c, State: mustNew(t, c)})
	}
	return g
}

// TestConformance runs the conformance suite on a spread of tables: two to eight seats, the cat
// on and off, one life with a given dealer, and twelve and twenty seats. With -long it runs every
// table size from 2 to 8 with and without the cat, twenty seats with nine lives, and twice the
// matches.
func TestConformance(t *testing.T) {
	small := []gnav.Config{{Players: 2}, {Players: 3, CatIsDragoon: true}, {Players: 4}, {Players: 4, CatIsDragoon: true},
		{Players: 5}, {Players: 6, CatIsDragoon: true}, {Players: 8}, {Players: 3, Lives: 1, DealerGiven: true, FirstDealer: 2}}
	big := []gnav.Config{{Players: 12}, {Players: 20, CatIsDragoon: true}}
	smallSeeds, bigSeeds := 6, 2
	if *long {
		small = small[:0]
		for n := 2; n <= 8; n++ {
			small = append(small, gnav.Config{Players: n}, gnav.Config{Players: n, CatIsDragoon: true})
		}
		small = append(small, gnav.Config{Players: 3, Lives: 1, DealerGiven: true, FirstDealer: 2})
		big = append(big, gnav.Config{Players: 20, Lives: 9})
		smallSeeds, bigSeeds = 12, 4
	}
	t.Run("small", func(t *testing.T) { gametest.Run(t, game(t, small, smallSeeds)) })
	t.Run("big", func(t *testing.T) { gametest.Run(t, game(t, big, bigSeeds)) })
}

func TestConfigValidate(t *testing.T) {
	for _, c := range []gnav.Config{{Players: 1}, {Players: 21}, {Players: -3}, {Lives: 10}, {Lives: -1},
		{DealerGiven: true, FirstDealer: 4}, {FirstDealer: 1}, {DealerGiven: true, FirstDealer: -1}} {
		if err := c.Validate(); !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("%+v: Validate = %v, want ErrBadConfig", c, err)
		}
		if _, err := gnav.New(c); !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("%+v: New = %v, want ErrBadConfig", c, err)
		}
	}
	s := mustNew(t, gnav.Config{})
	if got, want := s.Config(), (gnav.Config{Players: 4, Lives: 3}); got != want {
		t.Errorf("zero Config gives %+v, want %+v", got, want)
	}
	if s.ToMove() != norns.Chance || s.Phase() != gnav.PhaseDealer || len(s.Legal()) != 4 {
		t.Errorf("New: to move %v, phase %v, legal %v", s.ToMove(), s.Phase(), s.Legal())
	}
}
