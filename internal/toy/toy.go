// Package toy is a complete, deliberately tiny hidden-information game on the norns contract,
// used to test the contract's generic code (norns.Play, records, the conformance suite) without
// depending on a real game.
//
// Rules: two players; six cards 0–5. A deal (a chance move carrying the shuffled order) gives one
// card to each seat; the other four form a face-down stock. Seat 0 then seat 1 either keeps its
// card or draws: its card is discarded face up and the top of the stock replaces it. Then the
// higher card wins.
package toy

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/internal/strictjson"
	"github.com/nornsgames/norns/rng"
)

const nCards = 6

// deck is the toy's six cards, "0" to "5", one copy each.
var deck = cards.MustDeck("toy",
	cards.Kind{Name: "0", Short: "0", Copies: 1}, cards.Kind{Name: "1", Short: "1", Copies: 1},
	cards.Kind{Name: "2", Short: "2", Copies: 1}, cards.Kind{Name: "3", Short: "3", Copies: 1},
	cards.Kind{Name: "4", Short: "4", Copies: 1}, cards.Kind{Name: "5", Short: "5", Copies: 1})

// pile is the toy's stock.
type pile = cards.Pile[[11]cards.Card]

// Move is a toy move: keep, draw, or a deal carrying its order.
type Move struct {
	kind  uint8         // 0 none, 1 keep, 2 draw, 3 deal
	order [nCards]uint8 // for a deal: order[0] to seat 0, order[1] to seat 1, the rest top first
}

// Keep and Draw are the seats' two moves.
var (
	Keep = Move{kind: 1}
	Draw = Move{kind: 2}
)

// Deal returns the chance move dealing order. It does not check the order.
func Deal(order [nCards]uint8) Move { return Move{kind: 3, order: order} }

// String returns "keep", "draw" or "deal 3 1 0 5 2 4".
func (m Move) String() string {
	switch m.kind {
	case 1:
		return "keep"
	case 2:
		return "draw"
	case 3:
		var b strings.Builder
		b.WriteString("deal")
		for _, c := range m.order {
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(int(c)))
		}
		return b.String()
	}
	return "none"
}

// ParseMove reads a move's text form.
func ParseMove(s string) (Move, error) {
	if len(s) > 64 {
		return Move{}, fmt.Errorf("toy: %w: %s is too long", norns.ErrBadNotation, strictjson.Quote(s))
	}
	f := strings.Fields(s)
	switch {
	case len(f) == 1 && f[0] == "keep":
		return Keep, nil
	case len(f) == 1 && f[0] == "draw":
		return Draw, nil
	case len(f) == nCards+1 && f[0] == "deal":
		var m Move
		m.kind = 3
		for i, x := range f[1:] {
			n, err := strconv.Atoi(x)
			if err != nil || n < 0 || n >= nCards {
				return Move{}, fmt.Errorf("toy: %w: bad card %s", norns.ErrBadNotation, strictjson.Quote(x))
			}
			m.order[i] = uint8(n)
		}
		return m, nil
	}
	return Move{}, fmt.Errorf("toy: %w: %s", norns.ErrBadNotation, strictjson.Quote(s))
}

// State is a toy match.
type State struct {
	dealt   bool
	turn    int8 // 0, 1, or 2 once over
	hand    [2]uint8
	stock   pile
	discard cards.Multiset
	drew    [2]bool
}

// New returns a match at its deal.
func New() State { return State{} }

// Players returns 2.
func (s State) Players() int { return 2 }

// ToMove returns who acts.
func (s State) ToMove() norns.Player {
	switch {
	case !s.dealt:
		return norns.Chance
	case s.turn == 2:
		return norns.Nobody
	}
	return norns.Player(s.turn)
}

// Over reports whether both seats have acted.
func (s State) Over() bool { return s.turn == 2 }

// Legal lists keep and draw for the seat to act.
func (s State) Legal() []Move { return s.AppendLegal(nil) }

// AppendLegal appends the legal moves to dst.
func (s State) AppendLegal(dst []Move) []Move {
	if !s.dealt || s.Over() {
		return dst
	}
	return append(dst, Keep, Draw)
}

func (s State) refuse(m Move, why string, err error) error {
	return &norns.MoveError{Game: "toy", Seat: s.ToMove(), Move: m.String(), Reason: why, Err: err}
}

// Apply returns the state after m.
func (s State) Apply(m Move) (State, error) {
	err := s.Step(m)
	return s, err
}

