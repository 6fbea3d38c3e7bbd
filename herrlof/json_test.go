package herrlof_test

import (
	"encoding/json"
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
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

// TestStateJSONEveryReachableState: every state of random matches, with two and three players,
// encodes and decodes to an == state (the decoder's replay accepts every state a match reaches).
func TestStateJSONEveryReachableState(t *testing.T) {
	matches := 60
	if testing.Short() {
		matches = 15
	}
	for _, players := range []int{2, 3} {
		for seed := range uint64(matches) {
			playRandom(t, herrlof.Config{Players: players, HandLimit: 2}, rng.New(seed), func(s herrlof.State) {
				data, err := json.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				var back herrlof.State
				if err := json.Unmarshal(data, &back); err != nil || back != s {
					t.Fatalf("%dp seed %d: round trip: %v\n%v", players, seed, err, s)
				}
			}, nil)
		}
	}
}

// tamperedStates returns states of random matches whose record of the hand has at least three
// tricks begun, with their JSON decoded into generic maps.
func tamperedStates(t *testing.T, players int, seeds uint64, keep func(s herrlof.State) bool) []map[string]any {
	t.Helper()
	var out []map[string]any
	for seed := range seeds {
		playRandom(t, herrlof.Config{Players: players, HandLimit: 1}, rng.New(seed), func(s herrlof.State) {
			if !keep(s) {
				return
			}
			data, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
		}, nil)
	}
	return out
}

func decodeMap(t *testing.T, m map[string]any) error {
	t.Helper()
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var s herrlof.State
	return s.UnmarshalJSON(data)
}

// TestStateJSONRejectsChangedMiddleLeader: changing any entry of the record's trick leaders,
// the middle ones included, gives a state no match reaches; the decoder refuses it.
func TestStateJSONRejectsChangedMiddleLeader(t *testing.T) {
	for _, players := range []int{2, 3} {
		tried := 0
		for _, m := range tamperedStates(t, players, 8, func(s herrlof.State) bool { return s.Phase() == herrlof.PhasePlay }) {
			leaders := m["record"].(map[string]any)["leaders"].([]any)
			for i := range leaders {
				old := leaders[i].(float64)
				for q := range players {
					if float64(q) == old {
						continue
					}
					leaders[i] = q
					if err := decodeMap(t, m); !errors.Is(err, norns.ErrCorrupt) {
						t.Fatalf("%dp: leader %d of %d changed from %v to %d: %v", players, i, len(leaders), old, q, err)
					}
					tried++
				}
				leaders[i] = old
			}
		}
		if tried < 100 {
			t.Fatalf("%dp: only %d changes tried", players, tried)
		}
	}
}

// TestStateJSONRejectsStockSeenWhileBidding: a bid-phase state that claims a seat knows a stock
// card (stockSeen [256, 0]) is refused, so View(0).KnownStock cannot reveal a hidden card.
func TestStateJSONRejectsStockSeenWhileBidding(t *testing.T) {
	s := dealt(t, two, hand2(t, 0))
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `"stockSeen":[0,0]`, `"stockSeen":[256,0]`, 1)
	if bad == string(data) {
		t.Fatalf("no stockSeen in %s", data)
	}
	keep := s
	if err := keep.UnmarshalJSON([]byte(bad)); !errors.Is(err, norns.ErrCorrupt) || keep != s {
		t.Fatalf("stockSeen [256,0] while bidding: %v", err)
	}
}

// TestStateJSONStructuredTamper: one change to one field or entry of a valid state's JSON (a
// number shifted, a card moved or duplicated, an entry dropped, added or swapped) either fails
// to decode with an error wrapping ErrCorrupt, or gives a state that re-encodes to the same
// text, plays on legally and whose views and samples keep the invariants.
func TestStateJSONStructuredTamper(t *testing.T) {
	r := rng.New(99)
	accepted, refused := 0, 0
	for _, players := range []int{2, 3} {
		states := tamperedStates(t, players, 4, func(herrlof.State) bool { return true })
		for _, orig := range states {
			for range 4 {
				data, _ := json.Marshal(orig)
				var m map[string]any
				if err := json.Unmarshal(data, &m); err != nil {
					t.Fatal(err)
				}
				tamper(m, r)
				bad, err := json.Marshal(m)
				if err != nil {
					t.Fatal(err)
				}
				var s herrlof.State
				if err := s.UnmarshalJSON(bad); err != nil {
					if !errors.Is(err, norns.ErrCorrupt) {
						t.Fatalf("error %v does not wrap ErrCorrupt", err)
					}
					refused++
					continue
				}
				accepted++
				checkDecoded(t, s, r)
			}
		}
	}
	t.Logf("%d tampered states refused, %d accepted (changes that keep a reachable state)", refused, accepted)
}

