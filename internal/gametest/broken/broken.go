// Package broken is the toy game of internal/toy with at most one deliberate flaw, for the
// conformance suite's negative tests: each [Flaw] breaks one promise of the norns contract, and
// the suite must reject the game for it, with the check written for that promise.
//
// The game keeps its toy state behind a pointer, hash-consed: equal toy states share one cell,
// so two States are == exactly when their toy states are, the zero State is the toy's undealt
// start, and JSON round-trips to an == State. With no flaw ([None]) the game plays exactly as the
// toy and passes the whole suite. The pointer is what lets a flawed Apply write into its
// receiver ([MutatingApply]), which a State without one cannot do.
//
// The flaw is chosen for the whole process with [Set], before any match is played; the package
// is not safe for concurrent use under the flaws that keep package state.
package broken

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/internal/strictjson"
	"github.com/nornsgames/norns/internal/toy"
	"github.com/nornsgames/norns/rng"
)

// Flaw is one deliberate defect of the game, or None.
type Flaw uint8

// The flaws, one per promise of the contract.
const (
	// None is the toy as it is.
	None Flaw = iota
	// LeakyView shows each seat the other seat's card before the end. Sample keeps the leaky
	// view's promise (its states show the same card), so only the twin check can see the leak.
	LeakyView
	// MutatingApply writes the next position into the cell its receiver shares instead of
	// interning a new one, so Apply changes its receiver (at every seat's move).
	MutatingApply
	// StepWritesOnRefusal has Step store Apply's result before it looks at the error; Apply
	// returns the zero State with its errors, so a refused move resets the match.
	StepWritesOnRefusal
	// LostCard forgets to discard the card a draw replaces: that card is in no zone.
	LostCard
	// NondeterministicApply keeps the first dealer in a package variable that every New turns,
	// not in the state: the same deal from the same start gives the seats each other's cards
	// once another match has started, so a record no longer replays.
	NondeterministicApply
	// InconsistentSample deals the seat's own card among the unseen ones when its view samples.
	InconsistentSample
	// LaxJSON decodes a state without checking that each card is in one place only: it counts
	// the cards instead.
	LaxJSON
	// RefusedLegalMove refuses a draw from a seat holding the 5, which Legal still lists.
	RefusedLegalMove
	// BareError refuses moves with errors that wrap the right sentinel but are no
	// *norns.MoveError.
	BareError
	// StepUnlikeApply has Step draw without marking that the seat drew, which Apply marks.
	StepUnlikeApply
	// AllocatingApply keeps the text of the last move applied, for debugging: formatting a deal
	// allocates.
	AllocatingApply
	// LaxNotation refuses bad move text with the toy's messages in errors that wrap nothing (no
	// norns.ErrBadNotation).
	LaxNotation
	// LaxConfig replays a record reading its config with encoding/json, which ignores unknown
	// keys, takes the last of repeated ones and matches keys whatever their case.
	LaxConfig
	// LossyJSON writes a state's JSON without the seats that drew, so a state after a draw
	// does not load back.
	LossyJSON
	// DecodeWritesOnError has UnmarshalJSON reset its receiver before it decodes, so a refused
	// document leaves the receiver changed.
	DecodeWritesOnError
	// BareCorrupt refuses a bad state JSON with the toy's message in an error that wraps nothing
	// (no norns.ErrCorrupt).
	BareCorrupt
	// DuplicateLegal lists the draw twice.
	DuplicateLegal
	// LeakySpectator takes norns.Nobody, the spectator, for a viewer who sees everything: the
	// event of a keep shows it the kept card, which only the keeper may see.
	LeakySpectator
	// BlindTwin is a flaw of the game's description to the suite, not of the game: its Twin
	// never finds anything to vary, so the view-leak check would never run.
	BlindTwin
	// LegalCandidates is a flaw of the description too: Candidates offers only legal moves, so
	// the checks of refused moves would never run.
	LegalCandidates
	// LeakySpectatorView shows the spectator (the view of norns.Nobody) seat 0's card before
	// the end, which only seat 0 may see. Sample keeps the leaky view's promise (its states
	// show the same card), so only the spectator's twin check can see the leak.
	LeakySpectatorView
	// PeekingBot has the game's "peeker" bot cheat: View keeps the state it was taken from in
	// a package variable, and the bot draws when the other seat's card there is higher than its
	// own. Its views leak nothing, so only the bots' check (a view and its twin's) can see it.
	PeekingBot

	nFlaws
)

