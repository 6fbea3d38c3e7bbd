package voluspa_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// midGame returns a 3-player state with a Skadi capture and a few lays, at a seat's turn.
func midGame(t testing.TB) voluspa.State {
	s := opening(t, "Odin", 0, "Thor Skadi Fenrir Thor Dragon", "Skadi Loki Valkyrie Thor Odin", "Troll Troll Fenrir Fenrir Loki")
	return settle(t, play(t, s, "Thor 1,0", "Skadi on 1,0", "Troll 0,1", "Fenrir -1,0"))
}

func TestJSONRoundTrip(t *testing.T) {
	s := midGame(t)
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back voluspa.State
	if err := json.Unmarshal(data, &back); err != nil || back != s {
		t.Fatalf("round trip: %v\n%s", err, data)
	}
}

// TestJSONTampered checks that each kind of tampering is refused with norns.ErrCorrupt and
// leaves the receiver as it was.
func TestJSONTampered(t *testing.T) {
	s := midGame(t)
	data, _ := json.Marshal(s)
	text := string(data)
	cases := map[string]string{
		"unknown key":       strings.Replace(text, `"turns"`, `"turnz"`, 1),
		"repeated key":      strings.Replace(text, `"turns":4`, `"turns":4,"turns":4`, 1),
		"not adjacent":      strings.Replace(text, `{"x":-1,"y":0,"tile":"Fenrir"}`, `{"x":-2,"y":0,"tile":"Fenrir"}`, 1),
		"square twice":      strings.Replace(text, `{"x":-1,"y":0,"tile":"Fenrir"}`, `{"x":1,"y":0,"tile":"Fenrir"}`, 1),
		"first not at 0,0":  strings.Replace(text, `{"x":0,"y":0,`, `{"x":0,"y":5,`, 1),
		"tile twice":        strings.Replace(text, `"gone":"-"`, `"gone":"Odin"`, 1),
		"tile missing":      strings.Replace(text, `"supply":"Odin `, `"supply":"`, 1),
		"known not held":    strings.Replace(text, `"known":"Thor"`, `"known":"Dragon"`, 1),
		"wrong seat to act": strings.Replace(text, `"toMove":1`, `"toMove":2`, 1),
		"unknown phase":     strings.Replace(text, `"phase":"turn"`, `"phase":"dance"`, 1),
		"bad tile":          strings.Replace(text, `"tile":"Fenrir"`, `"tile":"Fenris"`, 1),
		"score not reached": strings.Replace(text, `"reached":0`, `"reached":3`, 1),
		"too many players":  strings.Replace(text, `"players":3`, `"players":7`, 1),
		"huge":              text[:len(text)-1] + `,"x":"` + strings.Repeat("a", voluspa.MaxStateJSON) + `"}`,
		"not JSON":          `{"config":`,
	}
	for name, bad := range cases {
		if bad == text {
			t.Errorf("%s: the tampering changed nothing", name)
			continue
		}
		held := s
		err := held.UnmarshalJSON([]byte(bad))
		if !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("%s: error %v, want ErrCorrupt", name, err)
		}
		if held != s {
			t.Errorf("%s: a refused decode changed the receiver", name)
		}
	}
}

// FuzzStateJSON decodes arbitrary bytes: never a panic; what decodes keeps the invariant,
// re-encodes to an equal state, and plays on.
func FuzzStateJSON(f *testing.F) {
	s := midGame(f)
	data, _ := json.Marshal(s)
	f.Add(data)
	over := mustNew(f, 2)
	norns.Playout(&over, rng.New(3), nil)
	data, _ = json.Marshal(over)
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		var s voluspa.State
		if err := json.Unmarshal(data, &s); err != nil {
			return
		}
		if err := invariant(s); err != nil {
			t.Fatalf("decoded a broken state: %v", err)
		}
		again, _ := json.Marshal(s)
		var back voluspa.State
		if err := json.Unmarshal(again, &back); err != nil || back != s {
			t.Fatalf("re-encoding: %v", err)
		}
		if !s.Over() {
			norns.Playout(&s, rng.New(1), nil)
		}
	})
}

