package rng_test

import (
	"fmt"

	"github.com/nornsgames/norns/rng"
)

func Example() {
	a, b := rng.New(2026), rng.New(2026)
	fmt.Println(a.IntN(100) == b.IntN(100))

	saved, _ := a.MarshalBinary()
	next := a.IntN(1000)
	var restored rng.Rand
	_ = restored.UnmarshalBinary(saved)
	fmt.Println(restored.IntN(1000) == next)
	// Output:
	// true
	// true
}
