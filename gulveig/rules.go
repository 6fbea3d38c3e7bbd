package gulveig

import _ "embed"

//go:embed RULES.md
var rules string

// Rules returns the complete rules of Gulveig as this package plays them, numbered G1–G22 as the
// tests cite them, with every decision taken where the published rules are silent (Markdown).
func Rules() string { return rules }
