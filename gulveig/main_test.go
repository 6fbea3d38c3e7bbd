package gulveig_test

import (
	"flag"
	"os"
	"testing"
)

// TestMain keeps the property tests from writing rapid's fail files into the repository: a
// failure prints the -rapid.seed that reproduces it instead. Pass -rapid.nofailfile=false to
// get the files.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.nofailfile" })
	if !set {
		if err := flag.Set("rapid.nofailfile", "true"); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
