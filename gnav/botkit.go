package gnav

import "github.com/nornsgames/norns"

// This file is the bot-writer's kit: the names a bot is declared with, the rules question a bot
// asks before asking (who would answer, and would they refuse), and the chance streams for arena.
// Every game has the same kit (see herrlof's).

// Bot is a Gnav bot: what norns.Play and arena ask for moves. Declare a bot as a Bot, or adapt a
// function with [BotFunc], without spelling out norns.Bot's type parameters.
type Bot = norns.Bot[View, Move]

// BotFunc adapts a function to [Bot]: gnav.BotFunc(func(ctx context.Context, v View) (Move,
// error) { … }).
type BotFunc = norns.BotFunc[View, Move]

// ChanceStream sorts Gnav's chance nodes into streams, for arena's Config.Stream. Every chance
// node of Gnav draws the first dealer or deals a whole deal, each drawing the same randomness
// whatever the bots did, so one stream (0) already gives every seating of a seed the same deals:
// arena with ChanceStream plays exactly as arena without a stream function. It is exported so
// that every game offers one.
func ChanceStream(State) int { return 0 }

// AskTarget tells, as far as v knows, where a request for an exchange by v's seat would go now,
// and whether it would be refused (N7–N13). The request goes to the next contestant to the left
// and passes on from every contestant known to hold a Hus or a Hest (a refusal this deal showed
// it, and matadors never change hands); a request that passes the dealer goes to the stock.
// AskTarget returns the seat that would answer (Nobody when the request would go to the stock, as
// it does when v's seat is the dealer and draws), the card v knows that seat holds (a matador it
// refused with this deal, or the Narr a seat that knocked and has not been reached still holds;
// NoCard when v cannot tell), and whether that card refuses: a Gjøk, Dragon or Katt. A false
// refused with NoCard means only that v does not know. The spectator's view, which never asks,
// finds nobody.
func (v View) AskTarget() (to norns.Player, card Card, refused bool) {
	me := v.seat
	if me < 0 || me == v.dealer || v.contest.Len() < 2 {
		return norns.Nobody, NoCard, false
	}
	for t := nextIn(v.contest, me); t >= 0 && t != me; t = nextIn(v.contest, t) {
		a := Answer(v.act[t] & 7)
		switch {
		case a == AnswerHus || a == AnswerHest:
			if t == v.dealer {
				return norns.Nobody, NoCard, false // past the dealer: the stock
			}
			continue
		case a >= AnswerHus:
			return norns.Player(t), a.Card(), true
		case a == AnswerNone && v.knock.Has(norns.Player(t)):
			return norns.Player(t), Narr, false
		}
		return norns.Player(t), NoCard, false
	}
	return norns.Nobody, NoCard, false
}
