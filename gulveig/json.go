package gulveig

import (
	"encoding/json"
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/strictjson"
)

// stateJSON is the JSON form of a State: what stands between hands (config, scores, dealer, the
// hands dealt) and the current hand's moves from its deal on, chance and hidden acts included.
// Everything else is rebuilt by replaying those moves.
type stateJSON struct {
	Config     Config         `json:"config"`
	Hands      int            `json:"hands"`             // hands dealt so far, the current one included
	Dealer     norns.Player   `json:"dealer"`            // -2 before the first dealer is drawn
	Scores     []int          `json:"scores"`            // game scores by seat
	LastPoints []int          `json:"lastPoints"`        // hand points of the last hand scored
	Over       bool           `json:"over,omitempty"`    // the match is over
	Winners    []norns.Player `json:"winners,omitempty"` // the winners, once over
	Moves      []Move         `json:"moves,omitempty"`   // the current hand's moves, its deal first
}

// MarshalJSON encodes the state: its config, the scores and dealer, and the current hand's moves
// (which include the hidden cards: a State's JSON is the whole truth, not a view).
func (s State) MarshalJSON() ([]byte, error) {
	n := int(s.players)
	j := stateJSON{Config: s.Config(), Hands: int(s.hands), Dealer: s.Dealer(), Scores: make([]int, n),
		LastPoints: make([]int, n), Over: s.Over(), Moves: s.HandMoves()}
	for p := range n {
		j.Scores[p], j.LastPoints[p] = int(s.scores[p]), int(s.lastPts[p])
	}
	for p := range s.winners.All() {
		j.Winners = append(j.Winners, p)
	}
	return json.Marshal(j)
}

// MaxStateJSON is the longest JSON text [State.UnmarshalJSON] reads, in bytes. A State's JSON
// holds the current hand's moves: about 1 KiB in random matches, 1.5 KiB for the longest
// auction the rules allow (TestMaxStateJSON and TestLongestAuctionRecorded measure them).
const MaxStateJSON = 16 << 10

// UnmarshalJSON decodes a state written by MarshalJSON and checks everything it reads: the
// config and ranges, that the scores and winners are those of a match between hands or over (no
// score at the target unless that seat won), and, during a hand, that its moves replay from the
// deal through [State.Apply]; the decoded state is the replay's. Its limits are those legal play
// keeps: at most the hand limit (or [MaxHands]) hands, and scores no lower than twice the
// largest bid (the most a hand can take, a failed blind bid) times the hands scored, and below
// the target unless over; so every state reached by legal moves from a state it accepts is
// accepted too. Text longer than
// [MaxStateJSON] is refused before it is decoded. Errors wrap [norns.ErrCorrupt]; on error s is
// unchanged.
func (s *State) UnmarshalJSON(data []byte) error {
	if len(data) > MaxStateJSON {
		return corrupt("%d bytes, more than the %d a state may have", len(data), MaxStateJSON)
	}
	var j stateJSON
	if err := (strictjson.Options{Limit: MaxStateJSON}).Unmarshal(data, &j); err != nil {
		return corrupt("%v", err)
	}
	t, err := j.state()
	if err != nil {
		return err
	}
	*s = t
	return nil
}

func corrupt(format string, args ...any) error {
	return fmt.Errorf("gulveig: state JSON: %w: %s", norns.ErrCorrupt, fmt.Sprintf(format, args...))
}

