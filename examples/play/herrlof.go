package main

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
)

func herrlofFront() presenter {
	return front[herrlof.State, herrlof.Move, herrlof.View]{
		parse:     herrlof.ParseMove,
		rulesText: herrlof.Rules,
		goalOf: func(s herrlof.State) string {
			cfg := s.Config()
			goal := fmt.Sprintf("first to %d points", cfg.Target())
			if cfg.HandLimit > 0 {
				goal += fmt.Sprintf(" or the most after %s", plural(cfg.HandLimit, "hand"))
			}
			return goal
		},
		step:      stepHerrlof,
		showView:  showHerrlof,
		promptFor: promptHerrlof,
		explainV:  explainHerrlof,
		resultOf: func(u *ui, s herrlof.State) {
			u.println(u.p.bold("The match is over") + fmt.Sprintf(" after %s.", plural(s.Round(), "hand")))
			for p := range norns.Player(s.Players()) {
				u.printf("  %-7s %s, %s\n", u.who.Name(p), plural(s.Score(p), "point"), plural(s.CorrectBids(p), "correct bid"))
			}
			u.println(sentence(winnersText(u, s.Winners())))
		},
	}
}

// card shows a card in notation, coloured by suit on a terminal.
func card(u *ui, c herrlof.Card) string {
	s := c.String()
	switch c.Suit() {
	case 0:
		return u.p.red(s)
	case 1:
		return u.p.green(s)
	case 2:
		return u.p.blue(s)
	case 3:
		return u.p.yellow(s)
	}
	if c == herrlof.Valknut || c == herrlof.Hagalaz {
		return u.p.magenta(s)
	}
	return s
}

func cardList(u *ui, h herrlof.Cards) string {
	var parts []string
	last := herrlof.Suit(-2)
	for c := range h.All() {
		if s := c.Suit(); s != last && len(parts) > 0 {
			parts = append(parts, " ")
		}
		last = c.Suit()
		parts = append(parts, card(u, c))
	}
	if len(parts) == 0 {
		return "(none)"
	}
	return strings.Join(parts, " ")
}

func trumpText(u *ui, c herrlof.Card) string {
	if c.IsSuited() {
		return fmt.Sprintf("the trump card is %s: %s is trump", card(u, c), c.Suit())
	}
	return fmt.Sprintf("the trump card is %s (%s): no suit is trump", card(u, c), c.Name())
}

func trumpShort(u *ui, c herrlof.Card) string {
	if c.IsSuited() {
		return fmt.Sprintf("trump card %s (%s is trump)", card(u, c), c.Suit())
	}
	return fmt.Sprintf("trump card %s (no trump suit)", card(u, c))
}

// stepHerrlof applies m and narrates its events, saying why the lead goes where it goes.
func stepHerrlof(u *ui, s herrlof.State, m herrlof.Move) (herrlof.State, []string, error) {
	next, evs, err := s.ApplyEvents(m, u.who.you, nil)
	if err != nil {
		return s, nil, err
	}
	w := u.who
	var out []string
	say := func(format string, args ...any) { out = append(out, sentence(fmt.Sprintf(format, args...))) }
	trickDone := false
	for _, e := range evs {
		switch e.Kind {
		case herrlof.EventDeal:
			say("hand %d is dealt, %s each; %s", e.N, plural(next.Config().HandSize(), "card"), trumpText(u, e.Card))
			why := "the first opener is drawn at random"
			if e.N > 1 {
				why = "the opening lead rotates each hand"
			}
			say("%s first and %s the first trick: %s", w.does(e.Seat, "bid"), w.verb(e.Seat, "lead"), why)
		case herrlof.EventBid:
			if e.N >= 0 {
				say("%s %s (secret until the hand is scored)", w.does(e.Seat, "bid"), plural(e.N, "trick"))
			} else {
				say("%s in secret", w.does(e.Seat, "bid"))
			}
		case herrlof.EventPlay:
			say("%s %s", w.does(e.Seat, "play"), card(u, e.Card))
		case herrlof.EventDraw:
			if e.Card != herrlof.NoCard {
				say("%s the 3's power: %s %s from the stock", w.does(e.Seat, "use"), w.does(e.Seat, "draw"), card(u, e.Card))
			} else {
				say("%s the 3's power and %s a hidden card from the stock", w.does(e.Seat, "use"), w.does(e.Seat, "draw"))
			}
		case herrlof.EventReturn:
			if e.Card != herrlof.NoCard {
				say("%s %s at the bottom of the stock", w.does(e.Seat, "put"), card(u, e.Card))
			} else {
				say("%s a card at the bottom of the stock", w.does(e.Seat, "put"))
			}
		case herrlof.EventDecline:
			say("%s not to use the power of the %d", w.does(e.Seat, "choose"), e.N)
		case herrlof.EventWin:
			trickDone = true
			say("%s the trick with %s%s", w.does(e.Seat, "win"), card(u, e.Card), winWhy(s, e.Card))
		case herrlof.EventDestroyed:
			trickDone = true
			say("a Valknut destroys the trick: nobody wins it")
		case herrlof.EventTrump:
			say("two Valknuts in one trick change the trump: %s from the next trick on", trumpText(u, e.Card))
		case herrlof.EventSteal:
			say("%s a trick from %s with the winning 1", w.does(e.Seat, "steal"), w.name(e.Other))
		case herrlof.EventTake:
			say("with the winning 6, %s a random card from %s", w.does(e.Seat, "take"), w.name(e.Other))
		case herrlof.EventTaken:
			if e.Card != herrlof.NoCard {
				say("%s %s from %s", w.does(e.Seat, "take"), card(u, e.Card), w.name(e.Other))
			} else {
				say("%s a card from %s", w.does(e.Seat, "take"), w.name(e.Other))
			}
		case herrlof.EventGive:
			if e.Card != herrlof.NoCard {
				say("%s %s %s in return", w.does(e.Seat, "give"), w.name(e.Other), card(u, e.Card))
			} else {
				say("%s a card to %s in return", w.does(e.Seat, "give"), w.name(e.Other))
			}
		case herrlof.EventScored:
			trickDone = false
			out = append(out, scoredText(u, next, e.Result)...)
		case herrlof.EventMatchOver:
			trickDone = false
		default:
			say("%s", e.String())
		}
	}
	if trickDone && !next.Over() && next.Phase() != herrlof.PhaseDeal {
		if l := leadWhy(u, next); l != "" {
			out = append(out, l)
		}
	}
	return next, out, nil
}

