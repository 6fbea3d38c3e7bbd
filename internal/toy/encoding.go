package toy

// Encoding is the toy game's learning encoding (norns.Encoder): two actions, keep (id 0) and
// draw (id 1); an observation of 2 + 2×nCards slots: whether the cards are dealt, whose turn
// it is (1 for the seat's own), the seat's card one-hot, and the discard pile one-hot.
type Encoding struct{}

// Actions returns 2.
func (Encoding) Actions() int { return 2 }

// Action returns 0 for Keep, 1 for Draw.
func (Encoding) Action(m Move) (int, bool) {
	switch m.kind {
	case 1:
		return 0, true
	case 2:
		return 1, true
	}
	return 0, false
}

// Move returns Keep for 0 and Draw for 1.
func (Encoding) Move(id int) (Move, bool) {
	switch id {
	case 0:
		return Keep, true
	case 1:
		return Draw, true
	}
	return Move{}, false
}

// ObservationLen returns 2 + 2×nCards.
func (Encoding) ObservationLen() int { return 2 + 2*nCards }

// Observe appends v's observation to dst.
func (Encoding) Observe(v View, dst []float32) []float32 {
	b := func(x bool) float32 {
		if x {
			return 1
		}
		return 0
	}
	dst = append(dst, b(v.dealt), b(v.ToMove() == v.seat))
	for c := range uint8(nCards) {
		dst = append(dst, b(v.dealt && v.own == c))
	}
	for c := range nCards {
		dst = append(dst, float32(deck.Count(v.discard, deck.Kind(c))))
	}
	return dst
}
