package gnav_test

import (
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// TestPerft pins the number of legal move sequences from fixed positions, one of each phase, to
// small depths (gametest.Perft: a deal's chance node, whose outcomes are not listed, and the end
// of the match count as one leaf each, so a count covers the rest of one deal at most).
func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		name  string
		s     func(t *testing.T) gnav.State
		moves []string // played from s before counting
		want  []uint64 // Perft at depth 1, 2, …
	}{
		// Chance draws the first dealer among the four seats; each then waits for a deal.
		{"dealer/4p", func(t *testing.T) gnav.State { return mustNew(t, gnav.Config{}) }, nil, []uint64{4, 4, 4}},
		{"dealer/20p", func(t *testing.T) gnav.State { return mustNew(t, gnav.Config{Players: 20}) }, nil, []uint64{20, 20}},
		// A deal is not listed: one leaf.
		{"deal", func(t *testing.T) gnav.State { return mustNew(t, gnav.Config{DealerGiven: true}) }, nil, []uint64{1, 1}},
		// Two seats, seat 1 deals, both cards ordinary: seat 0 stands or asks (and swaps); seat 1,
		// the dealer, then stands or draws, which ends the deal: 2, 4, then no more.
		{"turn/2p-ordinary", func(t *testing.T) gnav.State {
			return dealt(t, table(t, gnav.Config{Players: 2}, 1, nil), []gnav.Card{ugle, potte}, gnav.Numbered(3))
		}, nil, []uint64{2, 4, 4, 4}},
		// Two seats, the dealer holds the Gjøk: seat 0's ask ends the deal (N10), its stand
		// leaves the dealer to stand or draw: 2, 3.
		{"turn/2p-gjok", func(t *testing.T) gnav.State {
			return dealt(t, table(t, gnav.Config{Players: 2}, 1, nil), []gnav.Card{ugle, gjok})
		}, nil, []uint64{2, 3, 3}},
		// Four seats (seat 3 deals), no matador in hand: every seat in turn stands or asks, each
		// ask an exchange with the next seat, which then has the turn.
		{"turn/4p-ordinary", func(t *testing.T) gnav.State {
			return dealt(t, four(t), []gnav.Card{ugle, potte, gnav.Numbered(2), gnav.Numbered(7)})
		}, nil, []uint64{2, 4, 8, 16, 16}},
		// Four seats holding Ugle, Hus, Katt and the dealer's Narr: seat 0's ask passes the Hus
		// (N9) to the Katt (N12), and so does seat 1's: the asker loses a life and the dealer
		// acts next. Seat 2's ask swaps with the dealer's Narr.
		{"turn/4p-matadors", func(t *testing.T) gnav.State {
			return dealt(t, four(t), []gnav.Card{ugle, hus, katt, narr}, dragon, hest)
		}, nil, []uint64{2, 4, 6, 8, 8, 8}},
		// The same deal after seat 0 stood: seat 1 (the Hus) to act.
		{"turn/4p-matadors/after-stand", func(t *testing.T) gnav.State {
			return dealt(t, four(t), []gnav.Card{ugle, hus, katt, narr}, dragon, hest)
		}, []string{"stand"}, []uint64{2, 4, 6, 6, 6, 6}},
		// Six seats, seat 1 out of the match and seat 3 resting: both are passed over (N3), and
		// seat 0's ask passes seat 2's Hest (N9) to swap with seat 4, who then acts.
		{"turn/6p-out-and-resting", func(t *testing.T) gnav.State {
			s := table(t, gnav.Config{Players: 6}, 5, []int{3, 0, 2, 3, 1, 3}, 3)
			return dealt(t, s, []gnav.Card{gnav.Numbered(9), none, hest, none, gnav.Numbered(1), potte}, katt)
		}, nil, []uint64{2, 4, 8, 12, 12, 12}},
		// The cat option off, two lives: seat 0's ask meets the Katt, which costs a life and
		// undoes nothing; the dealer acts next.
		{"turn/3p-cat-dragoon", func(t *testing.T) gnav.State {
			s := table(t, gnav.Config{Players: 3, Lives: 2, CatIsDragoon: true}, 2, nil)
			return dealt(t, s, []gnav.Card{gnav.Numbered(5), katt, gnav.Numbered(6)})
		}, nil, []uint64{2, 4, 6, 6, 6, 6}},
		// Over: a leaf.
		{"over", func(t *testing.T) gnav.State {
			s := table(t, gnav.Config{Players: 2, Lives: 1}, 1, nil)
			s = dealt(t, s, []gnav.Card{ugle, potte})
			s, _ = play(t, s, 0, "stand", "stand")
			return s
		}, nil, []uint64{1, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.s(t)
			s, _ = play(t, s, 0, tc.moves...)
			var got []uint64
			for d := 1; d <= len(tc.want); d++ {
				got = append(got, gametest.Perft(s, d))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("perft %v, want %v\n%v", got, tc.want, s)
			}
		})
	}
}

