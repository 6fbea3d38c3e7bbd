package cards_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// The decks of the four games, as the tests use them: shapes, not the games' own tables.
var (
	herrlofLike = func() *cards.Deck {
		var ks []cards.Kind
		for s, l := range "RGBY" {
			for r := 1; r <= 9; r++ {
				ks = append(ks, cards.Kind{Name: fmt.Sprintf("suit %d rank %d", s, r), Short: fmt.Sprintf("%c%d", l, r), Copies: 1})
			}
		}
		return cards.MustDeck("herrlof", append(ks, cards.Kind{Name: "Valknut", Short: "V", Copies: 3}, cards.Kind{Name: "Hagalaz", Short: "H", Copies: 3})...)
	}()
	gnavLike = func() *cards.Deck {
		var ks []cards.Kind
		for r := range 21 {
			ks = append(ks, cards.Kind{Name: fmt.Sprintf("rank %d", r), Short: fmt.Sprintf("r%d", r), Copies: 2})
		}
		return cards.MustDeck("gnav", ks...)
	}()
	voluspaLike = cards.MustDeck("voluspa",
		cards.Kind{Name: "Odin", Short: "Odin", Copies: 6}, cards.Kind{Name: "Thor", Short: "Thor", Copies: 8},
		cards.Kind{Name: "Troll", Short: "Troll", Copies: 6}, cards.Kind{Name: "Dragon", Short: "Dragon", Copies: 8},
		cards.Kind{Name: "Fenrir", Short: "Fenrir", Copies: 8}, cards.Kind{Name: "Skadi", Short: "Skadi", Copies: 9},
		cards.Kind{Name: "Valkyrie", Short: "Valkyrie", Copies: 9}, cards.Kind{Name: "Loki", Short: "Loki", Copies: 6})
	oddLike = cards.MustDeck("odd", // every shape at once: one copy, many, a kind of 1 after a full one
		cards.Kind{Name: "a", Short: "a", Copies: 1}, cards.Kind{Name: "b", Short: "b", Copies: 5},
		cards.Kind{Name: "c", Short: "c", Copies: 1}, cards.Kind{Name: "d", Short: "d", Copies: 2},
		cards.Kind{Name: "e", Short: "e", Copies: 1})
	allDecks = []*cards.Deck{herrlofLike, gnavLike, voluspaLike, oddLike}
)

func TestDeckLayout(t *testing.T) {
	for _, tc := range []struct {
		d             *cards.Deck
		size, kinds   int
		second, lastc cards.Card
	}{
		{herrlofLike, 42, 38, 1, 39},
		{gnavLike, 42, 21, 2, 40},
		{voluspaLike, 60, 8, 6, 54},
		{oddLike, 10, 5, 1, 9},
	} {
		t.Run(tc.d.Game(), func(t *testing.T) {
			d := tc.d
			if d.Size() != tc.size || d.NumKinds() != tc.kinds || d.Full().Len() != tc.size {
				t.Fatalf("Size %d NumKinds %d Full %d; want %d %d", d.Size(), d.NumKinds(), d.Full().Len(), tc.size, tc.kinds)
			}
			if d.Kind(1) != tc.second || d.Kind(tc.kinds-1) != tc.lastc {
				t.Fatalf("Kind(1) = %d, last = %d; want %d, %d", d.Kind(1), d.Kind(tc.kinds-1), tc.second, tc.lastc)
			}
			sum := 0
			i := 0
			for c := range d.Kinds() {
				if d.Index(c) != i || !d.IsKind(c) || d.Kind(i) != c {
					t.Fatalf("kind %d: Index %d IsKind %v", c, d.Index(c), d.IsKind(c))
				}
				if d.Count(d.Full(), c) != d.Copies(c) {
					t.Fatalf("Full holds %d of %s, want %d", d.Count(d.Full(), c), d.Short(c), d.Copies(c))
				}
				back, err := d.Parse(strings.ToLower(d.Short(c)))
				if err != nil || back != c {
					t.Fatalf("Parse(%q) = %d, %v", d.Short(c), back, err)
				}
				if back, err := d.Parse(d.Name(c)); err != nil || back != c {
					t.Fatalf("Parse(%q) = %d, %v", d.Name(c), back, err)
				}
				sum += d.Copies(c)
				i++
			}
			if sum != d.Size() || i != d.NumKinds() {
				t.Fatalf("copies add up to %d over %d kinds", sum, i)
			}
			if d.IsKind(cards.Card(d.Size())) || d.IsKind(cards.None) || d.Copies(cards.None) != 0 || d.Index(cards.None) != -1 {
				t.Fatal("a card past the deck is a kind")
			}
		})
	}
}

