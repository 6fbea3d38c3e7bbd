package herrlof

import (
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
)

// Apply returns the state after m. It checks, in order: that the match is not over (else an
// error wrapping [norns.ErrGameOver]); that m is of a kind the phase expects (a deal at a deal, a
// bid while bidding, a card while playing, the pending power's choices); and that m is legal in
// detail: the bid in range, the card held and allowed by the follow rule (H6), the target
// eligible (H10, H16), the deal a permutation of the deck with the right leader (H5). An illegal
// move returns a [*norns.MoveError] wrapping [norns.ErrIllegalMove] that says why. The receiver
// never changes; on error the State returned is the receiver.
//
// After a card is played, everything that follows without a choice happens in the same Apply:
// the trick is resolved (H7–H9, H12–H14) and, after the last trick, the hand is scored (H17) and
// the match ends (H18, H21) or waits for the next deal.
//
// Apply does not allocate unless it returns an error. It is [State.Step] on its own copy of the
// receiver, so the two cannot disagree.
func (s State) Apply(m Move) (State, error) {
	err := s.Step(m) // Step changes s only once m is known to be legal
	return s, err
}

// ApplyEvents is Apply that also appends to dst the events m caused, as seat viewer sees them:
// cards hidden from viewer are NoCard and bids viewer may not see are -1 (see [Event]). A viewer
// that is not a seat of the match, such as [norns.Nobody], is a spectator and sees only what is
// public. It returns the new state, dst and Apply's error (with dst unchanged).
func (s State) ApplyEvents(m Move, viewer norns.Player, dst []Event) (State, []Event, error) {
	seat := int8(norns.Nobody)
	if viewer >= 0 && int(viewer) < int(s.players) {
		seat = int8(viewer)
	}
	rec := recorder{viewer: seat, ev: dst}
	if err := s.apply(m, &rec); err != nil {
		return s, dst, err
	}
	return s, rec.ev, nil
}

// errOver is Apply's error for move m once the match is over.
func errOver(m Move) error {
	return &norns.MoveError{Game: "herrlof", Seat: norns.Nobody, Move: m.String(),
		Reason: "the match is over", Err: norns.ErrGameOver}
}

func (s State) illegal(m Move, format string, args ...any) error {
	return &norns.MoveError{Game: "herrlof", Seat: norns.Player(s.toMove), Move: m.String(),
		Reason: fmt.Sprintf(format, args...), Err: norns.ErrIllegalMove}
}

// apply is Apply with an optional event recorder; rec is nil on the fast path. It checks m
// before it changes anything, so on error s is as it was. After a change it sets the list of
// legal moves.
func (s *State) apply(m Move, rec *recorder) error {
	if err := s.applyMove(m, rec); err != nil {
		return err
	}
	s.setLegal()
	return nil
}

