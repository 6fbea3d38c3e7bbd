package herrlof_test

import (
	"slices"
	"strings"
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

// moveSpace lists every move a seat or a pick could make in any state, legal or not: each bid
// up to 20, each card played, returned, given or picked, and every power choice with and without
// a seat.
var moveSpace = func() []herrlof.Move {
	var ms []herrlof.Move
	for b := range 21 {
		ms = append(ms, herrlof.Bid(b))
	}
	for _, c := range allCards {
		ms = append(ms, herrlof.Play(c), herrlof.Return(c), herrlof.Give(c), herrlof.Pick(c))
	}
	ms = append(ms, herrlof.Draw(), herrlof.NoDraw(), herrlof.Steal(), herrlof.NoSteal(), herrlof.Take(), herrlof.NoTake())
	for p := range norns.Player(3) {
		ms = append(ms, herrlof.StealFrom(p), herrlof.TakeFrom(p))
	}
	return ms
}()

// TestLegalSlow compares Legal with legalSlow, the oracle written from the rules above, at every
// state of random matches of both sizes, and checks that the moves of the whole move space that
// Apply accepts are exactly legalSlow's: so Legal, the rules as written here, and Apply agree.
// Every phase a seat or a pick decides in must come up.
func TestLegalSlow(t *testing.T) {
	seeds := 12
	switch {
	case *long:
		seeds = 60
	case testing.Short():
		seeds = 4
	}
	seen := map[herrlof.Phase]int{}
	for _, cfg := range []herrlof.Config{two, three} {
		for seed := range uint64(seeds) {
			r := rng.New(seed)
			s := mustNew(t, cfg)
			for !s.Over() {
				seen[s.Phase()]++
				legal := s.Legal()
				want := legalSlow(s)
				if !slices.Equal(legal, want) {
					t.Fatalf("Legal() = %v\nlegalSlow = %v\nin state\n%v", legal, want, s)
				}
				if s.Phase() != herrlof.PhaseDeal {
					var accepted []herrlof.Move
					for _, m := range moveSpace {
						if _, err := s.Apply(m); err == nil {
							accepted = append(accepted, m)
						}
					}
					sorted := slices.Clone(want)
					less := func(a, b herrlof.Move) int { return strings.Compare(a.String(), b.String()) }
					slices.SortFunc(sorted, less)
					slices.SortFunc(accepted, less)
					if !slices.Equal(accepted, sorted) {
						t.Fatalf("Apply accepts %v\nlegalSlow lists %v\nin state\n%v", accepted, sorted, s)
					}
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
	for ph := herrlof.PhaseDeal; ph < herrlof.PhaseOver; ph++ {
		if seen[ph] == 0 {
			t.Errorf("no state of phase %v came up", ph)
		}
	}
	t.Logf("states by phase: %v", seen)
}

// perftPositions are TestPerft's scripted positions, one or more for every phase a seat or chance
// decides in (a deal node counts as one sequence: its outcomes are not listed), with their depths.
func perftPositions(t testing.TB) []struct {
	name string
	s    herrlof.State
} {
	two2 := dealt(t, two, hand2(t, 0), "bid 0", "bid 0")
	three3 := dealt(t, three, hand3(t, 0), "bid 0", "bid 0", "bid 0")
	last := lowestPolicy(t, dealt(t, two, lastTrickDeal(t, "Y6"), "bid 0", "bid 0"), "Y6", true)
	return []struct {
		name string
		s    herrlof.State
	}{
		{"2p/deal", mustNew(t, two)},
		{"2p/bids", dealt(t, two, hand2(t, 0))},
		{"3p/bids", dealt(t, three, hand3(t, 0))},
		{"2p/draw", apply(t, dealt(t, two, hand2(t, 0), "bid 2", "bid 4"), "R3")},
		{"2p/return", apply(t, dealt(t, two, hand2(t, 0), "bid 2", "bid 4"), "R3", "draw")},
		{"3p/play", dealt(t, three, hand3(t, 0), "bid 1", "bid 2", "bid 3")},
		{"2p/steal", apply(t, two2, "R2", "Y5", "R4", "B1")},
		{"3p/steal", apply(t, three3, "R2", "G2", "R9", "H", "G1", "B4")},
		{"2p/take", apply(t, two2, "R2", "B6")},
		{"2p/pick", apply(t, two2, "R2", "B6", "take")},
		{"2p/give", apply(t, two2, "R2", "B6", "take", "pick G5")},
		{"3p/take", apply(t, three3, "R2", "G2", "H", "B6", "R4", "H")},
		{"2p/lasttrick", last},
	}
}

// perftDeep pins deeper counts from two of the positions, outside -short.
var perftDeep = []struct {
	name  string
	depth int
	want  uint64
}{
	{"2p/draw", 5, 52392},
	{"3p/play", 5, 46602},
	{"2p/draw", 6, 551562},
	{"3p/play", 6, 282471},
}

// TestPerft pins the number of legal move sequences from fixed, scripted positions (every phase),
// and checks each against the same count over the slow oracle legalSlow. -short counts to depth
// 3; the default run to depth 4, and to depths 5 and 6 from two positions (perftDeep).
func TestPerft(t *testing.T) {
	want := map[string][2]uint64{ // depth 3, depth 4
		"2p/deal":      {1, 1},
		"2p/bids":      {3840, 41728},
		"3p/bids":      {1728, 19008},
		"2p/draw":      {411, 4831},
		"2p/return":    {2790, 30703},
		"3p/play":      {569, 5222},
		"2p/steal":     {268, 2460},
		"3p/steal":     {146, 1202},
		"2p/take":      {364, 4586},
		"2p/pick":      {2886, 25360},
		"2p/give":      {1820, 19620},
		"3p/take":      {251, 1906},
		"2p/lasttrick": {1, 1},
	}
	check := func(name string, s herrlof.State, depth int, want uint64) {
		got := gametest.Perft(s, depth)
		if slow := gametest.PerftWith(s, depth, legalSlow); got != slow {
			t.Errorf("%s depth %d: Perft %d, slow oracle %d", name, depth, got, slow)
		}
		if got != want {
			t.Errorf("%s depth %d: %d sequences, want %d", name, depth, got, want)
		}
	}
	positions := map[string]herrlof.State{}
	for _, pos := range perftPositions(t) {
		positions[pos.name] = pos.s
		w, ok := want[pos.name]
		if !ok {
			t.Fatalf("no pinned count for %s", pos.name)
		}
		check(pos.name, pos.s, 3, w[0])
		if !testing.Short() {
			check(pos.name, pos.s, 4, w[1])
		}
	}
	for _, d := range perftDeep {
		if testing.Short() {
			continue
		}
		check(d.name, positions[d.name], d.depth, d.want)
	}
}
