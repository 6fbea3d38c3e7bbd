package main

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
)

func gulveigFront() presenter {
	return front[gulveig.State, gulveig.Move, gulveig.View]{
		parse:     gulveig.ParseMove,
		rulesText: gulveig.Rules,
		goalOf: func(s gulveig.State) string {
			t := s.View(0).Target()
			return fmt.Sprintf("first to %d points by a made bid (from %d you are on the barrel)", t, t-100)
		},
		step:      stepGulveig,
		showView:  showGulveig,
		promptFor: promptGulveig,
		explainV:  explainGulveig,
		summarise: summariseGulveig,
		resultOf: func(u *ui, s gulveig.State) {
			v := s.View(0)
			u.println(u.p.bold("The match is over") + fmt.Sprintf(" after %s.", plural(v.Round(), "hand")))
			for p := range norns.Player(s.Players()) {
				u.printf("  %-7s %s\n", u.who.Name(p), plural(s.Score(p), "point"))
			}
			u.println(sentence(winnersText(u, s.Winners())))
		},
	}
}

// gCards lists cards with what a player weighs them by: clan, worth and strength as the hand
// counts them (roles may change a worth or a strength): "Odin (Aesir, 11/7) Loki (Muspeli, 4/5)",
// worth before the slash, strength after.
func gCards(u *ui, v gulveig.View, cs gulveig.Cards) string {
	if cs.IsEmpty() {
		return "(none)"
	}
	var parts []string
	for c := range cs.All() {
		parts = append(parts, fmt.Sprintf("%s (%v, %d/%d)", u.p.bold(c.String()), c.Clan(), v.Worth(c), v.Strength(c)))
	}
	return strings.Join(parts, " ")
}

// gHand lists a hand clan by clan, each card with its worth and strength: "Aesir: Odin 11/7,
// Thor 4/5; Muspeli: Loki 4/5".
func gHand(u *ui, v gulveig.View, cs gulveig.Cards) string {
	if cs.IsEmpty() {
		return "(none)"
	}
	var clans []string
	var cur gulveig.Clan = gulveig.NoClan
	var group []string
	flush := func() {
		if len(group) > 0 {
			clans = append(clans, fmt.Sprintf("%v: %s", cur, strings.Join(group, ", ")))
		}
		group = nil
	}
	for c := range cs.All() {
		if c.Clan() != cur {
			flush()
			cur = c.Clan()
		}
		group = append(group, fmt.Sprintf("%s %d/%d", u.p.bold(c.String()), v.Worth(c), v.Strength(c)))
	}
	flush()
	return strings.Join(clans, "; ")
}

func worthOf(v gulveig.View, cs gulveig.Cards) int {
	n := 0
	for c := range cs.All() {
		n += v.Worth(c)
	}
	return n
}

