package gulveig

import (
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// The fit of [SearchBot]'s deals to the opponents' acts since the treasure: the aside, the raise
// and the cards played (and, off by default, the bids and passes of the auction: see
// searchTuning.fitBidActs). The opponent model is [HeuristicBot], which decides these acts
// deterministically from its hand and what is public; so a deal under which an opponent's past
// act is not the heuristic's with the cards that deal gave it is unlikely.

// oppAct is one past act of an opponent that the fit checks: the state before it, from one
// sample of the view (whose public part is the same in every sample), the act, the seat and the
// cards that seat had played this hand before it.
type oppAct struct {
	st     State
	m      Move
	q      int8
	before Cards
}

// playFit holds the opponents' acts of the current hand that the fit checks, and a pool of deals
// weighed by how well they fit, drawn once per decision and then drawn from by weight.
type playFit struct {
	bids bool // check the opponents' acts of the auction too
	acts []oppAct
	now  [4]Cards // the cards each seat has played this hand
	pool []State
	cum  []float64 // cumulative weights of pool
}

// readActs reads the opponents' acts of the current hand since the treasure (the aside, the raise,
// the cards played; with f.bids, the auction's too) from s, a sample of v, into f.acts.
func (f *playFit) readActs(v *View, s *State) {
	f.acts = f.acts[:0]
	if (v.phase < PhaseAside && !f.bids) || v.phase <= PhaseDeal || v.phase == PhaseOver || v.logN == 0 {
		return
	}
	for q := range int(v.players) {
		f.now[q] = v.byBits.of(v.played, int8(q))
	}
	a := s.acts()
	replayHand(s.handStart(), s.dealtMove(), &s.public, &a, func(t State, m Move) {
		q := t.toMove
		if q < 0 || q == v.seat || (t.phase != PhaseAside && t.phase != PhaseRaise && t.phase != PhasePlay && (t.phase != PhaseBid || !f.bids)) {
			return
		}
		f.acts = append(f.acts, oppAct{st: t, m: m, q: q, before: t.byBits.of(t.played, q)})
	})
}

// misses returns how many of f's acts the heuristic would not have chosen with the cards that u,
// a deal consistent with the view, gave the opponents: the hand an opponent held at an act is
// its hand in u and the cards it played since (and, at the aside, the aside of u; in the
// auction, its hand as u dealt it).
func (f *playFit) misses(u *State) int {
	k := 0
	var arr [96]Move
	for i := range f.acts {
		a := &f.acts[i]
		st := a.st
		q := a.q
		hand := u.h.hand[q] | f.now[q]&^a.before
		switch st.phase {
		case PhaseAside:
			hand |= u.h.aside
		case PhaseBid:
			hand = u.dealtMove().placeOf(uint64(q + 1))
		}
		st.h.hand[q], st.h.roles[q] = hand, u.h.roles[q]
		st.syncTurn()
		kn := knowOf(&st)
		if st.phase == PhaseAside {
			x := kn.chooseAside()
			if Cards(0).With(x.c0()).With(x.c1()).With(x.c2()) != u.h.aside {
				k++
			}
			continue
		}
		legal := st.AppendLegal(arr[:0])
		if len(legal) > 1 && kn.choose(legal, nil) != a.m {
			k++
		}
	}
	return k
}

// fill draws f's pool of n deals from v, each fitted to the bids as determinize fits them, and
// weighs each by rho^k, k its misses.
func (f *playFit) fill(m *searchModel, v *View, n int, rho float64, r *rng.Rand) {
	f.pool, f.cum = f.pool[:0], f.cum[:0]
	total := 0.0
	for range n {
		u := m.fitBids(v.Sample(r), r)
		w := 1.0
		for range f.misses(&u) {
			w *= rho
		}
		total += w
		f.pool, f.cum = append(f.pool, u), append(f.cum, total)
	}
	if total == 0 { // rho 0 and no deal fits: draw them alike
		for i := range f.cum {
			f.cum[i] = float64(i + 1)
		}
	}
}

// draw returns a deal of f's pool, drawn by weight.
func (f *playFit) draw(r *rng.Rand) State {
	x := r.Float64() * f.cum[len(f.cum)-1]
	lo, hi := 0, len(f.cum)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if f.cum[mid] > x {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return f.pool[lo]
}

// determinizePool returns a deal of the model's pool, drawn by weight (the state the search drew
// is not used).
func (m *searchModel) determinizePool(s State, seat norns.Player, r *rng.Rand) State {
	if len(m.fit.pool) == 0 {
		return m.determinize(s, seat, r)
	}
	return m.fit.draw(r)
}
