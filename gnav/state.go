package gnav

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
)

// Phase says what a [State] waits for.
type Phase uint8

// The phases of a match. A match starts in PhaseDealer (or PhaseDeal when the first dealer is
// given), then runs PhaseDeal and PhaseTurn for every deal until PhaseOver.
const (
	PhaseDealer Phase = iota // chance draws the first dealer (a [MoveChooseDealer], N4)
	PhaseDeal                // chance shuffles and deals (a [MoveDeal], N5)
	PhaseTurn                // a contestant stands, asks or draws (N7–N13)
	PhaseOver                // the match is over (N17)
	numPhases
)

var phaseNames = [numPhases]string{"dealer", "deal", "turn", "over"}

// String returns the phase's name ("turn"), or "Phase(9)" out of range.
func (ph Phase) String() string {
	if ph < numPhases {
		return phaseNames[ph]
	}
	return fmt.Sprintf("Phase(%d)", int(ph))
}

// Turn says what a contestant did with its turn in the current deal.
type Turn uint8

// The turns: none yet (or lost, N9), stood, asked (N7), drew from the stock (the dealer, N13).
const (
	TurnNone Turn = iota
	TurnStood
	TurnAsked
	TurnDrew
	numTurns
)

var turnNames = [numTurns]string{"none", "stood", "asked", "drew"}

// String returns "stood", "asked"…, or "Turn(7)" out of range.
func (t Turn) String() string {
	if t < numTurns {
		return turnNames[t]
	}
	return fmt.Sprintf("Turn(%d)", int(t))
}

// Answer says how a contestant answered the request that reached it in the current deal: not
// asked, accepted (N8), or refused with one of the five matadors (N9–N12). A refusal shows the
// matador to everyone.
type Answer uint8

// The answers. AnswerHus to AnswerGjok are in the order of the matadors.
const (
	AnswerNone Answer = iota
	AnswerAccepted
	AnswerHus
	AnswerHest
	AnswerKatt
	AnswerDragon
	AnswerGjok
	numAnswers
)

// answerOf returns the refusal of matador c.
func answerOf(c Card) Answer { return AnswerHus + Answer(c-Hus) }

// Card returns the matador of a refusal, and NoCard for AnswerNone and AnswerAccepted.
func (a Answer) Card() Card {
	if a >= AnswerHus && a < numAnswers {
		return Hus + Card(a-AnswerHus)
	}
	return NoCard
}

// String returns "none", "accepted", or the refusing matador's name ("Hus").
func (a Answer) String() string {
	switch {
	case a == AnswerNone:
		return "none"
	case a == AnswerAccepted:
		return "accepted"
	case a < numAnswers:
		return a.Card().String()
	}
	return fmt.Sprintf("Answer(%d)", int(a))
}

// Special values of head.who, the seat to act.
const (
	chance = int8(norns.Chance)
	nobody = int8(norns.Nobody)
)

// public is the part of a State that every seat sees. A View embeds a copy, so the methods
// defined here serve both.
type public struct {
	alive   norns.Seats // seats with lives left
	resting norns.Seats // seats sitting out the current deal, or the coming one (N15)
	contest norns.Seats // the contestants of the current or coming deal (N3); empty once over
	knock   norns.Seats // contestants dealt a Narr this deal (N6)
	winners norns.Seats
	head
	maxLives    uint8
	catDragoon  bool
	dealerGiven bool
	firstDealer int8
	deals       uint8 // deals dealt so far, the current one included (void deals are not dealt); at most 180, as every deal costs a life
	lives       [MaxPlayers]uint8
	act         [MaxPlayers]uint8 // per seat this deal: its Answer (bits 0–2) and its Turn (bits 3–4)
}

// head is the part of a State that says who acts and how many seats there are: what a random
// playout asks of a State at every move (ToMove, AppendLegal). It is kept to three bytes, with its
// own value methods, so that calling them through a *State (as norns.Playout and the search do)
// copies three bytes instead of the whole State.
type head struct {
	players uint8
	// actor is the seat to act plus 2: 1 at a chance node, 0 once over, so that the zero State
	// (and the zero View) is over, with nobody to act. Read and write it with who and setWho.
	actor  int8
	dealer int8 // the current or coming deal's dealer; -1 until the first is drawn
}