// legalSlow is Legal written from the rules alone, without legal.go: it tries every move of the
// move space, in Legal's documented order (the first dealers by seat, then stand, ask, draw), and
// keeps those the rules allow the player to act. A deal is chance's, and its outcomes are not
// listed.
func legalSlow(s gnav.State) []gnav.Move {
	var space []gnav.Move
	for p := range norns.Player(gnav.MaxPlayers + 1) {
		space = append(space, gnav.ChooseDealer(p))
	}
	space = append(space, gnav.Stand(), gnav.Ask(), gnav.Draw())
	var out []gnav.Move
	for _, m := range space {
		if allowed(s, m) {
			out = append(out, m)
		}
	}
	return out
}

// allowed says whether the rules let m be played in s.
func allowed(s gnav.State, m gnav.Move) bool {
	who := s.ToMove()
	switch {
	case s.Over(): // N17: nothing after the end
		return false
	case who == norns.Chance:
		// N4: before the first deal, chance draws the first dealer among all the seats; later
		// chance nodes are deals (N5), which are not listed.
		return s.Dealer() == norns.Nobody && m.Kind() == gnav.MoveChooseDealer && int(m.Seat()) < s.Players()
	case !s.InPlay().Has(who): // only a contestant still in acts (N3, N14)
		return false
	}
	dealer := who == s.Dealer()
	switch m.Kind() {
	case gnav.MoveStand: // N7, N13: anyone may keep the card
		return true
	case gnav.MoveAsk: // N7: a player who is not the dealer may ask
		return !dealer
	case gnav.MoveDraw: // N13: the dealer may trade with the stock
		return dealer
	}
	return false
}

// TestLegalSlow compares Legal, View.Legal and Apply's verdicts with legalSlow at every state of
// random matches of every table size and option.
func TestLegalSlow(t *testing.T) {
	seeds := 6
	switch {
	case *long:
		seeds = 40
	case testing.Short():
		seeds = 3
	}
	var phases [4]int
	bad := gnav.Deal([gnav.DeckSize]gnav.Card{}) // 42 Narrs
	for n := gnav.MinPlayers; n <= gnav.MaxPlayers; n++ {
		for _, c := range []gnav.Config{{Players: n}, {Players: n, CatIsDragoon: true, Lives: 1}, {Players: n, Lives: 2, DealerGiven: true, FirstDealer: norns.Player(n - 1)}} {
			for seed := range uint64(seeds) {
				r := rng.New(seed*100 + uint64(n))
				s := mustNew(t, c)
				for {
					phases[s.Phase()]++
					want := legalSlow(s)
					if got := s.Legal(); !slices.Equal(got, want) {
						t.Fatalf("%+v seed %d: Legal %v, legalSlow %v\n%v", c, seed, got, want, s)
					}
					for p := range norns.Player(s.Players()) {
						vw := []gnav.Move(nil)
						if p == s.ToMove() {
							vw = want
						}
						if got := s.View(p).Legal(); !slices.Equal(got, vw) {
							t.Fatalf("%+v seed %d: View(%v).Legal %v, want %v\n%v", c, seed, p, got, vw, s)
						}
					}
					for _, m := range append(legalSlow(mustNew(t, gnav.Config{Players: gnav.MaxPlayers})), gnav.Stand(), gnav.Ask(), gnav.Draw(), bad, gnav.Move{}) {
						_, err := s.Apply(m)
						if ok := err == nil; ok != slices.Contains(want, m) {
							t.Fatalf("%+v seed %d: Apply(%v) error %v, but legalSlow %v\n%v", c, seed, m, err, want, s)
						}
					}
					if s.Over() {
						break
					}
					var m gnav.Move
					if s.ToMove() == norns.Chance && len(want) == 0 {
						m = s.SampleChance(r)
					} else {
						m = want[r.IntN(len(want))]
					}
					var err error
					if s, err = s.Apply(m); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	for ph, n := range phases {
		if n == 0 {
			t.Errorf("no state in phase %v", gnav.Phase(ph))
		}
	}
}