// FuzzParseMove reads arbitrary text: never a panic; what parses writes back to text that
// parses to the same move, and errors wrap norns.ErrBadNotation.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"Thor 2,-1", "Dragon on 0,1", "discard Loki", "pass", "draw Fenrir", "first Odin", "start 1", "skadi ON -3, 4", "Odin 60,-60"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := voluspa.ParseMove(s)
		if err != nil {
			if !errors.Is(err, norns.ErrBadNotation) {
				t.Fatalf("error %v does not wrap ErrBadNotation", err)
			}
			return
		}
		back, err := voluspa.ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%q -> %v -> %v, %v", s, m, back, err)
		}
		text, _ := m.MarshalText()
		var u voluspa.Move
		if err := u.UnmarshalText(text); err != nil || u != m {
			t.Fatalf("text round trip of %v: %v", m, err)
		}
	})
}

func TestRecordRoundTrip(t *testing.T) {
	c := voluspa.Config{}
	start := mustNew(t, 0)
	r := rng.New(11)
	var moves []voluspa.Move
	s := start
	for !s.Over() {
		m := randomMove(s, r)
		moves = append(moves, m)
		s, _ = s.Apply(m)
	}
	rec, err := voluspa.NewRecord(c, 11, moves, s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rec.Config), `"players":2`) {
		t.Errorf("record config %s, want the effective players: 2", rec.Config)
	}
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	read, err := norns.ReadRecord(&buf)
	if err != nil {
		t.Fatal(err)
	}
	got, err := voluspa.ReplayRecord(read)
	if err != nil || got != s {
		t.Fatalf("replay: %v", err)
	}
	read.Config = []byte(`{"players":2,"colour":"red"}`)
	if _, err := voluspa.ReplayRecord(read); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("a config with an unknown field: %v", err)
	}
}

// TestJSONKnownNeedsACapture is the regression test of a save that revealed a hand: a seat's
// known tiles (V8) set to its whole hand in a match where no Skadi was ever laid. Every other
// seat's View would show that hand; the decoder refuses it, since no capture explains a known
// tile. With a Skadi on the grid, one known tile is accepted, two are not, and a known Skadi never
// is (a Skadi never covers a Skadi). What a discard showed is refused while nothing is gone.
func TestJSONKnownNeedsACapture(t *testing.T) {
	s := settle(t, play(t, opening(t, "Odin", 0, "Thor Thor Fenrir Odin Dragon", "Skadi Loki Valkyrie Thor Odin"), "Thor 1,0", "Odin 0,1"))
	for p := range norns.Player(s.Players()) {
		if !s.Known(p).IsEmpty() || s.Gone().Len() != 0 {
			t.Fatal("the script has a capture or a discard")
		}
	}
	tamper := func(s voluspa.State, seat int, known string, extra string) error {
		data, _ := json.Marshal(s)
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		sj := doc["seats"].([]any)[seat].(map[string]any)
		if known == "hand" {
			known = sj["hand"].(string)
		}
		sj["known"] = known
		if extra != "" {
			sj["holds"] = []any{map[string]any{"kinds": []any{extra}, "n": 1}}
		}
		data, _ = json.Marshal(doc)
		held := s
		err := held.UnmarshalJSON(data)
		if err != nil && held != s {
			t.Errorf("a refused decode changed the receiver")
		}
		return err
	}
	if err := tamper(s, 1, "hand", ""); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("seat 1's whole hand as known, with no Skadi laid: %v, want ErrCorrupt", err)
	}
	if err := tamper(s, 1, "Loki", ""); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("one known tile with no Skadi laid: %v, want ErrCorrupt", err)
	}
	hand := s.Hand(1)
	var kind voluspa.Tile
	for k := range hand.Kinds() {
		kind = k
	}
	if err := tamper(s, 1, "-", kind.String()); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("a discard's inference with nothing gone: %v, want ErrCorrupt", err)
	}
	// Seat 1 lays its Skadi on an empty square (a lay, not a capture, but a save cannot tell): now
	// one capture is possible.
	s = settle(t, play(t, s, "Fenrir 2,0", "Skadi -1,0"))
	hand = s.Hand(1)
	var two []string
	for k := range hand.All() {
		if k != voluspa.Skadi && len(two) < 2 {
			two = append(two, k.String())
		}
	}
	if len(two) < 2 {
		t.Fatalf("seat 1 holds %v", hand)
	}
	if err := tamper(s, 1, two[0], ""); err != nil {
		t.Errorf("one known tile with a Skadi on the grid: %v", err)
	}
	if err := tamper(s, 1, two[0]+" "+two[1], ""); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("two known tiles with one Skadi on the grid: %v, want ErrCorrupt", err)
	}
	if hand.Has(voluspa.Skadi) {
		if err := tamper(s, 1, "Skadi", ""); !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("a known Skadi: %v, want ErrCorrupt", err)
		}
	}
}