// stepGulveig applies m and narrates it: the auction, the treasure, supremacy, the tricks and
// how each score moved, with the barrel.
func stepGulveig(u *ui, s gulveig.State, m gulveig.Move) (gulveig.State, []string, error) {
	next, evs, err := s.ApplyEvents(m, u.who.you, nil)
	if err != nil {
		return s, nil, err
	}
	viewer := u.who.you
	if !viewer.IsSeat() {
		viewer = 0
	}
	before, after := s.View(viewer), next.View(viewer)
	w := u.who
	var out []string
	say := func(format string, args ...any) { out = append(out, sentence(fmt.Sprintf(format, args...))) }
	for _, e := range evs {
		switch e.Kind {
		case gulveig.EventFirstDealer:
			say("%s first (drawn at random)", w.does(e.Seat, "deal"))
		case gulveig.EventDeal:
			line := fmt.Sprintf("%s %d cards each and 3 face down as the treasure", w.does(e.Seat, "deal"), gulveig.HandSize)
			if f := after.Fourth(); f.IsSeat() {
				line += fmt.Sprintf("; %s the 4th player this hand: no cards, no bid, and %s the treasure's worth when it is revealed", w.is(f), w.verb(f, "score"))
			}
			say("%s", line)
			if !e.Cards.IsEmpty() {
				say("you hold %s", gCards(u, after, e.Cards))
			}
			say("the auction opens at %d", after.Config().OpeningBid())
		case gulveig.EventLook:
			say("%s at %s hand: no blind bid now", w.does(e.Seat, "look"), w.their(e.Seat))
		case gulveig.EventBid:
			if e.Blind {
				say("%s %d blind, without looking: made or lost, it counts double", w.does(e.Seat, "bid"), e.Value)
			} else {
				say("%s %d", w.does(e.Seat, "bid"), e.Value)
			}
		case gulveig.EventPass:
			say("%s: %s out of this auction", w.does(e.Seat, "pass"), w.they(e.Seat)+" are")
		case gulveig.EventAuctionWon:
			blind := ""
			if e.Blind {
				blind = " (blind: it counts double)"
			}
			say("%s the auction at %d%s and %s the treasure: %s must take at least %d in card points and combos, or lose %d",
				w.does(e.Seat, "win"), e.Value, blind, w.verb(e.Seat, "take"), w.they(e.Seat), e.Value, e.Value)
		case gulveig.EventTreasure:
			line := fmt.Sprintf("the treasure is revealed: %s, worth %d", gCards(u, after, e.Cards), worthOf(after, e.Cards))
			if f := after.Fourth(); f.IsSeat() {
				line += fmt.Sprintf("; the 4th player, %s, scores it (and any combo in it) as scavenger points", w.name(f))
			}
			say("%s", line)
		case gulveig.EventRole:
			say("%s the role %v: %v", w.does(e.Seat, "reveal"), e.Role, e.Power)
		case gulveig.EventDecline:
			say("%s %s role's power", w.does(e.Seat, "decline"), w.their(e.Seat))
		case gulveig.EventGive:
			if e.Card != gulveig.NoCard {
				say("%s %s to the treasure", w.does(e.Seat, "give"), e.Card)
			} else {
				say("%s a card to the treasure", w.does(e.Seat, "give"))
			}
		case gulveig.EventDraw:
			if e.Card != gulveig.NoCard {
				say("%s %s from the treasure", w.does(e.Seat, "draw"), e.Card)
			} else {
				say("%s a card from the treasure", w.does(e.Seat, "draw"))
			}
		case gulveig.EventSwapPick:
			if !e.Cards.IsEmpty() {
				say("%s %v to exchange", w.does(e.Seat, "pick"), e.Cards)
			} else {
				say("%s 2 cards to exchange", w.does(e.Seat, "pick"))
			}
		case gulveig.EventExchange:
			if !e.Cards.IsEmpty() {
				say("%s and %s exchange 2 cards: you receive %v", w.name(e.Seat), w.name(e.Other), e.Cards)
			} else {
				say("%s and %s exchange 2 cards", w.name(e.Seat), w.name(e.Other))
			}
		case gulveig.EventTake:
			if !e.Cards.IsEmpty() {
				say("%s the treasure into hand: %s", w.does(e.Seat, "take"), gCards(u, after, e.Cards))
			} else {
				say("%s the treasure into hand", w.does(e.Seat, "take"))
			}
		case gulveig.EventAside:
			if !e.Cards.IsEmpty() {
				say("%s %s aside, face down", w.does(e.Seat, "put"), gCards(u, after, e.Cards))
			} else {
				say("%s 3 cards aside, face down", w.does(e.Seat, "put"))
			}
		case gulveig.EventRaise:
			say("%s the bid to %d", w.does(e.Seat, "raise"), e.Value)
		case gulveig.EventKeep:
			say("%s the bid at %d", w.does(e.Seat, "keep"), after.Contract())
		case gulveig.EventShow:
			say("%s %s + %s, a combo worth %d: %v is supreme from this trick on (its cards get +7 strength, whatever clan is led)",
				w.does(e.Seat, "show"), e.Card, e.Card2, e.Value, e.Clan)
		case gulveig.EventPlay:
			say("%s %s", w.does(e.Seat, "play"), e.Card)
		case gulveig.EventTrick:
			say("%s the trick (%s): %s, worth %d", w.does(e.Seat, "take"), trickWhy(before, e.Seat), e.Cards, worthOf(after, e.Cards))
		case gulveig.EventHandScored:
			out = append(out, scoredGulveig(u, before, e))
		case gulveig.EventMatchOver:
		default:
			say("%s", e.String())
		}
	}
	return next, out, nil
}

