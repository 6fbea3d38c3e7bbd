package rng_test

import (
	"bytes"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// golden renders a fixed sequence of draws from a few seeds; the file pins the algorithm.
func golden() string {
	var b strings.Builder
	for _, seed := range []uint64{0, 1, 42, 1<<63 + 12345} {
		r := rng.New(seed)
		fmt.Fprintf(&b, "seed %d\n", seed)
		for range 4 {
			fmt.Fprintf(&b, "  u64 %d\n", r.Uint64())
		}
		for _, n := range []int{1, 2, 3, 6, 7, 42, 1000, 1 << 40} {
			fmt.Fprintf(&b, "  intn(%d) %d\n", n, r.IntN(n))
		}
		fmt.Fprintf(&b, "  float %.17g\n", r.Float64())
		s := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
		rng.ShuffleSlice(r, s)
		fmt.Fprintf(&b, "  shuffle %v\n", s)
		fmt.Fprintf(&b, "  perm %v\n", r.Perm(8))
		fmt.Fprintf(&b, "  split %d\n", r.Split().Uint64())
		deck := make([]int, 42)
		for i := range deck {
			deck[i] = i
		}
		rng.ShuffleSmall(r, deck)
		fmt.Fprintf(&b, "  shufflesmall %v\n", deck)
		fmt.Fprintf(&b, "  after %d\n", r.Uint64())
		rng.PartialShuffle(r, deck, 5)
		fmt.Fprintf(&b, "  partial %v\n", deck[:5])
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	gametest.Golden(t, filepath.Join("testdata", "golden.txt"), golden(), *update, "rng output")
}

// shuffleSmallRef is ShuffleSmall written out longhand, as Herrlof dealt before it moved into rng:
// a Fisher–Yates whose bounded draws take the low, then the high half of each Uint64.
func shuffleSmallRef(r *rng.Rand, s []int) {
	var halves []uint32
	next := func() uint32 {
		if len(halves) == 0 {
			u := r.Uint64()
			halves = append(halves, uint32(u), uint32(u>>32))
		}
		x := halves[0]
		halves = halves[1:]
		return x
	}
	for i := len(s) - 1; i > 0; i-- {
		n := uint32(i + 1)
		var j uint32
		for {
			prod := uint64(next()) * uint64(n)
			if uint32(prod) >= (-n)%n { // Lemire: accept unless in the biased zone
				j = uint32(prod >> 32)
				break
			}
		}
		s[i], s[j] = s[j], s[i]
	}
}

func TestShuffleSmallMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64().Draw(t, "seed")
		n := rapid.IntRange(0, 300).Draw(t, "n")
		a, b := make([]int, n), make([]int, n)
		for i := range a {
			a[i], b[i] = i, i
		}
		ra, rb := rng.New(seed), rng.New(seed)
		rng.ShuffleSmall(ra, a)
		shuffleSmallRef(rb, b)
		if diff := cmp.Diff(b, a); diff != "" {
			t.Fatalf("ShuffleSmall differs from the reference (-ref +got):\n%s", diff)
		}
	})
}

func TestShufflesArePermutationsAndUniform(t *testing.T) {
	for name, shuffle := range map[string]func(*rng.Rand, []int){
		"ShuffleSlice":   rng.ShuffleSlice[int],
		"ShuffleSmall":   rng.ShuffleSmall[int],
		"PartialShuffle": func(r *rng.Rand, s []int) { rng.PartialShuffle(r, s, len(s)) },
	} {
		t.Run(name, func(t *testing.T) {
			r := rng.New(5)
			const draws = 60000
			var counts [4][4]int // counts[i][v]: value v landed at position i
			for range draws {
				s := []int{0, 1, 2, 3}
				shuffle(r, s)
				seen := 0
				for i, v := range s {
					counts[i][v]++
					seen |= 1 << v
				}
				if seen != 15 {
					t.Fatalf("%v is not a permutation", s)
				}
			}
			for i := range counts {
				for v, c := range counts[i] {
					// Expected 15000; 5 sigma is about 530.
					if c < 14400 || c > 15600 {
						t.Errorf("value %d at position %d %d times of %d", v, i, c, draws)
					}
				}
			}
		})
	}
}

func TestMarshalRoundTripMidStream(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64().Draw(t, "seed")
		skip := rapid.IntRange(0, 100).Draw(t, "skip")
		r := rng.New(seed)
		for range skip {
			r.Uint64()
		}
		data, err := r.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var back rng.Rand
		if err := back.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		for i := range 10 {
			if a, b := r.Uint64(), back.Uint64(); a != b {
				t.Fatalf("draw %d after restore: %d, want %d", i, b, a)
			}
		}
		app, err := r.AppendBinary([]byte("x"))
		if err != nil || !bytes.HasPrefix(app, []byte("x")) || len(app) != len(data)+1 {
			t.Fatalf("AppendBinary = %q, %v", app, err)
		}
	})
}

func TestUnmarshalGarbageKeepsState(t *testing.T) {
	r := rng.New(3)
	want := *r
	for _, bad := range [][]byte{nil, []byte("garbage"), make([]byte, 40)} {
		if err := r.UnmarshalBinary(bad); err == nil {
			t.Errorf("UnmarshalBinary(%q) = nil, want error", bad)
		}
		if *r != want {
			t.Fatalf("UnmarshalBinary(%q) changed the generator", bad)
		}
	}
}

func TestUint64NInRangeAndUniform(t *testing.T) {
	r := rng.New(99)
	const n, draws = 6, 60000
	var counts [n]int
	for range draws {
		v := r.Uint64N(n)
		if v >= n {
			t.Fatalf("Uint64N(%d) = %d", n, v)
		}
		counts[v]++
	}
	for i, c := range counts {
		// Expected 10000 each; 5 sigma is about 456.
		if c < 9500 || c > 10500 {
			t.Errorf("value %d drawn %d times of %d, want about %d", i, c, draws, draws/n)
		}
	}
}

func TestPanicsOnBadArguments(t *testing.T) {
	for name, f := range map[string]func(){
		"IntN(0)":             func() { rng.New(1).IntN(0) },
		"IntN(-1)":            func() { rng.New(1).IntN(-1) },
		"Uint64N(0)":          func() { rng.New(1).Uint64N(0) },
		"PartialShuffle(k>n)": func() { rng.PartialShuffle(rng.New(1), []int{1}, 2) },
		"PartialShuffle(-1)":  func() { rng.PartialShuffle(rng.New(1), []int{1}, -1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}

func BenchmarkIntN(b *testing.B) {
	r := rng.New(1)
	for b.Loop() {
		r.IntN(42)
	}
}

// TestZeroRand pins what Rand's doc says of the zero value: a fixed sequence of its own, which
// is not New(0)'s, until Seed gives it one.
func TestZeroRand(t *testing.T) {
	var a, b rng.Rand
	x, y, z := a.Uint64(), b.Uint64(), rng.New(0).Uint64()
	if x != y {
		t.Fatalf("two zero Rands differ: %#x, %#x", x, y)
	}
	if x == z {
		t.Fatalf("the zero Rand starts as New(0) does (%#x): update its doc", x)
	}
	a.Seed(0)
	if got := a.Uint64(); got != z {
		t.Fatalf("a zero Rand seeded with 0 gives %#x, New(0) %#x", got, z)
	}
}