// applyMove is apply but for the list of legal moves.
func (s *State) applyMove(m Move, rec *recorder) error {
	if s.phase == PhaseOver {
		return errOver(m)
	}
	if m.mk() != expects[s.phase] && !(s.phase.hasPass() && m.mk() == expects[s.phase]+1) {
		if s.players == 0 {
			return errOver(m) // the zero State, which is over
		}
		return s.illegal(m, "%s", s.waitingFor())
	}
	p := s.toMove
	switch m.mk() {
	case MoveDeal:
		if s.players == 0 {
			return errOver(m) // the zero State, which is over
		}
		return s.applyDeal(m, rec)
	case MoveBid:
		if m.ma() < 0 || int(m.ma()) > handSize(int(s.players)) {
			return s.illegal(m, "a bid is 0 to %d tricks", handSize(int(s.players)))
		}
		s.bids[p] = m.ma()
		if rec != nil {
			rec.bid(p, m.ma())
		}
		if q := wrap(p+1, int8(s.players)); q != s.opener {
			s.toMove = q
		} else {
			s.phase, s.toMove = PhasePlay, s.opener
		}
		return nil
	case MovePlay:
		c := m.mc()
		h := s.hands[p]
		if !c.IsValid() || !h.Has(c) {
			return s.illegal(m, "you do not hold %v", c)
		}
		if led := s.trick.ledSuit(); c < 36 && led != NoSuit && Suit(c/9) != led {
			if f := h & suitBits[led]; f != 0 {
				return s.illegal(m, "must follow %v (or play a Valknut or Hagalaz): you hold %v", led, f.nth(0))
			}
			s.voids[p] |= 1 << led
		}
		s.play(p, c, rec)
		return nil
	case MoveDraw:
		s.draw(p, rec)
		return nil
	case MoveNoDraw:
		if rec != nil {
			rec.add(Event{Kind: EventDecline, Seat: norns.Player(p), Other: norns.Nobody, Card: NoCard, N: 3})
		}
		s.power = -1
		s.phase = PhasePlay
		s.afterPlay(rec)
		return nil
	case MoveReturn:
		if !m.mc().IsValid() || !s.hands[p].Has(m.mc()) {
			return s.illegal(m, "you do not hold %v", m.mc())
		}
		s.giveBack(p, m.mc(), rec)
		return nil
	case MoveSteal:
		q, why := s.stealTarget(m)
		if why != "" {
			return s.illegal(m, "%s", why)
		}
		s.tricks[q]--
		s.tricks[p]++
		if rec != nil {
			rec.add(Event{Kind: EventSteal, Seat: norns.Player(p), Other: norns.Player(q), Card: NoCard})
		}
		s.nextTrick(s.next, rec)
		return nil
	case MoveNoSteal, MoveNoTake:
		if rec != nil {
			n := 1
			if m.mk() == MoveNoTake {
				n = 6
			}
			rec.add(Event{Kind: EventDecline, Seat: norns.Player(p), Other: norns.Nobody, Card: NoCard, N: n})
		}
		s.nextTrick(s.next, rec)
		return nil
	case MoveTake:
		q, why := s.takeTarget(m)
		if why != "" {
			return s.illegal(m, "%s", why)
		}
		s.target = q
		s.rec.setTarget(s.prev.winningCard().Suit(), q)
		s.phase, s.toMove = PhasePick, int8(norns.Chance)
		if rec != nil {
			rec.add(Event{Kind: EventTake, Seat: norns.Player(s.power), Other: norns.Player(q), Card: NoCard})
		}
		return nil
	case MovePick:
		if !m.mc().IsValid() || !s.hands[s.target].Has(m.mc()) {
			return s.illegal(m, "%v does not hold %v", norns.Player(s.target), m.mc())
		}
		s.pick(m.mc(), rec)
		return nil
	case MoveGive:
		if !m.mc().IsValid() || !s.hands[p].Has(m.mc()) {
			return s.illegal(m, "you do not hold %v", m.mc())
		}
		s.give(m.mc(), rec)
		return nil
	}
	return s.illegal(m, "not a move")
}

// expects[ph] is the move kind phase ph waits for; with hasPass, the next kind (its "no") too.
var expects = [numPhases]MoveKind{
	PhaseDeal:   MoveDeal,
	PhaseBid:    MoveBid,
	PhasePlay:   MovePlay,
	PhaseDraw:   MoveDraw,
	PhaseReturn: MoveReturn,
	PhaseSteal:  MoveSteal,
	PhaseTake:   MoveTake,
	PhasePick:   MovePick,
	PhaseGive:   MoveGive,
	PhaseOver:   MoveInvalid,
}

func (ph Phase) hasPass() bool { return ph == PhaseDraw || ph == PhaseSteal || ph == PhaseTake }

// waitingFor says what the state expects, for errors.
func (s State) waitingFor() string {
	switch s.phase {
	case PhaseDeal:
		return "waiting for the deal (a chance move)"
	case PhaseBid:
		return fmt.Sprintf("seat %d must bid, as in bid 3", s.toMove)
	case PhasePlay:
		return fmt.Sprintf("seat %d must play a card, as in R7", s.toMove)
	case PhaseDraw:
		return fmt.Sprintf("seat %d played a 3 and must choose draw or nodraw", s.toMove)
	case PhaseReturn:
		return fmt.Sprintf("seat %d drew and must return a card, as in return R7", s.toMove)
	case PhaseSteal:
		return fmt.Sprintf("seat %d won with a 1 and must choose steal or nosteal", s.toMove)
	case PhaseTake:
		return fmt.Sprintf("seat %d won with a 6 and must choose take or notake", s.toMove)
	case PhasePick:
		return "waiting for the 6's random pick (a chance move)"
	case PhaseGive:
		return fmt.Sprintf("seat %d took a card and must give one, as in give R3", s.toMove)
	}
	return "the match is over"
}

