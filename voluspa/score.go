package voluspa

// lineScore is how one line through a new tile scores (V10–V13).
type lineScore struct {
	length int
	worth  int  // the new tile's worth in the line
	rival  Tile // the strongest rival, NoTile if none
	points int
	reason Reason
}

// scoreLine scores the row or column through the centre of w, where a tile was just laid. It
// reports false for a line of one tile, which never scores (V13). Every power comes from the
// tiles' [Power] rows: Zeroes (V10), Pack and Worth (V11), Bookend (V12).
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
	// The tiles of the line from the back end, whether each is zeroed, and the pack sizes. The
	// line and its neighbours lie within the window (a line is at most MaxLine < win long).
	var line [MaxLine]Tile
	var zero [MaxLine]bool
	var pack [NumKinds]int
	x, y := win-back*dx, win-back*dy
	for i := range n {
		t := w.t[y][x]
		line[i] = t
		if w.nz > 0 {
			for _, nb := range [4]Tile{w.t[y][x+1], w.t[y][x-1], w.t[y+1][x], w.t[y-1][x]} {
				if zeroTile[nb] && nb != t {
					zero[i] = true
				}
			}
		}
		if !zero[i] && t.pw().Pack {
			pack[kindIndex[t]]++
		}
		x, y = x+dx, y+dy
	}
	var worth [MaxLine]int
	for i, t := range line[:n] {
		if zero[i] {
			continue
		}
		pw := t.pw()
		worth[i] = pw.Value
		if pw.Worth != nil {
			worth[i] = pw.Worth(pw.Value, pack[kindIndex[t]])
		}
	}
	me := back
	t := line[me]
	packed := t.pw().Pack && !zero[me] // its pack are not its rivals (V11)
	ls := lineScore{length: n, worth: worth[me], rival: NoTile}
	best := -1
	for i := range n {
		if i == me || (packed && line[i] == t && !zero[i]) {
			continue
		}
		if worth[i] > best {
			best, ls.rival = worth[i], line[i]
		}
	}
	switch {
	case ls.worth > best:
		ls.points, ls.reason = n, ReasonStrongest
	case t.pw().Bookend && (fwd == 0 || back == 0) && line[n-1-me] == t:
		ls.points, ls.reason = n, ReasonBookends // V12
	case ls.worth == best:
		ls.reason = ReasonTie
	default:
		ls.reason = ReasonOutranked
	}
	return ls, true
}
