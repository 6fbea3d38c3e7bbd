package herrlof

// tape is the record of the current hand that a State keeps for [View.Sample]: every card
// played, in order, each trick's leader, which 3s drew, and each 6 exchange with its cards.
// Everything but the exchanged cards is public; a View keeps the cards of the exchanges its seat
// took part in. From it a seat's view retraces the whole hand (see walk.go): what the seat saw
// late in a hand can rule out places for cards it saw early, and with three players a 6 exchange
// between the two other seats, hidden from the seat, may have passed any card on.
//
// The layout, in bits from the lowest of word 0 (a card is stored as card+1, 0 for none), with n
// players:
//
//	0-197    the cards played, six bits each, card k of trick t at 6(nt+k)
//	198-227  the leader of trick t at 198+2t
//	228-231  bit s: the 3 of suit s drew (H11)
//	232-239  the 6 of suit s took from seat q: q+1 at 232+2s (H15)
//	240-287  the 6 of suit s: the card taken at 240+12s, the card given at 246+12s
//	288-293  the trump card two Valknuts replaced (H13; at most once a hand: there are three)
//
// The replaced trump card is public and follows from the rest of the State (it is the one card out
// of play that no trick holds); the tape records it so that every card of a hand sits in a place
// the State records, and a lost card shows (see the conformance test's zones).
type tape [5]uint64

const (
	tapeLeaders  = 198
	tapeDrew     = 228
	tapeTarget   = 232
	tapeSwap     = 240
	tapeReplaced = 288
	tapeBits     = 294
	maxPlays     = 33 // 11 tricks of three cards, or 15 of two
)

func (t *tape) get(at, n uint) uint64 {
	w, sh := at/64, at%64
	v := t[w] >> sh
	if sh+n > 64 {
		v |= t[w+1] << (64 - sh)
	}
	return v & (1<<n - 1)
}

func (t *tape) set(at, n uint, v uint64) {
	w, sh := at/64, at%64
	mask := uint64(1)<<n - 1
	t[w] = t[w]&^(mask<<sh) | v<<sh
	if sh+n > 64 {
		t[w+1] = t[w+1]&^(mask>>(64-sh)) | v>>(64-sh)
	}
}

func cardCode(c Card) uint64 { return uint64(c) + 1 }

func codeCard(v uint64) Card {
	if v == 0 {
		return NoCard
	}
	return Card(v - 1)
}

// play returns the k-th card played this hand (NoCard past the last).
func (t *tape) play(k int) Card { return codeCard(t.get(6*uint(k), 6)) }

func (t *tape) setPlay(k int, c Card) { t.set(6*uint(k), 6, cardCode(c)) }

// leader returns the leader of trick i.
func (t *tape) leader(i int) int8 { return int8(t.get(tapeLeaders+2*uint(i), 2)) }

// setLeader records p as the leader of trick i. The leaders lie in one word (bits 198-227 are in
// word 3), so it writes that word alone.
func (t *tape) setLeader(i int, p int8) {
	sh := tapeLeaders%64 + 2*uint(i)
	t[tapeLeaders/64] = t[tapeLeaders/64]&^(3<<sh) | uint64(p&3)<<sh
}

// drew reports whether the 3 of suit st drew.
func (t *tape) drew(st Suit) bool { return t.get(tapeDrew+uint(st), 1) != 0 }

func (t *tape) setDrew(st Suit) { t.set(tapeDrew+uint(st), 1, 1) }

// target returns the seat the 6 of suit st took from, or -1.
func (t *tape) target(st Suit) int8 { return int8(t.get(tapeTarget+2*uint(st), 2)) - 1 }

func (t *tape) setTarget(st Suit, q int8) { t.set(tapeTarget+2*uint(st), 2, uint64(q+1)) }

// taken and given return the cards the 6 of suit st took and gave (NoCard if not yet, or hidden).
func (t *tape) taken(st Suit) Card { return codeCard(t.get(tapeSwap+12*uint(st), 6)) }
func (t *tape) given(st Suit) Card { return codeCard(t.get(tapeSwap+12*uint(st)+6, 6)) }

func (t *tape) setTaken(st Suit, c Card) { t.set(tapeSwap+12*uint(st), 6, cardCode(c)) }
func (t *tape) setGiven(st Suit, c Card) { t.set(tapeSwap+12*uint(st)+6, 6, cardCode(c)) }

// replaced returns the trump card two Valknuts replaced this hand, or NoCard.
func (t *tape) replaced() Card { return codeCard(t.get(tapeReplaced, 6)) }

// setReplaced records c as the replaced trump card; NoCard clears it.
func (t *tape) setReplaced(c Card) {
	var v uint64
	if c.IsValid() {
		v = cardCode(c)
	}
	t.set(tapeReplaced, 6, v)
}

// hideSwap forgets the cards of the 6 of suit st.
func (t *tape) hideSwap(st Suit) { t.set(tapeSwap+12*uint(st), 12, 0) }

// seatOf returns who played card k of the hand with n players.
func (t *tape) seatOf(k, n int) int8 {
	return int8((int(t.leader(k/n)) + k%n) % n)
}

// sixOwner returns the seat that played the 6 of suit st among the first plays cards, or -1.
func (t *tape) sixOwner(st Suit, plays, n int) int8 {
	if k := t.find(Card(int(st)*9+5), plays); k >= 0 {
		return t.seatOf(k, n)
	}
	return -1
}

// view returns the record as seat p sees it: the cards of the 6 exchanges p was not part of
// are hidden; for the spectator (p < 0), the cards of every exchange.
func (t tape) view(p int8, plays, n int) tape {
	if n == 2 && p >= 0 {
		return t
	}
	for st := range Suit(NumSuits) {
		if q := t.target(st); q >= 0 && q != p && t.sixOwner(st, plays, n) != p {
			t.hideSwap(st)
		}
	}
	return t
}

// plays returns the number of cards played this hand.
func (s *State) plays() int { return int(s.players)*int(s.trickNo) + int(s.trick.n) }

// find returns the index of card c among the first n cards played, or -1.
func (t *tape) find(c Card, n int) int {
	for k := range n {
		if t.play(k) == c {
			return k
		}
	}
	return -1
}

// tape returns the state's record of the hand.
func (s *State) tape() *tape { return &s.rec }
