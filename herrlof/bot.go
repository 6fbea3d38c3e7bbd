package herrlof

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"sync"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/rng"
)

// NewRandomBot returns a bot that plays a uniformly random legal move, reproducibly from seed,
// and returns ctx.Err() instead when ctx is done: a [norns.RandomBot]. It is not safe for
// concurrent use.
func NewRandomBot(seed uint64) *norns.RandomBot[View, Move] {
	return norns.NewRandomBot[View, Move](seed)
}

// HeuristicBot is a rules-aware bot that decides from its [View] alone. It bids the tricks its
// hand should take: the sum of its cards' chances to win a trick (a card wins unless an unseen
// higher card of its suit is in another hand, or, off trump, the suit is trumped), calibrated
// against its own play and drawn to 3 or 4 near those counts for the 5-point bonus. It then plays
// to make that bid exactly: while it needs tricks, it wins them as cheaply as it can and, when
// it cannot win, throws its weakest card or destroys the trick with a Valknut; once it has enough,
// it throws its most dangerous card that still loses, and keeps a Valknut for a trick it could
// not lose otherwise. With its powers it steals a trick while it needs tricks, always draws with
// a 3 and takes with a 6, and gives away or returns the card it wants least. Once its bid is out
// of reach it plays for the 3-or-4-trick bonus, or for tricks.
//
// It is not safe for concurrent use. Create it with [NewHeuristicBot]; a zero HeuristicBot is
// NewHeuristicBot(0), set up on its first move.
type HeuristicBot struct {
	r   *rng.Rand
	buf []Move
	t   tuning
}

// NewHeuristicBot returns a heuristic bot whose choices are reproducible from seed (the seed
// breaks ties).
func NewHeuristicBot(seed uint64) *HeuristicBot {
	return &HeuristicBot{r: rng.New(seed), buf: make([]Move, 0, 24), t: defaultTuning}
}

// errNotToAct is returned by a bot asked to move for a seat that is not to act.
var errNotToAct = errors.New("herrlof: bot asked to move for a seat that is not to act")

// Choose returns the heuristic's move for v's seat. It returns ctx.Err() if ctx is done, and an
// error if v's seat is not to act.
func (b *HeuristicBot) Choose(ctx context.Context, v View) (Move, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	if v.Over() || v.ToMove() != v.Seat() {
		return Move{}, errNotToAct
	}
	if b.r == nil { // the zero HeuristicBot
		*b = *NewHeuristicBot(0)
	}
	b.buf = v.AppendLegal(b.buf[:0])
	if len(b.buf) == 0 {
		return Move{}, errNotToAct
	}
	o := outlookFromView(v)
	o.t = &b.t
	return o.choose(b.buf, b.r), nil
}

// outlook is one seat's picture of the hand, all the heuristics read. It is built from a View
// (the heuristic bot) or from a State for the seat to move (search playouts), and holds only what
// that seat may see, plus its own bid.
type outlook struct {
	players int8
	seat    int8
	phase   Phase
	trump   Suit
	hand    Cards
	trick   Trick
	unseen  Cards    // the cards the seat cannot place: not its own, not out of play, not in the trick, not the trump card
	lens    [3]uint8 // hand sizes
	voids   [3]uint8 // suits each seat showed out of
	tricks  [3]uint8 // tricks won this hand
	bid     int      // the seat's bid, -1 before it bids
	left    int      // tricks still to complete in this hand, the current one included
	others  int      // cards in the other hands
	t       *tuning
	// Derived by finish for strength: miss[n] is the chance that none of n given unseen cards is
	// in another hand, and safe[s] the chance that a lead of suit s is not trumped.
	miss *[10]float64
	safe [NumSuits]float64
}

// tuning holds the heuristic's constants, measured with the bot-strength tests.
type tuning struct {
	bidScale, bidShift float64 // tricks taken ≈ bidScale·Σ strength + bidShift
	pullLo, pullHi     int     // bids in pullLo..pullHi are drawn to 3 or 4 (2 players)
	lambda             float64 // share of a card's strength a play spends
	duckLambda         float64 // share of a card's strength a duck throws away
	reserveV, reserveH float64 // value of keeping a Valknut, a Hagalaz
	reserveVDuck       float64 // value of keeping a Valknut while ducking
	leadH              float64 // value of taking the lead back with a Hagalaz when losing anyway
}

