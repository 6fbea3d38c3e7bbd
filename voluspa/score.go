package voluspa

// lineScore is how one line through a new tile scores (V10–V13). It has four fields (verdict
// is one), the most Go keeps in registers: a larger struct is returned through memory, stored
// a field at a time and copied in wider loads, which wait for those stores.
type lineScore struct {
	length int
	worth  int // the new tile's worth in the line
	points int
	verdict
}

// verdict is why a line scored or did not, and the strongest rival (NoTile if none).
type verdict struct {
	rival  Tile
	reason Reason
}

// scoreLine scores the row or column through the centre of w, where a tile was just laid; the
// line is at most MaxLine long (a legal lay). It reports false for a line of one tile, which
// never scores (V13). Every power comes from the tiles' [Power] rows: Zeroes (V10), Pack and
// Worth (V11), Bookend (V12). It reads the squares one by one (see [window.load]), and its
// loops compute with arithmetic rather than branch on the tiles, which on a random grid
// mispredict.
func scoreLine(w *window, l Line) (lineScore, bool) {
	dx, dy := 1, 0
	if l == LineColumn {
		dx, dy = 0, 1
	}
	fwd, back := w.run(dx, dy), w.run(-dx, -dy)
	n := 1 + fwd + back
	if n < 2 {
		return lineScore{}, false
	}
	// The tiles of the line from the back end, whether each is zeroed (a neighbour with the
	// Zeroes power of another kind), and the pack sizes. The line runs along line 1 of its
	// block of the window from o; the squares beside it lie in lines 0 and 2.
	var line [MaxLine]uint8 // the squares' bytes: kinds (see sqByte)
	var zero [MaxLine]uint8
	var pack [NumKinds]int
	g := &w.g
	o := (4*dy+1)*ww + wc - back
	for i := range line[:n] {
		j := o + i
		t := g[uint8(j)]
		line[i] = t
		zero[i] = zeroBy(g[uint8(j+1)], t) | zeroBy(g[uint8(j-1)], t) | zeroBy(g[uint8(j+ww)], t) | zeroBy(g[uint8(j-ww)], t)
		pack[t&(NumKinds-1)] += int(packTile[t] &^ zero[i])
	}
	// Each kind's worth in this line: its value, or what its Worth makes of its pack.
	kindWorth := kindValue
	for _, k := range packKinds {
		kindWorth[k] = packWorth[k][pack[k]&(win-1)]
	}
	me := back
	t := line[me]
	worth := kindWorth[t&(NumKinds-1)] * int(1-zero[me])
	packed := packTile[t] &^ zero[me] // its pack are not its rivals (V11)
	// The strongest rival, the first from the back end among equals.
	best := -1
	rival := uint8(NoTile)
	for i, u := range line[:n] {
		v := kindWorth[u&(NumKinds-1)] * int(1-zero[i])
		same := 1 - uint8((uint(u^t)+0xFF)>>8) // 1 if u is of t's kind
		mate := packed & (1 - zero[i]) & same
		self := int(uint(i^me)-1) >> 63 & 1 // 1 if i is me
		skip := -(self | int(mate))         // -1 to skip i, else 0
		v = v&^skip | skip                  // -1 when skipped
		better := (best - v) >> 63          // -1 if v > best, else 0
		best = best&^better | v&better
		rival = rival&^uint8(better) | uint8(u)&uint8(better)
	}
	// The outcome, from 0/1 flags rather than branches: strongest (V13), else bookends (V12),
	// else a tie or outranked (V13).
	other := line[n-1-me]
	strong := int(uint(best-worth) >> 63)
	d := uint(worth - best)
	tie := int((d|-d)>>63) ^ 1
	bookend := int(bookendTile[t]) & int((uint(fwd*back)-1)>>63) & int((uint(other^t)-1)>>63)
	reason := 4 - tie                // ReasonOutranked or ReasonTie
	reason -= bookend * (reason - 2) // ReasonBookends
	reason -= strong * (reason - 1)  // ReasonStrongest
	return lineScore{length: n, worth: worth, points: n * (strong | bookend), verdict: verdict{sqTile[rival], Reason(reason)}}, true
}

// zeroBy returns 1 if the neighbour nb zeroes the tile t (V10), both square bytes of a window:
// nb has the Zeroes power and is of another kind; else 0.
func zeroBy(nb, t uint8) uint8 {
	other := uint8((uint(nb^t) + 0xFF) >> 8) // 1 if nb != t
	return zeroCount[nb] & other
}

// zeroCount[b] is 1 if the tile of a window's square byte b (its kind, see sqByte) has the
// Zeroes power, else 0.
var zeroCount = func() (z [256]uint8) {
	for i, p := range powers {
		if p.Zeroes {
			z[i] = 1
		}
	}
	return z
}()

// packWorth[k][n] is kind k's worth in a line where its pack is n tiles (at most MaxLine < win):
// its Worth tabulated (a function of the value and the pack alone), or its value. kindValue[k]
// is its worth with no pack; packKinds are the kinds with the Pack power.
var kindValue, packKinds, packWorth = func() (v [NumKinds]int, pk []int, w [NumKinds][win]int) {
	for i, p := range powers {
		if p.Pack {
			pk = append(pk, i)
		}
		for n := range w[i] {
			w[i][n] = p.Value
			if p.Worth != nil {
				w[i][n] = p.Worth(p.Value, n)
			}
		}
		v[i] = w[i][0]
	}
	return v, pk, w
}()

// packTile[b] is 1 if the tile of a window's square byte b (its kind, see sqByte) has the Pack
// power, else 0; bookendTile[b] likewise for the Bookend power.
var packTile, bookendTile = func() (p, b [256]uint8) {
	for i, pw := range powers {
		if pw.Pack {
			p[i] = 1
		}
		if pw.Bookend {
			b[i] = 1
		}
	}
	return p, b
}()

// The outcome's arithmetic in scoreLine relies on the order of the reasons.
var _ = [1]struct{}{}[ReasonStrongest-1|ReasonBookends-2|ReasonTie-3|ReasonOutranked-4]
