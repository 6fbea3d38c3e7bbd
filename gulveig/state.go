package gulveig

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/nornsgames/norns"
)

// Phase says what a [State] waits for.
type Phase uint8

// The phases of a match, in the order a hand goes through them.
const (
	PhaseDealer Phase = iota // chance draws the first dealer ([Dealer], G5)
	PhaseDeal                // chance deals a hand ([DealMove], G6)
	PhaseBid                 // a bidder bids, passes, looks or bids blind (G7, G8, G19)
	PhaseRole                // a seat uses or declines its role's power (G21)
	PhaseGive                // Idun's Orchard: a seat gives a card to the treasure (G21)
	PhaseDraw                // Idun's Orchard: chance draws a card from the treasure for a seat
	PhaseSwap                // Tyr's Sacrifice: a bid loser picks 2 cards to exchange (G21)
	PhaseAside               // the bid winner puts 3 cards aside (G9)
	PhaseRaise               // the bid winner raises the bid or keeps it (G9)
	PhasePlay                // a seat plays to a trick, or leads (G10–G12)
	PhaseOver                // the match is over (G17)
	numPhases
)

var phaseNames = [numPhases]string{"dealer", "deal", "bid", "role", "give", "draw", "swap", "aside", "raise", "play", "over"}

// String returns the phase's name ("bid"), or "Phase(20)" out of range.
func (ph Phase) String() string {
	if ph < numPhases {
		return phaseNames[ph]
	}
	return fmt.Sprintf("Phase(%d)", int(ph))
}

// Config flags, packed in public.flags.
const (
	flagVeteran = 1 << iota
	flagBlind
	flagBetting
	flagRoles
	flagDealerGiven
)

// Special values of toMove.
const (
	chance = int8(norns.Chance)
	nobody = int8(norns.Nobody)
)

// actLog is the record of one hand's acts, packed as bits in the order of the acts. An act's
// code depends on the phase it was made in, which replaying the record knows:
//
//   - in the auction, a look or a pass is a 0 (a seat that may look may not pass, and the
//     reverse); a bid or a blind bid (which of the two, the seat's state says) of v points is d
//     ones and a 0, d = (v-lo)/10+1 where lo is the least bid it could make;
//   - a role decision is 1 (use) or 0 (decline); a hidden act (a give, a draw, a swap, the aside)
//     is a 0, its cards living in the hidden part of the State;
//   - the raise is 7 bits, 0 to keep and (v-contract)/10 to raise to v;
//   - a card is 6 bits: the card, and 32 when it shows a combo.
//
// Bids rise by at least 10 from the opening bid to at most 880, so the ones of a whole auction
// number at most 84, as do its bids: with the passes, looks, role turns, the raise and 21 cards,
// a hand needs at most 311 bits (3 looks, 2 passes and 160 bits of bids with 3 bidders from
// 90; 4 role turns, 6 Orchard acts and 2 swaps; the aside, 7 bits of raise, 21 cards of 6 bits),
// and 270 with 2 players (2 looks, a pass, 168 bits of bids from 50; 3 role turns, 4 Orchard
// acts; the aside, the raise, 14 cards).
//
// The count of bits used is public.logN, outside the array so that it packs with other fields.
type actLog [5]uint64

// logPut appends the n low bits of v (n ≤ 32) to the record.
func (s *public) logPut(v uint64, n uint) {
	i := uint(s.logN)
	if i+n > 64*uint(len(s.log)) {
		panic("gulveig: the record of the hand is full")
	}
	s.log[i/64] |= v << (i % 64)
	if i%64+n > 64 {
		s.log[i/64+1] |= v >> (64 - i%64)
	}
	s.logN += uint16(n)
}

// logOnes appends d ones and a zero.
func (s *public) logOnes(d int) {
	for ; d > 32; d -= 32 {
		s.logPut(1<<32-1, 32)
	}
	s.logPut(1<<d-1, uint(d)+1)
}

// logReader reads a record of acts from its start.
type logReader struct {
	l      *actLog
	n, pos uint
}