func (s *State) stealTarget(m Move) (int8, string) {
	p := s.toMove
	var q int8
	if s.players == 2 {
		if m.ma() >= 0 {
			return 0, "with 2 players, write steal without a seat"
		}
		q = 1 - p
	} else {
		if m.ma() < 0 {
			return 0, "with 3 players, name the seat to rob, as in steal 2"
		}
		q = m.ma()
		if q >= int8(s.players) || q == p {
			return 0, "the target must be an opponent's seat"
		}
	}
	if s.tricks[q] == 0 {
		return 0, fmt.Sprintf("seat %d has no trick to steal in this hand", q)
	}
	return q, ""
}

func (s *State) takeTarget(m Move) (int8, string) {
	p := s.toMove
	if s.players == 2 {
		if m.ma() >= 0 {
			return 0, "with 2 players, write take without a seat"
		}
		return 1 - p, ""
	}
	if m.ma() < 0 {
		return 0, "with 3 players, name the seat to take from, as in take 2"
	}
	if m.ma() >= int8(s.players) || m.ma() == p {
		return 0, "the target must be an opponent's seat"
	}
	return m.ma(), ""
}

func (s *State) applyDeal(m Move, rec *recorder) error {
	n := int8(s.players)
	leader := m.ma()
	if s.opener >= 0 {
		if want := (s.opener + 1) % n; leader != want {
			return s.illegal(m, "hand %d is opened by seat %d (H5: the opening lead rotates)", s.handNo, want)
		}
	} else if leader < 0 || leader >= n {
		return s.illegal(m, "the opening leader must be a seat, 0 to %d", n-1)
	}
	if int(m.mn()) != int(n) {
		return s.illegal(m, "a deal for %d players in a %d-player match", m.mn(), n)
	}
	hands, seq, ok := m.dealt()
	if !ok {
		return s.illegal(m, "not a deal")
	}
	t := s
	t.trump = seq[0]
	k := stockSize(int(n))
	t.stock = stockPile{}
	for j := k; j >= 1; j-- { // seq lists the stock from the top
		t.stock.PushTop(cards.Card(seq[j]))
	}
	t.hands = hands
	t.opener = leader
	t.phase, t.toMove = PhaseBid, leader
	if rec != nil {
		rec.add(Event{Kind: EventDeal, Seat: norns.Player(leader), Other: norns.Nobody, Card: t.trump, N: int(t.handNo)})
	}
	return nil
}

// play moves c from p's hand to the trick, then runs the 3's power or the next step.
func (s *State) play(p int8, c Card, rec *recorder) {
	if k := &s.known; k[0]|k[1]|k[2] != 0 { // rare: skip the loop without it
		if c < 36 {
			k[0], k[1], k[2] = k[0]&^(1<<c), k[1]&^(1<<c), k[2]&^(1<<c)
		} else {
			for a := range int8(s.players) {
				if kk := s.knownOf(a, p); a != p && kk.Has(c) {
					s.setKnown(a, p, kk.Without(c))
				}
			}
		}
	}
	s.hands[p] = s.hands[p].Without(c)
	if s.trick.n == 0 {
		s.trick.leader = p
	}
	s.rec.setPlay(int(s.players)*int(s.trickNo)+int(s.trick.n), c)
	if s.trick.n == 0 {
		s.rec.setLeader(int(s.trickNo), p)
	}
	s.trick.cards[s.trick.n] = c
	s.trick.n++
	if rec != nil {
		rec.add(Event{Kind: EventPlay, Seat: norns.Player(p), Other: norns.Nobody, Card: c})
	}
	if c < 36 && c%9 == 2 && s.stock.Len() > 0 { // a 3 with a stock to draw from (H11)
		s.phase, s.power = PhaseDraw, p
		return
	}
	s.afterPlay(rec)
}