// trickWhy says why seat p's card took the trick: the strongest of the led clan, or supremacy.
func trickWhy(v gulveig.View, p norns.Player) string {
	if k := v.Supremacy(); k != gulveig.NoClan {
		return fmt.Sprintf("the strongest card, with %v supreme", k)
	}
	return "the strongest card of the led clan"
}

// scoredGulveig says how a seat's score moved at the end of a hand (G14–G18).
func scoredGulveig(u *ui, before gulveig.View, e gulveig.Event) string {
	w := u.who
	p := e.Seat
	switch {
	case p == before.Declarer() && e.Value >= 0:
		return sentence(fmt.Sprintf("%s %d hand points against a bid of %d: the bid is made, %+d (score %d)", w.has(p), e.Points, before.Contract(), e.Value, e.Score))
	case p == before.Declarer():
		return sentence(fmt.Sprintf("%s %d hand points against a bid of %d: the bid is lost, %+d (score %d)", w.has(p), e.Points, before.Contract(), e.Value, e.Score))
	case before.OnBarrel(p) && e.Value == 0:
		return sentence(fmt.Sprintf("%s %d hand points but %s on the barrel, where scavenger points do not count (score %d)", w.has(p), e.Points, w.is(p), e.Score))
	case e.Value != e.Points:
		return sentence(fmt.Sprintf("%s %d hand points as a scavenger, %+d: a scavenger never reaches the target (score %d)", w.has(p), e.Points, e.Value, e.Score))
	}
	return sentence(fmt.Sprintf("%s %d hand points as a scavenger, %+d (score %d)", w.has(p), e.Points, e.Value, e.Score))
}

func showGulveig(u *ui, v gulveig.View) {
	head := fmt.Sprintf("Hand %d", v.Round())
	u.println(u.p.bold(head) + fmt.Sprintf(": %s; first to %d by a made bid; the barrel is %d–%d.",
		u.who.does(v.Dealer(), "deal"), v.Target(), v.Target()-100, v.Target()-1))
	for p := range norns.Player(v.Players()) {
		var notes []string
		switch {
		case p == v.Fourth():
			notes = append(notes, "4th player (no cards)")
		case p == v.Declarer():
			notes = append(notes, fmt.Sprintf("bid winner, must take %d", v.Contract()))
		case v.Declarer().IsSeat():
		case v.Passed(p):
			notes = append(notes, "passed")
		case v.LastBid(p) > 0:
			b := fmt.Sprintf("bid %d", v.LastBid(p))
			if v.BidBlind(p) {
				b += " blind"
			}
			notes = append(notes, b)
		}
		if v.OnBarrel(p) {
			notes = append(notes, u.p.red("on the barrel"))
		}
		if won := v.Won(p); !won.IsEmpty() {
			notes = append(notes, fmt.Sprintf("took %d in tricks", worthOf(v, won)))
		}
		if r := v.RoleShown(p); r != gulveig.NoRole {
			notes = append(notes, "role "+r.String())
		}
		u.printf("  %-7s %-11s %-9s %s\n", u.who.Name(p), plural(v.Score(p), "point"), plural(v.HandLen(p), "card"), strings.Join(notes, ", "))
	}
	if hi, who := v.HighBid(); v.Phase() == gulveig.PhaseBid && hi > 0 {
		u.printf("  Auction: the high bid is %d, by %s.\n", hi, u.who.name(who))
	}
	if t, ok := v.Treasure(); ok {
		u.printf("  Treasure: %s.\n", gCards(u, v, t))
	} else if v.Phase() <= gulveig.PhaseBid {
		u.println("  Treasure: 3 cards, face down until the auction is won.")
	}
	if k := v.Supremacy(); k != gulveig.NoClan {
		u.printf("  Supreme clan: %v (+7 strength to its cards).\n", k)
	}
	if cs, lead := v.Trick(); len(cs) > 0 {
		var parts []string
		p := lead
		for _, c := range cs {
			parts = append(parts, fmt.Sprintf("%s %s", u.who.name(p), c))
			p = nextSeat(v, p)
		}
		u.printf("  Trick so far: %s.\n", strings.Join(parts, ", "))
	}
	if v.KnowsHand() {
		u.printf("  Your hand (worth/strength): %s\n", gHand(u, v, v.Hand()))
	} else {
		u.println("  Your hand: not looked at yet (you may bid blind)")
	}
	if a := v.Aside(); !a.IsEmpty() {
		u.printf("  Put aside: %s\n", gCards(u, v, a))
	}
}

