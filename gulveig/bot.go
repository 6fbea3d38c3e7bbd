package gulveig

import (
	"context"
	"errors"
	"math/bits"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// NewRandomBot returns a bot that plays uniformly random legal moves, reproducibly from seed.
func NewRandomBot(seed uint64) *norns.RandomBot[View, Move] {
	return norns.NewRandomBot[View, Move](seed)
}

var (
	errNotToAct = errors.New("gulveig: bot: the view's seat is not to act")
	errZeroBot  = errors.New("gulveig: bot: a zero SearchBot: create it with NewSearchBot")
)

// HeuristicBot plays by rules of thumb, from its View only:
//
//   - Bidding: it looks at its hand (it never bids blind) and values it: the worth of the cards
//     that should take tricks (masters of their clan, and the next card down when it holds
//     enough of the clan), a share of the treasure, and its combos, the first one whole (the bid
//     winner leads first and shows it at once) and the others by half. It bids while the next
//     bid is within that value, and passes otherwise (the first bidder bids the opening bid).
//   - Roles: it uses every power that helps it (lowering the bid, +5, −5 to the bid winner,
//     card worths that raise its own cards or lower its opponents') and declines the others; it
//     gives and exchanges its least useful cards.
//   - The treasure: it puts aside the 3 cards worth most that would not take a trick themselves,
//     keeping masters and combos; it raises when its hand is worth far more than the bid.
//   - Play: leading, it shows its best combo and leads its master of that clan, else leads its best
//     master, else a low card of its longest clan. Following, it takes a trick worth taking with
//     its cheapest winning card, and otherwise throws its cheapest card. The bid winner plays to
//     make the bid and the others play to scavenge; both want the points in the tricks.
//
// It is not safe for concurrent use. Create it with [NewHeuristicBot]; the zero HeuristicBot is
// NewHeuristicBot(0).
type HeuristicBot struct {
	r   *rng.Rand
	buf []Move
}

// NewHeuristicBot returns a heuristic bot; seed breaks ties between equal choices.
func NewHeuristicBot(seed uint64) *HeuristicBot { return &HeuristicBot{r: rng.New(seed)} }

// Choose returns the heuristic's move for v. It returns ctx.Err() if ctx is done.
func (b *HeuristicBot) Choose(ctx context.Context, v View) (Move, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	if v.Over() || v.ToMove() != v.Seat() {
		return Move{}, errNotToAct
	}
	if b.r == nil {
		b.r = rng.New(0) // the zero HeuristicBot: as NewHeuristicBot(0)
	}
	b.buf = v.AppendLegal(b.buf[:0])
	k := know{pub: &v.public, seat: v.seat, hand: v.hand, role: v.role}
	return k.choose(b.buf, b.r), nil
}

// know is what the heuristic decides from: the public state, its seat, its hand and role.
type know struct {
	pub  *public
	seat int8
	hand Cards
	role Role
}

// knowOf returns the heuristic's knowledge for the seat to act in s (for search playouts).
func knowOf(s *State) know {
	q := s.toMove
	k := know{pub: &s.public, seat: q, role: s.h.roles[q]}
	if s.looked&(1<<q) != 0 {
		k.hand = s.h.hand[q]
	}
	return k
}

// choose returns the heuristic's choice among legal, the seat's legal moves.
func (k *know) choose(legal []Move, r *rng.Rand) Move {
	if len(legal) == 1 {
		return legal[0]
	}
	p := k.pub
	switch p.phase {
	case PhaseBid:
		return k.chooseBid(legal)
	case PhaseRole:
		for _, m := range legal {
			if m.kind() == MoveDecline && !k.wantPower() {
				return m
			}
		}
		return legal[0]
	case PhaseGive:
		return Give(k.cheapest(k.hand, true))
	case PhaseSwap:
		a := k.cheapest(k.hand, true)
		return Swap(a, k.cheapest(k.hand.Without(a), true))
	case PhaseAside:
		return k.chooseAside()
	case PhaseRaise:
		est := k.estimate(k.hand) + p.sumWorth(0)
		if v := (est - 40) / 10 * 10; v > int(p.contract) && v <= p.cap() && p.blind&(1<<k.seat) == 0 {
			return Raise(v)
		}
		return Keep()
	case PhasePlay:
		return k.choosePlay(legal)
	}
	return legal[r.IntN(len(legal))]
}

// chooseBid bids while the hand's value allows.
func (k *know) chooseBid(legal []Move) Move {
	for _, m := range legal {
		if m.kind() == MoveLook {
			return m
		}
	}
	value := k.estimate(k.hand) + 12 // a share of the treasure and of the aside's banking
	var pass, first Move
	for _, m := range legal {
		switch m.kind() {
		case MovePass:
			pass = m
		case MoveBid, MoveBlind:
			if first.kind() == MoveInvalid {
				first = m
			}
		}
	}
	if first.kind() != MoveInvalid && (first.n() <= value || pass.kind() == MoveInvalid) {
		return first
	}
	if pass.kind() != MoveInvalid {
		return pass
	}
	return legal[0]
}

// estimate values a hand for the bid winner: the worth of the cards that should take tricks, the
// points they should take with them, and its combos.
func (k *know) estimate(hand Cards) int {
	p := k.pub
	v := p.vals()
	out := inPlayOf[p.alts&AllAlternates].Minus(p.played).Minus(hand) // unplayed, not in hand
	est := 0
	for clan := Aesir; clan <= Rime; clan++ {
		mine := hand.OfClan(clan)
		n := mine.Len()
		others := uint64(out.OfClan(clan))
		for y := uint64(mine); y != 0; y &= y - 1 {
			c := Card(bits.TrailingZeros64(y))
			rank := 0 // k.rank(c, hand), with the clan's other cards read once
			for x := others; x != 0; x &= x - 1 {
				if v.strength[bits.TrailingZeros64(x)] > v.strength[c] {
					rank++
				}
			}
			if rank == 0 {
				est += int(v.worth[c]) + 4
			} else if n >= 4 && rank == 1 {
				est += int(v.worth[c]) / 2
			}
		}
	}
	first := true
	for i := range combos {
		if co := &combos[i]; hand.Has(co.a) && hand.Has(co.b) {
			if first {
				est += co.value
				first = false
			} else {
				est += co.value / 2
			}
		}
	}
	return est
}

// rank returns how many unplayed cards of c's clan outside hand are stronger than c.
func (k *know) rank(c Card, hand Cards) int {
	p := k.pub
	st := &p.vals().strength
	n := 0
	for x := uint64(clanMask[c.Clan()].Intersect(inPlayOf[p.alts&AllAlternates]).Minus(p.played).Minus(hand)); x != 0; x &= x - 1 {
		if st[bits.TrailingZeros64(x)] > st[c] {
			n++
		}
	}
	return n
}

func (k *know) isMaster(c Card, hand Cards) bool { return k.rank(c, hand) == 0 }

// masters returns the cards of hand that are masters of their clan ([know.isMaster]). It loops
// over bits rather than iterators: the search's prior calls it for each of the 120 asides.
func (k *know) masters(hand Cards) Cards {
	p := k.pub
	st := &p.vals().strength
	out := hand
	for x := uint64(inPlayOf[p.alts&AllAlternates].Minus(p.played).Minus(hand)); x != 0; x &= x - 1 {
		c := Card(bits.TrailingZeros64(x)) // an unplayed card outside hand: no card of hand below it is a master
		for y := uint64(out.OfClan(c.Clan())); y != 0; y &= y - 1 {
			if h := Card(bits.TrailingZeros64(y)); st[h] < st[c] {
				out = out.Without(h)
			}
		}
	}
	return out
}

// wantPower reports whether the seat's power at its role turn helps it.
func (k *know) wantPower() bool {
	p := k.pub
	var pw Power
	if p.drawing {
		pw = PowerOf(p.drawnRole, Loser, int(p.players))
	} else {
		pw = PowerOf(k.role, p.position(k.seat), int(p.players))
	}
	switch pw.Effect {
	case EffectWorth:
		c := pw.Card
		held := k.hand.Has(c) || (c < NumKinds && k.hand.Intersect(altOf(c)) != 0)
		up := pw.Value > int(p.vals().worth[c])
		if p.position(k.seat) == Fourth {
			return up != (c == Freya) // the 4th scores the treasure only: a guess
		}
		return held == up
	case EffectStrength:
		return k.hand.Has(pw.Card) || k.hand.Has(FreyaAlt)
	case EffectOrchard, EffectExchange, EffectDrawRole:
		return true
	}
	return true
}

// altOf returns the alternate of base card c, if any, as a set.
func altOf(c Card) Cards {
	for _, a := range altCards {
		if table[a].alt == c {
			return CardsOf(a)
		}
	}
	return 0
}

// cheapest returns the card of set that matters least: lowest worth and strength, and not part of
// a combo held when keepCombos is set.
func (k *know) cheapest(set Cards, keepCombos bool) Card {
	best, bestScore := NoCard, 1<<30
	for c := range set.All() {
		if score := k.cheapScore(c, keepCombos); score < bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// cheapScore returns how much card c matters to [know.cheapest]: the less, the cheaper.
func (k *know) cheapScore(c Card, keepCombos bool) int {
	p := k.pub
	score := int(p.vals().worth[c])*10 + int(p.vals().strength[c])
	if keepCombos {
		if x, ok := c.Partner(); ok && k.hand.Has(x) {
			score += 1000
		}
	}
	return score
}

// chooseAside puts aside the 3 cards worth most that would not take a trick themselves.
func (k *know) chooseAside() Move {
	var score [NumKinds]int // each card's asideScoreOf, computed once
	ms := k.masters(k.hand)
	for x := uint64(k.hand); x != 0; x &= x - 1 {
		c := Card(bits.TrailingZeros64(x))
		score[c] = k.asideScoreOf(c, ms.Has(c))
	}
	var pick [3]Card
	rest := k.hand
	for i := range pick {
		best, bestScore := NoCard, -1<<30
		for x := uint64(rest); x != 0; x &= x - 1 {
			if c := Card(bits.TrailingZeros64(x)); score[c] > bestScore {
				best, bestScore = c, score[c]
			}
		}
		pick[i] = best
		rest = rest.Without(best)
	}
	return Aside(pick[0], pick[1], pick[2])
}

// asideScoreOf returns how much [know.chooseAside] wants card c put aside: its worth, less its
// strength, and far less when it is a master (master tells) or part of a combo held.
func (k *know) asideScoreOf(c Card, master bool) int {
	score := int(k.pub.vals().worth[c])*4 - int(k.pub.vals().strength[c])
	if master {
		score -= 100
	}
	if x, ok := c.Partner(); ok && k.hand.Has(x) {
		score -= 200
	}
	return score
}

// choosePlay leads or follows.
func (k *know) choosePlay(legal []Move) Move {
	p := k.pub
	if p.trickN == 0 {
		best, bestV := Move{}, -1
		for _, m := range legal {
			if m.kind() == MoveShow {
				v := m.c0().ComboValue()*10 + int(p.vals().strength[m.c0()])
				if k.isMaster(m.c0(), k.hand) {
					v += 5
				}
				if v > bestV {
					best, bestV = m, v
				}
			}
		}
		if bestV >= 0 {
			return best
		}
		// Lead the best master, else a low card of the longest clan.
		master, mv := NoCard, -1
		for c := range k.hand.All() {
			if k.isMaster(c, k.hand) {
				if v := int(p.vals().worth[c])*10 + int(p.vals().strength[c]); v > mv {
					master, mv = c, v
				}
			}
		}
		if master != NoCard {
			return Play(master)
		}
		long, ln := NoClan, -1
		for clan := Aesir; clan <= Rime; clan++ {
			if n := k.hand.OfClan(clan).Len(); n > ln {
				long, ln = clan, n
			}
		}
		return Play(k.cheapest(k.hand.OfClan(long), true))
	}
	// Following: the card now winning and the points in the trick.
	led := p.trick[0].Clan()
	top, pts := -1, 0
	for i := range p.trickN {
		c := p.trick[i]
		top = max(top, p.cardStrength(c, led))
		pts += int(p.vals().worth[c])
	}
	last := p.trickN+1 == p.trickSize()
	var playable Cards
	for _, m := range legal {
		if m.kind() == MovePlay {
			playable = playable.With(m.c0())
		}
	}
	win, winS := NoCard, 1<<30
	for c := range playable.All() {
		if st := p.cardStrength(c, led); st > top {
			if v := int(p.vals().worth[c])*10 + st; v < winS || (last && v < winS) {
				win, winS = c, v
			}
		}
	}
	if win != NoCard && (last || pts > 0 || p.vals().worth[win] >= 10) {
		return Play(win)
	}
	return Play(k.cheapest(playable, true))
}
