package gulveig_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// TestPropertyBidScoring plays random hands, with random options and scores before the hand, and
// recounts the hand's scoring from what the tricks, the aside, the combos, the roles and the
// treasure show (G14–G19, G21): hand points are the worths in each winnings pile plus the combos
// shown; a made bid scores exactly the bid and a failed one loses it, doubled when blind;
// scavengers add their points unless on the barrel, and never reach the target on them; the 120
// printed card points are all in the winnings piles (or out of play with 2 players).
func TestPropertyBidScoring(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		players := rapid.IntRange(2, 4).Draw(t, "players")
		c := gulveig.Config{Players: players, Blind: rapid.Bool().Draw(t, "blind"), Roles: rapid.Bool().Draw(t, "roles"),
			Alternates: gulveig.Alternates(rapid.IntRange(0, 15).Draw(t, "alternates")),
			Target:     rapid.SampledFrom([]int{0, 500, 300}).Draw(t, "target")}
		target := c.Effective().Target
		scores := make([]int, players)
		for p := range scores {
			scores[p] = rapid.IntRange(-500, target-1).Draw(t, "score")
		}
		s := scoresAt(t, c, scores)
		r := rng.New(rapid.Uint64().Draw(t, "seed"))
		var pre gulveig.State
		var last []gulveig.Event
		var bonus int
		giveAway := false
		var buf []gulveig.Move
		for s.Phase() != gulveig.PhaseDeal || s.Round() == 1 {
			var m gulveig.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				buf = s.AppendLegal(buf[:0])
				m = buf[rapid.IntRange(0, len(buf)-1).Draw(t, "move")]
			}
			next, evs, err := s.ApplyEvents(m, norns.Nobody, nil)
			if err != nil {
				t.Fatalf("%v: %v", m, err)
			}
			for _, e := range evs {
				if e.Kind == gulveig.EventRole {
					switch e.Power.Effect {
					case gulveig.EffectPlus5:
						bonus += 5
					case gulveig.EffectMinus5:
						bonus -= 5
					case gulveig.EffectGiveAway:
						giveAway = true
					}
				}
			}
			pre, last, s = s, evs, next
			if s.Over() {
				break
			}
		}
		// Recount from pre, the state before the last card, and the last trick's event.
		d := pre.Declarer()
		piles := make([]gulveig.Cards, players)
		for p := range players {
			piles[p] = pre.Won(norns.Player(p))
		}
		var trickSeen bool
		for _, e := range last {
			if e.Kind == gulveig.EventTrick {
				piles[e.Seat] = piles[e.Seat].Plus(e.Cards)
				trickSeen = true
			}
		}
		if !trickSeen {
			t.Fatal("the hand ended without a trick event")
		}
		piles[d] = piles[d].Plus(pre.Aside())
		printed, all := 0, gulveig.Cards(0)
		pts := make([]int, players)
		for p := range players {
			for c := range piles[p].All() {
				pts[p] += pre.Worth(c)
				printed += c.Worth()
			}
			all = all.Plus(piles[p])
			for _, x := range []gulveig.Card{gulveig.Thor, gulveig.Aegir, gulveig.Loki, gulveig.Gymir, gulveig.NannaAlt, gulveig.LaufeyAlt, gulveig.ThiassiAlt, gulveig.FreyaAlt} {
				if pre.Shown(norns.Player(p)).Has(x) {
					pts[p] += x.ComboValue()
				}
			}
		}
		for c := range pre.Out().All() {
			printed += c.Worth()
		}
		if printed != 120 || all.Plus(pre.Out()) != pre.InPlay() {
			t.Fatalf("the winnings piles hold %d printed points, %v", printed, all)
		}
		pts[d] += bonus
		if four := pre.Fourth(); four != norns.Nobody {
			dealt, _ := pre.DealtMove().Deal()
			tp := 0
			for c := range dealt.Treasure.All() {
				tp += pre.Worth(c)
				if p, ok := c.Partner(); ok && dealt.Treasure.Has(p) && c < p {
					tp += c.ComboValue()
				}
			}
			if giveAway {
				pts[(int(four)+1)%4] += tp
			} else {
				pts[four] += tp
			}
		}
		for p := range players {
			if got := s.LastHandPoints(norns.Player(p)); got != pts[p] {
				t.Fatalf("seat %d: %d hand points, recounted %d", p, got, pts[p])
			}
			before, after := scores[p], s.Score(norns.Player(p))
			if norns.Player(p) == d {
				bid := pre.Contract()
				if pre.BidBlind(d) {
					bid *= 2
				}
				want := before - bid
				if pts[p] >= pre.Contract() {
					want = before + bid
				}
				if after != want {
					t.Fatalf("declarer seat %d: %d -> %d with %d points for %d (blind %v)", p, before, after, pts[p], pre.Contract(), pre.BidBlind(d))
				}
				continue
			}
			want := before + pts[p]
			switch {
			case before >= target-100:
				want = before
			case want >= target:
				want = target - 1
			}
			if after != want {
				t.Fatalf("scavenger seat %d: %d -> %d with %d points, want %d", p, before, after, pts[p], want)
			}
		}
	})
}
