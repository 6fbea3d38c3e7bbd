package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
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
const closureFields = 6

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
			c.playOn(t, 1, fmt.Sprintf("the state with %s = %s (the %s value the decoder accepts there)", l.path, strconv.FormatFloat(v, 'f', -1, 64), map[float64]string{1: "largest", -1: "smallest"}[dir]))
			if c.t.Failed() {
				return
			}
		}
	}
}

// extreme finds the farthest value in direction dir from l's own at which the decoder still
// accepts the document, sets it there, and returns it with the state decoded; ok is false when
// no value other than l's own is accepted.
func (c *checker[S, M, V]) extreme(root any, l numLeaf, dir float64) (float64, S, bool) {
	var zero S
	orig := l.get()
	defer l.set(orig)
	try := func(v float64) (S, bool) {
		l.set(json.Number(strconv.FormatFloat(v, 'f', -1, 64)))
		data, err := json.Marshal(root)
		if err != nil {
			return zero, false
		}
		var t S
		if json.Unmarshal(data, &t) != nil {
			return zero, false
		}
		return t, true
	}
	base, err := strconv.ParseFloat(string(orig), 64)
	if err != nil || base != math.Trunc(base) {
		return 0, zero, false // only whole numbers are pushed
	}
	good, goodState, found := base, zero, false
	step := 1.0
	for step <= maxExact {
		v := base + dir*step
		if math.Abs(v) > maxExact {
			break
		}
		t, ok := try(v)
		if !ok {
			break
		}
		good, goodState, found = v, t, true
		step *= 2
	}
	if !found {
		return 0, zero, false
	}
	// Between good and good+dir*step lies the bound: halve the step until it is 1.
	for step /= 2; step >= 1; step /= 2 {
		v := good + dir*step
		if math.Abs(v) > maxExact {
			continue
		}
		if t, ok := try(v); ok {
			good, goodState = v, t
		}
	}
	return good, goodState, true
}

// closureSteps bounds the play from a pushed state: a limit that legal play can pass is passed
// within a few rounds of play, and a config pushed to "no hand limit" may make random play
// endless (Gulveig without HandLimit), which is the rules' business, not the decoder's.
const closureSteps = 3000

// playOn plays t with random legal moves to the end, or for closureSteps moves; every listed
// move must apply, and every state reached (every every-th one, and the last) must encode and
// decode again to an == state.
func (c *checker[S, M, V]) playOn(t S, every int, what string) {
	c.t.Helper()
	r := rng.New(c.r.Uint64())
	for step := 0; step < closureSteps; step++ {
		if step%every != 0 && !t.Over() {
			goto move
		}
		{
			data, err := json.Marshal(t)
			if err != nil {
				c.fatalf(t, "%s was accepted, and %d moves later the state does not encode: %v", what, step, err)
			}
			var back S
			if err := json.Unmarshal(data, &back); err != nil || back != t {
				c.fatalf(t, "%s was accepted, and %d legal moves later its save does not load back: %v", what, step, err)
			}
		}
		if t.Over() {
			return
		}
	move:
		var m M
		if t.ToMove() == norns.Chance {
			m = t.SampleChance(r)
		} else {
			legal := t.Legal()
			if len(legal) == 0 {
				c.fatalf(t, "%s was accepted, and %d moves later nobody can move in a match that is not over", what, step)
			}
			m = legal[r.IntN(len(legal))]
		}
		next, err := t.Apply(m)
		if err != nil {
			c.fatalf(t, "%s was accepted, and %d moves later the listed move %v is refused: %v", what, step, m, err)
		}
		t = next
	}
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
