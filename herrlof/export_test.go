package herrlof

// Validate exposes the internal invariant check to the external tests.
func Validate(s State) error { return s.validate() }

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
		s.hands[q] = s.hands[q].add(s.stock[i])
		s.stock[i] = x
		return s
	}
	s.hands[q] = s.hands[q].add(y)
	s.hands[q2] = s.hands[q2].Without(y).add(x)
	return s
}

// StockAt returns the stock card at position i from the bottom.
func StockAt(s State, i int) Card { return s.stock[i] }

// Known returns what seat a knows seat b holds.
func Known(s State, a, b int) Cards { return s.known[a][b] }

// StockSeen returns the stock positions seat a knows.
func StockSeen(s State, a int) uint16 { return s.stockSeen[a] }

// Voids returns the suits seat a showed out of.
func Voids(s State, a int) uint8 { return s.voids[a] }
