package voluspa

import (
	"testing"

	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// lineOracle scores the line through x, y in direction dx, dy on b, where t was just put, square
// by square from the cell list and the rules' words (V10–V13), for comparison with scoreLine.
func lineOracle(b *board, x, y, dx, dy int, t Tile) (lineScore, bool) {
	at := func(x, y int) Tile {
		return b.at(x, y)
	}
	back := 0
	for at(x-dx*(back+1), y-dy*(back+1)) != NoTile {
		back++
	}
	fwd := 0
	for at(x+dx*(fwd+1), y+dy*(fwd+1)) != NoTile {
		fwd++
	}
	n := back + 1 + fwd
	if n < 2 {
		return lineScore{}, false
	}
	var sq [][2]int
	for i := -back; i <= fwd; i++ {
		sq = append(sq, [2]int{x + dx*i, y + dy*i})
	}
	zeroed := func(s [2]int) bool {
		u := at(s[0], s[1])
		for _, d := range dirs {
			nb := at(s[0]+d[0], s[1]+d[1])
			if nb != NoTile && nb != u && nb.Power().Zeroes {
				return true
			}
		}
		return false
	}
	pack := map[Tile]int{}
	for _, s := range sq {
		if u := at(s[0], s[1]); u.Power().Pack && !zeroed(s) {
			pack[u]++
		}
	}
	worthOf := func(s [2]int) int {
		u := at(s[0], s[1])
		if zeroed(s) {
			return 0
		}
		if p := u.Power(); p.Worth != nil {
			return p.Worth(p.Value, pack[u])
		}
		return u.Power().Value
	}
	me := [2]int{x, y}
	worth := worthOf(me)
	best, rival := -1, NoTile
	for _, s := range sq {
		u := at(s[0], s[1])
		mate := u == t && t.Power().Pack && !zeroed(me) && !zeroed(s)
		if s == me || mate {
			continue
		}
		if v := worthOf(s); v > best {
			best, rival = v, u
		}
	}
	ls := lineScore{length: n, worth: worth, verdict: verdict{rival: rival}}
	first, last := at(sq[0][0], sq[0][1]), at(sq[n-1][0], sq[n-1][1])
	switch {
	case worth > best:
		ls.reason = ReasonStrongest
	case t.Power().Bookend && (back == 0 && last == t || fwd == 0 && first == t):
		ls.reason = ReasonBookends
	case worth == best:
		ls.reason = ReasonTie
	default:
		ls.reason = ReasonOutranked
	}
	if ls.reason == ReasonStrongest || ls.reason == ReasonBookends {
		ls.points = n
	}
	return ls, true
}

// TestWindowMatchesCells checks the window Apply reads and the scoring on it against the cell
// list: at every seat turn of random matches, for legal lays and covers, the squares of the three
// rows and columns through the square within win, the four runs, and both lines' scores once the
// tile is down equal what lineOracle and board.at say.
func TestWindowMatchesCells(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rapidMatch(t, func(s *State, legal []Move, pick Move, r *rng.Rand) Move {
			for range 3 {
				if c := legal[r.IntN(len(legal))]; c.kind == MoveLay || c.kind == MoveCover {
					checkWindow(t, s, c)
				}
			}
			return pick
		}, nil)
	})
}

func checkWindow(t *rapid.T, s *State, m Move) {
	x, y := int(m.x), int(m.y)
	b := s.board // a copy, to put the tile on
	var w window
	w.load(&b, x, y)
	for d := -win; d <= win; d++ {
		for o := -1; o <= 1; o++ {
			if got, want := w.at(d, o), b.at(x+d, y+o); got != want {
				t.Fatalf("%v: square %d,%d of the window holds %v, the grid %v", m, d, o, got, want)
			}
			if got, want := w.at(o, d), b.at(x+o, y+d); got != want {
				t.Fatalf("%v: square %d,%d of the window holds %v, the grid %v", m, o, d, got, want)
			}
		}
	}
	for _, d := range dirs {
		want := 0
		for want < win && b.at(x+d[0]*(want+1), y+d[1]*(want+1)) != NoTile {
			want++
		}
		if got := w.run(d[0], d[1]); got != want {
			t.Fatalf("%v: run %v is %d, want %d", m, d, got, want)
		}
	}
	w.set(m.tile)
	if i := b.find(x, y); i >= 0 {
		b.c[i].t = m.tile
	} else {
		b.add(x, y, m.tile)
	}
	for _, l := range []Line{LineRow, LineColumn} {
		dx, dy := 1, 0
		if l == LineColumn {
			dx, dy = 0, 1
		}
		got, gotOK := scoreLine(&w, l)
		want, wantOK := lineOracle(&b, x, y, dx, dy, m.tile)
		if got != want || gotOK != wantOK {
			t.Fatalf("%v: %v scores %+v %v, want %+v %v", m, l, got, gotOK, want, wantOK)
		}
	}
}
