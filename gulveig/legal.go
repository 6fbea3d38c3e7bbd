package gulveig

import (
	"math/bits"
	"slices"

	"github.com/nornsgames/norns"
)

// Legal returns the legal moves of the seat (or chance) to act, in this order:
//
//   - the first dealer: Dealer(0), Dealer(1), …; a deal: nil (too many to list; use
//     [State.SampleChance]); an Orchard draw: Draw of each treasure card in table order;
//   - bidding: Look, then Blind bids from the least to the cap, then Bid bids likewise, then Pass;
//   - a role turn: Use, then Decline when the power is voluntary;
//   - Orchard gives, swaps and asides: one move per card or set of cards of the hand, in table
//     order (sets ordered by their lowest card first);
//   - the raise: Keep, then Raise to each multiple of 10 up to the cap;
//   - play: Play of each playable card in table order, then, on a lead, Show of each combo held,
//     in the order of the combo table (Thor+Sif, Aegir+Ran, Loki+Spear, Gymir+Aurboda, then the
//     alternates' combos), leading its first card, then its second.
//
// It returns nil once the match is over.
func (s State) Legal() []Move { return s.AppendLegal(make([]Move, 0, 32)) }

// AppendLegal appends [State.Legal]'s moves to dst and returns it. It does not allocate when dst
// has room. It is a method of the State's turn (the fields it reads, see [State]), so a call
// through a *State copies 32 bytes, not the State.
func (s turn) AppendLegal(dst []Move) []Move { return s.appendLegal(dst) }

// appendLegal lists the moves of the seat to act, whose hand and role are s.cur and s.curRole,
// or of chance (an Orchard draw takes a card of the treasure, s.cur).
func (s *turn) appendLegal(dst []Move) []Move {
	hand, role, treasure := s.cur, s.curRole, s.cur
	q := s.toMove
	switch s.phase {
	case PhaseOver:
		return dst
	case PhaseDealer:
		for p := range int(s.players) {
			dst = append(dst, Dealer(norns.Player(p)))
		}
		return dst
	case PhaseDeal:
		return dst
	case PhaseDraw:
		for c := range treasure.All() {
			dst = append(dst, Draw(c))
		}
		return dst
	case PhaseBid:
		first := s.firstAct(q)
		if first {
			dst = append(dst, Look())
		}
		lo, blind := s.bidFloor(q)
		k := MoveBid
		if blind {
			k = MoveBlind
		}
		dst = appendBids(dst, k, lo, s.cap())
		if s.high > 0 && !first {
			dst = append(dst, Pass())
		}
		return dst
	case PhaseRole:
		dst = append(dst, Use())
		var p Power
		if s.drawing {
			p = PowerOf(s.drawnRole, Loser, int(s.players))
		} else {
			p = PowerOf(role, s.position(q), int(s.players))
		}
		if !p.Mandatory {
			dst = append(dst, Decline())
		}
		return dst
	case PhaseGive:
		for c := range hand.All() {
			dst = append(dst, Give(c))
		}
		return dst
	case PhaseSwap:
		hand := uint64(hand)
		for x := hand; x != 0; x &= x - 1 {
			a := Card(bits.TrailingZeros64(x))
			for y := x & (x - 1); y != 0; y &= y - 1 {
				dst = append(dst, mv(MoveSwap, a, Card(bits.TrailingZeros64(y)), NoCard, 0))
			}
		}
		return dst
	case PhaseAside:
		return appendAsides(dst, hand)
	case PhaseRaise:
		dst = append(dst, Keep())
		return appendBids(dst, MoveRaise, int(s.contract)+10, s.cap())
	case PhasePlay:
		playable := hand
		if s.trickN > 0 {
			if f := hand.OfClan(s.trick[0].Clan()); f != 0 {
				playable = f
			}
		}
		play := mv(MovePlay, 0, NoCard, NoCard, 0).w
		for x := uint64(playable); x != 0; x &= x - 1 {
			dst = append(dst, Move{w: play | uint64(bits.TrailingZeros64(x))<<8})
		}
		if s.trickN == 0 && (hand&(hand>>1)&inClanComboLow != 0 || hand&altKinds != 0) {
			for _, co := range combos {
				if hand.Has(co.a) && hand.Has(co.b) {
					dst = append(dst, mv(MoveShow, co.a, co.b, NoCard, 0), mv(MoveShow, co.b, co.a, NoCard, 0))
				}
			}
		}
		return dst
	}
	return dst
}

// appendAsides appends an Aside of each 3 cards of hand, ordered by their lowest card, then
// the next, then the highest (the order of three nested loops over the cards in table order).
// It writes the moves straight into dst's spare room, the third card from a table of the hand's
// cards, since a playout lists the 120 asides of a 10-card hand once a hand.
func appendAsides(dst []Move, hand Cards) []Move {
	n := hand.Len()
	total := n * (n - 1) * (n - 2) / 6
	k := len(dst)
	dst = slices.Grow(dst, total)[:k+total]
	out := dst[k:]
	none := mv(MoveAside, 0, 0, 0, 0).w
	i := 0
	for x := uint64(hand); x != 0; x &= x - 1 {
		a := none | uint64(bits.TrailingZeros64(x))<<8
		for y := x & (x - 1); y != 0; y &= y - 1 {
			ab := a | uint64(bits.TrailingZeros64(y))<<16
			for z := y & (y - 1); z != 0; z &= z - 1 {
				out[i].w = ab | uint64(bits.TrailingZeros64(z))<<24
				out[i].d0, out[i].d1 = 0, 0
				i++
			}
		}
	}
	return dst
}

// appendBids appends the moves of kind k (a bid, blind bid or raise) from lo to hi by 10.
func appendBids(dst []Move, k MoveKind, lo, hi int) []Move {
	if lo > hi {
		return dst
	}
	n := (hi-lo)/10 + 1
	dst = slices.Grow(dst, n)
	m := mv(k, NoCard, NoCard, NoCard, lo)
	for range n {
		dst = append(dst, m)
		m.w += 10 << 32
	}
	return dst
}

// inClanComboLow holds the first card of each in-clan combo (G2), whose partner is the next card
// of the table, so hand&(hand>>1)&inClanComboLow tells whether a hand holds one; altKinds holds
// the alternates, one card of each cross-clan combo (G3). Together they let AppendLegal skip the
// combo table on most leads; TestComboMasks pins them to the table.
const (
	inClanComboLow = Cards(1<<Thor | 1<<Aegir | 1<<Loki | 1<<Gymir)
	altKinds       = Cards(1<<NannaAlt | 1<<LaufeyAlt | 1<<ThiassiAlt | 1<<FreyaAlt)
)
