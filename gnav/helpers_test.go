package gnav_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
)

const none = gnav.NoCard

// table returns a match between deals: players seats with the given lives (all at full when nil),
// resting seats, and dealer to deal next. It goes through the state's JSON form.
func table(t testing.TB, cfg gnav.Config, dealer norns.Player, lives []int, resting ...norns.Player) gnav.State {
	t.Helper()
	s := mustNew(t, cfg)
	c := s.Config()
	if lives == nil {
		lives = slices.Repeat([]int{c.Lives}, c.Players)
	}
	type seat struct {
		Lives int `json:"lives"`
	}
	j := struct {
		Config      gnav.Config    `json:"config"`
		ToMove      norns.Player   `json:"toMove"`
		Dealer      norns.Player   `json:"dealer"`
		Deals       int            `json:"deals"`
		Resting     []norns.Player `json:"resting"`
		Contestants []norns.Player `json:"contestants"`
		Seats       []seat         `json:"seats"`
	}{Config: cfg, ToMove: norns.Chance, Dealer: dealer, Resting: resting, Contestants: []norns.Player{}}
	// As many deals as the lives lost allow (a deal costs one life at least), and enough for no
	// seat to have lost more than two a deal.
	for _, l := range lives {
		j.Deals += c.Lives - l
	}
	for _, l := range lives {
		if need := (c.Lives - l + 1) / 2; j.Deals < need {
			t.Fatalf("table: lives %v cannot follow any deals", lives)
		}
	}
	for p, l := range lives {
		j.Seats = append(j.Seats, seat{l})
		if l > 0 && !slices.Contains(resting, norns.Player(p)) {
			j.Contestants = append(j.Contestants, norns.Player(p))
		}
	}
	data, err := json.Marshal(j)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("table %s: %v", data, err)
	}
	return s
}

// dealt deals hands (indexed by seat; NoCard for seats that are not contestants) with the stock
// starting with top, the rest of the pack in order below.
func dealt(t testing.TB, s gnav.State, hands []gnav.Card, top ...gnav.Card) gnav.State {
	t.Helper()
	m := packMove(t, s, hands, top...)
	next, err := s.Apply(m)
	if err != nil {
		t.Fatalf("deal %v: %v", m, err)
	}
	return next
}

// packMove builds the deal that gives hands and puts top on the stock.
func packMove(t testing.TB, s gnav.State, hands []gnav.Card, top ...gnav.Card) gnav.Move {
	t.Helper()
	left := [gnav.NumRanks]int{}
	for i := range left {
		left[i] = gnav.Copies
	}
	var pack []gnav.Card
	use := func(c gnav.Card) {
		if left[c] == 0 {
			t.Fatalf("a third %v", c)
		}
		left[c]--
		pack = append(pack, c)
	}
	d := s.Dealer()
	n := s.Players()
	for i := 1; i <= n; i++ {
		p := norns.Player((int(d) + i) % n)
		if s.Contestants().Has(p) {
			use(hands[p])
		} else if hands[p] != none {
			t.Fatalf("%v is not a contestant", p)
		}
	}
	for _, c := range top {
		use(c)
	}
	for c := range gnav.Card(gnav.NumRanks) {
		for left[c] > 0 {
			use(c)
		}
	}
	return gnav.Deal([gnav.DeckSize]gnav.Card(pack))
}

// play applies moves in notation and returns the state and the events as viewer saw them.
func play(t testing.TB, s gnav.State, viewer norns.Player, moves ...string) (gnav.State, []gnav.Event) {
	t.Helper()
	var evs []gnav.Event
	for _, text := range moves {
		m, err := gnav.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if s, evs, err = s.ApplyEvents(m, viewer, evs); err != nil {
			t.Fatalf("%s: %v\n%v", text, err, s)
		}
	}
	return s, evs
}

// texts returns the events' strings joined by newlines.
func texts(evs []gnav.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

func lives(s gnav.State) []int {
	var l []int
	for p := range norns.Player(s.Players()) {
		l = append(l, s.Lives(p))
	}
	return l
}

func hands(s gnav.State) []gnav.Card {
	var h []gnav.Card
	for p := range norns.Player(s.Players()) {
		h = append(h, s.Hand(p))
	}
	return h
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}
