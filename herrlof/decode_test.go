package herrlof_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// jsonPath is where a value sits in a decoded JSON document: the keys and indices from the top.
type jsonPath []any

func (p jsonPath) String() string {
	var b []byte
	for _, k := range p {
		switch k := k.(type) {
		case string:
			b = append(b, '.')
			b = append(b, k...)
		case int:
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(k), 10)
			b = append(b, ']')
		}
	}
	return string(b)
}

// numbers lists the paths of every number in doc (decoded with UseNumber), in a stable order.
func numbers(doc any, at jsonPath, out []jsonPath) []jsonPath {
	switch d := doc.(type) {
	case json.Number:
		return append(out, slices.Clone(at))
	case map[string]any:
		keys := make([]string, 0, len(d))
		for k := range d {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = numbers(d[k], append(at, k), out)
		}
	case []any:
		for i, v := range d {
			out = numbers(v, append(at, i), out)
		}
	}
	return out
}

// parent returns the map or slice holding the value at p, and p's last key.
func parent(doc any, p jsonPath) (any, any) {
	for _, k := range p[:len(p)-1] {
		switch key := k.(type) {
		case string:
			doc = doc.(map[string]any)[key]
		case int:
			doc = doc.([]any)[key]
		}
	}
	return doc, p[len(p)-1]
}

// setNumber sets the number at path p of doc to v.
func setNumber(doc any, p jsonPath, v int64) {
	d, k := parent(doc, p)
	switch key := k.(type) {
	case string:
		d.(map[string]any)[key] = json.Number(strconv.FormatInt(v, 10))
	case int:
		d.([]any)[key] = json.Number(strconv.FormatInt(v, 10))
	}
}

// getNumber returns the number at path p of doc.
func getNumber(doc any, p jsonPath) int64 {
	d, k := parent(doc, p)
	var x any
	switch key := k.(type) {
	case string:
		x = d.(map[string]any)[key]
	case int:
		x = d.([]any)[key]
	}
	v, _ := x.(json.Number).Int64()
	return v
}

func decodeDoc(t testing.TB, data []byte) any {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var doc any
	if err := d.Decode(&doc); err != nil {
		t.Fatalf("the state's own JSON: %v", err)
	}
	return doc
}

// linked returns the paths that move with p: the hand in play and the number of the last hand
// scored are two numbers for one fact (the last hand scored is the one before the hand in play,
// or the hand itself once over), so pushing one alone is always refused and would hide every
// larger hand number from the test. Pushing either moves both by the same amount.
func linked(p jsonPath) []jsonPath {
	hand, last := jsonPath{"hand"}, jsonPath{"lastHand", "hand"}
	if slices.Equal(p, hand) || slices.Equal(p, last) {
		return []jsonPath{hand, last}
	}
	return []jsonPath{p}
}

// push moves the number at p, and those linked to it, by delta.
func push(doc any, p jsonPath, delta int64) {
	for _, q := range linked(p) {
		setNumber(doc, q, getNumber(doc, q)+delta)
	}
}

// accepts reports whether the decoder accepts doc with the number at p (and those linked to it)
// moved by delta.
func accepts(t testing.TB, doc any, p jsonPath, delta int64) (herrlof.State, bool) {
	push(doc, p, delta)
	data, err := json.Marshal(doc)
	push(doc, p, -delta)
	if err != nil {
		t.Fatal(err)
	}
	var s herrlof.State
	return s, s.UnmarshalJSON(data) == nil
}

// boundary returns the farthest move of the number at p, in direction dir (+1 or -1), that the
// decoder accepts: it searches by doubling steps and then halving them (the decoder accepts the
// document as it is); the search stops at 1<<20.
func boundary(t testing.TB, doc any, p jsonPath, dir int64) int64 {
	good, step := int64(0), int64(1)
	for step <= 1<<20 {
		if _, ok := accepts(t, doc, p, dir*step); !ok {
			break
		}
		good = dir * step
		step *= 2
	}
	bad := dir * step
	for (bad-good)*dir > 1 {
		mid := good + (bad-good)/2
		if _, ok := accepts(t, doc, p, mid); ok {
			good = mid
		} else {
			bad = mid
		}
	}
	return good
}

// randomConfig draws a config: two or three players, the five-trick bonus (two players only)
// and a hand limit, each now and then.
func randomConfig(t *rapid.T) herrlof.Config {
	c := herrlof.Config{Players: rapid.IntRange(2, 3).Draw(t, "players")}
	if c.Players == 2 {
		c.FiveTrickBonus = rapid.Bool().Draw(t, "bonus")
	}
	if rapid.IntRange(0, 3).Draw(t, "limited") == 0 {
		c.HandLimit = rapid.IntRange(1, 12).Draw(t, "handLimit")
	}
	return c
}

// randomStep plays one random legal move (or chance's draw) on s.
func randomStep(t interface{ Fatalf(string, ...any) }, s *herrlof.State, r *rng.Rand, buf []herrlof.Move) []herrlof.Move {
	var m herrlof.Move
	if s.ToMove() == norns.Chance {
		m = s.SampleChance(r)
	} else {
		buf = s.AppendLegal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("no legal move for %v\n%v", s.ToMove(), s)
		}
		m = buf[r.IntN(len(buf))]
	}
	if err := s.Step(m); err != nil {
		t.Fatalf("%v refused: %v\n%v", m, err, s)
	}
	return buf
}

