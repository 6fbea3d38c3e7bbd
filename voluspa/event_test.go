package voluspa_test

import (
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

func TestEventZeroValue(t *testing.T) {
	var e voluspa.Event
	if e.Kind != voluspa.EventInvalid || e.Kind.String() != "invalid" {
		t.Errorf("the zero event is %v", e.Kind)
	}
}

// TestEventsPerViewer plays random matches and checks every move's events for every viewer and
// a spectator: drawn tiles only to the drawer, the same state as Apply, the line points adding
// up to the scores, and the match ending with EventMatchOver naming the winners.
func TestEventsPerViewer(t *testing.T) {
	for seed := range uint64(8) {
		n := 2 + int(seed%4)
		s := mustNew(t, n)
		r := rng.New(seed)
		points := make([]int, n)
		var last voluspa.Event
		for !s.Over() {
			m := randomMove(s, r)
			want, _ := s.Apply(m)
			viewers := []norns.Player{norns.Nobody}
			for p := range norns.Player(n) {
				viewers = append(viewers, p)
			}
			for _, viewer := range viewers {
				next, evs, err := s.ApplyEvents(m, viewer, nil)
				if err != nil || next != want || len(evs) == 0 {
					t.Fatalf("ApplyEvents(%v, %v): %v, %d events", m, viewer, err, len(evs))
				}
				for _, e := range evs {
					if e.Kind == voluspa.EventInvalid || e.String() == "" {
						t.Fatalf("event %#v", e)
					}
					if e.Kind == voluspa.EventDraw && (e.Tile != voluspa.NoTile) != (viewer == e.Seat) {
						t.Fatalf("%v sees the draw of %v as %v", viewer, e.Seat, e.Tile)
					}
					if viewer == norns.Nobody && e.Kind == voluspa.EventLine {
						points[e.Seat] += e.Points
					}
					last = e
				}
			}
			s = want
		}
		if last.Kind != voluspa.EventMatchOver || last.Seats != s.Winners() {
			t.Fatalf("the last event is %v", last)
		}
		for p := range norns.Player(n) {
			if points[p] != s.Score(p) {
				t.Errorf("seed %d: %v's lines add up to %d, score %d", seed, p, points[p], s.Score(p))
			}
		}
	}
}

func TestEventText(t *testing.T) {
	s := opening(t, "Thor", 0, "Fenrir Odin Thor Thor Thor", "Valkyrie Thor Thor Thor Thor")
	s = settle(t, play(t, s, "Fenrir 1,0", "Valkyrie 2,0"))
	_, evs, err := s.ApplyEvents(voluspa.MustParseMove("Odin 3,0"), norns.Nobody, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"seat 0 lays Odin at 3,0", "seat 0 scores 4 for the row through 3,0 (4 tiles): Odin worth 8 is the strongest"}
	if len(evs) != 2 || evs[0].String() != want[0] || evs[1].String() != want[1] {
		t.Errorf("events %v, want %v", evs, want)
	}
	_, evs, _ = s.ApplyEvents(voluspa.MustParseMove("Thor 3,0"), norns.Nobody, nil)
	if got := evs[1].String(); got != "the row through 3,0 (4 tiles) scores nothing: Thor worth 7 ties a Thor" {
		t.Errorf("tie event %q", got)
	}
}

// TestLineEventSaysWhyAWorthIsZero is the regression test for a narration that said a Loki worth
// 1 beat a Thor without saying the Thor was worth 0 beside it (V10).
func TestLineEventSaysWhyAWorthIsZero(t *testing.T) {
	for _, tc := range []struct {
		e    voluspa.Event
		want string
	}{
		{voluspa.Event{Kind: voluspa.EventLine, Seat: 1, Tile: voluspa.Loki, Worth: 1, Rival: voluspa.NoTile, Points: 3, Reason: voluspa.ReasonStrongest, Length: 3},
			"Loki worth 1 is the strongest (the tiles beside a Loki are worth 0)"},
		{voluspa.Event{Kind: voluspa.EventLine, Seat: 0, Tile: voluspa.Thor, Worth: 0, Rival: voluspa.Loki, Reason: voluspa.ReasonOutranked, Length: 2},
			"Thor worth 0 (a Loki beside it makes it worth 0) is beaten by a Loki"},
		{voluspa.Event{Kind: voluspa.EventLine, Seat: 0, Tile: voluspa.Odin, Worth: 8, Rival: voluspa.NoTile, Points: 2, Reason: voluspa.ReasonStrongest, Length: 2},
			"Odin worth 8 is the strongest"},
	} {
		if got := tc.e.String(); !strings.HasSuffix(got, tc.want) {
			t.Errorf("%+v: %q, want it to end with %q", tc.e, got, tc.want)
		}
	}
}
