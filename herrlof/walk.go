package herrlof

import (
	"math/bits"

	"github.com/nornsgames/norns/rng"
)

// The sampler's search. What a seat sees late in a hand can rule out places for cards it saw
// early (a card it gave an opponent cannot be under the stock if the opponent showed out of its
// suit before returning anything), and with three players a seat does not see the 6 exchanges
// between the two others, which may pass any card on, so what it saw before and after such an
// exchange constrains both hands together. So the sampler retraces the hand backward from the
// sample it deals, and finds a witness that the sample could have happened (a history of the
// hidden moves that explains everything the seat saw):
//
// Every unknown place now (each card of an opponent's hand, each stock position the seat does not
// know) holds a variable. Walking the hand's record backward, a card played by an opponent goes
// back into its hand as a known card; at a show-out, no card in that hand may be of the suit (a
// known card of it ends the walk, a variable may no longer be of it); a return takes its stock
// position's variable back into the hand; a draw sends one of the hand's cards back to the stock
// (a choice); a hidden exchange swaps one card of each hand or none (a choice); a card the seat
// gave is a card of the receiver's hand then (one of its variables takes that card, a choice).
// At the deal, the unseen cards are dealt to the free variables, each avoiding the suits it may
// not be (a matching: Hall's condition over the sixteen sets of suits decides it). A walk that
// gets stuck backtracks (a depth-first search over the choices in random order, pruned where a
// known card is bound to meet a show-out of its suit). The search has no budget: it is
// exhaustive (the record has at most maxEvents events, each with finitely many choices), so Sample
// finds a witness whenever there is one, which every view of a reachable state has, and every
// consistent sample can come out. The longest search measured over the tests' random matches
// takes well under a thousand steps (TestSampleSearchAlwaysFinds logs it).

const (
	maxVars   = DeckSize             // a seat's view: 2 players, a hand of 15 (16 mid-power) and 11 in the stock; 3: 12+11+8; the spectator's: every card but the trump
	maxHeld   = 17                   // an opponent's hand as the walk holds it
	maxEvents = maxPlays + 2*4 + 2*4 // plays, draws and returns, the halves of the 6 exchanges
)

// A walk item is a variable (below 64: its index) or a known card c (64 + c).
const itemCard = 64

type evKind uint8

const (
	evPlay   evKind = iota // seat played card; show >= 0: it showed out of suit show
	evLeave                // card left seat to the viewer (a 6 exchange the viewer took part in)
	evArrive               // card reached seat from the viewer
	evDraw                 // seat drew with a 3, unseen
	evReturn               // seat put a card under the stock at position pos, unseen
	evSwap                 // a hidden 6 exchange between seat and other
	evPick                 // the first half of a hidden exchange: a card of other went to seat
)

type event struct {
	kind        evKind
	seat, other int8
	card        Card
	show        int8
	pos         uint8 // evReturn: the stock position, then its variable
	six         Suit  // evSwap, evPick: the 6
}

// walk is the search's state, copied at each choice.
type walk struct {
	held  [3][maxHeld]uint8 // the items in each opponent's hand
	n     [3]uint8
	mask  [maxVars]uint8     // suits each variable may not be
	card  [maxVars]Card      // the card a variable took at an arrival, or NoCard
	pool  Cards              // the unseen cards no variable took yet
	swaps [NumSuits][2]uint8 // the items each hidden exchange passed: taken, given
}

// walker holds what does not change during the search.
type walker struct {
	r     *rng.Rand
	ev    [maxEvents]event
	nev   int
	shown [maxEvents + 1][3]uint8 // suits each seat showed out of in the events before i
	// In the events before i: the last that can take a card out of each seat's hand when undone
	// (a draw, an exchange, an arrival), and the last show-out of each suit by each seat; -1 none.
	lastOut  [maxEvents + 1][3]int8
	lastShow [maxEvents + 1][3][NumSuits]int8
	loc      [maxVars]int8 // a variable's place: a seat, or 3 + a stock position
	nv       int
	steps    int // the events undone so far
	limit    int // the tests' cap on steps (sampleOptions.limit); 0: none
	out      walk
	final    [maxVars]Card
}