func (j *stateJSON) state() (State, error) {
	t, err := New(j.Config)
	if err != nil {
		return State{}, corrupt("config: %v", err)
	}
	n := t.Players()
	if len(j.Scores) != n || len(j.LastPoints) != n {
		return State{}, corrupt("%d scores and %d hand points for %d players", len(j.Scores), len(j.LastPoints), n)
	}
	inHand := len(j.Moves) > 0
	last := t.lastHand()
	switch {
	case j.Hands < 0 || j.Hands > last:
		return State{}, corrupt("hands %d (0 to %d)", j.Hands, last)
	case inHand && (j.Over || j.Hands == 0):
		return State{}, corrupt("moves of a hand when over or before the first deal")
	case j.Over && j.Hands == 0:
		return State{}, corrupt("over before the first hand")
	}
	// The hands scored, and the scores they allow: each hand takes at most maxLoss from a score,
	// and only a made bid, which ends the match if it reaches the target, adds more than the
	// scavengers' points, which stop below the target (G15–G17). So play from an accepted state
	// never leaves these bounds: a hand more widens them by what it can change.
	scored := j.Hands
	if inHand {
		scored--
	}
	lo, hi := -t.maxLoss()*scored, int(t.target)-1
	if j.Over {
		hi += t.maxLoss()
	}
	for p := range n {
		if j.Scores[p] < lo || j.Scores[p] > hi || j.LastPoints[p] < -1000 || j.LastPoints[p] > 1000 {
			return State{}, corrupt("seat %d: score %d (%d to %d after %d hands), hand points %d out of range", p, j.Scores[p], lo, hi, scored, j.LastPoints[p])
		}
		if j.Hands == 0 && (j.Scores[p] != 0 || j.LastPoints[p] != 0) {
			return State{}, corrupt("scores before the first hand")
		}
		t.scores[p], t.lastPts[p] = int32(j.Scores[p]), int16(j.LastPoints[p])
	}
	switch {
	case j.Dealer == norns.Nobody:
		if j.Hands > 0 || t.has(flagDealerGiven) {
			return State{}, corrupt("no dealer after the first hand, or with a given dealer")
		}
		t.dealer = -1
	case j.Dealer >= 0 && int(j.Dealer) < n:
		if j.Hands == 0 && t.has(flagDealerGiven) && int8(j.Dealer) != t.firstDealer {
			return State{}, corrupt("the first dealer is not the given one")
		}
		t.dealer = int8(j.Dealer)
		t.phase = PhaseDeal
	default:
		return State{}, corrupt("dealer %d", j.Dealer)
	}
	// Who reached the target: at most one seat, a declarer whose made bid ended the match.
	var reached norns.Seats
	best := t.scores[0]
	for p := range n {
		if t.scores[p] >= int32(t.target) {
			reached = reached.With(norns.Player(p))
		}
		best = max(best, t.scores[p])
	}
	var winners norns.Seats
	for _, p := range j.Winners {
		if p < 0 || int(p) >= n || winners.Has(p) {
			return State{}, corrupt("bad or repeated winner %d", p)
		}
		winners = winners.With(p)
	}
	if !j.Over {
		if !winners.IsEmpty() || !reached.IsEmpty() {
			return State{}, corrupt("winners or a score at the target before the end")
		}
		if !inHand {
			if j.Hands >= last {
				return State{}, corrupt("a hand to deal past the last hand %d", last)
			}
			t.hands = uint16(j.Hands)
			t.syncTurn()
			return t, nil
		}
		t.hands = uint16(j.Hands - 1)
		if t.dealer < 0 {
			return State{}, corrupt("a hand without a dealer")
		}
		s, err := t.Apply(j.Moves[0])
		if err != nil {
			return State{}, corrupt("deal: %v", err)
		}
		for i, m := range j.Moves[1:] {
			if s.phase == PhaseDeal || s.phase == PhaseOver {
				return State{}, corrupt("move %d after the end of the hand", i+1)
			}
			if s, err = s.Apply(m); err != nil {
				return State{}, corrupt("move %d: %v", i+1, err)
			}
		}
		if s.phase == PhaseDeal || s.phase == PhaseOver || s.hands != uint16(j.Hands) {
			return State{}, corrupt("the moves end the hand")
		}
		return s, nil
	}
	switch {
	case reached.Len() == 1 && winners == reached:
	case reached.IsEmpty() && j.Hands == last:
		for p := range n {
			if (t.scores[p] == best) != winners.Has(norns.Player(p)) {
				return State{}, corrupt("the winners are not the highest scores")
			}
		}
	default:
		return State{}, corrupt("winners %v do not fit the scores", winners)
	}
	if t.dealer < 0 {
		return State{}, corrupt("over without a dealer")
	}
	t.hands = uint16(j.Hands)
	t.winners = winners
	t.phase, t.toMove = PhaseOver, nobody
	t.syncTurn()
	return t, nil
}
