package gulveig_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
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

// decodeDoc parses a state's JSON with its numbers kept as json.Number.
func decodeDoc(t testing.TB, data []byte) any {
	t.Helper()
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
func accepts(t testing.TB, doc any, p jsonPath, v int64) (gulveig.State, bool) {
	old := getNumber(doc, p)
	setNumber(doc, p, v)
	data, err := json.Marshal(doc)
	setNumber(doc, p, old)
	if err != nil {
		t.Fatal(err)
	}
	var s gulveig.State
	return s, s.UnmarshalJSON(data) == nil
}

// boundary returns the farthest value from from, in direction dir (+1 or -1), that the decoder
// accepts at p with the rest of doc as it is, searching by doubling steps (up to 2^40) and then
// halving the gap.
func boundary(t testing.TB, doc any, p jsonPath, from int64, dir int64) int64 {
	good, step := from, int64(1)
	for step <= 1<<40 {
		if _, ok := accepts(t, doc, p, from+dir*step); !ok {
			break
		}
		good = from + dir*step
		step *= 2
	}
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

// randomConfig draws a config: any player count and options, a target of 1000, 500 or 100, and
// a hand limit of 0 to 5.
func randomConfig(rt *rapid.T) gulveig.Config {
	return gulveig.Config{
		Players:    rapid.IntRange(2, 4).Draw(rt, "players"),
		Target:     rapid.SampledFrom([]int{0, 500, 100}).Draw(rt, "target"),
		Veteran:    rapid.Bool().Draw(rt, "veteran"),
		Blind:      rapid.Bool().Draw(rt, "blind"),
		Betting:    rapid.Bool().Draw(rt, "betting"),
		Roles:      rapid.Bool().Draw(rt, "roles"),
		Alternates: gulveig.Alternates(rapid.IntRange(0, 15).Draw(rt, "alternates")),
		HandLimit:  rapid.IntRange(0, 5).Draw(rt, "handLimit"),
	}
}

// stepRandom plays one random legal move on s in place (chance drawn from r).
func stepRandom(t interface{ Fatalf(string, ...any) }, s *gulveig.State, r *rng.Rand, buf []gulveig.Move) []gulveig.Move {
	var m gulveig.Move
	if s.ToMove() == norns.Chance {
		m = s.SampleChance(r)
	} else {
		buf = s.AppendLegal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("no legal move in a match that is not over:\n%v", s)
		}
		m = buf[r.IntN(len(buf))]
	}
	if err := s.Step(m); err != nil {
		t.Fatalf("listed move %v refused: %v\n%v", m, err, s)
	}
	return buf
}

// TestDecodedStatesPlayOn is the closure of the decoder: every state it accepts plays on to the
// end, and every state reached encodes and decodes again to an == state. It takes states of
// random matches of random configs (every phase, the end included), pushes one to three numbers
// of their JSON (the config's, the hands, the dealer, each seat's score and last hand points,
// the winners) each to the largest or the smallest value the decoder accepts with the rest as
// it is, or to an accepted value between, and plays random legal moves from the decoded state
// to the end, re-encoding and decoding at every step. So no limit of the decoder (the hands, the
// scores) can be passed by legal play from a state it accepted: the attacker's saves (hands
// 32768, refused after the next deal; a score of −16777216, which failed bids pushed out of
// range) are refused now, or play on.
func TestDecodedStatesPlayOn(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		c := randomConfig(rt)
		r := rng.New(rapid.Uint64().Draw(rt, "seed"))
		s := mustNew(t, c)
		var buf []gulveig.Move
		for range rapid.IntRange(0, 200).Draw(rt, "steps") {
			if s.Over() {
				break
			}
			buf = stepRandom(rt, &s, r, buf)
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
		var d gulveig.State
		if err := d.UnmarshalJSON(data); err != nil {
			rt.Fatalf("each field was pushed to a value accepted with the others, yet the whole is refused: %v\n%s", err, data)
		}
		playOn(rt, d, r)
	})
}

// playOn plays random legal moves from s to the end, checking that the states reached re-encode
// to JSON the decoder accepts and that decodes to an == state: every state of the hand under way
// and of the next hand, and from then on (a match can last up to MaxHands hands, and decoding
// a state replays its hand) the states between hands, where the counters and scores change,
// the first state of each hand and the last; with -long, every state.
func playOn(t interface {
	Fatalf(string, ...any)
}, s gulveig.State, r *rng.Rand) {
	var buf []gulveig.Move
	ends := 0 // hands ended since s
	for steps := 0; ; steps++ {
		between := s.Phase() == gulveig.PhaseDeal || s.Over()
		if between {
			ends++
		}
		if *long || ends <= 2 || between || gulveig.FreshHand(s) {
			roundTrip(t, s, steps)
		}
		if s.Over() {
			return
		}
		if steps > 200000 {
			t.Fatalf("no end after %d steps\n%v", steps, s)
		}
		buf = stepRandom(t, &s, r, buf)
	}
}

// roundTrip checks that s encodes, that the decoder accepts its JSON, and that it decodes to s.
func roundTrip(t interface {
	Fatalf(string, ...any)
}, s gulveig.State, steps int) {
	if err := gulveig.Invariant(s); err != nil {
		t.Fatalf("after %d steps: %v\n%v", steps, err, s)
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("after %d steps: encoding: %v\n%v", steps, err, s)
	}
	var back gulveig.State
	if err := back.UnmarshalJSON(data); err != nil {
		t.Fatalf("after %d steps: the state's own JSON is refused: %v\n%s", steps, err, data)
	}
	if back != s {
		t.Fatalf("after %d steps: the JSON decodes to another state\n%v\n---\n%v", steps, s, back)
	}
}

// TestDecodedLimitsHold pins the refusals an attacker found, now out of reach, on a state
// between hands of a 3-player match to 1000 with no hand limit: the largest hand count and the
// lowest score of each seat the decoder accepts there play on to the end (the match ends after
// MaxHands hands; a hand takes at most twice the largest bid from a score), one hand more or one
// point less is refused, and so are the attacker's hands 32768 and score −16777216.
func TestDecodedLimitsHold(t *testing.T) {
	s := mustNew(t, gulveig.Config{})
	r := rng.New(3)
	var buf []gulveig.Move
	for s.Round() < 3 || s.Phase() != gulveig.PhaseDeal {
		buf = stepRandom(t, &s, r, buf)
	}
	data, _ := json.Marshal(s)
	doc := decodeDoc(t, data)
	for _, f := range []struct {
		p        jsonPath
		dir      int64
		want     int64
		attacker int64
	}{
		{jsonPath{"hands"}, 1, gulveig.MaxHands - 1, 32768},
		{jsonPath{"scores", 0}, -1, -2 * 400 * 3, -16777216},
		{jsonPath{"scores", 2}, -1, -2 * 400 * 3, -16777216},
	} {
		got := boundary(t, doc, f.p, getNumber(doc, f.p), f.dir)
		if got != f.want {
			t.Errorf("%v: the decoder accepts up to %d, want %d", f.p, got, f.want)
		}
		if _, ok := accepts(t, doc, f.p, got+f.dir); ok {
			t.Errorf("%v: %d accepted past the boundary %d", f.p, got+f.dir, got)
		}
		if _, ok := accepts(t, doc, f.p, f.attacker); ok {
			t.Errorf("%v = %d (the attacker's) accepted", f.p, f.attacker)
		}
		d, ok := accepts(t, doc, f.p, got)
		if !ok {
			t.Fatalf("%v: %d refused", f.p, got)
		}
		playOn(t, d, rng.New(uint64(got)))
	}
}
