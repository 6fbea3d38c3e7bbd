package herrlof

import "github.com/nornsgames/norns"

// handPoints returns the points of a hand (H17, H19): one per trick, 10 for a correct bid, and
// with 2 players 5 for exactly 3 or 4 tricks (and 5 with the five-trick bonus).
func handPoints(players int, bonus5 bool, bid, tricks int) int {
	pts := tricks
	if tricks == bid {
		pts += 10
	}
	if players == 2 && (tricks == 3 || tricks == 4 || bonus5 && tricks == 5) {
		pts += 5
	}
	return pts
}

// HandPoints returns what a hand scores under c for a bid and a number of tricks won (H17, H19):
// one point per trick, 10 for a correct bid and, with 2 players, 5 for exactly 3 or 4 tricks (or
// 5 with the five-trick bonus).
func HandPoints(c Config, bid, tricks int) int {
	c = c.normal()
	return handPoints(c.Players, c.FiveTrickBonus, bid, tricks)
}

// scoreHand scores the hand (H17) and ends the match (H18, H21) or waits for the next deal.
func (s *State) scoreHand(rec *recorder) {
	n := int(s.players)
	for p := range n {
		s.scores[p] += int16(handPoints(n, s.bonus5, int(s.bids[p]), int(s.tricks[p])))
		if int(s.tricks[p]) == int(s.bids[p]) {
			s.correct[p]++
		}
	}
	s.last = lastHand{tricks: s.tricks}
	for p := range n {
		s.last.bids[p] = s.bids[p]
	}
	target := int16(s.Config().Target())
	over := s.handLimit > 0 && s.handNo >= s.handLimit
	for p := range n {
		over = over || s.scores[p] >= target
	}
	if rec != nil {
		rec.add(Event{Kind: EventScored, Seat: norns.Nobody, Other: norns.Nobody, Card: NoCard,
			N: int(s.handNo), Result: s.last.result(s.Config(), int(s.handNo))})
	}
	if over {
		s.startDeal()
		s.phase, s.toMove = PhaseOver, int8(norns.Nobody)
		if rec != nil {
			rec.add(Event{Kind: EventMatchOver, Seat: norns.Nobody, Other: norns.Nobody, Card: NoCard, Seats: s.Winners()})
		}
		return
	}
	s.handNo++
	s.startDeal()
}

func winners(n int, scores [3]int16, correct [3]uint8) norns.Seats {
	var w norns.Seats
	best := 0
	for p := range n {
		switch {
		case w == 0 || scores[p] > scores[best] || scores[p] == scores[best] && correct[p] > correct[best]:
			w, best = norns.SeatsOf(norns.Player(p)), p
		case scores[p] == scores[best] && correct[p] == correct[best]:
			w = w.With(norns.Player(p))
		}
	}
	return w
}

// minTrickPoints returns the fewest points a hand of a players-player match gives all the seats
// together: a point for each trick won (H8, H17), and every trick is won but those a Valknut
// destroys (H13), at most one for each of the 3 Valknuts. So 12 with 2 players and 8 with 3, and
// a match that has not ended (every score below the target, H18) has scored fewer than
// players*target/minTrickPoints hands: 9 with 2 players, 15 with 3.
func minTrickPoints(players int) int { return handSize(players) - 3 }