// afterPlay passes the turn to the next seat, or resolves a complete trick.
func (s *State) afterPlay(rec *recorder) {
	if s.trick.n == s.players {
		s.resolve(rec)
		return
	}
	s.toMove = wrap(s.trick.leader+int8(s.trick.n), int8(s.players))
}

// draw runs the 3's draw: the top of the stock goes to p's hand (H11).
func (s *State) draw(p int8, rec *recorder) {
	c, _ := s.stock.Draw()
	top := Card(c)
	s.hands[p] = s.hands[p].add(top)
	bit := uint16(1) << s.stock.Len()
	for a := range s.stockSeen {
		if s.stockSeen[a]&bit != 0 {
			s.stockSeen[a] &^= bit
			if int8(a) != p {
				s.setKnown(int8(a), p, s.knownOf(int8(a), p).add(top))
			}
		}
	}
	s.voids[p] = 0
	s.rec.setDrew(s.trick.cards[s.trick.n-1].Suit()) // the 3 just played
	s.phase = PhaseReturn
	if rec != nil {
		rec.add(Event{Kind: EventDraw, Seat: norns.Player(p), Other: norns.Nobody, Card: rec.private(p, top)})
	}
}

// giveBack runs the 3's return: c goes from p's hand to the bottom of the stock (H11).
func (s *State) giveBack(p int8, c Card, rec *recorder) {
	var kn [3]Cards // what the others knew p held, c included
	if s.known[0]|s.known[1]|s.known[2] != 0 {
		for a := range int8(s.players) {
			kn[a] = s.knownOf(a, p)
		}
	}
	s.hands[p] = s.hands[p].Without(c)
	s.stock.PushBottom(cards.Card(c))
	for a := range s.stockSeen {
		s.stockSeen[a] <<= 1
	}
	s.stockSeen[p] |= 1
	for a := range int8(s.players) { // what the others knew p held may be under the stock now
		if a != p && kn[a] != 0 {
			s.unknow(a, p, kn[a])
		}
	}
	s.power = -1
	s.phase = PhasePlay
	if rec != nil {
		rec.add(Event{Kind: EventReturn, Seat: norns.Player(p), Other: norns.Nobody, Card: rec.private(p, c)})
	}
	s.afterPlay(rec)
}

// outcome settles a complete trick t under trump suit ts (H7, H9, H12–H14): the winner (-1 if a
// Valknut destroyed it), who leads next, and how many Valknuts it holds. It is written with
// table look-ups and conditional moves: the cards of a random trick are too varied for branches
// to predict.
func outcome(t *Trick, ts Suit) (winner, next int8, valknuts int) {
	n := int8(t.n)
	c0, c1, c2 := t.cards[0], t.cards[1], t.cards[2]
	if c2m := c2 & Card(-(n - 2)); n >= 2 && c0 < 36 && c1 < 36 && c2m < 36 {
		// Suited cards only, most tricks: the first card leads, no Valknut or Hagalaz. Who
		// wins is as good as random, so it is found without a branch: each card's entry in
		// suitedKeys (its rank in the trick, and whether it is a 9) carries the card's index in
		// the low two bits, and the largest wins (no two cards rank the same unless both rank
		// nothing, and the lead ranks). The third card counts only with three cards (c2m is
		// then c2).
		kt := &suitedKeys[(ts+1)&7][cardSuit[c0]&3]
		k := maxNoBranch(int(kt[c0])<<2, int(kt[c1])<<2|1)
		k = maxNoBranch(k, (int(kt[c2m])<<2|2)&-int(n-2))
		best := int8(k & 3)
		next = best + int8(k>>2&1) // a 9 won: the next seat leads (H12)
		return wrapped[n&3][(t.leader+best)&7], wrapped[n&3][(t.leader+next)&7], 0
	}
	if n < 3 {
		c2 = NoCard // the unused slot holds 0, a red 1
	}
	// The led suit: the suit of the first suited card (H6).
	led := cardSuit[c0]
	if led < 0 {
		led = cardSuit[c1]
		if led < 0 {
			led = cardSuit[c2]
		}
	}
	best, bk := int8(0), trickKey(c0, ts, led)
	if k := trickKey(c1, ts, led); k > bk {
		best, bk = 1, k
	}
	if k := trickKey(c2, ts, led); k > bk {
		best = 2
	}
	valknuts = int(isValknut[c0] + isValknut[c1] + isValknut[c2])
	hagalaz := int(isHagalaz[c0] + isHagalaz[c1] + isHagalaz[c2])
	lastH := int8(-1)
	switch {
	case c2 == Hagalaz:
		lastH = 2
	case c1 == Hagalaz:
		lastH = 1
	case c0 == Hagalaz:
		lastH = 0
	}
	switch {
	case valknuts > 0: // H13
		winner = -1
	case hagalaz == int(n): // H7d: the first Hagalaz wins
		winner = 0
	default:
		winner = best
	}
	switch {
	case lastH >= 0: // H14, over H12 and H13
		next = lastH
	case winner < 0: // H13's decision: the leader leads again
		next = 0
	case cardRank[t.cards[winner]] == 9: // a 9 won (H12)
		next = winner + 1
	default:
		next = winner
	}
	next = wrap(t.leader+next, n)
	if winner >= 0 {
		winner = wrap(t.leader+winner, n)
	}
	return winner, next, valknuts
}

