package gnav_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// jsonPath is where a value sits in a decoded JSON document: the keys and indices from the top.
type jsonPath []any

// leaves lists the paths of every number, string and boolean in doc (decoded with UseNumber), in
// a stable order, with what each is.
func leaves(doc any, at jsonPath, out []jsonPath) []jsonPath {
	switch d := doc.(type) {
	case json.Number, string, bool:
		return append(out, slices.Clone(at))
	case map[string]any:
		keys := make([]string, 0, len(d))
		for k := range d {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = leaves(d[k], append(at, k), out)
		}
	case []any:
		for i, v := range d {
			out = leaves(v, append(at, i), out)
		}
	}
	return out
}

// setAt sets the value at path p of doc to v and returns the value it replaced.
func setAt(doc any, p jsonPath, v any) any {
	for i, k := range p {
		last := i == len(p)-1
		switch key := k.(type) {
		case string:
			m := doc.(map[string]any)
			if last {
				old := m[key]
				m[key] = v
				return old
			}
			doc = m[key]
		case int:
			a := doc.([]any)
			if last {
				old := a[key]
				a[key] = v
				return old
			}
			doc = a[key]
		}
	}
	return nil
}

// getAt returns the value at path p of doc.
func getAt(doc any, p jsonPath) any {
	for _, k := range p {
		switch key := k.(type) {
		case string:
			doc = doc.(map[string]any)[key]
		case int:
			doc = doc.([]any)[key]
		}
	}
	return doc
}

func num(v int64) json.Number { return json.Number(strconv.FormatInt(v, 10)) }

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

// accepts reports whether the decoder accepts doc with the value at p set to v, and returns the
// state. doc is left as it was.
func accepts(t testing.TB, doc any, p jsonPath, v any) (gnav.State, bool) {
	t.Helper()
	old := setAt(doc, p, v)
	data, err := json.Marshal(doc)
	setAt(doc, p, old)
	if err != nil {
		t.Fatal(err)
	}
	var s gnav.State
	return s, s.UnmarshalJSON(data) == nil
}

// boundary returns the farthest number from from, in direction dir (+1 or -1), that the decoder
// accepts at p, searching by doubling steps and then halving them (the decoder accepts from
// itself); the search stops at 1<<20 from it.
func boundary(t testing.TB, doc any, p jsonPath, from, dir int64) int64 {
	good, step := from, int64(1)
	for step <= 1<<20 {
		if _, ok := accepts(t, doc, p, num(from+dir*step)); !ok {
			break
		}
		good = from + dir*step
		step *= 2
	}
	bad := from + dir*step
	for (bad-good)*dir > 1 {
		mid := good + (bad-good)/2
		if _, ok := accepts(t, doc, p, num(mid)); ok {
			good = mid
		} else {
			bad = mid
		}
	}
	return good
}

// words lists the other values a string of the state's JSON can take: every card name for a
// card, every answer or turn name for those.
func words(p jsonPath) []string {
	switch p[len(p)-1] {
	case "answer":
		return []string{"none", "accepted", "Hus", "Hest", "Katt", "Dragon", "Gjøk"}
	case "turn":
		return []string{"none", "stood", "asked", "drew"}
	}
	var out []string
	for c := range gnav.Card(gnav.NumRanks) {
		out = append(out, c.String())
	}
	return out
}

// randomState plays a random match of a random config for a random number of moves.
func randomState(rt *rapid.T) (gnav.State, *rng.Rand) {
	c := gnav.Config{
		Players:      rapid.IntRange(gnav.MinPlayers, gnav.MaxPlayers).Draw(rt, "players"),
		Lives:        rapid.IntRange(gnav.MinLives, gnav.MaxLives).Draw(rt, "lives"),
		CatIsDragoon: rapid.Bool().Draw(rt, "cat"),
	}
	if rapid.Bool().Draw(rt, "dealerGiven") {
		c.DealerGiven, c.FirstDealer = true, norns.Player(rapid.IntRange(0, c.Players-1).Draw(rt, "firstDealer"))
	}
	s, err := gnav.New(c)
	if err != nil {
		rt.Fatal(err)
	}
	r := rng.New(rapid.Uint64().Draw(rt, "seed"))
	steps := rapid.IntRange(0, 40*c.Players*c.Lives).Draw(rt, "steps")
	for range steps {
		if s.Over() {
			break
		}
		if err := s.Step(randomMove(s, r)); err != nil {
			rt.Fatal(err)
		}
	}
	return s, r
}

func randomMove(s gnav.State, r *rng.Rand) gnav.Move {
	if s.ToMove() == norns.Chance {
		return s.SampleChance(r)
	}
	legal := s.Legal()
	return legal[r.IntN(len(legal))]
}

