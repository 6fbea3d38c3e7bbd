package gnav

import (
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// searchModel is the model a [SearchBot] searches: how the seats play (the heuristic with a share
// of random moves) and how much the bot believes that the seats that acted before it in the deal
// played that way. Its fields are read-only once the bot is made, so the closures built from it
// are safe for concurrent use.
type searchModel struct {
	// noise is the share of random moves in the playouts (see playoutPolicy).
	noise float64
	// belief is the share of random moves the bot assumes in the past acts of the deal when it
	// weighs a determinisation; 0 or less weighs nothing (every deal Sample draws is kept).
	belief float64
	// tries is the most deals drawn per determinisation when weighing them.
	tries int
	// match plays the playouts to the end of the match, every seat (the bot's own later
	// decisions included) by the policy, instead of to the end of the deal. Off: it scored
	// 0.274 ± 0.013 against three heuristics over 2000 matches at 1000 iterations, at three times
	// the cost of a decision (TestBotStrength -strength.match 1).
	match bool
	// table values the end of a deal by the win-chance table (see winChance) where the match is
	// one the table covers, instead of the lives squared (winShare). On: against three
	// heuristics at 1000 iterations, on the same seeds (TestBotAB -strength.table), +0.0047 ±
	// 0.0042 over 8000 matches, and +0.004 ± 0.006 over 4000 others with a table of 5000 deals a
	// state.
	table bool
	// wins is the win-chance table the leaves read with table set; nil reads the heuristic's
	// table (winTable, every seat playing the heuristic after the deal: newSearchBot sets it). The search seat's own
	// table (the search playing that seat in every later deal: estimateSearchWinTable, 1000
	// deals a state and seat, a search of 100 iterations, as TestBotDiagOptimum writes it)
	// changed nothing: against three heuristics at 1000 iterations, on the same 8000 matches
	// (TestBotAB -strength.wins), −0.0004 ± 0.0011 for it.
	wins *[winStates][winSeats]float32
	// drawn values a drawn match as search.Result does, 1/Players to every seat, instead of
	// nothing (arena's win share, which the bot is measured by). Off: −0.0004 ± 0.0010 for on,
	// against three heuristics at 1000 iterations over 8000 matches on the same seeds
	// (TestBotAB -strength.drawn 1): too rare to matter, and off is the measure's own value.
	drawn bool
}

// reward is what a leaf of the search (the end of the deal, or of the match) is worth to seat
// under m: the match's result (see result), or the win-chance table's entry (with m.table, in a
// match the table covers: see winChance), or the lives squared (winShare).
func (m searchModel) reward(s State, seat norns.Player) float64 {
	switch {
	case s.Over():
		return result(s, seat, m.drawn)
	case m.table && m.drawn:
		return tableChance(drawnWinTable(), s, seat, true)
	case m.table:
		return tableChance(m.wins, s, seat, false)
	}
	return winShare(s, seat, m.drawn)
}

// defaultModel is the model of [NewSearchBot].
var defaultModel = searchModel{noise: playoutNoise, belief: beliefNoise, tries: beliefTries, table: true}

// beliefNoise is the share of random moves that the search assumes of the other seats when it
// reads their stands and asks (see [SearchBot]). Against three heuristics (TestBotStrength, 4000
// matches, 1000 iterations, playouts without noise) it scored 0.279 ± 0.008, against 0.277 with
// 0.02, 0.279 with 0.3, and 0.274 without weighing the deals (0): a small gain, within the
// intervals, consistent with 0.277 against 0.274 with noisy playouts. With the win-chance table,
// on the same 8000 matches (TestBotAB, 1000 iterations): 0.02 with 64 deals −0.0008 ± 0.0024,
// 0.3 +0.0005 ± 0.0022 against 0.1: flat.
const beliefNoise = 0.1

// beliefTries is the most deals the search draws for one determinisation (see [SearchBot]).
const beliefTries = 32

// determinize draws, from s (a deal drawn by [View.Sample] for seat), a deal under which the
// model's seats would have played the deal's acts so far: by rejection, it keeps a deal with
// probability ρ^k, where k counts the past acts of the other seats that the heuristic would not
// have chosen with the cards of the deal and ρ = (belief/2)/(1-belief/2) is the model's odds of
// such an act, and otherwise draws another. After m.tries deals it keeps the last. Kept deals
// are distributed as the posterior of the deal given the acts, when the model is right (and the
// tries do not run out).
func (m searchModel) determinize(s State, seat norns.Player, r *rng.Rand) State {
	if m.belief <= 0 || s.who() < 0 {
		return s
	}
	rho := m.belief / 2 / (1 - m.belief/2)
	var v View
	for try := 1; ; try++ {
		_, k := s.replay(int8(seat))
		if k == 0 || try >= m.tries {
			return s
		}
		p := rho
		for range k - 1 {
			p *= rho
		}
		if r.Float64() < p {
			return s
		}
		if try == 1 {
			v = s.View(seat)
		}
		s = v.Sample(r)
	}
}

// replay replays the current deal of s from its start, and returns the state it reaches (s itself,
// when s is a state a match can reach) and the number of acts of seats other than seat that the
// heuristic would not have chosen with the cards they held. s must be in a deal (a seat to act).
func (s *State) replay(seat int8) (State, int) {
	u := *s
	u.act = [MaxPlayers]uint8{}
	u.d.hand = u.d.dealt
	for i := range u.d.gotAsked {
		u.d.gotAsked[i], u.d.gotOwn[i] = NoCard, NoCard
	}
	// A request that ended at a Dragon or a Katt cost its asker a life (N11, N12): give it back.
	for x := uint32(s.contest); x != 0; x &= x - 1 {
		p := int8(trailing(x))
		if Turn(s.act[p]>>3) != TurnAsked {
			continue
		}
		q := nextIn(s.contest, p)
		for a := Answer(s.act[q] & 7); a == AnswerHus || a == AnswerHest; a = Answer(s.act[q] & 7) {
			q = nextIn(s.contest, q)
		}
		if a := Answer(s.act[q] & 7); a == AnswerKatt || a == AnswerDragon {
			u.lives[p]++
			u.alive = u.alive.With(norns.Player(p))
		}
	}
	u.setWho(nextIn(s.contest, s.dealer))
	k := 0
	for steps := 0; u.who() != s.who() && u.who() >= 0 && steps < MaxPlayers; steps++ {
		p := u.who()
		m := Stand()
		if Turn(s.act[p]>>3) == TurnAsked {
			m = Ask()
		}
		if p != seat {
			v := u.View(norns.Player(p))
			if heuristicAsks(&v) != (m.kind == MoveAsk) {
				k++
			}
		}
		u.step(&m, nil)
	}
	return u, k
}
