package norns

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/nornsgames/norns/rng"
)

// registry holds the registered games by name.
var registry struct {
	sync.RWMutex
	games map[string]*Registered
}

// Game describes a game to the registry through its typed API: C is its Config, S its State, M
// its Move, V its View and E its Event. Register it with [Register].
type Game[C any, S State[S, M, V], M Move, V View[S, M], E fmt.Stringer] struct {
	// Description says in one line what the game is, for lists of games.
	Description string
	// Rules returns the game's complete rules (the package's Rules function); nil when the game
	// has none yet.
	Rules func() string
	// New returns the first state of a match of config c. Required.
	New func(c C) (S, error)
	// Config returns the effective config of a match (with defaults filled in); nil means the
	// config the match was created with.
	Config func(s S) C
	// Options documents each config field by its JSON name, in one line: "players": "number of
	// players, 2 or 3 (0: 2)".
	Options map[string]string
	// ParseMove reads a move in the game's notation. Required.
	ParseMove func(text string) (M, error)
	// ApplyEvents is the State's ApplyEvents method (State.ApplyEvents): Apply that also reports
	// what the move did as a seat (or Nobody, a spectator) sees it. nil means the game reports no
	// events.
	ApplyEvents func(s S, m M, viewer Player, dst []E) (S, []E, error)
	// NewRecord and ReplayRecord are the game's record functions; nil means the generic ones
	// ([NewRecord] with the effective config, and [ReplayRecord]).
	NewRecord    func(c C, seed uint64, moves []M, last S) (Record, error)
	ReplayRecord func(rec Record) (S, error)
	// Bots are the game's bots, by name: "random", "heuristic" and "search" by convention, in
	// that order.
	Bots []BotMaker[V, M]
	// ViewJSON returns what a front end receives of a seat's view, to be encoded with
	// encoding/json. It must be built from the View alone. nil means the View encodes itself.
	ViewJSON func(v V) any
	// EventJSON returns an event for a front end, to be encoded with encoding/json. nil means
	// the Event encodes itself.
	EventJSON func(e E) any
	// ChanceStream is the game's ChanceStream function: it sorts chance nodes into independent
	// streams (0 for the deals), each drawn from its own generator, so that a chance node whose
	// count depends on play (a random pick, a draw the bots decide on) does not shift the deals
	// after it. Tools that replay a seed under several seatings (arena, examples/arena) draw each
	// stream from its own generator; see [Match.ChanceStream]. nil means one stream.
	ChanceStream func(s S) int
	// Encoding is the game's NewEncoding: its learning encoding for a config (see [Encoder]),
	// wrapped to return the interface. nil means the game has none.
	Encoding func(c C) (Encoder[V, M], error)
}

// BotMaker names one of a game's bots and makes it.
type BotMaker[V any, M Move] struct {
	Name        string                      // "random", "heuristic", "search"
	Description string                      // one line; may be empty
	New         func(seed uint64) Bot[V, M] // a new bot whose choices are reproducible from seed
}

