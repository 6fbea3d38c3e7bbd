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

// cs parses a list of card names: "Odin Tyr Thor".
func cs(t testing.TB, s string) gulveig.Cards {
	t.Helper()
	var set gulveig.Cards
	for _, f := range strings.Fields(s) {
		c, err := gulveig.ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		set = set.With(c)
	}
	return set
}

// deal3 is the scripted three-player deal most rule tests use, dealt by seat 2 (so seat 0 bids
// first): seat 0 is strong in Aesir and holds Thor + Sif; seat 1 holds Aegir + Ran and
// Loki + Spear; the treasure is three Rime cards.
func deal3(t testing.TB) gulveig.Deal {
	return gulveig.Deal{
		Hands: [4]gulveig.Cards{
			cs(t, "Odin Tyr Thor Sif Frey Njord Surt"),
			cs(t, "Baldur Idun Aegir Ran Loki Spear Ymir"),
			cs(t, "Nanna Freya Logi Farbauti Thiassi Hrungnir Gymir"),
		},
		Treasure: cs(t, "Aurboda Thrym Laufey"),
	}
}

// start returns a match with config c dealt d by the given dealer.
func start(t testing.TB, c gulveig.Config, dealer norns.Player, d gulveig.Deal) gulveig.State {
	t.Helper()
	c.DealerGiven, c.FirstDealer = true, dealer
	s := mustNew(t, c)
	s, err := s.Apply(gulveig.DealMove(d))
	if err != nil {
		t.Fatalf("deal: %v", err)
	}
	return s
}

// play applies each move in notation, failing the test on the first refused one.
func play(t testing.TB, s gulveig.State, moves ...string) gulveig.State {
	t.Helper()
	for _, text := range moves {
		m, err := gulveig.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		next, err := s.Apply(m)
		if err != nil {
			t.Fatalf("%s: %v\nin state:\n%v", text, err, s)
		}
		s = next
	}
	return s
}

// refused checks that move is refused in s with an error wrapping ErrIllegalMove whose text holds
// want.
func refused(t testing.TB, s gulveig.State, move, want string) {
	t.Helper()
	m, err := gulveig.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	next, err := s.Apply(m)
	if !errors.Is(err, norns.ErrIllegalMove) {
		t.Fatalf("%s: error %v, want one wrapping ErrIllegalMove", move, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: error %q does not say %q", move, err, want)
	}
	if next != s {
		t.Fatalf("%s: a refused move changed the state", move)
	}
}

// isLegal reports whether move is among s's legal moves.
func isLegal(t testing.TB, s gulveig.State, move string) bool {
	t.Helper()
	m, err := gulveig.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range s.Legal() {
		if x == m {
			return true
		}
	}
	return false
}

// scriptedHand is the whole scripted hand of deal3: seat 0 bids 90 alone, puts the Rime treasure
// aside, shows Thor + Sif on the first lead and takes every trick: 115 card points in tricks, 5
// aside and 100 for the combo.
var scriptedHand = []string{
	"bid 90", "pass", "pass", "aside Aurboda Thrym Laufey", "keep",
	"show Thor+Sif", "Idun", "Nanna",
	"Odin", "Baldur", "Freya",
	"Sif", "Ymir", "Hrungnir",
	"Tyr", "Aegir", "Gymir",
	"Surt", "Loki", "Logi",
	"Frey", "Ran", "Farbauti",
	"Njord", "Spear", "Thiassi",
}

func mustJSON(t tb, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// tb is the part of testing.TB and *rapid.T the helpers use.
type tb interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

func rngFor(seed uint64) *rng.Rand { return rng.New(seed) }
