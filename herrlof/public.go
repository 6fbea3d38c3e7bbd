package herrlof

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// public is the part of a State every seat sees; see [State] and [View].
type public struct {
	turn
	trickNo   uint8     // tricks completed this hand; those destroyed by a Valknut are trickNo-Σtricks
	power     int8      // the seat whose power resolves (draw, return, steal, take, pick, give); else -1
	target    int8      // the 6's target during PhasePick and PhaseGive; else -1
	next      int8      // who leads the next trick, decided when the last trick completed; else -1
	trick     Trick     // the trick in play
	trump     Card      // the trump card; NoCard at a deal
	prev      Trick     // the last completed trick of this hand (empty before the first)
	tricks    [3]uint8  // tricks won this hand
	voids     [3]uint8  // bit s set: the seat showed out of suit s, and has received no card since
	bonus5    bool      // the five-trick bonus (H19)
	opener    int8      // this hand's opening leader; -1 before the first deal
	handLimit uint16    // the hand limit (H21); 0 for none
	handNo    uint16    // the hand in play or about to be dealt, from 1 (Round is handNo-1 at a deal)
	correct   [3]uint8  // correct bids over the match
	scores    [3]int16  // the totals
	stockSeen [3]uint16 // bit i set: the seat knows the stock's i-th card from the bottom (it put it there with a 3)
	last      lastHand  // the last hand scored
}

// turn is what the match waits for: the phase and the seat to act, and the number of seats,
// which is 0 only in the zero State and the zero View (a match with no seats that is over). It is
// a struct of its own, embedded first in public, so that ToMove, Over and Phase, which a playout
// asks at every move, are methods of three bytes: a call through a *State (norns.Playout, the
// search) copies the receiver, and a method of State would copy all of it.
type turn struct {
	phase   Phase
	toMove  int8  // the seat to act, -1 (chance) or -2 (nobody)
	players uint8 // 2 or 3; 0 in the zero State and View
}

// ToMove returns the seat to act, norns.Chance at a deal or a 6's pick, or norns.Nobody once over
// (and for the zero State and View, which have no seats).
func (t turn) ToMove() norns.Player {
	if t.players == 0 {
		return norns.Nobody
	}
	return norns.Player(t.toMove)
}

// Over reports whether the match has ended; true for the zero State and View, which have no
// seats.
func (t turn) Over() bool { return t.phase == PhaseOver || t.players == 0 }

// Phase returns what the match waits for; PhaseOver for the zero State and View, which have no
// seats.
func (t turn) Phase() Phase {
	if t.players == 0 {
		return PhaseOver
	}
	return t.phase
}

// The accessors below are the public part of a match, written once: [State] and [View] both
// embed public, so each is a method of both.

// Players returns the number of seats.
func (p public) Players() int { return int(p.players) }

// Config returns the match's configuration: Players is 2 or 3, never 0, except in the zero State
// and View, which have no seats and whose Config is the zero Config.
func (p public) Config() Config {
	return Config{Players: int(p.players), FiveTrickBonus: p.bonus5, HandLimit: int(p.handLimit)}
}

// check returns q as an index, and panics if q is not a seat of the match.
func (p *public) check(q norns.Player) int {
	if q < 0 || int(q) >= int(p.players) {
		panic(fmt.Sprintf("herrlof: %v is not a seat of a %d-player match", q, p.players))
	}
	return int(q)
}

// TrumpCard returns the card turned up for trump (H3) or the one that replaced it (H13), and
// NoCard at a deal, once over and in the zero State and View.
func (p public) TrumpCard() Card {
	if p.players == 0 {
		return NoCard
	}
	return p.trump
}

// Trump returns the trump suit, or NoSuit when the trump card is a Valknut or Hagalaz or at a deal
// (see [State.TrumpCard]).
func (p public) Trump() Suit { return p.TrumpCard().Suit() }

