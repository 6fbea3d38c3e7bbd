package main

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
)

func gnavFront() presenter {
	return front[gnav.State, gnav.Move, gnav.View]{
		parse:     gnav.ParseMove,
		rulesText: gnav.Rules,
		goalOf: func(s gnav.State) string {
			return fmt.Sprintf("%s each; the last player with lives wins", plural(s.Config().Lives, "life", "lives"))
		},
		step:      stepGnav,
		showView:  showGnav,
		promptFor: promptGnav,
		explainV:  explainGnav,
		resultOf: func(u *ui, s gnav.State) {
			u.println(u.p.bold("The match is over") + fmt.Sprintf(" after %s.", plural(s.Round(), "deal")))
			for p := range norns.Player(s.Players()) {
				u.printf("  %-7s %s\n", u.who.Name(p), plural(s.Lives(p), "life", "lives"))
			}
			u.println(sentence(winnersText(u, s.Winners())))
		},
	}
}

// gnavCard names a card, with "the" before a matador or a Narr as the rules speak of them.
func gnavCard(u *ui, c gnav.Card) string {
	if c.IsMatador() || c == gnav.Narr {
		return "the " + u.p.bold(c.String())
	}
	return u.p.bold(c.String())
}

// refusals explain the matadors' cries (N9–N12): the cry, its meaning, what follows.
var refusals = map[gnav.Card][3]string{
	gnav.Hus:    {"Hus forbi!", "house, go by", "a Hus refuses, and the request passes on to the next player"},
	gnav.Hest:   {"Hest forbi!", "horse, go by", "a Hest refuses, and the request passes on to the next player"},
	gnav.Gjok:   {"Stå for gjøk!", "stand for the cuckoo", "the Gjøk ends every exchange at once, and the asker pays nothing"},
	gnav.Dragon: {"Hugg av!", "cut it off!", "the Dragon refuses, and the asker loses a life"},
	gnav.Katt:   {"Kiss!", "scat!", "the Katt refuses; the asker loses a life and every exchange of this deal is undone"},
}

