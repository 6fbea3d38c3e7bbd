package gnav

import _ "embed"

//go:embed RULES.md
var rules string

// Rules returns the complete rules of Gnav as this package plays them, in Markdown: the numbered
// rules N1–N17 that the tests and doc comments cite, every decision taken where the traditional
// rules leave a choice, and how the rules map onto moves.
func Rules() string { return rules }
