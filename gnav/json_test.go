package gnav_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/rng"
)

// midDeal is a deal in progress: seat 0 (dealt the Narr) asked seat 1, which accepted, and
// seat 1 stood; seat 2 is to act.
func midDeal(t testing.TB) gnav.State {
	s := dealt(t, four(t), []gnav.Card{narr, gnav.Numbered(5), gnav.Numbered(9), gnav.Numbered(10)}, gnav.Hus)
	s, _ = play(t, s, 0, "ask", "stand")
	return s
}

func TestStateJSONRoundTrip(t *testing.T) {
	for _, s := range []gnav.State{mustNew(t, gnav.Config{}), midDeal(t), table(t, gnav.Config{Players: 3}, 2, []int{2, 0, 1})} {
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back gnav.State
		if err := json.Unmarshal(data, &back); err != nil || back != s {
			t.Errorf("round trip of %s: %v\n%v", data, err, back)
		}
	}
}

func TestStateJSONTampered(t *testing.T) {
	s := midDeal(t)
	data, _ := json.Marshal(s)
	edit := func(f func(j map[string]any)) []byte {
		var j map[string]any
		if err := json.Unmarshal(data, &j); err != nil {
			t.Fatal(err)
		}
		f(j)
		out, _ := json.Marshal(j)
		return out
	}
	seat := func(j map[string]any, p int) map[string]any { return j["seats"].([]any)[p].(map[string]any) }
	for name, bad := range map[string][]byte{
		"third-gjok":         edit(func(j map[string]any) { seat(j, 2)["hand"] = "Gjøk"; seat(j, 2)["dealt"] = "Gjøk" }),
		"hand-not-replayed":  edit(func(j map[string]any) { seat(j, 2)["hand"] = "X" }),
		"answer-changed":     edit(func(j map[string]any) { seat(j, 1)["answer"] = "Hus" }),
		"turn-added":         edit(func(j map[string]any) { seat(j, 2)["turn"] = "stood" }),
		"to-move":            edit(func(j map[string]any) { j["toMove"] = 3 }),
		"lives-over-max":     edit(func(j map[string]any) { seat(j, 0)["lives"] = 4 }),
		"lives-negative":     edit(func(j map[string]any) { seat(j, 0)["lives"] = -1 }),
		"stock-short":        edit(func(j map[string]any) { j["stock"] = j["stock"].([]any)[1:] }),
		"extra-contestant":   edit(func(j map[string]any) { j["contestants"] = []int{0, 1, 2, 3, 3} }),
		"resting-contestant": edit(func(j map[string]any) { j["resting"] = []int{2} }),
		"dealer":             edit(func(j map[string]any) { j["dealer"] = 7 }),
		"bad-card":           edit(func(j map[string]any) { seat(j, 2)["hand"] = "Joker" }),
		"gotOwn-lie":         edit(func(j map[string]any) { seat(j, 0)["gotOwn"] = "XII" }),
		"unknown-field":      edit(func(j map[string]any) { j["trump"] = "V" }),
		"config":             edit(func(j map[string]any) { j["config"] = map[string]any{"players": 30} }),
		"no-knock-narr":      edit(func(j map[string]any) { seat(j, 0)["dealt"] = "Ugle"; seat(j, 1)["hand"] = "Ugle" }),
		"trailing":           append(bytes.Clone(data), []byte(` {}`)...),
		"truncated":          data[:len(data)/2],
	} {
		held := s
		if err := held.UnmarshalJSON(bad); !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("%s: error %v, want ErrCorrupt\n%s", name, err, bad)
		}
		if held != s {
			t.Errorf("%s: the receiver changed", name)
		}
	}
}

func FuzzStateJSON(f *testing.F) {
	for seed := range uint64(4) {
		s := mustNew(f, gnav.Config{Players: 3 + int(seed)})
		r := rng.New(seed)
		for i := 0; !s.Over() && i < 12; i++ {
			data, _ := json.Marshal(s)
			f.Add(data)
			var m gnav.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				l := s.Legal()
				m = l[r.IntN(len(l))]
			}
			s, _ = s.Apply(m)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s gnav.State
		if err := json.Unmarshal(data, &s); err != nil {
			if !errors.Is(err, norns.ErrCorrupt) && !isSyntax(err) {
				t.Fatalf("error %v wraps neither ErrCorrupt nor is a JSON syntax error", err)
			}
			return
		}
		if err := invariant(s); err != nil {
			t.Fatalf("decoded a broken state: %v\n%s", err, data)
		}
		again, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back gnav.State
		if err := json.Unmarshal(again, &back); err != nil || back != s {
			t.Fatalf("decoded state does not round-trip: %v", err)
		}
		_ = s.String()
		for p := range norns.Player(s.Players()) {
			if v := s.View(p); v.Sample(rng.New(1)).View(p) != v {
				t.Fatalf("a decoded state's sample differs for %v", p)
			}
		}
	})
}

// isSyntax reports whether err comes from json.Unmarshal's own syntax check, which runs before
// UnmarshalJSON is called.
func isSyntax(err error) bool {
	var se *json.SyntaxError
	return errors.As(err, &se)
}
