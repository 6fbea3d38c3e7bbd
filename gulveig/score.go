package gulveig

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// Payment is one payment of the betting settlement (G20): From pays To Cents cents.
type Payment struct {
	From, To norns.Player
	Cents    int
}

// String returns "seat 1 pays seat 0 5.00".
func (p Payment) String() string {
	return fmt.Sprintf("%v pays %v %d.%02d", p.From, p.To, p.Cents/100, p.Cents%100)
}

// Settle returns the payments of the betting settlement (G20) for the final scores by seat and the
// winners: each other seat pays each winner one cent per point of difference between their
// scores (1000, 500, -200 with seat 0 the winner: seat 1 pays 500 cents, seat 2 pays 1200), in
// seat order. It returns nil when there is no winner.
func Settle(scores []int, winners norns.Seats) []Payment {
	var out []Payment
	for p := range scores {
		if winners.Has(norns.Player(p)) {
			continue
		}
		for w := range winners.All() {
			if int(w) < len(scores) {
				out = append(out, Payment{From: norns.Player(p), To: w, Cents: scores[w] - scores[p]})
			}
		}
	}
	return out
}

// Settlement returns the betting settlement of a finished match (G20), and nil when the match is
// not over or the betting option is off.
func (s State) Settlement() []Payment {
	if !s.Over() || !s.has(flagBetting) {
		return nil
	}
	scores := make([]int, s.players)
	for p := range scores {
		scores[p] = int(s.scores[p])
	}
	return Settle(scores, s.winners)
}