func (r *logReader) more() bool { return r.pos < r.n }

// get reads n bits (n ≤ 32); bits past the end read as 0.
func (r *logReader) get(n uint) uint64 {
	i := r.pos
	v := r.l[i/64] >> (i % 64)
	if i%64+n > 64 && i/64+1 < uint(len(r.l)) {
		v |= r.l[i/64+1] << (64 - i%64)
	}
	r.pos += n
	return v & (1<<n - 1)
}

// ones reads ones up to a zero and returns how many.
func (r *logReader) ones() int {
	d := 0
	for r.more() && r.get(1) == 1 {
		d++
	}
	return d
}

// head holds what the hottest accessors read (Players, ToMove, Over, Phase): they are methods of
// this small struct, so calling one on a State or View copies 3 bytes, not the whole value.
type head struct {
	players uint8
	phase   Phase
	toMove  int8 // a seat, chance or nobody
}

// turn holds the fields of the hand under way that [State.SampleChance] and the legal moves
// read, the head first, and ends with the turnKey, one word that says what the seat to act may
// do (see turnKey).
type turn struct {
	head
	flags     uint8
	alts      Alternates
	dealer    int8  // -1 before the first dealer is drawn
	declarer  int8  // -1 until the auction ends
	looked    uint8 // seats that know their own hand
	blind     uint8 // seats that bid blind
	drawing   bool  // the current role turn is for the drawn role
	drawnRole Role  // 2 players: the role drawn by Tyr's Sacrifice
	trickN    uint8 // cards in the trick under way
	trick     [3]Card
	leader    int8   // the leader of the trick under way; -1 outside the tricks
	high      uint16 // the highest bid so far; 0 before the first
	contract  uint16 // the bid the declarer must make
	// Three fields of the tricks and the treasure, which fill what would be padding.
	tricks   uint8 // tricks completed this hand
	supreme  Clan  // the clan holding supremacy (G12), or NoClan
	revealed bool  // the treasure was revealed (G9)
	turnKey
}

// public is the part of a State that every seat sees. A View embeds a copy, so the methods
// defined on it serve both. Its turn (the fields AppendLegal and SampleChance read) is
// embedded among the fields of the tricks.
type public struct {
	firstDealer int8
	treasN      uint8 // cards in the treasure
	target      uint16
	handLimit   uint16
	hands       uint16
	scores      [4]int32
	winners     norns.Seats
	lastPts     [4]int16 // hand points of the last hand scored

	// The auction (G7, G8, G19); the high bid, who looked and who bid blind are in the turn.
	passed  uint8    // seats out of the bidding, as bits (the 4th player included)
	lastBid [4]uint8 // each seat's last bid, in tens (bids are multiples of 10 up to 880)

	// Roles (G21): what has been revealed and used.
	roleIdx    uint8   // the role turn under way, as an index from the dealer's left
	shownRole  [4]Role // roles revealed, by seat
	declined   uint8   // seats that declined their power
	orchardBy  int8    // the seat that used Idun's Orchard, or -1
	orchardK   uint8   // gives and draws done in Idun's Orchard
	swapBy     int8    // the seat that used Tyr's exchange, or -1
	swapDone   uint8   // picks made in Tyr's exchange
	bonus      int8    // +5 and -5 to the declarer's hand points
	giveAway   bool    // Tyr's Sacrifice of the 4th player was used
	vi         uint8   // this hand's worths and strengths: valueTables[vi]
	powersUsed uint8   // seats whose power was used, as bits (drawn role: bit 4+seat)

	// The tricks (G10–G12). What most moves change sits together in a few adjacent words: the
	// hand sizes, the record's length, the turn (with the trick under way), the cards played and
	// by whom.
	handN      [4]uint8 // cards in each seat's hand
	voids      [4]uint8 // clans each seat showed out of, as bits
	showed     [4]uint8 // combos each seat showed, as bits of combos
	logN       uint16   // bits of log used
	shownTreas Cards    // the treasure, once revealed (G9)
	turn
	played  Cards
	byBits  seatBits // who played each card played this hand
	wonBits seatBits // who took each card of a completed trick this hand

	log actLog
}

