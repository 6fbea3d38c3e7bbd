//go:build race

package herrlof_test

const raceEnabled = true
