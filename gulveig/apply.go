package gulveig

import (
	"fmt"
	"math/bits"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// HandSize is the number of cards dealt to each bidder (G4), and the number of tricks (G10).
const HandSize = 7

// maxBids caches Config.MaxBid by set of alternates.
var maxBids = func() (t [16]uint16) {
	for a := range Alternates(16) {
		t[a] = uint16(Config{Alternates: a}.MaxBid())
	}
	return t
}()

func (s *turn) cap() int { return int(maxBids[s.alts&AllAlternates]) }

func (s *turn) opening() int {
	switch {
	case s.players == 2:
		return 50
	case s.has(flagVeteran):
		return 100
	}
	return 90
}

func (s *turn) blindMin() int {
	if s.players == 2 {
		return 60
	}
	return 120
}

// bidders returns the seats that are dealt cards and bid: every seat but the 4th player.
func (s *turn) bidders() uint8 {
	all := uint8(1)<<s.players - 1
	if s.players == 4 && s.dealer >= 0 {
		all &^= 1 << s.dealer
	}
	return all
}

// next returns the first seat of set after p clockwise (p itself if it is the only one).
func (s *turn) next(set uint8, p int8) int8 {
	set &= 1<<s.players - 1
	if after := set >> uint8(p+1) << uint8(p+1); after != 0 {
		return int8(bits.TrailingZeros8(after))
	}
	if set == 0 {
		return -1
	}
	return int8(bits.TrailingZeros8(set))
}

// trickSize returns the cards in a trick: one per bidder.
func (s *turn) trickSize() uint8 {
	if s.players == 2 {
		return 2
	}
	return 3
}

// position returns seat q's position for the roles (G21).
func (s *turn) position(q int8) Position {
	switch {
	case q == s.declarer:
		return Winner
	case s.players == 4 && q == s.dealer:
		return Fourth
	}
	return Loser
}

// minBid returns the least bid the seat to act may make.
func (s *turn) minBid() int {
	if s.high == 0 {
		return s.opening()
	}
	return int(s.high) + 10
}

// power returns the power the seat to act is deciding on in PhaseRole.
func (s *State) power() Power {
	q := s.toMove
	if s.drawing {
		return PowerOf(s.drawnRole, Loser, int(s.players))
	}
	return PowerOf(s.h.roles[q], s.position(q), int(s.players))
}

// firstAct reports whether seat q, under blind bidding, has neither looked nor bid (it may look
// or bid blind, not bid or pass).
func (s *turn) firstAct(q int8) bool {
	bit := uint8(1) << q
	return s.has(flagBlind) && s.looked&bit == 0 && s.blind&bit == 0
}

// bidFloor returns the least bid seat q may make: blind (under blind bidding, before it looks
// or once it bid blind) or not.
func (s *turn) bidFloor(q int8) (lo int, blind bool) {
	if s.firstAct(q) || s.blind&(1<<q) != 0 {
		return max(s.minBid(), s.blindMin()), true
	}
	return s.minBid(), false
}

// Apply returns the state after m. It checks, in order: that the match is not over (else an
// error wrapping [norns.ErrGameOver]); that m is of a kind the phase accepts; and that m obeys
// the rules (a bid of a multiple of 10 raising the high bid, cards the seat holds, following the
// led clan, …). A refused move returns the receiver unchanged and a [*norns.MoveError] wrapping
// [norns.ErrIllegalMove] that says why; the receiver never changes. Apply does not allocate for
// a legal move. It is [State.Step] on its own copy of the receiver, so the two cannot disagree.
func (s State) Apply(m Move) (State, error) {
	err := s.Step(m)
	return s, err
}

// Step applies m to the state s points to, in place: the same checks in the same order, and the
// same error, as [State.Apply], all made before the first change, so on error *s is unchanged.
// After a successful s.Step(m), *s equals what s.Apply(m) returns. Step is the fast path for
// loops that play many moves on one state (norns.Playout, the search, the arena): it copies no
// State and does not allocate for a legal move. Apply stays the front door.
func (s *State) Step(m Move) error {
	// Most moves are a card played in the tricks: the turnKey has the cards that may be played.
	if s.phase == PhasePlay && m.kind() == MovePlay && s.toMove >= 0 && s.players != 0 && s.turnKey.playable().Has(m.c0()) {
		s.play(s.toMove, m)
		s.syncTurn()
		return nil
	}
	// A deal, checked and dealt from one decoding of the move.
	if s.phase == PhaseDeal && s.toMove == chance && s.players != 0 && m.kind() == MoveDeal {
		d, clash := m.deal()
		if reason := s.badDeal(d, clash); reason != "" {
			return s.refuse(m, "%s", reason)
		}
		s.startHand(m, d)
		s.syncTurn()
		return nil
	}
	if err := s.check(m); err != nil {
		return err
	}
	s.apply(m)
	s.syncTurn()
	return nil
}

// syncTurn sets the turnKey from the rest of the State: what the seat to act may do, with its
// hand and role (the treasure at an Orchard draw). Every change of a State ends with it, and
// writes the key whole (see turnKey).
func (s *State) syncTurn() {
	if s.phase == PhasePlay { // most moves: keyOf's case, written out
		k := turnKey(s.h.hand[s.toMove]) | turnKey(PhasePlay+1)<<keyCode
		if s.trickN > 0 {
			k |= keyA | turnKey(s.trick[0].Clan())<<keyLo
		}
		s.turnKey = k
		return
	}
	var cur Cards
	role := NoRole
	switch {
	case s.toMove >= 0:
		cur, role = s.h.hand[s.toMove], s.h.roles[s.toMove]
	case s.phase == PhaseDraw:
		cur = s.h.treasure
	}
	s.turnKey = s.keyOf(cur, role)
}

func (s *State) refuse(m Move, format string, args ...any) error {
	return &norns.MoveError{Game: "gulveig", Seat: norns.Player(s.toMove), Move: m.String(),
		Reason: fmt.Sprintf(format, args...), Err: norns.ErrIllegalMove}
}

// check returns nil if m is legal in s, and the error Apply returns otherwise.
func (s *State) check(m Move) error {
	if s.toMove == nobody || s.players == 0 {
		return &norns.MoveError{Game: "gulveig", Seat: norns.Nobody, Move: m.String(), Reason: "the match is over", Err: norns.ErrGameOver}
	}
	k := m.kind()
	if k >= numMoveKinds || phaseKinds[s.phase]&(1<<k) == 0 {
		return s.refuse(m, "not a %v move: the %v phase takes %v", k, s.phase, phaseWants[s.phase])
	}
	q := s.toMove
	switch s.phase {
	case PhaseDealer:
		if p := m.n(); p < 0 || p >= int(s.players) {
			return s.refuse(m, "seat %d is not one of %d", p, s.players)
		}
	case PhaseDeal:
		if reason := s.badDeal(m.deal()); reason != "" {
			return s.refuse(m, "%s", reason)
		}
	case PhaseBid:
		bit := uint8(1) << q
		first := s.firstAct(q)
		switch k {
		case MoveLook:
			if !first {
				return s.refuse(m, "you already know your hand")
			}
		case MovePass:
			switch {
			case s.high == 0:
				return s.refuse(m, "the first bidder may not pass: bid at least %d", s.opening())
			case first:
				return s.refuse(m, "look at your hand or bid blind first")
			}
		case MoveBid:
			if first {
				return s.refuse(m, "look at your hand first, or bid blind")
			}
			if s.blind&bit != 0 {
				return s.refuse(m, "you bid blind: raise blind or pass")
			}
			return s.checkBid(m, s.minBid())
		case MoveBlind:
			if !first && s.blind&bit == 0 {
				return s.refuse(m, "you looked at your hand: you may not bid blind")
			}
			return s.checkBid(m, max(s.minBid(), s.blindMin()))
		}
	case PhaseRole:
		if p := s.power(); k == MoveDecline && p.Mandatory {
			return s.refuse(m, "the power %v is mandatory", p)
		}
	case PhaseGive:
		if !s.h.hand[q].Has(m.c0()) {
			return s.refuse(m, "you do not hold %v", m.c0())
		}
	case PhaseDraw:
		if !s.h.treasure.Has(m.c0()) {
			return s.refuse(m, "%v is not in the treasure", m.c0())
		}
	case PhaseSwap:
		if c := m.Cards(); c.Len() != 2 || !s.h.hand[q].Contains(c) {
			return s.refuse(m, "give 2 cards of your hand")
		}
	case PhaseAside:
		if c := m.Cards(); c.Len() != 3 || !s.h.hand[q].Contains(c) {
			return s.refuse(m, "put aside 3 cards of your hand")
		}
	case PhaseRaise:
		if k == MoveRaise {
			return s.checkBid(m, int(s.contract)+10)
		}
	case PhasePlay:
		c := m.c0()
		hand := s.h.hand[q]
		if k == MoveShow && s.trickN != 0 {
			return s.refuse(m, "a combo is shown only on a lead")
		}
		if !hand.Has(c) {
			return s.refuse(m, "you do not hold %v", c)
		}
		if k == MoveShow {
			p, ok := c.Partner()
			if !ok || p != m.c1() || !s.InPlay().Has(p) {
				return s.refuse(m, "%v and %v are not a combo", c, m.c1())
			}
			if !hand.Has(p) {
				return s.refuse(m, "you do not hold %v", p)
			}
			return nil
		}
		if s.trickN > 0 {
			led := s.trick[0].Clan()
			if c.Clan() != led {
				if f := hand.OfClan(led); f != 0 {
					return s.refuse(m, "must follow %v: you hold %v", led, lowest(f))
				}
			}
		}
	default:
		return s.refuse(m, "no move in phase %v", s.phase)
	}
	return nil
}

// phaseKinds holds the kinds of move each phase takes, as bits.
var phaseKinds = [numPhases]uint32{
	PhaseDealer: 1 << MoveDealer,
	PhaseDeal:   1 << MoveDeal,
	PhaseBid:    1<<MoveBid | 1<<MoveBlind | 1<<MovePass | 1<<MoveLook,
	PhaseRole:   1<<MoveUse | 1<<MoveDecline,
	PhaseGive:   1 << MoveGive,
	PhaseDraw:   1 << MoveDraw,
	PhaseSwap:   1 << MoveSwap,
	PhaseAside:  1 << MoveAside,
	PhaseRaise:  1<<MoveRaise | 1<<MoveKeep,
	PhasePlay:   1<<MovePlay | 1<<MoveShow,
}

var phaseWants = [numPhases]string{"a dealer", "a deal", "a bid, a blind bid, a pass or a look",
	"use or decline", "give", "draw", "swap", "aside", "raise or keep", "a card", "nothing"}

// checkBid checks a bid or raise of a multiple of 10 from lo to the cap (G8).
func (s *State) checkBid(m Move, lo int) error {
	v := m.n()
	switch {
	case v%10 != 0:
		return s.refuse(m, "bids are multiples of 10")
	case v < lo:
		return s.refuse(m, "bid at least %d", lo)
	case v > s.cap():
		return s.refuse(m, "no bid may exceed %d", s.cap())
	}
	return nil
}

// badDeal returns why deal d, with the cards clash named twice, does not fit s, or "".
func (s *State) badDeal(d Deal, clash Cards) string {
	in := s.InPlay()
	all := d.Treasure | d.Out
	n := d.Treasure.Len() + d.Out.Len()
	for _, h := range d.Hands {
		all |= h
		n += h.Len()
	}
	if clash != 0 {
		return fmt.Sprintf("%v is dealt twice", lowest(clash))
	}
	if all != in || n != in.Len() {
		return "the deal is not the 24 cards in play"
	}
	bidders := s.bidders()
	for p := range 4 {
		want := 0
		if bidders&(1<<p) != 0 && p < int(s.players) {
			want = HandSize
		}
		if d.Hands[p].Len() != want {
			return fmt.Sprintf("seat %d is dealt %d cards, want %d", p, d.Hands[p].Len(), want)
		}
	}
	if d.Treasure.Len() != 3 {
		return "the treasure is not 3 cards"
	}
	if s.players == 2 && d.Out.Len() != 7 {
		return "2 players: 7 cards go out of play"
	}
	if s.has(flagRoles) {
		var seen uint8
		for _, r := range d.Roles {
			if !r.IsValid() || seen&(1<<r) != 0 {
				return "the roles are not the five role cards"
			}
			seen |= 1 << r
		}
	} else if d.Roles != [NumRoles]Role{} {
		return "roles dealt without player roles"
	}
	return ""
}

// SampleChance draws a chance outcome with its true probability: the first dealer uniformly, a
// deal from a uniform shuffle, an Orchard draw uniformly from the treasure. It panics unless
// ToMove is norns.Chance.
//
// A deal shuffles the 24 cards in play with r (in table order before the shuffle) and deals
// them in order: 7 to each bidder from the dealer's left, 3 to the treasure, and with 2 players
// the last 7 out of play; with player roles it then shuffles the five roles and gives one to
// each seat in seat order, the rest forming the pile.
func (s State) SampleChance(r *rng.Rand) Move { return s.sampleChance(r) }

// sampleChance is [State.SampleChance] on the turn, the fields it reads.
func (s *turn) sampleChance(r *rng.Rand) Move {
	if s.toMove != chance {
		panic("gulveig: SampleChance when no chance move is due")
	}
	switch s.phase {
	case PhaseDealer:
		return Dealer(norns.Player(r.IntN(int(s.players))))
	case PhaseDraw:
		t := s.cards() // the treasure
		return Draw(t.Nth(r.IntN(t.Len())))
	}
	var pack [24]Card
	in := s.InPlay()
	i := 0
	for x := uint64(in); x != 0; x &= x - 1 {
		pack[i] = Card(bits.TrailingZeros64(x))
		i++
	}
	rng.ShuffleSlice(r, pack[:])
	// The move DealMove would build from the deal, written directly.
	m := Move{w: dealW}
	k := 0
	bidders := s.bidders()
	p := s.dealer
	for range s.players {
		p = (p + 1) % int8(s.players)
		if bidders&(1<<p) == 0 {
			continue
		}
		for range HandSize {
			m.setLoc(pack[k], uint64(1+p))
			k++
		}
	}
	for range 3 {
		m.setLoc(pack[k], locTreasure)
		k++
	}
	for ; k < len(pack); k++ {
		m.setLoc(pack[k], locOut)
	}
	if s.has(flagRoles) {
		roles := [NumRoles]Role{Sacrifice, Orchard, Anthem, Gold, Song}
		rng.ShuffleSlice(r, roles[:])
		for i, r := range roles {
			m.w |= uint64(r) << (8 + 21 + 3*i)
		}
	}
	return m
}

// apply plays the legal move m on s.
func (s *State) apply(m Move) {
	q := s.toMove
	switch s.phase {
	case PhaseDealer:
		s.dealer = int8(m.n())
		s.phase = PhaseDeal
	case PhaseDeal:
		d, _ := m.deal()
		s.startHand(m, d)
	case PhaseBid:
		s.bid(q, m)
	case PhaseRole:
		s.roleTurn(q, m)
	case PhaseGive:
		c := m.c0()
		s.h.hand[q] = s.h.hand[q].Without(c)
		s.h.treasure = s.h.treasure.With(c)
		s.h.gave[q] = c
		s.handN[q]--
		s.treasN++
		s.logPut(0, 1)
		s.orchardK++
		if int(s.orchardK) < bits.OnesCount8(s.bidders()) {
			s.toMove = s.next(s.bidders(), q)
		} else {
			s.phase, s.toMove = PhaseDraw, chance
		}
	case PhaseDraw:
		c := m.c0()
		g := bits.OnesCount8(s.bidders())
		d := s.orchardBy
		for range int(s.orchardK) - g {
			d = s.next(s.bidders(), d)
		}
		s.h.hand[d] = s.h.hand[d].With(c)
		s.h.treasure = s.h.treasure.Without(c)
		s.h.drew[d] = c
		s.handN[d]++
		s.treasN--
		s.logPut(0, 1)
		s.orchardK++
		if int(s.orchardK) == 2*g {
			s.endRoleTurn()
		}
	case PhaseSwap:
		s.h.swapped[s.swapDone] = m.Cards()
		s.logPut(0, 1)
		s.swapDone++
		if s.swapDone == 1 {
			s.toMove = s.otherLoser(q)
			return
		}
		a, b := s.swapBy, s.otherLoser(s.swapBy)
		s.h.hand[a] = s.h.hand[a].Minus(s.h.swapped[0]).Plus(s.h.swapped[1])
		s.h.hand[b] = s.h.hand[b].Minus(s.h.swapped[1]).Plus(s.h.swapped[0])
		s.endRoleTurn()
	case PhaseAside:
		c := m.Cards()
		s.h.aside = c
		s.h.hand[q] = s.h.hand[q].Minus(c)
		s.handN[q] -= 3
		s.logPut(0, 1)
		if s.blind&(1<<q) != 0 {
			s.startPlay()
		} else {
			s.phase = PhaseRaise
		}
	case PhaseRaise:
		if m.kind() == MoveRaise {
			s.logPut(uint64(m.n()-int(s.contract))/10, 7)
			s.contract = uint16(m.n())
		} else {
			s.logPut(0, 7)
		}
		s.startPlay()
	case PhasePlay:
		s.play(q, m)
	}
}

// otherLoser returns the bid loser other than q (3 or 4 players).
func (s *public) otherLoser(q int8) int8 {
	set := s.bidders() &^ (1 << s.declarer) &^ (1 << q)
	return int8(bits.TrailingZeros8(set))
}

// startHand deals m, whose deal is d.
func (s *State) startHand(m Move, d Deal) {
	s.clearHand()
	s.h.dealt = [2]uint64{m.d0, m.d1()}
	s.h.hand = d.Hands
	s.h.treasure = d.Treasure
	s.h.roles = d.Roles
	s.hands++
	for p := range 4 {
		s.handN[p] = uint8(d.Hands[p].Len())
	}
	s.treasN = 3
	bidders := s.bidders()
	s.passed = ^bidders & (1<<s.players - 1)
	if !s.has(flagBlind) {
		s.looked = bidders
	}
	s.phase = PhaseBid
	s.toMove = s.next(bidders, s.dealer)
}

// bid plays an auction move of seat q (G7, G8, G19).
func (s *State) bid(q int8, m Move) {
	bit := uint8(1) << q
	switch m.kind() {
	case MoveLook:
		s.looked |= bit
		s.logPut(0, 1)
		return
	case MovePass:
		s.passed |= bit
		s.logPut(0, 1)
	case MoveBid, MoveBlind:
		lo, _ := s.bidFloor(q)
		s.logOnes((m.n()-lo)/10 + 1)
		s.high = uint16(m.n())
		s.lastBid[q] = uint8(s.high / 10)
		if m.kind() == MoveBlind {
			s.blind |= bit
		}
	}
	left := s.bidders() &^ s.passed
	if bits.OnesCount8(left) > 1 {
		s.toMove = s.next(left, q)
		return
	}
	// The auction is over (G9).
	d := int8(bits.TrailingZeros8(left))
	s.declarer = d
	s.contract = s.high
	s.looked = s.bidders()
	if s.blind&(1<<d) == 0 {
		s.revealed = true
		s.shownTreas = s.h.treasure
	}
	if s.has(flagRoles) {
		s.nextRoleTurn()
		return
	}
	s.takeTreasure()
}

// nextRoleTurn moves to the next seat, from roleIdx on, whose role has a power; a seat without
// one (the 4th player holding Valkyrie Song) shows its role and has no turn. After the last
// turn the bid winner takes the treasure.
func (s *State) nextRoleTurn() {
	for ; int(s.roleIdx) < int(s.players); s.roleIdx++ {
		q := (s.dealer + 1 + int8(s.roleIdx)) % int8(s.players)
		if PowerOf(s.h.roles[q], s.position(q), int(s.players)).Effect == EffectNone {
			s.shownRole[q] = s.h.roles[q]
			continue
		}
		s.phase, s.toMove = PhaseRole, q
		return
	}
	s.takeTreasure()
}

// endRoleTurn ends the role turn under way.
func (s *State) endRoleTurn() {
	s.drawing = false
	s.roleIdx++
	s.nextRoleTurn()
}

// roleTurn plays a use or decline of seat q (G21).
func (s *State) roleTurn(q int8, m Move) {
	p := s.power()
	if m.kind() == MoveDecline {
		s.logPut(0, 1)
		if !s.drawing {
			s.declined |= 1 << q
		}
		s.endRoleTurn()
		return
	}
	s.logPut(1, 1)
	if s.drawing {
		s.powersUsed |= 1 << (4 + q)
	} else {
		s.powersUsed |= 1 << q
		s.shownRole[q] = s.h.roles[q]
	}
	switch p.Effect {
	case EffectLower:
		s.contract -= 10
	case EffectExchange:
		s.swapBy, s.swapDone = q, 0
		s.phase = PhaseSwap
		return
	case EffectDrawRole:
		s.drawnRole = s.h.roles[s.players]
		s.drawing = true
		return
	case EffectGiveAway:
		s.giveAway = true
	case EffectPlus5:
		s.bonus += 5
	case EffectMinus5:
		s.bonus -= 5
	case EffectOrchard:
		s.orchardBy, s.orchardK = q, 0
		s.phase = PhaseGive
		return
	case EffectWorth, EffectStrength:
		r, pos := s.drawnRole, Loser
		if !s.drawing {
			r, pos = s.h.roles[q], s.position(q)
		}
		s.vi = valueNext[s.vi][r][pos]
	}
	s.endRoleTurn()
}

// takeTreasure gives the treasure to the bid winner (G9).
func (s *State) takeTreasure() {
	d := s.declarer
	s.h.took = s.h.treasure
	s.h.hand[d] |= s.h.treasure
	s.h.treasure = 0
	s.handN[d] += s.treasN
	s.treasN = 0
	s.phase, s.toMove = PhaseAside, d
}

// startPlay starts the first trick, led by the bid winner (G10).
func (s *State) startPlay() {
	s.phase = PhasePlay
	s.leader, s.toMove = s.declarer, s.declarer
}

// play plays a card of seat q, or shows a combo and leads (G10–G12).
func (s *State) play(q int8, m Move) {
	c := m.c0()
	code := uint64(c)
	if m.kind() == MoveShow {
		s.supreme = c.Clan()
		s.showed[q] |= 1 << comboOf[c]
		code |= 32
	}
	s.logPut(code, 6)
	if s.trickN > 0 {
		if led := s.trick[0].Clan(); c.Clan() != led {
			s.voids[q] |= 1 << led
		}
	}
	complete := s.trickN+1 == s.trickSize()
	var w int8
	if complete {
		w = s.trickWinner(c) // the trick is complete (G11)
	}
	s.h.hand[q] = s.h.hand[q].Without(c)
	s.handN[q]--
	s.byBits = s.byBits.with(c, q)
	s.played = s.played.With(c)
	s.trick[s.trickN] = c
	s.trickN++
	if !complete {
		s.toMove = s.next(s.bidders(), q)
		return
	}
	for i := range s.trickN {
		s.wonBits = s.wonBits.with(s.trick[i], w)
	}
	s.tricks++
	s.trick, s.trickN = [3]Card{NoCard, NoCard, NoCard}, 0
	s.leader, s.toMove = w, w
	if s.tricks == HandSize {
		s.endHand()
	}
}

// winningIndex returns the index in the trick under way (0 for the lead) of the card that wins
// it as it stands once card c is played next (G11): the strongest card, the one played first on
// a tie. On a lead c stands alone and wins. Apply settles tricks with it, and View.WouldWin
// answers with it, so the two cannot disagree.
func (s *public) winningIndex(c Card) int {
	led := c.Clan()
	if s.trickN > 0 {
		led = s.trick[0].Clan()
	}
	best, bestI := -1, 0
	for i := range s.trickN {
		if st := s.cardStrength(s.trick[i], led); st > best {
			best, bestI = st, int(i)
		}
	}
	if s.cardStrength(c, led) > best {
		bestI = int(s.trickN)
	}
	return bestI
}

// trickWinner returns the seat that takes the trick under way when c completes it.
func (s *public) trickWinner(c Card) int8 {
	w := s.leader
	for range s.winningIndex(c) {
		w = s.next(s.bidders(), w)
	}
	return w
}

// cardStrength returns c's strength in a trick led with clan led (G11).
func (s *public) cardStrength(c Card, led Clan) int {
	st := 0
	if c.Clan() == led {
		st = int(s.vals().strength[c])
	}
	if c.Clan() == s.supreme {
		st = int(s.vals().strength[c]) + 7
	}
	return st
}

// sumWorth returns the worth of the cards of set in this hand.
func (s *public) sumWorth(set Cards) int {
	t := 0
	for x := uint64(set); x != 0; x &= x - 1 {
		t += int(s.vals().worth[bits.TrailingZeros64(x)])
	}
	return t
}

// handPoints returns every seat's hand points (G14, G18, G21).
func (s *State) handPoints() [4]int {
	var pts [4]int
	val := s.vals()
	for x := uint64(s.taken()); x != 0; x &= x - 1 {
		c := Card(bits.TrailingZeros64(x))
		pts[s.wonBits.seat(c)] += int(val.worth[c])
	}
	for p := range int(s.players) {
		for x := s.showed[p]; x != 0; x &= x - 1 {
			pts[p] += combos[bits.TrailingZeros8(x)].value
		}
	}
	d := s.declarer
	pts[d] += s.sumWorth(s.h.aside) + int(s.bonus)
	if s.players == 4 {
		dealt, _ := s.dealtMove().Deal()
		t := dealt.Treasure
		fourth := s.sumWorth(t)
		for _, co := range combos {
			if t.Has(co.a) && t.Has(co.b) {
				fourth += co.value
			}
		}
		if s.giveAway {
			pts[s.next(s.bidders(), s.dealer)] += fourth
		} else {
			pts[s.dealer] += fourth
		}
	}
	return pts
}

// settle returns the game scores after a hand (G15–G17): the declarer d, who bid contract
// (blind or not), scores it (twice when blind) if its hand points reach it and loses it
// otherwise; every other seat adds its hand points unless on the barrel, stopping at target − 1.
func settle(scores [4]int32, pts [4]int, players int, d int8, contract int, blind bool, target int32) ([4]int32, bool) {
	made := pts[d] >= contract
	for p := range players {
		if int8(p) == d {
			delta := int32(contract)
			if blind {
				delta *= 2
			}
			if !made {
				delta = -delta
			}
			scores[p] += delta
			continue
		}
		sc := scores[p]
		if sc >= target-100 && sc < target {
			continue // on the barrel (G17)
		}
		scores[p] = min(sc+int32(pts[p]), target-1)
	}
	return scores, made
}

// lastHand returns the hand after which the match ends whatever the scores: the hand limit, or
// MaxHands without one.
func (s *public) lastHand() int {
	if s.handLimit > 0 {
		return int(s.handLimit)
	}
	return MaxHands
}

// maxLoss returns the most a seat's score can fall in one hand: a failed blind bid of the cap
// (G8, G15, G19). Scavengers lose far less (hand points fall below 0 only through Freya's Gold).
func (s *public) maxLoss() int { return 2 * s.cap() }

// endHand scores the hand (G14–G18) and ends the match or moves to the next deal.
func (s *State) endHand() {
	pts := s.handPoints()
	d := s.declarer
	target := int32(s.target)
	for p := range int(s.players) {
		s.lastPts[p] = int16(pts[p])
	}
	var made bool
	s.scores, made = settle(s.scores, pts, int(s.players), d, int(s.contract), s.blind&(1<<d) != 0, target)
	s.clearHand()
	switch {
	case made && s.scores[d] >= target:
		s.winners = norns.SeatsOf(norns.Player(d))
	case int(s.hands) >= s.lastHand():
		best := s.scores[0]
		for p := range int(s.players) {
			best = max(best, s.scores[p])
		}
		for p := range int(s.players) {
			if s.scores[p] == best {
				s.winners = s.winners.With(norns.Player(p))
			}
		}
	default:
		s.dealer = (s.dealer + 1) % int8(s.players)
		s.phase, s.toMove = PhaseDeal, chance
		return
	}
	s.phase, s.toMove = PhaseOver, nobody
}
