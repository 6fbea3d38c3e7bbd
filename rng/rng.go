// Package rng is the one source of randomness in norns: a seeded, reproducible and serialisable
// generator over a single pinned algorithm.
//
// A [Rand] wraps PCG-DXSM (the algorithm of [math/rand/v2.PCG], whose output the Go project keeps
// fixed) and implements its own bounded integers, floats and shuffles, so a sequence drawn from
// [New](seed) is the same on every Go version and platform. Golden tests pin the exact output.
//
// Nothing in norns seeds from the clock or uses a global source: every caller owns its Rand. A
// Rand is not safe for concurrent use; give each goroutine its own (see [Rand.Split]).
//
// A Rand can be saved mid-stream with [Rand.MarshalBinary] and restored with
// [Rand.UnmarshalBinary]; the restored generator continues exactly where the saved one stood.
package rng

import (
	"errors"
	"math/bits"
	"math/rand/v2"
)

// seq is the fixed PCG increment seed paired with every user seed.
const seq = 0x6e6f726e73 // "norns"

// Rand is a seeded pseudo-random generator. Its zero value is a valid generator with a fixed
// sequence of its own, which is not New(0)'s (New pairs the seed with this package's stream
// constant; the zero value has neither): use [New] or [Rand.Seed] for a seeded one. Copying a
// Rand (by value) forks the stream: both copies then produce the same sequence.
type Rand struct {
	src rand.PCG
}

// New returns a generator seeded with seed. Equal seeds give equal sequences.
func New(seed uint64) *Rand {
	r := &Rand{}
	r.Seed(seed)
	return r
}

// Seed resets r to the state New(seed) would return.
func (r *Rand) Seed(seed uint64) {
	r.src.Seed(seed, seq)
}

// Uint64 returns a uniformly distributed 64-bit value.
func (r *Rand) Uint64() uint64 {
	return r.src.Uint64()
}

// Uint64N returns a uniform value in [0, n). It panics if n is 0.
//
// It uses Lemire's multiply-and-reject method, which this package pins: the sequence of values
// it returns for a given stream never changes.
func (r *Rand) Uint64N(n uint64) uint64 {
	if n == 0 {
		panic("rng: invalid argument to Uint64N")
	}
	hi, lo := bits.Mul64(r.src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.src.Uint64(), n)
		}
	}
	return hi
}

// IntN returns a uniform value in [0, n). It panics if n <= 0.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("rng: invalid argument to IntN")
	}
	return int(r.Uint64N(uint64(n)))
}

// Float64 returns a uniform value in [0, 1) with 53 bits of precision.
func (r *Rand) Float64() float64 {
	return float64(r.src.Uint64()>>11) / (1 << 53)
}

// ShuffleSlice permutes s uniformly at random with the Fisher–Yates method: for i from len(s)-1
// down to 1 it swaps s[i] with s[Uint64N(i+1)]. It is the shuffle of every deal in norns.
func ShuffleSlice[E any](r *Rand, s []E) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.Uint64N(uint64(i + 1))
		s[i], s[j] = s[j], s[i]
	}
}

// PartialShuffle puts a uniform random choice of k elements of s, in random order, in s[:k]:
// the first k steps of a Fisher–Yates from the front (for i from 0 to k-1 it swaps s[i] with
// s[i+IntN(len(s)-i)]). The rest of s is left in an unspecified order. It is how norns draws a
// random subset. It panics if k is not in [0, len(s)].
func PartialShuffle[E any](r *Rand, s []E, k int) {
	if k < 0 || k > len(s) {
		panic("rng: invalid argument to PartialShuffle")
	}
	for i := range k {
		j := i + r.IntN(len(s)-i)
		s[i], s[j] = s[j], s[i]
	}
}

// ShuffleSmall permutes s uniformly at random like [ShuffleSlice], but draws each index from 32
// random bits, two per [Rand.Uint64] (the low half first), with Lemire's multiply-and-reject
// method on 32 bits. It calls the generator half as often, which makes it the faster shuffle for
// a deck; its sequence differs from ShuffleSlice's and is pinned as well. Herrlof deals with it.
// It panics if s has 2^32 elements or more.
func ShuffleSmall[E any](r *Rand, s []E) {
	if uint64(len(s)) > 1<<32 {
		panic("rng: ShuffleSmall on a slice of 2^32 elements or more")
	}
	var buf uint64
	half := false
	next := func() uint32 {
		if half {
			half = false
			return uint32(buf >> 32)
		}
		buf, half = r.Uint64(), true
		return uint32(buf)
	}
	for i := len(s) - 1; i > 0; i-- {
		n := uint32(i + 1)
		prod := uint64(next()) * uint64(n)
		if uint32(prod) < n { // only then can the draw be biased
			thresh := -n % n
			for uint32(prod) < thresh {
				prod = uint64(next()) * uint64(n)
			}
		}
		j := prod >> 32
		s[i], s[j] = s[j], s[i]
	}
}

// Perm returns a uniform random permutation of [0, n).
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	ShuffleSlice(r, p)
	return p
}

// Split returns a new generator seeded from r's next output, so that independent consumers (a
// bot, a goroutine) get their own reproducible streams. It advances r by one value.
func (r *Rand) Split() *Rand {
	return New(r.Uint64())
}

// errBadState is returned when decoding bytes that are not a saved Rand.
var errBadState = errors.New("rng: invalid saved state")

// AppendBinary appends r's state to b in a 20-byte form that [Rand.UnmarshalBinary] reads.
func (r *Rand) AppendBinary(b []byte) ([]byte, error) {
	return r.src.AppendBinary(b)
}

// MarshalBinary returns r's state; restoring it continues the stream exactly.
func (r *Rand) MarshalBinary() ([]byte, error) {
	return r.src.MarshalBinary()
}

// UnmarshalBinary restores a state saved by [Rand.MarshalBinary]. On error r is unchanged.
func (r *Rand) UnmarshalBinary(data []byte) error {
	var src rand.PCG
	if err := src.UnmarshalBinary(data); err != nil {
		return errBadState
	}
	r.src = src
	return nil
}