var defaultTuning = tuning{
	bidScale: 1, bidShift: 3,
	pullLo: 2, pullHi: 5,
	lambda: 0.7, duckLambda: 0.5,
	reserveV: -0.2, reserveVDuck: 0.3, reserveH: 0.1, leadH: 0.12,
}

func outlookFromView(v View) outlook {
	o := outlook{
		players: int8(v.players),
		seat:    v.seat,
		phase:   v.phase,
		trump:   v.trump.Suit(),
		hand:    v.hand,
		trick:   v.trick,
		lens:    v.handLens,
		voids:   v.voids,
		tricks:  v.tricks,
		bid:     int(v.bid),
		left:    handSize(int(v.players)) - int(v.trickNo),
	}
	o.finish(v.out, v.trump)
	return o
}

func outlookFromState(s *State, p int8) outlook {
	var o outlook
	var st stockSum
	o.fromState(s, p, &st)
	return o
}

// fromState sets o to seat p's outlook in s, for the search's playouts (see [outlook]); st
// summarises s's stock (see [stockSum]). What p cannot place is what the other hands and the
// stock hold: the set finish derives from what p has seen, reached here without going through the
// cards played. The multiset sum is done on the layout of [Cards]: the suited cards are one bit
// each, the Valknuts and Hagalaz counted.
func (o *outlook) fromState(s *State, p int8, st *stockSum) {
	// Field by field, every one that derive and the heuristics read: a composite literal would
	// build the outlook aside and copy it.
	o.players, o.seat, o.phase, o.trump = int8(s.players), p, s.phase, s.trump.Suit()
	o.hand, o.trick, o.voids, o.tricks = s.hands[p], s.trick, s.voids, s.tricks
	o.bid, o.left, o.others = int(s.bids[p]), handSize(int(s.players))-int(s.trickNo), 0
	o.lens = [3]uint8{}
	st.update(&s.stock)
	suited, nv, nh := st.suited, st.nv, st.nh
	for q := range int8(s.players) {
		h := s.hands[q]
		o.lens[q] = uint8(h.Len())
		if q != p {
			suited |= h & suitedBits
			nv += bits.OnesCount64(uint64(h & valknutBits))
			nh += bits.OnesCount64(uint64(h & hagalazBits))
		}
	}
	// A valid state holds at most three of each; min keeps a bad one from spilling over.
	o.unseen = suited | Cards(1<<min(nv, 3)-1)<<36 | Cards(1<<min(nh, 3)-1)<<39
	o.derive()
}

// stockSum is the content of a stock, as the outlook needs it: its suited cards and its numbers
// of Valknuts and Hagalaz. It remembers the stock it summarises, so that a playout, whose stock
// changes only with a 3's draw or return, recounts it only then.
type stockSum struct {
	of     stockPile
	valid  bool
	suited Cards
	nv, nh int
}

// update makes st the summary of p.
func (st *stockSum) update(p *stockPile) {
	if st.valid && st.of == *p {
		return
	}
	st.of, st.valid = *p, true
	st.suited, st.nv, st.nh = 0, 0, 0
	var buf [stockCap]cards.Card
	for _, c := range p.AppendTo(buf[:0]) {
		switch {
		case c < 36:
			st.suited |= 1 << c
		case Card(c) == Valknut:
			st.nv++
		default:
			st.nh++
		}
	}
}

// finish derives unseen from the cards out of play, then the rest (derive).
func (o *outlook) finish(out Cards, trump Card) {
	seen := o.hand.Plus(out)
	for _, c := range o.trick.cards[:o.trick.n] {
		seen = seen.add(c)
	}
	if trump != NoCard {
		seen = seen.add(trump)
	}
	o.unseen = deckBits.Minus(seen)
	o.derive()
}

// derive fills others, miss and safe from unseen and lens.
func (o *outlook) derive() {
	for q := range o.players {
		if q != o.seat {
			o.others += int(o.lens[q])
		}
	}
	o.miss = missPowers(o.others, o.unseen.Len())
	o.safe = [NumSuits]float64{1, 1, 1, 1}
	if o.trump == NoSuit {
		return
	}
	trumps := 1 - o.miss[(o.unseen&suitBits[o.trump]).Len()]
	for s := range Suit(NumSuits) {
		if s != o.trump {
			void := o.miss[(o.unseen & suitBits[s]).Len()]
			o.safe[s] = 1 - void*trumps
		}
	}
}

