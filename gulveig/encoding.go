package gulveig

import (
	"math/bits"
	"slices"

	"github.com/nornsgames/norns"
)

// Encoding is Gulveig's learning encoding for one config ([norns.Encoder]): a fixed action space
// whose ids are a bijection with the seats' moves under that config, and a fixed-length
// observation of a [View]. The package documentation's "Encoding" section lists the blocks of
// ids and every slot of the observation. An Encoding is a small comparable value, safe for
// concurrent use; make one with [NewEncoding]. The zero Encoding has no actions (Actions is 0
// and Move refuses every id) but observes as any other.
type Encoding struct {
	opening, blindMin, maxBid int16
	blind, roles, swap        bool
	nCombos                   uint8
	inPlay                    [24]Card       // the cards in play, in table order
	rank                      [NumKinds]int8 // a card's index in inPlay, -1 when not in play
	combo                     [len(combos)]uint8
	// The first id of each block, in the order of the blocks, and the number of ids.
	bidAt, blindAt, passAt, lookAt, useAt, giveAt, swapAt, asideAt, raiseAt, keepAt, playAt, showAt, n int32
}

// NewEncoding returns the encoding for config c. Its error wraps [norns.ErrBadConfig] when c
// does not validate.
func NewEncoding(c Config) (Encoding, error) {
	if err := c.Validate(); err != nil {
		return Encoding{}, err
	}
	c = c.normal()
	e := Encoding{opening: int16(c.OpeningBid()), blindMin: int16(c.BlindMinimum()), maxBid: int16(c.MaxBid()),
		blind: c.Blind, roles: c.Roles, swap: c.Roles && c.Players >= 3}
	in := c.InPlay()
	for i := range e.rank {
		e.rank[i] = -1
	}
	i := 0
	for card := range in.All() {
		e.inPlay[i], e.rank[card] = card, int8(i)
		i++
	}
	for k, co := range combos {
		if in.Has(co.a) && in.Has(co.b) {
			e.combo[e.nCombos] = uint8(k)
			e.nCombos++
		}
	}
	at := int32(0)
	block := func(n int, on bool) int32 {
		start := at
		if on {
			at += int32(n)
		}
		return start
	}
	bids := (int(e.maxBid)-int(e.opening))/10 + 1
	e.bidAt = block(bids, true)
	e.blindAt = block((int(e.maxBid)-int(e.blindMin))/10+1, c.Blind)
	e.passAt = block(1, true)
	e.lookAt = block(1, c.Blind)
	e.useAt = block(2, c.Roles) // use, then decline
	e.giveAt = block(24, c.Roles)
	e.swapAt = block(24*23/2, e.swap)
	e.asideAt = block(24*23*22/6, true)
	e.raiseAt = block(bids, true)
	e.keepAt = block(1, true)
	e.playAt = block(24, true)
	e.showAt = block(2*int(e.nCombos), true)
	e.n = at
	return e, nil
}

// Actions returns the size of the action space (2122 for the standard game; see the package
// documentation).
func (e Encoding) Actions() int { return int(e.n) }

// pairIdx and tripleIdx unrank the 2- and 3-card sets of the 24 cards in play, by index in
// table order, in colex order: a set's rank is the sum of C(i, k) over its k-th index i (from 1),
// so the sets whose highest card is lower come first.
var (
	pairIdx   [24 * 23 / 2][2]uint8
	tripleIdx [24 * 23 * 22 / 6][3]uint8
)

func init() {
	n := 0
	for b := range 24 {
		for a := range b {
			pairIdx[n] = [2]uint8{uint8(a), uint8(b)}
			n++
		}
	}
	n = 0
	for c := range 24 {
		for b := range c {
			for a := range b {
				tripleIdx[n] = [3]uint8{uint8(a), uint8(b), uint8(c)}
				n++
			}
		}
	}
}

// pairRank and tripleRank are the colex ranks of index sets a < b (< c).
func pairRank(a, b int) int      { return a + b*(b-1)/2 }
func tripleRank(a, b, c int) int { return a + b*(b-1)/2 + c*(c-1)*(c-2)/6 }

