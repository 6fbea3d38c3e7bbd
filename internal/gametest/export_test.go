package gametest

// RaceEnabled reports whether the tests run under the race detector, which skips the allocation
// checks.
const RaceEnabled = raceEnabled