func TestNewDeckRejectsBadTables(t *testing.T) {
	for name, kinds := range map[string][]cards.Kind{
		"empty":     nil,
		"no copies": {{Name: "a", Short: "a", Copies: 0}},
		"no name":   {{Short: "a", Copies: 1}},
		"no short":  {{Name: "a", Copies: 1}},
		"space":     {{Name: "a", Short: "a b", Copies: 1}},
		"twice":     {{Name: "a", Short: "x", Copies: 1}, {Name: "b", Short: "X", Copies: 1}},
		"too big":   {{Name: "a", Short: "a", Copies: 40}, {Name: "b", Short: "b", Copies: 25}},
	} {
		if _, err := cards.NewDeck(name, kinds...); err == nil {
			t.Errorf("%s: NewDeck accepted %v", name, kinds)
		}
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("MustDeck did not panic on a bad table")
			}
		}()
		cards.MustDeck("bad")
	}()
	d, err := cards.NewDeck("max", cards.Kind{Name: "a", Short: "a", Copies: 64})
	if err != nil || d.Full() != ^cards.Multiset(0) || d.Count(d.Full(), 0) != 64 {
		t.Fatalf("a 64-copy deck: %v, full %v", err, d.Full())
	}
}

func TestParseErrors(t *testing.T) {
	_, err := herrlofLike.Parse("Z9")
	if !errors.Is(err, cards.ErrUnknown) {
		t.Fatalf("Parse(Z9) error %v does not wrap ErrUnknown", err)
	}
	long := strings.Repeat("x", 1<<20)
	_, err = herrlofLike.Parse(long)
	if err == nil || len(err.Error()) > 200 {
		t.Fatalf("Parse of 1 MiB: error of %d bytes, want a short one", len(err.Error()))
	}
	if _, err := herrlofLike.ParseMultiset("V V V V"); err == nil {
		t.Error("ParseMultiset accepted four Valknuts")
	}
	if _, err := herrlofLike.ParseMultiset("R1 Q"); !errors.Is(err, cards.ErrUnknown) {
		t.Errorf("ParseMultiset(R1 Q) = %v, want ErrUnknown", err)
	}
}

// model is a multiset as a count per kind, the obviously correct reference.
type model map[cards.Card]int

func (m model) of(d *cards.Deck) cards.Multiset {
	var out cards.Multiset
	for c, n := range m {
		for range n {
			out = d.With(out, c)
		}
	}
	return out
}

func genModel(d *cards.Deck) *rapid.Generator[model] {
	return rapid.Custom(func(t *rapid.T) model {
		m := model{}
		for c := range d.Kinds() {
			if n := rapid.IntRange(0, d.Copies(c)).Draw(t, d.Short(c)); n > 0 {
				m[c] = n
			}
		}
		return m
	})
}

func genDeck() *rapid.Generator[*cards.Deck] { return rapid.SampledFrom(allDecks) }

func genKind(d *cards.Deck) *rapid.Generator[cards.Card] {
	return rapid.Custom(func(t *rapid.T) cards.Card { return d.Kind(rapid.IntRange(0, d.NumKinds()-1).Draw(t, "kind")) })
}

