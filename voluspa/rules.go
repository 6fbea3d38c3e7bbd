package voluspa

import _ "embed"

//go:embed RULES.md
var rules string

// Rules returns the complete rules of Voluspa as this package plays them, in the project's own
// words, numbered V1–V15 as the tests and doc comments cite them, with every decision taken where
// the published rules are silent (Markdown).
func Rules() string { return rules }