// TestDecodedStatesPlayOn is the closure of the decoder: every state it accepts plays on to the
// end, and every state reached encodes and decodes again to an == state. It takes states of
// random matches of random configs (every phase, the end included), pushes one to three numbers
// of their JSON (the config's hand limit, the hand number with the last hand's, the seat to act,
// the counters of the hand, each seat's score, correct bids, tricks, bids, what it knows of the
// stock, the last hand's bids and tricks, the record) each to the largest or the smallest value
// the decoder accepts with the others as they are, or to an accepted value between, and plays
// random legal moves from the state decoded to the end, re-encoding and decoding at every step.
// So no limit of the decoder (the hand number, scores, correct bids) can be passed by legal
// play from a state it accepted.
func TestDecodedStatesPlayOn(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		c := randomConfig(rt)
		r := rng.New(rapid.Uint64().Draw(rt, "seed"))
		s := mustNew(t, c)
		var buf []herrlof.Move
		for range rapid.IntRange(0, 600).Draw(rt, "steps") {
			if s.Over() {
				break
			}
			buf = randomStep(rt, &s, r, buf)
		}
		data, err := json.Marshal(s)
		if err != nil {
			rt.Fatal(err)
		}
		doc := decodeDoc(t, data)
		paths := numbers(doc, nil, nil)
		for range rapid.IntRange(1, 3).Draw(rt, "fields") {
			p := paths[rapid.IntRange(0, len(paths)-1).Draw(rt, "field")]
			hi, lo := boundary(t, doc, p, 1), boundary(t, doc, p, -1)
			var d int64
			switch rapid.IntRange(0, 2).Draw(rt, "where") {
			case 0:
				d = hi
			case 1:
				d = lo
			default:
				d = lo + int64(rapid.IntRange(0, int(min(hi-lo, 1<<30))).Draw(rt, "between"))
				if _, ok := accepts(t, doc, p, d); !ok {
					d = 0
				}
			}
			push(doc, p, d)
		}
		if rapid.IntRange(0, 7).Draw(rt, "toggleBonus") == 0 {
			cfg := doc.(map[string]any)["config"].(map[string]any)
			on, _ := cfg["fiveTrickBonus"].(bool)
			cfg["fiveTrickBonus"] = !on
			if data, _ := json.Marshal(doc); json.Unmarshal(data, new(herrlof.State)) != nil {
				cfg["fiveTrickBonus"] = on
			}
		}
		data, err = json.Marshal(doc)
		if err != nil {
			rt.Fatal(err)
		}
		var d herrlof.State
		if err := d.UnmarshalJSON(data); err != nil {
			rt.Fatalf("each field was pushed to a value accepted with the others, yet the whole is refused: %v\n%s", err, data)
		}
		playOn(rt, d, r)
	})
}

// playOn plays random legal moves from s to the end, checking at every step that the state
// re-encodes to JSON the decoder accepts and that decodes to an == state.
func playOn(t interface{ Fatalf(string, ...any) }, s herrlof.State, r *rng.Rand) {
	var buf []herrlof.Move
	for steps := 0; ; steps++ {
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("after %d steps: encoding: %v\n%v", steps, err, s)
		}
		var back herrlof.State
		if err := back.UnmarshalJSON(data); err != nil {
			t.Fatalf("after %d steps: the state's own JSON is refused: %v\n%s", steps, err, data)
		}
		if back != s {
			t.Fatalf("after %d steps: the JSON decodes to another state\n%v\n---\n%v", steps, s, back)
		}
		if s.Over() {
			return
		}
		if steps > 20000 {
			t.Fatalf("no end after %d steps\n%v", steps, s)
		}
		buf = randomStep(t, &s, r, buf)
	}
}

// TestDecodedHandNumbersStayLow pins the refusals that close the decoder over play: at the deal
// of the third hand of a random two-player match, the hand number (with the last hand's) may not
// be pushed past what the scores explain (12 points at least a hand scored), so it cannot reach
// the 65535 its field holds and the match cannot roll it over; the largest accepted plays on to
// the end. The same for three players (8 points a hand).
func TestDecodedHandNumbersStayLow(t *testing.T) {
	for _, c := range []herrlof.Config{{}, {Players: 3}} {
		r := rng.New(3)
		var s herrlof.State
		for {
			s = mustNew(t, c)
			for !s.Over() && (s.Round() < 2 || s.Phase() != herrlof.PhaseDeal) {
				randomStep(t, &s, r, nil)
			}
			if !s.Over() {
				break
			}
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		doc := decodeDoc(t, data)
		hand := jsonPath{"hand"}
		total := 0
		for p := range s.Players() {
			total += s.Score(norns.Player(p))
		}
		hs := c.HandSize()
		hi := boundary(t, doc, hand, 1)
		if want := int64(total/(hs-3) + 1 - 3); hi != want {
			t.Errorf("%dp, scores total %d: the hand number may rise by %d, want %d", s.Players(), total, hi, want)
		}
		if _, ok := accepts(t, doc, hand, 65535-3); ok {
			t.Errorf("%dp: hand 65535 accepted with scores totalling %d", s.Players(), total)
		}
		d, ok := accepts(t, doc, hand, hi)
		if !ok {
			t.Fatal("the boundary is refused")
		}
		playOn(t, d, r)
	}
}