// TestMultisetAgainstModel drives a Multiset and a count model through random operations on
// every deck shape.
func TestMultisetAgainstModel(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := genDeck().Draw(t, "deck")
		var m cards.Multiset
		counts := model{}
		t.Repeat(map[string]func(*rapid.T){
			"add": func(t *rapid.T) {
				c := genKind(d).Draw(t, "c")
				next, ok := d.Add(m, c)
				if ok != (counts[c] < d.Copies(c)) {
					t.Fatalf("Add(%s) ok=%v with %d of %d", d.Short(c), ok, counts[c], d.Copies(c))
				}
				if ok {
					counts[c]++
				} else if next != m {
					t.Fatal("a refused Add changed the multiset")
				}
				m = next
			},
			"remove": func(t *rapid.T) {
				c := genKind(d).Draw(t, "c")
				m = d.Without(m, c)
				if counts[c] > 0 {
					counts[c]--
				}
			},
			"check": func(t *rapid.T) {
				if !d.Valid(m) {
					t.Fatalf("%v is not a valid multiset", m)
				}
				if m != counts.of(d) {
					t.Fatalf("multiset %v, model %v", m, counts.of(d))
				}
				n := 0
				var want []cards.Card
				for c := range d.Kinds() {
					if d.Count(m, c) != counts[c] || d.Has(m, c) != (counts[c] > 0) {
						t.Fatalf("Count(%s) = %d Has %v, want %d", d.Short(c), d.Count(m, c), d.Has(m, c), counts[c])
					}
					for range counts[c] {
						want = append(want, c)
					}
					n += counts[c]
				}
				if m.Len() != n || m.IsEmpty() != (n == 0) {
					t.Fatalf("Len = %d, want %d", m.Len(), n)
				}
				if got := slices.Collect(d.All(m)); !slices.Equal(got, want) {
					t.Fatalf("All = %v, want %v", got, want)
				}
				if got := d.AppendTo(nil, m); !slices.Equal(got, want) {
					t.Fatalf("AppendTo = %v, want %v", got, want)
				}
				for i, c := range want {
					if d.Nth(m, i) != c {
						t.Fatalf("Nth(%d) = %s, want %s", i, d.Short(d.Nth(m, i)), d.Short(c))
					}
				}
				back, err := d.ParseMultiset(d.Format(m))
				if err != nil || back != m {
					t.Fatalf("ParseMultiset(Format(m)=%q) = %v, %v", d.Format(m), back, err)
				}
			},
		})
	})
}

func TestMultisetAlgebra(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := genDeck().Draw(t, "deck")
		a, b := genModel(d).Draw(t, "a"), genModel(d).Draw(t, "b")
		ma, mb := a.of(d), b.of(d)
		sum, over := model{}, false
		for c := range d.Kinds() {
			na, nb := a[c], b[c]
			want := func(name string, got cards.Multiset, n int) {
				if d.Count(got, c) != n {
					t.Fatalf("%s: %d of %s, want %d", name, d.Count(got, c), d.Short(c), n)
				}
			}
			want("Union", ma.Union(mb), max(na, nb))
			want("Intersect", ma.Intersect(mb), min(na, nb))
			want("Diff", d.Diff(ma, mb), max(na-nb, 0))
			want("Distinct", d.Distinct(ma), min(na, 1))
			if na+nb > d.Copies(c) {
				over = true
			}
			sum[c] = na + nb
		}
		for _, x := range []cards.Multiset{ma.Union(mb), ma.Intersect(mb), d.Diff(ma, mb), d.Distinct(ma)} {
			if !d.Valid(x) {
				t.Fatalf("%v is not valid", x)
			}
		}
		got, ok := d.Sum(ma, mb)
		if ok == over {
			t.Fatalf("Sum ok=%v, overflow=%v", ok, over)
		}
		if ok && got != sum.of(d) {
			t.Fatalf("Sum = %v, want %v", got, sum.of(d))
		}
		contains := true
		for c := range d.Kinds() {
			contains = contains && a[c] >= b[c]
		}
		if ma.Contains(mb) != contains {
			t.Fatalf("Contains = %v, want %v", ma.Contains(mb), contains)
		}
	})
}

func TestValidRejectsNonCanonical(t *testing.T) {
	d := herrlofLike
	v := d.Kind(36) // the Valknut: bits 36, 37, 38
	if v != 36 {
		t.Fatalf("Valknut at %d", v)
	}
	for _, bad := range []cards.Multiset{1 << 37, 1 << 38, 1<<36 | 1<<38, 1 << 42, 1 << 63} {
		if d.Valid(bad) {
			t.Errorf("Valid(%v) = true", bad)
		}
	}
	if d.Has(d.Full(), 37) || !d.Has(d.Full(), 36) || d.IsKind(37) {
		t.Error("Has or IsKind of the second Valknut bit")
	}
}

func TestRandomIsUniformOverCopies(t *testing.T) {
	d := oddLike
	m := d.Of(d.Kind(0), d.Kind(1), d.Kind(1), d.Kind(1)) // a once, b three times
	r := rng.New(3)
	counts := map[cards.Card]int{}
	const draws = 40000
	for range draws {
		counts[d.Random(m, r)]++
	}
	if a := counts[d.Kind(0)]; a < 9400 || a > 10600 { // expected 10000
		t.Errorf("a drawn %d times of %d, want about a quarter", a, draws)
	}
	// Random draws exactly r.IntN(m.Len()).
	r1, r2 := rng.New(9), rng.New(9)
	for range 100 {
		if d.Random(m, r1) != d.Nth(m, r2.IntN(m.Len())) {
			t.Fatal("Random does not draw Nth(IntN(Len))")
		}
	}
}

