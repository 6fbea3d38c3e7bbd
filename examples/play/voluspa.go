package main

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/voluspa"
)

func voluspaFront() presenter {
	return front[voluspa.State, voluspa.Move, voluspa.View]{
		parse:     voluspa.ParseMove,
		rulesText: voluspa.Rules,
		goalOf: func(s voluspa.State) string {
			return "the highest score once every tile is laid wins"
		},
		step:      stepVoluspa,
		showView:  showVoluspa,
		promptFor: promptVoluspa,
		explainV:  explainVoluspa,
		resultOf: func(u *ui, s voluspa.State) {
			u.println(u.p.bold("The match is over") + fmt.Sprintf(" after %s.", plural(s.Turns(), "turn")))
			u.println(indent(gridText(u, s.View(norns.Player(0)))))
			for p := range norns.Player(s.Players()) {
				u.printf("  %-7s %s\n", u.who.Name(p), plural(s.Score(p), "point"))
			}
			u.println(sentence(winnersText(u, s.Winners())))
		},
	}
}

// tileName names a tile with its article: "a Thor", "an Odin".
func tileName(t voluspa.Tile) string {
	s := t.String()
	if strings.ContainsRune("AEIOU", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// stepVoluspa applies m and narrates it: what each line through the new tile scored, and why.
func stepVoluspa(u *ui, s voluspa.State, m voluspa.Move) (voluspa.State, []string, error) {
	next, evs, err := s.ApplyEvents(m, u.who.you, nil)
	if err != nil {
		return s, nil, err
	}
	w := u.who
	var out []string
	say := func(format string, args ...any) { out = append(out, sentence(fmt.Sprintf(format, args...))) }
	for _, e := range evs {
		switch e.Kind {
		case voluspa.EventDraw:
			if e.Tile != voluspa.NoTile && e.Seat == w.you {
				say("you draw %s", tileName(e.Tile))
			} // others' draws are hidden and many: the table shows hand sizes
		case voluspa.EventFirstTile:
			say("the first tile, at 0,0, is %s", tileName(e.Tile))
		case voluspa.EventFirstSeat:
			say("%s first (drawn at random)", w.does(e.Seat, "play"))
		case voluspa.EventLay:
			say("%s %s at %d,%d", w.does(e.Seat, "lay"), tileName(e.Tile), e.X, e.Y)
		case voluspa.EventCover:
			if e.Tile == voluspa.Skadi {
				say("%s a Skadi on the %v at %d,%d and %s the %v into hand", w.does(e.Seat, "lay"), e.Covered, e.X, e.Y, w.verb(e.Seat, "take"), e.Covered)
			} else {
				say("%s %s on the %v at %d,%d: the %v leaves the game", w.does(e.Seat, "lay"), tileName(e.Tile), e.Covered, e.X, e.Y, e.Covered)
			}
		case voluspa.EventLine:
			out = append(out, lineText(u, e))
		case voluspa.EventDiscard:
			say("%s no square for any tile, so %s %s", w.has(e.Seat), w.does(e.Seat, "discard"), tileName(e.Tile))
		case voluspa.EventPass:
			say("%s no tile left and %s", w.has(e.Seat), w.verb(e.Seat, "pass"))
		case voluspa.EventMatchOver:
		default:
			say("%s", e.String())
		}
	}
	return next, out, nil
}

// lineText says what one line through a new tile scored and why (V10–V13).
func lineText(u *ui, e voluspa.Event) string {
	w := u.who
	head := fmt.Sprintf("the %v through %d,%d (%s)", e.Line, e.X, e.Y, plural(e.Length, "tile"))
	worth := fmt.Sprintf("the %v is worth %d here", e.Tile, e.Worth)
	switch e.Reason {
	case voluspa.ReasonStrongest:
		why := "no rival"
		if e.Rival != voluspa.NoTile {
			why = fmt.Sprintf("more than the strongest rival, %s", tileName(e.Rival))
		}
		return sentence(fmt.Sprintf("%s scores %s for %s: %s, %s", head, u.p.green(plural(e.Points, "point")), w.name(e.Seat), worth, why))
	case voluspa.ReasonBookends:
		return sentence(fmt.Sprintf("%s scores %s for %s: Valkyries close both ends, whatever the worths", head, u.p.green(plural(e.Points, "point")), w.name(e.Seat)))
	case voluspa.ReasonTie:
		return sentence(fmt.Sprintf("%s scores nothing: %s, and %s ties it", head, worth, tileName(e.Rival)))
	case voluspa.ReasonOutranked:
		return sentence(fmt.Sprintf("%s scores nothing: %s, and %s beats it", head, worth, tileName(e.Rival)))
	}
	return sentence(e.String())
}

// gridText draws the grid with coordinates, the last lay in brackets (and colour on a terminal).
func gridText(u *ui, v voluspa.View) string {
	g := v.Grid()
	if !u.p {
		return g
	}
	// colour the bracketed last lay
	if i := strings.IndexByte(g, '['); i >= 0 {
		if j := strings.IndexByte(g[i:], ']'); j > 0 {
			g = g[:i] + u.p.yellow(g[i:i+j+1]) + g[i+j+1:]
		}
	}
	return g
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}

func showVoluspa(u *ui, v voluspa.View) {
	u.println(u.p.bold(fmt.Sprintf("Turn %d", v.Turns()+1)) + fmt.Sprintf(": %s in the supply; the highest score once every tile is laid wins.", plural(v.SupplySize(), "tile")))
	for p := range norns.Player(v.Players()) {
		u.printf("  %-7s %-10s %s in hand\n", u.who.Name(p), plural(v.Score(p), "point"), plural(v.HandLen(p), "tile"))
	}
	u.println("  Grid (x across, y up; [ ] marks the last lay):")
	u.println(indent(gridText(u, v)))
	var hand []string
	for t := range v.Hand().All() {
		hand = append(hand, fmt.Sprintf("%s (%d)", t, t.Power().Value))
	}
	u.printf("  Your hand: %s\n", strings.Join(hand, ", "))
}

func promptVoluspa(u *ui, v voluspa.View) string {
	switch {
	case v.Hand().IsEmpty():
		return "You have no tile: pass"
	}
	for _, m := range v.Legal() {
		if strings.HasPrefix(m.String(), "discard") {
			return "No square takes any of your tiles: discard one (discard TILE)"
		}
	}
	return "Your lay (TILE x,y, or Dragon/Skadi on x,y)"
}

func explainVoluspa(u *ui, v voluspa.View) []string {
	return []string{
		"Thor 2,-1      lay a Thor on the empty square 2,-1, next to a tile of the grid",
		"Dragon on 0,1  cover the tile at 0,1 (a Dragon removes it, a Skadi takes it into your hand)",
		"discard Loki   only when no tile of yours can be laid",
		"Each of the two lines through your tile scores its length if your tile is worth more than",
		"every other tile in it. Values: Odin 8, Thor 7, Troll 6, Dragon 5, Fenrir 4 (times the",
		"Fenrirs in the line), Skadi 3, Valkyrie 2 (a line closed by two Valkyries scores anyway),",
		"Loki 1 (its neighbours are worth 0). Nothing but a Troll lies next to a Troll; lines are",
		"at most 7 tiles.",
	}
}