// hidden is the part of a State some seats may not see.
type hidden struct {
	dealt    [2]uint64 // the hand's deal: the location words of its DealMove (see dealtMove)
	hand     [4]Cards  // each seat's hand
	treasure Cards     // the treasure until the declarer takes it
	took     Cards     // the treasure the declarer took
	aside    Cards     // the 3 cards the declarer put aside (G9)
	roles    [NumRoles]Role
	gave     [4]Card  // Idun's Orchard: each seat's gift
	drew     [4]Card  // Idun's Orchard: each seat's draw
	swapped  [2]Cards // Tyr's exchange: the cards the holder and the other loser gave
}

// State is a Gulveig match at one moment: an immutable value. Its methods have value receivers and
// never change it; [State.Apply] returns the next state. It holds no slices, maps or pointers, so
// == compares states, a State can be a map key, and copying it is the snapshot. Every method is
// safe for concurrent use.
//
// Besides the cards and scores, a State keeps the hand's acts in order (bids, passes, role
// decisions, cards played, packed in bits; the cards of hidden acts sit in the hidden part). Views
// carry the same record, so a View knows the hand's public history, [View.Sample] replays it on
// a new deal, and decoding JSON replays it to validate the state.
//
// Size: a State is 280 bytes, and [TestStateSize] keeps it there. Every call of a value method
// of State copies the State: Apply in and out, and SampleChance once; so the calls a random
// playout makes at every move through a *State are methods of small embedded structs instead:
// ToMove, Over, Phase and Players of a 3-byte one, AppendLegal of a one-word summary of what
// the seat to act may do (its hand and the bounds of its bids, set after every move). With
// [State.Step] a playout then copies no State at all. The layout keeps one copy of each other
// fact and derives the rest. The record of acts is packed in bits (40 bytes hold the longest hand, see actLog), not a byte an
// act; the hand's worths and strengths are a byte naming one of the 192 tables the roles can make
// (valueTables, built once from the deck and role tables); who played and who took each card are
// two bits a card in one word each (the cards a seat played or took are derived); the deal is
// kept as the two location words of its move, from which the cards out of play are read. The
// rest is the hidden hands, treasure, aside and acts (about 100 bytes), and the scores and
// auction.
//
// The zero State is a match with no seats that is over: ToMove is norns.Nobody, Phase is
// PhaseOver, no move is legal and Apply refuses every move with [norns.ErrGameOver]; the
// methods that take a seat panic, as for any seat out of range. Use [New] for a match.
type State struct {
	public
	h hidden
}

// New returns a match at its first chance node: the draw of the first dealer, or the first deal
// when c gives the dealer. It fails with an error wrapping [norns.ErrBadConfig] if c is invalid.
func New(c Config) (State, error) {
	if err := c.Validate(); err != nil {
		return State{}, err
	}
	c = c.normal()
	var s State
	s.players = uint8(c.Players)
	s.target = uint16(c.Target)
	s.handLimit = uint16(c.HandLimit)
	s.alts = c.Alternates
	for _, f := range []struct {
		on  bool
		bit uint8
	}{{c.Veteran, flagVeteran}, {c.Blind, flagBlind}, {c.Betting, flagBetting}, {c.Roles, flagRoles}, {c.DealerGiven, flagDealerGiven}} {
		if f.on {
			s.flags |= f.bit
		}
	}
	s.firstDealer = int8(c.FirstDealer)
	s.toMove = chance
	s.dealer = -1
	s.phase = PhaseDealer
	if c.DealerGiven {
		s.dealer = int8(c.FirstDealer)
		s.phase = PhaseDeal
	}
	s.clearHand()
	s.syncTurn()
	return s, nil
}

