package herrlof

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/internal/strictjson"
)

// stateJSON is the JSON form of a State. Cards are in notation; multisets are space-separated
// strings ("R1 R7 V V", "" when empty); the stock is listed from the top down.
type stateJSON struct {
	Config Config `json:"config"`
	Phase  string `json:"phase"`
	ToMove int    `json:"toMove"`
	// Hand is the hand in play or about to be dealt, from 1: State.Round, plus 1 at a deal. Its
	// name and meaning stay those of version 0, so that saved states and testdata read alike.
	Hand        int          `json:"hand"`
	Opener      int          `json:"opener"`
	TricksDone  int          `json:"tricksDone"`
	Destroyed   int          `json:"destroyed"`
	Trump       string       `json:"trump"`
	Stock       []string     `json:"stock" maxlen:"11"`
	Power       int          `json:"power"`
	Target      int          `json:"target"`
	Next        int          `json:"next"`
	Trick       trickJSON    `json:"trick"`
	LastTrick   trickJSON    `json:"lastTrick"`
	Hands       []string     `json:"hands" maxlen:"3"`
	Out         string       `json:"out"`
	Tricks      []int        `json:"tricks" maxlen:"3"`
	Bids        []int        `json:"bids" maxlen:"3"`
	Scores      []int        `json:"scores" maxlen:"3"`
	CorrectBids []int        `json:"correctBids" maxlen:"3"`
	Voids       []string     `json:"voids" maxlen:"3"`
	StockSeen   []int        `json:"stockSeen" maxlen:"3"`
	Known       [][]string   `json:"known" maxlen:"3"`
	Record      tapeJSON     `json:"record"`
	LastHand    lastHandJSON `json:"lastHand"`
}

// tapeJSON is the JSON form of a State's record of the hand (see tape).
type tapeJSON struct {
	Leaders []int      `json:"leaders" maxlen:"15"` // the leader of each trick begun
	Plays   string     `json:"plays"`               // the cards played, in order
	Drew    string     `json:"drew"`                // the suits of the 3s that drew
	Swaps   []swapJSON `json:"swaps" maxlen:"4"`    // the 6s that took, by suit
}

type swapJSON struct {
	Six    string `json:"six"`    // the suit of the 6
	Target int    `json:"target"` // the seat it took from
	Taken  string `json:"taken"`  // the card taken, "" until picked
	Given  string `json:"given"`  // the card given, "" until given
}

type trickJSON struct {
	Leader int      `json:"leader"`
	Cards  []string `json:"cards" maxlen:"3"`
	Winner int      `json:"winner"`
}

type lastHandJSON struct {
	Hand   int   `json:"hand"`
	Bids   []int `json:"bids" maxlen:"3"`
	Tricks []int `json:"tricks" maxlen:"3"`
}

// MarshalJSON encodes s as a JSON object that [State.UnmarshalJSON] reads back to an == State.
// It fails for the zero State, which is no match.
func (s State) MarshalJSON() ([]byte, error) {
	if s.players == 0 {
		return nil, errors.New("herrlof: cannot encode the zero State, which is no match (use New)")
	}
	n := int(s.players)
	j := stateJSON{
		Config:     s.Config(),
		Phase:      s.phase.String(),
		ToMove:     int(s.toMove),
		Hand:       int(s.handNo),
		Opener:     int(s.opener),
		TricksDone: int(s.trickNo),
		Destroyed:  int(s.destroyedTricks()),
		Trump:      s.trump.String(),
		Stock:      make([]string, s.stock.Len()),
		Power:      int(s.power),
		Target:     int(s.target),
		Next:       int(s.next),
		Trick:      trickToJSON(s.trick),
		LastTrick:  trickToJSON(s.prev),
		Out:        cardsText(s.played()),
		LastHand:   lastHandJSON{Hand: scoredHands(s.phase, s.handNo)},
	}
	for i := range s.stock.Len() {
		j.Stock[i] = Card(s.stock.At(i)).String()
	}
	j.Record = s.rec.toJSON(s.plays(), n)
	for p := range n {
		j.Hands = append(j.Hands, cardsText(s.hands[p]))
		j.Tricks = append(j.Tricks, int(s.tricks[p]))
		j.Bids = append(j.Bids, int(s.bids[p]))
		j.Scores = append(j.Scores, int(s.scores[p]))
		j.CorrectBids = append(j.CorrectBids, int(s.correct[p]))
		j.Voids = append(j.Voids, voidText(s.voids[p]))
		j.StockSeen = append(j.StockSeen, int(s.stockSeen[p]))
		row := make([]string, n)
		for q := range n {
			row[q] = cardsText(s.knownOf(int8(p), int8(q)))
		}
		j.Known = append(j.Known, row)
		j.LastHand.Bids = append(j.LastHand.Bids, int(s.last.bids[p]))
		j.LastHand.Tricks = append(j.LastHand.Tricks, int(s.last.tricks[p]))
	}
	return json.Marshal(j)
}

