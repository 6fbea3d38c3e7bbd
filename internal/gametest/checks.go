package gametest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// maxErrorLen bounds an error message on bad input: errors quote a short prefix at most.
const maxErrorLen = 600

// requireHooks reports the hooks the checks need and the game lacks: every one is required.
func requireHooks[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](g Game[S, M, V]) error {
	var missing []string
	if g.ApplyEvents == nil {
		missing = append(missing, "ApplyEvents (the spectator check)")
	}
	if g.NewRecord == nil || g.ReplayRecord == nil {
		missing = append(missing, "NewRecord and ReplayRecord (the strict-config check)")
	}
	if g.Deck == nil || g.Zones == nil {
		missing = append(missing, "Deck and Zones (the conservation check)")
	}
	if len(g.Bots) == 0 {
		missing = append(missing, "Bots (the bots-see-only-views check)")
	}
	if len(missing) > 0 {
		return fmt.Errorf("gametest: Game needs %s", strings.Join(missing, ", "))
	}
	return nil
}

// conserved checks that the zones of s hold the full deck, each card once.
func (c *checker[S, M, V]) conserved(s S, where string) {
	c.t.Helper()
	if err := conservation(c.g, s); err != nil {
		c.fatalf(s, "%s: cards not conserved: %v", where, err)
	}
}

func conservation[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](g Game[S, M, V], s S) error {
	d := g.Deck
	var sum cards.Multiset
	for i, z := range g.Zones(s) {
		if !d.Valid(z) {
			return fmt.Errorf("zone %d holds %v, not a multiset of the deck", i, z)
		}
		var ok bool
		if sum, ok = d.Sum(sum, z); !ok {
			return fmt.Errorf("zone %d (%s) adds more copies than the deck has to %s", i, d.Format(z), d.Format(sum))
		}
	}
	if sum != d.Full() {
		return fmt.Errorf("the zones hold %d cards: missing %s, extra %s", sum.Len(), d.Format(d.Diff(d.Full(), sum)), d.Format(d.Diff(sum, d.Full())))
	}
	return nil
}

// spectator checks ApplyEvents(m) for norns.Nobody on s, and that it reveals nothing a seat p
// (chosen at random) could not tell apart.
func (c *checker[S, M, V]) spectator(s S, m M) {
	c.t.Helper()
	want, _ := s.Apply(m)
	var got S
	var evs []any
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				c.fatalf(s, "ApplyEvents(%v, norns.Nobody) panics: %v", m, r)
			}
		}()
		got, evs, err = c.g.ApplyEvents(s, m, norns.Nobody)
	}()
	if err != nil || got != want {
		c.fatalf(s, "ApplyEvents(%v, norns.Nobody): error %v, or a state unlike Apply's:\n%v", m, err, got)
	}
	p := norns.Player(c.r.IntN(s.Players()))
	tw, ok := c.g.Twin(s, p, c.r)
	if !ok {
		return
	}
	twAfter, twEvs, err := c.g.ApplyEvents(tw, m, norns.Nobody)
	if err != nil {
		return // the move is not legal in the twin (a chance outcome that fits s only)
	}
	_, pEvs, _ := c.g.ApplyEvents(s, m, p)
	_, pTwEvs, _ := c.g.ApplyEvents(tw, m, p)
	if !slices.Equal(pEvs, pTwEvs) || want.View(p) != twAfter.View(p) {
		return // the move showed p the difference; the spectator may see it too
	}
	if !slices.Equal(evs, twEvs) {
		c.fatalf(s, "spectator events of %v reveal what %v cannot see: %v here, %v in a twin:\n%v", m, p, evs, twEvs, tw)
	}
}

