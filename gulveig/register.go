package gulveig

import (
	"github.com/nornsgames/norns"
)

// init registers Gulveig with the norns game registry as "gulveig" (see norns.Register), so
// game-agnostic tools (examples/play, examples/web) play it by name.
func init() {
	norns.Register("gulveig", norns.Game[Config, State, Move, View, Event]{
		Description: "bid for the treasure, take the bid in seven tricks, show combos for supremacy; 2 to 4 players, to 1000",
		Rules:       Rules,
		New:         New,
		Config:      State.Config,
		Options: map[string]string{
			"players":     "number of players, 2 to 4 (0 means 3)",
			"target":      "the score that wins, a multiple of 10 from 100 to 1000 (0 means 1000)",
			"veteran":     "opening bid 100 instead of 90 with 3 or 4 players",
			"blind":       "blind bidding: bid before looking at your hand, for double",
			"betting":     "settle bets at the end: a cent per point behind the winner",
			"alternates":  "alternate cards as a bit set: 1 Nanna, 2 Laufey, 4 Thiassi, 8 Freya (15: all)",
			"roles":       "player roles: a rune card with a power for each hand",
			"handLimit":   "also end the match after this many hands, highest score wins (0: no limit but 1000 hands)",
			"dealerGiven": "firstDealer deals first instead of a random seat",
			"firstDealer": "the first dealer's seat when dealerGiven is set",
		},
		ParseMove:    ParseMove,
		ApplyEvents:  State.ApplyEvents,
		NewRecord:    NewRecord,
		ReplayRecord: ReplayRecord,
		Bots: []norns.BotMaker[View, Move]{
			{Name: "random", Description: "a uniformly random legal move",
				New: func(seed uint64) Bot { return NewRandomBot(seed) }},
			{Name: "heuristic", Description: "bids its hand's worth, plays masters and combos, takes tricks worth taking",
				New: func(seed uint64) Bot { return NewHeuristicBot(seed) }},
			{Name: "search", Description: "information-set Monte Carlo tree search over the hand",
				New: func(seed uint64) Bot {
					return NewSearchBot(SearchOptions{Seed: seed, Iterations: DefaultSearchIterations})
				}},
		},
		ViewJSON:     regViewJSON,
		EventJSON:    regEventJSON,
		ChanceStream: ChanceStream,
		Encoding: func(c Config) (norns.Encoder[View, Move], error) {
			e, err := NewEncoding(c)
			if err != nil {
				return nil, err // a nil Encoder, not an Encoding in an interface
			}
			return e, nil
		},
	})
}

// regView is a seat's view as a front end receives it (norns.SeatView's JSON), built from the
// View's methods only, with cards by notation. Seats are numbers; toMove is -1 for chance and -2
// once over. Lists are [] when empty.
type regView struct {
	Game       string       `json:"game"`
	Seat       norns.Player `json:"seat"`
	Players    int          `json:"players"`
	ToMove     norns.Player `json:"toMove"`
	Over       bool         `json:"over"`
	Phase      string       `json:"phase"`
	Target     int          `json:"target"`
	Hands      int          `json:"hands"`
	Dealer     norns.Player `json:"dealer"`
	Fourth     norns.Player `json:"fourth"` // the 4th player, or -2
	KnowsHand  bool         `json:"knowsHand"`
	Hand       []string     `json:"hand"`
	Role       string       `json:"role"`
	HighBid    int          `json:"highBid"`
	Declarer   norns.Player `json:"declarer"`
	Contract   int          `json:"contract"`
	Treasure   []string     `json:"treasure"` // once revealed
	Aside      []string     `json:"aside"`    // the seat's own, as bid winner
	Took       []string     `json:"took"`
	Gave       string       `json:"gave"` // Idun's Orchard
	Drew       string       `json:"drew"`
	Sent       []string     `json:"sent"` // Tyr's exchange
	Got        []string     `json:"got"`
	Supremacy  string       `json:"supremacy"`
	Trick      []string     `json:"trick"`
	Leader     norns.Player `json:"leader"`
	Tricks     int          `json:"tricks"`
	DrawnRole  string       `json:"drawnRole"`
	Changed    []regChange  `json:"changed"` // cards whose worth or strength the roles changed
	Settlement []string     `json:"settlement"`
	SeatInfo   []regSeat    `json:"seats"`
}

type regChange struct {
	Card     string `json:"card"`
	Worth    int    `json:"worth"`
	Strength int    `json:"strength"`
}