// Trick returns the trick in play. After a trick completes it is empty until the next lead; see
// LastTrick.
func (p public) Trick() Trick { return p.trick }

// LastTrick returns the last completed trick of this hand, with its winner; it is empty before
// the first trick completes.
func (p public) LastTrick() Trick { return p.prev }

// Leader returns who leads or led the trick in play: the leader of the current trick, or the
// seat that will lead the next one while a power resolves. It returns Nobody at a deal, while
// bidding the hand's opener, and Nobody once over (and in the zero State and View).
func (p public) Leader() norns.Player {
	switch {
	case p.players == 0:
		return norns.Nobody
	case p.trick.n > 0:
		return norns.Player(p.trick.leader)
	case p.phase == PhasePlay:
		return norns.Player(p.toMove)
	case p.phase == PhaseBid:
		return norns.Player(p.opener)
	case p.next >= 0:
		return norns.Player(p.next)
	}
	return norns.Nobody
}

// Opener returns the opening leader of the current hand, or Nobody before the first deal (and in
// the zero State and View).
func (p public) Opener() norns.Player {
	if p.opener < 0 || p.players == 0 {
		return norns.Nobody
	}
	return norns.Player(p.opener)
}

// Tricks returns the tricks seat q has won in this hand, after steals. It panics if q is not a
// seat of the match.
func (p public) Tricks(q norns.Player) int { return int(p.tricks[p.check(q)]) }

// TricksPlayed returns the number of tricks completed in this hand, destroyed ones included.
func (p public) TricksPlayed() int { return int(p.trickNo) }

// Score returns seat q's total points. It panics if q is not a seat of the match.
func (p public) Score(q norns.Player) int { return int(p.scores[p.check(q)]) }

// Winners returns the winners once the match is over (H18): the highest total; among equal
// totals, the most correct bids; players still tied share the win. It is empty before the end.
func (p public) Winners() norns.Seats {
	if p.phase != PhaseOver {
		return 0
	}
	return winners(int(p.players), p.scores, p.correct)
}

// CorrectBids returns how many hands seat q has bid correctly so far (H17, H18). It panics if q
// is not a seat of the match.
func (p public) CorrectBids(q norns.Player) int { return int(p.correct[p.check(q)]) }

// Round returns the number of hands dealt so far, the one in play included: 0 before the first
// deal, 1 from the first deal until the second, and the number of the last hand once the match
// is over. During a hand it is that hand's number, as in [EventDeal]'s N. It is 0 in the zero
// State and View.
func (p public) Round() int {
	if p.handNo == 0 {
		return 0
	}
	if p.phase == PhaseDeal {
		return int(p.handNo) - 1
	}
	return int(p.handNo)
}

// ShowedOut reports whether seat q has shown it holds no card of suit s (it played another suited
// card when s was led) and has received no card since. Valknuts and Hagalaz prove nothing. It
// panics if q is not a seat of the match.
func (p public) ShowedOut(q norns.Player, s Suit) bool {
	return s.IsValid() && p.voids[p.check(q)]&(1<<s) != 0
}

// PowerSeat returns the seat whose card power is resolving (PhaseDraw to PhaseGive), or Nobody.
func (p public) PowerSeat() norns.Player {
	if p.power < 0 || p.players == 0 {
		return norns.Nobody
	}
	return norns.Player(p.power)
}

// PowerTarget returns the 6's target during PhasePick and PhaseGive, or Nobody.
func (p public) PowerTarget() norns.Player {
	if p.target < 0 || p.players == 0 {
		return norns.Nobody
	}
	return norns.Player(p.target)
}

// LastHand returns the result of the last hand scored, revealed to every seat; its Hand is 0
// before the first hand is scored (and in the zero State and View).
func (p public) LastHand() HandResult {
	if p.handNo == 0 {
		return HandResult{}
	}
	return p.last.result(p.Config(), scoredHands(p.phase, p.handNo))
}
