package herrlof_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
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
		{herrlof.Event{Kind: herrlof.EventOver, Winners: norns.SeatsOf(0, 2)}, "the match is over: seat 0 and seat 2 share the win"},
		{herrlof.Event{Kind: herrlof.EventTaken, Seat: 2, Other: 0, Card: herrlof.NoCard}, "seat 2 takes a card from seat 0"},
		{herrlof.Event{Kind: herrlof.EventDecline, Seat: 1, N: 6}, "seat 1 does not use the power of the 6"},
		{herrlof.Event{Kind: 99}, "EventKind(99)"},
	} {
		if got := tc.e.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
}
