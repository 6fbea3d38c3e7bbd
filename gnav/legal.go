package gnav

import "github.com/nornsgames/norns"

// Legal returns the legal moves of the seat to act, in this order: [Stand] then [Ask] for a
// non-dealer, Stand then [Draw] for the dealer. At the draw of the first dealer it lists
// [ChooseDealer] for each seat in order; at a deal (whose outcomes are too many to list) and once
// the match is over it returns nil.
func (s State) Legal() []Move { return s.AppendLegal(nil) }

// AppendLegal appends [State.Legal]'s moves to dst and returns the extended slice. It does not
// allocate when dst has room.
func (s head) AppendLegal(dst []Move) []Move {
	if s.who() == chance && s.dealer < 0 {
		for p := range s.players {
			dst = append(dst, ChooseDealer(norns.Player(p)))
		}
		return dst
	}
	return s.appendSeatLegal(dst)
}

// appendSeatLegal appends the moves of the seat to act, if a seat is to act.
func (s *head) appendSeatLegal(dst []Move) []Move {
	switch {
	case s.who() < 0:
		return dst
	case s.who() == s.dealer:
		return append(dst, Stand(), Draw())
	}
	return append(dst, Stand(), Ask())
}
