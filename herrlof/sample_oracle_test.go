package herrlof_test

import (
	"fmt"
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
type oracle struct {
	n, me int
	ev    []oevent
	stock []int                // the stock from the bottom: -1 an original card, j ≥ 0 the card of return j
	nret  int                  // returns this hand
	mine  map[int]herrlof.Card // the viewer's own returns: the card
	err   string               // set when the oracle lost track (a bug, or a case it does not handle)
	pub   public               // what the viewer sees of the state after the last move
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
}

// see updates o with move m about to be applied to s.
func (o *oracle) see(s herrlof.State, m herrlof.Move) {
	next, err := s.Apply(m)
	if err != nil {
		o.err = fmt.Sprintf("move %v refused: %v", m, err)
		return
	}
	switch s.Phase() {
	case herrlof.PhaseDeal:
		o.reset()
		o.stock = make([]int, next.StockLen())
		for i := range o.stock {
			o.stock[i] = -1
		}
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
				o.ev = append(o.ev, oevent{kind: evDraw, seat: q})
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
	if ph := next.Phase(); ph == herrlof.PhaseDeal || ph == herrlof.PhaseOver {
		return
	}
	// Two Valknuts turned the top of the stock up as trump (H13).
	for len(o.stock) > next.StockLen() {
		if top := o.stock[len(o.stock)-1]; top >= 0 {
			o.err = fmt.Sprintf("a trump change turned up the card of return %d", top)
		}
		o.stock = o.stock[:len(o.stock)-1]
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
		trick: s.Trick(), played: s.Played(), handNo: s.HandNumber(), opener: s.Opener(),
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
	low    int    // the earliest event the search got stuck at
	lowWhy string // and why
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
	w := &oracleSearch{o: o, smp: smp, dead: map[oracleKey]bool{}, low: len(o.ev) + 1}
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
func sampleInfeasible(t *testing.T, players []int, matches, samples int) (bad int, first string) {
	t.Helper()
	return oracleRun(t, players, matches, func(s herrlof.State, p int, r *rng.Rand) []herrlof.State {
		v := s.View(norns.Player(p))
		out := make([]herrlof.State, samples)
		for i := range out {
			out[i] = v.Sample(r)
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
			s := mustNew(t, herrlof.Config{Players: n, HandLimit: 1})
			ors := make([]*oracle, n)
			for p := range n {
				ors[p] = newOracle(n, p)
			}
			for !s.Over() {
				if s.Phase() != herrlof.PhaseDeal {
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
				}
				var m herrlof.Move
				if s.ToMove() == norns.Chance {
					m = s.SampleChance(r)
				} else {
					ms := s.Legal()
					m = ms[r.IntN(len(ms))]
				}
				for _, o := range ors {
					o.see(s, m)
				}
				next, err := s.Apply(m)
				if err != nil {
					t.Fatal(err)
				}
				s = next
			}
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

// TestSampleExactOracleTwoPlayers: with two players the sampler is exact, so the oracle accepts
// every sample of every seat's view along many random hands (if not, the oracle is wrong).
func TestSampleExactOracleTwoPlayers(t *testing.T) {
	matches := 1000
	if testing.Short() {
		matches = 150
	}
	if bad, first := sampleInfeasible(t, []int{2}, matches, 2); bad > 0 {
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
	if bad, first := sampleInfeasible(t, []int{3}, matches, 2); bad > 0 {
		t.Fatalf("%d impossible samples; the first: %s", bad, first)
	}
}

// TestSampleOracleCatchesPlainSampler: the plain sampler ignores what the seats saw, and the
// oracle rejects some of its samples, with two players and with three.
func TestSampleOracleCatchesPlainSampler(t *testing.T) {
	herrlof.SetPlainSample(true)
	defer herrlof.SetPlainSample(false)
	for _, n := range []int{2, 3} {
		if bad, _ := sampleInfeasible(t, []int{n}, 20, 2); bad == 0 {
			t.Errorf("%d players: the oracle accepted every sample of the plain sampler", n)
		}
	}
}