func cardsText(h Cards) string {
	if h == 0 {
		return ""
	}
	return h.String()
}

func voidText(v uint8) string {
	var b []byte
	for s := range Suit(NumSuits) {
		if v&(1<<s) != 0 {
			b = append(b, s.Letter())
		}
	}
	return string(b)
}

func trickToJSON(t Trick) trickJSON {
	j := trickJSON{Leader: int(t.leader), Cards: []string{}, Winner: int(t.winner)}
	for _, c := range t.cards[:t.n] {
		j.Cards = append(j.Cards, c.String())
	}
	return j
}

// MaxStateJSON is the longest JSON text [State.UnmarshalJSON] reads, in bytes: a State's JSON
// takes about 1.5 KiB, 4 KiB indented.
const MaxStateJSON = 64 << 10

// UnmarshalJSON decodes a state written by [State.MarshalJSON] and accepts it only if a match
// can reach it: the configuration and every field must be in range; between hands the match's
// totals must fit the rules (a State keeps no record of earlier hands, so scores, correct bids
// and the last hand are checked against what the hands played so far allow); in a hand, the deal
// is rebuilt from the state and its record of the hand, and replaying the hand's moves through
// [State.Apply] must give exactly the state read (so the 42 cards, the trick leaders, the turn,
// the pending power, the voids, each seat's knowledge and what it knows of the stock all follow
// the rules). The limits are closed under play: every state the decoder accepts plays on to the
// end, and every state reached is accepted again. The counters that outlive a hand cannot run
// past their limits because the scores must total at least 12 points a hand scored with two
// players, 8 with three (a point per trick won, and only the tricks a Valknut destroys, at most
// three, are nobody's), so a match that has not ended has scored fewer than 9 hands (15 with
// three players), and scores and correct bids stay far below what their fields hold
// (TestDecodedStatesPlayOn checks it). Text longer than [MaxStateJSON] is refused before it is
// decoded. Malformed or impossible data is an error wrapping [norns.ErrCorrupt] that quotes at
// most a short prefix of any text; on error s is unchanged.
func (s *State) UnmarshalJSON(data []byte) error {
	if len(data) > MaxStateJSON {
		return corrupt("%d bytes, more than the %d a state may have", len(data), MaxStateJSON)
	}
	var j stateJSON
	if err := strictjson.Unmarshal(data, &j); err != nil {
		return corrupt("%v", err)
	}
	t, err := j.state()
	if err != nil {
		return err
	}
	if err := t.validate(); err != nil {
		return corrupt("%v", err)
	}
	// The cards out of play and the destroyed tricks follow from the rest.
	if out, _ := parseCards(j.Out); out != t.played() {
		return corrupt("out of play %v, want %v", out, t.played())
	}
	if j.Destroyed != int(t.destroyedTricks()) {
		return corrupt("%d tricks destroyed, want %d", j.Destroyed, t.destroyedTricks())
	}
	*s = t
	return nil
}

func corrupt(format string, args ...any) error {
	return fmt.Errorf("herrlof: state JSON: %w: %s", norns.ErrCorrupt, fmt.Sprintf(format, args...))
}