// who returns the seat to act, chance (-1) or nobody (-2).
func (s head) who() int8 { return s.actor - 2 }

// setWho makes p, a seat, chance or nobody, the one to act.
func (s *head) setWho(p int8) { s.actor = p + 2 }

// deal is the hidden part of a State: the cards of the deal in progress. Between deals every
// entry is NoCard. Seats that are not contestants hold NoCard throughout.
type deal struct {
	hand     [MaxPlayers]Card // each contestant's card now
	dealt    [MaxPlayers]Card // each contestant's card as dealt; a cat's undo restores it (N12)
	gotAsked [MaxPlayers]Card // the card a seat received when it accepted an exchange (N8), or NoCard
	gotOwn   [MaxPlayers]Card // the card a seat received when its own request was accepted, or NoCard
	stock    stockPile        // the stock, top first (N5)
}

// stockPile is the stock: a pile of cards of [Deck], large enough for the pack less two dealt
// cards, kept top first so that a deal copies it from its pack as it is. The slots beyond the
// length are kept zero, so == compares stocks.
type stockPile struct {
	c [stockCap]cards.Card // c[0] is the top card, c[n-1] the bottom; c[n:] are zero
	n uint8                // the number of cards
}

// Len returns the number of cards in the stock.
func (p *stockPile) Len() int { return int(p.n) }

// At returns the i-th card from the top; i must be below Len.
func (p *stockPile) At(i int) cards.Card { return p.c[i] }

// cards returns the stock's cards, top first.
func (p *stockPile) cards() []cards.Card { return p.c[:p.n] }

// pushBottom puts k under the stock, which must have room.
func (p *stockPile) pushBottom(k cards.Card) {
	p.c[p.n] = k
	p.n++
}

// set makes the stock cs, cs[0] on top; cs must fit.
func (p *stockPile) set(cs []cards.Card) {
	n := copy(p.c[:], cs)
	clear(p.c[n:])
	p.n = uint8(n)
}

// stockCap is the largest stock: the pack less two dealt cards.
const stockCap = DeckSize - MinPlayers

// noDeal is the deal of a State between deals.
var noDeal = func() deal {
	var d deal
	for i := range d.hand {
		d.hand[i], d.dealt[i], d.gotAsked[i], d.gotOwn[i] = NoCard, NoCard, NoCard, NoCard
	}
	return d
}()

// State is a Gnav match at one moment: an immutable value. Its methods have value receivers and
// never change it; [State.Apply] returns the next state. The exceptions are [State.Step], which
// plays a move in place on the State its pointer points to (Apply is Step on a copy), and
// [State.UnmarshalJSON]. It holds no slices, maps or pointers, so == compares states, a State
// can be a map key, and copying it is the snapshot. Every value method is safe for concurrent
// use.
//
// Cards are ranks (two identical copies each), so two states are == exactly when the same ranks
// sit in the same places, with the same lives, history of the deal and seat to act.
//
// The cards are those of [Deck]: the stock is a pile of them, a deal's pack (in its [Move]) a
// sequence of the deck's cards, and each seat holds one card at a time, kept per seat as its
// rank ([Card]). The cards in the hands and the stock are always the whole pack (N1).
//
// Between deals a State holds no cards: a deal's cards are dealt by a [MoveDeal] and put away at
// its showdown. Besides the cards, a State records the public acts of the deal (each seat's
// [Turn] and [Answer]) and the cards each seat received in its own exchanges, because
// [State.View] reports them.
//
// The zero State is not a valid match; use [New]. It has no seats and reads as a match that is
// over, with nobody to act, so that every method agrees: Players is 0, ToMove is norns.Nobody,
// Over is true, Phase is PhaseOver, Legal is empty, Winners, Alive and every other seat set are
// empty, Dealer is norns.Nobody, Round is 0, Stock is empty, Config is the zero Config, Apply,
// Step and ApplyEvents refuse every move with [norns.ErrGameOver], MarshalJSON fails, and the
// methods that take a seat (View, Hand, Score…) panic as they do for any seat out of range.
// SampleChance panics, as it does unless ToMove is norns.Chance.
type State struct {
	public
	d deal
}