// Register makes a game available by name to [Lookup] and [Games], for programs that play any
// game they link in without knowing its types, as database/sql opens any linked driver and
// image.Decode reads any linked format. A tool imports the games it wants (for their side effect
// if it needs nothing else) and finds them by name:
//
//	import (
//		"github.com/nornsgames/norns"
//		_ "github.com/nornsgames/norns/gnav"
//		_ "github.com/nornsgames/norns/herrlof"
//	)
//
//	g, err := norns.Lookup("herrlof")
//	m, err := g.New([]byte(`{"players": 3}`)) // or g.New(nil) for the standard game
//	for !m.Over() { … m.Legal() … m, err = m.Apply("R7") … }
//
// A registered game is seen through [Registered] (its name, description, rules, options and
// bots) and its matches through [Match], [SeatView] and [TextBot], which speak text and JSON:
// moves in the game's notation, views and events as the game encodes them for a front end. The
// typed API stays for programs that know their game: [Match.State] and [SeatView.View] return
// the typed values.
//
// # Registering a game
//
// Each game package registers one [Game] value, built from its typed API, in an init function
// in its register.go:
//
//	package gulveig
//
//	import "github.com/nornsgames/norns"
//
//	func init() {
//		norns.Register("gulveig", norns.Game[Config, State, Move, View, Event]{
//			Description: "bid for the treasure, take the bid in seven tricks; 2 to 4 players, to 1000",
//			Rules:       Rules,
//			New:         New,
//			Config:      State.Config,
//			Options: map[string]string{ // one line per JSON field of Config
//				"players": "number of players, 2 to 4 (0 means 3)",
//			},
//			ParseMove:    ParseMove,
//			ApplyEvents:  State.ApplyEvents,
//			NewRecord:    NewRecord,
//			ReplayRecord: ReplayRecord,
//			Bots: []norns.BotMaker[View, Move]{
//				{Name: "random", New: func(seed uint64) norns.Bot[View, Move] { return NewRandomBot(seed) }},
//				{Name: "heuristic", New: func(seed uint64) norns.Bot[View, Move] { return NewHeuristicBot(seed) }},
//				{Name: "search", New: func(seed uint64) norns.Bot[View, Move] { return NewSearchBot(SearchOptions{Seed: seed}) }},
//			},
//			ViewJSON:     regViewJSON, // a seat's view for a front end; see below
//			EventJSON:    regEventJSON,
//			ChanceStream: ChanceStream,
//		})
//	}
//
// The name is the game's package name, as in its records. Config must be a struct whose exported
// fields are booleans, integers or strings with JSON names; Options documents each of them.
// ViewJSON returns the value a front end receives for a seat: build it from the View's methods
// only, with a "game" field naming the game (front ends pick their renderer by it), cards in
// notation ("R7"), seats as numbers, empty lists as [] and every list in a stable order, so that
// it holds exactly what the View holds. EventJSON does the same for an event (its text is the
// Event's String). Only New and ParseMove are required; [Game] says what each missing field
// means. Then add the game's import, and a short config in smallConfig, to the root package's
// registry_test.go, whose tests check every registered game: whole matches and records through
// [Match], the sentinels of bad moves, events, and that a view's JSON holds only what the View
// holds (every state View.Sample draws encodes the same).
//
// Register panics if name is empty or already registered, if New or ParseMove is nil, if C is
// not a struct of booleans, integers and strings, if Options does not document exactly C's JSON
// fields, or if two bots share a name: all mistakes of the game's author, found by the first
// test that imports the game.
func Register[C any, S State[S, M, V], M Move, V View[S, M], E fmt.Stringer](name string, g Game[C, S, M, V, E]) {
	if name == "" {
		panic("norns: Register: empty game name")
	}
	if g.New == nil || g.ParseMove == nil {
		panic("norns: Register " + name + ": New and ParseMove are required")
	}
	opts, err := optionsOf(reflect.TypeFor[C](), g.Options)
	if err != nil {
		panic("norns: Register " + name + ": " + err.Error())
	}
	seen := map[string]bool{}
	for _, b := range g.Bots {
		if b.Name == "" || b.New == nil || seen[b.Name] {
			panic(fmt.Sprintf("norns: Register %s: bad or duplicate bot %q", name, b.Name))
		}
		seen[b.Name] = true
	}
	impl := &game[C, S, M, V, E]{name: name, g: g}
	r := &Registered{name: name, options: opts, impl: impl}
	impl.reg = r
	registry.Lock()
	defer registry.Unlock()
	if registry.games == nil {
		registry.games = map[string]*Registered{}
	}
	if _, dup := registry.games[name]; dup {
		panic("norns: Register called twice for game " + name)
	}
	registry.games[name] = r
}