// Step applies m in place; on error s is unchanged.
func (s *State) Step(m Move) error {
	next, err := s.apply(m)
	if err == nil {
		*s = next
	}
	return err
}

func (s State) apply(m Move) (State, error) {
	if s.Over() {
		return s, s.refuse(m, "the match is over", norns.ErrGameOver)
	}
	if !s.dealt {
		if m.kind != 3 {
			return s, s.refuse(m, "the cards must be dealt first", norns.ErrIllegalMove)
		}
		var seen cards.Multiset
		for _, c := range m.order {
			var ok bool
			if seen, ok = deck.Add(seen, cards.Card(c)); !ok {
				return s, s.refuse(m, "a deal must order each card once", norns.ErrIllegalMove)
			}
		}
		s.dealt = true
		s.hand = [2]uint8{m.order[0], m.order[1]}
		for i := nCards - 1; i >= 2; i-- {
			s.stock.PushTop(cards.Card(m.order[i]))
		}
		return s, nil
	}
	switch m.kind {
	case 1:
	case 2:
		c, _ := s.stock.Draw()
		s.discard = deck.With(s.discard, cards.Card(s.hand[s.turn]))
		s.hand[s.turn] = uint8(c)
		s.drew[s.turn] = true
	default:
		return s, s.refuse(m, "keep or draw", norns.ErrIllegalMove)
	}
	s.turn++
	return s, nil
}

// SampleChance draws a uniform deal.
func (s State) SampleChance(r *rng.Rand) Move {
	if s.ToMove() != norns.Chance {
		panic("toy: SampleChance at a seat's turn")
	}
	m := Move{kind: 3}
	for i := range m.order {
		m.order[i] = uint8(i)
	}
	rng.ShuffleSlice(r, m.order[:])
	return m
}

// Score returns 1 for the winner once over, else 0.
func (s State) Score(p norns.Player) int {
	if s.Winners().Has(p) {
		return 1
	}
	return 0
}

// Winners returns the seat with the higher card once over.
func (s State) Winners() norns.Seats {
	if !s.Over() {
		return 0
	}
	if s.hand[0] > s.hand[1] {
		return norns.SeatsOf(0)
	}
	return norns.SeatsOf(1)
}

// String describes the state.
func (s State) String() string {
	return fmt.Sprintf("toy{dealt %v turn %d hands %v stock %v discard %v drew %v}", s.dealt, s.turn, s.hand, s.stock, s.discard, s.drew)
}

// View is one seat's knowledge, or the spectator's (the view of norns.Nobody).
type View struct {
	seat    norns.Player
	dealt   bool
	turn    int8
	own     uint8 // the seat's card; the spectator's: seat 0's card once over, else 0xFF
	other   uint8 // the other seat's card once over, else 0xFF; the spectator's: seat 1's
	discard cards.Multiset
	drew    [2]bool
}

// View returns what p sees. View(norns.Nobody) is the spectator's view: the discards and who
// drew, and both cards once the match is over; Legal is nil.
func (s State) View(p norns.Player) View {
	v := View{seat: p, dealt: s.dealt, turn: s.turn, discard: s.discard, drew: s.drew, other: 0xFF}
	if !p.IsSeat() {
		v.seat, v.own = norns.Nobody, 0xFF
		if s.Over() {
			v.own, v.other = s.hand[0], s.hand[1]
		}
		return v
	}
	if s.dealt {
		v.own = s.hand[p]
		if s.Over() {
			v.other = s.hand[1-p]
		}
	}
	return v
}

// Own returns the seat's card (0 before the deal); for the spectator, seat 0's card once over,
// else 255.
func (v View) Own() int { return int(v.own) }

// Seat returns the view's seat.
func (v View) Seat() norns.Player { return v.seat }

// Players returns 2.
func (v View) Players() int { return 2 }

// ToMove returns who acts.
func (v View) ToMove() norns.Player {
	switch {
	case !v.dealt:
		return norns.Chance
	case v.turn == 2:
		return norns.Nobody
	}
	return norns.Player(v.turn)
}

// Over reports whether the match is over.
func (v View) Over() bool { return v.turn == 2 }

// Legal lists the seat's moves when it is to act.
func (v View) Legal() []Move { return v.AppendLegal(nil) }

// AppendLegal appends the seat's legal moves to dst.
func (v View) AppendLegal(dst []Move) []Move {
	if v.ToMove() != v.seat || !v.seat.IsSeat() {
		return dst
	}
	return append(dst, Keep, Draw)
}