// missPowers returns the powers 0 … 9 of 1 - others/unseen (1 - held()): the chance that none
// of n given unseen cards is in another hand. They come from a table built once, as pow would
// compute them, since every decision of the heuristic needs them.
func missPowers(others, unseen int) *[10]float64 {
	if others < 0 || others > DeckSize || unseen < 0 || unseen > DeckSize {
		p := new([10]float64)
		fillPowers(p, others, unseen)
		return p
	}
	return &missTable()[others][unseen]
}

var missTable = sync.OnceValue(func() *[DeckSize + 1][DeckSize + 1][10]float64 {
	t := new([DeckSize + 1][DeckSize + 1][10]float64)
	for o := range t {
		for u := range t[o] {
			fillPowers(&t[o][u], o, u)
		}
	}
	return t
})

func fillPowers(p *[10]float64, others, unseen int) {
	q := 0.0
	if unseen > 0 {
		q = float64(others) / float64(unseen)
	}
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * (1 - q)
	}
}

// pow returns x**n for small n.
func pow(x float64, n int) float64 {
	p := 1.0
	for ; n > 0; n-- {
		p *= x
	}
	return p
}

// above returns the cards of c's suit ranked above c.
func above(c Card) Cards { return suitBits[c/9] &^ (1<<(c+1) - 1) }

// held returns the probability that one given unseen card is in another seat's hand.
func (o *outlook) held() float64 {
	if n := o.unseen.Len(); n > 0 {
		return float64(o.others) / float64(n)
	}
	return 0
}

// strength estimates the chance that c, led now, would win its trick: no unseen higher card of
// its suit is in another hand and, off trump, nobody trumps it. Valknut and Hagalaz win nothing.
func (o *outlook) strength(c Card) float64 {
	if c >= 36 {
		return 0
	}
	return o.miss[(o.unseen&above(c)).Len()] * o.safe[c/9]
}

// expectedTricks estimates how many tricks the hand h takes, as the sum of its cards' strengths,
// scaled to the tricks the heuristic actually makes (see TestHeuristicBidCalibration).
func (o *outlook) expectedTricks() float64 {
	e := 0.0
	for c := range o.hand.All() {
		e += o.strength(c)
	}
	return o.t.bidScale*e + o.t.bidShift
}

// chooseBid picks the bid for an expected trick count e: the nearest whole number, drawn to 3 or
// 4 when within reach for the 5-point bonus (2 players).
func (o *outlook) chooseBid(e float64) int {
	b := int(math.Round(e))
	if o.players == 2 && b >= o.t.pullLo && b <= o.t.pullHi {
		b = min(max(b, 3), 4)
	}
	return min(max(b, 0), handSize(int(o.players)))
}

// target returns the number of tricks the seat now plays for: its bid while it can still make
// it; once the bid is out of reach, 3 or 4 for the bonus (2 players) while that is possible; else
// as many as it can get.
func (o *outlook) target() int {
	won := int(o.tricks[o.seat])
	hs := handSize(int(o.players))
	if o.bid >= won && o.bid <= won+o.left {
		return o.bid
	}
	if o.players == 2 && won <= 4 && won+o.left >= 3 {
		return max(won, 3)
	}
	return hs
}

// winChance estimates the chance that playing c to the current trick wins it: exact when c
// completes the trick, strength when leading, and in between whether c beats the trick so far
// and how likely the seats still to play are to hold a higher card.
func (o *outlook) winChance(c Card) float64 {
	if o.trick.n == 0 {
		return o.strength(c)
	}
	t := o.trick
	t.cards[t.n] = c
	t.n++
	if t.n == t.players {
		w, _, _ := outcome(&t, o.trump)
		if w == o.seat {
			return 1
		}
		return 0
	}
	// Partial trick (3 players): does c lead so far?
	if c >= 36 || hasValknut(t) {
		return 0
	}
	led := t.LedSuit()
	s := Suit(c / 9)
	for _, x := range t.cards[:t.n-1] {
		if x >= 36 {
			continue
		}
		xs := Suit(x / 9)
		switch {
		case xs == o.trump && s != o.trump:
			return 0
		case xs == s && x > c:
			return 0
		}
	}
	if s != o.trump && s != led {
		return 0
	}
	// The seats to come each hold about a third of the unseen cards.
	q := o.held() / float64(o.players-1)
	p := pow(1-q, (o.unseen & above(c)).Len())
	if o.trump != NoSuit && s != o.trump {
		void := pow(1-q, (o.unseen & suitBits[s]).Len())
		p *= 1 - void*(1-pow(1-q, (o.unseen&suitBits[o.trump]).Len()))
	}
	return p
}

