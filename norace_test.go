//go:build !race

package norns_test

// raceEnabled reports whether the race detector is on, whose own allocations make allocation
// bounds meaningless.
const raceEnabled = false
