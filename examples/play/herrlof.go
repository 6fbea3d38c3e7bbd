package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
)

const herrlofNotation = `Herrlof notation (case does not matter):
  cards      R7 G1 B9 Y3 (red, green, blue, yellow 1-9), V (Valknut), H (Hagalaz)
  bid        bid 4            (secret; 0 to the cards in your hand)
  the 3      draw | nodraw    then, after a draw: return R2 (a card to the bottom of the stock)
  the 1      steal | nosteal  (3 players: steal 2 steals from seat 2)
  the 6      take | notake    (3 players: take 1), then: give G5 (a card for the robbed player)
Other commands: moves (the legal moves), show (the table again), help, quit.`

func playHerrlof(o options, in io.Reader, out io.Writer) error {
	cfg := herrlof.Config{Players: o.players}
	start, err := herrlof.New(cfg)
	if err != nil {
		return err
	}
	t := table[herrlof.State, herrlof.Move, herrlof.View, herrlof.Event]{
		name:     "herrlof",
		config:   cfg,
		start:    start,
		parse:    herrlof.ParseMove,
		notation: herrlofNotation,
		newBot:   herrlofBot,
		show:     showHerrlof,
		prompt:   promptHerrlof,
		step: func(s herrlof.State, m herrlof.Move, p norns.Player) (herrlof.State, []herrlof.Event, error) {
			return s.ApplyEvents(m, p, nil)
		},
		final: func(w io.Writer, s herrlof.State) {
			fmt.Fprintln(w, "\nThe match is over.")
			for p := range norns.Player(s.Players()) {
				fmt.Fprintf(w, "  seat %d: %d points, %d correct bids\n", p, s.Score(p), s.CorrectBids(p))
			}
			fmt.Fprintln(w, winnersText(s.Winners()))
		},
	}
	return play(t, o, in, out)
}

func herrlofBot(kind string, seed uint64) (norns.Bot[herrlof.View, herrlof.Move], error) {
	switch kind {
	case "random":
		return herrlof.NewRandomBot(seed), nil
	case "heuristic":
		return herrlof.NewHeuristicBot(seed), nil
	case "search":
		return herrlof.NewSearchBot(herrlof.SearchOptions{Seed: seed}), nil
	}
	return nil, fmt.Errorf("unknown bot %q: choose random, heuristic or search", kind)
}

func showHerrlof(w io.Writer, v herrlof.View) {
	me := v.Seat()
	trump := "no trump"
	if v.TrumpCard() != herrlof.NoCard {
		trump = "trump card " + v.TrumpCard().Name()
		if v.Trump() != herrlof.NoSuit {
			trump += " (" + v.Trump().String() + " is trump)"
		} else {
			trump += " (no trump suit)"
		}
	}
	fmt.Fprintf(w, "Hand %d, %s, stock %d cards.\n", v.HandNumber(), trump, v.StockLen())
	for p := range norns.Player(v.Players()) {
		who := fmt.Sprintf("seat %d", p)
		if p == me {
			who = "you   "
		}
		bid := "bid hidden"
		if p == me && v.Bid() >= 0 {
			bid = fmt.Sprintf("bid %d", v.Bid())
		} else if p == me {
			bid = "no bid yet"
		}
		fmt.Fprintf(w, "  %s  %3d points  %d tricks this hand  %s  %d cards\n", who, v.Score(p), v.Tricks(p), bid, v.HandLen(p))
	}
	if tr := v.Trick(); tr.Len() > 0 {
		var cards []string
		for i := range tr.Len() {
			cards = append(cards, fmt.Sprintf("%s (seat %d)", tr.Card(i), tr.Seat(i)))
		}
		fmt.Fprintf(w, "Trick: %s\n", strings.Join(cards, ", "))
	}
	fmt.Fprintf(w, "Your hand: %s\n", handText(v.Hand()))
}

// handText lists a hand grouped by suit, runes last.
func handText(h herrlof.Cards) string {
	var parts []string
	for c := range h.All() {
		parts = append(parts, c.String())
	}
	if len(parts) == 0 {
		return "(empty)"
	}
	return strings.Join(parts, " ")
}

func promptHerrlof(v herrlof.View) string {
	switch v.Phase() {
	case herrlof.PhaseBid:
		return fmt.Sprintf("Your secret bid, 0 to %d (e.g. bid 4)", v.HandLen(v.Seat()))
	case herrlof.PhasePlay:
		if tr := v.Trick(); tr.Len() > 0 && tr.LedSuit() != herrlof.NoSuit {
			return fmt.Sprintf("Your card (%s was led)", tr.LedSuit())
		}
		return "Your lead"
	}
	return "Your choice (" + joinMoves(v.Legal()) + ")"
}

func winnersText(w norns.Seats) string {
	switch w.Len() {
	case 0:
		return "Nobody wins: a draw."
	case 1:
		for p := range w.All() {
			return fmt.Sprintf("Seat %d wins.", p)
		}
	}
	return fmt.Sprintf("Seats %v share the win.", w)
}
