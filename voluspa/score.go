package voluspa

import (
	"encoding/binary"
	"math/bits"
)

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
// Worth (V11), Bookend (V12). It reads the line's squares and their neighbours eight at a time,
// as words of the window's bytes compared with a kind all at once (kindBytes), and its loop over
// the rivals computes with arithmetic rather than branch on the tiles, which on a random grid
// mispredict.
func scoreLine(w *window, l Line) (lineScore, bool) {
	dy := int(l - LineRow) // 0 for the row, 1 for the column: its block of the window
	// The line's filled squares after and before the centre, as window.run counts them, from
	// the line's occ bits (no branch on the direction).
	m := w.occ[dy&1]
	fwd := bits.TrailingZeros32(^(m >> (win + 1)))
	back := bits.LeadingZeros32(^(m << (32 - win)))
	n := 1 + fwd + back
	if n < 2 {
		return lineScore{}, false
	}
	// The tiles of the line from the back end, whether each is zeroed (a neighbour with the
	// Zeroes power of another kind), and the pack sizes, eight squares at a time: the line runs
	// along line 1 of its block of the window from o, the squares beside it lie in lines 0 and
	// 2, so the line's squares are the bytes of one word read from o, and their neighbours those
	// of the words read one square before and after and one line before and after. Byte i of
	// zero has its top bit set when the line's square i is zeroed.
	g := &w.g
	o := (4*dy+1)*ww + wc - back
	le := binary.LittleEndian
	line := le.Uint64(g[o:])
	inLine := uint64(1)<<(8*uint(n)) - 1 // the bytes of the n squares (n <= MaxLine < 8)
	var zero uint64
	for x := uint(zeroKinds); x != 0; x &= x - 1 {
		k := uint8(bits.TrailingZeros(x))
		near := kindBytes(le.Uint64(g[o+1:]), k) | kindBytes(le.Uint64(g[o-1:]), k) |
			kindBytes(le.Uint64(g[o+ww:]), k) | kindBytes(le.Uint64(g[o-ww:]), k)
		zero |= near &^ kindBytes(line, k)
	}
	zero &= inLine
	// Each kind's worth in this line: its value, or what its Worth makes of its pack.
	kindWorth := kindValue
	for x := uint(packKinds); x != 0; x &= x - 1 {
		k := bits.TrailingZeros(x)
		pack := bits.OnesCount64(kindBytes(line, uint8(k)) &^ zero & inLine)
		kindWorth[k] = packWorth[k][pack&(win-1)]
	}
	me := back
	t := uint8(line >> (8 * uint(me)))
	zeroMe := int(zero >> (8*uint(me) + 7) & 1)
	worth := kindWorth[t&(NumKinds-1)] * (1 - zeroMe)
	packed := packTile[t] &^ uint8(zeroMe) // its pack are not its rivals (V11)
	// The strongest rival, the first from the back end among equals, with the squares it may not
	// be as bytes of a word (bit 0 of a byte set): the tile laid itself, and its pack mates (of
	// its kind and not zeroed) when it is in a pack; the zeroed squares are worth 0. The loop
	// shifts the words a square at a time.
	skip := (0x80<<(8*uint(me)) | kindBytes(line, t)&^zero&-uint64(packed)) >> 7
	zeroed := zero >> 7
	best := -1
	rival := uint8(NoTile)
	for sq, i := line, 0; i < n; i++ {
		u := uint8(sq)
		v := kindWorth[u&(NumKinds-1)] &^ -int(zeroed&1)
		v |= -int(skip & 1)        // -1 when skipped
		better := (best - v) >> 63 // -1 if v > best, else 0
		best = best&^better | v&better
		rival = rival&^uint8(better) | u&uint8(better)
		sq, zeroed, skip = sq>>8, zeroed>>8, skip>>8
	}
	// The outcome, from 0/1 flags rather than branches: strongest (V13), else bookends (V12),
	// else a tie or outranked (V13).
	other := uint8(line >> (8 * uint(n-1-me)))
	strong := int(uint(best-worth) >> 63)
	d := uint(worth - best)
	tie := int((d|-d)>>63) ^ 1
	bookend := int(bookendTile[t]) & int((uint(fwd*back)-1)>>63) & int((uint(other^t)-1)>>63)
	reason := 4 - tie                // ReasonOutranked or ReasonTie
	reason -= bookend * (reason - 2) // ReasonBookends
	reason -= strong * (reason - 1)  // ReasonStrongest
	return lineScore{length: n, worth: worth, points: n * (strong | bookend), verdict: verdict{sqTile[rival], Reason(reason)}}, true
}

// kindBytes returns the bytes of v equal to k (squares of a window holding kind k) with their top
// bit set, the others 0, exactly: no borrow from one byte reaches another.
func kindBytes(v uint64, k uint8) uint64 {
	const low7, tops = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	x := v ^ uint64(k)*0x0101010101010101
	return ^((x&low7 + low7) | x) & tops
}

// zeroKinds are the kinds with the Zeroes power (V10), bit k for kind k: a word rather than a
// slice, so that scoreLine's loop over them keeps it in a register.
var zeroKinds = func() (z kindSet) {
	for i, p := range powers {
		if p.Zeroes {
			z |= 1 << i
		}
	}
	return z
}()

// packWorth[k][n] is kind k's worth in a line where its pack is n tiles (at most MaxLine < win):
// its Worth tabulated (a function of the value and the pack alone), or its value. kindValue[k]
// is its worth with no pack; packKinds are the kinds with the Pack power, bit k for kind k.
var kindValue, packKinds, packWorth = func() (v [NumKinds]int, pk kindSet, w [NumKinds][win]int) {
	for i, p := range powers {
		if p.Pack {
			pk |= 1 << i
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
