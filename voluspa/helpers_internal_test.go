package voluspa

import (
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// rapidMatch plays a random match for a rapid property: the number of players and the seed
// drawn from t, chance drawn with SampleChance, and at each seat turn the move turn returns,
// given the state, its legal moves and a uniformly random one of them (turn nil plays that
// one). after, if not nil, sees each move and the state it led to. It returns the last state.
func rapidMatch(t *rapid.T, turn func(s *State, legal []Move, pick Move, r *rng.Rand) Move, after func(m Move, s *State)) State {
	s, err := New(Config{Players: rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")})
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(rapid.Uint64().Draw(t, "seed"))
	for !s.Over() {
		var m Move
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(r)
		} else {
			legal := s.Legal()
			m = legal[r.IntN(len(legal))]
			if turn != nil {
				m = turn(&s, legal, m, r)
			}
		}
		if s, err = s.Apply(m); err != nil {
			t.Fatal(err)
		}
		if after != nil {
			after(m, &s)
		}
	}
	return s
}

// farthest returns, among pick and the lays of legal, the one that lies farthest by dist (the
// first among equals), to steer a match so that its grid sprawls.
func farthest(legal []Move, pick Move, dist func(Move) int) Move {
	for _, c := range legal {
		if c.kind == MoveLay && (pick.kind != MoveLay || dist(c) > dist(pick)) {
			pick = c
		}
	}
	return pick
}