// badTexts returns move texts that should not parse (some may: each is checked only if refused);
// long ones too when long is set.
func badTexts(r *rng.Rand, legal string, long bool) []string {
	out := []string{"", " ", "\x00", "\xff\xfe", "{}", "?!"}
	if long {
		out = append(out, strings.Repeat("x", 10000), strings.Repeat("9 ", 5000), strings.Repeat(legal+" ", 300))
	}
	if legal != "" {
		out = append(out, legal[:r.IntN(len(legal))], legal+" x", "x"+legal)
		b := []byte(legal)
		b[r.IntN(len(b))] = "\x00#@~\xff"[r.IntN(5)]
		out = append(out, string(b))
	}
	return out
}

// sentinelText checks that bad move texts are refused with ErrBadNotation and short errors.
func (c *checker[S, M, V]) sentinelText(s S, legal []M, long bool) {
	c.t.Helper()
	var text string
	if len(legal) > 0 {
		text = legal[c.r.IntN(len(legal))].String()
	}
	for _, bad := range badTexts(c.r, text, long) {
		m, err := c.g.ParseMove(bad)
		if err == nil {
			if back, err := c.g.ParseMove(m.String()); err != nil || back != m {
				c.fatalf(s, "ParseMove(%.60q) = %v, which does not round-trip: %v", bad, m, err)
			}
			continue
		}
		if !errors.Is(err, norns.ErrBadNotation) {
			c.fatalf(s, "ParseMove(%.60q): error %v does not wrap norns.ErrBadNotation", bad, err)
		}
		if len(err.Error()) > maxErrorLen {
			c.fatalf(s, "ParseMove(%.60q): an error of %d bytes", bad, len(err.Error()))
		}
	}
}

// sentinelJSON checks that JSON that is no state is refused with ErrCorrupt, short errors, and
// the receiver unchanged.
func (c *checker[S, M, V]) sentinelJSON(s S) {
	c.t.Helper()
	data, _ := json.Marshal(s)
	var generic map[string]any
	_ = json.Unmarshal(data, &generic)
	upper := map[string]any{}
	for k, v := range generic {
		upper[strings.ToUpper(k)] = v
	}
	upperJSON, _ := json.Marshal(upper)
	bad := [][]byte{nil, []byte(`[]`), []byte(`"x"`), []byte(`1e999`),
		[]byte(strings.Repeat("[", 10000)), bytes.Repeat([]byte{1}, 1<<20), upperJSON,
		append(bytes.Clone(data), " {}"...), append([]byte(`{"bogus":1,`), data[1:]...),
		[]byte(`{"x":"` + strings.Repeat("y", 1<<20) + `"}`)}
	for _, b := range bad {
		held := s
		u := any(&held).(json.Unmarshaler)
		err := u.UnmarshalJSON(b)
		if !errors.Is(err, norns.ErrCorrupt) {
			c.fatalf(s, "UnmarshalJSON(%.80q): error %v, want one wrapping norns.ErrCorrupt", b, err)
		}
		if len(err.Error()) > maxErrorLen {
			c.fatalf(s, "UnmarshalJSON(%.80q): an error of %d bytes", b, len(err.Error()))
		}
		if held != s {
			c.fatalf(s, "UnmarshalJSON(%.80q) failed but changed the receiver", b)
		}
	}
}

