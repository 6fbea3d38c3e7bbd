package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// The closure property: a save the decoder accepts stays a save. Any state UnmarshalJSON
// accepts can be played on with random legal moves (to the end, or for closureSteps moves),
// and every state reached encodes
// and decodes again to an == state. A limit in the decoder is either out of reach of legal play
// from every state the decoder accepts, or enforced by the rules (the match ends); otherwise a
// user's save becomes unloadable by playing legally (a turn counter accepted at its bound and
// refused one move later, a score that drifts past the decoder's range).
//
// closure checks it from s: it pushes numbers of s's JSON, up to closureFields of them chosen
// at random, to the largest and to the smallest values the decoder accepts (by doubling, then
// halving the step), and plays each accepted state to the end.

// closureFields is how many numbers of a state closure pushes to their bounds.
const closureFields = 4

// maxExact is the largest integer a float64 holds exactly (JSON numbers beyond are not sent).
const maxExact = 1 << 53

func (c *checker[S, M, V]) closure(s S, fields int) {
	c.t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		c.fatalf(s, "closure: the state does not encode: %v", err)
	}
	root, err := decodeTree(data)
	if err != nil {
		c.fatalf(s, "closure: the state's JSON does not parse: %v", err)
	}
	var leaves []numLeaf
	collectNumbers(root, "", &leaves)
	rng.ShuffleSlice(c.r, leaves)
	for _, l := range leaves[:min(fields, len(leaves))] {
		for _, dir := range []float64{+1, -1} {
			v, t, ok := c.extreme(root, l, dir)
			if !ok {
				continue
			}
			c.playOn(t, 10, fmt.Sprintf("the state with %s = %s (the %s value the decoder accepts there)", l.path, strconv.FormatFloat(v, 'f', -1, 64), map[float64]string{1: "largest", -1: "smallest"}[dir]))
			if c.t.Failed() {
				return
			}
		}
	}
}

// extreme finds the farthest value in direction dir from l's own at which the decoder still
// accepts the document, and returns it with the state decoded there; ok is false when no value
// other than l's own is accepted.
func (c *checker[S, M, V]) extreme(root any, l numLeaf, dir float64) (float64, S, bool) {
	var zero S
	v, ok := bound[S](root, l, dir)
	if !ok {
		return 0, zero, false
	}
	orig := l.get()
	defer l.set(orig)
	l.set(json.Number(strconv.FormatFloat(v, 'f', -1, 64)))
	data, _ := json.Marshal(root)
	var t S
	if json.Unmarshal(data, &t) != nil {
		return 0, zero, false
	}
	return v, t, true
}

// closureSteps bounds the play from a pushed state: a limit that legal play can pass is passed
// within a few rounds of play, and a config pushed to "no hand limit" may make random play
// endless (Gulveig without HandLimit), which is the rules' business, not the decoder's.
const closureSteps = 1500

// playOn plays t with random legal moves to the end, or for closureSteps moves; every listed
// move must apply, and every state reached (the first hundred, then every every-th one, and the
// last) must encode and decode again to an == state.
func (c *checker[S, M, V]) playOn(t S, every int, what string) {
	c.t.Helper()
	if s, msg := playOn[S, M, V](t, rng.New(c.r.Uint64()), every, what); msg != "" {
		c.fatalf(s, "%s", msg)
	}
}

// playOn is checker.playOn for any caller: it returns the state where the property broke and
// what broke, or "".
func playOn[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](t S, r *rng.Rand, every int, what string) (S, string) {
	for step := 0; step < closureSteps; step++ {
		if step < 100 || step%every == 0 || t.Over() {
			data, err := json.Marshal(t)
			if err != nil {
				return t, fmt.Sprintf("%s was accepted, and %d moves later the state does not encode: %v", what, step, err)
			}
			var back S
			if err := json.Unmarshal(data, &back); err != nil || back != t {
				return t, fmt.Sprintf("%s was accepted, and %d legal moves later its save does not load back: %v", what, step, err)
			}
		}
		if t.Over() {
			break
		}
		var m M
		if t.ToMove() == norns.Chance {
			m = t.SampleChance(r)
		} else {
			legal := t.Legal()
			if len(legal) == 0 {
				return t, fmt.Sprintf("%s was accepted, and %d moves later nobody can move in a match that is not over", what, step)
			}
			m = legal[r.IntN(len(legal))]
		}
		next, err := t.Apply(m)
		if err != nil {
			return t, fmt.Sprintf("%s was accepted, and %d moves later the listed move %v is refused: %v", what, step, m, err)
		}
		t = next
	}
	return t, ""
}

