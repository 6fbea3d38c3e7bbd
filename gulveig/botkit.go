package gulveig

import "github.com/nornsgames/norns"

// This file is the bot-writer's kit: the names a bot is declared with, the rules question a bot
// asks about the current trick (answered by the same code that settles tricks), and the chance
// streams for arena.

// Bot is a Gulveig bot: what norns.Play and arena ask for moves. Declare a bot as a Bot, or
// adapt a function with [BotFunc], without spelling out norns.Bot's type parameters.
type Bot = norns.Bot[View, Move]

// BotFunc adapts a function to [Bot]: gulveig.BotFunc(func(ctx context.Context, v View) (Move,
// error) { … }).
type BotFunc = norns.BotFunc[View, Move]

// ChanceStream sorts Gulveig's chance nodes into streams, for arena's Config.Stream and the
// registry: the first dealer and the deals in stream 0, Idun's Orchard's draws (PhaseDraw) in
// stream 1. How many draws a hand has depends on play (whether a seat uses the Orchard), so with
// one stream a different number of draws would shift every later deal; with two, every seating
// of a seed gets the same deals whatever the bots do. It panics unless s is at a chance node.
func ChanceStream(s State) int {
	switch s.Phase() {
	case PhaseDealer, PhaseDeal:
		return 0
	case PhaseDraw:
		return 1
	}
	panic("gulveig: ChanceStream of a state that is not at a chance node")
}

// WouldWin reports whether playing card c now would win the current trick as it then stands
// (G11), with this hand's strengths after the roles (G21) and the clan holding supremacy (G12):
// for the last card of a trick, whether the seat takes the trick; for an earlier one, whether it
// beats the cards played so far (a later card may still beat it); on a lead, true. It answers
// with the code Apply settles tricks with. It does not check that c is in the hand or legal,
// nor does it count a combo shown with c (leading with Show changes supremacy first); it
// returns false outside the play phase and for a card that is not one of the deck's.
func (v View) WouldWin(c Card) bool {
	if v.phase != PhasePlay || !c.IsValid() {
		return false
	}
	return v.winningIndex(c) == int(v.trickN)
}