// Sample returns a state consistent with the view.
func (v View) Sample(r *rng.Rand) State {
	if !v.dealt {
		return State{}
	}
	s := State{dealt: true, turn: v.turn, discard: v.discard, drew: v.drew}
	unknown := deck.Diff(deck.Full(), v.discard)
	if !v.seat.IsSeat() {
		if v.own != 0xFF {
			s.hand = [2]uint8{v.own, v.other}
		} else {
			s.hand[0] = uint8(deck.Random(unknown, r))
			s.hand[1] = uint8(deck.Random(deck.Without(unknown, cards.Card(s.hand[0])), r))
		}
		unknown = deck.Without(deck.Without(unknown, cards.Card(s.hand[0])), cards.Card(s.hand[1]))
	} else {
		s.hand[v.seat] = v.own
		unknown = deck.Without(unknown, cards.Card(v.own))
		o := 1 - v.seat
		if v.other != 0xFF {
			s.hand[o] = v.other
		} else {
			s.hand[o] = uint8(deck.Random(unknown, r))
		}
		unknown = deck.Without(unknown, cards.Card(s.hand[o]))
	}
	var rest []cards.Card
	rest = deck.AppendTo(rest, unknown)
	rng.ShuffleSlice(r, rest)
	for _, c := range rest {
		s.stock.PushTop(c)
	}
	return s
}

// stateJSON is the state's JSON. The stock (top first) and the discards are lists of numbers,
// not []uint8, which encoding/json would write as one base64 string: as numbers, a tamper test
// can move a single card.
type stateJSON struct {
	Dealt   bool     `json:"dealt"`
	Turn    int8     `json:"turn"`
	Hands   [2]uint8 `json:"hands"`
	Stock   []int    `json:"stock" maxlen:"6"`
	Discard []int    `json:"discard" maxlen:"6"`
	Drew    [2]bool  `json:"drew"`
}

