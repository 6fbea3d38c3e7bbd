package gnav_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

// randomMove returns a random legal move of s, or chance's draw.
func randomMove(s gnav.State, r *rng.Rand) gnav.Move {
	if s.ToMove() == norns.Chance {
		return s.SampleChance(r)
	}
	legal := s.Legal()
	return legal[r.IntN(len(legal))]
}

// TestDecodedStatesPlayOn is the closure of the decoder (gametest.DecodedStatesPlayOn): every
// state it accepts, its numbers (the config's players, lives and first dealer, the seat to act,
// the dealer, the deals counter, resting seats and contestants, each seat's lives) pushed to the
// bounds the decoder allows, plays on to the end and saves again on the way; gametest's tamper
// check covers the other values (cards, answers, turns, options). It holds because every deal
// costs at least one life and no seat more than two, so the deals counter never passes the lives
// lost, and lives only go down (State.UnmarshalJSON).
func TestDecodedStatesPlayOn(t *testing.T) {
	var starts []gnav.State
	for _, c := range []gnav.Config{{Players: 2}, {Players: 3, CatIsDragoon: true}, {Players: 4}, {Players: 6, Lives: 1},
		{Players: 3, Lives: 2, DealerGiven: true, FirstDealer: 2}, {Players: 20, Lives: 9}} {
		starts = append(starts, mustNew(t, c))
	}
	gametest.DecodedStatesPlayOn(t, starts...)
}
