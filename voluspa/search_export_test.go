package voluspa

// NewPriorSearchBot returns the search bot as it was before it read the other seats' lays
// (inference), for the strength test's pairing against it.
func NewPriorSearchBot(opts SearchOptions) *SearchBot { return newSearchBot(opts, v2Model) }

// NewHandSearchBot returns the search bot with its leaves' hands weighted by hand (0: not at
// all, the default), for TestSearchAB.
func NewHandSearchBot(opts SearchOptions, hand float64) *SearchBot {
	md := defaultModel
	md.hand = hand
	return newSearchBot(opts, md)
}