// TestDecodedStatesPlayOn is the closure of the decoder: every state it accepts plays on to the
// end, and every state reached encodes and decodes again to an == state. It takes states of
// random matches of random configs (every phase, the end included) and changes one to three
// values of their JSON: a number (the config's players, lives and first dealer, the seat to act,
// the dealer, the deals counter, a resting seat or a contestant, a seat's lives) pushed to the
// largest or the smallest value the decoder accepts with the others as they are, or to an
// accepted value between; a string (a card, an answer, a turn) or a boolean (an option) set to
// another value the decoder accepts; or a seat added to or dropped from the resting seats or the
// contestants when the decoder accepts it. It then plays random legal moves from the decoded
// state to the end, re-encoding and decoding at every step. So no limit of the decoder (the
// deals counter, the lives) can be reached by legal play from a state it accepted.
func TestDecodedStatesPlayOn(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		s, r := randomState(rt)
		data, err := json.Marshal(s)
		if err != nil {
			rt.Fatal(err)
		}
		doc := decodeDoc(t, data)
		cfg := doc.(map[string]any)["config"].(map[string]any)
		for _, k := range []string{"catIsDragoon", "dealerGiven"} {
			if _, ok := cfg[k]; !ok {
				cfg[k] = false // omitted when false: listed so that it can be turned on
			}
		}
		for range rapid.IntRange(1, 3).Draw(rt, "changes") {
			paths := leaves(doc, nil, nil)
			// One more place per seat list: a seat added to it.
			for _, list := range []string{"resting", "contestants"} {
				paths = append(paths, jsonPath{list, "+"})
			}
			p := paths[rapid.IntRange(0, len(paths)-1).Draw(rt, "where")]
			if p[len(p)-1] == "+" {
				change := jsonPath{p[0]}
				seats, _ := getAt(doc, change).([]any)
				q := int64(rapid.IntRange(0, s.Players()-1).Draw(rt, "seat"))
				next := slices.Clone(seats)
				if i := slices.Index(next, any(num(q))); i >= 0 {
					next = slices.Delete(next, i, i+1)
				} else {
					next = append(next, num(q))
				}
				if next == nil {
					next = []any{}
				}
				if _, ok := accepts(t, doc, change, next); ok {
					setAt(doc, change, next)
				}
				continue
			}
			switch cur := getAt(doc, p).(type) {
			case json.Number:
				v, _ := cur.Int64()
				hi, lo := boundary(t, doc, p, v, 1), boundary(t, doc, p, v, -1)
				switch rapid.IntRange(0, 2).Draw(rt, "to") {
				case 0:
					v = hi
				case 1:
					v = lo
				default:
					if x := lo + int64(rapid.IntRange(0, int(min(hi-lo, 1<<30))).Draw(rt, "between")); x != v {
						if _, ok := accepts(t, doc, p, num(x)); ok {
							v = x
						}
					}
				}
				setAt(doc, p, num(v))
			case bool:
				if _, ok := accepts(t, doc, p, !cur); ok {
					setAt(doc, p, !cur)
				}
			case string:
				ws := words(p)
				w := ws[rapid.IntRange(0, len(ws)-1).Draw(rt, "word")]
				if _, ok := accepts(t, doc, p, w); ok {
					setAt(doc, p, w)
				}
			}
		}
		data, err = json.Marshal(doc)
		if err != nil {
			rt.Fatal(err)
		}
		var d gnav.State
		if err := d.UnmarshalJSON(data); err != nil {
			rt.Fatalf("each value was changed to one accepted with the others, yet the whole is refused: %v\n%s", err, data)
		}
		playOn(rt, d, r)
	})
}

// playOn plays random legal moves from s to the end, checking at every step the invariants, and
// that the state re-encodes to JSON the decoder accepts and that decodes to an == state.
func playOn(t interface {
	Helper()
	Fatalf(string, ...any)
}, s gnav.State, r *rng.Rand) {
	t.Helper()
	for steps := 0; ; steps++ {
		if err := invariant(s); err != nil {
			t.Fatalf("after %d steps: %v\n%v", steps, err, s)
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("after %d steps: encoding: %v\n%v", steps, err, s)
		}
		var back gnav.State
		if err := back.UnmarshalJSON(data); err != nil {
			t.Fatalf("after %d steps: the state's own JSON is refused: %v\n%s", steps, err, data)
		}
		if back != s {
			t.Fatalf("after %d steps: the JSON decodes to another state\n%v\n---\n%v", steps, s, back)
		}
		if s.Over() {
			return
		}
		if steps > 100000 {
			t.Fatalf("no end after %d steps\n%v", steps, s)
		}
		m := randomMove(s, r)
		if err := s.Step(m); err != nil {
			t.Fatalf("after %d steps: %v refused: %v", steps, m, err)
		}
	}
}
