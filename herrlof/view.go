package herrlof

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
)

// View is what one seat may know of a match: its own hand and bid, everything public (the trump
// card, the tricks, the cards played, the hand sizes and stock size, the scores, the bids of
// scored hands, which suits each seat showed out of) and what it learnt in private (the cards it
// gave or took with a 6 and the cards it drew or put under the stock with a 3, and what of
// each other seat's hand it can still infer: the order in which that seat showed out, drew and
// returned this hand, and where a card it knew that seat held may have gone). It never holds
// another seat's hand or bid, the stock's order, or the cards another seat drew or exchanged.
//
// View(norns.Nobody) is the spectator's view: everything public as above (the trump card, the
// tricks, the cards played, the hand and stock sizes, the scores, the bids of scored hands, the
// show-outs, which 3s drew, whom each 6 took from and which stock positions a seat filled) and
// nothing private: Seat is norns.Nobody, the hand is empty, Bid is -1, Known, KnownBy and the
// known stock are empty, the cards of every 6 exchange are hidden (with two players too), and
// Legal is nil. Its Sample deals every unseen card, searching the hand's record as a seat's
// does, with the same exactness.
//
// A View is a comparable value: two states that differ only in what the seat cannot see give ==
// views. The zero View is not a valid view; get one from [State.View]. It is the view of the zero
// State (a match with no seats that is over) by nobody: Seat and ToMove are norns.Nobody, Over is
// true, Legal is empty, Bid is -1, the hand is empty, Sample returns the zero State, and the
// methods that take a seat panic, as they document, since it has none.
type View struct {
	public
	seat      int8
	bid       int8           // the seat's own bid; -1 until made
	stockLen  uint8          // the number of cards in the stock
	handLens  [3]uint8       // the number of cards each seat holds
	stockMine [stockCap]Card // the cards at the positions of stockSeen[seat]; 0 elsewhere
	hand      Cards
	out       Cards    // the cards out of play this hand
	knows     [3]Cards // knows[q]: cards the seat knows q holds
	knownBy   [3]Cards // knownBy[q]: cards of the seat's hand q knows about
	tape      tape     // the hand's record as the seat saw it
}

// View returns what seat p may see. View(norns.Nobody) is the spectator's view: everything
// public and nothing private (see [View]). It panics if p is neither a seat of the match nor
// norns.Nobody.
func (s State) View(p norns.Player) View {
	if p == norns.Nobody {
		if s.players == 0 {
			return View{} // the zero State's, by nobody already
		}
		v := View{public: s.public, seat: spectator, bid: -1, stockLen: uint8(s.stock.Len()), out: s.played()}
		for q := range int(s.players) {
			v.handLens[q] = uint8(s.hands[q].Len())
		}
		v.tape = s.rec.view(spectator, s.plays(), int(s.players))
		return v
	}
	i := s.check(p)
	v := View{
		public:   s.public,
		seat:     int8(p),
		bid:      s.bids[i],
		stockLen: uint8(s.stock.Len()),
		hand:     s.hands[i],
		out:      s.played(),
	}
	for q := range int(s.players) {
		v.handLens[q] = uint8(s.hands[q].Len())
		v.knows[q] = s.knownOf(int8(i), int8(q))
		v.knownBy[q] = s.knownOf(int8(q), int8(i))
	}
	v.tape = s.rec.view(int8(i), s.plays(), int(s.players))
	for x := s.stockSeen[i]; x != 0; x &= x - 1 {
		j := trailing16(x)
		v.stockMine[j] = s.stockAt(j)
	}
	return v
}

func trailing16(x uint16) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// spectator is the seat of the spectator's view, View(norns.Nobody).
const spectator = int8(norns.Nobody)

// Seat returns whose view this is; norns.Nobody for the spectator's view and the zero View.
func (v View) Seat() norns.Player {
	if v.players == 0 {
		return norns.Nobody
	}
	return norns.Player(v.seat)
}

// Hand returns the seat's own hand; empty in the spectator's view.
func (v View) Hand() Cards { return v.hand }

