package herrlof_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"R7", "g1", "V", "h", "bid 3", "BID 15", "draw", "nodraw", "return Y9",
		"steal", "steal 2", "nosteal", "take", "take 1", "notake", "give R3", "pick H", "bid 200", "R0",
		"deal 0 R1", "steal 3", hand2(f, 0).String(), hand3(f, 2).String()} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := herrlof.ParseMove(s)
		if err != nil {
			if !errors.Is(err, norns.ErrBadNotation) {
				t.Fatalf("ParseMove(%q): error %v does not wrap ErrBadNotation", s, err)
			}
			return
		}
		text := m.String()
		back, err := herrlof.ParseMove(text)
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %v; its text %q reads back as %v, %v", s, m, text, back, err)
		}
		b, err := m.MarshalText()
		if err != nil || string(b) != text {
			t.Fatalf("MarshalText = %q, %v; want %q", b, err, text)
		}
		var u herrlof.Move
		if err := u.UnmarshalText(b); err != nil || u != m {
			t.Fatalf("UnmarshalText(%q) = %v, %v", b, u, err)
		}
	})
}

func FuzzStateJSON(f *testing.F) {
	for _, cfg := range []herrlof.Config{two, three, {HandLimit: 2}} {
		s := mustNew(f, cfg)
		r := rng.New(uint64(cfg.Players))
		for step := 0; !s.Over(); step++ {
			if step%23 == 0 {
				data, err := json.Marshal(s)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(data)
			}
			var m herrlof.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				legal := s.Legal()
				m = legal[r.IntN(len(legal))]
			}
			s, _ = s.Apply(m)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s herrlof.State
		if err := s.UnmarshalJSON(data); err != nil {
			if !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			if s != (herrlof.State{}) {
				t.Fatal("a failed UnmarshalJSON changed the receiver")
			}
			return
		}
		if err := herrlof.Validate(s); err != nil {
			t.Fatalf("decoded a broken state: %v", err)
		}
		again, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back herrlof.State
		if err := json.Unmarshal(again, &back); err != nil || back != s {
			t.Fatalf("round trip: %v", err)
		}
		// Everything works on a decoded state.
		r := rng.New(1)
		_ = s.String()
		for p := range norns.Player(s.Players()) {
			v := s.View(p)
			_ = v.String()
			if smp := v.Sample(r); smp.View(p) != v {
				t.Fatalf("sample of %v's view differs", p)
			}
		}
		for range 40 {
			if s.Over() {
				break
			}
			var m herrlof.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				legal := s.Legal()
				m = legal[r.IntN(len(legal))]
			}
			next, err := s.Apply(m)
			if err != nil {
				t.Fatalf("legal move %v refused: %v", m, err)
			}
			if err := herrlof.Validate(next); err != nil {
				t.Fatalf("after %v: %v", m, err)
			}
			s = next
		}
	})
}
