package herrlof

import "github.com/nornsgames/norns"

// This file is the bot-writer's kit: the names a bot is declared with, the rules questions a bot
// asks about the current trick (answered by the same code that settles tricks), and the chance
// streams for arena. Every game has the same kit (see gnav's).

// Bot is a Herrlof bot: what norns.Play and arena ask for moves. Declare a bot as a Bot, or adapt
// a function with [BotFunc], without spelling out norns.Bot's type parameters.
type Bot = norns.Bot[View, Move]

// BotFunc adapts a function to [Bot]: herrlof.BotFunc(func(ctx context.Context, v View) (Move,
// error) { … }).
type BotFunc = norns.BotFunc[View, Move]

// ChanceStream sorts Herrlof's chance nodes into streams, for arena's Config.Stream: the deals
// in stream 0, the 6's random picks (PhasePick) in stream 1. The bots decide how often a 6 takes
// a random card, so with one stream a different number of picks would shift every later deal;
// with two, every seating of a seed gets the same hands whatever the bots do. It panics unless
// s is at a chance node.
func ChanceStream(s State) int {
	switch s.Phase() {
	case PhaseDeal:
		return 0
	case PhasePick:
		return 1
	}
	panic("herrlof: ChanceStream of a state that is not at a chance node")
}

// Winning returns the index in t (0 is the lead) of the card that wins t as it stands under
// trump suit trump, as if nobody else played (H7): the highest trump, else the highest card of
// the led suit, else, when every card is a Hagalaz, the first one. It returns -1 when t is empty
// or holds a Valknut (the trick is destroyed, H13). For a complete trick the winning card's seat
// is [Trick.Winner].
func (t Trick) Winning(trump Suit) int {
	if t.n == 0 {
		return -1
	}
	u := t
	u.leader = 0 // outcome then returns positions in the trick
	for i := u.n; i < 3; i++ {
		u.cards[i] = NoCard // outcome reads every slot of a trick shorter than three cards
	}
	w, _, _ := outcome(&u, trump)
	return int(w)
}

// WouldWin reports whether card c, played next to t under trump suit trump, would win t as it
// then stands (see [Trick.Winning]): for the last card of a trick, whether it wins the trick;
// for an earlier one, whether it beats the cards played so far (a later card may still beat
// it). A Valknut never wins (it destroys the trick), and nothing wins a trick that holds one. It
// returns false when t is complete.
func (t Trick) WouldWin(c Card, trump Suit) bool {
	if t.players > 0 && t.n >= t.players || t.n >= 3 {
		return false
	}
	u := t
	u.cards[u.n] = c
	u.n++
	return u.Winning(trump) == int(t.n)
}

// LedSuit returns the suit of the current trick's first suited card, or NoSuit if it has none
// (H6): the suit a seat must follow.
func (v View) LedSuit() Suit { return v.trick.LedSuit() }

// WouldWin reports whether playing card c now would win the current trick as it then stands
// under the hand's trump (see [Trick.WouldWin]): with two players, or as the last of three,
// whether c takes the trick. It does not check that c is in the hand or legal.
func (v View) WouldWin(c Card) bool { return v.trick.WouldWin(c, v.Trump()) }