// Action returns m's id, and false for a chance move or a move that cannot occur under the
// encoding's config (a card not in play, a bid out of range, a blind bid without blind bidding…).
func (e Encoding) Action(m Move) (int, bool) {
	id := int32(-1)
	r := func(c Card) int32 {
		if c >= NumKinds {
			return -1
		}
		return int32(e.rank[c])
	}
	bid := func(at int32, lo int16) int32 {
		v := m.n()
		if v%10 != 0 || v < int(lo) || v > int(e.maxBid) {
			return -1
		}
		return at + int32(v-int(lo))/10
	}
	switch m.kind() {
	case MoveBid:
		id = bid(e.bidAt, e.opening)
	case MoveBlind:
		if e.blind {
			id = bid(e.blindAt, e.blindMin)
		}
	case MovePass:
		id = e.passAt
	case MoveLook:
		if e.blind {
			id = e.lookAt
		}
	case MoveUse, MoveDecline:
		if e.roles {
			id = e.useAt + int32(m.kind()-MoveUse)
		}
	case MoveGive:
		if a := r(m.c0()); e.roles && a >= 0 {
			id = e.giveAt + a
		}
	case MoveSwap:
		if a, b := r(m.c0()), r(m.c1()); e.swap && a >= 0 && a < b {
			id = e.swapAt + int32(pairRank(int(a), int(b)))
		}
	case MoveAside:
		if a, b, c := r(m.c0()), r(m.c1()), r(m.c2()); a >= 0 && a < b && b < c {
			id = e.asideAt + int32(tripleRank(int(a), int(b), int(c)))
		}
	case MoveRaise:
		id = bid(e.raiseAt, e.opening)
	case MoveKeep:
		id = e.keepAt
	case MovePlay:
		if a := r(m.c0()); a >= 0 {
			id = e.playAt + a
		}
	case MoveShow:
		if c := m.c0(); c < NumKinds && comboOf[c] >= 0 {
			k := uint8(comboOf[c])
			for i := range e.nCombos {
				if e.combo[i] == k {
					id = e.showAt + 2*int32(i)
					if c == combos[k].b {
						id++
					}
				}
			}
		}
	}
	if id < 0 || id >= e.n {
		return 0, false
	}
	// The id's move must be m itself: this refuses moves with stray fields (a second card on a
	// play, a partner that is not the combo's), so that ids and moves stay a bijection.
	if back, _ := e.Move(int(id)); back != m {
		return 0, false
	}
	return int(id), true
}

// Move returns the move of id, and false for an id out of [0, Actions()).
func (e Encoding) Move(id int) (Move, bool) {
	if id < 0 || id >= int(e.n) {
		return Move{}, false
	}
	i := int32(id)
	bidOf := func(k MoveKind, at int32, lo int16) Move {
		return mv(k, NoCard, NoCard, NoCard, int(lo)+10*int(i-at))
	}
	switch {
	case i >= e.showAt:
		k := combos[e.combo[(i-e.showAt)/2]]
		if (i-e.showAt)%2 == 1 {
			return Show(k.b, k.a), true
		}
		return Show(k.a, k.b), true
	case i >= e.playAt:
		return Play(e.inPlay[i-e.playAt]), true
	case i >= e.keepAt:
		return Keep(), true
	case i >= e.raiseAt:
		return bidOf(MoveRaise, e.raiseAt, e.opening), true
	case i >= e.asideAt:
		t := tripleIdx[i-e.asideAt]
		return mv(MoveAside, e.inPlay[t[0]], e.inPlay[t[1]], e.inPlay[t[2]], 0), true
	case i >= e.swapAt:
		p := pairIdx[i-e.swapAt]
		return mv(MoveSwap, e.inPlay[p[0]], e.inPlay[p[1]], NoCard, 0), true
	case i >= e.giveAt:
		return Give(e.inPlay[i-e.giveAt]), true
	case i >= e.useAt:
		if i == e.useAt {
			return Use(), true
		}
		return Decline(), true
	case i >= e.lookAt:
		return Look(), true
	case i >= e.passAt:
		return Pass(), true
	case i >= e.blindAt:
		return bidOf(MoveBlind, e.blindAt, e.blindMin), true
	}
	return bidOf(MoveBid, e.bidAt, e.opening), true
}

