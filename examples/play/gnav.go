package main

import (
	"fmt"
	"io"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
)

const gnavNotation = `Gnav notation (case does not matter):
  stand   keep your card
  ask     ask the next player on your left to exchange cards
  draw    (the dealer only) exchange with the top of the stock
Cards, lowest to highest: Narr Ugle Potte 0 I II … XII, then the matadors Hus Hest Katt Dragon Gjøk.
The lowest card at the showdown loses a life; a Narr holder always loses one.
Other commands: moves (the legal moves), show (the table again), help, quit.`

func playGnav(o options, in io.Reader, out io.Writer) error {
	cfg := gnav.Config{Players: o.players, Lives: o.lives}
	start, err := gnav.New(cfg)
	if err != nil {
		return err
	}
	t := table[gnav.State, gnav.Move, gnav.View, gnav.Event]{
		name:     "gnav",
		config:   cfg,
		start:    start,
		parse:    gnav.ParseMove,
		notation: gnavNotation,
		newBot:   gnavBot,
		show:     showGnav,
		prompt: func(v gnav.View) string {
			if v.Dealer() == v.Seat() {
				return "You deal, so you act last: stand or draw"
			}
			return "stand or ask"
		},
		step: func(s gnav.State, m gnav.Move, p norns.Player) (gnav.State, []gnav.Event, error) {
			return s.ApplyEvents(m, p, nil)
		},
		final: func(w io.Writer, s gnav.State) {
			fmt.Fprintln(w, "\nThe match is over.")
			for p := range norns.Player(s.Players()) {
				fmt.Fprintf(w, "  seat %d: %d lives\n", p, s.Score(p))
			}
			fmt.Fprintln(w, winnersText(s.Winners()))
		},
	}
	return play(t, o, in, out)
}

func gnavBot(kind string, seed uint64) (norns.Bot[gnav.View, gnav.Move], error) {
	switch kind {
	case "random":
		return gnav.NewRandomBot(seed), nil
	case "heuristic":
		return gnav.NewHeuristicBot(seed), nil
	case "search":
		return gnav.NewSearchBot(gnav.SearchOptions{Seed: seed}), nil
	}
	return nil, fmt.Errorf("unknown bot %q: choose random, heuristic or search", kind)
}

func showGnav(w io.Writer, v gnav.View) {
	me := v.Seat()
	fmt.Fprintf(w, "Deal %d, seat %d deals.\n", v.Deals(), v.Dealer())
	for p := range norns.Player(v.Players()) {
		who := fmt.Sprintf("seat %d", p)
		if p == me {
			who = "you   "
		}
		status := ""
		switch {
		case v.Lives(p) == 0:
			status = "out"
		case v.Resting().Has(p):
			status = "resting"
		case v.Knocked().Has(p):
			status = "knocked (was dealt a Narr)"
		}
		if t := v.Turn(p); t != gnav.TurnNone {
			status += " " + t.String()
		}
		if a := v.Answer(p); a != gnav.AnswerNone {
			status += " " + a.String()
		}
		fmt.Fprintf(w, "  %s  %d lives  %s\n", who, v.Lives(p), status)
	}
	fmt.Fprintf(w, "Your card: %s\n", v.Hand())
}
