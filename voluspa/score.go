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
	// The tiles of the line from the back end, whether each is zeroed, and the pack sizes.
	var line [MaxLine]Tile
	var zero [MaxLine]bool
	var pack [NumKinds]int
	for i := range n {
		ox, oy := (i-back)*dx, (i-back)*dy
		t := w.t[win+oy][win+ox]
		line[i] = t
		zero[i] = w.nz > 0 && w.zeroed(t, ox, oy)
		if !zero[i] && t.pw().Pack {
			pack[kindIndex[t]]++
		}
	}
	worth := func(i int) int {
		if zero[i] {
			return 0
		}
		pw := line[i].pw()
		if pw.Worth != nil {
			return pw.Worth(pw.Value, pack[kindIndex[line[i]]])
		}
		return pw.Value
	}
	me := back
	t := line[me]
	ls := lineScore{length: n, worth: worth(me), rival: NoTile}
	best := -1
	for i := range n {
		if i == me || (t.pw().Pack && !zero[me] && line[i] == t && !zero[i]) {
			continue // the tile itself, or its pack (V11)
		}
		if v := worth(i); v > best {
			best, ls.rival = v, line[i]
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