// The observation's blocks: the first slot of each, in order (see the package documentation).
const (
	obsPhase       = 0                             // 11: the phase, one-hot
	obsToMove      = obsPhase + int(numPhases)     // 6: the seat to act, seat-relative (4), chance, nobody
	obsConfig      = obsToMove + 6                 // 12: players 2, 3, 4; veteran, blind, betting, roles; the 4 alternates; target/1000
	obsDealer      = obsConfig + 12                // 4: the dealer, seat-relative
	obsDeclarer    = obsDealer + 4                 // 4: the declarer, seat-relative
	obsScores      = obsDeclarer + 4               // 4: each score over the target, clamped to [-2, 2]
	obsBarrel      = obsScores + 4                 // 4: each seat on the barrel
	obsLastPts     = obsBarrel + 4                 // 4: each seat's hand points in the last hand, over 200, clamped to [-1, 1]
	obsRound       = obsLastPts + 4                // 1: hands dealt over MaxHands
	obsHigh        = obsRound + 1                  // 1: the high bid over the largest bid
	obsHighBy      = obsHigh + 1                   // 4: the high bidder, seat-relative
	obsLastBid     = obsHighBy + 4                 // 4: each seat's last bid over the largest bid
	obsPassed      = obsLastBid + 4                // 4: each seat out of the bidding
	obsBlind       = obsPassed + 4                 // 4: each seat that bid blind
	obsKnows       = obsBlind + 4                  // 1: the seat knows its hand
	obsContract    = obsKnows + 1                  // 1: the contract over the largest bid
	obsRevealed    = obsContract + 1               // 1: the treasure was revealed
	obsHandN       = obsRevealed + 1               // 4: each hand's size over 10
	obsTricks      = obsHandN + 4                  // 1: tricks completed over 7
	obsSupreme     = obsTricks + 1                 // 4: the clan holding supremacy, one-hot
	obsLeader      = obsSupreme + 4                // 4: the leader of the trick under way, seat-relative
	obsRole        = obsLeader + 4                 // 5: the seat's role, one-hot
	obsRoleShown   = obsRole + NumRoles            // 20: each seat's revealed role, one-hot (5 a seat)
	obsDrawnRole   = obsRoleShown + 4*NumRoles     // 5: the role drawn by Tyr's Sacrifice, one-hot
	obsShowed      = obsDrawnRole + NumRoles       // 32: the combos each seat showed (8 a seat, in combo-table order)
	obsVoids       = obsShowed + 4*len(combos)     // 16: the clans each seat showed out of (4 a seat)
	obsWorth       = obsVoids + 4*NumClans         // 28: each card's worth this hand over 11
	obsStrength    = obsWorth + int(NumKinds)      // 28: each card's strength this hand over 8
	obsHand        = obsStrength + int(NumKinds)   // 28 a block from here: the seat's hand
	obsTreasure    = obsHand + int(NumKinds)       // the treasure as revealed
	obsTook        = obsTreasure + int(NumKinds)   // the treasure the seat took as bid winner
	obsAside       = obsTook + int(NumKinds)       // the cards the seat put aside
	obsGave        = obsAside + int(NumKinds)      // the card the seat gave in Idun's Orchard
	obsDrew        = obsGave + int(NumKinds)       // the card the seat drew in Idun's Orchard
	obsSent        = obsDrew + int(NumKinds)       // the cards the seat gave in Tyr's exchange
	obsGot         = obsSent + int(NumKinds)       // the cards the seat received in Tyr's exchange
	obsTrick       = obsGot + int(NumKinds)        // 3 × 28: the trick under way, by position
	obsPlayedBy    = obsTrick + 3*int(NumKinds)    // 4 × 28: the cards each seat played this hand
	obsWon         = obsPlayedBy + 4*int(NumKinds) // 4 × 28: the cards each seat took in tricks this hand
	observationLen = obsWon + 4*int(NumKinds)
)

// ObservationLen returns the length of every observation: 749 (see the package documentation).
func (Encoding) ObservationLen() int { return observationLen }

