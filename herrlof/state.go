package herrlof

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
)

// Phase says what a [State] waits for.
type Phase uint8

// The phases of a match. Each hand runs PhaseDeal, PhaseBid, then PhasePlay interleaved with the
// power phases; PhaseOver ends the match.
const (
	PhaseDeal   Phase = iota // chance deals the hand (a [MoveDeal])
	PhaseBid                 // the seat to move bids (H4)
	PhasePlay                // the seat to move plays a card (H6)
	PhaseDraw                // the seat that played a 3 may draw (H11)
	PhaseReturn              // the seat that drew must return a card (H11)
	PhaseSteal               // the seat whose 1 won may steal a trick (H10)
	PhaseTake                // the seat whose 6 won may take a card (H15)
	PhasePick                // chance picks the card the 6 takes (a [MovePick])
	PhaseGive                // the seat whose 6 took a card gives one back (H15)
	PhaseOver                // the match is over (H18, H21)
	numPhases
)

var phaseNames = [numPhases]string{"deal", "bid", "play", "draw", "return", "steal", "take", "pick", "give", "over"}

// String returns the phase's name ("bid", "steal"), or "Phase(12)" out of range.
func (ph Phase) String() string {
	if ph < numPhases {
		return phaseNames[ph]
	}
	return fmt.Sprintf("Phase(%d)", int(ph))
}

// stockCap is the largest stock: 11 cards after a two-player deal.
const stockCap = 11

// stockPile is the stock: a [cards.Pile], top first. Returns go under it (H11), so the seats'
// knowledge of it (stockSeen) counts positions from the bottom.
type stockPile = cards.Pile[[stockCap]cards.Card]

// stockAt returns the stock's i-th card from the bottom.
func (s *State) stockAt(i int) Card { return Card(s.stock.At(s.stock.Len() - 1 - i)) }

// pileOf returns the stock holding cs, cs[0] at the bottom.
func pileOf(cs []Card) stockPile {
	var p stockPile
	for _, c := range cs {
		p.PushTop(cards.Card(c))
	}
	return p
}

// State is a Herrlof match at one moment: an immutable value. Its methods have value receivers and
// never change it; [State.Apply] returns the next state. It holds no slices, maps or pointers, so
// == compares states (and holds exactly when the same cards sit in the same places, the same
// scores and knowledge stand, and the same decision is pending), a State can be a map key, and
// copying it is the snapshot. Every method is safe for concurrent use.
//
// Copies of the Valknut and of the Hagalaz are indistinguishable: a State records how many a hand
// holds, never which copy, so two orders of play that differ only in copies give == states.
//
// A State also records what each seat knows that is not public (a card it gave or took with a 6,
// the cards it put under the stock with a 3), because [State.View] must report it.
//
// The zero State is not a valid match; use [New]. It is a match with no seats that is over, so
// that every method agrees: Players is 0, Over is true, ToMove is norns.Nobody, Phase is
// PhaseOver, Round is 0, Legal is empty, Winners is empty, Config is the zero Config, the trump
// card is NoCard and every seat it names (Leader, Opener, PowerSeat…) is norns.Nobody; Apply,
// Step and ApplyEvents refuse every move with [norns.ErrGameOver]; MarshalJSON fails; the
// methods that take a seat (View, Hand, Score…) panic, as they document, since it has none; and
// SampleChance panics, as it does whenever ToMove is not norns.Chance. TestZeroValues calls every
// method of it.
//
// Layout: the public part of the match (the fields every seat sees) is one struct, public,
// embedded in State and in [View], so that View, Sample and the JSON form copy it whole; the
// private part follows (bids, hands, stock, knowledge, the record of the hand). Everything is
// held in small integers and bit sets (a hand is one word, the record of a hand five) so that a
// State stays under 192 bytes: Go copies a smaller value with straight-line moves rather than a
// loop, and the value API copies a State several times per move. The private fields are ordered
// so that none needs padding (176 bytes in all, 16 of them the list of legal moves, see
// legalSet). TestStateSize pins the size, and the Apply and random-hand benchmarks the cost of
// this layout.
type State struct {
	public
	legalSet           // the legal moves, as a function of the rest (see legalSet)
	hands    [3]Cards  // the hands; unused seats empty
	stock    stockPile // the stock; stockAt(i) is its i-th card from the bottom
	bids     [3]int8   // bids this hand; -1 until made
	known    [3]Cards  // what seat a knows of the others' hands (a 6 exchange, a 3 draw); see knownOf
	rec      tape      // the record of the hand, for View.Sample
}

