package herrlof

import (
	"errors"
	"fmt"
	"math/bits"
)

// validateSample reports the first way s breaks the invariants every state a match reaches
// keeps, without asking that it replay: card conservation, hand sizes, trick counts, bids and
// scores in range, a pending power the last trick allows, knowledge that is true, a record of
// the hand that agrees with the tricks and the stock. Samples (whose other seats know nothing of
// each other) and the scripted positions of the rule tests (tricks set by hand) keep these
// invariants but are not states a match reaches, so the tests check them with this.
func (s State) validateSample() error {
	if err := s.validateMatch(); err != nil {
		return err
	}
	if s.phase == PhaseDeal || s.phase == PhaseOver {
		return nil
	}
	return s.validateHand()
}

// validateHand checks a state in the middle of a hand.
func (s State) validateHand() error {
	n := int(s.players)
	hs := handSize(n)
	ss := stockSize(n)
	// Cards: all canonical, all there once.
	all := s.hands[:n]
	sum := Cards(0)
	for _, h := range all {
		if !h.isCanonical() {
			return fmt.Errorf("bad card set %#x", uint64(h))
		}
		var ok bool
		if sum, ok = sum.plus(h); !ok {
			return errors.New("a card is in two places")
		}
	}
	if !s.trump.IsValid() {
		return fmt.Errorf("trump card %v", s.trump)
	}
	extra := []Card{s.trump}
	if s.stock.Len() > ss {
		return fmt.Errorf("%d cards in the stock", s.stock.Len())
	}
	extra = append(extra, s.stockBottomUp()...)
	for _, t := range []Trick{s.trick, s.prev} {
		if t.players != s.players || int(t.n) > n {
			return errors.New("bad trick")
		}
		for i, c := range t.cards {
			if i >= int(t.n) && c != 0 {
				return errors.New("stray trick slot")
			}
		}
		if (t.n == 0) != (t.leader < 0) || t.n == 0 && t.winner != -1 {
			return errors.New("bad trick leader")
		}
	}
	extra = append(extra, s.trick.cards[:s.trick.n]...)
	for _, c := range extra {
		if !c.IsValid() {
			return fmt.Errorf("bad card %v", c)
		}
		b := sum.addBit(c)
		if b == 0 {
			return fmt.Errorf("%v is in two places", c)
		}
		sum |= b
	}
	out := deckBits.Minus(sum) // the cards out of play, as State.played derives them
	// Tricks and the stock.
	if int(s.trickNo) > hs || int(s.trickNo) == hs && s.phase != PhaseSteal {
		return fmt.Errorf("%d tricks done", s.trickNo)
	}
	won := 0
	for p := range n {
		won += int(s.tricks[p])
	}
	if won > int(s.trickNo) {
		return fmt.Errorf("%d tricks won of %d", won, s.trickNo)
	}
	destroyed := int(s.trickNo) - won
	drawn := 0
	if s.phase == PhaseReturn {
		drawn = 1
	}
	changes := ss - s.stock.Len() - drawn
	if changes < 0 || changes > destroyed || out.Len() != int(s.trickNo)*n+changes {
		return fmt.Errorf("%d cards out of play after %d tricks, stock %d", out.Len(), s.trickNo, s.stock.Len())
	}
	if s.trick.winner != -1 {
		return errors.New("a winner in the trick in play")
	}
	if s.trick.n == s.players && s.phase != PhaseDraw && s.phase != PhaseReturn {
		return errors.New("a complete trick in play")
	}
	if (s.prev.n != 0) != (s.trickNo > 0) || s.prev.n != 0 && s.prev.n != s.players {
		return errors.New("bad last trick")
	}
	var prevNext int8 = -1
	if s.prev.n != 0 {
		winner, next, _ := outcome(&s.prev, s.trump.Suit()) // a trump change only follows a destroyed trick
		if winner != s.prev.winner {
			return fmt.Errorf("last trick won by %d, want %d", s.prev.winner, winner)
		}
		prevNext = next
	}
	// Hand sizes.
	inTrick := [3]int{}
	for i := range int(s.trick.n) {
		inTrick[(int(s.trick.leader)+i)%n] = 1
	}
	for p := range n {
		want := hs - int(s.trickNo) - inTrick[p]
		if s.power == int8(p) && (s.phase == PhaseReturn || s.phase == PhaseGive) {
			want++
		}
		if s.target == int8(p) && s.phase == PhaseGive {
			want--
		}
		if s.hands[p].Len() != want {
			return fmt.Errorf("seat %d holds %d cards, want %d", p, s.hands[p].Len(), want)
		}
	}
	// Bids.
	for i := range n {
		p := (int(s.opener) + i) % n
		b := int(s.bids[p])
		bidding := s.phase == PhaseBid && int(s.toMove) == p
		if bidding {
			for j := i; j < n; j++ {
				if s.bids[(int(s.opener)+j)%n] != -1 {
					return errors.New("a bid out of turn")
				}
			}
			break
		}
		if b < 0 || b > hs {
			return fmt.Errorf("seat %d's bid %d", p, b)
		}
	}
	// Whose turn, and the pending power.
	want := struct{ toMove, power, target, next int8 }{-1, -1, -1, -1}
	switch s.phase {
	case PhaseBid:
		if s.trickNo != 0 || s.trick.n != 0 || s.stock.Len() != ss || s.toMove < 0 {
			return errors.New("cards moved during the bidding")
		}
		want.toMove = s.toMove
	case PhasePlay:
		want.toMove = s.toMove
		if s.trick.n > 0 {
			want.toMove = (s.trick.leader + int8(s.trick.n)) % int8(n)
		} else if s.trickNo > 0 {
			want.toMove = prevNext
		} else {
			want.toMove = s.opener
		}
	case PhaseDraw, PhaseReturn:
		if s.trick.n == 0 {
			return errors.New("a draw with no 3 played")
		}
		last := s.trick.cards[s.trick.n-1]
		p := (s.trick.leader + int8(s.trick.n) - 1) % int8(n)
		if last.Rank() != 3 || s.phase == PhaseDraw && s.stock.Len() == 0 {
			return errors.New("a draw with no 3 played")
		}
		want.toMove, want.power = p, p
	case PhaseSteal, PhaseTake, PhasePick, PhaseGive:
		if s.prev.n == 0 || s.prev.winner < 0 || s.trick.n != 0 {
			return errors.New("a power with no trick won")
		}
		w := s.prev.winner
		rank := s.prev.winningCard().Rank()
		want.toMove, want.power, want.next = w, w, prevNext
		switch s.phase {
		case PhaseSteal:
			if rank != 1 || !canSteal(s.players, w, s.tricks) {
				return errors.New("a steal with no 1 or no trick to steal")
			}
		default:
			if rank != 6 || int(s.trickNo) >= hs {
				return errors.New("a take with no 6")
			}
			if s.phase != PhaseTake {
				want.target = s.target
				if s.target < 0 || s.target == w {
					return errors.New("a take with no target")
				}
				if s.phase == PhasePick {
					want.toMove = -1
				}
			}
		}
	}
	if s.toMove != want.toMove || s.power != want.power || s.target != want.target || s.next != want.next {
		return fmt.Errorf("turn %d, power %d, target %d, next %d do not fit %v", s.toMove, s.power, s.target, s.next, s.phase)
	}
	// Knowledge.
	for a := range n {
		if s.stockSeen[a]>>s.stock.Len() != 0 {
			return errors.New("knowledge of a stock position that is not there")
		}
		for st := range Suit(NumSuits) {
			if s.voids[a]&(1<<st) != 0 && s.hands[a]&suitBits[st] != 0 {
				return fmt.Errorf("seat %d showed out of %v but holds it", a, st)
			}
		}
		if s.voids[a] >= 1<<NumSuits {
			return errors.New("bad voids")
		}
		others := (s.hands[0] | s.hands[1] | s.hands[2]) &^ s.hands[a]
		if s.known[a]>>48 != 0 || s.known[a]&suitedBits&^others != 0 {
			return fmt.Errorf("seat %d's knowledge is not of the others' hands", a)
		}
		for b := range n {
			k := s.knownOf(int8(a), int8(b))
			if !k.isCanonical() || !s.hands[b].Contains(k) {
				return fmt.Errorf("seat %d's knowledge of seat %d is false", a, b)
			}
		}
	}
	return s.validateTape()
}