// trickKey ranks card c in a trick with led suit led under trump suit ts: 21–29 for a trump,
// 1–9 for a card of the led suit, 0 for anything else (H7).
func trickKey(c Card, ts, led Suit) int8 {
	s, r := cardSuit[c], cardRank[c]
	k := int8(0)
	if s == led {
		k = r
	}
	if s == ts {
		k = 20 + r
	}
	return k
}

// suitedKeys[ts+1][led][c] is, for a suited card c, trump suit ts (NoSuit included) and a led
// suit, trickKey(c, ts, led)<<1, plus 1 if c is a 9 (H12); other entries are zero. The sizes let
// indexes be masked rather than checked.
var suitedKeys = func() (t [8][NumSuits][64]int8) {
	for ts := NoSuit; ts < NumSuits; ts++ {
		for led := range Suit(NumSuits) {
			for c := range Card(36) {
				t[ts+1][led][c] = trickKey(c, ts, led)<<1 | cardRank[c]/9
			}
		}
	}
	return t
}()

// maxNoBranch returns the larger of a and b with arithmetic alone (Go's max may compile to a
// branch, which mispredicts when the larger is as good as random); a-b must not overflow.
func maxNoBranch(a, b int) int {
	d := a - b
	return a - d&(d>>63)
}

// wrapped[n][x] is wrap(x, n) for 1 <= n <= 3 and 0 <= x < 8: a lookup where the seat to act
// next is as good as random, so that a branch would mispredict.
var wrapped = func() (t [4][8]int8) {
	for n := 1; n < 4; n++ {
		for x := range 8 {
			t[n][x] = int8(x % n)
		}
	}
	return t
}()

// Tables indexed by any Card value: the suit (-2 for anything unsuited or invalid, so that it
// matches neither a suit nor NoSuit), the rank (0 if unsuited), and whether it is a Valknut or
// a Hagalaz.
var cardSuit, cardRank, isValknut, isHagalaz = func() (su [256]Suit, ra, v, h [256]int8) {
	for c := range 256 {
		su[c] = -2
		if c < 36 {
			su[c], ra[c] = Suit(c/9), int8(c%9+1)
		}
	}
	v[Valknut], h[Hagalaz] = 1, 1
	return
}()

// winningCard returns the card of a completed trick's winner.
func (t *Trick) winningCard() Card {
	i := t.winner - t.leader
	if i < 0 {
		i += int8(t.n)
	}
	return t.cards[i]
}