// kidx is the index of seat b among the other seats of seat a, in ascending order.
func kidx(a, b int8) int8 {
	if b > a {
		return b - 1
	}
	return b
}

// vhBits are the Valknut and Hagalaz bits of a Cards.
const vhBits Cards = 63 << 36

// knownOf returns the cards seat a knows seat b holds (none when a == b). known[a] holds them
// for both other seats at once: bits 0-35 are the suited cards a knows to be where they are
// (each is in one hand, so the holder follows from the hands), bits 36-41 the Valknuts and
// Hagalaz a knows the other seat kidx 0 holds and bits 42-47 those of kidx 1 (as in a Cards).
// Every suited bit is a card in another seat's hand, so equal knowledge is an equal State.
func (s *State) knownOf(a, b int8) Cards {
	if a == b {
		return 0
	}
	k := s.known[a]
	return k&s.hands[b]&suitedBits | k>>(6*uint(kidx(a, b)))&vhBits
}

// setKnown sets the cards seat a knows seat b holds to k, which b must hold.
func (s *State) setKnown(a, b int8, k Cards) {
	sh := 6 * uint(kidx(a, b))
	s.known[a] = s.known[a]&^(s.hands[b]&suitedBits)&^(vhBits<<sh) | k&suitedBits | (k&vhBits)<<sh
}

// unknow drops k, all that seat a knew seat b held (knownOf(a, b) before any of it moved).
func (s *State) unknow(a, b int8, k Cards) {
	s.known[a] &^= k&suitedBits | vhBits<<(6*uint(kidx(a, b)))
}

// lastHand is the public record of the last hand scored; its number follows from the phase and
// the hand number (see scoredHands).
type lastHand struct {
	bids   [3]int8
	tricks [3]uint8
}

// HandResult is the outcome of a scored hand, revealed to all: every seat's bid, tricks (after
// steals) and points (H17). Entries beyond the player count are zero.
type HandResult struct {
	Hand    int    // the hand's number, from 1; 0 when no hand has been scored yet
	Players int    // the number of seats: the entries that count
	Bids    [3]int // the bids, revealed
	Tricks  [3]int // the tricks won
	Points  [3]int // the points scored in the hand
}

// Trick is a trick as played: up to one card per seat, in playing order from its leader. The zero
// Trick is empty.
type Trick struct {
	cards   [3]Card
	n       uint8
	players uint8
	leader  int8 // -1 when empty
	winner  int8 // the winning seat of a completed trick; -1 if destroyed or not complete
}

func emptyTrick(players uint8) Trick {
	return Trick{players: players, leader: -1, winner: -1}
}

// Len returns the number of cards played to t.
func (t Trick) Len() int { return int(t.n) }

// Card returns the i-th card played (0 is the lead). It panics if i is out of range.
func (t Trick) Card(i int) Card {
	if i < 0 || i >= int(t.n) {
		panic(fmt.Sprintf("herrlof: Trick.Card(%d) of %d", i, t.n))
	}
	return t.cards[i]
}

// Seat returns who played the i-th card. It panics if i is out of range.
func (t Trick) Seat(i int) norns.Player {
	if i < 0 || i >= int(t.n) {
		panic(fmt.Sprintf("herrlof: Trick.Seat(%d) of %d", i, t.n))
	}
	return norns.Player((int(t.leader) + i) % int(t.players))
}

// Leader returns who led t, or Nobody if t is empty.
func (t Trick) Leader() norns.Player {
	if t.n == 0 {
		return norns.Nobody
	}
	return norns.Player(t.leader)
}