// New returns a match at its first chance node: the draw of the first dealer, or the first deal
// when c gives the dealer. It fails with an error wrapping [norns.ErrBadConfig] if c is invalid.
func New(c Config) (State, error) {
	if err := c.Validate(); err != nil {
		return State{}, err
	}
	c = c.normal()
	s := State{d: noDeal}
	s.players = uint8(c.Players)
	s.maxLives = uint8(c.Lives)
	s.catDragoon = c.CatIsDragoon
	s.dealerGiven = c.DealerGiven
	s.firstDealer = int8(c.FirstDealer)
	for p := range c.Players {
		s.lives[p] = s.maxLives
	}
	s.alive = norns.Seats(1)<<c.Players - 1
	s.contest = s.alive
	s.setWho(chance)
	s.dealer = -1
	if c.DealerGiven {
		s.dealer = s.firstDealer
	}
	return s, nil
}

// Config returns the match's configuration, with the defaults filled in.
func (s public) Config() Config {
	return Config{Players: int(s.players), Lives: int(s.maxLives), CatIsDragoon: s.catDragoon,
		DealerGiven: s.dealerGiven, FirstDealer: norns.Player(s.firstDealer)}
}

// Players returns the number of seats.
func (s head) Players() int { return int(s.players) }

// ToMove returns the seat to act, norns.Chance at a chance node, or norns.Nobody once over.
func (s head) ToMove() norns.Player { return norns.Player(s.who()) }

// Over reports whether the match has ended.
func (s head) Over() bool { return s.who() == nobody }

// Phase returns what the match waits for.
func (s head) Phase() Phase {
	switch {
	case s.who() == nobody:
		return PhaseOver
	case s.who() >= 0:
		return PhaseTurn
	case s.dealer < 0:
		return PhaseDealer
	}
	return PhaseDeal
}

// Score returns seat p's lives left; 0 for a seat out of the match. It panics if p is not a seat.
func (s public) Score(p norns.Player) int { return int(s.lives[s.index(p)]) }

// Lives returns seat p's lives left (the same as Score). It panics if p is not a seat.
func (s public) Lives(p norns.Player) int { return int(s.lives[s.index(p)]) }

// Winners returns the last seat with lives once the match is over; it is empty before, and after
// a drawn match (N2, N17).
func (s public) Winners() norns.Seats { return s.winners }

// Alive returns the seats with lives left.
func (s public) Alive() norns.Seats { return s.alive }

// Dealer returns the dealer of the current deal, or of the coming one at a chance node, and
// norns.Nobody before the first dealer is drawn (and for the zero State and the zero View).
func (s public) Dealer() norns.Player {
	if s.dealer < 0 || s.players == 0 {
		return norns.Nobody
	}
	return norns.Player(s.dealer)
}

// Round returns the number of deals dealt so far, the current one included: 0 before the first
// deal. Void deals (N16) are not dealt, so they are not counted.
func (s public) Round() int { return int(s.deals) }

// HandLen returns the number of cards seat p holds: 1 while p is a contestant of a deal in play
// (a seat out under N14 keeps its card until the showdown), and 0 otherwise (resting, out of the
// match, between deals, or once over). It panics if p is not a seat.
func (s public) HandLen(p norns.Player) int {
	if i := s.index(p); s.who() >= 0 && s.contest.Has(norns.Player(i)) {
		return 1
	}
	return 0
}

// Contestants returns the contestants of the current deal, or of the coming one at a chance node
// (N3); a contestant that went out during the deal (N14) is still listed. It is empty once over.
func (s public) Contestants() norns.Seats { return s.contest }

// InPlay returns the contestants of the current deal that are not out (N14): those compared at
// the showdown. It is empty between deals.
func (s public) InPlay() norns.Seats {
	if s.who() < 0 {
		return 0
	}
	return s.contest & s.alive
}

// Resting returns the seats sitting out the current deal, or the coming one at a chance node,
// because they held a Narr and survived (N15).
func (s public) Resting() norns.Seats { return s.resting }