// retrace deals the unseen cards of view v into s (which holds everything else) as described
// above; it reports false when the record admits no history (the view of a state no match
// reaches) or, in tests, the search went past limit steps (0: no limit). traced, if not nil,
// learns which and how many steps the search took.
func (s *State) retrace(v *View, r *rng.Rand, seen Cards, stock *[stockCap]Card, limit int, traced func(found bool, steps int)) bool {
	w := walker{r: r, limit: limit}
	if !w.events(v) {
		return false
	}
	var st walk
	for i := range st.card {
		st.card[i] = NoCard
	}
	st.pool = deckBits.Minus(seen)
	for q := range int8(3) {
		if q == v.seat {
			continue
		}
		for range v.handLens[q] {
			if w.nv >= maxVars || st.n[q] >= maxHeld {
				return false
			}
			st.held[q][st.n[q]] = uint8(w.nv)
			st.n[q]++
			w.loc[w.nv] = q
			w.nv++
		}
	}
	stockVar := [stockCap]int8{}
	for i := range int(v.stockLen) {
		stockVar[i] = -1
		if v.seat >= 0 && v.stockSeen[v.seat]&(1<<i) != 0 {
			continue
		}
		if w.nv >= maxVars {
			return false
		}
		stockVar[i] = int8(w.nv)
		w.loc[w.nv] = int8(3 + i)
		w.nv++
	}
	if st.pool.Len() != w.nv {
		return false
	}
	for i := range w.nev {
		if e := &w.ev[i]; e.kind == evReturn {
			if int(e.pos) >= int(v.stockLen) || stockVar[e.pos] < 0 {
				return false
			}
			e.pos = uint8(stockVar[e.pos])
		}
	}
	found := w.run(w.nev-1, st)
	if traced != nil {
		traced(found, w.steps)
	}
	if !found {
		return false
	}
	for q := range int8(3) {
		if q != v.seat {
			s.hands[q] = 0
		}
	}
	for x := range w.nv {
		c := w.final[x]
		if l := w.loc[x]; l < 3 {
			s.hands[l] = s.hands[l].add(c)
		} else {
			stock[l-3] = c
		}
	}
	for q := range 3 {
		if !s.hands[q].Contains(v.knows[q]) {
			return false // cannot happen: a known card is bound in its holder's hand
		}
	}
	// The exchanges the seat did not see: the cards of the witness.
	t := s.tape()
	for st := range Suit(NumSuits) {
		if q := t.target(st); q >= 0 && t.taken(st) == NoCard && (v.phase != PhasePick || v.prev.winningCard() != Card(int(st)*9+5)) {
			t.setTaken(st, w.itemCard(w.out.swaps[st][0]))
			if v.phase != PhaseGive || v.prev.winningCard() != Card(int(st)*9+5) {
				t.setGiven(st, w.itemCard(w.out.swaps[st][1]))
			}
		}
	}
	return true
}

// itemCard returns the card of walk item it in the witness found.
func (w *walker) itemCard(it uint8) Card {
	if it >= itemCard {
		return Card(it - itemCard)
	}
	if c := w.out.card[it]; c != NoCard {
		return c
	}
	return w.final[it]
}

