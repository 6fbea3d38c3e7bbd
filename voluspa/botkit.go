package voluspa

import "github.com/nornsgames/norns"

// This file is the bot-writer's kit: the names a bot is declared with, the rules question a bot
// asks before laying (what would this lay score), and the chance streams for arena. Every game
// has the same kit (see herrlof's).

// Bot is a Voluspa bot: what norns.Play and arena ask for moves. Declare a bot as a Bot, or adapt
// a function with [BotFunc], without spelling out norns.Bot's type parameters.
type Bot = norns.Bot[View, Move]

// BotFunc adapts a function to [Bot]: voluspa.BotFunc(func(ctx context.Context, v View) (Move,
// error) { … }).
type BotFunc = norns.BotFunc[View, Move]

// ChanceStream sorts Voluspa's chance nodes into streams, for arena's Config.Stream. Every chance
// node draws one tile from the supply (or the first player) with one draw from the generator,
// and the supply changes only by those draws, so one stream (0) already gives every seating of
// a seed the same tiles in the same order out of the supply: arena with ChanceStream plays
// exactly as arena without a stream function. (Which seat draws the i-th tile depends on the
// play: a Skadi capture skips a draw.) It is exported so that every game offers one.
func ChanceStream(State) int { return 0 }

// Points returns what the lay or cover m would score for v's seat now (V10–V13): the length of
// each line through its square in which the tile would be the strongest, or close a line of
// Valkyries. It returns 0 for any other move, and for a move v's seat could not play now.
func (v View) Points(m Move) int {
	if v.phase != PhaseTurn || v.toMove != v.me || (m.kind != MoveLay && m.kind != MoveCover) {
		return 0
	}
	s := State{public: v.public, drawer: drawer{node: v.head}}
	s.h.hand[v.me] = v.hand
	var w window
	if s.check(m, &w) != nil {
		return 0
	}
	return lineGain(&s, m, &w)
}