// DecodedStatesPlayOn is the closure property as a rapid property, for a game's own test: from
// one of starts, a random prefix of a random match is played; one to three numbers of the
// state's JSON are set to the largest or the smallest value the decoder accepts there, or to a
// value in between; if the decoder accepts the result, it is played on (to the end, or for
// closureSteps moves) with a save round trip on the way. A failure shrinks to a short prefix.
func DecodedStatesPlayOn[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](t *testing.T, starts ...S) {
	t.Helper()
	rapid.Check(t, func(rt *rapid.T) {
		s := rapid.SampledFrom(starts).Draw(rt, "start")
		r := rng.New(rapid.Uint64().Draw(rt, "seed"))
		for n := rapid.IntRange(0, 600).Draw(rt, "moves"); n > 0 && !s.Over(); n-- {
			m := randomMove(s, r)
			next, err := s.Apply(m)
			if err != nil {
				rt.Fatalf("listed move %v refused: %v", m, err)
			}
			s = next
		}
		data, err := json.Marshal(s)
		if err != nil {
			rt.Fatalf("the state does not encode: %v\n%v", err, s)
		}
		root, err := decodeTree(data)
		if err != nil {
			rt.Fatal(err)
		}
		var leaves []numLeaf
		collectNumbers(root, "", &leaves)
		if len(leaves) == 0 {
			return
		}
		var what []string
		for range rapid.IntRange(1, 3).Draw(rt, "fields") {
			l := leaves[rapid.IntRange(0, len(leaves)-1).Draw(rt, "field")]
			hi, hiOK := bound[S](root, l, +1)
			lo, loOK := bound[S](root, l, -1)
			cur, _ := strconv.ParseFloat(string(l.get()), 64)
			v := cur
			switch how := rapid.IntRange(0, 2).Draw(rt, "how"); {
			case how == 0 && hiOK:
				v = hi
			case how == 1 && loOK:
				v = lo
			case how == 2 && hiOK && loOK && hi-lo < 1<<30:
				v = lo + float64(rapid.IntRange(0, int(hi-lo)).Draw(rt, "value"))
			}
			l.set(json.Number(strconv.FormatFloat(v, 'f', -1, 64)))
			what = append(what, l.path+" = "+strconv.FormatFloat(v, 'f', -1, 64))
		}
		tampered, _ := json.Marshal(root)
		var t S
		if json.Unmarshal(tampered, &t) != nil {
			return // refused: the decoder's business, checked elsewhere
		}
		if at, msg := playOn[S, M, V](t, r, 10, "the state with "+strings.Join(what, ", ")); msg != "" {
			rt.Fatalf("%s\nin state:\n%v", msg, at)
		}
	})
}

// bound returns the farthest whole value from l's own in direction dir that the decoder accepts
// with every other value of root as it is, and false if it accepts none other than l's own.
func bound[S any](root any, l numLeaf, dir float64) (float64, bool) {
	orig := l.get()
	defer l.set(orig)
	base, err := strconv.ParseFloat(string(orig), 64)
	if err != nil || base != math.Trunc(base) {
		return 0, false
	}
	ok := func(v float64) bool {
		l.set(json.Number(strconv.FormatFloat(v, 'f', -1, 64)))
		data, err := json.Marshal(root)
		var s S
		return err == nil && json.Unmarshal(data, &s) == nil
	}
	return searchBound(base, dir, ok)
}

// searchBound finds the farthest value from base in direction dir for which ok holds, by
// doubling the step and then halving it, within ±maxExact.
func searchBound(base, dir float64, ok func(float64) bool) (float64, bool) {
	good, found, step := base, false, 1.0
	for step <= maxExact && math.Abs(base+dir*step) <= maxExact && ok(base+dir*step) {
		good, found = base+dir*step, true
		step *= 2
	}
	if !found {
		return 0, false
	}
	for step /= 2; step >= 1; step /= 2 {
		if v := good + dir*step; math.Abs(v) <= maxExact && ok(v) {
			good = v
		}
	}
	return good, true
}

// numLeaf is a number in a JSON tree, with the way to read and change it in place.
type numLeaf struct {
	path string
	get  func() json.Number
	set  func(json.Number)
}

