package gulveig

import (
	"errors"
	"math/bits"
)

// acts holds the cards of a hand's hidden acts, which the record of acts only marks.
type acts struct {
	aside      Cards
	gave, drew [4]Card
	swapped    [2]Cards
}

func (s *State) acts() acts {
	return acts{aside: s.h.aside, gave: s.h.gave, drew: s.h.drew, swapped: s.h.swapped}
}

// handStart returns the chance node the current hand was dealt from: the public state between
// hands, with the current hand's number taken back.
func (s *public) handStart() State {
	var t State
	t.public = *s
	t.clearHand()
	t.hands--
	t.phase, t.toMove = PhaseDeal, chance
	t.winners = 0
	t.syncTurn()
	return t
}

// drawer returns the seat to draw in Idun's Orchard (PhaseDraw).
func (s *public) drawer() int8 {
	g := bits.OnesCount8(s.bidders())
	d := s.orchardBy
	for range int(s.orchardK) - g {
		d = s.next(s.bidders(), d)
	}
	return d
}

// moveOf reads the next act of the record in s and returns its move, with the cards of hidden
// acts from a.
func (s *State) moveOf(r *logReader, a *acts) Move {
	switch s.phase {
	case PhaseBid:
		if r.get(1) == 0 {
			if s.firstAct(s.toMove) {
				return Look()
			}
			return Pass()
		}
		v, blind := s.bidFloor(s.toMove)
		v += 10 * r.ones()
		if blind {
			return Blind(v)
		}
		return Bid(v)
	case PhaseRole:
		if r.get(1) == 1 {
			return Use()
		}
		return Decline()
	case PhaseGive:
		r.get(1)
		return Give(a.gave[s.toMove])
	case PhaseDraw:
		r.get(1)
		return Draw(a.drew[s.drawer()])
	case PhaseSwap:
		r.get(1)
		return swapOf(a.swapped[s.swapDone&1])
	case PhaseAside:
		r.get(1)
		x := a.aside
		if x.Len() != 3 {
			return Aside(NoCard, NoCard, NoCard)
		}
		c0 := lowest(x)
		x = x.Without(c0)
		c1 := lowest(x)
		return Aside(c0, c1, lowest(x.Without(c1)))
	case PhaseRaise:
		if d := r.get(7); d != 0 {
			return Raise(int(s.contract) + 10*int(d))
		}
		return Keep()
	case PhasePlay:
		code := r.get(6)
		c := Card(code & 31)
		if code&32 != 0 {
			p, _ := c.Partner()
			return Show(c, p)
		}
		return Play(c)
	}
	return Move{}
}

func swapOf(x Cards) Move {
	if x.Len() != 2 {
		return Swap(NoCard, NoCard)
	}
	return Swap(lowest(x), lowest(x.Without(lowest(x))))
}

var errLogEnds = errors.New("the record of acts goes past the end of the hand")

// replayHand deals deal on start and plays rec's record of acts, taking the cards of hidden acts
// from a. visit, if not nil, sees every move with the state before it.
func replayHand(start State, deal Move, rec *public, a *acts, visit func(State, Move)) (State, error) {
	if visit != nil {
		visit(start, deal)
	}
	s, err := start.Apply(deal)
	if err != nil {
		return s, err
	}
	r := logReader{l: &rec.log, n: uint(rec.logN)}
	for r.more() {
		if s.phase == PhaseDeal || s.phase == PhaseOver {
			return s, errLogEnds
		}
		m := s.moveOf(&r, a)
		if visit != nil {
			visit(s, m)
		}
		if s, err = s.Apply(m); err != nil {
			return s, err
		}
	}
	return s, nil
}

// HandMoves returns the moves of the current hand, from its deal on, chance included: applied to
// the state the hand was dealt from, they give s. It returns nil between hands.
func (s State) HandMoves() []Move {
	if s.phase <= PhaseDeal || s.phase == PhaseOver {
		return nil
	}
	var ms []Move
	a := s.acts()
	if _, err := replayHand(s.handStart(), s.dealtMove(), &s.public, &a, func(_ State, m Move) { ms = append(ms, m) }); err != nil {
		panic("gulveig: a state that does not replay: " + err.Error())
	}
	return ms
}
