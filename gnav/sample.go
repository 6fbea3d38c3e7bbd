package gnav

import (
	"fmt"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// Rank masks: bit r allows rank r.
const (
	anyRank   = uint32(1)<<NumRanks - 1
	ordinary  = uint32(1)<<Hus - 1 // the cards that accept an exchange (N8)
	notNarr   = anyRank &^ 1
	lowNoNarr = ordinary &^ 1
)

// noTok marks "no token" in the sampler.
const noTok = 0xFF

// sampler holds the work of one [View.Sample]. A token is a card whose place in the deal is fixed:
// token p (below MaxPlayers) is the card dealt to seat p, token MaxPlayers+i the stock's i-th
// card from the top. The deal's public acts move tokens between seats and constrain their ranks;
// any assignment of ranks to tokens that meets the constraints and uses two cards of each rank is
// a deal the seat cannot rule out.
type sampler struct {
	allow    [MaxPlayers + stockCap]uint32 // the ranks each token may have
	rank     [MaxPlayers + stockCap]Card
	at       [MaxPlayers]uint8 // the token each seat holds now
	gotAsked [MaxPlayers]uint8
	gotOwn   [MaxPlayers]uint8
	bufA     [stockCap]uint8 // tokens free to be any rank (the stock)
	bufX     [MaxPlayers]uint8
	bufRest  [MaxPlayers + stockCap]uint8
	cards    [DeckSize]Card
}

// Sample returns a full state drawn uniformly at random among the states consistent with
// everything the seat knows; its View(Seat()) equals v. It is exact, with no rejection: the
// deal's public acts fix which dealt card each seat holds at every moment, so each card the seat
// knows, each refusal (the matador shown), each accepted request (the card was no matador), and
// each knock or its absence (a Narr or not) constrains one dealt card. Sample draws the dealt
// cards and the stock under these constraints, two cards of each rank, and replays the acts.
// Between deals there is nothing hidden and Sample returns the state itself.
//
// Sample has no budget and no fallback: every state it returns has View(Seat()) == v, for the
// view of any state a match can reach (the conformance suite and TestSampleReachable check it at
// every state of random matches, for every seat). The zero View, which no State gives, samples
// to the zero State.
//
// The spectator's view (View(norns.Nobody)) samples the same way with no card of its own to
// keep: every dealt card and the stock are drawn under the public acts alone, uniformly, and the
// sample's View(norns.Nobody) equals v.
func (v View) Sample(r *rng.Rand) State {
	if v.players == 0 {
		return State{}
	}
	s := State{public: v.public, d: noDeal}
	if v.who() < 0 {
		return s
	}
	var w sampler
	w.constrain(&v)
	w.draw(&v, r)
	w.fill(&v, &s)
	return s
}

// constrain replays the deal's acts on tokens, recording what each act says about them.
func (w *sampler) constrain(v *View) {
	contest := v.contest
	nStock := DeckSize - contest.Len()
	for p := range MaxPlayers {
		w.at[p], w.gotAsked[p], w.gotOwn[p] = uint8(p), noTok, noTok
		switch {
		case !contest.Has(norns.Player(p)):
			w.allow[p] = 0
		case v.knock.Has(norns.Player(p)):
			w.allow[p] = 1 << Narr
		default:
			w.allow[p] = notNarr
		}
	}
	for i := range nStock {
		w.allow[MaxPlayers+i] = anyRank
	}
	me := v.seat
	if contest.Has(norns.Player(int(me))) {
		w.allow[me] &= 1 << v.dealt
	}
	cur := nextIn(contest, v.dealer)
	for steps := 0; cur != v.who(); steps++ {
		if steps > MaxPlayers {
			panic(fmt.Sprintf("gnav: Sample: the deal's acts do not lead to %d", v.who()))
		}
		switch Turn(v.act[cur] >> 3) {
		case TurnStood:
			cur = nextIn(contest, cur)
		case TurnAsked:
			q := cur
			for {
				q = nextIn(contest, q)
				a := Answer(v.act[q] & 7)
				if a == AnswerAccepted {
					w.allow[w.at[q]] &= ordinary
					if cur == me {
						w.allow[w.at[q]] &= 1 << v.gotOwn
					}
					if q == me {
						w.allow[w.at[cur]] &= 1 << v.gotAsked
					}
					w.gotOwn[cur], w.gotAsked[q] = w.at[q], w.at[cur]
					w.at[cur], w.at[q] = w.at[q], w.at[cur]
					cur = q
					break
				}
				c := a.Card()
				if c == NoCard {
					panic(fmt.Sprintf("gnav: Sample: seat %d was passed by a request but did not answer", q))
				}
				w.allow[w.at[q]] &= 1 << c
				if c == Hus || c == Hest {
					continue
				}
				// Only a Dragon or a Katt (N11, N12) lets the deal go on.
				if c == Katt && !v.catDragoon {
					for p := range w.at {
						w.at[p] = uint8(p)
					}
				}
				cur = nextIn(contest, q)
				break
			}
		default:
			panic(fmt.Sprintf("gnav: Sample: seat %d did not act before seat %d", cur, v.who()))
		}
	}
	if contest.Has(norns.Player(int(me))) {
		w.allow[w.at[me]] &= 1 << v.hand
	}
}

// draw gives every token a rank: uniformly among the assignments that meet the constraints.
//
// After constrain, a token's allowed ranks are one rank, or the non-matadors but the Narr (a
// seat that accepted an exchange, N8), or every rank but the Narr (a seat that did not knock), or
// any rank (the stock). The Narrs left can only go to the stock, the matadors left to the stock
// or to a seat that may hold one, the other ranks anywhere; so an assignment is fixed by how many
// matadors go to seats (m) and where each group goes, and the number of assignments with m is
// C(nX, m)·C(nA−narrs, matadors−m) times a constant.
func (w *sampler) draw(v *View, r *rng.Rand) {
	var left [NumRanks]int
	for i := range left {
		left[i] = Copies
	}
	nA, nX, nRest := 0, 0, 0
	nTok := MaxPlayers + DeckSize - v.contest.Len()
	for t := range nTok {
		a := w.allow[t]
		switch {
		case a == 0 && t < MaxPlayers && !v.contest.Has(norns.Player(t)):
			continue
		case a&(a-1) == 0 && a != 0:
			c := Card(trailing(a))
			w.rank[t] = c
			left[c]--
			if left[c] < 0 {
				panic(fmt.Sprintf("gnav: Sample: the view's deal holds three %v", c))
			}
		case a == anyRank:
			w.bufA[nA] = uint8(t)
			nA++
		case a == notNarr:
			w.bufX[nX] = uint8(t)
			nX++
		case a == lowNoNarr:
			w.bufRest[nRest] = uint8(t)
			nRest++
		default:
			panic(fmt.Sprintf("gnav: Sample: the view rules out every card for a card of the deal (mask %#x)", a))
		}
	}
	narrs := left[Narr]
	var mats, lows int
	for c := Ugle; c < Hus; c++ {
		lows += left[c]
	}
	for c := Hus; c < NumRanks; c++ {
		mats += left[c]
	}
	if narrs+mats+lows != nA+nX+nRest || narrs > nA {
		panic("gnav: Sample: the view's constraints leave no deal")
	}
	// Choose m, the matadors that go to seats, with weight C(nX, m)·C(nA−narrs, mats−m).
	var weight [MaxPlayers + 1]float64
	total := 0.0
	for m := 0; m <= min(mats, nX); m++ {
		if mats-m <= nA-narrs {
			weight[m] = binom[nX][m] * binom[nA-narrs][mats-m]
			total += weight[m]
		}
	}
	if total == 0 {
		panic("gnav: Sample: the view's constraints leave no deal")
	}
	x := r.Float64() * total
	m := 0
	for ; m < min(mats, nX); m++ {
		if x < weight[m] {
			break
		}
		x -= weight[m]
	}
	for m > 0 && weight[m] == 0 { // guard against rounding past the last positive weight
		m--
	}
	shuffle(r, w.bufA[:nA])
	shuffle(r, w.bufX[:nX])
	// The matadors: the first m seats of bufX, then stock tokens after the Narrs.
	k := 0
	for c := Hus; c < NumRanks; c++ {
		for range left[c] {
			w.cards[k] = c
			k++
		}
	}
	shuffle(r, w.cards[:k])
	k = 0
	for _, t := range w.bufX[:m] {
		w.rank[t] = w.cards[k]
		k++
	}
	for _, t := range w.bufA[narrs : narrs+mats-m] {
		w.rank[t] = w.cards[k]
		k++
	}
	for _, t := range w.bufA[:narrs] {
		w.rank[t] = Narr
	}
	// The other ranks go to every token left.
	nRest += copy(w.bufRest[nRest:], w.bufX[m:nX])
	nRest += copy(w.bufRest[nRest:], w.bufA[narrs+mats-m:nA])
	k = 0
	for c := Ugle; c < Hus; c++ {
		for range left[c] {
			w.cards[k] = c
			k++
		}
	}
	shuffle(r, w.cards[:k])
	for i, t := range w.bufRest[:nRest] {
		w.rank[t] = w.cards[i]
	}
}

// fill writes the drawn deal into s.
func (w *sampler) fill(v *View, s *State) {
	for x := uint32(v.contest); x != 0; x &= x - 1 {
		p := trailing(x)
		s.d.dealt[p] = w.rank[p]
		s.d.hand[p] = w.rank[w.at[p]]
		if t := w.gotAsked[p]; t != noTok {
			s.d.gotAsked[p] = w.rank[t]
		}
		if t := w.gotOwn[p]; t != noTok {
			s.d.gotOwn[p] = w.rank[t]
		}
	}
	var stock stockPile
	for i := range DeckSize - v.contest.Len() {
		stock.pushBottom(kindOf(w.rank[MaxPlayers+i]))
	}
	s.d.stock = stock
}

// binom[n][k] is the binomial coefficient C(n, k) for n up to the largest stock.
var binom = func() (b [stockCap + 1][stockCap + 1]float64) {
	for n := range b {
		b[n][0] = 1
		for k := 1; k <= n; k++ {
			b[n][k] = b[n-1][k-1] + b[n-1][k]
		}
	}
	return b
}()
