package herrlof_test

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// oracle decides exactly whether a full state is possible for one seat (the viewer) given
// everything it saw this hand. Like observer, it follows the hand from the moves themselves
// (see, before each Apply) and reads only what the viewer may see: every card played and by
// whom, who drew and who returned with a 3 (the returned card only for its own returns), who
// took with a 6 from whom (both cards only when the viewer is one of the two), the trump card,
// and its own hand. It never reads the package's bookkeeping of what seats know.
//
// A sample is feasible when some history of the hidden events since the deal reproduces all of
// that and ends in the sample's other hands and stock. The hidden choices are: the deal of the
// cards the viewer has not seen; the card each draw brings (the top of the stock: always a card
// of the original stock, since returns go to the bottom); the card each return puts under the
// stock; and, for a 6 exchange between the two other seats, the card taken and the card given.
// The constraints are the rules: a card played was held; a seat that played a suited card not
// of the led suit held none of the led suit then (H6); a card the viewer gave a seat was in
// that seat's hand until the seat was seen to move it, and one it took from a seat was there.
//
// feasible walks back from the sample over the recorded events, keeping the other seats' hands
// as multisets, and searches the hidden choices depth first with memoisation on (event, hands).
// Each card is somewhere at every step (hands, stock, trick, cards out, trump card), so once the
// walk reaches the deal every partition it arrives at is a deal.
//
// An acceptance is checked too: the choices the search found make a witness, a deal and a list
// of moves that reproduce what the viewer saw, and feasible replays it with Apply (which
// enforces H6) and compares the result with the sample. A witness that fails is reported as an
// oracle bug ("witness").
type oracle struct {
	n, me int
	ev    []oevent
	stock []int                // the stock from the bottom: -1 an original card, j ≥ 0 the card of return j
	nret  int                  // returns this hand
	mine  map[int]herrlof.Card // the viewer's own returns: the card
	err   string               // set when the oracle lost track (a bug, or a case it does not handle)
	pub   public               // what the viewer sees of the state after the last move

	// For the witness.
	start  herrlof.State  // the state before the deal: no hidden card in it
	leader norns.Player   // the opening leader of the hand
	hand0  herrlof.Cards  // the viewer's hand at the deal
	trump0 herrlof.Card   // the trump card at the deal
	moves  []herrlof.Move // the moves since the deal; the ones hidden from the viewer are replaced
	evAt   []int          // for each move, the event it made, or -1
	tops   []topTake      // the cards taken from the top of the stock, in order
}

// topTake is a card taken from the top of the stock: by a draw the viewer did not see (the card
// event ev chose) or one it saw (its own draw, a new trump card: card, and ev is -1).
type topTake struct {
	card herrlof.Card
	ev   int
}

// public is what every sample of the viewer's view must share with the real state.
type public struct {
	phase           herrlof.Phase
	toMove          norns.Player
	power, target   norns.Player
	hand            herrlof.Cards // the viewer's
	lens            [3]int
	stockLen        int
	trump           herrlof.Card
	trick           herrlof.Trick
	played          herrlof.Cards
	tricks          [3]int
	handNo          int
	opener          norns.Player
	scores, correct [3]int
}

// oeventKind is what an event of another seat's hand does.
type oeventKind uint8

const (
	evPlay   oeventKind = iota // seat played card; it held no card of led then, unless led is NoSuit
	evDraw                     // seat drew the top card of the stock, unseen by the viewer
	evReturn                   // seat put a card under the stock: the card of return ret
	evPass                     // card passed from seat to seat to with a 6; NoCard: the viewer did not see it
)

// oevent is one event that changes another seat's hand.
type oevent struct {
	kind     oeventKind
	seat, to int
	card     herrlof.Card
	led      herrlof.Suit
	ret      int
}

func (e oevent) String() string {
	switch e.kind {
	case evPlay:
		if e.led.IsValid() {
			return fmt.Sprintf("%d plays %v (out of %v)", e.seat, e.card, e.led)
		}
		return fmt.Sprintf("%d plays %v", e.seat, e.card)
	case evDraw:
		return fmt.Sprintf("%d draws", e.seat)
	case evReturn:
		return fmt.Sprintf("%d returns (return %d)", e.seat, e.ret)
	}
	if e.card == herrlof.NoCard {
		return fmt.Sprintf("%d passes ? to %d", e.seat, e.to)
	}
	return fmt.Sprintf("%d passes %v to %d", e.seat, e.card, e.to)
}

