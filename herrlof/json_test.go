package herrlof_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
)

func TestStateJSONRoundTrip(t *testing.T) {
	s := dealt(t, three, hand3(t, 0), "bid 0", "bid 1", "bid 2")
	s = apply(t, s, "R2", "G2", "H", "B6", "R4", "H", "take 1", "pick G3")
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back herrlof.State
	if err := json.Unmarshal(data, &back); err != nil || back != s {
		t.Fatalf("round trip: %v\n%s", err, data)
	}
	for _, want := range []string{`"phase":"give"`, `"power":2`, `"target":1`, `"trump":"Y5"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("JSON lacks %s: %s", want, data)
		}
	}
}

// TestStateJSONRejectsTampering edits one field of a valid state's JSON at a time: every edit
// that breaks the rules is an error wrapping ErrCorrupt, and the receiver keeps its value.
func TestStateJSONRejectsTampering(t *testing.T) {
	s := dealt(t, two, hand2(t, 0), "bid 2", "bid 3")
	s = apply(t, s, "R2", "B6", "take", "pick G5", "give B2", "G7", "G1")
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		edit func(m map[string]any)
	}{
		{"card twice", func(m map[string]any) { m["trump"] = "R9" }},
		{"card missing", func(m map[string]any) { m["stock"] = m["stock"].([]any)[1:] }},
		{"hand too big", func(m map[string]any) {
			h := m["hands"].([]any)
			st := m["stock"].([]any)
			h[0] = h[0].(string) + " " + st[0].(string)
			m["stock"] = st[1:]
		}},
		{"four Valknuts", func(m map[string]any) { m["out"] = m["out"].(string) + " V V V" }},
		{"bad phase", func(m map[string]any) { m["phase"] = "dance" }},
		{"wrong phase", func(m map[string]any) { m["phase"] = "steal" }},
		{"wrong seat to move", func(m map[string]any) { m["toMove"] = 0 }},
		{"bid out of range", func(m map[string]any) { m["bids"] = []any{2, 16} }},
		{"no bid while playing", func(m map[string]any) { m["bids"] = []any{2, -1} }},
		{"tricks do not add up", func(m map[string]any) { m["tricks"] = []any{1, 2} }},
		{"score before any hand", func(m map[string]any) { m["scores"] = []any{5, 0} }},
		{"false knowledge", func(m map[string]any) { m["known"] = []any{[]any{"", "R1"}, []any{"", ""}} }},
		{"void contradicted", func(m map[string]any) { m["voids"] = []any{"R", ""} }},
		{"three seats of data", func(m map[string]any) { m["tricks"] = []any{0, 1, 0} }},
		{"bad config", func(m map[string]any) { m["config"] = map[string]any{"players": 3, "fiveTrickBonus": true} }},
		{"unknown field", func(m map[string]any) { m["extra"] = 1 }},
		{"winner of last trick", func(m map[string]any) { m["lastTrick"].(map[string]any)["winner"] = 0 }},
		{"over too early", func(m map[string]any) { m["phase"] = "over" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			tc.edit(m)
			bad, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			keep := s
			err = keep.UnmarshalJSON(bad)
			if !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("error %v, want ErrCorrupt\n%s", err, bad)
			}
			if keep != s {
				t.Error("the receiver changed")
			}
		})
	}
	var x herrlof.State
	if err := x.UnmarshalJSON(append(data, []byte(` {}`)...)); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("trailing data: %v", err)
	}
}
