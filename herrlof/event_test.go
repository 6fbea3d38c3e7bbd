package herrlof_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// eventsFor applies moves, collecting the events seat p sees.
func eventsFor(t *testing.T, s herrlof.State, p norns.Player, moves ...string) (herrlof.State, []string) {
	t.Helper()
	var out []string
	var ev []herrlof.Event
	for _, text := range moves {
		var err error
		before := s
		s, ev, err = s.ApplyEvents(herrlof.MustParseMove(text), p, ev[:0])
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if plain, _ := before.Apply(herrlof.MustParseMove(text)); plain != s {
			t.Fatalf("%q: ApplyEvents and Apply disagree", text)
		}
		for _, e := range ev {
			out = append(out, e.String())
		}
	}
	return s, out
}

func TestEventsHideWhatTheSeatCannotSee(t *testing.T) {
	script := []string{"bid 1", "bid 2", "R3", "draw", "return G1", "B6", "take", "pick G5", "give B2",
		"G7", "G2", "Y5", "B2", "R4", "B1", "steal"}
	s0 := dealt(t, two, hand2(t, 0))
	_, got0 := eventsFor(t, s0, 0, script...)
	_, got1 := eventsFor(t, s0, 1, script...)
	for _, c := range []struct {
		seat       norns.Player
		got        []string
		has, hasnt []string
	}{
		{0, got0, []string{"seat 0 bids 1", "seat 1 bids in secret", "seat 0 draws R9 from the stock",
			"seat 0 puts G1 under the stock", "seat 1 takes G5 from seat 0", "seat 1 gives B2 to seat 0",
			"seat 1 steals a trick from seat 0"}, nil},
		{1, got1, []string{"seat 0 bids in secret", "seat 1 bids 2", "seat 0 draws a card from the stock",
			"seat 0 puts a card under the stock", "seat 1 takes G5 from seat 0", "seat 1 gives B2 to seat 0"},
			[]string{"R9", "G1 under"}},
	} {
		for _, h := range c.has {
			if !slices.Contains(c.got, h) {
				t.Errorf("%v does not see %q in\n%s", c.seat, h, strings.Join(c.got, "\n"))
			}
		}
		for _, h := range c.hasnt {
			for _, g := range c.got {
				if strings.Contains(g, h) {
					t.Errorf("%v sees %q: %q", c.seat, h, g)
				}
			}
		}
	}
}

func TestEventsScoredAndOver(t *testing.T) {
	s := lastTrick(t, two, [2]int{2, 12}, [2]int{3, 0})
	s = herrlof.SetMatch(s, 5, []int{40, 45}, []int{1, 1})
	first, second := "Y1", "H"
	if s.ToMove() == 1 {
		first, second = second, first
	}
	_, got := eventsFor(t, s, 1, first, second, "nosteal")
	want := []string{
		"seat 0 wins the trick with Y1",
		"seat 0 does not use the power of the 1",
		"hand 5 is scored: seat 0 bid 3, won 3, scores 18; seat 1 bid 0, won 12, scores 12",
		"the match is over: seat 0 wins",
	}
	if !slices.Equal(got[2:], want) {
		t.Errorf("events\n%s\nwant (after the two plays)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestEventStrings(t *testing.T) {
	for _, tc := range []struct {
		e    herrlof.Event
		want string
	}{
		{herrlof.Event{Kind: herrlof.EventTrump, Card: herrlof.Hagalaz}, "two Valknuts change the trump: the new trump card is H (no trump suit)"},
		{herrlof.Event{Kind: herrlof.EventMatchOver, Seats: norns.SeatsOf(0, 2)}, "the match is over: seat 0 and seat 2 share the win"},
		{herrlof.Event{Kind: herrlof.EventTaken, Seat: 2, Other: 0, Card: herrlof.NoCard}, "seat 2 takes a card from seat 0"},
		{herrlof.Event{Kind: herrlof.EventDecline, Seat: 1, N: 6}, "seat 1 does not use the power of the 6"},
		{herrlof.Event{Kind: 99}, "EventKind(99)"},
	} {
		if got := tc.e.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
}

// TestEventsSpectatorSeesOnlyPublic: ApplyEvents with norns.Nobody (or any other non-seat)
// does not panic, gives Apply's state, and reports each event as every seat sees it where the
// seats agree, with the card or bid hidden where they do not.
func TestEventsSpectatorSeesOnlyPublic(t *testing.T) {
	for _, players := range []int{2, 3} {
		for seed := range uint64(20) {
			r := rng.New(seed)
			playRandom(t, herrlof.Config{Players: players, HandLimit: 2}, r, nil, func(s herrlof.State, m herrlof.Move) {
				for _, spectator := range []norns.Player{norns.Nobody, norns.Chance, norns.Player(players), 127} {
					after, pub, err := s.ApplyEvents(m, spectator, nil)
					if want, _ := s.Apply(m); err != nil || after != want {
						t.Fatalf("%v: ApplyEvents(%v, %v): %v, or a state Apply does not give", s, m, spectator, err)
					}
					for p := range players {
						_, seen, _ := s.ApplyEvents(m, norns.Player(p), nil)
						if len(seen) != len(pub) {
							t.Fatalf("%v: %v sees %d events, seat %d %d", m, spectator, len(pub), p, len(seen))
						}
						for i, e := range seen {
							hidden := e
							hidden.Card = herrlof.NoCard
							if e.Kind == herrlof.EventBid {
								hidden.N = -1
							}
							if pub[i] != e && pub[i] != hidden {
								t.Fatalf("%v: %v sees %+v, seat %d %+v", m, spectator, pub[i], p, e)
							}
						}
					}
					for _, e := range pub {
						switch {
						case e.Kind == herrlof.EventBid && e.N != -1,
							(e.Kind == herrlof.EventDraw || e.Kind == herrlof.EventReturn) && e.Card != herrlof.NoCard:
							t.Fatalf("%v: a spectator sees %v", m, e)
						}
					}
				}
			})
		}
	}
}

// TestEventKindString pins the kinds' names, one per kind, and the form out of range.
func TestEventKindString(t *testing.T) {
	want := []string{"invalid", "deal", "bid", "play", "draw", "return", "decline", "win",
		"destroyed", "trump", "steal", "take", "taken", "give", "scored", "matchover"}
	for k, w := range want {
		if got := herrlof.EventKind(k).String(); got != w {
			t.Errorf("EventKind(%d) = %q, want %q", k, got, w)
		}
	}
	if got := herrlof.EventMatchOver.String(); got != "matchover" {
		t.Errorf("EventMatchOver = %q", got)
	}
	if got := herrlof.EventKind(len(want)).String(); got != fmt.Sprintf("EventKind(%d)", len(want)) {
		t.Errorf("out of range: %q", got)
	}
}