// HandLen returns the number of cards seat q holds. It panics if q is not a seat of the match.
func (v View) HandLen(q norns.Player) int { return int(v.handLens[v.check(q)]) }

// Bid returns the seat's own bid in this hand, or -1 before it bids. Other seats' bids are
// secret until the hand is scored ([View.LastHand]). It is -1 in the zero View.
func (v View) Bid() int {
	if v.players == 0 {
		return -1
	}
	return int(v.bid)
}

// StockLen returns the number of cards in the stock.
func (v View) StockLen() int { return int(v.stockLen) }

// KnownStock returns the stock from the top down with the cards the seat knows (those it put
// under the stock with a 3 and that are still there) and NoCard for the others; all NoCard in
// the spectator's view.
func (v View) KnownStock() []Card {
	out := make([]Card, v.stockLen)
	for i := range out {
		j := int(v.stockLen) - 1 - i
		out[i] = NoCard
		if v.seat >= 0 && v.stockSeen[v.seat]&(1<<j) != 0 {
			out[i] = v.stockMine[j]
		}
	}
	return out
}

// Played returns this hand's cards out of play (completed tricks and replaced trump cards).
func (v View) Played() Cards { return v.out }

// Known returns the cards the seat knows seat q holds: cards it gave q with a 6 and q has not
// played since, for instance. Empty for the seat itself. It panics if q is not a seat of the
// match.
func (v View) Known(q norns.Player) Cards { return v.knows[v.check(q)] }

// KnownBy returns the cards of the seat's own hand that seat q knows about (a card q took from
// it, or gave it, with a 6). It panics if q is not a seat of the match.
func (v View) KnownBy(q norns.Player) Cards { return v.knownBy[v.check(q)] }

// Legal returns the seat's legal moves when it is to act, in [State.Legal]'s order, and nil
// otherwise.
func (v View) Legal() []Move {
	if v.toMove != v.seat || v.Over() {
		return nil
	}
	return v.AppendLegal(make([]Move, 0, 16))
}

// AppendLegal appends [View.Legal]'s moves to dst. It does not allocate when dst has room.
func (v View) AppendLegal(dst []Move) []Move {
	if v.toMove != v.seat || v.players == 0 || v.seat < 0 {
		return dst
	}
	switch v.phase {
	case PhaseBid:
		return appendBids(dst, handSize(int(v.players)))
	case PhasePlay:
		return appendPlays(dst, v.hand, &v.trick)
	case PhaseDraw:
		return append(dst, Draw(), NoDraw())
	case PhaseReturn:
		return appendCards(dst, MoveReturn, v.hand)
	case PhaseSteal:
		return appendSteals(dst, v.players, v.seat, v.tricks)
	case PhaseTake:
		return appendTakes(dst, v.players, v.seat)
	case PhaseGive:
		return appendCards(dst, MoveGive, v.hand)
	}
	return dst
}

// String describes the view for humans.
func (v View) String() string {
	var b strings.Builder
	who := v.Seat().String() + "'s"
	if v.seat < 0 && v.players > 0 {
		who = "the spectator's"
	}
	fmt.Fprintf(&b, "herrlof %dp, %s view, hand %d, %v", v.players, who, v.handNo, v.Phase())
	if v.toMove >= 0 && !v.Over() {
		fmt.Fprintf(&b, ", seat %d to move", v.toMove)
	}
	b.WriteByte('\n')
	if v.phase != PhaseDeal && v.phase != PhaseOver {
		fmt.Fprintf(&b, "trump %v (%v), stock %d, trick %v, last trick %v\n", v.trump, v.Trump(), v.stockLen, v.trick, v.prev)
		if v.seat >= 0 {
			fmt.Fprintf(&b, "hand %v, bid %d\n", v.hand, v.bid)
		}
	}
	for q := range int(v.players) {
		fmt.Fprintf(&b, "seat %d: score %d, tricks %d, cards %d\n", q, v.scores[q], v.tricks[q], v.handLens[q])
	}
	return b.String()
}