func newOracle(n, me int) *oracle {
	o := &oracle{n: n, me: me}
	o.reset()
	return o
}

func (o *oracle) reset() {
	o.ev, o.stock, o.nret, o.mine, o.err = nil, nil, 0, map[int]herrlof.Card{}, ""
	o.moves, o.evAt, o.tops = nil, nil, nil
}

// see updates o with move m about to be applied to s.
func (o *oracle) see(s herrlof.State, m herrlof.Move) {
	next, err := s.Apply(m)
	if err != nil {
		o.err = fmt.Sprintf("move %v refused: %v", m, err)
		return
	}
	nev := len(o.ev)
	switch s.Phase() {
	case herrlof.PhaseDeal:
		o.reset()
		o.stock = make([]int, next.StockLen())
		for i := range o.stock {
			o.stock[i] = -1
		}
		o.start, o.leader = s, m.Leader()
		o.hand0, o.trump0 = next.Hand(norns.Player(o.me)), next.TrumpCard()
	case herrlof.PhasePlay:
		q, c := int(s.ToMove()), m.Card()
		if q != o.me {
			e := oevent{kind: evPlay, seat: q, card: c, led: herrlof.NoSuit}
			if led := s.Trick().LedSuit(); c.IsSuited() && led.IsValid() && c.Suit() != led {
				e.led = led
			}
			o.ev = append(o.ev, e)
		}
	case herrlof.PhaseDraw:
		if m.Kind() == herrlof.MoveDraw {
			if top := o.stock[len(o.stock)-1]; top >= 0 {
				o.err = fmt.Sprintf("a draw brought back the card of return %d", top)
			}
			o.stock = o.stock[:len(o.stock)-1]
			if q := int(s.PowerSeat()); q != o.me {
				o.tops = append(o.tops, topTake{ev: len(o.ev)})
				o.ev = append(o.ev, oevent{kind: evDraw, seat: q})
			} else {
				for c := range next.Hand(norns.Player(q)).Minus(s.Hand(norns.Player(q))).All() {
					o.tops = append(o.tops, topTake{card: c, ev: -1})
				}
			}
		}
	case herrlof.PhaseReturn:
		q := int(s.PowerSeat())
		if q == o.me {
			o.mine[o.nret] = m.Card()
		} else {
			o.ev = append(o.ev, oevent{kind: evReturn, seat: q, ret: o.nret})
		}
		o.stock = append([]int{o.nret}, o.stock...)
		o.nret++
	case herrlof.PhasePick, herrlof.PhaseGive:
		from, to := int(s.PowerTarget()), int(s.PowerSeat()) // the pick: target to owner
		if s.Phase() == herrlof.PhaseGive {
			from, to = to, from
		}
		c := m.Card()
		if from != o.me && to != o.me {
			c = herrlof.NoCard
		}
		o.ev = append(o.ev, oevent{kind: evPass, seat: from, to: to, card: c})
	}
	if s.Phase() != herrlof.PhaseDeal {
		o.moves = append(o.moves, m)
		o.evAt = append(o.evAt, -1)
		if len(o.ev) > nev {
			o.evAt[len(o.evAt)-1] = nev
		}
	}
	if ph := next.Phase(); ph == herrlof.PhaseDeal || ph == herrlof.PhaseOver {
		return
	}
	// Two Valknuts turned the top of the stock up as trump (H13).
	for len(o.stock) > next.StockLen() {
		if top := o.stock[len(o.stock)-1]; top >= 0 {
			o.err = fmt.Sprintf("a trump change turned up the card of return %d", top)
		}
		o.stock = o.stock[:len(o.stock)-1]
		o.tops = append(o.tops, topTake{card: next.TrumpCard(), ev: -1})
	}
	if len(o.stock) != next.StockLen() {
		o.err = fmt.Sprintf("lost track of the stock: %d positions, the state has %d", len(o.stock), next.StockLen())
	}
	o.pub = publicOf(next, o.me)
}