var flawNames = [nFlaws]string{"none", "leaky-view", "mutating-apply", "step-writes-on-refusal",
	"lost-card", "nondeterministic-apply", "inconsistent-sample", "lax-json", "refused-legal-move",
	"bare-error", "step-unlike-apply", "allocating-apply", "lax-notation", "lax-config", "lossy-json",
	"decode-writes-on-error", "bare-corrupt", "duplicate-legal", "leaky-spectator",
	"blind-twin", "legal-candidates", "leaky-spectator-view", "peeking-bot"}

// String returns the flaw's name, such as "leaky-view", which [ParseFlaw] reads back.
func (f Flaw) String() string {
	if f < nFlaws {
		return flawNames[f]
	}
	return fmt.Sprintf("flaw(%d)", uint8(f))
}

// ParseFlaw returns the flaw named name.
func ParseFlaw(name string) (Flaw, error) {
	if i := slices.Index(flawNames[:], name); i >= 0 {
		return Flaw(i), nil
	}
	return None, fmt.Errorf("broken: no flaw %q", name)
}

// Flaws returns every flaw, None first.
func Flaws() []Flaw {
	out := make([]Flaw, nFlaws)
	for i := range out {
		out[i] = Flaw(i)
	}
	return out
}

var (
	flaw     Flaw
	dealer   uint8  // NondeterministicApply: the seat given the deal's first card, turned by New
	lastMove string // AllocatingApply: the last move applied, as text
	peeked   State  // PeekingBot: the state the last view was taken from
)

// LastMove returns the text of the last move AllocatingApply recorded (its allocation is the
// flaw; this keeps what it writes observable).
func LastMove() string { return lastMove }

// Set makes f the game's flaw, for every match from now on. Call it before playing.
func Set(f Flaw) {
	flaw, dealer, lastMove = f, 0, ""
}

// cells interns the toy states: one cell per distinct state, so pointers compare as the states.
var cells struct {
	sync.Mutex
	m map[toy.State]*toy.State
}

// init interns every state of standard play (each deal, then every seat's choices), so that
// interning a state of a match finds its cell without allocating.
func init() {
	cells.m = make(map[toy.State]*toy.State, 8192)
	var order [6]uint8
	for i := range order {
		order[i] = uint8(i)
	}
	var walk func(s toy.State)
	walk = func(s toy.State) {
		intern(s)
		for _, m := range s.Legal() {
			next, _ := s.Apply(m)
			walk(next)
		}
	}
	var permute func(k int)
	permute = func(k int) {
		if k == len(order) {
			s, _ := toy.New().Apply(toy.Deal(order))
			walk(s)
			return
		}
		for i := k; i < len(order); i++ {
			order[k], order[i] = order[i], order[k]
			permute(k + 1)
			order[k], order[i] = order[i], order[k]
		}
	}
	permute(0)
}

// intern returns the State of t: the zero State for the undealt start, else t's one cell.
func intern(t toy.State) State {
	if t == (toy.State{}) {
		return State{}
	}
	cells.Lock()
	defer cells.Unlock()
	p, ok := cells.m[t]
	if !ok {
		p = new(toy.State)
		*p = t
		cells.m[t] = p
	}
	return State{p}
}

// State is a match of the toy game behind an interned pointer; see the package doc. The zero
// State is the undealt start, and == compares the matches.
type State struct {
	p *toy.State // the interned toy state; nil for the undealt start
}

// New returns a match at its deal.
func New() State {
	if flaw == NondeterministicApply {
		dealer = 1 - dealer
	}
	return State{}
}

func (s State) toy() toy.State {
	if s.p == nil {
		return toy.State{}
	}
	return *s.p
}

// Players returns 2.
func (s State) Players() int { return 2 }

// ToMove returns who acts.
func (s State) ToMove() norns.Player { return s.toy().ToMove() }

// Over reports whether both seats have acted.
func (s State) Over() bool { return s.toy().Over() }

// Legal lists keep and draw for the seat to act.
func (s State) Legal() []toy.Move { return s.AppendLegal(nil) }

// AppendLegal appends the legal moves to dst.
func (s State) AppendLegal(dst []toy.Move) []toy.Move {
	n := len(dst)
	dst = s.toy().AppendLegal(dst)
	if flaw == DuplicateLegal && len(dst) > n {
		dst = append(dst, toy.Draw)
	}
	return dst
}

