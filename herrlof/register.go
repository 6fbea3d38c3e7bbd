package herrlof

import (
	"github.com/nornsgames/norns"
)

// init registers Herrlof with the norns game registry as "herrlof" (see norns.Register), so
// game-agnostic tools (examples/play, examples/web) play it by name.
func init() {
	norns.Register("herrlof", norns.Game[Config, State, Move, View, Event]{
		Description: "trick-taking with secret bids and card powers, 2 or 3 players, to 50 points",
		Rules:       Rules,
		New:         New,
		Config:      State.Config,
		Options: map[string]string{
			"players":        "number of players, 2 or 3 (0 means 2)",
			"fiveTrickBonus": "5 points for exactly 5 tricks (two players only)",
			"handLimit":      "also end the match after this many hands (0: no limit)",
		},
		ParseMove:    ParseMove,
		ApplyEvents:  State.ApplyEvents,
		NewRecord:    NewRecord,
		ReplayRecord: ReplayRecord,
		Bots: []norns.BotMaker[View, Move]{
			{Name: "random", Description: "a uniformly random legal move",
				New: func(seed uint64) norns.Bot[View, Move] { return NewRandomBot(seed) }},
			{Name: "heuristic", Description: "bids what its hand should take and plays to make it",
				New: func(seed uint64) norns.Bot[View, Move] { return NewHeuristicBot(seed) }},
			{Name: "search", Description: "information-set Monte Carlo tree search over the hand",
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
// View's methods only, with cards in notation. Seats are numbers; toMove is -1 for chance and -2
// once over.
type regView struct {
	Game         string       `json:"game"`
	Seat         norns.Player `json:"seat"`
	Players      int          `json:"players"`
	ToMove       norns.Player `json:"toMove"`
	Over         bool         `json:"over"`
	Phase        string       `json:"phase"`
	Round        int          `json:"handNumber"` // View.Round; the key keeps the name the web page reads
	Target       int          `json:"target"`
	Opener       norns.Player `json:"opener"`
	Hand         []string     `json:"hand"`
	Bid          int          `json:"bid"`
	TrumpCard    string       `json:"trumpCard"`
	Trump        string       `json:"trump"`
	Trick        regTrick     `json:"trick"`
	LastTrick    regTrick     `json:"lastTrick"`
	TricksPlayed int          `json:"tricksPlayed"`
	StockLen     int          `json:"stockLen"`
	KnownStock   []string     `json:"knownStock"`
	Played       []string     `json:"played"`
	PowerSeat    norns.Player `json:"powerSeat"`
	PowerTarget  norns.Player `json:"powerTarget"`
	Seats        []regSeat    `json:"seats"`
	LastHand     *regHand     `json:"lastHand"`
}

type regSeat struct {
	Score       int      `json:"score"`
	Tricks      int      `json:"tricks"`
	HandLen     int      `json:"handLen"`
	CorrectBids int      `json:"correctBids"`
	Known       []string `json:"known"`     // cards of that seat's hand the viewer knows
	KnownBy     []string `json:"knownBy"`   // cards of the viewer's hand that seat knows
	ShowedOut   []string `json:"showedOut"` // suits that seat showed it holds none of
}

type regTrick struct {
	Plays     []regPlay    `json:"plays"`
	Winner    norns.Player `json:"winner"`
	Destroyed bool         `json:"destroyed"`
}

type regPlay struct {
	Seat norns.Player `json:"seat"`
	Card string       `json:"card"`
}

type regHand struct {
	Hand   int   `json:"hand"`
	Bids   []int `json:"bids"`
	Tricks []int `json:"tricks"`
	Points []int `json:"points"`
}

func regCards(h Cards) []string {
	out := []string{}
	for c := range h.All() {
		out = append(out, c.String())
	}
	return out
}

func regTrickJSON(t Trick) regTrick {
	d := regTrick{Plays: []regPlay{}, Winner: t.Winner(), Destroyed: t.Destroyed()}
	for i := range t.Len() {
		d.Plays = append(d.Plays, regPlay{Seat: t.Seat(i), Card: t.Card(i).String()})
	}
	return d
}

func regViewJSON(v View) any {
	c := v.Config()
	d := regView{
		Game: "herrlof", Seat: v.Seat(), Players: v.Players(), ToMove: v.ToMove(), Over: v.Over(),
		Phase: v.Phase().String(), Round: v.Round(), Target: c.Target(), Opener: v.Opener(),
		Hand: regCards(v.Hand()), Bid: v.Bid(), Trick: regTrickJSON(v.Trick()), LastTrick: regTrickJSON(v.LastTrick()),
		TricksPlayed: v.TricksPlayed(), StockLen: v.StockLen(), KnownStock: []string{},
		Played: regCards(v.Played()), PowerSeat: v.PowerSeat(), PowerTarget: v.PowerTarget(),
	}
	if tc := v.TrumpCard(); tc != NoCard {
		d.TrumpCard = tc.String()
	}
	if t := v.Trump(); t != NoSuit {
		d.Trump = t.String()
	}
	for _, k := range v.KnownStock() {
		if k == NoCard {
			d.KnownStock = append(d.KnownStock, "")
		} else {
			d.KnownStock = append(d.KnownStock, k.String())
		}
	}
	for q := range norns.Player(v.Players()) {
		sd := regSeat{Score: v.Score(q), Tricks: v.Tricks(q), HandLen: v.HandLen(q), CorrectBids: v.CorrectBids(q),
			Known: []string{}, KnownBy: []string{}, ShowedOut: []string{}}
		if q != v.Seat() {
			sd.Known = regCards(v.Known(q))
			sd.KnownBy = regCards(v.KnownBy(q))
		}
		for s := Red; s <= Yellow; s++ {
			if v.ShowedOut(q, s) {
				sd.ShowedOut = append(sd.ShowedOut, s.String())
			}
		}
		d.Seats = append(d.Seats, sd)
	}
	if lh := v.LastHand(); lh.Hand > 0 {
		n := v.Players()
		d.LastHand = &regHand{Hand: lh.Hand, Bids: lh.Bids[:n], Tricks: lh.Tricks[:n], Points: lh.Points[:n]}
	}
	return d
}

// regEvent is an event as a front end receives it; its text is norns.Event's Text.
type regEvent struct {
	Kind  int          `json:"kind"`
	Seat  norns.Player `json:"seat"`
	Other norns.Player `json:"other"`
	Card  string       `json:"card"` // "" when none or hidden
	N     int          `json:"n"`
}

func regEventJSON(e Event) any {
	d := regEvent{Kind: int(e.Kind), Seat: e.Seat, Other: e.Other, N: e.N}
	if e.Card != NoCard {
		d.Card = e.Card.String()
	}
	return d
}
