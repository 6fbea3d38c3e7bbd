package voluspa

import (
	"fmt"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/cards"
)

// View is what one seat knows of a match: everything public and its own hand, nothing else. It
// is a comparable value: two states that differ only in what the seat cannot see give == views.
//
// Public: the grid (every square, coordinates and tile on top, in the order the squares were
// filled), the scores and the turns that brought them, the tiles out of the game, the number of
// tiles in each hand and in the supply, the tiles each seat was seen to take into hand with a
// Skadi and has not laid since ([State.Known], V8), and what each seat's last discard showed of
// its hand (V9). Private to the seat: its hand. Never in a view: the other hands and the supply
// (which has no order anyway).
//
// View(norns.Nobody) is the spectator's view: everything public as above (the grid, the scores,
// the tiles out of the game, the hand and supply sizes, the Skadi captures and discard
// inferences, whose turn it is) and no hand: Seat is norns.Nobody, Hand is empty, Legal is nil,
// Unseen counts every hand's hidden tiles with the supply, and Sample deals them all.
//
// The zero View is not meaningful; get one from [State.View].
type View struct {
	public
	me   int8
	hand cards.Multiset
}

// View returns what seat p may see. View(norns.Nobody) is the spectator's view: everything
// public and no hand (see [View]). It panics if p is neither a seat of the match nor
// norns.Nobody.
func (s State) View(p norns.Player) View {
	if p == norns.Nobody {
		return View{public: s.public, me: nobody}
	}
	i := s.index(p)
	return View{public: s.public, me: int8(i), hand: s.h.hand[i]}
}

// Seat returns whose view this is: a seat, or norns.Nobody for the spectator's view.
func (v View) Seat() norns.Player { return norns.Player(v.me) }

// Hand returns the seat's tiles; empty in the spectator's view.
func (v View) Hand() Tiles { return Tiles(v.hand) }

// Legal returns the seat's legal moves when it is to act, in [State.Legal]'s order, and nil
// otherwise.
func (v View) Legal() []Move { return v.AppendLegal(nil) }

// AppendLegal appends Legal's moves to dst and returns the extended slice.
func (v View) AppendLegal(dst []Move) []Move {
	if v.phase != PhaseTurn || v.toMove != v.me {
		return dst
	}
	return v.appendTurn(dst, v.hand)
}

// Unseen returns the tiles the seat cannot place: the supply and the other hands, less the tiles
// it knows another seat holds (captured with a Skadi, V8). For the spectator it is the supply and
// every hand less the tiles known to be in them.
func (v View) Unseen() Tiles {
	return Tiles(v.unseen())
}

func (v *View) unseen() cards.Multiset {
	u := deck.Diff(deck.Full(), v.gone)
	u = deck.Diff(u, v.hand)
	u = deck.Diff(u, v.board.tiles())
	for q := range int8(v.players) {
		if q != v.me {
			u = deck.Diff(u, v.known[q])
		}
	}
	return u
}

// tiles returns the multiset of the tiles on top of the grid.
func (b *board) tiles() cards.Multiset {
	var m cards.Multiset
	for _, c := range b.c[:b.n] {
		m = deck.With(m, cards.Card(c.t))
	}
	return m
}

// String describes the view for humans.
func (v View) String() string {
	var b strings.Builder
	if v.me == nobody {
		fmt.Fprintf(&b, "voluspa spectator's view: %v", v.phase)
	} else {
		fmt.Fprintf(&b, "voluspa view of seat %d: %v", v.me, v.phase)
	}
	if v.phase == PhaseTurn {
		fmt.Fprintf(&b, ", %v to act", v.ToMove())
	}
	if v.me != nobody {
		fmt.Fprintf(&b, ", you hold %s", deck.Format(v.hand))
	}
	fmt.Fprintf(&b, ", supply %d\n", v.supply)
	for p := range int(v.players) {
		fmt.Fprintf(&b, "  seat %d: %d points, %d tiles", p, v.score[p], v.size[p])
		if !v.known[p].IsEmpty() {
			fmt.Fprintf(&b, ", known %s", deck.Format(v.known[p]))
		}
		b.WriteByte('\n')
	}
	b.WriteString(v.Grid())
	return b.String()
}
