package voluspa

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// TestPlayoutMatchesGeneric checks State.Playout against norns.Playout, the loop that
// defines a random playout: from the start of matches of 2 to 5
// players, and from every tenth state of random matches, both reach the same final state and
// leave their generators alike.
func TestPlayoutMatchesGeneric(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, s State, seed uint64) {
		r1, r2 := rng.New(seed), rng.New(seed)
		want := s
		norns.Playout(&want, r1, nil)
		if got := s.Playout(r2); got != want {
			t.Fatalf("Playout from\n%v\nreached\n%v\nthe loop\n%v", s, got, want)
		}
		if a, b := r1.Uint64(), r2.Uint64(); a != b {
			t.Fatalf("Playout from\n%v\nleft its generator at %#x, the loop at %#x", s, b, a)
		}
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		s, err := New(Config{Players: n})
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(20) {
			check(t, s, seed)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		step := uint64(0)
		rapidMatch(t, nil, func(_ Move, s *State) {
			if step++; step%10 == 0 {
				check(t, *s, step)
			}
		})
	})
}