// MarshalJSON encodes the state.
func (s State) MarshalJSON() ([]byte, error) {
	j := stateJSON{Dealt: s.dealt, Turn: s.turn, Hands: s.hand, Drew: s.drew, Stock: []int{}, Discard: []int{}}
	for c := range s.stock.All() {
		j.Stock = append(j.Stock, int(c))
	}
	for c := range deck.All(s.discard) {
		j.Discard = append(j.Discard, int(c))
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes and validates a state; on error s is unchanged.
func (s *State) UnmarshalJSON(data []byte) error {
	var j stateJSON
	if err := strictjson.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("toy: %w: %v", norns.ErrCorrupt, err)
	}
	bad := func(why string) error { return fmt.Errorf("toy: %w: %s", norns.ErrCorrupt, why) }
	var t State
	if !j.Dealt {
		if j.Turn != 0 || j.Hands != [2]uint8{} || len(j.Stock) != 0 || len(j.Discard) != 0 || j.Drew != [2]bool{} {
			return bad("an undealt state holds nothing")
		}
		*s = t
		return nil
	}
	if j.Turn < 0 || j.Turn > 2 {
		return bad("turn out of range")
	}
	var all cards.Multiset
	add := func(c int) bool {
		if c < 0 || c >= nCards {
			return false
		}
		var ok bool
		all, ok = deck.Add(all, cards.Card(c))
		return ok
	}
	for _, c := range j.Hands {
		if !add(int(c)) {
			return bad("bad hand card")
		}
	}
	for _, c := range j.Stock {
		if !add(c) {
			return bad("bad stock card")
		}
		t.stock.PushBottom(cards.Card(c))
	}
	for _, c := range j.Discard {
		if !add(c) {
			return bad("bad discard")
		}
		t.discard = deck.With(t.discard, cards.Card(c))
	}
	draws := 0
	for p, d := range j.Drew {
		if d {
			draws++
			if int8(p) >= j.Turn {
				return bad("a seat drew before its turn")
			}
		}
	}
	if all.Len() != nCards || len(j.Discard) != draws {
		return bad("cards not conserved")
	}
	t.dealt, t.turn, t.hand, t.drew = true, j.Turn, j.Hands, j.Drew
	*s = t
	return nil
}

// Layout is a toy state taken apart, for tests that need positions the rules never reach (a
// deliberately broken game's, say): [State.Layout] reads one and [FromLayout] builds one.
type Layout struct {
	Dealt   bool                       // whether the deal has been played
	Turn    int8                       // the seat to act, or 2 once over
	Hands   [2]uint8                   // each seat's card
	Stock   cards.Pile[[11]cards.Card] // the face-down stock, drawn from the top
	Discard cards.Multiset             // the cards discarded by draws
	Drew    [2]bool                    // whether each seat drew
}

// Layout returns the parts of s.
func (s State) Layout() Layout {
	return Layout{Dealt: s.dealt, Turn: s.turn, Hands: s.hand, Stock: s.stock, Discard: s.discard, Drew: s.drew}
}

// FromLayout returns the state made of l's parts. It checks nothing: the state may break every
// rule of the toy, which is what it is for.
func FromLayout(l Layout) State {
	return State{dealt: l.Dealt, turn: l.Turn, hand: l.Hands, stock: l.Stock, discard: l.Discard, drew: l.Drew}
}

// Deck returns the toy's deck.
func Deck() *cards.Deck { return deck }

// Zones lists where the toy's cards are: the hands, the stock and the discards; all in the deck
// before the deal.
func Zones(s State) []cards.Multiset {
	if !s.dealt {
		return []cards.Multiset{deck.Full()}
	}
	stock, _ := s.stock.Multiset(deck)
	return []cards.Multiset{deck.Of(cards.Card(s.hand[0])), deck.Of(cards.Card(s.hand[1])), stock, s.discard}
}

// Config is the toy's config: two players, always.
type Config struct {
	Players int `json:"players"`
}

// NewRecord records a toy match with its effective config.
func NewRecord(seed uint64, moves []Move, last State) (norns.Record, error) {
	return norns.NewRecord("toy", Config{Players: 2}, seed, moves, last)
}

// ReplayRecord replays a toy record.
func ReplayRecord(rec norns.Record) (State, error) {
	return norns.ReplayRecord(rec, "toy", func(c Config) (State, error) {
		if c.Players != 2 && c.Players != 0 {
			return State{}, fmt.Errorf("toy: %w: %d players", norns.ErrBadConfig, c.Players)
		}
		return New(), nil
	}, ParseMove)
}

// Invariant reports a broken state: every card in exactly one place.
func Invariant(s State) error {
	if !s.dealt {
		if s != (State{}) {
			return fmt.Errorf("undealt state holds something")
		}
		return nil
	}
	stock, ok := s.stock.Multiset(deck)
	all, ok2 := deck.Sum(stock, s.discard)
	hands, ok3 := deck.Add(deck.Of(), cards.Card(s.hand[0]))
	hands, ok4 := deck.Add(hands, cards.Card(s.hand[1]))
	all, ok5 := deck.Sum(all, hands)
	if !ok || !ok2 || !ok3 || !ok4 || !ok5 || all != deck.Full() {
		return fmt.Errorf("cards not conserved")
	}
	return nil
}

// Twin swaps the other seat's card with a stock card when p cannot see them.
func Twin(s State, p norns.Player, r *rng.Rand) (State, bool) {
	if !s.dealt || s.Over() || s.stock.Len() == 0 {
		return s, false
	}
	o := 1 - p
	i := r.IntN(s.stock.Len())
	var rest []cards.Card
	for k := range s.stock.Len() {
		c := s.stock.At(k)
		if k == i {
			c, s.hand[o] = cards.Card(s.hand[o]), uint8(c)
		}
		rest = append(rest, c)
	}
	s.stock = cards.PileOf[[11]cards.Card](rest...)
	return s, true
}

// Event is one thing a move did, as its viewer sees it: the deal, or a keep or a draw by Seat,
// with Card the card shown to the viewer (the card a draw discards, face up; the kept card, to
// the keeper only), or -1.
type Event struct {
	Kind string
	Seat norns.Player
	Card int
}

// ApplyEvents returns Apply's state with the move's events as viewer (a seat, or norns.Nobody
// for a spectator) sees them.
func (s State) ApplyEvents(m Move, viewer norns.Player) (State, []Event, error) {
	next, err := s.Apply(m)
	if err != nil {
		return next, nil, err
	}
	who := s.ToMove()
	if who == norns.Chance {
		return next, []Event{{Kind: "deal", Seat: norns.Nobody, Card: -1}}, nil
	}
	own := int(s.hand[who])
	if m == Draw {
		return next, []Event{{Kind: "draw", Seat: who, Card: own}}, nil
	}
	e := Event{Kind: "keep", Seat: who, Card: -1}
	if viewer == who {
		e.Card = own
	}
	return next, []Event{e}, nil
}