// Apply returns the state after m, or the zero State and a *norns.MoveError.
func (s State) Apply(m toy.Move) (State, error) {
	next, err := s.next(m)
	if err != nil {
		return State{}, err
	}
	if flaw == MutatingApply && s.p != nil {
		*s.p = next
		return s, nil
	}
	return intern(next), nil
}

// next is the toy's Apply, with the flaws of the rules.
func (s State) next(m toy.Move) (toy.State, error) {
	t := s.toy()
	who := t.ToMove()
	switch flaw {
	case RefusedLegalMove:
		if m == toy.Draw && who.IsSeat() && t.Layout().Hands[who] == 5 {
			return t, &norns.MoveError{Game: "toy", Seat: who, Move: m.String(), Reason: "no draw from the 5", Err: norns.ErrIllegalMove}
		}
	case AllocatingApply:
		lastMove = m.String()
	}
	next, err := t.Apply(m)
	if err != nil {
		if flaw == BareError {
			sentinel := norns.ErrIllegalMove
			if errors.Is(err, norns.ErrGameOver) {
				sentinel = norns.ErrGameOver
			}
			return t, fmt.Errorf("toy: %s: %w", m, sentinel)
		}
		return t, err
	}
	switch flaw {
	case LostCard:
		if m == toy.Draw {
			l := next.Layout()
			l.Discard = toy.Deck().Without(l.Discard, cards.Card(t.Layout().Hands[who]))
			next = toy.FromLayout(l)
		}
	case NondeterministicApply:
		if who == norns.Chance {
			if dealer == 1 {
				l := next.Layout()
				l.Hands[0], l.Hands[1] = l.Hands[1], l.Hands[0]
				next = toy.FromLayout(l)
			}
		}
	}
	return next, nil
}

// Step applies m in place; on error s is unchanged.
func (s *State) Step(m toy.Move) error {
	next, err := s.Apply(m)
	if flaw == StepWritesOnRefusal {
		*s = next
		return err
	}
	if err != nil {
		return err
	}
	if flaw == StepUnlikeApply && m == toy.Draw {
		l := next.toy().Layout()
		l.Drew = s.toy().Layout().Drew
		next = intern(toy.FromLayout(l))
	}
	*s = next
	return nil
}

// SampleChance draws a uniform deal.
func (s State) SampleChance(r *rng.Rand) toy.Move { return s.toy().SampleChance(r) }

// Score returns 1 for the winner once over, else 0.
func (s State) Score(p norns.Player) int { return s.toy().Score(p) }

// Winners returns the seat with the higher card once over.
func (s State) Winners() norns.Seats { return s.toy().Winners() }

// String describes the state as the toy does.
func (s State) String() string { return s.toy().String() }

// MarshalJSON encodes the state as the toy does.
func (s State) MarshalJSON() ([]byte, error) {
	data, err := s.toy().MarshalJSON()
	if err != nil || flaw != LossyJSON {
		return data, err
	}
	var j stateJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, err
	}
	j.Drew = [2]bool{}
	return json.Marshal(j)
}

// UnmarshalJSON decodes and validates a state as the toy does; on error s is unchanged.
func (s *State) UnmarshalJSON(data []byte) error {
	if flaw == DecodeWritesOnError {
		*s = State{}
	}
	var t toy.State
	var err error
	if flaw == LaxJSON {
		t, err = laxDecode(data)
	} else {
		err = t.UnmarshalJSON(data)
	}
	if err != nil {
		if flaw == BareCorrupt {
			return errors.New(err.Error())
		}
		return err
	}
	*s = intern(t)
	return nil
}

// stateJSON is the toy's state JSON.
type stateJSON struct {
	Dealt   bool     `json:"dealt"`
	Turn    int8     `json:"turn"`
	Hands   [2]uint8 `json:"hands"`
	Stock   []int    `json:"stock" maxlen:"6"`
	Discard []int    `json:"discard" maxlen:"6"`
	Drew    [2]bool  `json:"drew"`
}