// validateTape checks the record of the hand against the rest of the state:
// the cards played are those out of play (bar a replaced trump card) in the tricks the state
// shows, the leaders are those of its tricks, the 3s that drew made the returns that stockSeen
// shows, and the 6 exchanges are the 6s' (the one in progress as the phase says). It cannot know
// the hidden cards of the past, so it checks only the form of the exchanged cards; View.Sample
// falls back to a plain deal for a record that no hand could have written.
func (s *State) validateTape() error {
	t := &s.rec
	nn := int(s.players)
	if t[4]>>(tapeBits-256) != 0 {
		return errors.New("record: stray bits")
	}
	if r := t.replaced(); r != s.replacedTrump() {
		return fmt.Errorf("record: replaced trump card %v, but the card out of play in no trick is %v", r, s.replacedTrump())
	}
	n := s.plays()
	if s.phase == PhaseDeal || s.phase == PhaseOver {
		if *t != (tape{}) {
			return errors.New("record between hands")
		}
		return nil
	}
	var played Cards
	for k := range maxPlays {
		c := t.play(k)
		if k >= n {
			if c != NoCard {
				return errors.New("record: a card played beyond the tricks")
			}
			continue
		}
		var ok bool
		if !c.IsValid() {
			return fmt.Errorf("record: play %d is not a card", k)
		}
		if played, ok = played.plus(Cards(0).add(c)); !ok {
			return fmt.Errorf("record: %v played twice", c)
		}
	}
	for i := range 15 {
		if i > (n-1)/nn && t.leader(i) != 0 || n == 0 && t.leader(0) != 0 {
			return errors.New("record: a leader of a trick not begun")
		}
	}
	for i := range (n + nn - 1) / nn {
		if int(t.leader(i)) >= nn {
			return errors.New("record: a leader is not a seat")
		}
	}
	if n == 0 {
		if *t != (tape{}) {
			return errors.New("record: a hand with no card played")
		}
		return nil
	}
	if t.leader(0) != s.opener {
		return errors.New("record: the first trick's leader is not the hand's opener")
	}
	// The tricks: the current one and the last one as the state has them.
	cur := int(s.trickNo)
	if s.trick.n > 0 {
		if t.leader(cur) != s.trick.leader {
			return errors.New("record: the trick's leader")
		}
		for j := range int(s.trick.n) {
			if t.play(nn*cur+j) != s.trick.cards[j] {
				return errors.New("record: the trick's cards")
			}
		}
	}
	if cur > 0 {
		if t.leader(cur-1) != s.prev.leader {
			return errors.New("record: the last trick's leader")
		}
		for j := range nn {
			if t.play(nn*(cur-1)+j) != s.prev.cards[j] {
				return errors.New("record: the last trick's cards")
			}
		}
	}
	// Out of play: the cards played, and the first trump card if it was replaced.
	out := s.played()
	for j := range int(s.trick.n) {
		out = out.add(s.trick.cards[j])
	}
	if extra := out.Minus(played); !out.Contains(played) || extra.Len() > 1 {
		return errors.New("record: the cards played are not those out of play")
	}
	// The 3s: a draw for each return the stock shows, and a pending one in PhaseReturn.
	var drew [3]int
	returns := 0
	for st := range Suit(NumSuits) {
		if !t.drew(st) {
			continue
		}
		k := t.find(Card(int(st)*9+2), n)
		if k < 0 {
			return fmt.Errorf("record: the %v 3 drew unplayed", st)
		}
		drew[t.seatOf(k, nn)]++
		returns++
	}
	if s.phase == PhaseReturn {
		if k := n - 1; k < 0 || t.play(k) >= 36 || t.play(k)%9 != 2 || !t.drew(t.play(k).Suit()) {
			return errors.New("record: the draw in progress")
		}
		drew[s.power]--
		returns--
	}
	if s.stockSeen[0]|s.stockSeen[1]|s.stockSeen[2] != 1<<returns-1 {
		return errors.New("record: the returns are not at the bottom of the stock")
	}
	for p := range 3 {
		if drew[p] != bits.OnesCount16(s.stockSeen[p]) {
			return fmt.Errorf("record: seat %d's draws do not match its returns", p)
		}
	}
	// The 6s: each exchange a 6 in a completed trick, the one in progress as the phase says.
	for st := range Suit(NumSuits) {
		q := t.target(st)
		taken, given := t.taken(st), t.given(st)
		if q < 0 {
			if taken != NoCard || given != NoCard {
				return errors.New("record: exchanged cards without an exchange")
			}
			continue
		}
		k := t.find(Card(int(st)*9+5), nn*cur)
		if k < 0 || t.seatOf(k, nn) == q || int(q) >= nn {
			return fmt.Errorf("record: the %v 6's exchange", st)
		}
		pending := (s.phase == PhasePick || s.phase == PhaseGive) && s.prev.winningCard() == Card(int(st)*9+5)
		switch {
		case pending && s.phase == PhasePick:
			if taken != NoCard || given != NoCard || q != s.target {
				return errors.New("record: the exchange in progress")
			}
		case pending:
			if !taken.IsValid() || given != NoCard || q != s.target {
				return errors.New("record: the exchange in progress")
			}
		default:
			if !taken.IsValid() || !given.IsValid() {
				return errors.New("record: an exchange without its cards")
			}
		}
	}
	return nil
}
