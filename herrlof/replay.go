package herrlof

import (
	"errors"
	"math/bits"

	"github.com/nornsgames/norns"
)

// Replaying a hand. A State in the middle of a hand holds everything needed to play the hand
// again from its deal except the cards the 3s drew: the record of the hand (tape) lists every
// card played and each trick's leader, which 3s drew, and each 6 exchange with its cards; the
// stock shows the cards returned under it, the bids are there, and the cards out of play give
// the first trump card. So checking that a decoded State is one a match can reach is done by
// building its deal and replaying the hand through Apply:
//
//  1. Walk the record backward from the hands now, putting each card played or returned back in
//     its hand and undoing each exchange. At each draw one card of the drawer's hand goes back on
//     top of the stock: a choice, searched depth-first (cards of a suit the seat showed out of
//     before the draw first), where a seat that showed out of a suit must hold none of it then.
//  2. The hands reached are the deal; the stock, from the top, is the cards drawn and the new
//     trump card (two Valknuts) in the order they left it, then the cards still in it that were
//     not returned; the first trump card is the one card left.
//  3. Apply the deal, the bids and the recorded moves (trying each steal a winning 1 allows,
//     since the record keeps only the trick counts) until the point the State is at: the State
//     is reachable exactly when a replay ends equal (==) to it.
//
// Step 3 recomputes everything derived (whose turn, the trick and its leader, the next leader,
// the pending power, voids, knowledge, what each seat saw of the stock, the record itself), so
// a tampered field, middle leader or knowledge bit is caught by the comparison.

const (
	maxSteps     = 72      // plays (at most 3·15 in a damaged record), draws, returns, exchanges, a trump change
	replayBudget = 1 << 16 // search steps and moves before a record is declared impossible
)

type stepKind uint8

const (
	stepPlay   stepKind = iota // seat played card; show >= 0: it showed out of suit show
	stepDraw                   // seat drew with the 3 of suit suit
	stepReturn                 // seat put card under the stock
	stepPass                   // card passed from seat to other in a 6 exchange
	stepTrump                  // two Valknuts turned the top of the stock up as trump
)

type step struct {
	kind        stepKind
	seat, other int8
	card        Card
	show        int8
	suit        Suit
	shown       uint8 // stepDraw: the suits seat showed out of before this step
}

// handHistory is the record of a hand as a list of steps, and what the backward search found.
type handHistory struct {
	steps  [maxSteps]step
	n      int
	drawn  [NumSuits]Card // the card each 3 drew
	dealt  [3]Cards       // the hands at the deal
	budget int
}

func (h *handHistory) add(e step) bool {
	if h.n == maxSteps {
		return false
	}
	h.steps[h.n] = e
	h.n++
	return true
}

// returns counts the cards the seats put under the stock that are still there: they fill the
// bottom of the stock, the latest at position 0.
func (s *State) returns() int {
	return bits.OnesCount16(s.stockSeen[0] | s.stockSeen[1] | s.stockSeen[2])
}

// build lists the steps of the hand s is in, from its record.
func (h *handHistory) build(s *State) error {
	t := &s.rec
	n := int(s.players)
	plays := s.plays()
	returned := s.returns()
	ret := 0
	led := NoSuit
	var shown [3]uint8
	changed := false
	for k := range plays {
		c, p := t.play(k), t.seatOf(k, n)
		if !c.IsValid() {
			return errors.New("record: a play is not a card")
		}
		if k%n == 0 {
			led = NoSuit
		}
		show := int8(-1)
		if c < 36 {
			if led == NoSuit {
				led = c.Suit()
			} else if c.Suit() != led {
				show = int8(led)
				shown[p] |= 1 << led
			}
		}
		ok := h.add(step{kind: stepPlay, seat: p, card: c, show: show})
		if c < 36 && c%9 == 2 && t.drew(c.Suit()) {
			ok = ok && h.add(step{kind: stepDraw, seat: p, suit: c.Suit(), shown: shown[p]})
			shown[p] = 0
			if s.phase != PhaseReturn || k != plays-1 {
				if ret >= returned {
					return errors.New("record: a draw without its return under the stock")
				}
				ok = ok && h.add(step{kind: stepReturn, seat: p, card: s.stockAt(returned - 1 - ret)})
				ret++
			}
		}
		if !ok {
			return errors.New("record: too long")
		}
		if k%n != n-1 || k/n >= int(s.trickNo) {
			continue
		}
		// A completed trick: two Valknuts change the trump, then its 6 may have taken.
		valknuts := 0
		for j := k - n + 1; j <= k; j++ {
			if t.play(j) == Valknut {
				valknuts++
			}
		}
		if valknuts >= 2 && !changed {
			changed = true
			ok = h.add(step{kind: stepTrump})
		}
		for j := k - n + 1; j <= k; j++ {
			six := t.play(j)
			if six >= 36 || six%9 != 5 || t.target(six.Suit()) < 0 {
				continue
			}
			o, q := t.seatOf(j, n), t.target(six.Suit())
			if int(q) >= n {
				return errors.New("record: an exchange with no seat")
			}
			if x := t.taken(six.Suit()); x != NoCard {
				ok = ok && h.add(step{kind: stepPass, seat: q, other: o, card: x})
				shown[o] = 0
			}
			if y := t.given(six.Suit()); y != NoCard {
				ok = ok && h.add(step{kind: stepPass, seat: o, other: q, card: y})
				shown[q] = 0
			}
		}
		if !ok {
			return errors.New("record: too long")
		}
	}
	if ret != returned {
		return errors.New("record: returns under the stock without their draws")
	}
	return nil
}