// state converts the decoded fields, checking that each fits its place; validate checks that
// they make a state a match reaches.
func (j *stateJSON) state() (State, error) {
	var t State
	c := j.Config
	if err := c.Validate(); err != nil || c.Players == 0 {
		return t, corrupt("bad config %+v", c)
	}
	n := c.Players
	t.players, t.bonus5, t.handLimit = uint8(n), c.FiveTrickBonus, uint16(c.HandLimit)
	t.phase = numPhases
	for i, name := range phaseNames {
		if name == j.Phase {
			t.phase = Phase(i)
		}
	}
	if t.phase == numPhases {
		return t, corrupt("unknown phase %s", quote(j.Phase))
	}
	for _, l := range [][2]int{{len(j.Hands), len(j.Tricks)}, {len(j.Bids), len(j.Scores)}, {len(j.CorrectBids), len(j.Voids)},
		{len(j.StockSeen), len(j.Known)}, {len(j.LastHand.Bids), len(j.LastHand.Tricks)}} {
		if l[0] != n || l[1] != n {
			return t, corrupt("a list of %d seats for %d players", min(l[0], l[1]), n)
		}
	}
	var r ranges
	seat := func(name string, v int) int8 { return int8(r.in(name, v, -2, n-1)) }
	t.toMove, t.opener = seat("toMove", j.ToMove), seat("opener", j.Opener)
	t.power, t.target, t.next = seat("power", j.Power), seat("target", j.Target), seat("next", j.Next)
	t.handNo = uint16(r.in("hand", j.Hand, 1, 65535))
	t.trickNo = uint8(r.in("tricksDone", j.TricksDone, 0, 15))
	r.in("destroyed", j.Destroyed, 0, 15) // derived: checked once valid
	if r.in("lastHand.hand", j.LastHand.Hand, 0, 65535) != scoredHands(t.phase, t.handNo) {
		r.fail("the last hand scored is not the one before this")
	}
	t.bids = [3]int8{-1, -1, -1}
	for p := range n {
		t.tricks[p] = uint8(r.in("tricks", j.Tricks[p], 0, 15))
		t.bids[p] = int8(r.in("bids", j.Bids[p], -1, 15))
		t.scores[p] = int16(r.in("scores", j.Scores[p], 0, 30000))
		t.correct[p] = uint8(r.in("correctBids", j.CorrectBids[p], 0, 255))
		t.stockSeen[p] = uint16(r.in("stockSeen", j.StockSeen[p], 0, 1<<stockCap-1))
		t.last.bids[p] = int8(r.in("lastHand.bids", j.LastHand.Bids[p], 0, 15))
		t.last.tricks[p] = uint8(r.in("lastHand.tricks", j.LastHand.Tricks[p], 0, 15))
		for _, ch := range j.Voids[p] {
			i := strings.IndexRune(suitLetters, ch)
			if i < 0 || t.voids[p]&(1<<i) != 0 {
				r.fail("voids " + quote(j.Voids[p]))
				break
			}
			t.voids[p] |= 1 << i
		}
	}
	if r.err != nil {
		return t, r.err
	}
	var err error
	if j.Trump == "-" {
		t.trump = NoCard
	} else if t.trump, err = ParseCard(j.Trump); err != nil {
		return t, corrupt("trump: %v", err)
	}
	if len(j.Stock) > stockCap {
		return t, corrupt("%d cards in the stock", len(j.Stock))
	}
	for i := len(j.Stock) - 1; i >= 0; i-- { // from the bottom
		c, err := ParseCard(j.Stock[i])
		if err != nil {
			return t, corrupt("stock: %v", err)
		}
		t.stock.PushTop(cards.Card(c))
	}
	if t.trick, err = j.Trick.trick(uint8(n), "trick"); err != nil {
		return t, err
	}
	if t.prev, err = j.LastTrick.trick(uint8(n), "lastTrick"); err != nil {
		return t, err
	}
	if _, err = parseCards(j.Out); err != nil { // derived: checked once valid
		return t, corrupt("out: %v", err)
	}
	var known [3][3]Cards
	for p := range n {
		if t.hands[p], err = parseCards(j.Hands[p]); err != nil {
			return t, corrupt("hand %d: %v", p, err)
		}
		if len(j.Known[p]) != n {
			return t, corrupt("known[%d] has %d entries", p, len(j.Known[p]))
		}
		for q := range n {
			if known[p][q], err = parseCards(j.Known[p][q]); err != nil {
				return t, corrupt("known[%d][%d]: %v", p, q, err)
			}
			if p == q && known[p][q] != 0 {
				return t, corrupt("seat %d knows its own hand", p)
			}
		}
	}
	for p := range int8(n) { // after all the hands: knownOf finds suited cards through them
		for q := range int8(n) {
			if p != q {
				t.setKnown(p, q, known[p][q])
			}
		}
	}
	for p := range int8(n) {
		for q := range int8(n) {
			if t.knownOf(p, q) != known[p][q] {
				return t, corrupt("seat %d's knowledge of seat %d is not of its hand", p, q)
			}
		}
	}
	if err := t.rec.fromJSON(&j.Record, n); err != nil {
		return t, err
	}
	t.rec.setReplaced(t.replacedTrump())
	t.setLegal()
	return t, nil
}

