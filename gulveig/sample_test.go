package gulveig_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// observed returns what seat p was told during the current hand of s: the events of every move
// since the deal, as ApplyEvents gives them to p, and the moves p made. It replays the hand from
// its start, so it is computed apart from View.
func observed(t *testing.T, s gulveig.State, p norns.Player) []gulveig.Event {
	t.Helper()
	x := gulveig.HandStart(s)
	var evs []gulveig.Event
	for _, m := range s.HandMoves() {
		if x.ToMove() == p {
			evs = append(evs, gulveig.Event{Kind: gulveig.EventInvalid, Seat: p, Card: m.Card(), Cards: m.Cards(), Value: m.Value()})
		}
		var err error
		if x, evs, err = x.ApplyEvents(m, p, evs); err != nil {
			t.Fatalf("the hand's moves do not replay: %v", err)
		}
	}
	if x != s {
		t.Fatal("the hand's moves replay to another state")
	}
	return evs
}

// TestSampleOracle checks View.Sample with a checker that does not use View: every sample is a
// state the rules reach (its JSON, which replays the hand through Apply, decodes to it; its cards
// are all in place), holds what the seat holds, and its hand, replayed from the deal, tells the
// seat exactly what the true hand told it — every event, card seen and own move alike. Matches
// of every player count, with options off and all on.
func TestSampleOracle(t *testing.T) {
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	for _, c := range []gulveig.Config{{Players: 2}, {Players: 3}, {Players: 4}, allOptions(2), allOptions(3), allOptions(4),
		{Players: 3, Roles: true}, {Players: 4, Roles: true, Blind: true}} {
		c.HandLimit = 2
		for seed := range uint64(seeds) {
			r := rng.New(seed)
			s := mustNew(t, c)
			var buf []gulveig.Move
			for !s.Over() {
				if s.Phase() > gulveig.PhaseDeal {
					for p := range norns.Player(s.Players()) {
						want := observed(t, s, p)
						for range 3 {
							smp := s.View(p).Sample(r)
							if err := gulveig.Invariant(smp); err != nil {
								t.Fatalf("%+v: sample for %v breaks the invariant: %v", c, p, err)
							}
							b, err := json.Marshal(smp)
							if err != nil {
								t.Fatal(err)
							}
							var back gulveig.State
							if err := json.Unmarshal(b, &back); err != nil || back != smp {
								t.Fatalf("%+v: the sample for %v is not a state the rules reach: %v", c, p, err)
							}
							if s.View(p).KnowsHand() && smp.Hand(p) != s.Hand(p) {
								t.Fatalf("%+v: the sample for %v changes its hand", c, p)
							}
							if got := observed(t, smp, p); !slices.Equal(got, want) {
								t.Fatalf("%+v: the sample for %v tells it another story:\n%v\nwant\n%v\nsample:\n%v\ntrue:\n%v", c, p, got, want, smp, s)
							}
						}
					}
				}
				var m gulveig.Move
				if s.ToMove() == norns.Chance {
					m = s.SampleChance(r)
				} else {
					buf = s.AppendLegal(buf[:0])
					m = buf[r.IntN(len(buf))]
				}
				s, _ = s.Apply(m)
			}
		}
	}
}

// TestSampleVoidsAndShown checks two inferences on a scripted hand: a seat that did not follow a
// clan holds none of it in any sample, and a shown combo's partner stays with its holder until
// played.
func TestSampleVoidsAndShown(t *testing.T) {
	s := start(t, gulveig.Config{}, 2, deal3(t))
	// Seat 1 wins at 100, shows Aegir + Ran leading Aegir; seat 2 follows Nanna; seat 0 Frey wins.
	s = play(t, s, "bid 90", "bid 100", "pass", "pass", "aside Baldur Idun Ymir", "keep", "show Aegir+Ran", "Nanna", "Frey")
	// Seat 0 leads Odin: seat 1 (no Aesir left) and seat 2 (none) show out of Aesir.
	s = play(t, s, "Odin", "Loki", "Logi")
	r := rng.New(9)
	for range 200 {
		smp := s.View(0).Sample(r)
		if !smp.Hand(1).Has(gulveig.Ran) {
			t.Fatalf("Ran was shown with Aegir and not played: seat 1 holds %v", smp.Hand(1))
		}
		for _, q := range []norns.Player{1, 2} {
			if !smp.Hand(q).OfClan(gulveig.Aesir).IsEmpty() {
				t.Fatalf("seat %v showed out of Aesir but holds %v", q, smp.Hand(q))
			}
		}
		if !smp.Aside().Plus(smp.Hand(1)).Contains(cs(t, "Aurboda Thrym Laufey").Minus(smp.Played())) {
			t.Fatalf("the revealed treasure is with seat 1 or aside: %v / %v", smp.Hand(1), smp.Aside())
		}
	}
}

// TestSampleTries measures how many attempts View.Sample makes, over every seat's view and the
// spectator's (View(norns.Nobody)) at every state of random matches of every player count and option (the Orchard and Tyr's exchange
// included), checking each sample's view; it reports the mean and the worst, and fails if a view
// needs more than 1000 attempts (Sample has no budget: it would go on, but that many would mean
// a constraint the attempts ignore). The zero View samples to the zero State.
func TestSampleTries(t *testing.T) {
	if smp := (gulveig.View{}).Sample(rng.New(1)); smp != (gulveig.State{}) {
		t.Errorf("the zero View's sample is not the zero State")
	}
	seeds := 12
	if testing.Short() {
		seeds = 3
	}
	worst, total, samples := 0, 0, 0
	specWorst, specTotal, specSamples := 0, 0, 0
	var worstAt string
	r := rng.New(9)
	for _, c := range []gulveig.Config{{Players: 2}, {Players: 3}, {Players: 4}, allOptions(2), allOptions(3), allOptions(4),
		{Players: 3, Roles: true}, {Players: 4, Roles: true, Blind: true}, {Players: 2, Roles: true}} {
		c.HandLimit = 2
		for range seeds {
			s := mustNew(t, c)
			for !s.Over() {
				for i := -1; i < s.Players(); i++ {
					p := norns.Player(i)
					if i < 0 {
						p = norns.Nobody
					}
					v := s.View(p)
					smp, n := gulveig.SampleTries(v, r)
					if smp.View(p) != v {
						t.Fatalf("%+v: the sample's view differs for %v at\n%v", c, p, s)
					}
					if p == norns.Nobody {
						specTotal += n
						specSamples++
						specWorst = max(specWorst, n)
					}
					total += n
					samples++
					if n > worst {
						worst, worstAt = n, v.String()
					}
				}
				s = randomStep(t, s, r)
			}
		}
	}
	t.Logf("%d samples, %.2f attempts each on average, %d at worst, for\n%s", samples, float64(total)/float64(samples), worst, worstAt)
	t.Logf("of which %d of the spectator's views: %.2f attempts each on average, %d at worst", specSamples, float64(specTotal)/float64(specSamples), specWorst)
	if worst > 1000 {
		t.Errorf("a view needed %d attempts", worst)
	}
}
