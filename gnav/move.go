package gnav

import (
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
)

// MoveKind says what a [Move] does.
type MoveKind uint8

// The kinds of move. MoveInvalid is the zero Move's kind.
const (
	MoveInvalid      MoveKind = iota
	MoveChooseDealer          // chance: the first dealer (N4)
	MoveDeal                  // chance: the shuffled pack of a deal (N5)
	MoveStand                 // keep the card; the turn passes left (N7, N13)
	MoveAsk                   // ask the next contestant to exchange (N7–N12)
	MoveDraw                  // the dealer exchanges with the stock (N13)
	numMoveKinds
)

var moveKindNames = [numMoveKinds]string{"invalid", "dealer", "deal", "stand", "ask", "draw"}

// String returns the kind's notation keyword ("ask", "dealer"), or "MoveKind(9)" out of range.
func (k MoveKind) String() string {
	if k < numMoveKinds {
		return moveKindNames[k]
	}
	return fmt.Sprintf("MoveKind(%d)", int(k))
}

// Move is one step of a match: a seat's stand, ask or draw, or a chance outcome (the first
// dealer, a deal's shuffled pack). It is a small comparable value; == compares moves. The zero
// Move is invalid: no state accepts it.
//
// Build moves with [Stand], [Ask], [Draw], [ChooseDealer] and [Deal], or read them with
// [ParseMove].
type Move struct {
	kind MoveKind
	seat int8                 // the seat of a MoveChooseDealer
	pack [DeckSize]cards.Card // the pack of a MoveDeal as cards of [Deck], in dealing order; zero for other kinds
	// badPack marks a MoveDeal whose pack is not two cards of each rank. Every way to build a
	// deal checks its pack once (Deal, and so ParseMove; SampleChance shuffles the pack), so
	// Apply refuses a bad one without counting the cards again.
	badPack bool
}

// Stand returns the move that keeps the card (N7); for the dealer it ends the exchanges (N13).
func Stand() Move { return Move{kind: MoveStand} }

// Ask returns the move that asks the next contestant to the left to exchange (N7). Every refusal
// that follows is resolved in the same move: a Hus or Hest passes the request on (N9), a
// Gjøk ends the exchanges (N10), a Dragon or Katt costs the asker a life (N11, N12), and a request
// that passes the dealer goes to the stock (N13).
func Ask() Move { return Move{kind: MoveAsk} }

// Draw returns the dealer's move that exchanges with the stock (N13).
func Draw() Move { return Move{kind: MoveDraw} }

// ChooseDealer returns the chance move that makes seat p the first dealer (N4).
func ChooseDealer(p norns.Player) Move {
	if p < 0 || p >= MaxPlayers {
		p = MaxPlayers // never a seat; Apply refuses it
	}
	return Move{kind: MoveChooseDealer, seat: int8(p)}
}

// Deal returns the chance move that deals pack (N5): pack[0] goes to the contestant left of the
// dealer, the next cards to each contestant in turn clockwise, the dealer's last; the rest is the
// stock, top first. Apply refuses a pack that is not two cards of each rank.
func Deal(pack [DeckSize]Card) Move {
	m := Move{kind: MoveDeal}
	for i, c := range pack {
		m.pack[i] = c.Kind()
	}
	m.badPack = !validPack(&m.pack)
	return m
}

// Kind returns what m does.
func (m Move) Kind() MoveKind { return m.kind }

// Seat returns the seat a MoveChooseDealer names, and norns.Nobody for other moves.
func (m Move) Seat() norns.Player {
	if m.kind == MoveChooseDealer {
		return norns.Player(m.seat)
	}
	return norns.Nobody
}

// Pack returns the pack of a MoveDeal in dealing order; for other moves every entry is NoCard.
func (m Move) Pack() [DeckSize]Card {
	var p [DeckSize]Card
	if m.kind == MoveDeal {
		for i, k := range m.pack {
			p[i] = CardOf(k)
		}
		return p
	}
	for i := range p {
		p[i] = NoCard
	}
	return p
}

// IsChance reports whether m is a chance outcome (the first dealer or a deal).
func (m Move) IsChance() bool { return m.kind == MoveChooseDealer || m.kind == MoveDeal }

// validPack reports whether p holds exactly two cards of each rank: two copies of every kind of
// [Deck].
func validPack(p *[DeckSize]cards.Card) bool {
	var n [NumRanks]uint8
	for _, k := range p {
		if k >= DeckSize || k%Copies != 0 {
			return false
		}
		n[rankOf(k)]++
	}
	for _, k := range n {
		if k != Copies {
			return false
		}
	}
	return true
}

// sortedPack is the pack in order: two Narr, two Ugle, …, two Gjøk.
var sortedPack = func() (p [DeckSize]cards.Card) {
	for i := range p {
		p[i] = kindOf(Card(i / Copies))
	}
	return p
}()
