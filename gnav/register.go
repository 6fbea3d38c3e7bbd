package gnav

import (
	"github.com/nornsgames/norns"
)

// init registers Gnav with the norns game registry as "gnav" (see norns.Register), so
// game-agnostic tools (examples/play, examples/web) play it by name.
func init() {
	norns.Register("gnav", norns.Game[Config, State, Move, View, Event]{
		Description: "swap your card to the left and dodge the lowest; 2 to 20 players, lives each",
		Rules:       Rules,
		New:         New,
		Config:      State.Config,
		Options: map[string]string{
			"players":      "number of players, 2 to 20 (0 means 4)",
			"lives":        "lives each at the start, 1 to 9 (0 means 3)",
			"catIsDragoon": "a Katt refuses as a Dragon does and undoes nothing",
			"dealerGiven":  "firstDealer deals first instead of a random seat",
			"firstDealer":  "the first dealer's seat when dealerGiven is set",
		},
		ParseMove:    ParseMove,
		ApplyEvents:  State.ApplyEvents,
		NewRecord:    NewRecord,
		ReplayRecord: ReplayRecord,
		Bots: []norns.BotMaker[View, Move]{
			{Name: "random", Description: "a uniformly random legal move",
				New: func(seed uint64) norns.Bot[View, Move] { return NewRandomBot(seed) }},
			{Name: "heuristic", Description: "stands when its card is safe enough, asks otherwise",
				New: func(seed uint64) norns.Bot[View, Move] { return NewHeuristicBot(seed) }},
			{Name: "search", Description: "information-set Monte Carlo tree search over the deal",
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
				return nil, err // a nil interface, not a zero Encoding
			}
			return e, nil
		},
	})
}

// regView is a seat's view as a front end receives it (norns.SeatView's JSON): built from the
// View's methods only, with cards by name. Seats are numbers; toMove is -1 for chance and -2
// once over; a card the seat does not hold or has not received is "".
type regView struct {
	Game     string       `json:"game"`
	Seat     norns.Player `json:"seat"`
	Players  int          `json:"players"`
	ToMove   norns.Player `json:"toMove"`
	Over     bool         `json:"over"`
	Phase    string       `json:"phase"`
	Lives    int          `json:"lives"` // lives each at the start
	Round    int          `json:"deals"` // State.Round; the key front ends read is "deals"
	Dealer   norns.Player `json:"dealer"`
	Hand     string       `json:"hand"`
	Dealt    string       `json:"dealt"`
	Asked    string       `json:"received"`    // the card the seat got when it accepted a request
	Own      string       `json:"receivedOwn"` // the card it got when its own request was accepted
	SeatInfo []regSeat    `json:"seats"`
}

type regSeat struct {
	Lives      int    `json:"lives"`
	Alive      bool   `json:"alive"`
	Contestant bool   `json:"contestant"`
	InPlay     bool   `json:"inPlay"`
	Knocked    bool   `json:"knocked"`
	Resting    bool   `json:"resting"`
	Turn       string `json:"turn"`
	Answer     string `json:"answer"`
	Refused    string `json:"refused"` // the matador it refused with, or ""
}

func regCard(c Card) string {
	if c == NoCard {
		return ""
	}
	return c.String()
}

func regViewJSON(v View) any {
	asked, own := v.Received()
	d := regView{
		Game: "gnav", Seat: v.Seat(), Players: v.Players(), ToMove: v.ToMove(), Over: v.Over(),
		Phase: v.Phase().String(), Lives: v.Config().Lives, Round: v.Round(), Dealer: v.Dealer(),
		Hand: regCard(v.Hand()), Dealt: regCard(v.Dealt()), Asked: regCard(asked), Own: regCard(own),
		SeatInfo: []regSeat{},
	}
	for q := range norns.Player(v.Players()) {
		a := v.Answer(q)
		d.SeatInfo = append(d.SeatInfo, regSeat{
			Lives: v.Lives(q), Alive: v.Alive().Has(q), Contestant: v.Contestants().Has(q),
			InPlay: v.InPlay().Has(q), Knocked: v.Knocked().Has(q), Resting: v.Resting().Has(q),
			Turn: v.Turn(q).String(), Answer: a.String(), Refused: regCard(a.Card()),
		})
	}
	return d
}

// regEvent is an event as a front end receives it; its text is norns.Event's Text.
type regEvent struct {
	Kind  string       `json:"kind"`
	Seat  norns.Player `json:"seat"`
	Other norns.Player `json:"other"`
	Card  string       `json:"card"` // "" when none or hidden
	Card2 string       `json:"card2"`
	Lives int          `json:"lives"`
	Seats []int        `json:"seats"`
}

func regEventJSON(e Event) any {
	d := regEvent{Kind: e.Kind.String(), Seat: e.Seat, Other: e.Other, Card: regCard(e.Card), Card2: regCard(e.Card2),
		Lives: e.Lives, Seats: []int{}}
	for p := range e.Seats.All() {
		d.Seats = append(d.Seats, int(p))
	}
	return d
}