// winWhy says why a card won the trick in play in s (before the card that completed it).
func winWhy(s herrlof.State, c herrlof.Card) string {
	switch {
	case c == herrlof.Hagalaz:
		return ", the first of a trick of Hagalaz"
	case c.Suit() == s.Trump() && s.Trump() != herrlof.NoSuit:
		return ", the highest trump"
	}
	return ""
}

// leadWhy says who leads the next trick and why (H9, H12–H14), from the trick just completed.
func leadWhy(u *ui, next herrlof.State) string {
	w := u.who
	lead := next.Leader()
	t := next.LastTrick()
	if !lead.IsSeat() || t.Len() == 0 {
		return ""
	}
	lastH := norns.Nobody
	for i := range t.Len() {
		if t.Card(i) == herrlof.Hagalaz {
			lastH = t.Seat(i)
		}
	}
	switch {
	case lastH == lead && t.Winner() != lead:
		return sentence(fmt.Sprintf("%s played the last Hagalaz of the trick, so %s the next trick", w.name(lead), w.does(lead, "lead")))
	case t.Destroyed() && lead == t.Leader():
		return sentence(fmt.Sprintf("%s led the destroyed trick, so %s again", w.name(lead), w.does(lead, "lead")))
	case t.Winner().IsSeat() && t.Winner() != lead:
		for i := range t.Len() {
			if t.Seat(i) == t.Winner() && t.Card(i).Rank() == 9 {
				return sentence(fmt.Sprintf("a winning 9 passes the lead: %s the next trick", w.does(lead, "lead")))
			}
		}
	}
	return sentence(fmt.Sprintf("%s the next trick", w.does(lead, "lead")))
}

