package herrlof

import (
	"math/bits"

	"github.com/nornsgames/norns"
)

// Encoding is Herrlof's learning encoding for one config ([norns.Encoder]): a fixed action space
// whose ids are a bijection with the seats' moves, and a fixed-length observation of a [View].
// The package documentation's "Encoding" section lists every id and every slot. An Encoding is a
// small value, safe for concurrent use; make one with [NewEncoding]. The zero Encoding is the
// standard game's, as the zero Config is: NewEncoding(Config{}) returns it.
type Encoding struct {
	three bool // 3 players; else 2
}

// players returns the encoding's player count.
func (e Encoding) players() int {
	if e.three {
		return 3
	}
	return 2
}

// hs returns the hand size: bids run from 0 to it.
func (e Encoding) hs() int { return handSize(e.players()) }

// NewEncoding returns the encoding for config c. Its error wraps [norns.ErrBadConfig] when c does
// not validate.
func NewEncoding(c Config) (Encoding, error) {
	if err := c.Validate(); err != nil {
		return Encoding{}, err
	}
	c = c.normal()
	return Encoding{three: c.Players == 3}, nil
}

// numKinds is the number of kinds of card: 36 suited cards, the Valknut and the Hagalaz.
const numKinds = 38

// kindOf returns the index of card c among the kinds (suited cards by id, then the Valknut, then
// the Hagalaz), and -1 for anything else.
func kindOf(c Card) int {
	switch {
	case c < 36:
		return int(c)
	case c == Valknut:
		return 36
	case c == Hagalaz:
		return 37
	}
	return -1
}

// kindCard is kindOf's inverse.
func kindCard(k int) Card {
	switch k {
	case 36:
		return Valknut
	case 37:
		return Hagalaz
	}
	return Card(k)
}

// targets returns the number of ids of a steal or a take: one with 2 players (no seat named),
// one per seat with 3.
func (e Encoding) targets() int {
	if e.players() == 2 {
		return 1
	}
	return 3
}

// The action space's blocks, in order; see the package documentation.
func (e Encoding) playAt() int    { return e.hs() + 1 }
func (e Encoding) returnAt() int  { return e.playAt() + numKinds }
func (e Encoding) giveAt() int    { return e.returnAt() + numKinds }
func (e Encoding) drawAt() int    { return e.giveAt() + numKinds } // draw, then nodraw
func (e Encoding) stealAt() int   { return e.drawAt() + 2 }        // the steals, then nosteal
func (e Encoding) takeAt() int    { return e.stealAt() + e.targets() + 1 }
func (e Encoding) actionEnd() int { return e.takeAt() + e.targets() + 1 }

// Actions returns the size of the action space: 136 with 2 or 3 players.
func (e Encoding) Actions() int { return e.actionEnd() }

// Action returns the id of a seat's move, and false for a chance move (a deal or a pick) or a
// move that cannot occur under the encoding's config (a bid above the hand size, a steal that
// names a seat with 2 players or none with 3, a card that is none).
func (e Encoding) Action(m Move) (int, bool) {
	id := -1
	switch m.mk() {
	case MoveBid:
		if b := int(m.ma()); b >= 0 && b <= e.hs() {
			id = b
		}
	case MovePlay, MoveReturn, MoveGive:
		if k := kindOf(m.mc()); k >= 0 {
			id = k
			switch m.mk() {
			case MovePlay:
				id += e.playAt()
			case MoveReturn:
				id += e.returnAt()
			default:
				id += e.giveAt()
			}
		}
	case MoveDraw:
		id = e.drawAt()
	case MoveNoDraw:
		id = e.drawAt() + 1
	case MoveSteal, MoveTake:
		at := e.stealAt()
		if m.mk() == MoveTake {
			at = e.takeAt()
		}
		switch q := int(m.ma()); {
		case e.players() == 2 && q == -1:
			id = at
		case e.players() == 3 && q >= 0 && q < 3:
			id = at + q
		}
	case MoveNoSteal:
		id = e.stealAt() + e.targets()
	case MoveNoTake:
		id = e.takeAt() + e.targets()
	}
	if id < 0 {
		return 0, false
	}
	if back, _ := e.Move(id); back != m { // a move built by hand in another form
		return 0, false
	}
	return id, true
}

// Move returns the move of an id, and false for an id out of range.
func (e Encoding) Move(id int) (Move, bool) {
	t := e.targets()
	switch {
	case id < 0 || id >= e.actionEnd():
		return Move{}, false
	case id < e.playAt():
		return Bid(id), true
	case id < e.returnAt():
		return Play(kindCard(id - e.playAt())), true
	case id < e.giveAt():
		return Return(kindCard(id - e.returnAt())), true
	case id < e.drawAt():
		return Give(kindCard(id - e.giveAt())), true
	case id == e.drawAt():
		return Draw(), true
	case id == e.drawAt()+1:
		return NoDraw(), true
	case id < e.stealAt()+t:
		if t == 1 {
			return Steal(), true
		}
		return StealFrom(norns.Player(id - e.stealAt())), true
	case id == e.stealAt()+t:
		return NoSteal(), true
	case id < e.takeAt()+t:
		if t == 1 {
			return Take(), true
		}
		return TakeFrom(norns.Player(id - e.takeAt())), true
	}
	return NoTake(), true
}