// LedSuit returns the suit of t's first suited card, or NoSuit if it has none (H6).
func (t Trick) LedSuit() Suit { return t.ledSuit() }

// ledSuit is LedSuit without copying t (a copy right after a card is played waits for the
// store of that card), and without a loop: a trick holds at most three cards.
func (t *Trick) ledSuit() Suit {
	n := t.n
	if n == 0 {
		return NoSuit
	}
	led := cardSuit[t.cards[0]]
	if led < 0 && n > 1 {
		led = cardSuit[t.cards[1]]
		if led < 0 && n > 2 {
			led = cardSuit[t.cards[2]]
		}
	}
	return max(led, NoSuit) // cardSuit is -2 for an unsuited card
}

// Winner returns who won a completed trick, and Nobody if it was destroyed (H13) or is not
// complete (the zero Trick included).
func (t Trick) Winner() norns.Player {
	if t.winner < 0 || t.n == 0 {
		return norns.Nobody
	}
	return norns.Player(t.winner)
}

// Destroyed reports whether t is complete and was destroyed by a Valknut (H13).
func (t Trick) Destroyed() bool { return t.n == t.players && t.n > 0 && hasValknut(t) && t.winner < 0 }

func hasValknut(t Trick) bool {
	for _, c := range t.cards[:t.n] {
		if c == Valknut {
			return true
		}
	}
	return false
}

// String lists the trick's plays, as in "0:R7 1:V"; "-" when empty.
func (t Trick) String() string {
	if t.n == 0 {
		return "-"
	}
	var b strings.Builder
	for i := range int(t.n) {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d:%v", int(t.Seat(i)), t.cards[i])
	}
	return b.String()
}

// New returns a match at its first chance node: the first deal (see [Deal]). Its error wraps
// [norns.ErrBadConfig] when c does not validate.
func New(c Config) (State, error) {
	if err := c.Validate(); err != nil {
		return State{}, err
	}
	c = c.normal()
	s := State{public: public{
		turn:      turn{players: uint8(c.Players)},
		bonus5:    c.FiveTrickBonus,
		handLimit: uint16(c.HandLimit),
		opener:    -1,
		handNo:    1,
	}}
	s.startDeal()
	return s, nil
}

// startDeal sets the per-hand fields for the deal chance node.
func (s *State) startDeal() {
	s.phase = PhaseDeal
	s.toMove = int8(norns.Chance)
	s.trickNo = 0
	s.trump = NoCard
	s.stock = stockPile{}
	s.power, s.target, s.next = -1, -1, -1
	s.trick, s.prev = emptyTrick(s.players), emptyTrick(s.players)
	s.tricks = [3]uint8{}
	s.bids = [3]int8{-1, -1, -1}
	s.voids = [3]uint8{}
	s.stockSeen = [3]uint16{}
	s.hands = [3]Cards{}
	// The knowledge is written only when set: a store a move did not need makes the caller's
	// copy of the State slower.
	s.rec = tape{}
	s.legalSet = legalSet{} // a deal lists no moves
	if s.known != [3]Cards{} {
		s.known = [3]Cards{}
	}
}

// Hand returns seat p's hand. It panics if p is not a seat of the match.
func (s State) Hand(p norns.Player) Cards { return s.hands[s.check(p)] }

// Bid returns seat p's bid in this hand, or -1 if p has not bid yet. Bids are secret until the
// hand is scored (see [State.LastHand] and [View]); the State, which knows everything, tells. It
// panics if p is not a seat of the match.
func (s State) Bid(p norns.Player) int { return int(s.bids[s.check(p)]) }

// StockLen returns the number of cards in the stock.
func (s State) StockLen() int { return s.stock.Len() }

// Stock returns the stock's cards from the top down, for tests and tools; players never see it.
func (s State) Stock() []Card {
	out := make([]Card, 0, s.stock.Len())
	for c := range s.stock.All() {
		out = append(out, Card(c))
	}
	return out
}