// publicOf reads what seat me sees of s (its hand and the public record).
func publicOf(s herrlof.State, me int) public {
	p := public{
		phase: s.Phase(), toMove: s.ToMove(), power: s.PowerSeat(), target: s.PowerTarget(),
		hand: s.Hand(norns.Player(me)), stockLen: s.StockLen(), trump: s.TrumpCard(),
		trick: s.Trick(), played: s.Played(), handNo: s.Round(), opener: s.Opener(),
	}
	for q := range s.Players() {
		p.lens[q] = s.Hand(norns.Player(q)).Len()
		p.tricks[q] = s.Tricks(norns.Player(q))
		p.scores[q] = s.Score(norns.Player(q))
		p.correct[q] = s.CorrectBids(norns.Player(q))
	}
	return p
}

// oracleKey is a node of the backward search: the events still to undo and the hands then.
type oracleKey struct {
	i     int
	hands [3]herrlof.Cards
}

// oracleSearch is one run of feasible.
type oracleSearch struct {
	o      *oracle
	smp    herrlof.State
	pos    []int // the stock position of each return in smp
	dead   map[oracleKey]bool
	choice []herrlof.Card   // the hidden card each event chose, on the path found
	deal   [3]herrlof.Cards // the other seats' hands at the deal, on the path found
	low    int              // the earliest event the search got stuck at
	lowWhy string           // and why
	lowH   [3]herrlof.Cards
}

// feasible reports whether smp is a state the viewer cannot rule out, and if not, why: the
// reason starts with a short category ("public", "return", "show-out", "missing", "draw",
// "exchange") and says at which event the backward search got stuck earliest.
func (o *oracle) feasible(smp herrlof.State) (bool, string) {
	if o.err != "" {
		return false, "oracle: " + o.err
	}
	if smp.Players() != o.n {
		return false, fmt.Sprintf("public: %d players", smp.Players())
	}
	if got := publicOf(smp, o.me); got != o.pub {
		return false, fmt.Sprintf("public: the sample shows %+v, the viewer saw %+v", got, o.pub)
	}
	if why := partition(smp); why != "" {
		return false, "public: " + why
	}
	w := &oracleSearch{o: o, smp: smp, dead: map[oracleKey]bool{}, low: len(o.ev) + 1,
		choice: make([]herrlof.Card, len(o.ev))}
	w.pos = make([]int, o.nret)
	for i := range w.pos {
		w.pos[i] = -1
	}
	for i, j := range o.stock {
		if j >= 0 {
			w.pos[j] = i
		}
	}
	for j, c := range o.mine {
		if got := herrlof.StockAt(smp, w.pos[j]); got != c {
			return false, fmt.Sprintf("return: the viewer put %v under the stock (position %d), the sample has %v", c, w.pos[j], got)
		}
	}
	var hands [3]herrlof.Cards
	for q := range o.n {
		if q != o.me {
			hands[q] = smp.Hand(norns.Player(q))
		}
	}
	if w.back(len(o.ev), hands) {
		if why := w.replay(); why != "" {
			return false, "witness: " + why
		}
		return true, ""
	}
	return false, fmt.Sprintf("%s, undoing event %d (%v) with hands %v", w.lowWhy, w.low, o.ev[w.low], w.handsString(w.lowH))
}

// partition checks that smp places every card of the deck exactly once.
func partition(smp herrlof.State) string {
	var count [herrlof.DeckSize]int
	addAll := func(h herrlof.Cards) {
		for c := range h.All() {
			count[c]++
		}
	}
	for q := range smp.Players() {
		addAll(smp.Hand(norns.Player(q)))
	}
	addAll(smp.Played())
	for _, c := range smp.Stock() {
		count[c]++
	}
	for i := range smp.Trick().Len() {
		count[smp.Trick().Card(i)]++
	}
	count[smp.TrumpCard()]++
	for c := range herrlof.FullDeck().Kinds() {
		if want := herrlof.FullDeck().Count(c); count[c] != want {
			return fmt.Sprintf("%v is there %d times, want %d", c, count[c], want)
		}
	}
	return ""
}

func (w *oracleSearch) handsString(h [3]herrlof.Cards) string {
	var parts []string
	for q := range w.o.n {
		if q != w.o.me {
			parts = append(parts, fmt.Sprintf("%d: %v", q, h[q]))
		}
	}
	return strings.Join(parts, "; ")
}

// stuck notes that event e cannot be undone from hands h.
func (w *oracleSearch) stuck(e int, h [3]herrlof.Cards, format string, args ...any) {
	if e < w.low {
		w.low, w.lowWhy, w.lowH = e, fmt.Sprintf(format, args...), h
	}
}

