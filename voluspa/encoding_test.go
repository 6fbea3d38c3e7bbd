package voluspa_test

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

var updateEncoding = flag.Bool("update-encoding", false, "rewrite testdata/encoding.golden (only when a change of the action ids or the observation's length is intended)")

var _ norns.Encoder[voluspa.View, voluspa.Move] = voluspa.Encoding{}

// encoder returns the encoding of start's config, for gametest.Encoding.
func encoder(start voluspa.State) norns.Encoder[voluspa.View, voluspa.Move] {
	e, _ := voluspa.NewEncoding(start.Config())
	return e
}

// TestEncoding runs gametest.Encoding (ids a bijection on the legal moves, the mask,
// observations of the view alone, no allocation) over random matches of 2 to 5 players, and pins
// in testdata/encoding.golden each config's sizes and the id → move table: every run of ids
// along a row of squares with its first and last move, and the table's lines counted and hashed
// whole (the full table has 70,347 lines a config, too many for a golden file).
func TestEncoding(t *testing.T) {
	seeds := 2
	if testing.Short() {
		seeds = 1
	}
	gametest.Encoding(t, game([]int{2, 3, 4, 5}, seeds), encoder)

	var b strings.Builder
	var table string
	for n := voluspa.MinPlayers; n <= voluspa.MaxPlayers; n++ {
		e, err := voluspa.NewEncoding(voluspa.Config{Players: n})
		if err != nil {
			t.Fatal(err)
		}
		tab := idTable(t, e)
		fmt.Fprintf(&b, "%dp: %d actions, observations of %d, table %s\n", n, e.Actions(), e.ObservationLen(), fnv(tab))
		if table != "" && tab != table {
			t.Errorf("%dp: the id table differs from 2p's", n)
		}
		table = tab
	}
	b.WriteString("\nthe id table of every config, a line per run of ids (first id-last id: first move … last move):\n")
	b.WriteString(runs(table))
	gametest.Golden(t, "testdata/encoding.golden", b.String(), *updateEncoding, "the action ids or the observation's length (an intended change: -update-encoding)")

	for _, m := range []voluspa.Move{{}, voluspa.Draw(voluspa.Odin), voluspa.FirstTile(voluspa.Thor), voluspa.FirstSeat(1),
		voluspa.Lay(voluspa.Odin, 30, 30), voluspa.Lay(voluspa.Odin, -60, 0), voluspa.CoverWith(voluspa.Thor, 0, 0),
		voluspa.CoverWith(voluspa.Dragon, 59, 0), voluspa.Discard(voluspa.NoTile), voluspa.Lay(voluspa.NoTile, 0, 1)} {
		if id, ok := (voluspa.Encoding{}).Action(m); ok {
			t.Errorf("%v has id %d", m, id)
		}
	}
	for _, m := range []voluspa.Move{voluspa.Lay(voluspa.Loki, 59, 0), voluspa.Lay(voluspa.Troll, 0, -59), voluspa.Lay(voluspa.Odin, -30, 29),
		voluspa.CoverWith(voluspa.Skadi, 58, 0), voluspa.CoverWith(voluspa.Dragon, -1, -57), voluspa.Pass(), voluspa.Discard(voluspa.Loki)} {
		id, ok := (voluspa.Encoding{}).Action(m)
		if back, _ := (voluspa.Encoding{}).Move(id); !ok || back != m {
			t.Errorf("%v: id %d, %v, back %v", m, id, ok, back)
		}
	}
	if _, err := voluspa.NewEncoding(voluspa.Config{Players: 6}); !errors.Is(err, norns.ErrBadConfig) {
		t.Errorf("NewEncoding of 6 players: %v", err)
	}
	g, err := norns.Lookup("voluspa")
	if err != nil {
		t.Fatal(err)
	}
	if enc, err := g.Encoding([]byte(`{"players":4}`)); err != nil || enc == nil {
		t.Errorf("the registry's encoding of 4 players: %v", err)
	}
	if _, err := g.Encoding([]byte(`{"players":9}`)); !errors.Is(err, norns.ErrBadConfig) {
		t.Errorf("the registry's encoding of 9 players: %v", err)
	}
}

// idTable returns every id of e with its move, a line each, checking that Action gives it back.
func idTable(t *testing.T, e voluspa.Encoding) string {
	var b strings.Builder
	for id := range e.Actions() {
		m, ok := e.Move(id)
		if !ok {
			t.Fatalf("Move(%d) refused", id)
		}
		if back, ok := e.Action(m); !ok || back != id {
			t.Fatalf("Action(Move(%d)) = %d, %v (%v)", id, back, ok, m)
		}
		fmt.Fprintf(&b, "%d %v\n", id, m)
	}
	return b.String()
}

// runs writes a table of "id move" lines as runs: the lines of a run are the moves of one kind
// and tile along one row of squares (or the discards, or the pass), given by their first and
// last lines.
func runs(table string) string {
	var b strings.Builder
	lines := strings.Split(strings.TrimSuffix(table, "\n"), "\n")
	key := func(l string) string {
		f := strings.Fields(l)[1:]
		last := f[len(f)-1]
		if i := strings.IndexByte(last, ','); i >= 0 {
			f[len(f)-1] = "row " + last[i+1:]
		} else {
			f[len(f)-1] = "*"
		}
		return strings.Join(f, " ")
	}
	for i := 0; i < len(lines); {
		j := i
		for j+1 < len(lines) && key(lines[j+1]) == key(lines[i]) {
			j++
		}
		first, last := strings.SplitN(lines[i], " ", 2), strings.SplitN(lines[j], " ", 2)
		fmt.Fprintf(&b, "%s-%s: %s … %s\n", first[0], last[0], first[1], last[1])
		i = j + 1
	}
	return b.String()
}