// scoredText narrates a hand's scoring (H17): bid, tricks and how the points add up.
func scoredText(u *ui, next herrlof.State, r herrlof.HandResult) []string {
	w := u.who
	lines := []string{u.p.bold(fmt.Sprintf("Hand %d is scored.", r.Hand))}
	for p := range r.Players {
		seat := norns.Player(p)
		bid, tricks, pts := r.Bids[p], r.Tricks[p], r.Points[p]
		parts := []string{fmt.Sprintf("%d for tricks", tricks)}
		if bid == tricks {
			parts = append(parts, "10 for the bid")
		}
		if bonus := pts - tricks - 10*b2i(bid == tricks); bonus > 0 {
			parts = append(parts, fmt.Sprintf("%d for exactly %s", bonus, plural(tricks, "trick")))
		}
		sum := plural(pts, "point") + ", one a trick"
		if len(parts) > 1 {
			sum = strings.Join(parts, " + ") + " = " + plural(pts, "point")
		}
		lines = append(lines, sentence(fmt.Sprintf("%s %d and won %s: %s (%s in all)",
			w.does(seat, "bid", "bid"), bid, plural(tricks, "trick"), sum, plural(next.Score(seat), "point"))))
	}
	return lines
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func winnersText(u *ui, winners norns.Seats) string {
	switch winners.Len() {
	case 0:
		return "nobody wins: a draw"
	case 1:
		for p := range winners.All() {
			return u.who.does(p, "win")
		}
	}
	return u.who.list(winners) + " share the win"
}

func showHerrlof(u *ui, v herrlof.View) {
	me := v.Seat()
	cfg := v.Config()
	u.println(u.p.bold(fmt.Sprintf("Hand %d", v.Round())) + fmt.Sprintf(": %s; stock %s; %s.",
		trumpShort(u, v.TrumpCard()), plural(v.StockLen(), "card"), fmt.Sprintf("first to %d points wins", cfg.Target())))
	for p := range norns.Player(v.Players()) {
		bid := "bid ?"
		if p == me {
			bid = "no bid yet"
			if v.Bid() >= 0 {
				bid = fmt.Sprintf("bid %d", v.Bid())
				if need := v.Bid() - v.Tricks(p); need > 0 && v.Phase() != herrlof.PhaseBid {
					bid += fmt.Sprintf(" (%d to go)", need)
				} else if need < 0 {
					bid += fmt.Sprintf(" (%d over)", -need)
				}
			}
		}
		u.printf("  %-7s %-10s %-18s %-13s %s in hand\n", u.who.Name(p), plural(v.Score(p), "point"), bid,
			plural(v.Tricks(p), "trick")+" won", plural(v.HandLen(p), "card"))
	}
	if tr := v.Trick(); tr.Len() > 0 {
		var cs []string
		for i := range tr.Len() {
			cs = append(cs, fmt.Sprintf("%s %s", u.who.name(tr.Seat(i)), card(u, tr.Card(i))))
		}
		u.printf("  Trick so far: %s\n", strings.Join(cs, ", "))
	}
	u.printf("  Your hand: %s\n", cardList(u, v.Hand()))
}

func promptHerrlof(u *ui, v herrlof.View) string {
	switch v.Phase() {
	case herrlof.PhaseBid:
		return fmt.Sprintf("Your secret bid, 0 to %d (bid N)", v.HandLen(v.Seat()))
	case herrlof.PhasePlay:
		if tr := v.Trick(); tr.Len() > 0 && tr.LedSuit() != herrlof.NoSuit {
			return fmt.Sprintf("Your card (%s was led)", tr.LedSuit())
		} else if tr.Len() > 0 {
			return "Your card (no suit led yet)"
		}
		return "Your lead"
	case herrlof.PhaseDraw:
		return "Your 3: draw from the stock? (draw or nodraw)"
	case herrlof.PhaseReturn:
		return "Put a card under the stock (return CARD)"
	case herrlof.PhaseSteal:
		return "Your 1 won: steal a trick? (steal or nosteal)"
	case herrlof.PhaseTake:
		return "Your 6 won: take a random card? (take or notake)"
	case herrlof.PhaseGive:
		return "Give a card back (give CARD)"
	}
	return "Your move"
}

func explainHerrlof(u *ui, v herrlof.View) []string {
	switch v.Phase() {
	case herrlof.PhaseBid:
		return []string{
			"bid N     the number of tricks you expect to win this hand, in secret.",
			"          A correct bid scores 10 more; with 2 players, exactly 3 or 4 tricks score 5 more.",
		}
	case herrlof.PhasePlay:
		return []string{
			"a card    R7 plays the red 7 (R G B Y for the suits), V a Valknut, H a Hagalaz.",
			"          Follow the led suit if you can, or play a Valknut or Hagalaz at any time.",
			"          Trump beats the led suit; a Valknut destroys the trick; a Hagalaz loses but leads next.",
			"          A winning 1 may steal a trick, a 3 may draw, a winning 6 takes a card, a winning 9 passes the lead.",
		}
	case herrlof.PhaseDraw:
		return []string{"draw      take the top card of the stock, then put one of your cards under it.", "nodraw    keep your hand as it is."}
	case herrlof.PhaseReturn:
		return []string{"return C  put card C (maybe the one you drew) at the bottom of the stock."}
	case herrlof.PhaseSteal:
		return []string{"steal     move one trick from an opponent's count this hand to yours.", "nosteal   leave the tricks as they are."}
	case herrlof.PhaseTake:
		return []string{"take      take a random card from an opponent's hand, then give one back.", "notake    do nothing."}
	case herrlof.PhaseGive:
		return []string{"give C    give card C (maybe the one you took) to the player you robbed."}
	}
	return nil
}