// Games returns the names of the registered games, sorted.
func Games() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.games))
	for n := range registry.games {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Lookup returns the registered game called name. The error, for a game not registered (or
// not linked into the program: import its package), wraps [ErrBadConfig] and lists the games
// there are.
func Lookup(name string) (*Registered, error) {
	registry.RLock()
	r := registry.games[name]
	registry.RUnlock()
	if r == nil {
		return nil, fmt.Errorf("norns: %w: no game %q (registered: %s)", ErrBadConfig, Clip(name), strings.Join(Games(), ", "))
	}
	return r, nil
}

// Encoding returns the game's learning encoding (see [Encoder]) for config (JSON, as [New]
// takes it), seen without types: moves as text. The error wraps [ErrNoEncoding] when the game
// has none, and [ErrBadConfig] for a config it refuses.
func (r *Registered) Encoding(config []byte) (Encoding, error) { return r.impl.encoding(config) }

// ErrNoEncoding is the error of [Registered.Encoding] for a game that registered no encoding.
var ErrNoEncoding = errors.New("no learning encoding")

// Encoding is a registered game's learning encoding for one config, seen without types (see
// [Encoder], which it wraps): action ids for moves in notation, and the observation and the
// legal-action mask of a [SeatView] of a match of that game. It is safe for concurrent use.
type Encoding interface {
	// Actions returns the size of the action space.
	Actions() int
	// ObservationLen returns the length of every observation.
	ObservationLen() int
	// Action returns the id of a seat's move given in notation; an error wrapping
	// ErrBadNotation for text that is not a move or a move with no id (a chance move).
	Action(move string) (int, error)
	// Move returns the move of an id, in notation; an error wrapping ErrBadNotation for an id
	// out of range.
	Move(id int) (string, error)
	// AppendObservation appends v's observation. It panics if v is a view of another game.
	AppendObservation(v SeatView, dst []float32) []float32
	// AppendMask appends v's legal-action mask: Actions() values, true at the ids of v's legal
	// moves. It panics if v is a view of another game.
	AppendMask(v SeatView, dst []bool) []bool
}

// BotOf returns b, a bot seen without types (a [ProgramBot], or one of [Registered.NewBot]) of
// the game registered as name with these types, as a typed [Bot] of that game, for typed tools
// such as arena.Run: each view is handed to b as the registry shows it, and b's move is parsed
// with the game's notation. The error wraps [ErrBadConfig] when no game of that name and types
// is registered.
func BotOf[C any, S State[S, M, V], M Move, V View[S, M], E fmt.Stringer](name string, b TextBot) (Bot[V, M], error) {
	r, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	g, ok := r.impl.(*game[C, S, M, V, E])
	if !ok {
		return nil, fmt.Errorf("norns: %w: game %q is registered with other types than %v", ErrBadConfig, name, reflect.TypeFor[S]())
	}
	return BotFunc[V, M](func(ctx context.Context, v V) (M, error) {
		var zero M
		text, err := b.Choose(ctx, &seatView[C, S, M, V, E]{g: g, v: v})
		if err != nil {
			return zero, err
		}
		return g.parse(text)
	}), nil
}

// LookupGame returns the typed description a game registered under name: the [Game] value its
// package passed to [Register], for code that knows the game's types (its own tests, which
// build the conformance suite's description from it, or a tool written for that game). The
// error wraps [ErrBadConfig] when no game of that name is registered, or when it was registered
// with other types.
func LookupGame[C any, S State[S, M, V], M Move, V View[S, M], E fmt.Stringer](name string) (Game[C, S, M, V, E], error) {
	r, err := Lookup(name)
	if err != nil {
		return Game[C, S, M, V, E]{}, err
	}
	g, ok := r.impl.(*game[C, S, M, V, E])
	if !ok {
		return Game[C, S, M, V, E]{}, fmt.Errorf("norns: %w: game %q is registered with other types than %v", ErrBadConfig, name, reflect.TypeFor[S]())
	}
	return g.g, nil
}

// Registered is a game in the registry, seen without its types. It is safe for concurrent use.
type Registered struct {
	name    string
	options []Option
	impl    gameImpl
}

// Option is one field of a game's config, settable as name=value.
type Option struct {
	Name  string `json:"name"`  // the field's JSON name, e.g. "players"
	Type  string `json:"type"`  // "bool", "int" or "string"
	Usage string `json:"usage"` // one line, e.g. "number of players, 2 or 3 (0: 2)"
}

// Name returns the game's name, e.g. "herrlof".
func (r *Registered) Name() string { return r.name }

// Description says in one line what the game is.
func (r *Registered) Description() string { return r.impl.description() }

// Rules returns the game's complete rules, or "" when the game has none yet.
func (r *Registered) Rules() string { return r.impl.rules() }

// Options returns the fields of the game's config, in the order of the Config struct.
func (r *Registered) Options() []Option { return slices.Clone(r.options) }

// Bots returns the names of the game's bots, in the game's order ("random", "heuristic",
// "search").
func (r *Registered) Bots() []string { return r.impl.bots() }

// New returns the first state of a match of the given config, in JSON; nil or empty means the
// standard game ({}). The config is decoded strictly: malformed JSON, unknown fields, data
// after the object, a config over [MaxConfigSize] (see [DecodeConfig]) and a config the game
// refuses are errors
// wrapping [ErrBadConfig].
func (r *Registered) New(config []byte) (Match, error) {
	if len(bytes.TrimSpace(config)) == 0 {
		config = []byte("{}")
	}
	return r.impl.newMatch(config)
}

// ConfigFromOptions turns options of the form name=value (or a bare name for a true boolean)
// into the config's JSON, for [Registered.New]: ConfigFromOptions("players=3",
// "fiveTrickBonus") gives {"fiveTrickBonus":true,"players":3}. Names are those of
// [Registered.Options]. An unknown name, a repeated one or a value of the wrong type is an
// error wrapping [ErrBadConfig]; the game checks the values themselves in New.
func (r *Registered) ConfigFromOptions(opts ...string) ([]byte, error) {
	obj := map[string]any{}
	for _, o := range opts {
		name, val, hasVal := strings.Cut(o, "=")
		name = strings.TrimSpace(name)
		i := slices.IndexFunc(r.options, func(op Option) bool { return op.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("norns: %s: %w: no option %q (options: %s)", r.name, ErrBadConfig, Clip(name), r.optionNames())
		}
		if _, dup := obj[name]; dup {
			return nil, fmt.Errorf("norns: %s: %w: option %q given twice", r.name, ErrBadConfig, name)
		}
		val = strings.TrimSpace(val)
		switch r.options[i].Type {
		case "bool":
			if !hasVal {
				obj[name] = true
				continue
			}
			b, err := strconv.ParseBool(val)
			if err != nil {
				return nil, fmt.Errorf("norns: %s: %w: option %s wants true or false, not %q", r.name, ErrBadConfig, name, Clip(val))
			}
			obj[name] = b
		case "int":
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("norns: %s: %w: option %s wants a whole number, not %q", r.name, ErrBadConfig, name, Clip(val))
			}
			obj[name] = n
		default:
			if !hasVal {
				return nil, fmt.Errorf("norns: %s: %w: option %s wants a value (%s=...)", r.name, ErrBadConfig, name, name)
			}
			obj[name] = val
		}
	}
	return json.Marshal(obj)
}

func (r *Registered) optionNames() string {
	names := make([]string, len(r.options))
	for i, o := range r.options {
		names[i] = o.Name
	}
	return strings.Join(names, ", ")
}

// NewBot returns a new bot of the game by name (see [Registered.Bots]) or by level (see
// [Registered.Levels]: "easy", "medium", "hard"), whose choices are reproducible from seed. An
// unknown name is an error wrapping [ErrBadConfig].
func (r *Registered) NewBot(name string, seed uint64) (TextBot, error) {
	for _, l := range r.Levels() {
		if l.Name == name {
			name = l.Bot
		}
	}
	return r.impl.newBot(name, seed)
}

// Level is a named strength a person chooses an opponent by, and the bot that plays it.
type Level struct {
	Name string // "easy", "medium" or "hard"
	Bot  string // the game's bot that plays at this level
}

// levelBots are the levels, weakest first, and the bot each is played by: every game's random,
// heuristic and search bots, by the naming convention of [Game.Bots]. Each game's strength
// tests measure that each beats the one below (the README's table gives the margins).
var levelBots = [...]Level{{"easy", "random"}, {"medium", "heuristic"}, {"hard", "search"}}

// Levels returns the game's levels, weakest first: easy (its random bot), medium (its
// heuristic) and hard (its search bot), those of them the game has.
func (r *Registered) Levels() []Level {
	var out []Level
	bots := r.Bots()
	for _, l := range levelBots {
		if slices.Contains(bots, l.Bot) {
			out = append(out, l)
		}
	}
	return out
}

// NewRecord returns the record of a match of this game: config its config as given to
// [Registered.New], seed the seed chance was drawn from (with [rng.New]), and moves every move
// from the first state on, chance included, in notation. It replays the moves to find the
// result; a move that fails is an error wrapping [ErrCorrupt].
func (r *Registered) NewRecord(config []byte, seed uint64, moves []string) (Record, error) {
	m, err := r.New(config)
	if err != nil {
		return Record{}, err
	}
	return m.(interface {
		record(seed uint64, moves []string) (Record, error)
	}).record(seed, moves)
}

// Replay replays a record of this game and checks its result, as the game's ReplayRecord does,
// and returns the last state. Its errors wrap [ErrCorrupt].
func (r *Registered) Replay(rec Record) (Match, error) {
	if rec.Game != r.name {
		return nil, fmt.Errorf("norns: replay: %w: a record of %q, not %q", ErrCorrupt, Clip(rec.Game), r.name)
	}
	return r.impl.replay(rec)
}

// Match is a match of a registered game at one moment, seen without its types: moves are text
// in the game's notation. Like a State it is an immutable value: Apply returns the next match and
// leaves the receiver as it was, and every method is safe for concurrent use.
type Match interface {
	// Game returns the registered game.
	Game() *Registered
	// Config returns the match's effective config, in JSON.
	Config() []byte
	// Players returns the number of seats.
	Players() int
	// ToMove returns the seat to act, Chance at a chance node, or Nobody once over.
	ToMove() Player
	// Over reports whether the match has ended.
	Over() bool
	// Score returns seat p's score as the game counts it.
	Score(p Player) int
	// Winners returns the winning seats once over (empty before, and after a draw).
	Winners() Seats
	// Legal returns the legal moves of the seat to act, in notation, in the game's order (at a
	// chance node, the outcomes when the game lists them).
	Legal() []string
	// Apply reads move and applies it. Text that does not parse is an error wrapping
	// [ErrBadNotation]; a move the rules refuse wraps [ErrIllegalMove] (or [ErrGameOver]). On
	// error the returned Match is the receiver.
	Apply(move string) (Match, error)
	// ApplyEvents is Apply that also returns the events of the move as viewer sees them (a seat,
	// or Nobody for a spectator).
	ApplyEvents(move string, viewer Player) (Match, []Event, error)
	// SampleChance draws a chance outcome with its true probability, in notation. It panics
	// unless ToMove is Chance.
	SampleChance(r *rng.Rand) string
	// ChanceStream returns the chance stream of the chance node the match is at, as the game's
	// ChanceStream sorts it ([Game.ChanceStream]): 0 for a game with one stream. It panics
	// unless ToMove is Chance.
	ChanceStream() int
	// View returns what seat p may see, or with norns.Nobody what a spectator may see (only what
	// is public). It panics if p is neither a seat of the match nor Nobody.
	View(p Player) SeatView
	// State returns the game's typed State, for callers who know the game.
	State() any
	// MarshalJSON returns the State's JSON (which holds everything: keep it from players).
	MarshalJSON() ([]byte, error)
	// String describes the state for humans.
	String() string
}

// SeatView is one seat's view of a match, seen without its types.
type SeatView interface {
	// Seat returns whose view this is.
	Seat() Player
	// Players returns the number of seats.
	Players() int
	// ToMove returns who acts next.
	ToMove() Player
	// Over reports whether the match has ended.
	Over() bool
	// Legal returns the seat's legal moves in notation when it is to act, and nil otherwise.
	Legal() []string
	// MarshalJSON encodes the view as the game presents it to a front end (its ViewJSON).
	MarshalJSON() ([]byte, error)
	// Sample returns a full match drawn at random among those consistent with everything the
	// seat knows (the View's Sample), for search.
	Sample(r *rng.Rand) Match
	// View returns the game's typed View.
	View() any
	// String describes the view for humans.
	String() string
}

// Event is something a move did, as one seat saw it.
type Event struct {
	Text string          `json:"text"` // in plain words: "seat 1 wins the trick with G9"
	Data json.RawMessage `json:"data"` // the event as the game encodes it (its EventJSON)
}

// TextBot is a registered game's bot seen without its types: it chooses a move, in notation,
// from a seat's view. It is not safe for concurrent use.
type TextBot interface {
	// Choose returns one of v's legal moves. It is called only when v's seat is to act, and
	// should return promptly when ctx is done (a search bot returns its best move so far). A
	// view of another game is an error.
	Choose(ctx context.Context, v SeatView) (string, error)
}

// gameImpl is what Register builds from a Game: the typed half of a Registered.
type gameImpl interface {
	description() string
	rules() string
	bots() []string
	newBot(name string, seed uint64) (TextBot, error)
	newMatch(config []byte) (Match, error)
	replay(rec Record) (Match, error)
	encoding(config []byte) (Encoding, error)
}

type game[C any, S State[S, M, V], M Move, V View[S, M], E fmt.Stringer] struct {
	name string
	reg  *Registered
	g    Game[C, S, M, V, E]
}

func (g *game[C, S, M, V, E]) description() string { return g.g.Description }

func (g *game[C, S, M, V, E]) rules() string {
	if g.g.Rules == nil {
		return ""
	}
	return g.g.Rules()
}

func (g *game[C, S, M, V, E]) bots() []string {
	names := make([]string, len(g.g.Bots))
	for i, b := range g.g.Bots {
		names[i] = b.Name
	}
	return names
}

func (g *game[C, S, M, V, E]) newBot(name string, seed uint64) (TextBot, error) {
	for _, b := range g.g.Bots {
		if b.Name == name {
			return &textBot[C, S, M, V, E]{g: g, b: b.New(seed)}, nil
		}
	}
	return nil, fmt.Errorf("norns: %s: %w: no bot %q (bots: %s)", g.name, ErrBadConfig, Clip(name), strings.Join(g.bots(), ", "))
}

func (g *game[C, S, M, V, E]) encoding(config []byte) (Encoding, error) {
	if g.g.Encoding == nil {
		return nil, fmt.Errorf("norns: %s: %w", g.name, ErrNoEncoding)
	}
	c, err := g.decodeConfig(config)
	if err != nil {
		return nil, err
	}
	e, err := g.g.Encoding(c)
	if err != nil {
		return nil, err
	}
	return &encoding[C, S, M, V, E]{g: g, e: e}, nil
}

// encoding is a game's Encoder seen through the registry.
type encoding[C any, S State[S, M, V], M Move, V View[S, M], E fmt.Stringer] struct {
	g     *game[C, S, M, V, E]
	e     Encoder[V, M]
	mu    sync.Mutex
	legal []M
}

func (e *encoding[C, S, M, V, E]) Actions() int        { return e.e.Actions() }
func (e *encoding[C, S, M, V, E]) ObservationLen() int { return e.e.ObservationLen() }

func (e *encoding[C, S, M, V, E]) Action(move string) (int, error) {
	m, err := e.g.parse(move)
	if err != nil {
		return 0, err
	}
	id, ok := e.e.Action(m)
	if !ok {
		return 0, fmt.Errorf("norns: %s: %w: %q has no action id", e.g.name, ErrBadNotation, Clip(move))
	}
	return id, nil
}

func (e *encoding[C, S, M, V, E]) Move(id int) (string, error) {
	m, ok := e.e.Move(id)
	if !ok {
		return "", fmt.Errorf("norns: %s: %w: action %d is not in [0, %d)", e.g.name, ErrBadNotation, id, e.e.Actions())
	}
	return m.String(), nil
}

func (e *encoding[C, S, M, V, E]) view(v SeatView) V {
	sv, ok := v.(*seatView[C, S, M, V, E])
	if !ok {
		panic(fmt.Sprintf("norns: %s encoding: a view of another game (%T)", e.g.name, v))
	}
	return sv.v
}

func (e *encoding[C, S, M, V, E]) AppendObservation(v SeatView, dst []float32) []float32 {
	return e.e.Observe(e.view(v), dst)
}

func (e *encoding[C, S, M, V, E]) AppendMask(v SeatView, dst []bool) []bool {
	tv := e.view(v)
	e.mu.Lock()
	defer e.mu.Unlock()
	dst, e.legal = AppendMask(e.e, tv, dst, e.legal)
	return dst
}

func (g *game[C, S, M, V, E]) decodeConfig(config []byte) (C, error) {
	return DecodeConfig[C](g.name, config)
}

func (g *game[C, S, M, V, E]) newMatch(config []byte) (Match, error) {
	c, err := g.decodeConfig(config)
	if err != nil {
		return nil, err
	}
	s, err := g.g.New(c)
	if err != nil {
		if !errors.Is(err, ErrBadConfig) {
			err = fmt.Errorf("%w: %w", ErrBadConfig, err)
		}
		return nil, err
	}
	return g.wrap(c, s), nil
}

func (g *game[C, S, M, V, E]) wrap(c C, s S) *match[C, S, M, V, E] {
	if g.g.Config != nil {
		c = g.g.Config(s)
	}
	return &match[C, S, M, V, E]{g: g, c: c, s: s}
}

func (g *game[C, S, M, V, E]) replay(rec Record) (Match, error) {
	if g.g.ReplayRecord != nil {
		s, err := g.g.ReplayRecord(rec)
		if err != nil {
			return nil, err
		}
		var c C
		if g.g.Config == nil {
			if c, err = g.decodeConfig(rec.Config); err != nil {
				return nil, fmt.Errorf("norns: replay: %w: %w", ErrCorrupt, err)
			}
		}
		return g.wrap(c, s), nil
	}
	s, err := ReplayRecord(rec, g.name, g.g.New, g.g.ParseMove)
	if err != nil {
		return nil, err
	}
	c, err := g.decodeConfig(rec.Config)
	if err != nil {
		return nil, fmt.Errorf("norns: replay: %w: %w", ErrCorrupt, err)
	}
	return g.wrap(c, s), nil
}

func (g *game[C, S, M, V, E]) parse(text string) (M, error) {
	if len(text) > MaxMoveText {
		var zero M
		return zero, fmt.Errorf("norns: %s: %w: move text longer than %d bytes", g.name, ErrBadNotation, MaxMoveText)
	}
	m, err := g.g.ParseMove(text)
	if err != nil && !errors.Is(err, ErrBadNotation) {
		err = fmt.Errorf("%w: %w", ErrBadNotation, err)
	}
	return m, err
}

// match is a Match: the typed state, and the config it was created with.
type match[C any, S State[S, M, V], M Move, V View[S, M], E fmt.Stringer] struct {
	g *game[C, S, M, V, E]
	c C
	s S
}

func (m *match[C, S, M, V, E]) Game() *Registered { return m.g.reg }

func (m *match[C, S, M, V, E]) Config() []byte {
	b, err := json.Marshal(m.c)
	if err != nil {
		panic("norns: " + m.g.name + " config does not encode: " + err.Error())
	}
	return b
}

func (m *match[C, S, M, V, E]) Players() int       { return m.s.Players() }
func (m *match[C, S, M, V, E]) ToMove() Player     { return m.s.ToMove() }
func (m *match[C, S, M, V, E]) Over() bool         { return m.s.Over() }
func (m *match[C, S, M, V, E]) Score(p Player) int { return m.s.Score(p) }
func (m *match[C, S, M, V, E]) Winners() Seats     { return m.s.Winners() }
func (m *match[C, S, M, V, E]) State() any         { return m.s }
func (m *match[C, S, M, V, E]) String() string     { return m.s.String() }

func (m *match[C, S, M, V, E]) MarshalJSON() ([]byte, error) { return json.Marshal(m.s) }

func (m *match[C, S, M, V, E]) Legal() []string { return texts(m.s.Legal()) }

func texts[M Move](ms []M) []string {
	if ms == nil {
		return nil
	}
	out := make([]string, len(ms))
	for i, mv := range ms {
		out[i] = mv.String()
	}
	return out
}

func (m *match[C, S, M, V, E]) Apply(move string) (Match, error) {
	mv, err := m.g.parse(move)
	if err != nil {
		return m, err
	}
	next, err := m.s.Apply(mv)
	if err != nil {
		return m, err
	}
	return &match[C, S, M, V, E]{g: m.g, c: m.c, s: next}, nil
}

func (m *match[C, S, M, V, E]) ApplyEvents(move string, viewer Player) (Match, []Event, error) {
	if m.g.g.ApplyEvents == nil {
		next, err := m.Apply(move)
		return next, nil, err
	}
	mv, err := m.g.parse(move)
	if err != nil {
		return m, nil, err
	}
	next, evs, err := m.g.g.ApplyEvents(m.s, mv, viewer, nil)
	if err != nil {
		return m, nil, err
	}
	out := make([]Event, len(evs))
	for i, e := range evs {
		out[i] = Event{Text: e.String(), Data: m.g.eventJSON(e)}
	}
	return &match[C, S, M, V, E]{g: m.g, c: m.c, s: next}, out, nil
}

func (g *game[C, S, M, V, E]) eventJSON(e E) json.RawMessage {
	var v any = e
	if g.g.EventJSON != nil {
		v = g.g.EventJSON(e)
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic("norns: " + g.name + " event does not encode: " + err.Error())
	}
	return b
}

func (m *match[C, S, M, V, E]) SampleChance(r *rng.Rand) string { return m.s.SampleChance(r).String() }

func (m *match[C, S, M, V, E]) ChanceStream() int {
	if m.s.ToMove() != Chance {
		panic("norns: ChanceStream: not at a chance node")
	}
	if m.g.g.ChanceStream == nil {
		return 0
	}
	return m.g.g.ChanceStream(m.s)
}

func (m *match[C, S, M, V, E]) View(p Player) SeatView {
	return &seatView[C, S, M, V, E]{g: m.g, c: m.c, v: m.s.View(p)}
}

func (m *match[C, S, M, V, E]) record(seed uint64, moves []string) (Record, error) {
	s := m.s
	typed := make([]M, len(moves))
	for i, text := range moves {
		mv, err := m.g.parse(text)
		if err == nil {
			s, err = s.Apply(mv)
		}
		if err != nil {
			return Record{}, fmt.Errorf("norns: %s record: move %d %q: %w: %w", m.g.name, i, Clip(text), ErrCorrupt, err)
		}
		typed[i] = mv
	}
	if m.g.g.NewRecord != nil {
		return m.g.g.NewRecord(m.c, seed, typed, s)
	}
	c := m.c
	if m.g.g.Config != nil {
		c = m.g.g.Config(s)
	}
	return NewRecord(m.g.name, c, seed, typed, s)
}

type seatView[C any, S State[S, M, V], M Move, V View[S, M], E fmt.Stringer] struct {
	g *game[C, S, M, V, E]
	c C
	v V
}

func (v *seatView[C, S, M, V, E]) Sample(r *rng.Rand) Match {
	return v.g.wrap(v.c, v.v.Sample(r))
}

func (v *seatView[C, S, M, V, E]) Seat() Player    { return v.v.Seat() }
func (v *seatView[C, S, M, V, E]) Players() int    { return v.v.Players() }
func (v *seatView[C, S, M, V, E]) ToMove() Player  { return v.v.ToMove() }
func (v *seatView[C, S, M, V, E]) Over() bool      { return v.v.Over() }
func (v *seatView[C, S, M, V, E]) Legal() []string { return texts(v.v.Legal()) }
func (v *seatView[C, S, M, V, E]) View() any       { return v.v }

func (v *seatView[C, S, M, V, E]) String() string {
	if s, ok := any(v.v).(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%v's view", v.v.Seat())
}

func (v *seatView[C, S, M, V, E]) MarshalJSON() ([]byte, error) {
	if v.g.g.ViewJSON != nil {
		return json.Marshal(v.g.g.ViewJSON(v.v))
	}
	return json.Marshal(v.v)
}

type textBot[C any, S State[S, M, V], M Move, V View[S, M], E fmt.Stringer] struct {
	g *game[C, S, M, V, E]
	b Bot[V, M]
}

func (b *textBot[C, S, M, V, E]) Choose(ctx context.Context, v SeatView) (string, error) {
	sv, ok := v.(*seatView[C, S, M, V, E])
	if !ok || sv.g != b.g {
		return "", fmt.Errorf("norns: %s bot: %w: a view of another game", b.g.name, ErrBadConfig)
	}
	m, err := b.b.Choose(ctx, sv.v)
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

// optionsOf lists the config fields of t, a struct type, with their documentation from usage.
func optionsOf(t reflect.Type, usage map[string]string) ([]Option, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("config type %v is not a struct", t)
	}
	var opts []Option
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := f.Name
		if tag, ok := f.Tag.Lookup("json"); ok {
			tagName, _, _ := strings.Cut(tag, ",")
			if tagName == "-" {
				continue
			}
			if tagName != "" {
				name = tagName
			}
		}
		var typ string
		switch f.Type.Kind() {
		case reflect.Bool:
			typ = "bool"
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			typ = "int"
		case reflect.String:
			typ = "string"
		default:
			return nil, fmt.Errorf("config field %s is a %v; only booleans, integers and strings are options", f.Name, f.Type)
		}
		u, ok := usage[name]
		if !ok {
			return nil, fmt.Errorf("config field %q has no line in Options", name)
		}
		opts = append(opts, Option{Name: name, Type: typ, Usage: u})
	}
	for name := range usage {
		if !slices.ContainsFunc(opts, func(o Option) bool { return o.Name == name }) {
			return nil, fmt.Errorf("Options documents %q, which is no config field", name)
		}
	}
	return opts, nil
}