// resolve settles a complete trick (H7–H9, H12–H14) and starts the powers of 1 and 6 (H10, H15).
func (s *State) resolve(rec *recorder) {
	winner, next, valknuts := outcome(&s.trick, s.trump.Suit())
	if valknuts > 0 || rec != nil {
		s.resolveAll(winner, next, valknuts, rec)
		return
	}
	// Most tricks: a seat won it, and no event to record. What resolveAll does then, in a small
	// function (the events make resolveAll's frame large).
	t, p := &s.trick, &s.prev
	p.cards[0], p.cards[1], p.cards[2] = t.cards[0], t.cards[1], t.cards[2]
	p.n, p.players, p.leader, p.winner = t.n, t.players, t.leader, winner
	*t = emptyTrick(s.players)
	s.trickNo++
	s.tricks[winner]++
	switch r := cardRank[p.winningCard()]; {
	case r == 1 && canSteal(s.players, winner, s.tricks): // H10
		s.phase, s.toMove, s.power, s.next = PhaseSteal, winner, winner, next
	case r == 6 && int(s.trickNo) < handSize(int(s.players)): // H15: not after the last trick
		s.phase, s.toMove, s.power, s.next = PhaseTake, winner, winner, next
	default: // nextTrick, inline
		s.power, s.target, s.next = -1, -1, -1
		if int(s.trickNo) == handSize(int(s.players)) {
			s.scoreHand(nil)
			return
		}
		s.phase, s.toMove = PhasePlay, next
	}
}

// resolveAll is resolve in every case, given the trick's outcome: a Valknut may have destroyed
// it (H13), and rec may record the events.
func (s *State) resolveAll(winner, next int8, valknuts int, rec *recorder) {
	if valknuts > 0 {
		if rec != nil {
			rec.add(Event{Kind: EventDestroyed, Seat: norns.Nobody, Other: norns.Nobody, Card: NoCard})
		}
		if valknuts >= 2 && s.stock.Len() > 0 { // the trump changes (H13)
			c, _ := s.stock.Draw()
			s.rec.setReplaced(s.trump)
			s.trump = Card(c)
			for a := range s.stockSeen {
				s.stockSeen[a] &^= 1 << s.stock.Len()
			}
			if rec != nil {
				rec.add(Event{Kind: EventTrump, Seat: norns.Nobody, Other: norns.Nobody, Card: s.trump})
			}
		}
	}
	// Copy the trick byte by byte: a wider copy would wait for the store of its last card.
	t, p := &s.trick, &s.prev
	p.cards[0], p.cards[1], p.cards[2] = t.cards[0], t.cards[1], t.cards[2]
	p.n, p.players, p.leader, p.winner = t.n, t.players, t.leader, winner
	*t = emptyTrick(s.players)
	s.trickNo++
	if winner < 0 {
		s.nextTrick(next, rec)
		return
	}
	s.tricks[winner]++
	wc := s.prev.winningCard()
	if rec != nil {
		rec.add(Event{Kind: EventWin, Seat: norns.Player(winner), Other: norns.Nobody, Card: wc})
	}
	switch {
	case wc.Rank() == 1 && canSteal(s.players, winner, s.tricks): // H10
		s.phase, s.toMove, s.power, s.next = PhaseSteal, winner, winner, next
	case wc.Rank() == 6 && int(s.trickNo) < handSize(int(s.players)): // H15: not after the last trick
		s.phase, s.toMove, s.power, s.next = PhaseTake, winner, winner, next
	default:
		s.nextTrick(next, rec)
	}
}

// nextTrick hands the lead to l, or scores the hand after its last trick.
func (s *State) nextTrick(l int8, rec *recorder) {
	s.power, s.target, s.next = -1, -1, -1
	if int(s.trickNo) == handSize(int(s.players)) {
		s.scoreHand(rec)
		return
	}
	s.phase, s.toMove = PhasePlay, l
}

// pick runs the 6's take: c moves from the target's hand to the owner's (H15).
func (s *State) pick(c Card, rec *recorder) {
	o, x := s.power, s.target
	s.pass(x, o, c)
	s.phase, s.toMove = PhaseGive, o
	if rec != nil {
		rec.add(Event{Kind: EventTaken, Seat: norns.Player(o), Other: norns.Player(x), Card: rec.between(o, x, c)})
	}
}