// events lists what the seat saw this hand that matters to the others' cards, in order.
func (w *walker) events(v *View) bool {
	t := &v.tape
	me := v.seat
	n := int(v.players)
	plays := n*int(v.trickNo) + int(v.trick.n)
	drawn := 0
	for st := range Suit(NumSuits) {
		if t.drew(st) {
			drawn++
		}
	}
	returns := drawn
	if v.phase == PhaseReturn {
		returns--
	}
	if v.stockSeen[0]|v.stockSeen[1]|v.stockSeen[2] != 1<<returns-1 {
		return false
	}
	add := func(e event) bool {
		if w.nev >= maxEvents {
			return false
		}
		i := w.nev
		w.ev[i] = e
		w.shown[i+1] = w.shown[i]
		w.lastOut[i+1] = w.lastOut[i]
		w.lastShow[i+1] = w.lastShow[i]
		switch e.kind {
		case evPlay:
			if e.show >= 0 {
				w.shown[i+1][e.seat] |= 1 << e.show
				w.lastShow[i+1][e.seat][e.show] = int8(i)
			}
		case evDraw, evArrive, evPick:
			w.lastOut[i+1][e.seat] = int8(i)
		case evSwap:
			w.lastOut[i+1][e.seat] = int8(i)
			w.lastOut[i+1][e.other] = int8(i)
		}
		w.nev++
		return true
	}
	for p := range w.lastOut[0] {
		w.lastOut[0][p] = -1
		w.lastShow[0][p] = [NumSuits]int8{-1, -1, -1, -1}
	}
	ret := 0
	led := NoSuit
	for k := range plays {
		c, p := t.play(k), t.seatOf(k, n)
		if k%n == 0 {
			led = NoSuit
		}
		show := int8(-1)
		if c < 36 {
			if led == NoSuit {
				led = c.Suit()
			} else if c.Suit() != led {
				show = int8(led)
			}
		}
		if p != me && !add(event{kind: evPlay, seat: p, card: c, show: show}) {
			return false
		}
		if c < 36 && c%9 == 2 && t.drew(c.Suit()) {
			if p != me && !add(event{kind: evDraw, seat: p}) {
				return false
			}
			if v.phase != PhaseReturn || k != plays-1 {
				if p != me && !add(event{kind: evReturn, seat: p, pos: uint8(returns - 1 - ret)}) {
					return false
				}
				ret++
			}
		}
		if k%n != n-1 || k/n >= int(v.trickNo) {
			continue
		}
		// The trick is complete: its 6 may have taken.
		for j := k - n + 1; j <= k; j++ {
			six := t.play(j)
			if six >= 36 || six%9 != 5 || t.target(six.Suit()) < 0 {
				continue
			}
			st := six.Suit()
			o, q := t.seatOf(j, n), t.target(st)
			pending := (v.phase == PhasePick || v.phase == PhaseGive) && k/n == int(v.trickNo)-1
			if pending && v.phase == PhasePick {
				continue
			}
			if o != me && q != me {
				kind := evSwap
				if pending {
					kind = evPick
				}
				if !add(event{kind: kind, seat: o, other: q, six: st}) {
					return false
				}
				continue
			}
			x, y := t.taken(st), t.given(st)
			ok := true
			if o == me {
				ok = add(event{kind: evLeave, seat: q, card: x})
				if y != NoCard {
					ok = ok && add(event{kind: evArrive, seat: q, card: y})
				}
			} else {
				ok = add(event{kind: evArrive, seat: o, card: x})
				if y != NoCard {
					ok = ok && add(event{kind: evLeave, seat: o, card: y})
				}
			}
			if !ok {
				return false
			}
		}
	}
	return true
}

// run undoes events i, i-1, ..., 0 from st, trying each choice in random order; at the deal
// it deals the unseen cards. It reports whether it found a witness (then in w.out, w.final).
func (w *walker) run(i int, st walk) bool {
	if w.doomed(i+1, &st) {
		return false
	}
	for ; i >= 0; i-- {
		if w.steps++; w.limit > 0 && w.steps > w.limit {
			return false
		}
		e := &w.ev[i]
		p := e.seat
		switch e.kind {
		case evPlay, evLeave:
			if !st.hold(p, itemCard+uint8(e.card)) {
				return false
			}
			if e.show >= 0 && e.kind == evPlay {
				for _, it := range st.held[p][:st.n[p]] {
					if it >= itemCard {
						if c := Card(it - itemCard); c < 36 && int8(c.Suit()) == e.show {
							return false
						}
					} else {
						st.mask[it] |= 1 << e.show
					}
				}
			}
		case evReturn:
			if !st.hold(p, e.pos) {
				return false
			}
		case evArrive:
			return w.arrive(i, st)
		case evDraw:
			return w.draw(i, st)
		case evSwap:
			return w.swap(i, st)
		case evPick:
			return w.pick(i, st)
		}
	}
	return w.deal(&st)
}