// back reports whether the first i events can lead to the other seats holding hands after them.
func (w *oracleSearch) back(i int, hands [3]herrlof.Cards) bool {
	if i == 0 {
		w.deal = hands
		return true // whatever the others hold now, the deal gave it to them
	}
	k := oracleKey{i, hands}
	if w.dead[k] {
		return false
	}
	if w.undo(i-1, hands) {
		return true
	}
	w.dead[k] = true
	return false
}

// undo tries every way event e can have led to hands, and continues the search before it.
func (w *oracleSearch) undo(e int, h [3]herrlof.Cards) bool {
	ev := w.o.ev[e]
	q := ev.seat
	switch ev.kind {
	case evPlay:
		if ev.led.IsValid() && !h[q].OfSuit(ev.led).IsEmpty() {
			w.stuck(e, h, "show-out: seat %d showed out of %v holding %v", q, ev.led, h[q].OfSuit(ev.led))
			return false
		}
		var ok bool
		if h[q], ok = with(h[q], ev.card); !ok {
			w.stuck(e, h, "public: seat %d cannot hold another %v", q, ev.card)
			return false
		}
		return w.back(e, h)
	case evDraw:
		for c := range h[q].Kinds() { // the card drawn
			g := h
			g[q] = h[q].Without(c)
			if w.back(e, g) {
				w.choice[e] = c
				return true
			}
		}
		if h[q].IsEmpty() {
			w.stuck(e, h, "draw: seat %d holds nothing it could have drawn", q)
		}
		return false
	case evReturn:
		c := herrlof.StockAt(w.smp, w.pos[ev.ret])
		var ok bool
		if h[q], ok = with(h[q], c); !ok {
			w.stuck(e, h, "return: seat %d cannot have held the %v it returned", q, c)
			return false
		}
		return w.back(e, h)
	}
	// evPass: the card went from q to ev.to.
	if ev.card != herrlof.NoCard {
		if ev.to != w.o.me && !h[ev.to].Has(ev.card) {
			w.stuck(e, h, "missing: seat %d got %v with a 6 and does not hold it after", ev.to, ev.card)
			return false
		}
		return w.pass(e, h, q, ev.to, ev.card)
	}
	for c := range h[ev.to].Kinds() {
		if w.pass(e, h, q, ev.to, c) {
			w.choice[e] = c
			return true
		}
	}
	if h[ev.to].IsEmpty() {
		w.stuck(e, h, "exchange: seat %d holds nothing it could have received", ev.to)
	}
	return false
}

// pass undoes the move of c from seat from to seat to and continues the search.
func (w *oracleSearch) pass(e int, h [3]herrlof.Cards, from, to int, c herrlof.Card) bool {
	if to != w.o.me {
		h[to] = h[to].Without(c)
	}
	if from == w.o.me {
		return w.back(e, h) // the viewer's hand is known: it held c
	}
	var ok bool
	if h[from], ok = with(h[from], c); !ok {
		w.stuck(e, h, "exchange: seat %d cannot have held another %v", from, c)
		return false
	}
	return w.back(e, h)
}

// replay builds the witness of the path the search found, plays it from the state before the
// deal, and returns how its result differs from the sample, or "".
func (w *oracleSearch) replay() string {
	o := w.o
	hands := make([]herrlof.Cards, o.n)
	for q := range o.n {
		hands[q] = w.deal[q]
	}
	hands[o.me] = o.hand0
	// The stock from the top: the cards taken from the top in order, then the original cards
	// still in the sample's stock.
	var stock []herrlof.Card
	for _, tk := range o.tops {
		c := tk.card
		if tk.ev >= 0 {
			c = w.choice[tk.ev]
		}
		stock = append(stock, c)
	}
	for i := len(o.stock) - 1; i >= 0; i-- {
		if o.stock[i] < 0 {
			stock = append(stock, herrlof.StockAt(w.smp, i))
		}
	}
	d, err := herrlof.Deal(o.leader, hands, o.trump0, stock)
	if err != nil {
		return fmt.Sprintf("the deal (hands %v, trump %v, stock %v): %v", hands, o.trump0, stock, err)
	}
	s, err := o.start.Apply(d)
	if err != nil {
		return fmt.Sprintf("the deal: %v", err)
	}
	for k, m := range o.moves {
		if e := o.evAt[k]; e >= 0 {
			switch ev := o.ev[e]; {
			case ev.kind == evReturn:
				m = herrlof.Return(herrlof.StockAt(w.smp, w.pos[ev.ret]))
			case ev.kind == evPass && ev.card == herrlof.NoCard && m.Kind() == herrlof.MovePick:
				m = herrlof.Pick(w.choice[e])
			case ev.kind == evPass && ev.card == herrlof.NoCard:
				m = herrlof.Give(w.choice[e])
			}
		}
		if s, err = s.Apply(m); err != nil {
			return fmt.Sprintf("move %d (%v): %v", k, m, err)
		}
	}
	for q := range o.n {
		if got := s.Hand(norns.Player(q)); got != w.smp.Hand(norns.Player(q)) {
			return fmt.Sprintf("seat %d ends with %v", q, got)
		}
	}
	if !slices.Equal(s.Stock(), w.smp.Stock()) {
		return fmt.Sprintf("the stock ends as %v", s.Stock())
	}
	if got := publicOf(s, o.me); got != o.pub {
		return fmt.Sprintf("the replay shows %+v", got)
	}
	return ""
}