// stepGnav applies m and narrates it, saying why each life is lost.
func stepGnav(u *ui, s gnav.State, m gnav.Move) (gnav.State, []string, error) {
	next, evs, err := s.ApplyEvents(m, u.who.you, nil)
	if err != nil {
		return s, nil, err
	}
	w := u.who
	var out []string
	say := func(format string, args ...any) { out = append(out, sentence(fmt.Sprintf(format, args...))) }
	cause := ""                           // why the next life lost is lost, when a refusal or draw cost it
	shown := map[norns.Player]gnav.Card{} // the showdown's cards
	var shows []string                    // the showdown, as one line
	flush := func() {
		if len(shows) > 0 {
			say("showdown: %s", strings.Join(shows, ", "))
			shows = nil
		}
	}
	for _, e := range evs {
		if e.Kind != gnav.EventShow {
			flush()
		}
		switch e.Kind {
		case gnav.EventFirstDealer:
			say("%s first (drawn at random)", w.does(e.Seat, "deal"))
		case gnav.EventVoidDeal:
			say("this deal is void: fewer than two players can take part while %s %s", w.list(e.Seats), restVerb(w, e.Seats))
		case gnav.EventDeal:
			line := fmt.Sprintf("%s a card to everyone", w.does(e.Seat, "deal"))
			if e.Seats != next.Alive() {
				line = fmt.Sprintf("%s a card to %s", w.does(e.Seat, "deal"), w.list(e.Seats))
				if r := next.Resting(); !r.IsEmpty() {
					line += fmt.Sprintf(" (%s %s this deal)", w.list(r), restVerb(w, r))
				}
			}
			if e.Card != gnav.NoCard {
				line += fmt.Sprintf("; you hold %s", gnavCard(u, e.Card))
			}
			say("%s", line)
		case gnav.EventKnock:
			say("%s: %s were dealt a Narr, the fool that loses at the showdown", w.does(e.Seat, "knock"), w.they(e.Seat))
		case gnav.EventStand:
			if e.Seat == next.Dealer() || e.Seat == s.Dealer() {
				say("%s; the dealer acts last, so the exchanges end", w.does(e.Seat, "stand"))
			} else {
				say("%s", w.does(e.Seat, "stand"))
			}
		case gnav.EventAsk:
			say("%s %s to exchange", w.does(e.Seat, "ask"), w.name(e.Other))
		case gnav.EventExchange:
			if e.Card != gnav.NoCard {
				say("%s and %s exchange: %s %s, %s %s", w.name(e.Seat), w.name(e.Other),
					w.does(e.Seat, "get"), gnavCard(u, e.Card), w.does(e.Other, "get"), gnavCard(u, e.Card2))
			} else {
				say("%s and %s exchange cards", w.name(e.Seat), w.name(e.Other))
			}
		case gnav.EventRefuse:
			if r, ok := refusals[e.Card]; ok {
				say("%s %s and %s \"%s\" (%s): %s", w.does(e.Seat, "hold", "holds"), gnavCard(u, e.Card), w.verb(e.Seat, "call"), r[0], r[1], r[2])
			} else {
				say("%s with %s", w.does(e.Seat, "refuse"), gnavCard(u, e.Card))
			}
			switch e.Card {
			case gnav.Dragon, gnav.Katt:
				cause = fmt.Sprintf("for asking %s, who held %s", w.name(e.Seat), gnavCard(u, e.Card))
			}
		case gnav.EventDraw:
			switch e.Card {
			case gnav.Hus, gnav.Hest:
				say("%s %s from the stock; matadors drawn are set aside, so %s again", w.does(e.Seat, "draw"), gnavCard(u, e.Card), w.does(e.Seat, "draw"))
			case gnav.Gjok:
				say("%s %s from the stock: the exchanges end, and %s %s card", w.does(e.Seat, "draw"), gnavCard(u, e.Card), w.verb(e.Seat, "keep"), w.their(e.Seat))
			case gnav.Dragon:
				say("%s %s from the stock: \"Hugg av!\" The Dragon costs the drawer a life", w.does(e.Seat, "draw"), gnavCard(u, e.Card))
				cause = "for drawing the Dragon"
			case gnav.Katt:
				say("%s %s from the stock: \"Kiss!\" The Katt costs the drawer a life and undoes every exchange of this deal", w.does(e.Seat, "draw"), gnavCard(u, e.Card))
				cause = "for drawing the Katt"
			case gnav.NoCard:
				say("%s a card from the stock; %s old card leaves play", w.does(e.Seat, "draw"), w.their(e.Seat))
			default:
				say("%s %s from the stock; %s %s leaves play", w.does(e.Seat, "draw"), gnavCard(u, e.Card), w.their(e.Seat), gnavCard(u, e.Card2))
			}
		case gnav.EventUndo:
			if e.Card != gnav.NoCard {
				say("every exchange of this deal is undone: you hold %s again", gnavCard(u, e.Card))
			} else {
				say("every exchange of this deal is undone")
			}
		case gnav.EventLifeLost:
			why := cause
			cause = ""
			if why == "" {
				why = showdownWhy(u, shown, e.Seat)
			}
			say("%s a life %s: %s left", w.does(e.Seat, "lose"), why, plural(e.Lives, "life", "lives"))
		case gnav.EventOut:
			say("%s out of the match", w.is(e.Seat))
		case gnav.EventShow:
			shown[e.Seat] = e.Card
			shows = append(shows, fmt.Sprintf("%s %s", w.name(e.Seat), e.Card))
		case gnav.EventNoContest:
			say("fewer than two players are still in: nobody loses a life")
		case gnav.EventRest:
			say("%s a Narr and survived, so %s out the next deal", w.does(e.Seat, "held", "held"), w.they(e.Seat)+" sit")
		case gnav.EventMatchOver:
			// the result follows
		default:
			say("%s", e.String())
		}
	}
	flush()
	return next, out, nil
}

func restVerb(w people, s norns.Seats) string {
	if s.Len() == 1 && !s.Has(w.you) {
		return "rests"
	}
	return "rest"
}

