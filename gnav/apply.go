package gnav

import (
	"fmt"
	"math/bits"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// Apply returns the state after m. It checks, in order: that the match is not over (else an error
// wrapping [norns.ErrGameOver]); at a chance node, that m is the outcome chance draws there (a
// [MoveChooseDealer] naming a seat, or a [MoveDeal] holding two cards of each rank); at a seat's
// turn, that m is [Stand] or [Ask] for a non-dealer and Stand or [Draw] for the dealer. A refused
// move returns the receiver and a [*norns.MoveError] wrapping [norns.ErrIllegalMove] that says
// why.
//
// A legal move is resolved to the next decision: an ask runs through every refusal it meets
// (N9–N12) and, if it passes the dealer, through the stock (N13); a move that ends the exchanges
// also settles the deal (N15), skips a void deal (N16) and sets up the next deal's chance node, or
// ends the match (N14, N17). Apply does not allocate. It is [State.Step] on its own copy of the
// receiver.
func (s State) Apply(m Move) (State, error) {
	err := s.Step(m)
	return s, err
}

// ApplyEvents is Apply that also appends to dst what the move did, as seat viewer sees it (cards
// hidden from viewer are NoCard; a viewer that is not a seat, such as norns.Nobody, sees only
// what is public). It returns the next state and the extended dst.
func (s State) ApplyEvents(m Move, viewer norns.Player, dst []Event) (State, []Event, error) {
	if err := s.check(&m); err != nil {
		return s, dst, err
	}
	r := recorder{viewer: viewer, ev: dst}
	s.step(&m, &r)
	return s, r.ev, nil
}

// check returns why m cannot be applied to s, or nil.
func (s *State) check(m *Move) error {
	switch {
	case s.who() == nobody:
		return s.refuse(m, norns.ErrGameOver, "the match is over")
	case s.who() == chance && s.dealer < 0:
		if m.kind != MoveChooseDealer {
			return s.refuse(m, norns.ErrIllegalMove, "chance draws the first dealer here: want \"dealer <seat>\"")
		}
		if int(m.seat) >= int(s.players) {
			return s.refuse(m, norns.ErrIllegalMove, fmt.Sprintf("seat %d is not at this table of %d", m.seat, s.players))
		}
		return nil
	case s.who() == chance:
		if m.kind != MoveDeal {
			return s.refuse(m, norns.ErrIllegalMove, "chance deals the cards here: want a deal")
		}
		if m.badPack {
			return s.refuse(m, norns.ErrIllegalMove, "a deal must hold two cards of each rank")
		}
		return nil
	}
	switch m.kind {
	case MoveStand:
		return nil
	case MoveAsk:
		if s.who() == s.dealer {
			return s.refuse(m, norns.ErrIllegalMove, "the dealer does not ask: stand, or draw from the stock")
		}
		return nil
	case MoveDraw:
		if s.who() != s.dealer {
			return s.refuse(m, norns.ErrIllegalMove, "only the dealer draws from the stock: stand or ask")
		}
		return nil
	case MoveChooseDealer, MoveDeal:
		return s.refuse(m, norns.ErrIllegalMove, "a chance move, but a seat is to act")
	}
	return s.refuse(m, norns.ErrIllegalMove, "not a move")
}

func (s *State) refuse(m *Move, err error, why string) error {
	return &norns.MoveError{Game: "gnav", Seat: norns.Player(s.who()), Move: m.String(), Reason: why, Err: err}
}

// step applies the legal move m.
func (s *State) step(m *Move, r *recorder) {
	switch m.kind {
	case MoveChooseDealer:
		s.dealer = m.seat
		r.add(ev(EventFirstDealer, m.seat))
	case MoveDeal:
		s.deal(&m.pack, r)
	case MoveStand:
		p := s.who()
		s.act[p] |= uint8(TurnStood) << 3
		r.add(ev(EventStand, p))
		if p == s.dealer {
			s.settle(r)
			return
		}
		s.setWho(nextIn(s.contest, p))
	case MoveAsk:
		s.ask(r)
	case MoveDraw:
		p := s.who()
		s.act[p] |= uint8(TurnDrew) << 3
		s.draw(p, r)
	}
}

// deal gives pack's cards to the contestants from the dealer's left, the dealer last, and makes
// the rest the stock (N5); the Narr holders knock (N6).
func (s *State) deal(pack *[DeckSize]cards.Card, r *recorder) {
	p := s.dealer
	n := s.contest.Len()
	for i := range n {
		p = nextIn(s.contest, p)
		c := rankOf(pack[i])
		s.d.dealt[p] = c
		if c == Narr {
			s.knock = s.knock.With(norns.Player(p))
		}
	}
	s.d.hand = s.d.dealt
	s.d.stock.set(pack[n:])
	s.deals++
	s.setWho(nextIn(s.contest, s.dealer))
	if r != nil {
		e := ev(EventDeal, s.dealer)
		e.Seats = s.contest
		e.Card = r.own(s)
		r.add(e)
		for q := range s.knock.All() {
			r.add(ev(EventKnock, int8(q)))
		}
	}
}

// ask resolves the request of the seat to act (N7–N13).
func (s *State) ask(r *recorder) {
	a := s.who()
	s.act[a] |= uint8(TurnAsked) << 3
	q := a
	for {
		q = nextIn(s.contest, q)
		if r != nil {
			e := ev(EventAsk, a)
			e.Other = norns.Player(q)
			r.add(e)
		}
		c := s.d.hand[q]
		if !c.IsMatador() { // N8
			s.d.gotOwn[a], s.d.gotAsked[q] = c, s.d.hand[a]
			s.d.hand[a], s.d.hand[q] = c, s.d.hand[a]
			s.act[q] |= uint8(AnswerAccepted)
			if r != nil {
				e := ev(EventExchange, a)
				e.Other = norns.Player(q)
				if r.sees(a) || r.sees(q) {
					e.Card, e.Card2 = s.d.hand[a], s.d.hand[q]
				}
				r.add(e)
			}
			s.setWho(q)
			return
		}
		s.act[q] |= uint8(answerOf(c))
		if r != nil {
			e := ev(EventRefuse, q)
			e.Card = c
			r.add(e)
		}
		switch c {
		case Hus, Hest: // N9
			if q == s.dealer {
				s.draw(a, r)
				return
			}
		case Gjok: // N10
			s.settle(r)
			return
		default: // Dragon, Katt: N11, N12
			if s.loseLife(a, r) {
				return
			}
			if c == Katt && !s.catDragoon {
				s.undo(r)
			}
			if q == s.dealer {
				s.settle(r)
				return
			}
			s.setWho(nextIn(s.contest, q))
			return
		}
	}
}

// draw exchanges seat p's card with the stock (N13) and settles the deal.
func (s *State) draw(p int8, r *recorder) {
	for i := range s.d.stock.Len() {
		c := rankOf(s.d.stock.At(i))
		if r != nil {
			e := ev(EventDraw, p)
			if c.IsMatador() || r.sees(p) {
				e.Card = c
			}
			if !c.IsMatador() && r.sees(p) {
				e.Card2 = s.d.hand[p]
			}
			r.add(e)
		}
		if c == Hus || c == Hest {
			continue
		}
		if c == Dragon || c == Katt {
			if s.loseLife(p, r) {
				return
			}
			if c == Katt && !s.catDragoon {
				s.undo(r)
			}
		} else if c != Gjok {
			s.d.hand[p] = c
		}
		break
	}
	s.settle(r)
}

// undo gives every card back to the seat that was dealt it (N12): undoing the exchanges since the
// last undo, latest first, restores the cards as dealt, since the previous undo restored them too.
func (s *State) undo(r *recorder) {
	s.d.hand = s.d.dealt
	if r != nil {
		e := ev(EventUndo, -1)
		e.Card = r.own(s)
		r.add(e)
	}
}

// loseLife takes a life from seat p (N11–N13). A seat at 0 is out at once (N14); if one seat or
// none is left, the match ends and loseLife reports true.
func (s *State) loseLife(p int8, r *recorder) bool {
	s.lives[p]--
	if r != nil {
		e := ev(EventLifeLost, p)
		e.Lives = int(s.lives[p])
		r.add(e)
	}
	if s.lives[p] > 0 {
		return false
	}
	s.alive = s.alive.Without(norns.Player(p))
	r.add(ev(EventOut, p))
	if s.alive.Len() <= 1 {
		s.end(r)
		return true
	}
	return false
}

// settle compares the cards at the end of the exchanges (N15) and moves on to the next deal or
// ends the match (N17).
func (s *State) settle(r *recorder) {
	in := s.contest & s.alive
	var narr, lose norns.Seats
	if in.Len() >= 2 {
		lowest, low := Card(NumRanks), norns.Seats(0)
		for x := uint32(in); x != 0; x &= x - 1 {
			p := norns.Player(trailing(x))
			c := s.d.hand[p]
			r.add(Event{Kind: EventShow, Seat: p, Other: norns.Nobody, Card: c, Card2: NoCard})
			switch {
			case c == Narr:
				narr |= 1 << p
			case c < lowest:
				lowest, low = c, 1<<p
			case c == lowest:
				low |= 1 << p
			}
		}
		switch narr.Len() {
		case 0:
			lose = low
		case 1:
			lose = narr | low
		default:
			lose = narr
		}
		for x := uint32(lose); x != 0; x &= x - 1 {
			p := int8(trailing(x))
			s.lives[p]--
			if r != nil {
				e := ev(EventLifeLost, p)
				e.Lives = int(s.lives[p])
				r.add(e)
			}
			if s.lives[p] == 0 {
				s.alive = s.alive.Without(norns.Player(p))
				r.add(ev(EventOut, p))
			}
		}
	} else {
		r.add(ev(EventNoContest, -1))
	}
	if s.alive.Len() <= 1 {
		s.end(r)
		return
	}
	s.resting = narr & s.alive
	if r != nil {
		for p := range s.resting.All() {
			r.add(ev(EventRest, int8(p)))
		}
	}
	s.clearDeal()
	s.next(r)
}

// next sets up the chance node of the deal after the current dealer's: its contestants, skipping
// a void deal (N16), and its dealer (N4).
func (s *State) next(r *recorder) {
	prev := s.dealer
	c := s.alive &^ s.resting
	if c.Len() < 2 {
		if r != nil {
			e := ev(EventVoidDeal, -1)
			e.Seats = s.resting
			r.add(e)
		}
		if c.IsEmpty() {
			prev = nextIn(s.alive, prev)
		} else {
			prev = nextIn(c, prev)
		}
		s.resting = 0
		c = s.alive
	}
	s.contest = c
	s.dealer = nextIn(c, prev)
	s.setWho(chance)
}

// end ends the match: the seat left with lives wins, or nobody after a draw (N17).
func (s *State) end(r *recorder) {
	s.clearDeal()
	s.contest, s.resting = 0, 0
	s.winners = s.alive
	s.setWho(nobody)
	if r != nil {
		e := ev(EventMatchOver, -1)
		e.Seats = s.winners
		r.add(e)
	}
}

// clearDeal puts the deal's cards away.
func (s *State) clearDeal() {
	s.d = noDeal
	s.knock = 0
	s.act = [MaxPlayers]uint8{}
}

// SampleChance draws the outcome of a chance node: a uniformly random first dealer, or a uniformly
// shuffled pack (the Fisher–Yates shuffle of rng.ShuffleSlice, draw for draw). It panics unless
// ToMove is norns.Chance.
func (s State) SampleChance(r *rng.Rand) Move { return s.head.sampleChance(r) }

// sampleChance is SampleChance on the three bytes it reads.
func (s *head) sampleChance(r *rng.Rand) Move {
	if s.who() != chance {
		panic(fmt.Sprintf("gnav: SampleChance when %v is to act", norns.Player(s.who())))
	}
	if s.dealer < 0 {
		return ChooseDealer(norns.Player(r.IntN(int(s.players))))
	}
	m := Move{kind: MoveDeal, pack: sortedPack}
	shuffle(r, m.pack[:])
	return m
}

// shuffle permutes p exactly as rng.ShuffleSlice(r, p) does, drawing the same numbers from r
// (for i from the last index down to 1 it swaps p[i] with p[r.Uint64N(i+1)], by Lemire's
// multiply-and-reject method), written out so that every draw is inlined: the deal's shuffle is
// most of the cost of a random playout, and View.Sample's shuffles most of a sample's.
// TestShuffleIsShuffleSlice holds it to rng.ShuffleSlice.
func shuffle[E ~uint8](r *rng.Rand, p []E) {
	for i := len(p) - 1; i > 0; i-- {
		n := uint64(i + 1)
		hi, lo := bits.Mul64(r.Uint64(), n)
		if lo < n {
			thresh := -n % n
			for lo < thresh {
				hi, lo = bits.Mul64(r.Uint64(), n)
			}
		}
		p[i], p[hi] = p[hi], p[i]
	}
}

// Step applies m to the state s points to, in place: the same checks in the same order, and the
// same error, as [State.Apply], all made before *s changes, so that on error *s is unchanged.
// After a successful s.Step(m), *s equals what s.Apply(m) returned before. Step is the fast path
// for loops that play many moves on one state (norns.Playout, the search, the arena); Apply, which
// is Step on a copy, stays the front door. Step does not allocate.
func (s *State) Step(m Move) error {
	if err := s.check(&m); err != nil {
		return err
	}
	s.step(&m, nil)
	return nil
}
