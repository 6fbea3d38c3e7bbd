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
// has room. It reads only the State's turnKey, one word (see [State]), so a call through a
// *State, as norns.Playout and the search make at every move, copies 8 bytes, not the State.
func (k turnKey) AppendLegal(dst []Move) []Move { return k.appendLegal(dst) }

// turnKey is what the seat to act (or chance) may do, packed in one word: the cards it chooses
// from (the hand of the seat to act, or the treasure at an Orchard draw) in the low 32 bits,
// then the phase plus one (0: nothing to list, as at a deal, once over, or in a View whose seat
// is not to act), three flags and two counts whose meaning depends on the phase (see keyOf).
// A State sets it after every change (syncTurn), and a View sets it from its own hand and role
// when its seat is to act, so a View shows no more than the rest of it does.
//
// It exists for speed: every change of a State ends by writing it whole, and AppendLegal
// reads it whole, so the processor forwards the one store to the one load; a wider copy of the
// fields it packs (the 32-byte turn, as AppendLegal read before) waits on the narrow stores a
// move makes to them, and took about 6% of a random playout.
type turnKey uint64

// The fields of a turnKey.
const (
	keyCode  = 32      // the phase plus one, 4 bits
	keyA     = 1 << 36 // bid: a look; role: a decline; play: following the led clan
	keyB     = 1 << 37 // bid: a pass
	keyC     = 1 << 38 // bid: blind bids
	keyLo    = 40      // bid, raise: the least bid in tens; dealer: the seats; play: the led clan
	keyHi    = 48      // bid, raise: the cap in tens
	keyCards = 1<<32 - 1
)

// cards returns the cards of k: the hand of the seat to act, or the treasure at an Orchard draw.
func (k turnKey) cards() Cards { return Cards(k & keyCards) }

// keyOf returns the turnKey of s when the seat to act holds cur (the treasure at an Orchard
// draw) and has role, its role card.
func (s *turn) keyOf(cur Cards, role Role) turnKey {
	if s.phase == PhaseDeal || s.phase >= PhaseOver {
		return 0
	}
	k := turnKey(cur) | turnKey(s.phase+1)<<keyCode
	q := s.toMove
	switch s.phase {
	case PhaseDealer:
		k |= turnKey(s.players) << keyLo
	case PhaseBid:
		first := s.firstAct(q)
		lo, blind := s.bidFloor(q)
		if first {
			k |= keyA
		}
		if s.high > 0 && !first {
			k |= keyB
		}
		if blind {
			k |= keyC
		}
		k |= turnKey(lo/10)<<keyLo | turnKey(s.cap()/10)<<keyHi
	case PhaseRole:
		var p Power
		if s.drawing {
			p = PowerOf(s.drawnRole, Loser, int(s.players))
		} else {
			p = PowerOf(role, s.position(q), int(s.players))
		}
		if !p.Mandatory {
			k |= keyA
		}
	case PhaseRaise:
		k |= turnKey(int(s.contract)/10+1)<<keyLo | turnKey(s.cap()/10)<<keyHi
	case PhasePlay:
		if s.trickN > 0 {
			k |= keyA | turnKey(s.trick[0].Clan())<<keyLo
		}
	}
	return k
}

// playable returns the cards the seat to act may play in the tricks (k's phase is PhasePlay):
// its hand, or the cards of the led clan when it holds some.
func (k turnKey) playable() Cards {
	hand := k.cards()
	if k&keyA != 0 {
		if f := hand.OfClan(Clan(k >> keyLo & 0xFF)); f != 0 {
			return f
		}
	}
	return hand
}

// appendLegal lists the moves k describes.
func (k turnKey) appendLegal(dst []Move) []Move {
	hand := k.cards()
	if k>>keyCode&0xF == turnKey(PhasePlay+1) {
		playable := k.playable()
		play := mv(MovePlay, 0, NoCard, NoCard, 0).w
		for x := uint64(playable); x != 0; x &= x - 1 {
			dst = append(dst, Move{w: play | uint64(bits.TrailingZeros64(x))<<8})
		}
		if k&keyA == 0 && (hand&(hand>>1)&inClanComboLow != 0 || hand&altKinds != 0) {
			for i := range combos {
				co := &combos[i]
				if hand.Has(co.a) && hand.Has(co.b) {
					dst = append(dst, mv(MoveShow, co.a, co.b, NoCard, 0), mv(MoveShow, co.b, co.a, NoCard, 0))
				}
			}
		}
		return dst
	}
	lo, hi := int(k>>keyLo&0xFF), int(k>>keyHi&0xFF)
	switch Phase(k>>keyCode&0xF) - 1 {
	case PhaseDealer:
		for p := range lo {
			dst = append(dst, Dealer(norns.Player(p)))
		}
	case PhaseDraw:
		for x := uint64(hand); x != 0; x &= x - 1 {
			dst = append(dst, Draw(Card(bits.TrailingZeros64(x))))
		}
	case PhaseBid:
		if k&keyA != 0 {
			dst = append(dst, Look())
		}
		kind := MoveBid
		if k&keyC != 0 {
			kind = MoveBlind
		}
		dst = appendBids(dst, kind, 10*lo, 10*hi)
		if k&keyB != 0 {
			dst = append(dst, Pass())
		}
	case PhaseRole:
		dst = append(dst, Use())
		if k&keyA != 0 {
			dst = append(dst, Decline())
		}
	case PhaseGive:
		for x := uint64(hand); x != 0; x &= x - 1 {
			dst = append(dst, Give(Card(bits.TrailingZeros64(x))))
		}
	case PhaseSwap:
		hand := uint64(hand)
		for x := hand; x != 0; x &= x - 1 {
			a := Card(bits.TrailingZeros64(x))
			for y := x & (x - 1); y != 0; y &= y - 1 {
				dst = append(dst, mv(MoveSwap, a, Card(bits.TrailingZeros64(y)), NoCard, 0))
			}
		}
	case PhaseAside:
		return appendAsides(dst, hand)
	case PhaseRaise:
		dst = append(dst, Keep())
		return appendBids(dst, MoveRaise, 10*lo, 10*hi)
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
				out[i] = Move{w: ab | uint64(bits.TrailingZeros64(z))<<24}
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
	k0 := len(dst)
	dst = slices.Grow(dst, n)[:k0+n]
	m := mv(k, NoCard, NoCard, NoCard, lo)
	out := dst[k0:]
	for i := range out {
		out[i] = m
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