// Observe appends v's observation to dst: ObservationLen values, laid out as the package
// documentation's "Encoding" section says, from what v shows alone. Seats are counted from v's
// own seat (slot 0 is the seat itself, slot 1 the next seat clockwise); the spectator's view
// (View(norns.Nobody)) is observed from seat 0's place, with no hand. It allocates nothing once
// dst has room.
func (e Encoding) Observe(v View, dst []float32) []float32 {
	start := len(dst)
	dst = slices.Grow(dst, observationLen)[:start+observationLen]
	o := dst[start:]
	clear(o)
	n := int(v.players)
	if n == 0 {
		o[obsPhase+int(PhaseOver)] = 1
		o[obsToMove+5] = 1
		return dst
	}
	me := max(int(v.seat), 0)                                // the spectator's view is observed from seat 0's place
	rel := func(p int8) int { return (int(p) - me + n) % n } // p must be a seat
	one := func(at int, on bool) {
		if on {
			o[at] = 1
		}
	}
	cardsAt := func(at int, cs Cards) {
		for x := uint64(cs); x != 0; x &= x - 1 {
			o[at+bits.TrailingZeros64(x)] = 1
		}
	}
	top := float32(maxBids[v.alts&AllAlternates])
	o[obsPhase+int(v.Phase())] = 1
	switch q := v.ToMove(); {
	case q == norns.Chance:
		o[obsToMove+4] = 1
	case q == norns.Nobody:
		o[obsToMove+5] = 1
	default:
		o[obsToMove+rel(int8(q))] = 1
	}
	o[obsConfig+n-2] = 1
	one(obsConfig+3, v.has(flagVeteran))
	one(obsConfig+4, v.has(flagBlind))
	one(obsConfig+5, v.has(flagBetting))
	one(obsConfig+6, v.has(flagRoles))
	for i := range 4 {
		one(obsConfig+7+i, v.alts&(1<<i) != 0)
	}
	o[obsConfig+11] = float32(v.target) / DefaultTarget
	if v.dealer >= 0 {
		o[obsDealer+rel(v.dealer)] = 1
	}
	if v.declarer >= 0 {
		o[obsDeclarer+rel(v.declarer)] = 1
	}
	for p := range int8(n) {
		r := rel(p)
		o[obsScores+r] = min(max(float32(v.scores[p])/float32(v.target), -2), 2)
		one(obsBarrel+r, v.scores[p] >= int32(v.target)-100 && v.scores[p] < int32(v.target))
		o[obsLastPts+r] = min(max(float32(v.lastPts[p])/200, -1), 1)
		o[obsLastBid+r] = 10 * float32(v.lastBid[p]) / top
		one(obsPassed+r, v.passed&(1<<p) != 0)
		one(obsBlind+r, v.blind&(1<<p) != 0)
		o[obsHandN+r] = float32(v.handN[p]) / 10
		if role := v.shownRole[p]; role != NoRole && int(role) <= NumRoles {
			o[obsRoleShown+NumRoles*r+int(role)-1] = 1
		}
		for i := range len(combos) {
			one(obsShowed+len(combos)*r+i, v.showed[p]&(1<<i) != 0)
		}
		for k := range NumClans {
			one(obsVoids+NumClans*r+k, v.voids[p]&(1<<k) != 0)
		}
		cardsAt(obsPlayedBy+int(NumKinds)*r, v.byBits.of(v.played, p))
		cardsAt(obsWon+int(NumKinds)*r, v.wonBits.of(v.taken(), p))
	}
	o[obsRound] = float32(v.hands) / MaxHands
	o[obsHigh] = float32(v.high) / top
	if v.high > 0 && v.declarer < 0 {
		if b := v.highBidder(); b >= 0 {
			o[obsHighBy+rel(b)] = 1
		}
	}
	one(obsKnows, v.KnowsHand())
	o[obsContract] = float32(v.contract) / top
	one(obsRevealed, v.revealed)
	o[obsTricks] = float32(v.tricks) / HandSize
	if v.supreme.IsValid() {
		o[obsSupreme+int(v.supreme)] = 1
	}
	if v.leader >= 0 && int(v.leader) < n {
		o[obsLeader+rel(v.leader)] = 1
	}
	if v.role != NoRole && int(v.role) <= NumRoles {
		o[obsRole+int(v.role)-1] = 1
	}
	if v.drawnRole != NoRole && int(v.drawnRole) <= NumRoles {
		o[obsDrawnRole+int(v.drawnRole)-1] = 1
	}
	val := v.vals()
	for c := range int(NumKinds) {
		o[obsWorth+c] = float32(val.worth[c]) / 11
		o[obsStrength+c] = float32(val.strength[c]) / 8
	}
	cardsAt(obsHand, v.hand)
	if v.revealed {
		cardsAt(obsTreasure, v.shownTreas)
	}
	cardsAt(obsTook, v.took)
	cardsAt(obsAside, v.aside)
	if v.gave < NumKinds {
		o[obsGave+int(v.gave)] = 1
	}
	if v.drew < NumKinds {
		o[obsDrew+int(v.drew)] = 1
	}
	cardsAt(obsSent, v.sent)
	cardsAt(obsGot, v.got)
	for i := range min(int(v.trickN), 3) {
		if c := v.trick[i]; c < NumKinds {
			o[obsTrick+int(NumKinds)*i+int(c)] = 1
		}
	}
	return dst
}