// strictConfig checks the game's record functions: the effective config written, a version, the
// record replayed, and configs with unknown, repeated or differently cased keys refused.
func (c *checker[S, M, V]) strictConfig(st Start[S], seed uint64, moves []M, last S) {
	c.t.Helper()
	rec, err := c.g.NewRecord(st.Config, seed, moves, last)
	if err != nil {
		c.t.Fatalf("the game's NewRecord: %v", err)
	}
	if rec.Version != norns.RecordVersion || rec.Game != c.g.Name {
		c.t.Fatalf("the game's NewRecord: version %q, game %q", rec.Version, rec.Game)
	}
	var cfg map[string]json.RawMessage
	if err := json.Unmarshal(rec.Config, &cfg); err != nil {
		c.t.Fatalf("record config %s is not an object: %v", rec.Config, err)
	}
	if p, ok := cfg["players"]; !ok || string(p) != fmt.Sprint(last.Players()) {
		c.t.Fatalf("record config %s: want the effective config, with \"players\": %d", rec.Config, last.Players())
	}
	var w bytes.Buffer
	if err := rec.Write(&w); err != nil {
		c.t.Fatalf("Record.Write: %v", err)
	}
	read, err := norns.ReadRecord(&w)
	if err != nil {
		c.t.Fatalf("ReadRecord: %v", err)
	}
	if got, err := c.g.ReplayRecord(read); err != nil || got != last {
		c.fatalf(got, "the game's ReplayRecord: %v", err)
	}
	var bad []json.RawMessage
	for k, v := range cfg {
		if up := strings.ToUpper(k); up != k {
			bad = append(bad, json.RawMessage(strings.Replace(string(rec.Config), `"`+k+`"`, `"`+up+`"`, 1)))
		}
		if title := strings.ToUpper(k[:1]) + k[1:]; title != k {
			bad = append(bad, json.RawMessage(strings.Replace(string(rec.Config), `"`+k+`"`, `"`+title+`"`, 1)))
		}
		bad = append(bad, json.RawMessage(`{"`+k+`":`+string(v)+`,`+string(rec.Config[1:])))
	}
	bad = append(bad, json.RawMessage(`{"bogusOption":1,`+string(rec.Config[1:])), json.RawMessage(`[]`), json.RawMessage(`null`))
	for _, b := range bad {
		r := read
		r.Config = b
		if _, err := c.g.ReplayRecord(r); !errors.Is(err, norns.ErrCorrupt) {
			c.t.Fatalf("the game's ReplayRecord with config %s: error %v, want one wrapping norns.ErrCorrupt", b, err)
		}
	}
	r := read
	r.Game = c.g.Name + "x"
	if _, err := c.g.ReplayRecord(r); !errors.Is(err, norns.ErrCorrupt) {
		c.t.Fatalf("the game's ReplayRecord of a record of %q: %v", r.Game, err)
	}
}

// tamper applies one structured change to s's JSON and checks the outcome: refused with
// ErrCorrupt and the receiver unchanged, or a state that passes every check and plays on.
func (c *checker[S, M, V]) tamper(s S) {
	c.t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		c.fatalf(s, "json.Marshal: %v", err)
	}
	bad, what, ok := mutateJSON(c.r, data)
	if !ok {
		return
	}
	held := s
	if err := any(&held).(json.Unmarshaler).UnmarshalJSON(bad); err != nil {
		if !errors.Is(err, norns.ErrCorrupt) {
			c.fatalf(s, "tampered JSON (%s) %s: error %v does not wrap norns.ErrCorrupt", what, bad, err)
		}
		if held != s {
			c.fatalf(s, "tampered JSON (%s): UnmarshalJSON failed but changed the receiver", what)
		}
		return
	}
	if held == s {
		return
	}
	c.accepted(held, fmt.Sprintf("tampered JSON (%s) %s", what, bad))
}

