package gulveig

import "github.com/nornsgames/norns/internal/search"

// setBudget sets the search's budget from opts (temporary until search.Budget lands).
func setBudget(so *search.Options[State, Move], opts SearchOptions) {
	so.Iterations = opts.Iterations
	if so.Iterations <= 0 {
		so.Iterations = DefaultSearchIterations
	}
}