// choose returns the heuristic move among legal (the seat's legal moves, non-empty).
func (o *outlook) choose(legal []Move, r *rng.Rand) Move {
	if len(legal) == 1 {
		return legal[0]
	}
	if m, ok := fixedChoice(o.phase, legal); ok {
		return m
	}
	switch o.phase {
	case PhaseBid:
		return Bid(o.chooseBid(o.expectedTricks()))
	case PhaseSteal:
		if int(o.tricks[o.seat]) < o.target() {
			best := legal[0]
			for _, m := range legal[:len(legal)-1] {
				if o.tricks[o.victim(m)] > o.tricks[o.victim(best)] {
					best = m
				}
			}
			return best
		}
		return NoSteal()
	case PhaseReturn, PhaseGive:
		return o.discard(legal)
	case PhasePlay:
		var set Cards
		for _, m := range legal {
			set |= 1 << m.Card()
		}
		return Play(o.play(set, r))
	}
	return legal[r.IntN(len(legal))]
}

// fixedChoice returns the heuristic's move in the phases where it reads nothing of the hand: it
// always draws with a 3, and takes a card when its 6 won (from the lowest opponent seat with 3
// players).
func fixedChoice(ph Phase, legal []Move) (Move, bool) {
	switch ph {
	case PhaseDraw:
		return Draw(), true
	case PhaseTake:
		return legal[0], true
	}
	return Move{}, false
}

// victim returns the seat a steal robs.
func (o *outlook) victim(m Move) int {
	if t := m.Seat(); t >= 0 {
		return int(t)
	}
	return int(1 - o.seat)
}

// discard returns the return or give that parts with the card the seat wants least: its weakest
// while it needs tricks, its strongest once it wants no more.
func (o *outlook) discard(legal []Move) Move {
	want := int(o.tricks[o.seat]) < o.target()
	best, bestV := legal[0], math.Inf(-1)
	for _, m := range legal {
		c := m.Card()
		v := o.strength(c)
		if want {
			v = -v
			if c == Valknut || c == Hagalaz {
				v = 0.05 // useless for winning, but a Hagalaz brings the lead: keep a little
			}
		} else if c == Valknut || c == Hagalaz {
			v = -1 // the way out of a trick: keep
		}
		if v > bestV {
			best, bestV = m, v
		}
	}
	return best
}

// play picks a card among set, the kinds the seat may play (one bit per kind, as in
// kindBits). While the seat needs tricks it scores each card by its chance to win the trick
// minus a share of its strength (win cheaply, keep strong cards for later); once it has enough,
// by its chance to lose plus a share of its strength (throw dangerous cards while they lose).
// Valknut and Hagalaz get the adjustments of the tuning. Exact ties are broken at random, the
// cards taken in ascending order (the order of the legal moves).
func (o *outlook) play(set Cards, r *rng.Rand) Card {
	won := int(o.tricks[o.seat])
	need := o.target() - won
	want := need > 0
	t := o.t
	lambda := t.lambda
	if need >= o.left {
		lambda = 0 // every trick counts now
	}
	following := o.trick.n > 0
	best, bestV, ties := NoCard, math.Inf(-1), 0
	for x := uint64(set); x != 0; x &= x - 1 {
		c := Card(bits.TrailingZeros64(x))
		s := o.strength(c)
		w := s // leading, the chance to win the trick is the card's strength
		if following {
			w = o.winChance(c)
		}
		var v float64
		if want {
			v = w - lambda*s
		} else {
			v = -w + t.duckLambda*s
		}
		if c >= 36 {
			switch c {
			case Valknut:
				if want {
					v -= t.reserveV
				} else {
					v -= t.reserveVDuck // the sure way out of a trick: keep it
				}
			case Hagalaz:
				v -= t.reserveH
				if want && following {
					v += t.leadH // losing anyway: take the lead back
				}
			}
		}
		switch {
		case v > bestV:
			best, bestV, ties = c, v, 1
		case v == bestV: // break ties at random
			ties++
			if r.IntN(ties) == 0 {
				best = c
			}
		}
	}
	return best
}