// with returns h with one more c, and false when the deck has no such copy.
func with(h herrlof.Cards, c herrlof.Card) (herrlof.Cards, bool) {
	if h.Count(c) >= herrlof.FullDeck().Count(c) {
		return h, false
	}
	return h.With(c), true
}

// log lists the events o recorded, for failure reports.
func (o *oracle) log() string {
	parts := make([]string, len(o.ev))
	for i, e := range o.ev {
		parts[i] = fmt.Sprintf("#%d %v", i, e)
	}
	return strings.Join(parts, ", ")
}

// stockString lists the stock of s from the bottom, marking the cards returns put there.
func (o *oracle) stockString(s herrlof.State) string {
	var b strings.Builder
	b.WriteString("stock from the bottom:")
	for i := range s.StockLen() {
		fmt.Fprintf(&b, " %v", herrlof.StockAt(s, i))
		if i < len(o.stock) && o.stock[i] >= 0 {
			fmt.Fprintf(&b, "(return %d)", o.stock[i])
		}
	}
	return b.String()
}

// sampleInfeasible plays random matches of one hand and checks, at every state after the deal,
// samples samples of every seat's view against that seat's oracle. It returns how many failed
// and a description of the first failure; it logs the failures by category.
func sampleInfeasible(t *testing.T, sample sampler, players []int, matches, samples int) (bad int, first string) {
	t.Helper()
	return oracleRun(t, players, matches, func(s herrlof.State, p int, r *rng.Rand) []herrlof.State {
		v := s.View(norns.Player(p))
		out := make([]herrlof.State, samples)
		for i := range out {
			out[i] = sample(v, r)
		}
		return out
	})
}

// oracleRun plays random matches (one hand each; seeds as sampleViolations) and checks, at every
// state after the deal, the states pick returns for every seat against that seat's oracle.
func oracleRun(t *testing.T, players []int, matches int, pick func(s herrlof.State, p int, r *rng.Rand) []herrlof.State) (bad int, first string) {
	t.Helper()
	total := 0
	kinds := map[string]int{}
	for _, n := range players {
		for seed := range uint64(matches) {
			r := rng.New(seed*7 + uint64(n))
			ors := make([]*oracle, n)
			for p := range n {
				ors[p] = newOracle(n, p)
			}
			playRandom(t, herrlof.Config{Players: n, HandLimit: 1}, r, func(s herrlof.State) {
				for p := range n {
					for _, smp := range pick(s, p, r) {
						total++
						ok, why := ors[p].feasible(smp)
						if ok {
							continue
						}
						kind, _, _ := strings.Cut(why, ":")
						kinds[kind]++
						if bad == 0 {
							first = fmt.Sprintf("%dp seed %d, seat %d: %s\nevents seen: %s\nsample:\n%v%s\nreal state:\n%v%s",
								n, seed, p, why, ors[p].log(), smp, ors[p].stockString(smp), s, ors[p].stockString(s))
						}
						bad++
					}
				}
			}, func(s herrlof.State, m herrlof.Move) {
				for _, o := range ors {
					o.see(s, m)
				}
			})
		}
	}
	if bad > 0 {
		var ks []string
		for k, c := range kinds {
			ks = append(ks, fmt.Sprintf("%s %d", k, c))
		}
		sort.Strings(ks)
		t.Logf("%d infeasible of %d states checked (%s)", bad, total, strings.Join(ks, ", "))
	} else {
		t.Logf("%d states checked, all feasible", total)
	}
	return bad, first
}

