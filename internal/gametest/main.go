package gametest

import (
	"flag"
	"os"
	"testing"
)

// Main runs a package's tests without letting rapid write its fail files into the repository: a
// failing property prints the -rapid.seed that reproduces it instead. Pass
// -rapid.nofailfile=false to get the files. Every game's tests call it from their TestMain.
func Main(m *testing.M) {
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