// laxDecode is the toy's decoder less one check: it counts six cards, each a card of the deck,
// but does not check that they are six different cards.
func laxDecode(data []byte) (toy.State, error) {
	var j stateJSON
	if err := strictjson.Unmarshal(data, &j); err != nil {
		return toy.State{}, fmt.Errorf("toy: %w: %v", norns.ErrCorrupt, err)
	}
	bad := func(why string) (toy.State, error) {
		return toy.State{}, fmt.Errorf("toy: %w: %s", norns.ErrCorrupt, why)
	}
	if !j.Dealt {
		if j.Turn != 0 || j.Hands != [2]uint8{} || len(j.Stock) != 0 || len(j.Discard) != 0 || j.Drew != [2]bool{} {
			return bad("an undealt state holds nothing")
		}
		return toy.State{}, nil
	}
	if j.Turn < 0 || j.Turn > 2 {
		return bad("turn out of range")
	}
	d := toy.Deck()
	l := toy.Layout{Dealt: true, Turn: j.Turn, Hands: j.Hands, Drew: j.Drew}
	for _, c := range slices.Concat([]int{int(j.Hands[0]), int(j.Hands[1])}, j.Stock, j.Discard) {
		if c < 0 || !d.IsKind(cards.Card(c)) {
			return bad("not a card")
		}
	}
	for _, c := range j.Stock {
		l.Stock.PushBottom(cards.Card(c))
	}
	for _, c := range j.Discard {
		l.Discard, _ = d.Add(l.Discard, cards.Card(c))
	}
	draws := 0
	for p, drew := range j.Drew {
		if drew {
			draws++
			if int8(p) >= j.Turn {
				return bad("a seat drew before its turn")
			}
		}
	}
	if len(j.Hands)+len(j.Stock)+len(j.Discard) != 6 || len(j.Discard) != draws {
		return bad("cards not conserved")
	}
	return toy.FromLayout(l), nil
}

// View is one seat's knowledge, or the spectator's (norns.Nobody): the toy's, and under
// LeakyView the other seat's card, under LeakySpectatorView seat 0's card for the spectator.
type View struct {
	toy.View
	other int8 // the leaked card while it is hidden; -1 otherwise
}

// leaked returns the seat whose card the view of p shows under the flaw, or -1.
func leaked(p norns.Player) int {
	switch {
	case flaw == LeakyView && p.IsSeat():
		return int(1 - p)
	case flaw == LeakySpectatorView && p == norns.Nobody:
		return 0
	}
	return -1
}

// View returns what p sees; View(norns.Nobody) is the spectator's view.
func (s State) View(p norns.Player) View {
	t := s.toy()
	if flaw == PeekingBot {
		peeked = s
	}
	v := View{View: t.View(p), other: -1}
	if q := leaked(p); q >= 0 && t.Layout().Dealt && !t.Over() {
		v.other = int8(t.Layout().Hands[q])
	}
	return v
}

// Sample returns a state consistent with the view.
func (v View) Sample(r *rng.Rand) State {
	t := v.View.Sample(r)
	switch flaw {
	case LeakyView, LeakySpectatorView:
		for q := leaked(v.Seat()); v.other >= 0 && t.Layout().Hands[q] != uint8(v.other); {
			t = v.View.Sample(r)
		}
	case InconsistentSample:
		if !v.Seat().IsSeat() {
			break
		}
		if tw, ok := toy.Twin(t, 1-v.Seat(), r); ok {
			t = tw // the seat's own card exchanged with one of the stock
		}
	}
	return intern(t)
}

// Event is the toy's event.
type Event = toy.Event

// ApplyEvents returns Apply's state with the move's events as viewer (a seat, or norns.Nobody
// for a spectator) sees them: the toy's, except that with LeakySpectator a spectator sees the
// kept card.
func ApplyEvents(s State, m toy.Move, viewer norns.Player) (State, []Event, error) {
	next, err := s.Apply(m)
	if err != nil {
		return next, nil, err
	}
	_, evs, _ := s.toy().ApplyEvents(m, viewer)
	if flaw == LeakySpectator && viewer == norns.Nobody && len(evs) == 1 && evs[0].Kind == "keep" {
		evs[0].Card = int(s.toy().Layout().Hands[s.toy().ToMove()])
	}
	return next, evs, nil
}

// ParseMove reads a move's text form as the toy does.
func ParseMove(text string) (toy.Move, error) {
	m, err := toy.ParseMove(text)
	if err != nil && flaw == LaxNotation {
		return m, errors.New(err.Error())
	}
	return m, err
}

