package gnav

import (
	"errors"

	"github.com/nornsgames/norns"
)

// dealPack returns the pack the current deal of s was dealt: the contestants' dealt cards from
// the dealer's left, then the stock. s must be a state during a deal with at least two
// contestants (a decoded state's are checked by dealStart's validateBetween first); the result
// is only what its fields claim, and replaying it must give s back.
func (s *State) dealPack() [DeckSize]Card {
	var pack [DeckSize]Card
	k := s.contest.Len()
	p := s.dealer
	for i := range k {
		p = nextIn(s.contest, p)
		pack[i] = s.d.dealt[p]
	}
	for i := range DeckSize - k {
		pack[k+i] = NoCard
		if i < s.d.stock.Len() {
			pack[k+i] = CardOf(s.d.stock.At(i))
		}
	}
	return pack
}

// dealStart returns the chance node the current deal of s was dealt from: the state as it stood
// before the deal, with the lives lost in the deal given back, no cards and no acts. For a state
// decoded from JSON it is only what the fields claim; validateDeal checks it.
func (s *State) dealStart() State {
	start := *s
	start.setWho(chance)
	start.act, start.knock, start.d = [MaxPlayers]uint8{}, 0, noDeal
	start.deals--
	// During a deal only an asker whose request ends at a Dragon or a Katt has lost a life (N11,
	// N12); every other way to lose one ends the deal.
	for x := uint32(s.contest); x != 0; x &= x - 1 {
		a := int8(trailing(x))
		if Turn(s.act[a]>>3) != TurnAsked {
			continue
		}
		q := a
		for range MaxPlayers {
			q = nextIn(s.contest, q)
			switch Answer(s.act[q] & 7) {
			case AnswerHus, AnswerHest:
				continue
			case AnswerKatt, AnswerDragon:
				start.lives[a]++
			}
			break
		}
	}
	start.alive = 0
	for q := range start.players {
		if start.lives[q] > 0 {
			start.alive = start.alive.With(norns.Player(q))
		}
	}
	return start
}

// replayDeal deals pack from s (a chance node before a deal) and plays each seat's turn as act
// records it, until a seat that has not acted is to move. visit, if not nil, is called before
// each turn with the state and the move; replayDeal stops early when it returns false.
func replayDeal(s State, pack *[DeckSize]Card, act *[MaxPlayers]uint8, visit func(before State, m Move) bool) (State, error) {
	s, err := s.Apply(Deal(*pack))
	if err != nil {
		return s, err
	}
	for range MaxPlayers + 1 {
		if s.who() < 0 {
			return s, errors.New("the recorded acts end the deal")
		}
		var m Move
		switch Turn(act[s.who()] >> 3) {
		case TurnNone:
			return s, nil
		case TurnStood:
			m = Stand()
		case TurnAsked:
			m = Ask()
		default:
			m = Draw()
		}
		if visit != nil && !visit(s, m) {
			return s, nil
		}
		if s, err = s.Apply(m); err != nil {
			return s, err
		}
	}
	return s, errors.New("the recorded acts do not end")
}
