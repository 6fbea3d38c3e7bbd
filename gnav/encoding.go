package gnav

import "github.com/nornsgames/norns"

// Encoding is Gnav's learning encoding for one config (a norns.Encoder): a fixed action space of
// three ids, 0 [Stand], 1 [Ask] and 2 [Draw], the same under every config; and an observation of
// 117 + 21×Players float32 values, every one in [0, 1], laid out in the package documentation's
// Encoding section. Chance moves (the first dealer, a deal) have no id.
//
// An Encoding is a small value, safe for concurrent use; its methods allocate nothing once dst
// has room. The zero Encoding is NewEncoding(Config{}): the standard game's.
type Encoding struct {
	players uint8 // as in Config: 0 means the default, 4
}

// NewEncoding returns the encoding of matches of config c. It fails with an error wrapping
// [norns.ErrBadConfig] if c is invalid.
func NewEncoding(c Config) (Encoding, error) {
	if err := c.Validate(); err != nil {
		return Encoding{}, err
	}
	c = c.normal()
	return Encoding{players: uint8(c.Players)}, nil
}

// The action ids, in the order of the move kinds.
const (
	idStand = iota
	idAsk
	idDraw
	numActions
)

// The observation's fixed slots (the package documentation's Encoding table), then the target
// seat (one slot a seat) and the seat blocks (seatSlots a seat).
const (
	obsHand     = 0                         // 21: the seat's card now, one-hot by rank
	obsHolds    = obsHand + NumRanks        // 1: whether it holds a card
	obsValue    = obsHolds + 1              // 1: the card's rank / 20
	obsDealt    = obsValue + 1              // 21: the card it was dealt, one-hot
	obsAsked    = obsDealt + NumRanks       // 21: the card it received accepting a request
	obsOwn      = obsAsked + NumRanks       // 21: the card its own accepted request brought
	obsPhase    = obsOwn + NumRanks         // 4: the phase, one-hot
	obsRound    = obsPhase + int(numPhases) // 1: Round / (Players × Lives)
	obsConfig   = obsRound + 1              // 3: Players / 20, Lives / 9, CatIsDragoon
	obsStock    = obsConfig + 3             // 1: an ask would reach nobody (the stock)
	obsTarget   = obsStock + 1              // 21: the card the seat knows the target holds, one-hot
	obsRefused  = obsTarget + NumRanks      // 1: that card refuses
	obsFixed    = obsRefused + 1            // 117: the fixed part's length
	seatSlots   = 9 + int(numTurns) + int(numAnswers)
	seatTurn    = 9                        // a seat block's Turn, one-hot
	seatAnswer  = seatTurn + int(numTurns) // a seat block's Answer, one-hot
	rankMaxNorm = float32(NumRanks - 1)
)

// n returns the encoding's player count, the default filled in.
func (e Encoding) n() int {
	if e.players == 0 {
		return 4
	}
	return int(e.players)
}

// Actions returns 3: Stand, Ask and Draw.
func (Encoding) Actions() int { return numActions }

// Action returns the id of a seat's move: 0 for Stand, 1 for Ask, 2 for Draw. It returns false
// for a chance move and the zero Move.
func (Encoding) Action(m Move) (int, bool) {
	switch m.kind {
	case MoveStand:
		return idStand, true
	case MoveAsk:
		return idAsk, true
	case MoveDraw:
		return idDraw, true
	}
	return 0, false
}

// Move returns the move of id: Stand for 0, Ask for 1, Draw for 2; false for any other id.
func (Encoding) Move(id int) (Move, bool) {
	switch id {
	case idStand:
		return Stand(), true
	case idAsk:
		return Ask(), true
	case idDraw:
		return Draw(), true
	}
	return Move{}, false
}

// ObservationLen returns 117 + 21×Players.
func (e Encoding) ObservationLen() int { return obsFixed + e.n()*(1+seatSlots) }

// Observe appends the observation of v to dst: ObservationLen values in [0, 1], from v's methods
// only, as the package documentation's Encoding section lays them out. Seats are in the order of
// play from the viewer's: the viewer first, then the seat on its left (the one it asks), and so
// on. A view of another player count fills the seats both have and leaves the rest 0; the zero
// View's seat blocks are 0. The spectator's view (View(norns.Nobody)) is observed from seat 0's
// place, holding no card.
func (e Encoding) Observe(v View, dst []float32) []float32 {
	start := len(dst)
	dst = append(dst, make([]float32, e.ObservationLen())...)
	o := dst[start:]
	one := func(i int) { o[i] = 1 }
	flag := func(i int, b bool) {
		if b {
			o[i] = 1
		}
	}
	if c := v.Hand(); c.IsValid() {
		one(obsHand + int(c))
		one(obsHolds)
		o[obsValue] = float32(c) / rankMaxNorm
	}
	if c := v.Dealt(); c.IsValid() {
		one(obsDealt + int(c))
	}
	asked, own := v.Received()
	if asked.IsValid() {
		one(obsAsked + int(asked))
	}
	if own.IsValid() {
		one(obsOwn + int(own))
	}
	if ph := v.Phase(); ph < numPhases {
		one(obsPhase + int(ph))
	}
	c := v.Config()
	nv := v.Players()
	if nv > 0 {
		o[obsRound] = min(1, float32(v.Round())/float32(c.Players*c.Lives))
		o[obsConfig] = float32(c.Players) / MaxPlayers
		o[obsConfig+1] = float32(c.Lives) / MaxLives
	}
	flag(obsConfig+2, c.CatIsDragoon)
	to, card, refused := v.AskTarget()
	flag(obsStock, to == norns.Nobody)
	if card.IsValid() {
		one(obsTarget + int(card))
	}
	flag(obsRefused, refused)

	me := v.Seat()
	if me == norns.Nobody && nv > 0 {
		me = 0 // the spectator's view
	}
	if !me.IsSeat() || int(me) >= nv {
		return dst
	}
	n := min(e.n(), nv)
	if to.IsSeat() && int(to) < nv {
		if rel := (int(to) - int(me) + nv) % nv; rel < n {
			one(obsFixed + rel)
		}
	}
	alive, contest, inPlay, resting, knocked, winners := v.Alive(), v.Contestants(), v.InPlay(), v.Resting(), v.Knocked(), v.Winners()
	dealer, toMove := v.Dealer(), v.ToMove()
	lives := float32(c.Lives)
	for i := range n {
		p := norns.Player((int(me) + i) % nv)
		b := obsFixed + e.n() + i*seatSlots
		o[b] = min(1, float32(v.Lives(p))/lives)
		flag(b+1, alive.Has(p))
		flag(b+2, contest.Has(p))
		flag(b+3, inPlay.Has(p))
		flag(b+4, resting.Has(p))
		flag(b+5, knocked.Has(p))
		flag(b+6, dealer == p)
		flag(b+7, toMove == p)
		flag(b+8, winners.Has(p))
		if t := v.Turn(p); t < numTurns {
			one(b + seatTurn + int(t))
		}
		if a := v.Answer(p); a < numAnswers {
			one(b + seatAnswer + int(a))
		}
	}
	return dst
}