// Invariant reports a broken state's bookkeeping: an undealt state that holds something, a turn
// out of range, a seat that drew before its turn. It leaves the cards to the suite's
// conservation check, which is the check a lost card must meet.
func Invariant(s State) error {
	t := s.toy()
	l := t.Layout()
	switch {
	case !l.Dealt && t != (toy.State{}):
		return errors.New("an undealt state holds something")
	case l.Turn < 0 || l.Turn > 2:
		return fmt.Errorf("turn %d", l.Turn)
	case l.Drew[0] && l.Turn < 1, l.Drew[1] && l.Turn < 2:
		return errors.New("a seat drew before its turn")
	}
	return nil
}

// Zones lists where the cards of s are, as the toy does.
func Zones(s State) []cards.Multiset { return toy.Zones(s.toy()) }

// Twin exchanges the card of p's opponent with one of the stock, as the toy does.
func Twin(s State, p norns.Player, r *rng.Rand) (State, bool) {
	if flaw == BlindTwin {
		return s, false
	}
	t, ok := toy.Twin(s.toy(), p, r)
	return intern(t), ok
}

// Candidates returns the moves the suite tries in s: keep, draw and a deal that gives card 0
// twice.
func Candidates(s State) []toy.Move {
	if flaw == LegalCandidates {
		return s.Legal()
	}
	return []toy.Move{toy.Keep, toy.Draw, toy.Deal([6]uint8{0, 0, 1, 2, 3, 4})}
}

// NewRecord records a match with its effective config.
func NewRecord(seed uint64, moves []toy.Move, last State) (norns.Record, error) {
	return toy.NewRecord(seed, moves, last.toy())
}

// ReplayRecord replays a record of the game.
func ReplayRecord(rec norns.Record) (State, error) {
	if flaw == LaxConfig {
		if rec.Game != "toy" {
			return State{}, fmt.Errorf("toy: replay: %w: a record of %s", norns.ErrCorrupt, strictjson.Quote(rec.Game))
		}
		var c toy.Config
		if err := json.Unmarshal(rec.Config, &c); err != nil || (c.Players != 2 && c.Players != 0) {
			return State{}, fmt.Errorf("toy: replay: %w: bad config", norns.ErrCorrupt)
		}
		return norns.Replay(New(), rec, ParseMove)
	}
	return norns.ReplayRecord(rec, "toy", func(c toy.Config) (State, error) {
		if c.Players != 2 && c.Players != 0 {
			return State{}, fmt.Errorf("toy: %w: %d players", norns.ErrBadConfig, c.Players)
		}
		return New(), nil
	}, ParseMove)
}

// Game describes the game to the conformance suite, with every opt-in check.
func Game() gametest.Game[State, toy.Move, View] {
	return gametest.Game[State, toy.Move, View]{
		Name:       "toy",
		Starts:     []gametest.Start[State]{{Name: "2p", Config: struct{}{}, State: New()}},
		New:        func([]byte) (State, error) { return New(), nil },
		ParseMove:  ParseMove,
		Candidates: Candidates,
		Invariant:  Invariant,
		Twin:       Twin,
		ApplyEvents: func(s State, m toy.Move, viewer norns.Player) (State, []any, error) {
			next, evs, err := ApplyEvents(s, m, viewer)
			out := make([]any, len(evs))
			for i, e := range evs {
				out[i] = e
			}
			return next, out, err
		},
		NewRecord: func(_ any, seed uint64, moves []toy.Move, last State) (norns.Record, error) {
			return NewRecord(seed, moves, last)
		},
		ReplayRecord: ReplayRecord,
		Deck:         toy.Deck(),
		Zones:        Zones,
		Bots: []norns.BotMaker[View, toy.Move]{
			{Name: "random", New: func(seed uint64) norns.Bot[View, toy.Move] { return norns.NewRandomBot[View, toy.Move](seed) }},
			{Name: "peeker", New: func(uint64) norns.Bot[View, toy.Move] { return norns.BotFunc[View, toy.Move](peeker) }},
		},
	}
}

// peeker is a bot that keeps a card of 3 or more and draws on a lower one, from its view alone;
// under PeekingBot it draws when the other seat's card, read from the state the view was taken
// from, is higher than its own.
func peeker(_ context.Context, v View) (toy.Move, error) {
	own := v.Own()
	if flaw == PeekingBot {
		if other := int(peeked.toy().Layout().Hands[1-v.Seat()]); other > own {
			return toy.Draw, nil
		}
		return toy.Keep, nil
	}
	if own < 3 {
		return toy.Draw, nil
	}
	return toy.Keep, nil
}
