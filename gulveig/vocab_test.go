package gulveig_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// TestMaxStateJSON measures the longest state JSON of random matches with every option (the
// longest hands: roles, blind bids, 2 to 4 players), which must stay well below MaxStateJSON
// even indented, and checks that a text one byte longer than MaxStateJSON is refused unread
// with an error wrapping norns.ErrCorrupt, the state left unchanged.
func TestMaxStateJSON(t *testing.T) {
	longest, longestIndented := 0, 0
	r := rng.New(7)
	for _, players := range []int{2, 3, 4} {
		c := allOptions(players)
		c.HandLimit = 2
		for range 20 {
			s := mustNew(t, c)
			for !s.Over() {
				b, err := json.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				bi, _ := json.MarshalIndent(s, "", "  ")
				longest, longestIndented = max(longest, len(b)), max(longestIndented, len(bi))
				s = randomStep(t, s, r)
			}
		}
	}
	t.Logf("longest state JSON %d bytes, %d indented; MaxStateJSON %d", longest, longestIndented, gulveig.MaxStateJSON)
	if 4*longestIndented > gulveig.MaxStateJSON {
		t.Errorf("a state JSON of %d bytes indented is within 4 times of MaxStateJSON %d", longestIndented, gulveig.MaxStateJSON)
	}
	s := mustNew(t, gulveig.Config{})
	before := s
	huge := `{"config":{}, "hands":0` + strings.Repeat(" ", gulveig.MaxStateJSON) + `}`
	if err := s.UnmarshalJSON([]byte(huge)); !errors.Is(err, norns.ErrCorrupt) || s != before {
		t.Fatalf("a state JSON of %d bytes: error %v, changed %v; want ErrCorrupt and no change", len(huge), err, s != before)
	}
}

// randomStep plays one random move of s: chance drawn, or a uniformly random legal move.
func randomStep(t testing.TB, s gulveig.State, r *rng.Rand) gulveig.State {
	t.Helper()
	var m gulveig.Move
	if s.ToMove() == norns.Chance {
		m = s.SampleChance(r)
	} else {
		legal := s.Legal()
		m = legal[r.IntN(len(legal))]
	}
	if err := s.Step(m); err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	return s
}

// TestVocabulary checks the meanings of the names of API version 1.0 that the other tests do not
// reach: Round counts hands dealt from 0, Cards.Plus and Count, MustParseMove, Move.Seat,
// View.HandLen, and the names of kinds and phases out of range.
func TestVocabulary(t *testing.T) {
	c := gulveig.Config{Players: 3, HandLimit: 2}
	s := mustNew(t, c)
	if s.Round() != 0 || s.View(0).Round() != 0 {
		t.Fatalf("Round before the first deal: %d, want 0", s.Round())
	}
	r := rng.New(1)
	for s.Phase() != gulveig.PhaseBid {
		s = randomStep(t, s, r)
	}
	if s.Round() != 1 || s.View(1).Round() != 1 {
		t.Fatalf("Round in the first hand: %d, want 1", s.Round())
	}
	for p := range norns.Player(3) {
		if got, want := s.View(0).HandLen(p), s.Hand(p).Len(); got != want {
			t.Errorf("View(0).HandLen(%v) = %d, want %d", p, got, want)
		}
	}
	a, b := cs(t, "Odin Tyr"), cs(t, "Tyr Thor")
	if got := a.Plus(b); got != cs(t, "Odin Tyr Thor") {
		t.Errorf("Plus: %v", got)
	}
	if a.Count(gulveig.Odin) != 1 || a.Count(gulveig.Thor) != 0 || a.Count(gulveig.NoCard) != 0 {
		t.Errorf("Count of %v: Odin %d, Thor %d, NoCard %d", a, a.Count(gulveig.Odin), a.Count(gulveig.Thor), a.Count(gulveig.NoCard))
	}
	if m := gulveig.MustParseMove("show Loki+Spear"); m != gulveig.Show(gulveig.Loki, gulveig.Spear) {
		t.Errorf("MustParseMove: %v", m)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("MustParseMove of a bad move did not panic")
			}
		}()
		gulveig.MustParseMove("bid lots")
	}()
	if gulveig.Dealer(2).Seat() != 2 || gulveig.Bid(100).Seat() != norns.Nobody {
		t.Errorf("Move.Seat: %v, %v", gulveig.Dealer(2).Seat(), gulveig.Bid(100).Seat())
	}
	for _, tc := range []struct{ got, want string }{
		{gulveig.EventKind(200).String(), "EventKind(200)"},
		{gulveig.MoveKind(200).String(), "MoveKind(200)"},
		{gulveig.Phase(200).String(), "Phase(200)"},
		{gulveig.PhasePlay.String(), "play"},
		{gulveig.EventMatchOver.String(), "match over"},
	} {
		if tc.got != tc.want {
			t.Errorf("String: %q, want %q", tc.got, tc.want)
		}
	}
}
