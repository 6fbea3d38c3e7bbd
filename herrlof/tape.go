package herrlof

// tape is the record of the current hand that a three-player State keeps for [View.Sample], in
// the words that hold the histories in a two-player one (State.hist): every card played, in
// order, each trick's leader, which 3s drew, and each 6 exchange with its cards. Everything but
// the exchanged cards is public; a View keeps the cards of the exchanges its seat took part in.
// From it a seat's view can retrace the whole hand, which a sample needs with three players: a 6
// exchange between the two other seats, hidden from the seat, may pass any card on, and what the
// seat saw later can depend on which (see sample3.go).
//
// The layout, in bits from the lowest of word 0 (a card is stored as card+1, 0 for none):
//
//	0-197    the cards played, six bits each, card k of trick t at 6(3t+k)
//	198-219  the leader of trick t at 198+2t
//	220-223  bit s: the 3 of suit s drew (H11)
//	224-231  the 6 of suit s took from seat q: q+1 at 224+2s (H15)
//	232-279  the 6 of suit s: the card taken at 232+12s, the card given at 238+12s
type tape [6]uint64

const (
	tapeLeaders = 198
	tapeDrew    = 220
	tapeTarget  = 224
	tapeSwap    = 232
	tapeBits    = 280
	maxPlays    = 33 // 11 tricks of three cards
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

func (t *tape) setLeader(i int, p int8) { t.set(tapeLeaders+2*uint(i), 2, uint64(p)) }

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

// hideSwap forgets the cards of the 6 of suit st.
func (t *tape) hideSwap(st Suit) { t.set(tapeSwap+12*uint(st), 12, 0) }

// tape returns the hand record of a three-player state.
func (s *State) tape() *tape { return (*tape)(&s.hist) }

// seatOf returns who played card k of the hand, given the number of seats.
func (t *tape) seatOf(k int) int8 {
	return int8((int(t.leader(k/3)) + k%3) % 3)
}

// sixOwner returns the seat that played the 6 of suit st this hand, or -1.
func (t *tape) sixOwner(st Suit, plays int) int8 {
	if k := t.find(Card(int(st)*9+5), plays); k >= 0 {
		return t.seatOf(k)
	}
	return -1
}

// view returns the record as seat p sees it: the cards of the 6 exchanges p was not part of
// are hidden.
func (t tape) view(p int8, plays int) tape {
	for st := range Suit(NumSuits) {
		if q := t.target(st); q >= 0 && q != p && t.sixOwner(st, plays) != p {
			t.hideSwap(st)
		}
	}
	return t
}

// plays returns the number of cards played this hand (three players).
func (s *State) plays() int { return 3*int(s.trickNo) + int(s.trick.n) }

// find returns the index of card c among the first n cards played, or -1.
func (t *tape) find(c Card, n int) int {
	for k := range n {
		if t.play(k) == c {
			return k
		}
	}
	return -1
}
