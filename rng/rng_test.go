package rng_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	path := filepath.Join("testdata", "golden.txt")
	got := golden()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("rng output changed (-want +got):\n%s", diff)
	}
}

func TestShuffleMatchesShuffleSlice(t *testing.T) {
	a, b := rng.New(7), rng.New(7)
	x := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	y := append([]int(nil), x...)
	a.Shuffle(len(x), func(i, j int) { x[i], x[j] = x[j], x[i] })
	rng.ShuffleSlice(b, y)
	if diff := cmp.Diff(x, y); diff != "" {
		t.Errorf("Shuffle and ShuffleSlice disagree (-Shuffle +ShuffleSlice):\n%s", diff)
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
		"IntN(0)":     func() { rng.New(1).IntN(0) },
		"IntN(-1)":    func() { rng.New(1).IntN(-1) },
		"Uint64N(0)":  func() { rng.New(1).Uint64N(0) },
		"Shuffle(-1)": func() { rng.New(1).Shuffle(-1, func(int, int) {}) },
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