// showdownWhy says why p lost a life at the showdown (N15).
func showdownWhy(u *ui, shown map[norns.Player]gnav.Card, p norns.Player) string {
	c, ok := shown[p]
	if !ok {
		return ""
	}
	if c == gnav.Narr {
		return "for holding the Narr at the showdown"
	}
	narrs := 0
	for _, x := range shown {
		if x == gnav.Narr {
			narrs++
		}
	}
	if narrs == 1 {
		return fmt.Sprintf("for the lowest card after the Narr, %s", gnavCard(u, c))
	}
	return fmt.Sprintf("for the lowest card, %s", gnavCard(u, c))
}

func showGnav(u *ui, v gnav.View) {
	u.println(u.p.bold(fmt.Sprintf("Deal %d", v.Round())) + fmt.Sprintf(": %s and %s last. The lowest card at the showdown loses a life; the last player with lives wins.",
		u.who.does(v.Dealer(), "deal"), u.who.verb(v.Dealer(), "act")))
	for p := range norns.Player(v.Players()) {
		var notes []string
		if p == v.Dealer() {
			notes = append(notes, "dealer")
		}
		switch {
		case v.Lives(p) == 0:
			notes = append(notes, "out")
		case v.Resting().Has(p):
			notes = append(notes, "resting this deal")
		case v.Knocked().Has(p):
			notes = append(notes, "knocked: was dealt a Narr")
		}
		if t := v.Turn(p); t != gnav.TurnNone {
			notes = append(notes, t.String())
		}
		if a := v.Answer(p); a != gnav.AnswerNone {
			notes = append(notes, a.String())
		}
		u.printf("  %-7s %-8s %s\n", u.who.Name(p), plural(v.Lives(p), "life", "lives"), strings.Join(notes, ", "))
	}
	if v.Hand() != gnav.NoCard {
		u.printf("  Your card: %s%s\n", gnavCard(u, v.Hand()), cardNote(v.Hand(), v.Config().CatIsDragoon))
	}
}

// cardNote says where a card ranks and what it does, for the one in your hand; catIsDragoon is the
// option under which a Katt acts as a Dragon.
func cardNote(c gnav.Card, catIsDragoon bool) string {
	rank := fmt.Sprintf(" (rank %d of %d, 1 the lowest", int(c)+1, gnav.NumRanks)
	switch c {
	case gnav.Narr:
		return rank + ": the fool; it loses a life at the showdown unless you pass it on)"
	case gnav.Hus, gnav.Hest:
		return rank + ": a matador; it refuses exchanges, and the request passes on)"
	case gnav.Gjok:
		return rank + ": the highest matador; asked, it ends the exchanges)"
	case gnav.Dragon:
		return rank + ": a matador; whoever asks you loses a life)"
	case gnav.Katt:
		if catIsDragoon {
			return rank + ": a matador, which acts as a Dragon in this match; whoever asks you loses a life)"
		}
		return rank + ": a matador; whoever asks you loses a life, and the exchanges are undone)"
	}
	return rank + ": ordinary; you must give it when asked)"
}

// nextLeft returns the next seat after p that is in play this deal.
func nextLeft(v gnav.View, p norns.Player) norns.Player {
	n := norns.Player(v.Players())
	for q := (p + 1) % n; q != p; q = (q + 1) % n {
		if v.InPlay().Has(q) {
			return q
		}
	}
	return norns.Nobody
}

func promptGnav(u *ui, v gnav.View) string {
	if v.Dealer() == v.Seat() {
		return "You deal, so you act last: stand, or draw from the stock"
	}
	return fmt.Sprintf("Stand, or ask %s to exchange", u.who.name(nextLeft(v, v.Seat())))
}

func explainGnav(u *ui, v gnav.View) []string {
	if v.Dealer() == v.Seat() {
		return []string{
			"stand     keep your card; the exchanges end.",
			"draw      swap your card for the top card of the stock (a matador drawn may refuse: Hus and",
			"          Hest are set aside, the Gjøk ends it, a Dragon or Katt costs you a life).",
		}
	}
	return []string{
		"stand     keep your card; the turn passes on.",
		fmt.Sprintf("ask       ask %s, the next player on your left, to swap cards. A matador refuses:", u.who.name(nextLeft(v, v.Seat()))),
		"          Hus and Hest pass the request on, the Gjøk ends the exchanges, a Dragon or a Katt",
		"          costs you a life (the Katt also undoes every exchange of the deal).",
	}
}
