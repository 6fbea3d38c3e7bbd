package gnav

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/strictjson"
)

// MaxStateJSON is the largest state JSON [State.UnmarshalJSON] reads, in bytes: a state of 20
// seats in the middle of a deal takes about 3 KiB.
const MaxStateJSON = 64 << 10

// stateJSON is the JSON form of a State. Everything that can be derived (who is alive, who
// knocked, the winners) is left out and recomputed on decoding.
type stateJSON struct {
	Config      Config         `json:"config"`
	ToMove      norns.Player   `json:"toMove"` // a seat, -1 for chance, -2 once over
	Dealer      norns.Player   `json:"dealer"` // -2 before the first dealer is drawn
	Deals       int            `json:"deals"`
	Resting     []norns.Player `json:"resting" maxlen:"20"`
	Contestants []norns.Player `json:"contestants" maxlen:"20"`
	Seats       []seatJSON     `json:"seats" maxlen:"20"`
	Stock       []Card         `json:"stock,omitempty" maxlen:"40"` // top first
}

type seatJSON struct {
	Lives    int    `json:"lives"`
	Hand     *Card  `json:"hand,omitempty"`
	Dealt    *Card  `json:"dealt,omitempty"`
	GotAsked *Card  `json:"gotAsked,omitempty"`
	GotOwn   *Card  `json:"gotOwn,omitempty"`
	Answer   Answer `json:"answer,omitempty"`
	Turn     Turn   `json:"turn,omitempty"`
}

