package voluspa_test

import (
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