// pass moves c from seat from's hand to seat to's in a 6 exchange (either half, H15): both
// seats see it, the third seat sees only that a card moved, and each side's knowledge of the
// other's hand follows the card.
func (s *State) pass(from, to int8, c Card) {
	if s.players == 3 {
		// The third seat cannot tell which card left from's hand: it may be one it knew of.
		a := 3 - from - to
		s.unknow(a, from, s.knownOf(a, from))
	}
	if st := s.prev.winningCard().Suit(); s.phase == PhasePick { // the 6's
		s.rec.setTaken(st, c)
	} else {
		s.rec.setGiven(st, c)
	}
	kt, kf := s.knownOf(to, from), s.knownOf(from, to)
	s.hands[from] = s.hands[from].Without(c)
	s.hands[to] = s.hands[to].add(c)
	if c < 36 {
		s.known[to] &^= 1 << c // to holds c now
	}
	s.setKnown(to, from, kt.Without(c))
	s.setKnown(from, to, kf.add(c))
	s.voids[to] = 0
}

// give runs the 6's give: c moves from the owner's hand to the target's (H15).
func (s *State) give(c Card, rec *recorder) {
	o, x := s.power, s.target
	s.pass(o, x, c)
	if rec != nil {
		rec.add(Event{Kind: EventGive, Seat: norns.Player(o), Other: norns.Player(x), Card: rec.between(o, x, c)})
	}
	s.nextTrick(s.next, rec)
}

// wrap returns x mod n for 0 <= x < 2n.
func wrap(x, n int8) int8 {
	if x >= n {
		x -= n
	}
	return x
}

