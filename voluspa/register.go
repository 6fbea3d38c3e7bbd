package voluspa

import (
	"github.com/nornsgames/norns"
)

// init registers Voluspa with the norns game registry as "voluspa" (see norns.Register), so
// game-agnostic tools (examples/play, examples/web) play it by name.
func init() {
	norns.Register("voluspa", norns.Game[Config, State, Move, View, Event]{
		Description: "lay Norse tiles in a shared grid and score the lines where yours is strongest, 2 to 5 players",
		Rules:       Rules,
		New:         New,
		Config:      State.Config,
		Options: map[string]string{
			"players": "number of players, 2 to 5 (0 means 2)",
		},
		ParseMove:    ParseMove,
		ApplyEvents:  State.ApplyEvents,
		NewRecord:    NewRecord,
		ReplayRecord: ReplayRecord,
		Bots: []norns.BotMaker[View, Move]{
			{Name: "random", Description: "a uniformly random legal move",
				New: func(seed uint64) norns.Bot[View, Move] { return NewRandomBot(seed) }},
			{Name: "heuristic", Description: "greedy on points, keeps its Trolls and Lokis",
				New: func(seed uint64) norns.Bot[View, Move] { return NewHeuristicBot(seed) }},
			{Name: "search", Description: "information-set Monte Carlo tree search over three of its turns",
				New: func(seed uint64) norns.Bot[View, Move] {
					return NewSearchBot(SearchOptions{Seed: seed, Iterations: DefaultSearchIterations})
				}},
		},
		ViewJSON:     regViewJSON,
		EventJSON:    regEventJSON,
		ChanceStream: ChanceStream,
		Encoding: func(c Config) (norns.Encoder[View, Move], error) {
			e, err := NewEncoding(c)
			if err != nil {
				return nil, err // a nil interface, not an Encoding in one
			}
			return e, nil
		},
	})
}

// regView is a seat's view as a front end receives it (norns.SeatView's JSON): built from the
// View's methods only, with tiles by name. Seats are numbers; toMove is -1 for chance and -2
// once over. The grid lists the filled squares in the order they were first filled.
type regView struct {
	Game    string       `json:"game"`
	Seat    norns.Player `json:"seat"`
	Players int          `json:"players"`
	ToMove  norns.Player `json:"toMove"`
	Over    bool         `json:"over"`
	Phase   string       `json:"phase"`
	Turn    norns.Player `json:"turn"`
	Turns   int          `json:"turns"`
	Hand    []string     `json:"hand"`
	Supply  int          `json:"supply"`
	Gone    []string     `json:"gone"`
	Grid    []regCell    `json:"grid"`
	Last    *regSquare   `json:"last"`
	Seats   []regSeat    `json:"seats"`
	Winners []int        `json:"winners"`
}

type regCell struct {
	X    int    `json:"x"`
	Y    int    `json:"y"`
	Tile string `json:"tile"`
}

type regSquare struct {
	X int `json:"x"`
	Y int `json:"y"`
}

type regSeat struct {
	Score   int      `json:"score"`
	Reached int      `json:"reached"`
	HandLen int      `json:"handSize"`
	Known   []string `json:"known"` // tiles everyone saw go into that hand (V8)
}

func regTiles(m Tiles) []string {
	out := []string{}
	for t := range m.All() {
		out = append(out, t.String())
	}
	return out
}

func regViewJSON(v View) any {
	d := regView{
		Game: "voluspa", Seat: v.Seat(), Players: v.Players(), ToMove: v.ToMove(), Over: v.Over(),
		Phase: v.Phase().String(), Turn: v.Turn(), Turns: v.Turns(), Hand: regTiles(v.Hand()),
		Supply: v.SupplySize(), Gone: regTiles(v.Gone()), Grid: []regCell{}, Seats: []regSeat{}, Winners: []int{},
	}
	for i := range v.Cells() {
		x, y, t := v.Cell(i)
		d.Grid = append(d.Grid, regCell{X: x, Y: y, Tile: t.String()})
	}
	if x, y, ok := v.LastLay(); ok {
		d.Last = &regSquare{X: x, Y: y}
	}
	for q := range norns.Player(v.Players()) {
		d.Seats = append(d.Seats, regSeat{Score: v.Score(q), Reached: v.Reached(q), HandLen: v.HandLen(q), Known: regTiles(v.Known(q))})
	}
	for p := range v.Winners().All() {
		d.Winners = append(d.Winners, int(p))
	}
	return d
}

// regEvent is an event as a front end receives it; its text is the Event's String.
type regEvent struct {
	Kind    string       `json:"kind"`
	Seat    norns.Player `json:"seat"`
	Tile    string       `json:"tile"`    // "" when none or hidden
	Covered string       `json:"covered"` // "" when none
	X       int          `json:"x"`
	Y       int          `json:"y"`
	Line    string       `json:"line"` // "row", "column" or "none"
	Length  int          `json:"length"`
	Worth   int          `json:"worth"`
	Rival   string       `json:"rival"`
	Points  int          `json:"points"`
	Reason  string       `json:"reason"`
	Seats   []int        `json:"seats"`
}

func regTile(t Tile) string {
	if t == NoTile {
		return ""
	}
	return t.String()
}

func regEventJSON(e Event) any {
	d := regEvent{Kind: e.Kind.String(), Seat: e.Seat, Tile: regTile(e.Tile), Covered: regTile(e.Covered),
		X: e.X, Y: e.Y, Line: e.Line.String(), Length: e.Length, Worth: e.Worth, Rival: regTile(e.Rival),
		Points: e.Points, Reason: e.Reason.String(), Seats: []int{}}
	for p := range e.Seats.All() {
		d.Seats = append(d.Seats, int(p))
	}
	return d
}
