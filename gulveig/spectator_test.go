package gulveig_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// TestSpectatorView checks, in a scripted hand (seat 1 won the auction, put three cards aside,
// showed a combo, and two seats showed out of Aesir), that the spectator's view
// (View(norns.Nobody)) holds exactly the public information: the auction, the tricks, the shown
// combos, the show-outs, the scores and hand sizes as a seat sees them, and no hand, aside,
// treasure taken, role or legal move; that its samples give it back and keep the public
// inferences.
func TestSpectatorView(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	s = play(t, s, "bid 90", "bid 100", "pass", "pass", "aside Baldur Idun Ymir", "keep", "show Aegir+Ran", "Nanna", "Frey")
	s = play(t, s, "Odin", "Loki", "Logi")
	v, seat := s.View(norns.Nobody), s.View(1)
	if v.Seat() != norns.Nobody || !v.Hand().IsEmpty() || v.KnowsHand() || !v.Aside().IsEmpty() || !v.Took().IsEmpty() ||
		v.Role() != gulveig.NoRole || v.Legal() != nil || len(v.AppendLegal(nil)) != 0 {
		t.Fatalf("spectator: seat %v, hand %v, aside %v, took %v, role %v, legal %v", v.Seat(), v.Hand(), v.Aside(), v.Took(), v.Role(), v.Legal())
	}
	if g, d := v.Orchard(); g != gulveig.NoCard || d != gulveig.NoCard {
		t.Fatalf("spectator's Orchard %v %v", g, d)
	}
	if a, b := v.Exchange(); !a.IsEmpty() || !b.IsEmpty() {
		t.Fatalf("spectator's exchange %v %v", a, b)
	}
	if seat.Aside().IsEmpty() || seat.Hand().IsEmpty() || !v.Void(1, gulveig.Aesir) {
		t.Fatal("the script went wrong: seat 1 has no hand or aside")
	}
	hb, hs := v.HighBid()
	sb, ss := seat.HighBid()
	tv, tok := v.Treasure()
	st, sok := seat.Treasure()
	if v.ToMove() != s.ToMove() || v.Over() != s.Over() || v.Phase() != s.Phase() || v.Round() != seat.Round() ||
		v.Declarer() != seat.Declarer() || v.Contract() != seat.Contract() || hb != sb || hs != ss || tv != st || tok != sok ||
		v.Played() != seat.Played() || v.TricksPlayed() != seat.TricksPlayed() || v.Supremacy() != seat.Supremacy() ||
		v.Winners() != s.Winners() || v.Config() != seat.Config() {
		t.Fatalf("the spectator's public part differs from seat 1's:\n%v\n%v", v, seat)
	}
	vt, vl := v.Trick()
	ct, cl := seat.Trick()
	if !reflect.DeepEqual(vt, ct) || vl != cl {
		t.Fatalf("spectator's trick %v by %v, seat 1's %v by %v", vt, vl, ct, cl)
	}
	for q := range norns.Player(s.Players()) {
		if v.Score(q) != seat.Score(q) || v.HandLen(q) != s.HandLen(q) || v.Won(q) != seat.Won(q) || v.Shown(q) != seat.Shown(q) ||
			v.LastBid(q) != seat.LastBid(q) || v.Passed(q) != seat.Passed(q) || v.PlayedBy(q) != seat.PlayedBy(q) {
			t.Fatalf("the spectator sees seat %v unlike seat 1 does", q)
		}
		for k := gulveig.Aesir; k <= gulveig.Rime; k++ {
			if v.Void(q, k) != seat.Void(q, k) {
				t.Fatalf("the spectator sees seat %v's void in %v unlike seat 1", q, k)
			}
		}
	}
	if strings.Contains(v.String(), "you hold") || !strings.Contains(v.String(), "spectator") {
		t.Fatalf("the spectator's String shows a hand or no spectator:\n%v", v)
	}
	r := rng.New(4)
	moved := false
	for range 300 {
		smp := v.Sample(r)
		if smp.View(norns.Nobody) != v {
			t.Fatalf("a spectator's sample has another spectator view:\n%v", smp)
		}
		for q := range norns.Player(s.Players()) {
			for c := range smp.Hand(q).All() {
				if c.Clan().IsValid() && v.Void(q, c.Clan()) {
					t.Fatalf("%v showed out of %v, but a spectator's sample gives it %v", q, c.Clan(), smp.Hand(q))
				}
			}
		}
		if !smp.Hand(1).Has(gulveig.Ran) {
			t.Fatalf("seat 1 showed Aegir+Ran, but a spectator's sample gives it %v", smp.Hand(1))
		}
		moved = moved || smp.Hand(0) != s.Hand(0)
	}
	if !moved {
		t.Error("every spectator's sample gave seat 0 its true hand")
	}
	e, err := gulveig.NewEncoding(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Observe(v, nil); len(got) != e.ObservationLen() {
		t.Fatalf("observation of %d values, want %d", len(got), e.ObservationLen())
	}
	none := []any{}
	gametest.SpectatorJSON(t, "gulveig", 80, map[string]any{"knowsHand": false, "hand": none, "role": "", "aside": none,
		"took": none, "gave": "", "drew": "", "sent": none, "got": none}, nil)
}