// clearHand resets everything of a hand, between hands.
func (s *State) clearHand() {
	p := &s.public
	p.high, p.passed, p.blind, p.looked = 0, 0, 0, 0
	p.lastBid = [4]uint8{}
	p.declarer, p.contract, p.revealed, p.shownTreas = -1, 0, false, 0
	p.roleIdx, p.shownRole, p.declined, p.drawnRole, p.drawing = 0, [4]Role{}, 0, NoRole, false
	p.orchardBy, p.orchardK, p.swapBy, p.swapDone = -1, 0, -1, 0
	p.bonus, p.giveAway, p.vi, p.powersUsed = 0, false, 0, 0
	p.trick, p.trickN, p.leader, p.tricks, p.supreme = [3]Card{NoCard, NoCard, NoCard}, 0, -1, 0, NoClan
	p.played, p.byBits, p.wonBits, p.voids, p.showed = 0, 0, 0, [4]uint8{}, [4]uint8{}
	p.log, p.logN, p.handN, p.treasN = actLog{}, 0, [4]uint8{}, 0
	s.h = hidden{gave: [4]Card{NoCard, NoCard, NoCard, NoCard}, drew: [4]Card{NoCard, NoCard, NoCard, NoCard}}
}

// Config returns the match's configuration, with the defaults filled in.
func (s public) Config() Config {
	c := Config{Players: int(s.players), Target: int(s.target), HandLimit: int(s.handLimit), Alternates: s.alts,
		Veteran: s.flags&flagVeteran != 0, Blind: s.flags&flagBlind != 0, Betting: s.flags&flagBetting != 0,
		Roles: s.flags&flagRoles != 0, DealerGiven: s.flags&flagDealerGiven != 0}
	if c.DealerGiven {
		c.FirstDealer = norns.Player(s.firstDealer)
	}
	return c
}

// seatBits gives a seat to each card of a set (the cards played, or taken): two bits a card, the
// seat of card c in bits 2c and 2c+1.
type seatBits uint64

func (x seatBits) with(c Card, p int8) seatBits { return x | seatBits(p)<<(2*c) }
func (x seatBits) seat(c Card) int8             { return int8(x >> (2 * c) & 3) }

// of returns the cards of set whose seat is p.
func (x seatBits) of(set Cards, p int8) Cards {
	var r Cards
	for y := uint64(set); y != 0; y &= y - 1 {
		if c := Card(bits.TrailingZeros64(y)); x.seat(c) == p {
			r |= 1 << c
		}
	}
	return r
}

// taken returns the cards of the completed tricks.
func (s *public) taken() Cards {
	t := s.played
	for i := range s.trickN {
		t = t.Without(s.trick[i])
	}
	return t
}

// won returns the cards seat p took in tricks this hand.
func (s *public) won(p int8) Cards { return s.wonBits.of(s.taken(), p) }

// vals returns this hand's worths and strengths.
func (s *public) vals() *values { return &valueTables[s.vi] }

func (s *turn) has(flag uint8) bool { return s.flags&flag != 0 }

// Players returns the number of seats.
func (s head) Players() int { return int(s.players) }

// ToMove returns the seat to act, norns.Chance at a chance node, or norns.Nobody once over (and
// for the zero State, which has no seats).
func (s head) ToMove() norns.Player {
	if s.players == 0 {
		return norns.Nobody
	}
	return norns.Player(s.toMove)
}

// Over reports whether the match has ended: true for the zero State, which has no seats.
func (s head) Over() bool { return s.toMove == nobody || s.players == 0 }

// Phase returns what the match waits for: PhaseOver for the zero State, which has no seats.
func (s head) Phase() Phase {
	if s.players == 0 {
		return PhaseOver
	}
	return s.phase
}

// Score returns seat p's game score. It panics if p is not a seat.
func (s public) Score(p norns.Player) int { return int(s.scores[s.index(p)]) }

// Winners returns the winner once the match is over (with [Config.HandLimit], every seat with
// the highest score); it is empty before.
func (s public) Winners() norns.Seats { return s.winners }

