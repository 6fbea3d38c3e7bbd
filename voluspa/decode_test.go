package voluspa_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
	"pgregory.net/rapid"
)

// jsonPath is where a number sits in a decoded JSON document: the keys and indices from the top.
type jsonPath []any

// numbers lists the paths of every number in the document doc (decoded with UseNumber), in a
// stable order.
func numbers(doc any, at jsonPath, out []jsonPath) []jsonPath {
	switch d := doc.(type) {
	case json.Number:
		return append(out, append(jsonPath(nil), at...))
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

// setNumber sets the number at path p of doc to v.
func setNumber(doc any, p jsonPath, v int64) {
	for i, k := range p {
		last := i == len(p)-1
		switch key := k.(type) {
		case string:
			m := doc.(map[string]any)
			if last {
				m[key] = json.Number(strconv.FormatInt(v, 10))
				return
			}
			doc = m[key]
		case int:
			a := doc.([]any)
			if last {
				a[key] = json.Number(strconv.FormatInt(v, 10))
				return
			}
			doc = a[key]
		}
	}
}

// getNumber returns the number at path p of doc.
func getNumber(doc any, p jsonPath) int64 {
	for _, k := range p {
		switch key := k.(type) {
		case string:
			doc = doc.(map[string]any)[key]
		case int:
			doc = doc.([]any)[key]
		}
	}
	v, _ := doc.(json.Number).Int64()
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

// accepts reports whether the decoder accepts doc with the number at p set to v, and returns
// the state.
func accepts(t testing.TB, doc any, p jsonPath, v int64) (voluspa.State, bool) {
	old := getNumber(doc, p)
	setNumber(doc, p, v)
	data, err := json.Marshal(doc)
	setNumber(doc, p, old)
	if err != nil {
		t.Fatal(err)
	}
	var s voluspa.State
	return s, s.UnmarshalJSON(data) == nil
}

// boundary returns the farthest value from from, in direction dir (+1 or -1), that the decoder
// accepts at p, searching by doubling steps and then halving them (the decoder accepts from
// itself); the search stops at 1<<20 from it.
func boundary(t testing.TB, doc any, p jsonPath, from int64, dir int64) int64 {
	good, step := from, int64(1)
	for step <= 1<<20 {
		if _, ok := accepts(t, doc, p, from+dir*step); !ok {
			break
		}
		good = from + dir*step
		step *= 2
	}
	// good is accepted, from+dir*step is not (or is past the cap): halve the gap.
	bad := from + dir*step
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

// TestDecodedStatesPlayOn is the closure of the decoder: every state it accepts plays on to the
// end, and every state reached encodes and decodes again to an == state. It takes states of
// random matches (every phase, the end included), pushes one to three numbers of their JSON
// (the config, the seat to act, the turns, the squares, the last lay, each seat's score, the turn
// it was reached, what its discards showed) each to the largest or the smallest value the
// decoder accepts with the others as they are, or to an accepted value between, and plays random
// legal moves from the state decoded to the end, re-encoding and decoding at every step. So no
// limit of the decoder (turns, scores) can be reached by legal play from a state it accepted.
func TestDecodedStatesPlayOn(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(voluspa.MinPlayers, voluspa.MaxPlayers).Draw(rt, "players")
		r := rng.New(rapid.Uint64().Draw(rt, "seed"))
		s := mustNew(t, n)
		steps := rapid.IntRange(0, 400).Draw(rt, "steps")
		for range steps {
			if s.Over() {
				break
			}
			if err := s.Step(randomMove(s, r)); err != nil {
				rt.Fatal(err)
			}
		}
		data, err := json.Marshal(s)
		if err != nil {
			rt.Fatal(err)
		}
		doc := decodeDoc(t, data)
		paths := numbers(doc, nil, nil)
		for range rapid.IntRange(1, 3).Draw(rt, "fields") {
			p := paths[rapid.IntRange(0, len(paths)-1).Draw(rt, "field")]
			cur := getNumber(doc, p)
			hi, lo := boundary(t, doc, p, cur, 1), boundary(t, doc, p, cur, -1)
			var v int64
			switch rapid.IntRange(0, 2).Draw(rt, "where") {
			case 0:
				v = hi
			case 1:
				v = lo
			default:
				v = lo + int64(rapid.IntRange(0, int(min(hi-lo, 1<<30))).Draw(rt, "between"))
				if _, ok := accepts(t, doc, p, v); !ok {
					v = cur
				}
			}
			setNumber(doc, p, v)
		}
		data, err = json.Marshal(doc)
		if err != nil {
			rt.Fatal(err)
		}
		var d voluspa.State
		if err := d.UnmarshalJSON(data); err != nil {
			rt.Fatalf("each field was pushed to a value accepted with the others, yet the whole is refused: %v\n%s", err, data)
		}
		playOn(rt, d, r)
	})
}

// playOn plays random legal moves from s to the end, checking at every step that the state
// re-encodes to JSON the decoder accepts and that decodes to an == state.
func playOn(t interface {
	Fatalf(string, ...any)
}, s voluspa.State, r *rng.Rand) {
	for steps := 0; ; steps++ {
		if err := invariant(s); err != nil {
			t.Fatalf("after %d steps: %v\n%v", steps, err, s)
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("after %d steps: encoding: %v\n%v", steps, err, s)
		}
		var back voluspa.State
		if err := back.UnmarshalJSON(data); err != nil {
			t.Fatalf("after %d steps: the state's own JSON is refused: %v\n%s", steps, err, data)
		}
		if back != s {
			t.Fatalf("after %d steps: the JSON decodes to another state\n%v\n---\n%v", steps, s, back)
		}
		if s.Over() {
			return
		}
		if steps > 10000 {
			t.Fatalf("no end after %d steps\n%v", steps, s)
		}
		m := randomMove(s, r)
		if err := s.Step(m); err != nil {
			t.Fatalf("after %d steps: %v refused: %v", steps, m, err)
		}
	}
}

// TestDecodedLimitsHold pins the two refusals an attacker found, now out of reach: at a state
// early in a match where a seat has scored, the largest turn count the decoder accepts plays on
// to the end, and so does the largest score of each seat that has scored; one more turn or point
// is refused, and so are the attacker's turns 1000 and score 813 there.
func TestDecodedLimitsHold(t *testing.T) {
	s := midGame(t)
	r := rng.New(1)
	for s.ToMove() == norns.Chance || s.Score(0)+s.Score(1)+s.Score(2) == 0 {
		if err := s.Step(randomMove(s, r)); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := json.Marshal(s)
	doc := decodeDoc(t, data)
	fields := []jsonPath{{"turns"}}
	for p := range s.Players() {
		if s.Score(norns.Player(p)) > 0 {
			fields = append(fields, jsonPath{"seats", p, "score"})
		}
	}
	if len(fields) == 1 {
		t.Fatal("no seat has scored")
	}
	for _, p := range fields {
		hi := boundary(t, doc, p, getNumber(doc, p), 1)
		if _, ok := accepts(t, doc, p, hi+1); ok {
			t.Fatalf("%v: %d accepted past the boundary %d", p, hi+1, hi)
		}
		d, ok := accepts(t, doc, p, hi)
		if !ok {
			t.Fatalf("%v: %d refused", p, hi)
		}
		t.Logf("%v: at most %d here", p, hi)
		for seed := range uint64(5) {
			playOn(t, d, rng.New(seed))
		}
	}
	// The attacker's saves: turns 1000 and a score of 813 at this state are refused now.
	for _, bad := range fields[:2] {
		v := int64(1000)
		if bad[0] == "seats" {
			v = 813
		}
		if _, ok := accepts(t, doc, bad, v); ok {
			t.Errorf("%v = %d accepted at a state of %d turns", bad, v, s.Turns())
		}
	}
}