// nextSeat returns the seat after p that plays in this hand (the 4th player does not).
func nextSeat(v gulveig.View, p norns.Player) norns.Player {
	n := norns.Player(v.Players())
	q := (p + 1) % n
	if q == v.Fourth() {
		q = (q + 1) % n
	}
	return q
}

func promptGulveig(u *ui, v gulveig.View) string {
	switch v.Phase() {
	case gulveig.PhaseBid:
		if !v.KnowsHand() {
			return "Look at your hand, or bid blind (look or blind N)"
		}
		return "Your bid (bid N, or pass)"
	case gulveig.PhaseRole:
		return "Use your role's power? (use or decline)"
	case gulveig.PhaseGive:
		return "Give a card to the treasure (give CARD)"
	case gulveig.PhaseSwap:
		return "Pick 2 cards to exchange (swap CARD CARD)"
	case gulveig.PhaseAside:
		return "Put 3 cards aside (aside CARD CARD CARD)"
	case gulveig.PhaseRaise:
		return fmt.Sprintf("Raise your bid of %d, or keep it (raise N or keep)", v.Contract())
	case gulveig.PhasePlay:
		if cs, _ := v.Trick(); len(cs) > 0 {
			led := cs[0].Clan()
			var follow []string
			for c := range v.Hand().All() {
				if c.Clan() == led {
					follow = append(follow, c.String())
				}
			}
			if len(follow) == 0 {
				return fmt.Sprintf("Your card (%v was led; you have no %v card: play any)", led, led)
			}
			return fmt.Sprintf("Your card (%v was led: follow with %s)", led, orList(follow))
		}
		return "Your lead (or show a combo first: show CARD+CARD)"
	}
	return "Your move"
}

func explainGulveig(u *ui, v gulveig.View) []string {
	switch v.Phase() {
	case gulveig.PhaseBid:
		if !v.KnowsHand() {
			return []string{
				"look      look at your hand, then bid or pass as usual (no blind bid then).",
				"blind N   bid N without looking (at least the blind minimum): made or lost, it counts double.",
			}
		}
		return []string{
			"bid N     bid N (a multiple of 10) for the treasure: the winner must then take at least N",
			"          in card points and combos, or lose N.",
			"pass      leave the auction for this hand.",
		}
	case gulveig.PhaseAside:
		return []string{"aside A B C  put three cards face down aside (you hold 10 after taking the treasure)."}
	case gulveig.PhaseRaise:
		return []string{"raise N   raise your own bid (more to win, more to lose).", "keep      play for the bid as it is."}
	case gulveig.PhasePlay:
		return []string{
			"a card    play it: follow the led clan if you can. The strongest card of the led clan wins,",
			"          but the supreme clan's cards get +7 and can win from any clan.",
			"show A+B  when you lead holding both cards of a combo (Thor+Sif 100, Aegir+Ran 80,",
			"          Loki+Spear 60, Gymir+Aurboda 40): score it, make its clan supreme, then lead one of them.",
		}
	}
	return nil
}

// summariseGulveig describes the moves that are too many to list: the 120 ways to put 3 cards
// aside, the pairs for Tyr's exchange.
func summariseGulveig(u *ui, v gulveig.View) string {
	legal := v.Legal()
	if len(legal) <= 24 {
		return ""
	}
	switch v.Phase() {
	case gulveig.PhaseAside:
		return fmt.Sprintf("aside and any 3 of your %d cards, as in %s", v.Hand().Len(), legal[len(legal)-1])
	case gulveig.PhaseSwap:
		return fmt.Sprintf("swap and any 2 of your %d cards, as in %s", v.Hand().Len(), legal[len(legal)-1])
	}
	return ""
}