// checkDecoded checks that a decoded state re-encodes, that its views and samples keep the
// invariants and that it plays on legally to the end of the hand.
func checkDecoded(t *testing.T, s herrlof.State, r *rng.Rand) {
	t.Helper()
	again, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back herrlof.State
	if err := json.Unmarshal(again, &back); err != nil || back != s {
		t.Fatalf("a decoded state does not re-encode: %v", err)
	}
	for p := range norns.Player(s.Players()) {
		v := s.View(p)
		smp := v.Sample(r)
		if smp.View(p) != v {
			t.Fatalf("a sample of %v's view differs", p)
		}
		if err := herrlof.ValidateSample(smp); err != nil {
			t.Fatalf("a sample of %v's view: %v", p, err)
		}
	}
	for range 60 {
		if s.Over() || s.Phase() == herrlof.PhaseDeal {
			return
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
}

// tamper makes one structured change to a state's JSON: it picks a field at random, then an
// entry within it, and shifts a number, swaps two entries, duplicates, drops or moves a card.
func tamper(m map[string]any, r *rng.Rand) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	k := keys[r.IntN(len(keys))]
	m[k] = tamperValue(m[k], r)
}

func tamperValue(v any, r *rng.Rand) any {
	switch x := v.(type) {
	case float64:
		return x + float64(r.IntN(5)) - 2
	case string:
		f := strings.Fields(x)
		switch {
		case len(f) == 0:
			return "R1"
		case r.IntN(3) == 0:
			return strings.Join(f[1:], " ") // drop a card
		case r.IntN(2) == 0:
			return x + " " + f[r.IntN(len(f))] // duplicate a card
		}
		f[r.IntN(len(f))] = []string{"R1", "G5", "B9", "Y3", "V", "H"}[r.IntN(6)] // change a card
		return strings.Join(f, " ")
	case []any:
		if len(x) == 0 {
			return []any{0}
		}
		switch r.IntN(4) {
		case 0:
			i, j := r.IntN(len(x)), r.IntN(len(x))
			x[i], x[j] = x[j], x[i]
			return x
		case 1:
			return x[1:]
		case 2:
			return append(x, x[r.IntN(len(x))])
		}
		i := r.IntN(len(x))
		x[i] = tamperValue(x[i], r)
		return x
	case map[string]any:
		tamper(x, r)
		return x
	case bool:
		return !x
	}
	return v
}

// TestStateJSONHugeInputAllocatesLittle: a 50 MB "phase" string, or a 50 MB stock array, is
// refused before it is decoded, with a short error, allocating a small fixed amount.
func TestStateJSONHugeInputAllocatesLittle(t *testing.T) {
	s := dealt(t, two, hand2(t, 0))
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	phase := strings.Replace(string(data), `"phase":"bid"`, `"phase":"`+strings.Repeat("x", 50<<20)+`"`, 1)
	stock := strings.Replace(string(data), `"stock":[`, `"stock":[`+strings.Repeat(`"R1",`, 10<<20), 1)
	for name, text := range map[string][]byte{"phase": []byte(phase), "stock": []byte(stock)} {
		var x herrlof.State
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := x.UnmarshalJSON(text)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, norns.ErrCorrupt) || len(err.Error()) > 300 {
			t.Fatalf("50 MB %s: %.200v", name, err)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<10 {
			t.Errorf("50 MB %s: %d bytes allocated", name, grew)
		}
	}
}

// TestStateJSONRejectsStockSeenBeyondReturns: a state whose seats claim to know more stock
// positions than were returned under the stock (all of them, one past its top, or a gap) is
// refused without a panic (the tamper check of the conformance suite found the panic).
func TestStateJSONRejectsStockSeenBeyondReturns(t *testing.T) {
	states := tamperedStates(t, 3, 30, func(s herrlof.State) bool { // a stock of 8
		return herrlof.StockSeen(s, 0)|herrlof.StockSeen(s, 1)|herrlof.StockSeen(s, 2) != 0 && s.Phase() == herrlof.PhasePlay
	})
	if len(states) == 0 {
		t.Fatal("no state with a return")
	}
	for _, m := range states[:min(len(states), 20)] {
		seen := m["stockSeen"].([]any)
		for _, bad := range []float64{1<<11 - 1, 1 << 10, 5, 1<<12 - 1} {
			old := seen[0]
			seen[0] = bad
			if err := decodeMap(t, m); !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("stockSeen %v: %v", seen, err)
			}
			seen[0] = old
		}
	}
}