// ranges checks decoded numbers against their ranges, keeping the first error.
type ranges struct{ err error }

// in returns v, noting an error if it is not in [lo, hi].
func (r *ranges) in(name string, v, lo, hi int) int {
	if v < lo || v > hi {
		r.fail(fmt.Sprintf("%s %d out of range", name, v))
	}
	return v
}

func (r *ranges) fail(why string) {
	if r.err == nil {
		r.err = corrupt("%s", why)
	}
}

func (j trickJSON) trick(n uint8, name string) (Trick, error) {
	t := emptyTrick(n)
	if len(j.Cards) > int(n) {
		return t, corrupt("%s has %d cards", name, len(j.Cards))
	}
	if j.Leader < -1 || j.Leader >= int(n) || j.Winner < -1 || j.Winner >= int(n) {
		return t, corrupt("%s: bad leader or winner", name)
	}
	t.leader, t.winner = int8(j.Leader), int8(j.Winner)
	for _, text := range j.Cards {
		c, err := ParseCard(text)
		if err != nil {
			return t, corrupt("%s: %v", name, err)
		}
		t.cards[t.n] = c
		t.n++
	}
	return t, nil
}

// parseCards reads a space-separated multiset of cards ("" is empty).
func parseCards(text string) (Cards, error) {
	var h Cards
	for _, f := range strings.Fields(text) {
		c, err := ParseCard(f)
		if err != nil {
			return 0, err
		}
		b := h.addBit(c)
		if b == 0 {
			return 0, fmt.Errorf("too many %v", c)
		}
		h |= b
	}
	return h, nil
}

func (t *tape) toJSON(plays, n int) tapeJSON {
	j := tapeJSON{Leaders: []int{}, Swaps: []swapJSON{}}
	var b []string
	for k := range plays {
		b = append(b, t.play(k).String())
	}
	j.Plays = strings.Join(b, " ")
	for i := range (plays + n - 1) / n {
		j.Leaders = append(j.Leaders, int(t.leader(i)))
	}
	for st := range Suit(NumSuits) {
		if t.drew(st) {
			j.Drew += string(st.Letter())
		}
		if q := t.target(st); q >= 0 {
			j.Swaps = append(j.Swaps, swapJSON{Six: string(st.Letter()), Target: int(q),
				Taken: optCardText(t.taken(st)), Given: optCardText(t.given(st))})
		}
	}
	return j
}

func optCardText(c Card) string {
	if c == NoCard {
		return ""
	}
	return c.String()
}

// fromJSON fills the empty t from j, checking only its form: State.validate checks the rest.
func (t *tape) fromJSON(j *tapeJSON, n int) error {
	plays := strings.Fields(j.Plays)
	if len(plays) > maxPlays || len(j.Leaders) != (len(plays)+n-1)/n {
		return corrupt("record: %d plays and %d leaders", len(plays), len(j.Leaders))
	}
	for k, w := range plays {
		c, err := ParseCard(w)
		if err != nil {
			return corrupt("record: play %d: %v", k, err)
		}
		t.setPlay(k, c)
	}
	for i, l := range j.Leaders {
		if l < 0 || l >= n {
			return corrupt("record: leader %d", l)
		}
		t.setLeader(i, int8(l))
	}
	suit := func(text string) (Suit, bool) {
		i := strings.Index(suitLetters, text)
		return Suit(i), len(text) == 1 && i >= 0
	}
	for _, ch := range j.Drew {
		st, ok := suit(string(ch))
		if !ok || t.drew(st) {
			return corrupt("record: drew %s", quote(j.Drew))
		}
		t.setDrew(st)
	}
	for _, sw := range j.Swaps {
		st, ok := suit(sw.Six)
		if !ok || t.target(st) >= 0 || sw.Target < 0 || sw.Target >= n {
			return corrupt("record: swap of %s", quote(sw.Six))
		}
		t.setTarget(st, int8(sw.Target))
		for i, text := range [2]string{sw.Taken, sw.Given} {
			if text == "" {
				continue
			}
			c, err := ParseCard(text)
			if err != nil {
				return corrupt("record: swap of %s: %v", quote(sw.Six), err)
			}
			if i == 0 {
				t.setTaken(st, c)
			} else {
				t.setGiven(st, c)
			}
		}
	}
	return nil
}
