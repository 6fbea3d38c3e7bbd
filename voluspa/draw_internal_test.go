package voluspa

import (
	"encoding/json"
	"testing"

	"github.com/nornsgames/norns"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// TestRandomTileMatchesDeck checks randomTile against deck.Random: the same tile and the same
// draws from the generator, for random multisets of tiles of every size and for every copy of
// the full deck.
func TestRandomTileMatchesDeck(t *testing.T) {
	pick := rng.New(7)
	for n := range 20000 {
		m := deck.Full()
		if n%50 != 0 { // one full deck in fifty; the others random subsets
			m &= cards.Multiset(pick.Uint64())
		}
		// Keep the copies of each kind from the lowest bit, as a multiset holds them.
		var ms cards.Multiset
		for c := range deck.All(m) {
			ms = deck.With(ms, c)
		}
		if ms.IsEmpty() {
			continue
		}
		seed := pick.Uint64()
		a, b := rng.New(seed), rng.New(seed)
		got, want := randomTile(ms, a), Tile(deck.Random(ms, b))
		if got != want || a.Uint64() != b.Uint64() {
			t.Fatalf("randomTile(%s) = %v, deck.Random %v (or the draws differ)", deck.Format(ms), got, want)
		}
	}
	for i := range NumTiles {
		if got, want := tileOfBit[i], Tile(deck.Nth(deck.Full(), i)); got != want {
			t.Fatalf("tileOfBit[%d] = %v, want %v", i, got, want)
		}
	}
}

// TestDrawerFollowsHead checks that the drawer's copy of the head, which SampleChance reads,
// equals the State's head at every step of random matches, in the states JSON decodes and in
// those View.Sample deals, and that SampleChance draws there as it does from New's state.
func TestDrawerFollowsHead(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rng.New(rapid.Uint64().Draw(t, "sample seed"))
		check := func(what string, s State) {
			if s.node != s.head {
				t.Fatalf("%s: the drawer's head is %+v, the State's %+v in\n%v", what, s.node, s.head, s)
			}
		}
		start := rapidMatch(t, nil, func(m Move, s *State) {
			check("after "+m.String(), *s)
			if s.Turns()%7 != 0 {
				return
			}
			data, err := json.Marshal(*s)
			if err != nil {
				t.Fatal(err)
			}
			var d State
			if err := json.Unmarshal(data, &d); err != nil {
				t.Fatal(err)
			}
			check("decoded", d)
			if d != *s {
				t.Fatalf("decoded %v, want %v", d, *s)
			}
			for p := range s.Players() {
				check("sampled", s.View(norns.Player(p)).Sample(r))
			}
			check("spectator's sample", s.View(norns.Nobody).Sample(r))
		})
		check("the end", start)
	})
	s, err := New(Config{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	if s.node != s.head {
		t.Fatalf("New: drawer %+v, head %+v", s.node, s.head)
	}
	a, b := rng.New(5), rng.New(5)
	if got, want := s.SampleChance(a), Draw(randomTile(deck.Full(), b)); got != want {
		t.Fatalf("New(3).SampleChance = %v, want %v", got, want)
	}
}
