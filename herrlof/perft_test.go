package herrlof_test

import (
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// legalSlow lists the legal moves of s straight from the rules, through the public API only,
// in the order State.Legal documents. It is the oracle the fast AppendLegal must agree with.
func legalSlow(s herrlof.State) []herrlof.Move {
	var out []herrlof.Move
	p := s.ToMove()
	kinds := func(h herrlof.Cards, mk func(herrlof.Card) herrlof.Move) {
		for _, c := range allCards {
			if h.Has(c) {
				out = append(out, mk(c))
			}
		}
	}
	opponents := func(keep func(q norns.Player) bool, one, some func(q norns.Player) herrlof.Move) {
		for q := range norns.Player(s.Players()) {
			if q == p || !keep(q) {
				continue
			}
			if s.Players() == 2 {
				out = append(out, one(q))
			} else {
				out = append(out, some(q))
			}
		}
	}
	switch s.Phase() {
	case herrlof.PhaseBid:
		for b := 0; b <= s.Config().HandSize(); b++ {
			out = append(out, herrlof.Bid(b))
		}
	case herrlof.PhasePlay:
		hand := s.Hand(p)
		led := herrlof.NoSuit
		for i := range s.Trick().Len() {
			if c := s.Trick().Card(i); c.IsSuited() {
				led = c.Suit()
				break
			}
		}
		canFollow := false
		for c := range hand.All() {
			canFollow = canFollow || led != herrlof.NoSuit && c.Suit() == led
		}
		kinds(hand, func(c herrlof.Card) herrlof.Move {
			if canFollow && c.IsSuited() && c.Suit() != led {
				return herrlof.Move{}
			}
			return herrlof.Play(c)
		})
		out = slices.DeleteFunc(out, func(m herrlof.Move) bool { return m == herrlof.Move{} })
	case herrlof.PhaseDraw:
		out = append(out, herrlof.Draw(), herrlof.NoDraw())
	case herrlof.PhaseReturn:
		kinds(s.Hand(p), herrlof.Return)
	case herrlof.PhaseGive:
		kinds(s.Hand(p), herrlof.Give)
	case herrlof.PhasePick:
		kinds(s.Hand(s.PowerTarget()), herrlof.Pick)
	case herrlof.PhaseSteal:
		opponents(func(q norns.Player) bool { return s.Tricks(q) > 0 },
			func(norns.Player) herrlof.Move { return herrlof.Steal() }, herrlof.StealFrom)
		out = append(out, herrlof.NoSteal())
	case herrlof.PhaseTake:
		opponents(func(q norns.Player) bool { return s.Hand(q).Len() > 0 },
			func(norns.Player) herrlof.Move { return herrlof.Take() }, herrlof.TakeFrom)
		out = append(out, herrlof.NoTake())
	}
	return out
}

func TestLegalSlowAgrees(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 6
	}
	for _, cfg := range []herrlof.Config{two, three} {
		for seed := range uint64(seeds) {
			r := rng.New(seed)
			s := mustNew(t, cfg)
			for !s.Over() {
				legal := s.Legal()
				if want := legalSlow(s); !slices.Equal(legal, want) {
					t.Fatalf("Legal() = %v\nlegalSlow = %v\nin state\n%v", legal, want, s)
				}
				m := herrlof.Move{}
				if s.ToMove() == norns.Chance {
					m = s.SampleChance(r)
				} else {
					m = legal[r.IntN(len(legal))]
				}
				s, _ = s.Apply(m)
			}
		}
	}
}

// perftSlow is gametest.Perft over legalSlow.
func perftSlow(s herrlof.State, depth int) uint64 {
	if depth == 0 || s.Over() {
		return 1
	}
	legal := legalSlow(s)
	if len(legal) == 0 {
		return 1
	}
	var n uint64
	for _, m := range legal {
		next, err := s.Apply(m)
		if err != nil {
			panic(err)
		}
		n += perftSlow(next, depth-1)
	}
	return n
}

// TestPerft pins the number of legal move sequences from fixed deals, and checks them against
// the slow oracle.
func TestPerft(t *testing.T) {
	played2 := apply(t, dealt(t, two, hand2(t, 0), "bid 2", "bid 4"), "R3") // a 3 led: draw or not
	played3 := dealt(t, three, hand3(t, 0), "bid 1", "bid 2", "bid 3")
	for _, tc := range []struct {
		name  string
		s     herrlof.State
		depth int
		want  uint64
		short bool
	}{
		{"2p/bids", dealt(t, two, hand2(t, 0)), 3, 3840, true},
		{"2p/bids", dealt(t, two, hand2(t, 0)), 4, 41728, false},
		{"2p/draw", played2, 5, 52392, true},
		{"2p/draw", played2, 6, 551562, false},
		{"3p/play", played3, 5, 46602, true},
		{"3p/play", played3, 6, 282471, false},
	} {
		if testing.Short() && !tc.short {
			continue
		}
		got := gametest.Perft(tc.s, tc.depth)
		slow := perftSlow(tc.s, tc.depth)
		t.Logf("%s depth %d: %d", tc.name, tc.depth, got)
		if got != slow {
			t.Errorf("%s depth %d: Perft %d, slow oracle %d", tc.name, tc.depth, got, slow)
		}
		if got != tc.want {
			t.Errorf("%s depth %d: %d sequences, want %d", tc.name, tc.depth, got, tc.want)
		}
	}
}