// accepted checks a state decoded from damaged JSON: the invariants and conservation, a JSON
// round trip, every per-step check, and a few random moves on, with the invariants,
// conservation and a sample for the seat to act checked at each.
func (c *checker[S, M, V]) accepted(t S, how string) {
	c.t.Helper()
	if c.g.Invariant != nil {
		if err := c.g.Invariant(t); err != nil {
			c.fatalf(t, "%s was accepted and built a broken state: %v", how, err)
		}
	}
	c.conserved(t, how+" was accepted")
	again, err := json.Marshal(t)
	if err != nil {
		c.fatalf(t, "%s was accepted but does not re-encode: %v", how, err)
	}
	var back S
	if err := json.Unmarshal(again, &back); err != nil || back != t {
		c.fatalf(t, "%s was accepted but its JSON does not load back: %v", how, err)
	}
	r := rng.New(c.r.Uint64())
	c.step(t) // every per-step check, views and samples included
	for range 8 {
		if c.t.Failed() || t.Over() {
			return
		}
		if c.g.Invariant != nil {
			if err := c.g.Invariant(t); err != nil {
				c.fatalf(t, "%s was accepted, and play from it breaks the invariant: %v", how, err)
			}
		}
		c.conserved(t, how+" was accepted, and play from it")
		if p := t.ToMove(); p.IsSeat() {
			if smp := t.View(p).Sample(r); smp.View(p) != t.View(p) {
				c.fatalf(t, "%s was accepted, and a sample for %v in play from it differs:\n%v", how, p, smp)
			}
		}
		var m M
		if t.ToMove() == norns.Chance {
			m = t.SampleChance(r)
		} else {
			legal := t.Legal()
			m = legal[r.IntN(len(legal))]
		}
		next, err := t.Apply(m)
		if err != nil {
			c.fatalf(t, "%s was accepted, and then legal move %v is refused: %v", how, m, err)
		}
		t = next
	}
	// The closure property: an accepted save plays on to the end and saves again on the way.
	c.playOn(t, 25, how)
}

// jnode is a value in a decoded JSON tree, with the ways to change it in place.
type jnode struct {
	val any
	set func(any)
	del func() // removes the value from its array or object; nil for the root
}

// mutateJSON changes one field or entry of the JSON document data: it swaps two entries of an
// array, duplicates or drops an entry or a field, adds an entry copied from elsewhere, moves a
// value (two values of one kind exchanged anywhere in the document, like a card between a hand
// and the stock), or shifts a number. It returns the changed JSON and what was done, or false
// when nothing changed.
func mutateJSON(r *rng.Rand, data []byte) ([]byte, string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		return nil, "", false
	}
	var nodes []*jnode
	var walk func(n *jnode, path string)
	walk = func(n *jnode, path string) {
		nodes = append(nodes, n)
		switch v := n.val.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(&jnode{val: v[k], set: func(x any) { v[k] = x }, del: func() { delete(v, k) }}, path+"."+k)
			}
		case []any:
			for i := range v {
				n := n
				walk(&jnode{val: v[i], set: func(x any) { v[i] = x }, del: func() {
					arr := n.val.([]any)
					n.set(slices.Delete(slices.Clone(arr), i, i+1))
				}}, fmt.Sprintf("%s[%d]", path, i))
			}
		}
	}
	rootNode := &jnode{val: root, set: func(x any) { root = x }}
	walk(rootNode, "")
	var arrays, leaves []*jnode
	for _, n := range nodes {
		switch n.val.(type) {
		case []any:
			arrays = append(arrays, n)
		case map[string]any:
		default:
			leaves = append(leaves, n)
		}
	}
	var what string
	for try := 0; try < 20 && what == ""; try++ {
		switch r.IntN(6) {
		case 0: // swap two entries of an array
			if len(arrays) == 0 {
				continue
			}
			a := arrays[r.IntN(len(arrays))]
			arr := a.val.([]any)
			if len(arr) < 2 {
				continue
			}
			i, j := r.IntN(len(arr)), r.IntN(len(arr))
			arr[i], arr[j] = arr[j], arr[i]
			what = fmt.Sprintf("swap entries %d and %d", i, j)
		case 1: // duplicate an entry
			if len(arrays) == 0 {
				continue
			}
			a := arrays[r.IntN(len(arrays))]
			arr := a.val.([]any)
			if len(arr) == 0 {
				continue
			}
			i := r.IntN(len(arr))
			a.set(slices.Insert(slices.Clone(arr), r.IntN(len(arr)+1), arr[i]))
			what = fmt.Sprintf("duplicate entry %d", i)
		case 2: // drop an entry or a field
			n := nodes[r.IntN(len(nodes))]
			if n.del == nil {
				continue
			}
			n.del()
			what = "drop a value"
		case 3: // add an entry copied from anywhere
			if len(arrays) == 0 || len(leaves) == 0 {
				continue
			}
			a := arrays[r.IntN(len(arrays))]
			arr := a.val.([]any)
			a.set(slices.Insert(slices.Clone(arr), r.IntN(len(arr)+1), leaves[r.IntN(len(leaves))].val))
			what = "add an entry"
		case 4: // move: exchange two values of one kind
			if len(leaves) < 2 {
				continue
			}
			x, y := leaves[r.IntN(len(leaves))], leaves[r.IntN(len(leaves))]
			if fmt.Sprintf("%T", x.val) != fmt.Sprintf("%T", y.val) || x.val == y.val {
				continue
			}
			xv, yv := x.val, y.val
			x.set(yv)
			y.set(xv)
			what = fmt.Sprintf("exchange %v and %v", xv, yv)
		case 5: // shift a number
			var nums []*jnode
			for _, l := range leaves {
				if _, ok := l.val.(json.Number); ok {
					nums = append(nums, l)
				}
			}
			if len(nums) == 0 {
				continue
			}
			n := nums[r.IntN(len(nums))]
			v, err := n.val.(json.Number).Int64()
			if err != nil {
				continue
			}
			d := []int64{-1, 1, -2, 2, 7, -100, 1 << 20}[r.IntN(7)]
			n.set(json.Number(fmt.Sprint(v + d)))
			what = fmt.Sprintf("shift %d by %d", v, d)
		}
	}
	if what == "" {
		return nil, "", false
	}
	out, err := json.Marshal(root)
	if err != nil || bytes.Equal(out, data) {
		return nil, "", false
	}
	return out, what, true
}