// Knocked returns the contestants that were dealt a Narr in the current deal (N6). Another seat
// may hold that Narr now.
func (s public) Knocked() norns.Seats { return s.knock }

// Turn returns what seat p did with its turn in the current deal. It panics if p is not a seat.
func (s public) Turn(p norns.Player) Turn { return Turn(s.act[s.index(p)] >> 3) }

// Answer returns how seat p answered a request in the current deal. It panics if p is not a
// seat.
func (s public) Answer(p norns.Player) Answer { return Answer(s.act[s.index(p)] & 7) }

// index returns p as an index, panicking if p is not one of the match's seats.
func (s public) index(p norns.Player) int {
	if p < 0 || int(p) >= int(s.players) {
		panic(fmt.Sprintf("gnav: %v is not a seat of %d players", p, s.players))
	}
	return int(p)
}

// Hand returns seat p's card now, and NoCard for a seat without a card (not a contestant, or
// between deals). It panics if p is not a seat.
func (s State) Hand(p norns.Player) Card { return s.d.hand[s.index(p)] }

// Dealt returns the card seat p was dealt in the current deal, or NoCard. It panics if p is not
// a seat.
func (s State) Dealt(p norns.Player) Card { return s.d.dealt[s.index(p)] }

// Stock returns a copy of the stock from the top down; it is empty between deals.
func (s State) Stock() []Card {
	out := make([]Card, 0, s.d.stock.Len())
	for _, k := range s.d.stock.cards() {
		out = append(out, CardOf(k))
	}
	return out
}

// nextIn returns the first seat of set after p going left (clockwise), wrapping round to p itself
// if it is the only one, and -1 if set is empty. p must be 0 to 31.
func nextIn(set norns.Seats, p int8) int8 {
	after := uint32(set) &^ (uint32(2)<<uint(p) - 1)
	if after == 0 {
		after = uint32(set)
	}
	if after == 0 {
		return -1
	}
	return int8(bits.TrailingZeros32(after))
}

// String describes the match for humans: the phase, each seat's lives and card, and the deal's
// public acts.
func (s State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "gnav: %d players, %d lives, deal %d, ", s.players, s.maxLives, s.deals)
	switch s.Phase() {
	case PhaseDealer:
		b.WriteString("chance draws the first dealer")
	case PhaseDeal:
		fmt.Fprintf(&b, "chance deals for %v", s.Dealer())
	case PhaseTurn:
		fmt.Fprintf(&b, "%v deals, %v to act", s.Dealer(), s.ToMove())
	case PhaseOver:
		if s.winners.IsEmpty() {
			b.WriteString("over: a draw")
		} else {
			fmt.Fprintf(&b, "over: %v wins", norns.Player(bits.TrailingZeros32(uint32(s.winners))))
		}
	}
	for p := range s.Players() {
		seat := norns.Player(p)
		fmt.Fprintf(&b, "\n  seat %d: %d lives", p, s.lives[p])
		switch {
		case s.lives[p] == 0:
			b.WriteString(", out")
		case s.resting.Has(seat):
			b.WriteString(", resting")
		}
		if s.who() >= 0 && s.contest.Has(seat) {
			fmt.Fprintf(&b, ", holds %v (dealt %v", s.d.hand[p], s.d.dealt[p])
			if s.knock.Has(seat) {
				b.WriteString(", knocked")
			}
			b.WriteByte(')')
			if a := s.Answer(seat); a != AnswerNone {
				fmt.Fprintf(&b, ", answered %v", a)
			}
			if t := s.Turn(seat); t != TurnNone {
				fmt.Fprintf(&b, ", %v", t)
			}
			if int8(p) == s.dealer {
				b.WriteString(", dealer")
			}
		}
	}
	if s.d.stock.Len() > 0 {
		b.WriteString("\n  stock:")
		for _, k := range s.d.stock.cards() {
			b.WriteByte(' ')
			b.WriteString(deck.Short(k))
		}
	}
	return b.String()
}

func trailing(x uint32) int { return bits.TrailingZeros32(x) }
