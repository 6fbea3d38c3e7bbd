package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestArena(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"-a", "heuristic", "-b", "random", "-seeds", "60", "-quiet"}, 0, "herrlof: heuristic against random: win rate"},
		{[]string{"-game", "gnav", "-a", "search", "-b", "random", "-iters", "20", "-seeds", "10", "-quiet"}, 0, "over 40 matches"},
		{[]string{"-game", "gnav", "-players", "3", "-a", "random", "-b", "random", "-seeds", "20"}, 0, "over 60 matches"},
		{[]string{"-a", "oracle"}, 1, ""},
		{[]string{"-game", "chess"}, 1, ""},
		{[]string{"-seeds", "x"}, 2, ""},
	} {
		var out, errOut bytes.Buffer
		code := run(tc.args, &out, &errOut)
		if code != tc.code || !strings.Contains(out.String(), tc.out) {
			t.Errorf("%v: exit %d, output %q, stderr %q", tc.args, code, out.String(), errOut.String())
		}
	}
}