// back undoes steps i, i-1, ..., 0 from hands, choosing the card of each draw; it reports
// whether it reached the deal (then in h.dealt, the draws in h.drawn).
func (h *handHistory) back(i int, hands [3]Cards) bool {
	for ; i >= 0; i-- {
		if h.budget--; h.budget < 0 {
			return false
		}
		e := &h.steps[i]
		switch e.kind {
		case stepPlay, stepReturn:
			b := hands[e.seat].addBit(e.card)
			if b == 0 {
				return false
			}
			hands[e.seat] |= b
			if e.kind == stepPlay && e.show >= 0 && hands[e.seat]&suitBits[e.show] != 0 {
				return false // the seat showed out of a suit it held
			}
		case stepPass:
			if !hands[e.other].Has(e.card) {
				return false
			}
			hands[e.other] = hands[e.other].Without(e.card)
			b := hands[e.seat].addBit(e.card)
			if b == 0 {
				return false
			}
			hands[e.seat] |= b
		case stepDraw:
			p := e.seat
			for pass := range 2 {
				for c := range hands[p].Kinds() {
					if urgent := c < 36 && e.shown>>c.Suit()&1 != 0; urgent != (pass == 0) {
						continue
					}
					next := hands
					next[p] = next[p].Without(c)
					h.drawn[e.suit] = c
					if h.back(i-1, next) {
						return true
					}
				}
			}
			return false
		}
	}
	h.dealt = hands
	return true
}

// replay checks that s, a state in the middle of a hand, is one a match can reach, as described
// above. start is the state before the hand's deal.
func (s *State) replay(start State) error {
	n := int(s.players)
	if int(s.trickNo) > handSize(n) || s.trick.n > s.players {
		return errors.New("more tricks or cards than a hand holds")
	}
	if seen := s.stockSeen[0] | s.stockSeen[1] | s.stockSeen[2]; seen>>s.stock.Len() != 0 || seen&(seen+1) != 0 {
		return errors.New("the stock positions the seats know are not the returns at its bottom")
	}
	var h handHistory
	if err := h.build(s); err != nil {
		return err
	}
	h.budget = replayBudget
	if !h.back(h.n-1, s.hands) {
		return errors.New("no deal explains the record of the hand")
	}
	// The stock from the top: the cards that left it, in order, then those still there.
	var stock [stockCap + 1]Card
	k := 0
	for _, e := range h.steps[:h.n] {
		if e.kind == stepDraw || e.kind == stepTrump {
			if k == len(stock) {
				return errors.New("more cards left the stock than it held")
			}
			stock[k] = s.trump
			if e.kind == stepDraw {
				stock[k] = h.drawn[e.suit]
			}
			k++
		}
	}
	for i := s.stock.Len() - 1; i >= s.returns(); i-- {
		if k == len(stock) {
			return errors.New("more cards in the stock than it held")
		}
		stock[k] = s.stockAt(i)
		k++
	}
	rest := deckBits
	for _, hand := range h.dealt[:n] {
		if !rest.Contains(hand) {
			return errors.New("a card is in two places")
		}
		rest = rest.Minus(hand)
	}
	for _, c := range stock[:k] {
		if !rest.Has(c) {
			return errors.New("a card is in two places")
		}
		rest = rest.Without(c)
	}
	if rest.Len() != 1 {
		return errors.New("the cards are not the deck")
	}
	deal, err := Deal(norns.Player(s.opener), h.dealt[:n], rest.nth(0), stock[:k])
	if err != nil {
		return err
	}
	t, err := start.Apply(deal)
	if err != nil {
		return err
	}
	budget := replayBudget
	if !s.replayHand(t, &budget) {
		return errors.New("the record of the hand does not replay to this state")
	}
	return nil
}

// replayHand plays the hand's moves from t as s's record has them, trying each steal a winning
// 1 allows, until t is where s is; it reports whether t is then s.
func (s *State) replayHand(t State, budget *int) bool {
	var opts [4]Move
	for {
		if *budget--; *budget < 0 {
			return false
		}
		if t.plays() == s.plays() && t.phase == s.phase && t.toMove == s.toMove {
			return t == *s
		}
		var m Move
		switch t.phase {
		case PhaseBid:
			m = Bid(int(s.bids[t.toMove]))
		case PhasePlay:
			if t.plays() >= s.plays() {
				return false
			}
			m = Play(s.rec.play(t.plays()))
		case PhaseDraw:
			m = NoDraw()
			if s.rec.drew(t.trick.cards[t.trick.n-1].Suit()) {
				m = Draw()
			}
		case PhaseReturn:
			j, r := t.returns(), s.returns()
			if j >= r {
				return false
			}
			m = Return(s.stockAt(r - 1 - j))
		case PhaseSteal:
			for _, m := range appendSteals(opts[:0], t.players, t.toMove, t.tricks) {
				if u, err := t.Apply(m); err == nil && s.replayHand(u, budget) {
					return true
				}
			}
			return false
		case PhaseTake:
			m = NoTake()
			if q := s.rec.target(t.prev.winningCard().Suit()); q >= 0 {
				m = Take()
				if t.players == 3 {
					m = mv(MoveTake, 0, q)
				}
			}
		case PhasePick:
			m = Pick(s.rec.taken(t.prev.winningCard().Suit()))
		case PhaseGive:
			m = Give(s.rec.given(t.prev.winningCard().Suit()))
		default:
			return false
		}
		var err error
		if t, err = t.Apply(m); err != nil {
			return false
		}
	}
}