// decodeTree parses JSON keeping numbers as json.Number, so that large integers stay exact.
func decodeTree(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// collectNumbers lists the numbers of a JSON tree, in a stable order (object keys sorted).
func collectNumbers(v any, path string, out *[]numLeaf) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if n, ok := x[k].(json.Number); ok {
				*out = append(*out, numLeaf{path: path + "." + k, get: func() json.Number { return n }, set: func(v json.Number) { x[k] = v }})
				continue
			}
			collectNumbers(x[k], path+"."+k, out)
		}
	case []any:
		for i := range x {
			if n, ok := x[i].(json.Number); ok {
				*out = append(*out, numLeaf{path: fmt.Sprintf("%s[%d]", path, i), get: func() json.Number { return n }, set: func(v json.Number) { x[i] = v }})
				continue
			}
			collectNumbers(x[i], fmt.Sprintf("%s[%d]", path, i), out)
		}
	}
}

// leavesAt finds the numbers at paths (as the closure checks name them: ".turns",
// ".seats[1].score") in the JSON tree of s, with their values.
func leavesAt[S any](s S, paths []string) (any, []numLeaf, []float64, bool) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, nil, nil, false
	}
	root, err := decodeTree(data)
	if err != nil {
		return nil, nil, nil, false
	}
	var all []numLeaf
	collectNumbers(root, "", &all)
	var out []numLeaf
	var vals []float64
	for _, p := range paths {
		i := slices.IndexFunc(all, func(l numLeaf) bool { return l.path == p })
		if i < 0 {
			return nil, nil, nil, false
		}
		v, err := strconv.ParseFloat(string(all[i].get()), 64)
		if err != nil {
			return nil, nil, nil, false
		}
		out, vals = append(out, all[i]), append(vals, v)
	}
	return root, out, vals, true
}

// decodeShifted decodes root with the numbers of leaves set to vals+delta, and restores them.
func decodeShifted[S any](root any, leaves []numLeaf, vals []float64, delta float64) (S, bool) {
	var t S
	for i, l := range leaves {
		l.set(json.Number(strconv.FormatFloat(vals[i]+delta, 'f', -1, 64)))
	}
	data, err := json.Marshal(root)
	for i, l := range leaves {
		l.set(json.Number(strconv.FormatFloat(vals[i], 'f', -1, 64)))
	}
	if err != nil || json.Unmarshal(data, &t) != nil {
		var zero S
		return zero, false
	}
	return t, true
}

// JSONBound returns the largest (dir > 0) or the smallest (dir < 0) whole value the decoder
// accepts for the number at path in s's JSON (".turns", ".seats[1].score"), every other value
// as it is except the numbers at linked, which move by the same amount (a hand number and the
// last hand's), for a game's tests of its decoder's limits: the number's own value when the
// decoder accepts no other. It returns false if a path is no whole number of s's JSON.
func JSONBound[S any](s S, path string, dir int, linked ...string) (int64, bool) {
	root, leaves, vals, ok := leavesAt(s, append([]string{path}, linked...))
	if !ok || vals[0] != math.Trunc(vals[0]) {
		return 0, false
	}
	d := 1.0
	if dir < 0 {
		d = -1
	}
	delta, _ := searchBound(0, d, func(x float64) bool {
		_, ok := decodeShifted[S](root, leaves, vals, x)
		return ok
	})
	return int64(vals[0] + delta), true
}

// WithJSONNumber returns the state s's JSON decodes to with the number at path set to v (and
// the numbers at linked moved by as much), and false if the decoder refuses it (or a path is no
// number of s's JSON).
func WithJSONNumber[S any](s S, path string, v int64, linked ...string) (S, bool) {
	root, leaves, vals, ok := leavesAt(s, append([]string{path}, linked...))
	if !ok {
		var zero S
		return zero, false
	}
	return decodeShifted[S](root, leaves, vals, float64(v)-vals[0])
}

// PlayOn plays s on with random legal moves from r (to the end, or for a few thousand moves)
// and fails t unless every move listed applies and every state reached saves and loads back.
func PlayOn[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](t testing.TB, s S, r *rng.Rand) {
	t.Helper()
	if at, msg := playOn[S, M, V](s, r, 1, "the state"); msg != "" {
		t.Fatalf("%s\nin state:\n%v", msg, at)
	}
}