type regSeat struct {
	Score      int      `json:"score"`
	OnBarrel   bool     `json:"onBarrel"`
	LastPoints int      `json:"lastPoints"`
	Cards      int      `json:"cards"`
	Bid        int      `json:"bid"`
	Blind      bool     `json:"blind"`
	Passed     bool     `json:"passed"`
	Role       string   `json:"role"` // once revealed
	Won        []string `json:"won"`
	Shown      []string `json:"shown"`
	Voids      []string `json:"voids"`
}

func regCards(s Cards) []string {
	out := []string{}
	for c := range s.All() {
		out = append(out, c.String())
	}
	return out
}

func regCard(c Card) string {
	if c == NoCard {
		return ""
	}
	return c.String()
}

func regRole(r Role) string {
	if r == NoRole {
		return ""
	}
	return r.String()
}

func regViewJSON(v View) any {
	high, _ := v.HighBid()
	treasure, _ := v.Treasure()
	gave, drew := v.Orchard()
	sent, got := v.Exchange()
	trick, leader := v.Trick()
	d := regView{
		Game: "gulveig", Seat: v.Seat(), Players: v.Players(), ToMove: v.ToMove(), Over: v.Over(),
		Phase: v.Phase().String(), Target: v.Target(), Hands: v.Round(), Dealer: v.Dealer(), Fourth: v.Fourth(),
		KnowsHand: v.KnowsHand(), Hand: regCards(v.Hand()), Role: regRole(v.Role()), HighBid: high,
		Declarer: v.Declarer(), Contract: v.Contract(), Treasure: regCards(treasure), Aside: regCards(v.Aside()),
		Took: regCards(v.Took()), Gave: regCard(gave), Drew: regCard(drew), Sent: regCards(sent), Got: regCards(got),
		Trick: []string{}, Leader: leader, Tricks: v.TricksPlayed(), DrawnRole: regRole(v.DrawnRole()),
		Changed: []regChange{}, Settlement: []string{}, SeatInfo: []regSeat{},
	}
	if k := v.Supremacy(); k != NoClan {
		d.Supremacy = k.String()
	}
	for _, c := range trick {
		d.Trick = append(d.Trick, c.String())
	}
	for c := range v.InPlay().All() {
		if v.Worth(c) != c.Worth() || v.Strength(c) != c.Strength() {
			d.Changed = append(d.Changed, regChange{Card: c.String(), Worth: v.Worth(c), Strength: v.Strength(c)})
		}
	}
	if v.Over() && v.Config().Betting {
		scores := make([]int, v.Players())
		for p := range scores {
			scores[p] = v.Score(norns.Player(p))
		}
		for _, p := range Settle(scores, v.Winners()) {
			d.Settlement = append(d.Settlement, p.String())
		}
	}
	for q := range norns.Player(v.Players()) {
		si := regSeat{Score: v.Score(q), OnBarrel: v.OnBarrel(q), LastPoints: v.LastHandPoints(q), Cards: v.HandLen(q),
			Bid: v.LastBid(q), Blind: v.BidBlind(q), Passed: v.Passed(q), Role: regRole(v.RoleShown(q)),
			Won: regCards(v.Won(q)), Shown: regCards(v.Shown(q)), Voids: []string{}}
		for k := Aesir; k <= Rime; k++ {
			if v.Void(q, k) {
				si.Voids = append(si.Voids, k.String())
			}
		}
		d.SeatInfo = append(d.SeatInfo, si)
	}
	return d
}

// regEvent is an event as a front end receives it.
type regEvent struct {
	Kind   string       `json:"kind"`
	Seat   norns.Player `json:"seat"`
	Other  norns.Player `json:"other"`
	Card   string       `json:"card"` // "" when none or hidden
	Card2  string       `json:"card2"`
	Cards  []string     `json:"cards"`
	Value  int          `json:"value"`
	Points int          `json:"points"`
	Score  int          `json:"score"`
	Blind  bool         `json:"blind"`
	Role   string       `json:"role"`
	Power  string       `json:"power"`
	Clan   string       `json:"clan"`
	Seats  []int        `json:"seats"`
}

func regEventJSON(e Event) any {
	d := regEvent{Kind: e.Kind.String(), Seat: e.Seat, Other: e.Other, Card: regCard(e.Card), Card2: regCard(e.Card2),
		Cards: regCards(e.Cards), Value: e.Value, Points: e.Points, Score: e.Score, Blind: e.Blind, Role: regRole(e.Role),
		Seats: []int{}}
	if e.Kind == EventRole {
		d.Power = e.Power.String()
	}
	if e.Clan != NoClan {
		d.Clan = e.Clan.String()
	}
	for p := range e.Seats.All() {
		d.Seats = append(d.Seats, int(p))
	}
	return d
}