// botChecks is the number of positions of each start's matches at which the bots are given the
// view of a state and the views of its twins, and botTwins the number of twins tried at each.
const (
	botChecks = 2
	botTwins  = 3
)

// bots checks, at a few positions, that each of the game's bots decides from the view alone:
// bots made from one seed, one given the view of s and the others the views of twins of s that
// differ only in what the seat to act cannot see (== views), choose the same legal move. Each
// view is taken just before its bot chooses, so a bot that reads the state a view was taken
// from by any other way than the view (a variable the game sets aside) sees different states.
func (c *checker[S, M, V]) bots(s S) {
	c.t.Helper()
	if c.ran == nil || c.ran.bots >= botChecks || s.Over() || !s.ToMove().IsSeat() || c.r.IntN(4) != 0 {
		return
	}
	p := s.ToMove()
	var twins []S
	for range botTwins {
		if tw, ok := c.g.Twin(s, p, c.r); ok && tw != s {
			twins = append(twins, tw)
		}
	}
	if len(twins) == 0 {
		return
	}
	c.ran.bots++
	seed := c.r.Uint64()
	ctx := context.Background()
	legal := s.Legal()
	for _, bm := range c.g.Bots {
		m, err := bm.New(seed).Choose(ctx, s.View(p))
		if err != nil {
			c.fatalf(s, "bot %q failed to choose for %v: %v", bm.Name, p, err)
		}
		if !slices.Contains(legal, m) {
			c.fatalf(s, "bot %q chose %v, which is not legal for %v", bm.Name, m, p)
		}
		for _, tw := range twins {
			mt, err := bm.New(seed).Choose(ctx, tw.View(p))
			if err != nil {
				c.fatalf(tw, "bot %q failed to choose for %v in a twin: %v", bm.Name, p, err)
			}
			if m != mt {
				c.fatalf(s, "bot %q chose %v from %v's view of this state and %v from its view of a twin that differs only in what %v cannot see (the same view): it decides from more than the view, or not reproducibly from its seed.\ntwin:\n%v", bm.Name, m, p, mt, p, tw)
			}
		}
	}
}
