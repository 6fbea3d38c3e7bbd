package herrlof_test

import "testing"

func TestTmpStrict3p(t *testing.T) {
	bad, first := sampleViolations(t, []int{3}, 1000, 3, false)
	if bad > 0 {
		t.Fatalf("%d bad; first %s", bad, first)
	}
}