// Target returns the score the match is played to (G17).
func (s public) Target() int { return int(s.target) }

// OnBarrel reports whether seat p's score lies in the last 100 points below the target (G17). It
// panics if p is not a seat.
func (s public) OnBarrel(p norns.Player) bool {
	sc := s.scores[s.index(p)]
	return sc >= int32(s.target)-100 && sc < int32(s.target)
}

// Dealer returns the dealer of the current hand (or the coming one at a chance node), and
// norns.Nobody before the first dealer is drawn.
func (s public) Dealer() norns.Player {
	if s.dealer < 0 {
		return norns.Nobody
	}
	return norns.Player(s.dealer)
}

// Fourth returns the 4th player of the hand (the dealer, with 4 players; G18), and norns.Nobody
// with 2 or 3 players.
func (s public) Fourth() norns.Player {
	if s.players == 4 && s.dealer >= 0 {
		return norns.Player(s.dealer)
	}
	return norns.Nobody
}

// Round returns the number of hands dealt so far, the current one included: 0 before the first
// deal.
func (s public) Round() int { return int(s.hands) }

// HighBid returns the highest bid of the auction so far (0 before the first) and who made it.
func (s public) HighBid() (int, norns.Player) {
	if s.high == 0 {
		return 0, norns.Nobody
	}
	if s.declarer >= 0 {
		return int(s.high), norns.Player(s.declarer)
	}
	// The high bidder is the last seat to bid the high bid.
	return int(s.high), norns.Player(s.highBidder())
}

func (s *public) highBidder() int8 {
	for p := range int8(s.players) {
		if s.high > 0 && uint16(s.lastBid[p])*10 == s.high {
			return p
		}
	}
	return -1
}

// LastBid returns seat p's last bid this hand, 0 if it has not bid. It panics if p is not a seat.
func (s public) LastBid(p norns.Player) int { return 10 * int(s.lastBid[s.index(p)]) }

// Passed reports whether seat p is out of the bidding this hand (the 4th player always is). It
// panics if p is not a seat.
func (s public) Passed(p norns.Player) bool { return s.passed&(1<<s.index(p)) != 0 }

// BidBlind reports whether seat p bid blind this hand (G19). It panics if p is not a seat.
func (s public) BidBlind(p norns.Player) bool { return s.blind&(1<<s.index(p)) != 0 }

// Declarer returns the bid winner once the auction is over, and norns.Nobody before.
func (s public) Declarer() norns.Player {
	if s.declarer < 0 {
		return norns.Nobody
	}
	return norns.Player(s.declarer)
}

// Contract returns the bid the declarer must make (after a raise or Tyr's lowering), 0 before the
// auction ends.
func (s public) Contract() int { return int(s.contract) }

// Treasure returns the treasure as it was revealed (G9), and false while it has not been
// (before the auction ends, or for a blind winner, G19).
func (s public) Treasure() (Cards, bool) { return s.shownTreas, s.revealed }

// Supremacy returns the clan holding supremacy (G12), or NoClan.
func (s public) Supremacy() Clan { return s.supreme }

// Trick returns the cards of the trick under way, in play order, and its leader.
func (s public) Trick() ([]Card, norns.Player) {
	if s.leader < 0 {
		return nil, norns.Nobody
	}
	return append([]Card(nil), s.trick[:s.trickN]...), norns.Player(s.leader)
}

// TricksPlayed returns the number of tricks completed this hand.
func (s public) TricksPlayed() int { return int(s.tricks) }

// Played returns every card played to a trick this hand.
func (s public) Played() Cards { return s.played }

// Won returns the cards seat p took in tricks this hand: everyone saw them (G13). The bid winner's
// 3 cards put aside are not included. It panics if p is not a seat.
func (s public) Won(p norns.Player) Cards { return s.won(int8(s.index(p))) }

// PlayedBy returns the cards seat p played this hand. It panics if p is not a seat.
func (s public) PlayedBy(p norns.Player) Cards { return s.byBits.of(s.played, int8(s.index(p))) }