// Step applies m to the state s points to, in place: the same checks in the same order, and the
// same error, as [State.Apply]; on error *s is unchanged. After a successful s.Step(m), *s equals
// what s.Apply(m) returns. Step is the fast path for loops that play many moves on one state
// (norns.Playout, the search, the arena); Apply stays the front door. Every check is made before
// the first change, so a refused move leaves *s as it was. Step does not allocate unless it
// returns an error.
//
// Step makes a bid in range, a 3's draw or nodraw, a 1's or a 6's choice with two players, a
// deal, a 6's pick and give itself, as apply makes them. It checks a card play, most of a
// match's moves, itself too, with apply's checks for MovePlay (the card held, the follow rule,
// H6), and makes it as play does, unless the card is a 3 (whose power may start), or a Valknut or
// Hagalaz while a seat knows a card of another: those go to play. Any other move, or a move those
// checks refuse, goes through apply, which makes or refuses it.
func (s *State) Step(m Move) error {
	if m.mk() != MovePlay || s.phase != PhasePlay {
		if m.mk() == MoveBid && s.phase == PhaseBid && uint8(m.ma()) <= uint8(handSize(int(s.players))) {
			// A bid in range: apply's MoveBid case, inline.
			p := s.toMove
			s.bids[p] = m.ma()
			if q := wrap(p+1, int8(s.players)); q != s.opener {
				s.toMove = q // the same bids to list
			} else {
				s.phase, s.toMove = PhasePlay, s.opener
				s.setLegal()
			}
			return nil
		}
		if s.phase == PhaseDraw && m.mk()-MoveDraw < 2 { // MoveDraw or MoveNoDraw: apply's cases, inline
			if m.mk() == MoveDraw {
				s.draw(s.toMove, nil)
			} else {
				s.power, s.phase = -1, PhasePlay
				s.afterPlay(nil)
			}
			s.setLegal()
			return nil
		}
		if s.players == 2 && m.ma() < 0 && (s.phase == PhaseSteal || s.phase == PhaseTake) {
			// A 1's or a 6's choice with two players: apply's cases, inline.
			p := s.toMove
			switch k := m.mk(); {
			case k == MoveSteal && s.phase == PhaseSteal && s.tricks[(1-p)&1] > 0:
				s.tricks[(1-p)&1]--
				s.tricks[p&1]++
				s.nextTrick(s.next, nil)
			case k == MoveNoSteal && s.phase == PhaseSteal, k == MoveNoTake && s.phase == PhaseTake:
				s.nextTrick(s.next, nil)
			case k == MoveTake && s.phase == PhaseTake:
				s.target = 1 - p
				s.rec.setTarget(s.prev.winningCard().Suit(), 1-p)
				s.phase, s.toMove = PhasePick, int8(norns.Chance)
			default:
				return s.apply(m, nil) // for its error
			}
			s.setLegal()
			return nil
		}
		switch k := m.mk(); { // chance, and a 6's give: apply's cases, inline
		case k == MoveDeal && s.phase == PhaseDeal && s.players != 0:
			if err := s.applyDeal(m, nil); err != nil {
				return err
			}
		case k == MovePick && s.phase == PhasePick && m.mc().IsValid() && s.hands[s.target].Has(m.mc()):
			s.pick(m.mc(), nil)
		case k == MoveGive && s.phase == PhaseGive && m.mc().IsValid() && s.hands[s.toMove].Has(m.mc()):
			s.give(m.mc(), nil)
		default:
			return s.apply(m, nil)
		}
		s.setLegal()
		return nil
	}
	p, c := s.toMove, m.mc()
	h := s.hands[p]
	t := &s.trick
	led := NoSuit // the trick's led suit once c is played
	if c < 36 {
		if h&(1<<c) == 0 {
			return s.apply(m, nil) // for its error: p does not hold c
		}
		if t.n > 0 {
			led = cardSuit[t.cards[0]]
			if led < 0 { // a Valknut or Hagalaz led
				led = t.ledSuit()
			}
			if led >= 0 && cardSuit[c] != led { // H6
				if h&suitBits[led] != 0 {
					return s.apply(m, nil) // for its error: p must follow
				}
				s.voids[p] |= 1 << led
			}
		}
		if led < 0 { // c leads the suit
			led = cardSuit[c]
		}
		if cardRank[c] == 3 {
			s.play(p, c, nil) // a 3's power may start
			s.setLegal()
			return nil
		}
		if k := &s.known; k[0]|k[1]|k[2] != 0 { // as play: nobody knows where c is now
			k[0], k[1], k[2] = k[0]&^(1<<c), k[1]&^(1<<c), k[2]&^(1<<c)
		}
		h &^= 1 << c
	} else { // a Valknut or Hagalaz, which may always be played, or no card
		if !h.Has(c) {
			return s.apply(m, nil) // for its error
		}
		led = t.ledSuit()
		if s.known[0]|s.known[1]|s.known[2] != 0 {
			s.play(p, c, nil) // a card someone may know of
			s.setLegal()
			return nil
		}
		// Its copies are a count in unary; drop the top one.
		g := h & (valknutBits << (c - 36))
		h = h&^g | g>>1&g
	}
	// What play does, with the tape's writes inline. The trick and the seat to act come first:
	// the next call of AppendLegal through a *State copies the State in 16-byte loads, which
	// wait for the stores to their bytes to complete, so the stores it reads are made early.
	n := t.n
	if n == 0 {
		t.leader = p
	}
	t.cards[n] = c
	t.n = n + 1
	if n+1 < s.players { // the next seat plays to this trick: setLegal's PhasePlay case, inline
		q := wrapped[s.players&3][(t.leader+int8(n+1))&7]
		s.toMove = q
		hq := s.hands[q]
		x := hq & kindBits // playable, inline
		if led >= 0 && hq&suitBits[led&3] != 0 {
			x = hq & (suitBits[led&3] | 1<<36 | 1<<39)
		}
		s.lx = uint64(x)
	}
	s.hands[p] = h
	// The tape's slot of this play (setPlay), which is empty: a State's tape holds nothing past
	// the cards played (startDeal empties it, and the decoder refuses a state that does not
	// replay to the same bits).
	at := 6 * (uint(s.players)*uint(s.trickNo) + uint(n))
	if w, sh := at/64, at%64; w < uint(len(s.rec))-1 {
		s.rec[w] |= cardCode(c) << sh
		if sh > 64-6 {
			s.rec[w+1] |= cardCode(c) >> (64 - sh)
		}
	}
	if n == 0 {
		s.rec.setLeader(int(s.trickNo), p)
	}
	if n+1 == s.players {
		s.resolve(nil)
		if s.phase == PhasePlay { // a new trick: any card of the leader (setLegal, inline)
			s.lx = uint64(s.hands[s.toMove] & kindBits)
		} else {
			s.setLegal()
		}
	}
	return nil
}
