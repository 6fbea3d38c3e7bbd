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
// tiles' [Power] rows: Zeroes (V10), Pack and Worth (V11), Bookend (V12). Its loops compute
// with arithmetic rather than branch on the tiles, which on a random grid mispredict.
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
	// Zeroes power of another kind), and the pack sizes. The line and its neighbours lie within
	// the window (a line is at most MaxLine < win long).
	var line [MaxLine]Tile
	var zero [MaxLine]uint8
	var pack [NumKinds]int
	x, y := win-back*dx, win-back*dy
	for i := range line[:n] {
		t := w.t[y][x]
		line[i] = t
		if w.nz > 0 {
			zero[i] = zeroBy(w.t[y][x+1], t) | zeroBy(w.t[y][x-1], t) | zeroBy(w.t[y+1][x], t) | zeroBy(w.t[y-1][x], t)
		}
		pack[kindIndex[t]&(NumKinds-1)] += int(packTile[t] &^ zero[i])
		x, y = x+dx, y+dy
	}
	// Each kind's worth in this line: its value, or what its Worth makes of its pack.
	kindWorth := kindValue
	for _, k := range worthKinds {
		kindWorth[k] = powers[k].Worth(powers[k].Value, pack[k])
	}
	var worth [MaxLine]int
	for i, t := range line[:n] {
		worth[i] = kindWorth[kindIndex[t]&(NumKinds-1)] * int(1-zero[i])
	}
	me := back
	t := line[me]
	packed := packTile[t] &^ zero[me] // its pack are not its rivals (V11)
	ls := lineScore{length: n, worth: worth[me], rival: NoTile}
	best := -1
	rival := uint8(NoTile)
	for i, u := range line[:n] {
		same := 1 - uint8((uint(u^t)+0xFF)>>8) // 1 if u is of t's kind
		mate := packed & (1 - zero[i]) & same
		self := int(uint(i^me)-1) >> 63 & 1 // 1 if i is me
		skip := -(self | int(mate))         // -1 to skip i, else 0
		v := worth[i]&^skip | skip          // -1 when skipped
		better := (best - v) >> 63          // -1 if v > best, else 0
		best = best&^better | v&better
		rival = rival&^uint8(better) | uint8(u)&uint8(better)
	}
	ls.rival = Tile(rival)
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

// zeroBy returns 1 if the neighbour nb zeroes the tile t (V10): nb has the Zeroes power and is
// of another kind; else 0.
func zeroBy(nb, t Tile) uint8 {
	other := uint8((uint(nb^t) + 0xFF) >> 8) // 1 if nb != t
	return zeroCount[nb] & other
}

// kindValue holds each kind's value, in table order; worthKinds the kinds with a Worth.
var kindValue, worthKinds = func() (v [NumKinds]int, w []int) {
	for i, p := range powers {
		v[i] = p.Value
		if p.Worth != nil {
			w = append(w, i)
		}
	}
	return v, w
}()

// packTile[t] is 1 if tile t has the Pack power, else 0.
var packTile = func() (p [256]uint8) {
	for i, pw := range powers {
		if pw.Pack {
			p[tiles[i]] = 1
		}
	}
	return p
}()