// fnv returns the 64-bit FNV-1a hash of s in hex.
func fnv(s string) string {
	h := uint64(14695981039346656037)
	for i := range len(s) {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return fmt.Sprintf("%016x", h)
}

// TestEncodingIDsStable checks that the ids of the legal moves of random matches are the same
// on every call, from a fresh encoding and the same one, and from an encoding of another
// config (ids depend on the move alone), and that they come in Legal's order.
func TestEncodingIDsStable(t *testing.T) {
	r := rng.New(8)
	for n := voluspa.MinPlayers; n <= voluspa.MaxPlayers; n++ {
		e, _ := voluspa.NewEncoding(voluspa.Config{Players: n})
		other, _ := voluspa.NewEncoding(voluspa.Config{Players: voluspa.MinPlayers + (n+1)%4})
		s := mustNew(t, n)
		var ids []int
		for !s.Over() {
			if s.ToMove() != norns.Chance {
				legal := s.Legal()
				ids = ids[:0]
				for _, m := range legal {
					id, ok := e.Action(m)
					if !ok {
						t.Fatalf("%v has no id", m)
					}
					ids = append(ids, id)
				}
				for i, m := range legal {
					a, _ := e.Action(m)
					b, _ := other.Action(m)
					c, _ := voluspa.Encoding{}.Action(m)
					if a != ids[i] || b != ids[i] || c != ids[i] {
						t.Fatalf("%v: ids %d, %d, %d, %d", m, ids[i], a, b, c)
					}
				}
				if !slices.IsSorted(ids) {
					t.Fatalf("the ids of Legal's moves are not in Legal's order: %v", ids)
				}
			}
			if err := s.Step(randomMove(s, r)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestObserveSlots checks slots of a known position: seat 1's view in a three-player match
// where seat 0 captured a Thor with a Skadi (midGame), read back at the offsets the package
// documentation gives.
func TestObserveSlots(t *testing.T) {
	s := midGame(t)
	e, _ := voluspa.NewEncoding(s.Config())
	for p := range norns.Player(3) {
		v := s.View(p)
		o := e.Observe(v, nil)
		if len(o) != e.ObservationLen() {
			t.Fatalf("%d slots, want %d", len(o), e.ObservationLen())
		}
		const n = 3
		if o[int(voluspa.PhaseTurn)] != 1 {
			t.Errorf("seat %v: phase slots %v", p, o[:6])
		}
		who := (int(s.ToMove()) - int(p) + n) % n
		if o[6+who] != 1 {
			t.Errorf("seat %v: to-move slots %v, want relative seat %d", p, o[6:6+n+2], who)
		}
		hand := o[6+n+2:][:8]
		for i, k := range voluspa.Kinds() {
			if hand[i] != float32(v.Hand().Count(k))/5 {
				t.Errorf("seat %v: hand slots %v for %v", p, hand, v.Hand())
			}
		}
		seats := 6 + n + 2 + 24 + 2
		for i := range n {
			q := norns.Player((int(p) + i) % n)
			sl := o[seats+51*i:][:51]
			if sl[2] != float32(v.HandLen(q))/5 {
				t.Errorf("seat %v sees seat %v's hand length as %v", p, q, sl[2])
			}
			for j, k := range voluspa.Kinds() {
				if sl[3+j] != float32(v.Known(q).Count(k))/5 {
					t.Errorf("seat %v sees seat %v's known tiles as %v, want %v", p, q, sl[3:11], v.Known(q))
				}
			}
		}
		board := o[seats+51*n+n:]
		const sq = 7081
		ones := 0
		for _, x := range board[:8*sq] {
			if x == 1 {
				ones++
			}
		}
		if ones != v.Cells() {
			t.Errorf("%d board slots set for %d squares", ones, v.Cells())
		}
		// 0,0 is square 59² + 59 of the diamond: the 59 rows south of it hold 59² squares, and
		// 59 squares of its row lie west of it.
		origin := 59*59 + 59
		_, _, first := v.Cell(0)
		kinds := voluspa.Kinds()
		if board[slices.Index(kinds[:], first)*sq+origin] != 1 {
			t.Errorf("the first tile %v is not at the origin's slot", first)
		}
	}
}

// BenchmarkObserve measures Observe on the views of a five-player match's states.
func BenchmarkObserve(b *testing.B) {
	r := rng.New(3)
	s := mustNew(b, 5)
	var views []voluspa.View
	for !s.Over() {
		views = append(views, s.View(0))
		if err := s.Step(randomMove(s, r)); err != nil {
			b.Fatal(err)
		}
	}
	e, _ := voluspa.NewEncoding(s.Config())
	obs := make([]float32, 0, e.ObservationLen())
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		obs = e.Observe(views[i%len(views)], obs[:0])
	}
}