// TestOracleAcceptsTrueState: the real state is always possible for every seat. Over many
// random three- and two-player hands, the oracle accepts it at every step: the strongest check
// that the oracle is not too strict.
func TestOracleAcceptsTrueState(t *testing.T) {
	matches := 1500
	if testing.Short() {
		matches = 200
	}
	truth := func(s herrlof.State, _ int, _ *rng.Rand) []herrlof.State { return []herrlof.State{s} }
	if bad, first := oracleRun(t, []int{3, 2}, matches, truth); bad > 0 {
		t.Fatalf("%d real states rejected; the first: %s", bad, first)
	}
}

// TestSampleExactOracleTwoPlayers: with two players every sample of every seat's view, along
// many random hands, is possible. The current sampler fails it in two hands of the 1000: a card
// the viewer gave the other seat, which that seat can only have put under the stock before it
// showed out of its suit, placed at a later return (as TestOracleKnownCardReturnedBeforeShowOut);
// and a Hagalaz the viewer saw passed to a seat twice, played once, in neither its hand nor the
// return it made between.
func TestSampleExactOracleTwoPlayers(t *testing.T) {
	matches := 1000
	if testing.Short() {
		matches = 150
	}
	if bad, first := sampleInfeasible(t, herrlof.View.Sample, []int{2}, matches, 2); bad > 0 {
		t.Fatalf("%d impossible samples; the first: %s", bad, first)
	}
}

// TestSampleExactOracleThreePlayers: with three players every sample of every seat's view is
// possible. The sampler that assumes hidden 6 exchanges pass no card on fails this.
func TestSampleExactOracleThreePlayers(t *testing.T) {
	matches := 1000
	if testing.Short() {
		matches = 150
	}
	if bad, first := sampleInfeasible(t, herrlof.View.Sample, []int{3}, matches, 2); bad > 0 {
		t.Fatalf("%d impossible samples; the first: %s", bad, first)
	}
}

// TestSampleOracleCatchesPlainSampler: the plain sampler ignores what the seats saw, and the
// oracle rejects some of its samples, with two players and with three.
func TestSampleOracleCatchesPlainSampler(t *testing.T) {
	for _, n := range []int{2, 3} {
		if bad, _ := sampleInfeasible(t, herrlof.PlainSample, []int{n}, 20, 2); bad == 0 {
			t.Errorf("%d players: the oracle accepted every sample of the plain sampler", n)
		}
	}
}

// playOracle plays moves in notation from a new match of cfg, deal first, feeding an oracle for
// seat me, and returns the state and the oracle.
func playOracle(t *testing.T, cfg herrlof.Config, deal herrlof.Move, me int, moves ...string) (herrlof.State, *oracle) {
	t.Helper()
	o := newOracle(mustNew(t, cfg).Players(), me)
	return script(t, cfg, deal, o.see, moves...), o
}

// wantFeasible checks the oracle's verdict on smp.
func wantFeasible(t *testing.T, o *oracle, smp herrlof.State, want bool, what string) {
	t.Helper()
	ok, why := o.feasible(smp)
	if ok != want {
		t.Errorf("%s: feasible %v, want %v (%s)\n%v%s", what, ok, want, why, smp, o.stockString(smp))
	} else if !ok {
		t.Logf("%s: rejected: %s", what, why)
	}
}