// Void reports whether seat p showed out of clan k this hand (it did not follow k). It panics if
// p is not a seat and k is a clan.
func (s public) Void(p norns.Player, k Clan) bool {
	return k.IsValid() && s.voids[s.index(p)]&(1<<k) != 0
}

// Shown returns the cards of the combos seat p showed this hand (G12). It panics if p is not a
// seat.
func (s public) Shown(p norns.Player) Cards {
	var c Cards
	for i, co := range combos {
		if s.showed[s.index(p)]&(1<<i) != 0 {
			c = c.With(co.a).With(co.b)
		}
	}
	return c
}

// RoleShown returns seat p's role if it has been revealed (G21), and NoRole otherwise. It panics
// if p is not a seat.
func (s public) RoleShown(p norns.Player) Role { return s.shownRole[s.index(p)] }

// DrawnRole returns the role drawn by Tyr's Sacrifice with 2 players, and NoRole.
func (s public) DrawnRole() Role { return s.drawnRole }

// Worth returns card c's worth in this hand, after the roles (G21).
func (s public) Worth(c Card) int {
	if c >= NumKinds {
		return 0
	}
	return int(s.vals().worth[c])
}

// Strength returns card c's strength in this hand, after the roles (G21).
func (s public) Strength(c Card) int {
	if c >= NumKinds {
		return 0
	}
	return int(s.vals().strength[c])
}

// LastHandPoints returns seat p's hand points in the last hand scored (G14, G18). It panics if p
// is not a seat.
func (s public) LastHandPoints(p norns.Player) int { return int(s.lastPts[s.index(p)]) }

// InPlay returns the 24 cards of the match's deck.
func (s turn) InPlay() Cards { return inPlayOf[s.alts&AllAlternates] }

// inPlayOf caches Config.InPlay by set of alternates.
var inPlayOf = func() (t [16]Cards) {
	for a := range Alternates(16) {
		t[a] = Config{Alternates: a}.InPlay()
	}
	return t
}()

// index returns p as an index, panicking if p is not one of the match's seats.
func (s *public) index(p norns.Player) int {
	if p < 0 || int(p) >= int(s.players) {
		panic(fmt.Sprintf("gulveig: %v is not a seat of %d players", p, s.players))
	}
	return int(p)
}

// HandLen returns the number of cards in seat p's hand. It panics if p is not a seat.
func (s public) HandLen(p norns.Player) int { return int(s.handN[s.index(p)]) }

// Hand returns seat p's cards. It panics if p is not a seat.
func (s State) Hand(p norns.Player) Cards { return s.h.hand[s.index(p)] }

// Aside returns the 3 cards the bid winner put aside (G9), empty before.
func (s State) Aside() Cards { return s.h.aside }

// Out returns the 7 cards out of play with 2 players (G4).
func (s State) Out() Cards { return s.dealtMove().placeOf(locOut) }

// Role returns seat p's role card (G21), NoRole without roles. It panics if p is not a seat.
func (s State) Role(p norns.Player) Role { return s.h.roles[s.index(p)] }

// DealtMove returns the deal of the current hand, and the zero Move between hands.
func (s State) DealtMove() Move { return s.dealtMove() }

// dealtMove returns the hand's deal, the zero Move between hands (a deal places cards, so its
// words are never both zero).
func (s *State) dealtMove() Move {
	if s.h.dealt == [2]uint64{} {
		return Move{}
	}
	return Move{w: dealW | s.h.dealt[1]<<8, d0: s.h.dealt[0]}
}