// doomed reports whether st, before undoing the events below i, holds a known card in a hand
// that showed out of its suit in those events after the last one that could take it out.
func (w *walker) doomed(i int, st *walk) bool {
	for p := range int8(3) {
		for _, it := range st.held[p][:st.n[p]] {
			if it >= itemCard && it-itemCard < 36 && w.lastShow[i][p][Card(it-itemCard).Suit()] > w.lastOut[i][p] {
				return true
			}
		}
	}
	return false
}

func (st *walk) hold(p int8, it uint8) bool {
	if st.n[p] >= maxHeld {
		return false
	}
	st.held[p][st.n[p]] = it
	st.n[p]++
	return true
}

func (st *walk) drop(p int8, j int) {
	st.n[p]--
	st.held[p][j] = st.held[p][st.n[p]]
}

// arrive undoes a card's arrival in a hand from the seat: the card was in that hand then, as a
// known card or as one of its variables.
func (w *walker) arrive(i int, st walk) bool {
	e := &w.ev[i]
	p, c := e.seat, e.card
	n := int(st.n[p])
	if n == 0 {
		return false
	}
	start := w.r.IntN(n)
	for j0 := range n {
		j := (start + j0) % n
		it := st.held[p][j]
		next := st
		switch {
		case it == itemCard+uint8(c):
		case it < itemCard && st.pool.Has(c) && (c >= 36 || st.mask[it]>>c.Suit()&1 == 0):
			next.card[it] = c
			next.pool = next.pool.Without(c)
		default:
			continue
		}
		next.drop(p, j)
		if w.run(i-1, next) {
			return true
		}
		if c < 36 && it == itemCard+uint8(c) {
			return false // the known card itself was the only way
		}
	}
	return false
}

// draw undoes a draw: one card of the hand came from the stock. Cards that must leave the hand
// before an earlier show-out of their suit are tried first.
func (w *walker) draw(i int, st walk) bool {
	e := &w.ev[i]
	p := e.seat
	n := int(st.n[p])
	if n == 0 {
		return false
	}
	shown := w.shown[i][p]
	for pass := range 2 {
		start := w.r.IntN(n)
		for j0 := range n {
			j := (start + j0) % n
			it := st.held[p][j]
			urgent := it >= itemCard && it-itemCard < 36 && shown>>Card(it-itemCard).Suit()&1 != 0
			if urgent != (pass == 0) {
				continue
			}
			next := st
			next.drop(p, j)
			if w.run(i-1, next) {
				return true
			}
		}
	}
	return false
}

// swap undoes a hidden 6 exchange: one card of each hand changed places, or none did.
func (w *walker) swap(i int, st walk) bool {
	e := &w.ev[i]
	o, q := e.seat, e.other
	no, nq := int(st.n[o]), int(st.n[q])
	if no == 0 || nq == 0 {
		return false
	}
	opts := no*nq + 1
	start := w.r.IntN(opts)
	for j0 := range opts {
		j := (start + j0) % opts
		next := st
		if j == no*nq { // the owner gave back the card it took: any card of the target's
			it := st.held[q][w.r.IntN(nq)]
			next.swaps[e.six] = [2]uint8{it, it}
		} else {
			a, b := j/nq, j%nq
			x, y := st.held[o][a], st.held[q][b] // o took x from q and gave q y
			next.held[o][a], next.held[q][b] = y, x
			next.swaps[e.six] = [2]uint8{x, y}
		}
		if w.run(i-1, next) {
			return true
		}
	}
	return false
}

// pick undoes the first half of a hidden exchange whose give is pending: one card of the
// owner's hand came from the target's.
func (w *walker) pick(i int, st walk) bool {
	e := &w.ev[i]
	o, q := e.seat, e.other
	n := int(st.n[o])
	if n == 0 {
		return false
	}
	start := w.r.IntN(n)
	for j0 := range n {
		j := (start + j0) % n
		next := st
		it := st.held[o][j]
		next.drop(o, j)
		if !next.hold(q, it) {
			return false
		}
		next.swaps[e.six] = [2]uint8{it, it}
		if w.run(i-1, next) {
			return true
		}
	}
	return false
}