// TestOracleKnownCardReturnedBeforeShowOut is the hand of TestSampleKnownCardReturnedBeforeShowOut
// (two players, seen by seat 0): seat 0 gives seat 1 the G7 with a 6; seat 1 returns it with its
// R3, then shows out of red, blue and green, draws with its Y3 and returns the H. The G7 left
// seat 1 before its green show-out, and the only way out unseen was its first return: the G7 is
// at that stock position for good (a draw takes the top of the stock, and the stock never runs
// down to the returned cards). A state with the G7 at the second return is impossible.
func TestOracleKnownCardReturnedBeforeShowOut(t *testing.T) {
	d := dealMove(t, 2, 1, []string{
		"R2 R4 R5 R6 G4 G7 G9 B4 B5 B6 B8 B9 Y6 Y7 V",
		"R3 R7 R8 G2 G3 G5 G8 B3 Y1 Y2 Y3 Y4 Y8 H H",
	}, "R1", "B2 H Y9 R9 B7 G1 V V Y5 G6 B1")
	s, o := playOracle(t, two, d, 0, "bid 15", "bid 9", "R7", "R2", "Y2", "Y7", "B6", "B3", "nodraw",
		"take", "pick G5", "give G7", "R6", "R8", "G8", "V", "G3", "nodraw", "G9", "Y4", "Y6", "notake",
		"B9", "H", "R3", "draw", "return G7", "R4", "B4", "B2", "G5", "G2", "R5", "Y1", "B5", "Y8",
		"G4", "Y3", "draw", "return H")
	h, g7, b1 := card(t, "H"), card(t, "G7"), card(t, "B1")
	if herrlof.StockAt(s, 0) != h || herrlof.StockAt(s, 1) != g7 || s.Hand(1) != herrlof.CardsOf(h) {
		t.Fatalf("unexpected hand:\n%v%s", s, o.stockString(s))
	}
	wantFeasible(t, o, s, true, "the real state")
	// Seat 1 may have drawn the B1 with its Y3 (a blue card after its blue show-out: the draw).
	drew := herrlof.SwapHidden(s, 1, h, 2, 0, 0)
	if drew.Hand(1) != herrlof.CardsOf(b1) {
		t.Fatalf("SwapHidden did not give seat 1 the B1:\n%v", drew)
	}
	wantFeasible(t, o, drew, true, "B1 drawn")
	// The G7 at the second return, the H at the first.
	moved := herrlof.SwapHidden(herrlof.SwapHidden(s, 1, h, 1, 0, 0), 1, g7, 0, 0, 0)
	if herrlof.StockAt(moved, 0) != g7 || herrlof.StockAt(moved, 1) != h {
		t.Fatalf("SwapHidden did not move the G7:\n%v", o.stockString(moved))
	}
	wantFeasible(t, o, moved, false, "the G7 at the second return")
}

// TestOracleHiddenExchangeThreePlayers: seen by seat 0 in hand3, seat 0's R6 wins and it gives
// seat 1 the R1 (seat 1 showed out of red in that trick); then seat 2's B6 wins and seat 2 takes
// a card from seat 1 and gives one back, unseen by seat 0 (in fact it takes the R1 and gives the
// B1). Before that exchange the R1 can only be in seat 1's hand, and seat 1 holds no other red
// card; after it, the R1 may be in either hand (and seat 1 may hold the R9 too), never in the
// stock.
func TestOracleHiddenExchangeThreePlayers(t *testing.T) {
	moves := []string{"bid 1", "bid 1", "bid 1", "R6", "G1", "H", "take 1", "pick G2", "give R1",
		"B6", "R2", "H", "take 1", "pick R1", "give B1"}
	r1, r9, g3, b2 := card(t, "R1"), card(t, "R9"), card(t, "G3"), card(t, "B2")
	before, o := playOracle(t, three, hand3(t, 0), 0, moves[:len(moves)-3]...) // seat 2 to take
	if before.Phase() != herrlof.PhaseTake || !before.Hand(1).Has(r1) {
		t.Fatalf("unexpected state:\n%v", before)
	}
	wantFeasible(t, o, before, true, "before: the real state")
	wantFeasible(t, o, herrlof.SwapHidden(before, 1, r1, -1, 2, b2), false, "before: R1 with seat 2")
	wantFeasible(t, o, herrlof.SwapHidden(before, 1, g3, -1, 2, r9), false, "before: R9 with seat 1")

	after, o := playOracle(t, three, hand3(t, 0), 0, moves...)
	if !after.Hand(2).Has(r1) {
		t.Fatalf("unexpected state:\n%v", after)
	}
	wantFeasible(t, o, after, true, "after: the real state")
	wantFeasible(t, o, herrlof.SwapHidden(after, 2, r1, -1, 1, g3), true, "after: R1 with seat 1")
	wantFeasible(t, o, herrlof.SwapHidden(herrlof.SwapHidden(after, 2, r1, -1, 1, g3), 2, r9, -1, 1, card(t, "G4")),
		true, "after: R1 and R9 with seat 1")
	wantFeasible(t, o, herrlof.SwapHidden(after, 2, r1, 0, 0, 0), false, "after: R1 in the stock")
}
