package gnav_test

import (
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/rng"
)

// TestJSONOneContestantDoesNotPanic is issue 9's crashing input: a deal in progress with one
// contestant used to slice the pack out of range while rebuilding the deal's start.
func TestJSONOneContestantDoesNotPanic(t *testing.T) {
	in := `{"config":{"players":2},"toMove":1,"dealer":1,"deals":1,"contestants":[1],"seats":[{"lives":3},{"lives":3}]}`
	var s gnav.State
	if err := json.Unmarshal([]byte(in), &s); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("error %v, want ErrCorrupt", err)
	}
}

// TestJSONUnreachableLives: states whose lives no match reaches in the deals it claims.
func TestJSONUnreachableLives(t *testing.T) {
	for name, in := range map[string]string{
		"8 lives in one deal":   `{"config":{"players":4,"lives":9},"toMove":-1,"dealer":0,"deals":1,"resting":[],"contestants":[0,1,2,3],"seats":[{"lives":1},{"lives":1},{"lives":1},{"lives":9}]}`,
		"three out in one deal": `{"config":{"players":4},"toMove":-2,"dealer":0,"deals":1,"resting":[],"contestants":[],"seats":[{"lives":0},{"lives":0},{"lives":0},{"lives":3}]}`,
		"deals without a life":  `{"config":{"players":2},"toMove":-1,"dealer":0,"deals":3,"resting":[],"contestants":[0,1],"seats":[{"lives":2},{"lives":3}]}`,
		"rest before a deal":    `{"config":{"players":3},"toMove":-1,"dealer":0,"deals":0,"resting":[2],"contestants":[0,1],"seats":[{"lives":3},{"lives":3},{"lives":3}]}`,
	} {
		var s gnav.State
		if err := json.Unmarshal([]byte(in), &s); !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("%s: error %v, want ErrCorrupt", name, err)
		}
	}
	// The same shapes with enough deals behind them are fine.
	for name, in := range map[string]string{
		"4 deals":      `{"config":{"players":4,"lives":9},"toMove":-1,"dealer":0,"deals":4,"resting":[],"contestants":[0,1,2,3],"seats":[{"lives":7},{"lives":9},{"lives":9},{"lives":1}]}`,
		"over after 6": `{"config":{"players":4},"toMove":-2,"dealer":0,"deals":6,"resting":[],"contestants":[],"seats":[{"lives":0},{"lives":0},{"lives":0},{"lives":3}]}`,
	} {
		var s gnav.State
		if err := json.Unmarshal([]byte(in), &s); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func bytesAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHugeInputs: 50 MB of move text, card names and state JSON are refused with short errors,
// allocating at most a small multiple of the input.
func TestHugeInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB inputs")
	}
	const size = 50 << 20
	inputs := map[string]string{
		"words":       strings.Repeat("a ", size/2),
		"control":     strings.Repeat("\x01", size),
		"deal":        "deal " + strings.Repeat("Narr ", size/5),
		"seats":       `{"config":{"players":2},"toMove":-1,"dealer":-2,"deals":0,"resting":[],"contestants":[0,1],"seats":[` + strings.Repeat(`{},`, size/3) + `{}]}`,
		"long string": `{"config":{"players":2},"toMove":-1,"dealer":-2,"deals":0,"resting":[],"contestants":[0,1],"seats":[{"lives":3,"hand":"` + strings.Repeat("x", size) + `"},{"lives":3}]}`,
	}
	for name, in := range inputs {
		check := func(what string, f func() error) {
			var err error
			n := bytesAllocated(func() { err = f() })
			if err == nil {
				t.Errorf("%s %s: accepted", what, name)
				return
			}
			if len(err.Error()) > 300 {
				t.Errorf("%s %s: error of %d bytes", what, name, len(err.Error()))
			}
			if n > 2*uint64(len(in)) {
				t.Errorf("%s %s: %d bytes allocated for %d bytes of input", what, name, n, len(in))
			}
		}
		check("ParseMove", func() error { _, err := gnav.ParseMove(in); return err })
		check("ParseCard", func() error { _, err := gnav.ParseCard(in); return err })
		data := []byte(in)
		check("UnmarshalJSON", func() error { var s gnav.State; return s.UnmarshalJSON(data) })
	}
}

// TestBadPackRefused: a deal whose pack is not two cards of each rank is built (Deal keeps it,
// to be refused with a reason) but never applied, and does not parse.
func TestBadPackRefused(t *testing.T) {
	s := mustNew(t, gnav.Config{Players: 3, DealerGiven: true})
	good := s.SampleChance(rng.New(1)).Pack()
	for name, edit := range map[string]func(p *[gnav.DeckSize]gnav.Card){
		"third copy": func(p *[gnav.DeckSize]gnav.Card) { p[0] = p[1]; p[2] = p[1] },
		"swap twin":  func(p *[gnav.DeckSize]gnav.Card) { p[0] = p[1] },
		"no card":    func(p *[gnav.DeckSize]gnav.Card) { p[5] = gnav.NoCard },
		"not a rank": func(p *[gnav.DeckSize]gnav.Card) { p[7] = 30 },
	} {
		p := good
		edit(&p)
		m := gnav.Deal(p)
		if m.Kind() != gnav.MoveDeal {
			t.Errorf("%s: kind %v", name, m.Kind())
		}
		if _, err := s.Apply(m); !errors.Is(err, norns.ErrIllegalMove) {
			t.Errorf("%s: Apply error %v, want ErrIllegalMove", name, err)
		}
		if _, err := gnav.ParseMove(m.String()); !errors.Is(err, norns.ErrBadNotation) {
			t.Errorf("%s: ParseMove(%q) error %v, want ErrBadNotation", name, m.String(), err)
		}
	}
	if _, err := s.Apply(gnav.Deal(good)); err != nil {
		t.Errorf("the good pack: %v", err)
	}
}