// String describes the state for humans: the phase, the scores, the auction, the hands, the
// trick under way.
func (s State) String() string {
	var b strings.Builder
	s.public.describe(&b)
	if s.phase > PhaseDeal && s.phase < PhaseOver {
		for p := range int(s.players) {
			if norns.Player(p) == s.Fourth() {
				continue
			}
			fmt.Fprintf(&b, "\n  seat %d holds %v", p, s.h.hand[p])
		}
		if !s.h.treasure.IsEmpty() {
			fmt.Fprintf(&b, "\n  treasure %v", s.h.treasure)
		}
		if !s.h.aside.IsEmpty() {
			fmt.Fprintf(&b, "\n  aside %v", s.h.aside)
		}
		if out := s.Out(); !out.IsEmpty() {
			fmt.Fprintf(&b, "\n  out of play %v", out)
		}
		if s.has(flagRoles) {
			fmt.Fprintf(&b, "\n  roles %v", s.h.roles)
		}
	}
	return b.String()
}

// describe writes the public part for humans.
func (s *public) describe(b *strings.Builder) {
	fmt.Fprintf(b, "gulveig: %d players, target %d, hand %d, %v", s.players, s.target, s.hands, s.phase)
	if s.toMove >= 0 {
		fmt.Fprintf(b, ", seat %d to act", s.toMove)
	}
	if s.toMove == nobody {
		fmt.Fprintf(b, ", won by %v", s.winners)
	}
	for p := range int(s.players) {
		fmt.Fprintf(b, "\n  seat %d: %d", p, s.scores[p])
		if s.OnBarrel(norns.Player(p)) {
			b.WriteString(" (on the barrel)")
		}
		if int8(p) == s.dealer {
			b.WriteString(", dealer")
		}
		if s.phase >= PhaseBid && s.phase < PhaseOver {
			if s.lastBid[p] > 0 {
				fmt.Fprintf(b, ", bid %d", 10*int(s.lastBid[p]))
				if s.blind&(1<<p) != 0 {
					b.WriteString(" blind")
				}
			}
			if s.passed&(1<<p) != 0 && s.declarer < 0 {
				b.WriteString(", passed")
			}
			if int8(p) == s.declarer {
				fmt.Fprintf(b, ", declarer for %d", s.contract)
			}
			if r := s.shownRole[p]; r != NoRole {
				fmt.Fprintf(b, ", role %v", r)
			}
			if w := s.won(int8(p)); !w.IsEmpty() {
				fmt.Fprintf(b, ", took %v", w)
			}
		}
	}
	if s.revealed {
		fmt.Fprintf(b, "\n  treasure revealed: %v", s.shownTreas)
	}
	if s.phase == PhasePlay {
		fmt.Fprintf(b, "\n  trick %d led by seat %d: [", s.tricks+1, s.leader)
		for i := range s.trickN {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s.trick[i].String())
		}
		b.WriteString("]")
		if s.supreme != NoClan {
			fmt.Fprintf(b, ", %v supreme", s.supreme)
		}
	}
}

// invariant reports a broken State: cards in two places or none, counts that do not add up.
func (s *State) invariant() error {
	if s.phase <= PhaseDeal || s.phase == PhaseOver {
		return nil
	}
	var all Cards
	n := 0
	add := func(c Cards) {
		all |= c
		n += c.Len()
	}
	for p := range int(s.players) {
		add(s.h.hand[p])
		if s.h.hand[p].Len() != int(s.handN[p]) {
			return fmt.Errorf("seat %d holds %d cards, counted %d", p, s.h.hand[p].Len(), s.handN[p])
		}
	}
	add(s.h.treasure)
	add(s.h.aside)
	add(s.Out())
	add(s.played)
	if all != s.InPlay() || n != 24 {
		return fmt.Errorf("the places hold %d cards, %v, not the 24 in play", n, all)
	}
	if s.h.treasure.Len() != int(s.treasN) {
		return fmt.Errorf("treasure of %d cards, counted %d", s.h.treasure.Len(), s.treasN)
	}
	var won Cards
	for p := range int(s.players) {
		won |= s.won(int8(p))
	}
	var inTrick Cards
	for i := range s.trickN {
		inTrick = inTrick.With(s.trick[i])
	}
	if won|inTrick != s.played || won.Len()+int(s.trickN) != s.played.Len() {
		return fmt.Errorf("tricks won %v and the trick %v are not the cards played %v", won, inTrick, s.played)
	}
	return nil
}