// observationLen is the length of every observation; see the package documentation.
const observationLen = 3 + 1 + int(numPhases) + 5 + // seat, three players, phase, to move
	numKinds + numKinds + NumSuits + // hand, trump card, trump suit
	3*numKinds + 3 + NumSuits + // the trick in play: each seat's card, its leader, the led suit
	3*numKinds + 3 + // the last trick: each seat's card, its winner
	numKinds + 3 + 3 + 1 + 2 + 3 + 3 + 1 + 1 + // out of play, hand sizes, tricks, tricks played, bid, scores, correct bids, round, stock
	numKinds + 3*numKinds + 3*numKinds + 3*NumSuits + // known stock, known, known by, showed out
	3 + 3 + 3 + 10 // power seat, power target, opener, last hand

// ObservationLen returns the length of every observation: 689.
func (e Encoding) ObservationLen() int { return observationLen }

// Observe appends the observation of v to dst: observationLen values, each in [0, 1], laid out
// as the package documentation's "Encoding" section lists. It depends on v alone and allocates
// nothing once dst has room. The spectator's view (View(norns.Nobody)) has no seat slot set, no
// hand, no bid and no known card.
func (e Encoding) Observe(v View, dst []float32) []float32 {
	n := len(dst)
	for range observationLen {
		dst = append(dst, 0)
	}
	o := dst[n:]
	at := 0
	oneHot := func(size, i int) { // slot i of a block of size, none when i is out of range
		if i >= 0 && i < size {
			o[at+i] = 1
		}
		at += size
	}
	cardsBlock := func(h Cards) { // the number of copies of each kind
		for x := uint64(h & kindBits); x != 0; x &= x - 1 {
			c := Card(bits.TrailingZeros64(x))
			o[at+kindOf(c)] = float32(h.Count(c))
		}
		at += numKinds
	}
	trickBlock := func(t *Trick) { // each seat's card in t
		for i := range int(t.n) {
			q := (int(t.leader) + i) % int(t.players)
			if k := kindOf(t.cards[i]); k >= 0 {
				o[at+q*numKinds+k] = 1
			}
		}
		at += 3 * numKinds
	}
	scalar := func(x, scale float32) {
		o[at] = min(max(x/scale, 0), 1)
		at++
	}
	hs := float32(e.hs())
	oneHot(3, int(v.seat))
	if v.players == 3 {
		o[at] = 1
	}
	at++
	oneHot(int(numPhases), int(v.phase))
	switch tm := v.toMove; {
	case tm >= 0:
		oneHot(5, int(tm))
	case tm == int8(norns.Chance):
		oneHot(5, 3)
	default:
		oneHot(5, 4)
	}
	cardsBlock(v.hand)
	oneHot(numKinds, kindOf(v.trump))
	oneHot(NumSuits, int(v.trump.Suit()))
	trickBlock(&v.trick)
	oneHot(3, int(v.trick.Leader()))
	oneHot(NumSuits, int(v.trick.ledSuit()))
	trickBlock(&v.prev)
	oneHot(3, int(v.prev.Winner()))
	cardsBlock(v.out)
	for q := range 3 {
		scalar(float32(v.handLens[q]), 16)
	}
	for q := range 3 {
		scalar(float32(v.tricks[q]), hs)
	}
	scalar(float32(v.trickNo), hs)
	if v.bid >= 0 {
		scalar(float32(v.bid), hs)
		o[at] = 1
	} else {
		at++
	}
	at++
	target := float32(v.Config().Target())
	for q := range 3 {
		scalar(float32(v.scores[q]), target+30)
	}
	for q := range 3 {
		scalar(float32(v.correct[q]), 20)
	}
	scalar(float32(v.Round()), 40)
	scalar(float32(v.stockLen), stockCap)
	var mine Cards
	if v.seat >= 0 {
		for x := v.stockSeen[v.seat]; x != 0; x &= x - 1 {
			mine = mine.add(v.stockMine[trailing16(x)])
		}
	}
	cardsBlock(mine)
	for q := range 3 {
		cardsBlock(v.knows[q])
	}
	for q := range 3 {
		cardsBlock(v.knownBy[q])
	}
	for q := range 3 {
		for s := range NumSuits {
			o[at+s] = float32(v.voids[q] >> s & 1)
		}
		at += NumSuits
	}
	oneHot(3, int(v.power))
	oneHot(3, int(v.target))
	oneHot(3, int(v.opener))
	if scoredHands(v.phase, v.handNo) > 0 {
		for q := range 3 {
			scalar(float32(v.last.bids[q]), hs)
		}
		for q := range 3 {
			scalar(float32(v.last.tricks[q]), hs)
		}
		for q := range 3 {
			scalar(float32(handPoints(int(v.players), v.bonus5, int(v.last.bids[q]), int(v.last.tricks[q]))), 30)
		}
		o[at] = 1
	} else {
		at += 9
	}
	at++
	if at != observationLen {
		panic("herrlof: Encoding.Observe wrote the wrong number of slots")
	}
	return dst
}
