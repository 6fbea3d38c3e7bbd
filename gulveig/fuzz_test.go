package gulveig_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

func FuzzParseMove(f *testing.F) {
	s := mustNew(f, gulveig.Config{Roles: true, DealerGiven: true})
	deal := s.SampleChance(rng.New(1)).String()
	for _, x := range []string{"Odin", "play nanna*", "show Loki+Spear", "show Spear+Loki", "bid 100", "blind 120",
		"pass", "look", "use", "decline", "give Freya", "draw Odin", "swap Odin Thor", "aside Idun Laufey Freya",
		"raise 130", "keep", "dealer 2", deal, "show Loki", "bid x", "deal 0=Odin,Odin", "aside Odin Odin Tyr"} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := gulveig.ParseMove(s)
		if err != nil {
			if !errors.Is(err, norns.ErrBadNotation) {
				t.Fatalf("ParseMove(%q): error %v does not wrap ErrBadNotation", s, err)
			}
			return
		}
		text := m.String()
		back, err := gulveig.ParseMove(text)
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %v; its text %q reads back as %v, %v", s, m, text, back, err)
		}
		var u gulveig.Move
		if err := u.UnmarshalText([]byte(text)); err != nil || u != m {
			t.Fatalf("UnmarshalText(%q) = %v, %v", text, u, err)
		}
	})
}

// FuzzStateJSON decodes arbitrary JSON as a State: it either fails with ErrCorrupt, leaving the
// receiver alone, or gives a state that re-encodes to itself and keeps the invariants.
func FuzzStateJSON(f *testing.F) {
	r := rng.New(5)
	for _, c := range []gulveig.Config{{}, {Players: 2, Roles: true, Blind: true}, allOptions(4)} {
		c.HandLimit = 2
		s := mustNew(f, c)
		var buf []gulveig.Move
		for i := 0; !s.Over(); i++ {
			if i%7 == 0 {
				b, _ := json.Marshal(s)
				f.Add(b)
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
	f.Fuzz(func(t *testing.T, data []byte) {
		var s gulveig.State
		held := s
		if err := json.Unmarshal(data, &s); err != nil {
			if s != held {
				t.Fatal("a failed decode changed the state")
			}
			return
		}
		if err := gulveig.Invariant(s); err != nil {
			t.Fatalf("decoded a broken state: %v", err)
		}
		again, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back gulveig.State
		if err := json.Unmarshal(again, &back); err != nil || back != s {
			t.Fatalf("re-encoded state does not round-trip: %v", err)
		}
	})
}