// Played returns this hand's cards out of play: the cards of completed tricks and the trump cards
// replaced by two Valknuts (H13). All of it is public.
func (s State) Played() Cards { return s.played() }

// played derives the cards out of play: whatever is in no hand, not in the stock, not in the
// trick and not the trump card. It is empty at a deal and once over.
func (s *State) played() Cards {
	if s.phase == PhaseDeal || s.phase == PhaseOver {
		return 0
	}
	in := s.hands[0]&suitedBits | s.hands[1]&suitedBits | s.hands[2]&suitedBits
	v := s.hands[0].Count(Valknut) + s.hands[1].Count(Valknut) + s.hands[2].Count(Valknut)
	x := s.hands[0].Count(Hagalaz) + s.hands[1].Count(Hagalaz) + s.hands[2].Count(Hagalaz)
	count := func(c Card) {
		switch {
		case c < 36:
			in |= 1 << c
		case c == Valknut:
			v++
		case c == Hagalaz:
			x++
		}
	}
	count(s.trump)
	for c := range s.stock.All() {
		count(Card(c))
	}
	for _, c := range s.trick.cards[:s.trick.n] {
		count(c)
	}
	v, x = max(3-v, 0), max(3-x, 0)
	return suitedBits&^in | Cards(1<<v-1)<<36 | Cards(1<<x-1)<<39
}

// replacedTrump derives the trump card two Valknuts replaced this hand from the rest of the State:
// the card out of play that no completed trick holds, or NoCard when there is none (or, in a
// damaged State, more than one). The decoder uses it to fill in the record, which holds it.
func (s *State) replacedTrump() Card {
	rest := s.played()
	for k := range int(s.players) * int(s.trickNo) {
		if c := s.rec.play(k); c.IsValid() && rest.Has(c) {
			rest = rest.Without(c)
		}
	}
	if rest.Len() != 1 {
		return NoCard
	}
	return rest.nth(0)
}

// destroyedTricks returns the number of tricks a Valknut destroyed this hand: steals move
// tricks between seats, so the tricks not counted for anyone are the destroyed ones.
func (s *State) destroyedTricks() uint8 {
	return s.trickNo - s.tricks[0] - s.tricks[1] - s.tricks[2]
}

// scoredHands returns how many hands have been scored: those before the current one, and the
// current one too once the match is over.
func scoredHands(ph Phase, handNo uint16) int {
	if ph == PhaseOver {
		return int(handNo)
	}
	return int(handNo) - 1
}

// result returns l as the result of hand number hand (0: none scored yet).
func (l lastHand) result(c Config, hand int) HandResult {
	r := HandResult{Hand: hand, Players: c.Players}
	if hand == 0 {
		return r
	}
	for p := range c.Players {
		r.Bids[p] = int(l.bids[p])
		r.Tricks[p] = int(l.tricks[p])
		r.Points[p] = handPoints(c.Players, c.FiveTrickBonus, int(l.bids[p]), int(l.tricks[p]))
	}
	return r
}

// String describes the state for humans, over several lines.
func (s State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "herrlof %dp, hand %d, %v", s.players, s.handNo, s.Phase())
	switch {
	case s.Over():
		fmt.Fprintf(&b, ", winners %v", s.Winners())
	case s.toMove >= 0:
		fmt.Fprintf(&b, ", seat %d to move", s.toMove)
	}
	b.WriteByte('\n')
	if s.phase != PhaseDeal && s.phase != PhaseOver {
		fmt.Fprintf(&b, "trump %v (%v), stock %d, trick %v, last trick %v\n", s.trump, s.Trump(), s.stock.Len(), s.trick, s.prev)
	}
	for p := range int(s.players) {
		fmt.Fprintf(&b, "seat %d: score %d, correct bids %d", p, s.scores[p], s.correct[p])
		if s.phase != PhaseDeal && s.phase != PhaseOver {
			fmt.Fprintf(&b, ", bid %d, tricks %d, hand %v", s.bids[p], s.tricks[p], s.hands[p])
		}
		b.WriteByte('\n')
	}
	return b.String()
}
