package main

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
)

// presenters are the games with a front of their own, by registered name. Any other registered
// game is shown by the generic presenter.
var presenters = map[string]func() presenter{
	"herrlof": herrlofFront, // game name: registers its terminal front end
	"gnav":    gnavFront,    // game name: registers its terminal front end
	"voluspa": voluspaFront, // game name: registers its terminal front end
	"gulveig": gulveigFront, // game name: registers its terminal front end
}

// presenterFor returns the presenter for game g.
func presenterFor(g *norns.Registered) presenter {
	if f, ok := presenters[g.Name()]; ok {
		return f()
	}
	return generic{g}
}

// front is a presenter built from one game's typed API: S its State, M its Move, V its View.
type front[S any, M norns.Move, V any] struct {
	parse     func(string) (M, error)
	rulesText func() string
	goalOf    func(s S) string
	// step applies m to s and narrates what it did, as u.who.you sees it (a spectator when bots
	// play every seat).
	step      func(u *ui, s S, m M) (S, []string, error)
	showView  func(u *ui, v V)
	promptFor func(u *ui, v V) string
	explainV  func(u *ui, v V) []string
	summarise func(u *ui, v V) string // may be nil
	resultOf  func(u *ui, s S)
}

func (f front[S, M, V]) goal(m norns.Match) string { return f.goalOf(m.State().(S)) }
func (f front[S, M, V]) rules() string             { return f.rulesText() }

func (f front[S, M, V]) narrate(u *ui, before norns.Match, move string, after norns.Match, evs []norns.Event) []string {
	s, ok := before.State().(S)
	mv, err := f.parse(move)
	if !ok || err != nil {
		return genericNarration(u, evs)
	}
	_, lines, err := f.step(u, s, mv)
	if err != nil {
		return genericNarration(u, evs)
	}
	return lines
}

func (f front[S, M, V]) show(u *ui, m norns.Match, v norns.SeatView) {
	f.showView(u, v.View().(V))
}

func (f front[S, M, V]) prompt(u *ui, v norns.SeatView) string { return f.promptFor(u, v.View().(V)) }

func (f front[S, M, V]) explain(u *ui, v norns.SeatView) []string {
	if f.explainV == nil {
		return nil
	}
	return f.explainV(u, v.View().(V))
}

func (f front[S, M, V]) summary(u *ui, v norns.SeatView) string {
	if f.summarise == nil {
		return ""
	}
	return f.summarise(u, v.View().(V))
}

func (f front[S, M, V]) result(u *ui, m norns.Match) { f.resultOf(u, m.State().(S)) }

// generic presents any registered game from the registry alone: the events' text, the view's
// text and the scores.
type generic struct{ g *norns.Registered }

func (p generic) goal(m norns.Match) string { return p.g.Description() }
func (p generic) rules() string {
	return "The rules of " + p.g.Name() + " are not in the registry yet: see go doc for its package."
}

func (p generic) narrate(u *ui, before norns.Match, move string, after norns.Match, evs []norns.Event) []string {
	if len(evs) == 0 {
		who := before.ToMove()
		if who == norns.Chance {
			return []string{sentence("chance: " + move)}
		}
		return []string{sentence(fmt.Sprintf("%s: %s", u.who.name(who), move))}
	}
	return genericNarration(u, evs)
}

// genericNarration turns the registry's events into sentences, naming the person "you".
func genericNarration(u *ui, evs []norns.Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, sentence(yours(u, e.Text)))
	}
	return out
}

// yours marks the person's seat in a game's own text: "seat 0 plays" becomes "seat 0 (you)
// plays", since the verb was made for a third person.
func yours(u *ui, text string) string {
	if !u.who.you.IsSeat() {
		return text
	}
	seat := u.who.you.String()
	var b strings.Builder
	for {
		i := strings.Index(text, seat)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := i + len(seat)
		b.WriteString(text[:end])
		if end == len(text) || text[end] < '0' || text[end] > '9' {
			b.WriteString(" (you)")
		}
		text = text[end:]
	}
}

func (p generic) show(u *ui, m norns.Match, v norns.SeatView) {
	var scores []string
	for q := range norns.Player(m.Players()) {
		scores = append(scores, fmt.Sprintf("%s %d", u.who.name(q), m.Score(q)))
	}
	u.println(u.p.bold("Scores") + ": " + strings.Join(scores, ", ") + ". " + sentence(p.g.Description()))
	for _, l := range strings.Split(v.String(), "\n") {
		u.println("  " + l)
	}
}

func (p generic) prompt(u *ui, v norns.SeatView) string { return "Your move" }

func (p generic) explain(u *ui, v norns.SeatView) []string { return nil }

func (p generic) summary(u *ui, v norns.SeatView) string { return "" }

func (p generic) result(u *ui, m norns.Match) {
	u.println(u.p.bold("The match is over."))
	for q := range norns.Player(m.Players()) {
		u.printf("  %-7s %d\n", u.who.Name(q), m.Score(q))
	}
	u.println(sentence(winnersText(u, m.Winners())))
}
