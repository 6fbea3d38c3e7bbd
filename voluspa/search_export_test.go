package voluspa

// NewPriorSearchBot returns the search bot as it was before it read the other seats' lays
// (inference), for the strength test's pairing against it.
func NewPriorSearchBot(opts SearchOptions) *SearchBot { return newSearchBot(opts, v2Model) }