func TestWithPanics(t *testing.T) {
	d := oddLike
	for name, f := range map[string]func(){
		"full":    func() { d.With(d.Of(d.Kind(0)), d.Kind(0)) },
		"no kind": func() { d.With(0, 2) },
		"none":    func() { d.With(0, cards.None) },
		"nth":     func() { d.Nth(d.Of(d.Kind(0)), 1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
	if d.Without(0, cards.None) != 0 || d.Count(d.Full(), cards.None) != 0 || d.Has(1, cards.None) {
		t.Error("None is not harmless")
	}
}

type stock = cards.Pile[[11]cards.Card]

// TestPileAgainstSlice drives a Pile and a slice model through random operations.
func TestPileAgainstSlice(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var p stock
		var model []cards.Card // model[0] is the top
		genC := rapid.Custom(func(t *rapid.T) cards.Card { return cards.Card(rapid.IntRange(0, 41).Draw(t, "c")) })
		t.Repeat(map[string]func(*rapid.T){
			"top": func(t *rapid.T) {
				if len(model) == p.Cap() {
					t.Skip()
				}
				c := genC.Draw(t, "c")
				p.PushTop(c)
				model = append([]cards.Card{c}, model...)
			},
			"bottom": func(t *rapid.T) {
				if len(model) == p.Cap() {
					t.Skip()
				}
				c := genC.Draw(t, "c")
				p.PushBottom(c)
				model = append(model, c)
			},
			"draw": func(t *rapid.T) {
				c, ok := p.Draw()
				if ok != (len(model) > 0) {
					t.Fatalf("Draw ok=%v on %d cards", ok, len(model))
				}
				if ok {
					if c != model[0] {
						t.Fatalf("Draw = %d, want %d", c, model[0])
					}
					model = model[1:]
				}
			},
			"": func(t *rapid.T) {
				if p.Len() != len(model) {
					t.Fatalf("Len = %d, want %d", p.Len(), len(model))
				}
				if got := slices.Collect(p.All()); !slices.Equal(got, model) && len(model) > 0 {
					t.Fatalf("All = %v, want %v", got, model)
				}
				for i, c := range model {
					if p.At(i) != c {
						t.Fatalf("At(%d) = %d, want %d", i, p.At(i), c)
					}
				}
				if top, ok := p.Top(); ok != (len(model) > 0) || ok && top != model[0] {
					t.Fatalf("Top = %d, %v", top, ok)
				}
				if p != cards.PileOf[[11]cards.Card](model...) {
					t.Fatal("equal sequences are not == piles")
				}
			},
		})
	})
}

func TestPileMultiset(t *testing.T) {
	d := herrlofLike
	p := cards.PileOf[[11]cards.Card](36, 0, 36)
	m, ok := p.Multiset(d)
	if !ok || m != d.Of(0, 36, 36) {
		t.Fatalf("Multiset = %v, %v", m, ok)
	}
	if _, ok := cards.PileOf[[11]cards.Card](0, 0).Multiset(d); ok {
		t.Error("a pile with two red 1s converted")
	}
	if p.String() != "[36 0 36]" || fmt.Sprint(p.AppendTo(nil)) != "[36 0 36]" {
		t.Errorf("String = %s", p)
	}
}

func TestNoAllocs(t *testing.T) {
	d := herrlofLike
	r := rng.New(1)
	m := d.Full()
	var p cards.Pile[[40]cards.Card]
	n := testing.AllocsPerRun(100, func() {
		h := d.Without(m, 36)
		h = d.With(h, 36)
		h, _ = d.Sum(d.Diff(h, d.Of(0, 36)), d.Of(0))
		_ = d.Count(h, 39) + int(d.Random(h, r)) + h.Len()
		for c := range d.All(h) {
			_ = c
		}
		p.PushTop(3)
		p.PushBottom(4)
		p.Draw()
		p.Draw()
	})
	if n != 0 {
		t.Errorf("%v allocations per run, want 0", n)
	}
}

func BenchmarkWithout(b *testing.B) {
	d := herrlofLike
	m := d.Full()
	for b.Loop() {
		m = d.With(d.Without(m, 36), 36)
	}
	_ = m
}

func BenchmarkNth(b *testing.B) {
	d := voluspaLike
	m := d.Full()
	i := 0
	for b.Loop() {
		_ = d.Nth(m, i%60)
		i++
	}
}
