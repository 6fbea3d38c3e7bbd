package herrlof

import (
	"errors"
	"fmt"
)

// validate reports why s is not a state a match can reach, or nil. [State.UnmarshalJSON] relies
// on it, so that no decoded state can make a method panic, a View leak or a later save fail to
// load. The match outside the current hand (scores, correct bids, the last hand, the hand number
// and opener) is checked against the rules' bounds, since the State keeps no record of earlier
// hands; a state between hands must be blank; a state in a hand must replay from a deal (see
// replay.go).
func (s State) validate() error {
	if err := s.validateMatch(); err != nil {
		return err
	}
	if s.phase == PhaseDeal || s.phase == PhaseOver {
		return nil
	}
	start := s
	start.startDeal()
	start.opener = -1
	if s.handNo > 1 {
		start.opener = (s.opener + int8(s.players) - 1) % int8(s.players)
	}
	return s.replay(start)
}

// validateMatch checks what a State holds of the match outside the current hand, and that a
// state between hands holds nothing of a hand.
func (s State) validateMatch() error {
	n := int(s.players)
	if n != 2 && n != 3 {
		return fmt.Errorf("%d players", n)
	}
	if err := s.Config().Validate(); err != nil {
		return err
	}
	if s.phase >= numPhases {
		return fmt.Errorf("phase %d", s.phase)
	}
	hs := handSize(n)
	if s.handNo == 0 || s.handLimit > 0 && s.handNo > s.handLimit {
		return fmt.Errorf("hand %d (limit %d)", s.handNo, s.handLimit)
	}
	// Seats beyond the player count are blank.
	for p := n; p < 3; p++ {
		if s.hands[p] != 0 || s.tricks[p] != 0 || s.bids[p] != -1 || s.correct[p] != 0 || s.voids[p] != 0 ||
			s.scores[p] != 0 || s.stockSeen[p] != 0 || s.known[p] != 0 || s.last.bids[p] != 0 ||
			s.last.tricks[p] != 0 {
			return fmt.Errorf("seat %d is set in a %d-player match", p, n)
		}
		for a := range n {
			i := kidx(int8(a), int8(p))
			if s.known[a]>>(36+6*uint(i))&63 != 0 {
				return fmt.Errorf("seat %d is set in a %d-player match", p, n)
			}
		}
	}
	// Scores and the last hand.
	scored := scoredHands(s.phase, s.handNo)
	target := int16(s.Config().Target())
	reached, total := false, 0
	for p := range n {
		if s.scores[p] < 0 || int(s.scores[p]) > scored*(hs+15) || int(s.correct[p]) > scored {
			return fmt.Errorf("seat %d: score %d, correct bids %d after %d hands", p, s.scores[p], s.correct[p], scored)
		}
		reached = reached || s.scores[p] >= target
		total += int(s.scores[p])
	}
	// Every hand scored gave the seats minTrickPoints points at least, so a match that has not
	// ended has played few hands (see minTrickPoints): the hand number and the correct bids stay
	// far from the limits of their fields whatever state is decoded.
	if total < scored*minTrickPoints(n) {
		return fmt.Errorf("scores %v total less than %d points a hand after %d hands", s.scores[:n], minTrickPoints(n), scored)
	}
	if scored > 0 {
		sum := 0
		for p := range n {
			b, t := int(s.last.bids[p]), int(s.last.tricks[p])
			if b < 0 || b > hs || t > hs {
				return fmt.Errorf("last hand: seat %d bid %d won %d", p, b, t)
			}
			sum += t
			pts := handPoints(n, s.bonus5, b, t)
			if int(s.scores[p]) < pts || t == b && s.correct[p] == 0 {
				return fmt.Errorf("seat %d's score %d does not include the last hand", p, s.scores[p])
			}
		}
		if sum > hs {
			return fmt.Errorf("last hand: %d tricks won", sum)
		}
	} else if s.last != (lastHand{}) {
		return errors.New("a last hand before any was scored")
	}
	limitReached := s.handLimit > 0 && scored >= int(s.handLimit)
	if s.phase == PhaseOver {
		if !reached && !limitReached {
			return errors.New("over before the target or the hand limit")
		}
	} else if reached || limitReached {
		return errors.New("not over after the end")
	}
	if s.opener < -1 || int(s.opener) >= n || (s.opener < 0) != (scored == 0 && s.phase == PhaseDeal) {
		return fmt.Errorf("opener %d", s.opener)
	}
	if s.phase == PhaseDeal || s.phase == PhaseOver {
		blank := s
		blank.startDeal()
		if s.phase == PhaseOver {
			blank.phase, blank.toMove = PhaseOver, -2
		}
		if s != blank {
			return fmt.Errorf("%v with cards or hand data", s.phase)
		}
	}
	return nil
}