// MarshalText returns the card's name, as String. It fails for a value that is not a card.
func (c Card) MarshalText() ([]byte, error) {
	if !c.IsValid() {
		return nil, fmt.Errorf("gnav: cannot encode %v", c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a card's name, as ParseCard. On error c is unchanged.
func (c *Card) UnmarshalText(b []byte) error {
	x, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = x
	return nil
}

// MarshalText returns the answer's name: "accepted" or the refusing matador's name.
func (a Answer) MarshalText() ([]byte, error) {
	if a >= numAnswers {
		return nil, fmt.Errorf("gnav: cannot encode %v", a)
	}
	return []byte(a.String()), nil
}

// UnmarshalText reads an answer's name, as String writes it.
func (a *Answer) UnmarshalText(b []byte) error {
	for x := range numAnswers {
		if x.String() == string(b) {
			*a = x
			return nil
		}
	}
	return fmt.Errorf("gnav: %w: unknown answer %s", norns.ErrCorrupt, strictjson.Quote(string(b)))
}

// MarshalText returns the turn's name, as String.
func (t Turn) MarshalText() ([]byte, error) {
	if t >= numTurns {
		return nil, fmt.Errorf("gnav: cannot encode %v", t)
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads a turn's name, as String writes it.
func (t *Turn) UnmarshalText(b []byte) error {
	for x := range numTurns {
		if x.String() == string(b) {
			*t = x
			return nil
		}
	}
	return fmt.Errorf("gnav: %w: unknown turn %s", norns.ErrCorrupt, strictjson.Quote(string(b)))
}

func cardPtr(c Card) *Card {
	if c == NoCard {
		return nil
	}
	return &c
}

// MarshalJSON encodes the state: its config, who is to act, the dealer, each seat's lives, cards
// and acts of the deal, and the stock. It fails for the zero State, which is no match.
func (s State) MarshalJSON() ([]byte, error) {
	if s.players == 0 {
		return nil, errors.New("gnav: cannot encode the zero State, which is no match (use New)")
	}
	j := stateJSON{
		Config:      s.Config(),
		ToMove:      s.ToMove(),
		Dealer:      s.Dealer(),
		Deals:       int(s.deals),
		Resting:     seatSlice(s.resting),
		Contestants: seatSlice(s.contest),
		Seats:       make([]seatJSON, s.players),
	}
	for p := range j.Seats {
		j.Seats[p] = seatJSON{Lives: int(s.lives[p]), Hand: cardPtr(s.d.hand[p]), Dealt: cardPtr(s.d.dealt[p]),
			GotAsked: cardPtr(s.d.gotAsked[p]), GotOwn: cardPtr(s.d.gotOwn[p]),
			Answer: Answer(s.act[p] & 7), Turn: Turn(s.act[p] >> 3)}
	}
	j.Stock = s.Stock()
	return json.Marshal(j)
}

func seatSlice(s norns.Seats) []norns.Player {
	out := []norns.Player{}
	for p := range s.All() {
		out = append(out, p)
	}
	return out
}

// UnmarshalJSON decodes a state written by MarshalJSON, of at most [MaxStateJSON] bytes, and
// checks everything it reads. Errors wrap [norns.ErrCorrupt] and quote at most a short prefix
// of the input; on error s is unchanged. The JSON must be strict: no unknown, repeated or
// differently cased key, no list longer than the table (20 seats, a stock of 40).
//
// What is checked, exactly:
//   - the config is valid, and every number, seat and card is in range;
//   - before the first deal: every seat alive with full lives, nobody resting;
//   - between deals (and at the start of the deal in progress): the contestants are exactly
//     the seats alive and not resting, at least two, with the dealer among them; at most two
//     seats rest (there are two Narrs), and none before a deal was played; the lives agree with
//     the number of deals played: no seat has lost more than two lives a deal (one for its own
//     request or draw, one at the showdown), and every deal played cost at least one life;
//   - during a deal: replaying the deal from its start (lives lost in it given back) with the
//     dealt cards, the stock and the recorded acts gives exactly the state read, so the cards
//     are the pack, and the knocks, answers, exchanges, cards received and lives lost agree;
//   - once over: at most one seat alive, no cards, and the lives checks above.
//
// A state that passes is one a match reaches in everything a seat can see or act on: its views
// hide what they must, its samples are valid, it plays on legally and re-encodes to JSON this
// method accepts. The lives checks bound, but do not replay, the past deals: a state whose lives
// no sequence of deals could produce within those bounds is accepted.
//
// The limits are closed under play: from every state it accepts, legal play reaches only states
// it accepts again, to the end of the match. Every deal costs a life and no seat more than two
// (N11–N15), so the lives checks keep holding, and the deals counter, at most the lives lost,
// never passes 180 (20 seats of 9 lives); lives only fall, and the match ends when one seat or
// none has any. TestDecodedStatesPlayOn checks it from states of random matches with their
// numbers pushed to the decoder's limits.
func (s *State) UnmarshalJSON(data []byte) error {
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
	return fmt.Errorf("gnav: state JSON: %w: %s", norns.ErrCorrupt, fmt.Sprintf(format, args...))
}

// state builds and validates the State j describes.
func (j *stateJSON) state() (State, error) {
	t, err := New(j.Config)
	if err != nil {
		return State{}, corrupt("config: %v", err)
	}
	n := t.Players()
	if len(j.Seats) != n {
		return State{}, corrupt("%d seats for %d players", len(j.Seats), n)
	}
	if j.Deals < 0 || j.Deals > MaxPlayers*MaxLives {
		return State{}, corrupt("deals %d out of range", j.Deals)
	}
	t.deals = uint8(j.Deals)
	inRange := func(p norns.Player) bool { return p >= 0 && int(p) < n }
	switch {
	case j.ToMove == norns.Chance || j.ToMove == norns.Nobody || inRange(j.ToMove):
		t.setWho(int8(j.ToMove))
	default:
		return State{}, corrupt("toMove %d", j.ToMove)
	}
	switch {
	case j.Dealer == norns.Nobody:
		t.dealer = -1
	case inRange(j.Dealer):
		t.dealer = int8(j.Dealer)
	default:
		return State{}, corrupt("dealer %d", j.Dealer)
	}
	seats := func(name string, ps []norns.Player) (norns.Seats, error) {
		var set norns.Seats
		for _, p := range ps {
			if !inRange(p) || set.Has(p) {
				return 0, corrupt("%s: bad or repeated seat %d", name, p)
			}
			set = set.With(p)
		}
		return set, nil
	}
	if t.resting, err = seats("resting", j.Resting); err != nil {
		return State{}, err
	}
	if t.contest, err = seats("contestants", j.Contestants); err != nil {
		return State{}, err
	}
	t.alive = 0
	for p, sj := range j.Seats {
		if sj.Lives < 0 || sj.Lives > int(t.maxLives) {
			return State{}, corrupt("seat %d has %d lives of %d", p, sj.Lives, t.maxLives)
		}
		t.lives[p] = uint8(sj.Lives)
		if sj.Lives > 0 {
			t.alive = t.alive.With(norns.Player(p))
		}
		for _, f := range []struct {
			dst *Card
			src *Card
		}{{&t.d.hand[p], sj.Hand}, {&t.d.dealt[p], sj.Dealt}, {&t.d.gotAsked[p], sj.GotAsked}, {&t.d.gotOwn[p], sj.GotOwn}} {
			if f.src != nil {
				*f.dst = *f.src
			}
		}
		if sj.Answer >= numAnswers || sj.Turn >= numTurns {
			return State{}, corrupt("seat %d: bad act", p)
		}
		t.act[p] = uint8(sj.Answer) | uint8(sj.Turn)<<3
	}
	if len(j.Stock) > stockCap {
		return State{}, corrupt("a stock of %d cards", len(j.Stock))
	}
	for _, c := range j.Stock {
		t.d.stock.pushBottom(c.Kind())
	}
	if err := t.validate(); err != nil {
		return State{}, corrupt("%v", err)
	}
	return t, nil
}

// validate reports whether s is a state a match can reach. Everything a State holds that can be
// derived is recomputed from the rest before validate is called, except during a deal, where the
// replay recomputes everything and must match.
func (s *State) validate() error {
	if s.winners != 0 {
		return errors.New("winners before the end")
	}
	switch {
	case s.who() == nobody:
		if s.alive.Len() > 1 {
			return fmt.Errorf("over with %d seats alive", s.alive.Len())
		}
		if s.contest != 0 || s.resting != 0 || s.d != noDeal || s.act != [MaxPlayers]uint8{} {
			return errors.New("a deal in progress after the end")
		}
		if s.dealer < 0 || s.deals == 0 {
			return errors.New("over before the first deal")
		}
		if err := s.livesAgree(); err != nil {
			return err
		}
		s.winners = s.alive
		return nil
	case s.who() == chance:
		return s.validateBetween()
	}
	return s.validateDeal()
}

// validateBetween checks a state at a chance node: before the first dealer is drawn, or before a
// deal.
func (s *State) validateBetween() error {
	if s.d != noDeal || s.act != [MaxPlayers]uint8{} {
		return errors.New("cards or acts between deals")
	}
	full := norns.Seats(1)<<s.players - 1
	if s.deals == 0 || s.dealer < 0 {
		if s.alive != full || s.resting != 0 || s.contest != full {
			return errors.New("lives lost or rests before the first deal")
		}
		for p := range s.players {
			if s.lives[p] != s.maxLives {
				return errors.New("lives lost before the first deal")
			}
		}
	}
	if err := s.livesAgree(); err != nil {
		return err
	}
	if s.dealer < 0 {
		if s.dealerGiven || s.deals != 0 {
			return errors.New("no dealer after the first deal, or with a given dealer")
		}
		return nil
	}
	if s.deals == 0 && s.dealerGiven && s.dealer != s.firstDealer {
		return errors.New("the first dealer is not the given one")
	}
	switch {
	case s.alive.Len() < 2:
		return errors.New("a deal to come with fewer than two seats alive")
	case s.resting&^s.alive != 0 || s.resting.Len() > Copies:
		return errors.New("resting seats that are out, or more than two")
	case s.contest != s.alive&^s.resting || s.contest.Len() < 2:
		return errors.New("contestants are not the seats alive and not resting")
	case !s.contest.Has(norns.Player(s.dealer)):
		return errors.New("the dealer is not a contestant")
	}
	return nil
}

// livesAgree checks the lives against s.deals, the number of deals played before the chance
// node s stands at (or before the end): a seat loses at most two lives a deal, and every deal
// played costs at least one.
func (s *State) livesAgree() error {
	lost := 0
	for p := range int(s.players) {
		l := int(s.maxLives) - int(s.lives[p])
		if l > 2*int(s.deals) {
			return fmt.Errorf("seat %d lost %d lives in %d deals (at most two a deal)", p, l, s.deals)
		}
		lost += l
	}
	if lost < int(s.deals) {
		return fmt.Errorf("%d lives lost in %d deals (every deal costs one at least)", lost, s.deals)
	}
	return nil
}

// validateDeal checks a state during a deal: the state the deal started from must be a valid
// chance node, and replaying the deal from it must give s.
func (s *State) validateDeal() error {
	if s.deals == 0 {
		return errors.New("a deal in progress before the first deal")
	}
	if s.dealer < 0 || !s.contest.Has(norns.Player(s.dealer)) || !s.contest.Has(norns.Player(s.who())) {
		return errors.New("the dealer or the seat to act is not a contestant")
	}
	start := s.dealStart()
	for q := range s.contest.All() {
		if start.lives[q] > s.maxLives {
			return fmt.Errorf("seat %d cannot have lost a life in this deal", q)
		}
	}
	if err := start.validateBetween(); err != nil {
		return fmt.Errorf("at the start of the deal: %v", err)
	}
	for q := range s.contest.All() {
		if s.d.dealt[q] == Narr {
			s.knock = s.knock.With(q)
		}
	}
	pack := s.dealPack()
	if m := Deal(pack); m.badPack {
		return errors.New("the dealt cards and the stock are not the pack")
	}
	got, err := replayDeal(start, &pack, &s.act, nil)
	if err != nil {
		return err
	}
	if got != *s {
		return errors.New("the deal's cards and acts do not agree")
	}
	return nil
}
