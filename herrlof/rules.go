package herrlof

import _ "embed"

//go:embed RULES.md
var rules string

// Rules returns the complete rules of Herrlof as this package plays them, in Markdown: the
// numbered rules H1–H21 that the tests cite, every decision taken where the published rules leave
// a choice, and how the rules map onto moves.
func Rules() string { return rules }
