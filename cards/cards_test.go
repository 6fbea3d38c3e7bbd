package cards_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

func genCard() *rapid.Generator[cards.Card] {
	return rapid.Custom(func(t *rapid.T) cards.Card {
		return cards.Card(rapid.IntRange(0, int(cards.MaxCard)).Draw(t, "card"))
	})
}

// TestSetAgainstMap drives a Set and a map model through random operations.
func TestSetAgainstMap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s cards.Set
		model := map[cards.Card]bool{}
		t.Repeat(map[string]func(*rapid.T){
			"with": func(t *rapid.T) {
				c := genCard().Draw(t, "c")
				s = s.With(c)
				model[c] = true
			},
			"without": func(t *rapid.T) {
				c := genCard().Draw(t, "c")
				s = s.Without(c)
				delete(model, c)
			},
			"setops": func(t *rapid.T) {
				other := cards.Set(rapid.Uint64().Draw(t, "other"))
				for c := range cards.Card(64) {
					in, ot := model[c], other.Has(c)
					if s.Union(other).Has(c) != (in || ot) || s.Intersect(other).Has(c) != (in && ot) || s.Minus(other).Has(c) != (in && !ot) {
						t.Fatalf("set op wrong for card %d", c)
					}
				}
			},
			"": func(t *rapid.T) {
				var want []cards.Card
				for c := range model {
					want = append(want, c)
				}
				slices.Sort(want)
				got := slices.Collect(s.All())
				if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b cards.Card) bool { return a == b })); diff != "" && !(len(want) == 0 && len(got) == 0) {
					t.Fatalf("All mismatch (-want +got):\n%s", diff)
				}
				if s.Len() != len(model) || s.IsEmpty() != (len(model) == 0) {
					t.Fatalf("Len = %d, want %d", s.Len(), len(model))
				}
				for i, c := range want {
					if s.Nth(i) != c {
						t.Fatalf("Nth(%d) = %d, want %d", i, s.Nth(i), c)
					}
				}
				if lo, ok := s.Lowest(); ok != (len(want) > 0) || ok && lo != want[0] {
					t.Fatalf("Lowest = %d, %v", lo, ok)
				}
				if hi, ok := s.Highest(); ok != (len(want) > 0) || ok && hi != want[len(want)-1] {
					t.Fatalf("Highest = %d, %v", hi, ok)
				}
				if got := cards.SetOf(want...); got != s {
					t.Fatalf("SetOf(All()) = %v, want %v", got, s)
				}
				if got := s.AppendTo(nil); !slices.Equal(got, want) {
					t.Fatalf("AppendTo = %v, want %v", got, want)
				}
			},
		})
	})
}

// TestPileAgainstSlice drives a Pile and a slice model through random operations.
func TestPileAgainstSlice(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var p cards.Pile
		var model []cards.Card
		t.Repeat(map[string]func(*rapid.T){
			"pushBottom": func(t *rapid.T) {
				if len(model) == cards.PileCap {
					t.Skip("full")
				}
				c := genCard().Draw(t, "c")
				p.PushBottom(c)
				model = append(model, c)
			},
			"pushTop": func(t *rapid.T) {
				if len(model) == cards.PileCap {
					t.Skip("full")
				}
				c := genCard().Draw(t, "c")
				p.PushTop(c)
				model = append([]cards.Card{c}, model...)
			},
			"draw": func(t *rapid.T) {
				c, ok := p.Draw()
				if len(model) == 0 {
					if ok || c != cards.None {
						t.Fatalf("Draw on empty = %d, %v", c, ok)
					}
					return
				}
				if !ok || c != model[0] {
					t.Fatalf("Draw = %d, %v; want %d", c, ok, model[0])
				}
				model = model[1:]
			},
			"": func(t *rapid.T) {
				if got := p.AppendTo(nil); !slices.Equal(got, model) {
					t.Fatalf("pile = %v, want %v", got, model)
				}
				if p != cards.PileOf(model...) {
					t.Fatalf("pile %v not == to PileOf the same sequence", p)
				}
				if top, ok := p.Top(); ok != (len(model) > 0) || ok && top != model[0] {
					t.Fatalf("Top = %d, %v", top, ok)
				}
				for i, c := range model {
					if p.At(i) != c {
						t.Fatalf("At(%d) = %d, want %d", i, p.At(i), c)
					}
				}
			},
		})
	})
}

func TestShuffledIsPermutation(t *testing.T) {
	p := cards.Shuffled(42, rng.New(1))
	if p.Len() != 42 || p.Set() != cards.Range(0, 42) {
		t.Fatalf("Shuffled(42) = %v, not a permutation of 0..41", p)
	}
	if p == cards.Shuffled(42, rng.New(2)) {
		t.Fatalf("different seeds gave the same deck")
	}
	if p != cards.Shuffled(42, rng.New(1)) {
		t.Fatalf("same seed gave different decks")
	}
}

func TestRange(t *testing.T) {
	for _, tc := range []struct {
		lo, hi cards.Card
		n      int
	}{{0, 0, 0}, {0, 1, 1}, {3, 10, 7}, {0, 64, 64}, {10, 200, 54}, {5, 2, 0}} {
		s := cards.Range(tc.lo, tc.hi)
		if s.Len() != tc.n {
			t.Errorf("Range(%d, %d).Len() = %d, want %d", tc.lo, tc.hi, s.Len(), tc.n)
		}
		if tc.n > 0 {
			if lo, _ := s.Lowest(); lo != tc.lo {
				t.Errorf("Range(%d, %d) lowest = %d", tc.lo, tc.hi, lo)
			}
		}
	}
}

func TestInvalidCards(t *testing.T) {
	var s cards.Set
	if s.Has(cards.None) || s.Without(cards.None) != s {
		t.Error("None must be neither in a set nor removable")
	}
	defer func() {
		if recover() == nil {
			t.Error("With(None) did not panic")
		}
	}()
	_ = s.With(cards.None)
}

func TestNoAllocs(t *testing.T) {
	s := cards.SetOf(1, 5, 9, 33)
	p := cards.PileOf(4, 8, 15, 16, 23, 42)
	r := rng.New(1)
	n := testing.AllocsPerRun(100, func() {
		q := p
		q.Draw()
		q.PushBottom(s.Random(r))
		q.Shuffle(r)
		for c := range s.All() {
			q.PushTop(c)
		}
	})
	if n != 0 {
		t.Errorf("allocs = %v, want 0", n)
	}
}
