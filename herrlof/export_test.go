package herrlof

import (
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// Validate exposes the decoder's check to the external tests: s must be a state a match can
// reach.
func Validate(s State) error { return s.validate() }

// ValidateSample checks the invariants of a reachable state without asking that s replay (see
// validateSample), for samples and hand-set positions.
func ValidateSample(s State) error { return s.validateSample() }

// SetBid returns s with seat p's bid set to b (for twins: bids are hidden).
func SetBid(s State, p int, b int) State {
	s.bids[p] = int8(b)
	return s
}

// SwapHidden returns s with the card x of seat q's hand exchanged for the card at stock position
// i (from the bottom), or with seat q2's card y when i < 0.
func SwapHidden(s State, q int, x Card, i int, q2 int, y Card) State {
	s.hands[q] = s.hands[q].Without(x)
	if i >= 0 {
		s.hands[q] = s.hands[q].add(s.stockAt(i))
		stock := s.stockBottomUp()
		stock[i] = x
		s.stock = pileOf(stock)
		s.setLegal()
		return s
	}
	s.hands[q] = s.hands[q].add(y)
	s.hands[q2] = s.hands[q2].Without(y).add(x)
	s.setLegal()
	return s
}

// StockAt returns the stock card at position i from the bottom.
func StockAt(s State, i int) Card { return s.stockAt(i) }

// stockBottomUp returns the stock's cards from the bottom.
func (s *State) stockBottomUp() []Card {
	out := make([]Card, s.stock.Len())
	for i := range out {
		out[i] = s.stockAt(i)
	}
	return out
}

// Known returns what seat a knows seat b holds.
func Known(s State, a, b int) Cards { return s.knownOf(int8(a), int8(b)) }

// StockSeen returns the stock positions seat a knows.
func StockSeen(s State, a int) uint16 { return s.stockSeen[a] }

// Voids returns the suits seat a showed out of.
func Voids(s State, a int) uint8 { return s.voids[a] }

// SetTricks returns s with the tricks of this hand redistributed; the total must not change.
func SetTricks(s State, tricks ...int) State {
	sum := 0
	for p, t := range tricks {
		sum += t - int(s.tricks[p])
		s.tricks[p] = uint8(t)
	}
	if sum != 0 {
		panic("SetTricks changes the total")
	}
	s.setLegal()
	return s
}

// SetMatch returns s as if hand-1 hands had been played: the last one bid 0 and won 0 by every
// seat, and the totals and correct bids given.
func SetMatch(s State, hand int, scores, correct []int) State {
	s.handNo = uint16(hand)
	s.last = lastHand{}
	for p := range int(s.players) {
		s.scores[p] = int16(scores[p])
		s.correct[p] = uint8(correct[p])
	}
	return s
}

// PlainSample is View.Sample with the plain sampler (the fallback that ignores what the seat
// saw) in place of the search.
func PlainSample(v View, r *rng.Rand) State { return v.sample(r, sampleOptions{plain: true}) }

// TracedSample is View.Sample that tells f whether its search found a history and how many
// steps it took.
func TracedSample(v View, r *rng.Rand, f func(found bool, steps int)) State {
	return v.sample(r, sampleOptions{traced: f})
}

// LimitedSample is TracedSample with the search stopped after limit steps, as a budget would
// (View.Sample has none); when it stops, the sample is the plain deal.
func LimitedSample(v View, r *rng.Rand, limit int, f func(found bool, steps int)) State {
	return v.sample(r, sampleOptions{traced: f, limit: limit})
}

// Zones lists where the State records the cards of the deck, each zone read from its own field
// and none derived from the others (so a lost or doubled card shows in the sum): the hands, the
// stock, the trick in play, the trump card, the cards of the completed tricks (the record of the
// hand) and the trump card two Valknuts replaced (the record too). Between hands and once over a
// State holds no card: the whole deck is put away, and every other zone must be empty.
func Zones(s State) []cards.Multiset {
	var z []cards.Multiset
	if s.phase == PhaseDeal || s.phase == PhaseOver {
		z = append(z, deck.Full())
	}
	for p := range int(s.players) {
		z = append(z, cards.Multiset(s.hands[p]))
	}
	add := func(m cards.Multiset, c Card) cards.Multiset {
		m, _ = deck.Add(m, cards.Card(c)) // a card beyond its copies is dropped: the sum then lacks it
		return m
	}
	var stock, trick, done, trump, replaced cards.Multiset
	for c := range s.stock.All() {
		stock = add(stock, Card(c))
	}
	for _, c := range s.trick.cards[:s.trick.n] {
		trick = add(trick, c)
	}
	for k := range int(s.players) * int(s.trickNo) {
		if c := s.rec.play(k); c.IsValid() {
			done = add(done, c)
		}
	}
	if s.trump.IsValid() {
		trump = deck.Of(cards.Card(s.trump))
	}
	if c := s.rec.replaced(); c.IsValid() {
		replaced = deck.Of(cards.Card(c))
	}
	return append(z, stock, trick, done, trump, replaced)
}

// NewSearchBotSolving is NewSearchBot with the solver's reach set: playouts play perfectly with
// solve[players] tricks left or fewer (0: never, the search before the solver).
func NewSearchBotSolving(opts SearchOptions, solve2, solve3 int) *SearchBot {
	tu := defaultSearchTuning
	tu.solve = [4]int{2: solve2, 3: solve3}
	return newSearchBot(opts, tu)
}