// deal deals the unseen cards left to the free variables, each avoiding its suits, uniformly
// among the cards that keep a complete deal possible.
func (w *walker) deal(st *walk) bool {
	var byMask [16]int
	var cnt [NumSuits + 1]int
	free := 0
	for x := range w.nv {
		if st.card[x] == NoCard {
			byMask[st.mask[x]]++
			free++
		}
	}
	pool := st.pool
	for s := range Suit(NumSuits) {
		cnt[s] = (pool & suitBits[s]).Len()
	}
	cnt[NumSuits] = (pool & vhBits).Len()
	if free != pool.Len() || !hall(&byMask, &cnt) {
		return false
	}
	w.out = *st
	// The constrained variables first, each a card that leaves the rest possible. With one set
	// of suits to avoid, any card allowed does (Hall's condition is then a count).
	kinds := 0
	for m := 1; m < 16; m++ {
		if byMask[m] != 0 {
			kinds++
		}
	}
	for x := range w.nv {
		m := st.mask[x]
		if st.card[x] != NoCard {
			w.final[x] = st.card[x]
			continue
		}
		if m == 0 {
			continue
		}
		byMask[m]--
		var bad uint8 // classes tried and found impossible
		for {
			total := 0
			for cl := range NumSuits + 1 {
				if ok(m, bad, cl) {
					total += cnt[cl]
				}
			}
			if total == 0 {
				return false // cannot happen once hall held
			}
			y := w.r.IntN(total)
			cl := 0
			for ; ; cl++ {
				if ok(m, bad, cl) {
					if y < cnt[cl] {
						break
					}
					y -= cnt[cl]
				}
			}
			cnt[cl]--
			if kinds <= 1 || hall(&byMask, &cnt) {
				c := pickClass(w.r, pool, cl)
				pool = pool.Without(c)
				w.final[x] = c
				break
			}
			cnt[cl]++
			bad |= 1 << cl
		}
	}
	// The rest, uniformly.
	var rest [DeckSize]uint8
	k := pool.positions(&rest)
	rng.ShuffleSmall(w.r, rest[:k]) // every card left goes to a variable
	j := 0
	for x := range w.nv {
		if st.card[x] == NoCard && st.mask[x] == 0 {
			w.final[x] = bitCard(int(rest[j]))
			j++
		}
	}
	return true
}

// ok reports whether class cl (a suit, or NumSuits for the unsuited cards) fits mask m and was
// not found impossible.
func ok(m, bad uint8, cl int) bool {
	return bad>>cl&1 == 0 && (cl == NumSuits || m>>cl&1 == 0)
}

// hall reports whether the variables (byMask[m]: how many may not be of the suits in m) can all
// get a card of the pool (cnt: its cards by suit, then the unsuited ones): for every set A of
// suits, the variables confined to A's suits and the unsuited cards must not outnumber them.
func hall(byMask *[16]int, cnt *[NumSuits + 1]int) bool {
	var have, need [16]int
	have[0] = cnt[NumSuits]
	for a := 1; a < 16; a++ {
		have[a] = have[a&(a-1)] + cnt[bits.TrailingZeros(uint(a))]
	}
	for m, k := range byMask {
		need[^m&15] += k // the variables whose allowed suits are exactly ^m
	}
	for s := range NumSuits { // need[a]: those whose allowed suits are within a
		for a := range 16 {
			if a>>s&1 != 0 {
				need[a] += need[a^1<<s]
			}
		}
	}
	for a := range 16 {
		if need[a] > have[a] {
			return false
		}
	}
	return true
}

// pickClass draws a card of class cl (a suit, or the unsuited cards) from pool, each copy
// equally likely.
func pickClass(r *rng.Rand, pool Cards, cl int) Card {
	var h Cards
	if cl < NumSuits {
		h = pool & suitBits[cl]
	} else {
		h = pool & vhBits
	}
	x := uint64(h)
	for j := r.IntN(bits.OnesCount64(x)); j > 0; j-- {
		x &= x - 1
	}
	return bitCard(bits.TrailingZeros64(x))
}
