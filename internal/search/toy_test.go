package search_test

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// This file defines two toy games that satisfy the norns contract, small enough that the best
// move is known exactly.
//
// Guess (hidden information and chance): seat 0 is dealt one card of 0..9 and sees it; seat 1 is
// dealt two of the other nine and sees them. Seat 0 then says "hi", "lo" or "pass". Pass ends the
// match drawn. Otherwise seat 1, who heard the guess, plays one of its two cards: seat 0 wins if
// the card is higher than its own after "hi", lower after "lo", and seat 1 wins otherwise. Seat 1
// plays the card that beats the guess when it has one, so seat 0 wins "hi" only when both of seat
// 1's cards are higher: with card 5 the chances are hi 6/36, lo 10/36 and pass is best (a draw,
// reward 1/2); with card 1, hi wins 28/36; with card 8, lo wins 28/36. Against a random reply, lo
// would look best with card 5 (5/9 > 1/2), so finding "pass" needs the opponent model.
//
// With late set, seat 1's cards are dealt only after the guess, so the chance node lies inside
// the search tree rather than in the determinisation.
//
// Nim (perfect information, any seat count): players take one or two stones in turn from a pile;
// who takes the last stone wins. With two players, a pile that is a multiple of 3 loses for the
// player to move.

// --- Guess ---

type guessKind uint8

const (
	gDeal0 guessKind = iota + 1 // chance: seat 0's card (a) and, unless late, seat 1's (b, c)
	gDeal1                      // chance, late only: seat 1's cards (b, c)
	gHi
	gLo
	gPass
	gPlay // seat 1 plays card a
)

type gMove struct {
	kind    guessKind
	a, b, c int8
}

func (m gMove) String() string {
	switch m.kind {
	case gDeal0:
		return fmt.Sprintf("deal %d %d %d", m.a, m.b, m.c)
	case gDeal1:
		return fmt.Sprintf("deal1 %d %d", m.b, m.c)
	case gHi:
		return "hi"
	case gLo:
		return "lo"
	case gPass:
		return "pass"
	case gPlay:
		return fmt.Sprintf("play %d", m.a)
	}
	return "?"
}

type gPhase uint8

const (
	gpDeal  gPhase = iota // chance deals
	gpGuess               // seat 0 guesses
	gpDeal1               // chance deals seat 1 (late only)
	gpReply               // seat 1 plays
	gpOver
)

type guess struct {
	late    bool
	phase   gPhase
	c0      int8
	h1      [2]int8 // seat 1's cards, ascending; -1 when not dealt
	said    guessKind
	played  int8
	winners norns.Seats
}

func newGuess(late bool) guess { return guess{late: late, h1: [2]int8{-1, -1}, played: -1} }

func (s guess) Players() int { return 2 }

func (s guess) ToMove() norns.Player {
	switch s.phase {
	case gpDeal, gpDeal1:
		return norns.Chance
	case gpGuess:
		return 0
	case gpReply:
		return 1
	}
	return norns.Nobody
}

func (s guess) Over() bool { return s.phase == gpOver }

func (s guess) Legal() []gMove { return s.AppendLegal(nil) }

func (s guess) AppendLegal(dst []gMove) []gMove {
	switch s.phase {
	case gpGuess:
		return append(dst, gMove{kind: gHi}, gMove{kind: gLo}, gMove{kind: gPass})
	case gpReply:
		return append(dst, gMove{kind: gPlay, a: s.h1[0]}, gMove{kind: gPlay, a: s.h1[1]})
	}
	return dst
}

var errToy = fmt.Errorf("toy: %w", norns.ErrIllegalMove)

func (s guess) Apply(m gMove) (guess, error) {
	switch {
	case s.phase == gpDeal && m.kind == gDeal0:
		if m.a < 0 || m.a > 9 || (!s.late && !distinct(m.a, m.b, m.c)) {
			return s, errToy
		}
		s.c0 = m.a
		s.phase = gpGuess
		if !s.late {
			s.h1 = [2]int8{min(m.b, m.c), max(m.b, m.c)}
		}
		return s, nil
	case s.phase == gpGuess && (m.kind == gHi || m.kind == gLo || m.kind == gPass):
		s.said = m.kind
		switch {
		case m.kind == gPass:
			s.phase = gpOver
		case s.late:
			s.phase = gpDeal1
		default:
			s.phase = gpReply
		}
		return s, nil
	case s.phase == gpDeal1 && m.kind == gDeal1:
		if !distinct(s.c0, m.b, m.c) {
			return s, errToy
		}
		s.h1 = [2]int8{min(m.b, m.c), max(m.b, m.c)}
		s.phase = gpReply
		return s, nil
	case s.phase == gpReply && m.kind == gPlay && (m.a == s.h1[0] || m.a == s.h1[1]):
		s.played = m.a
		s.phase = gpOver
		if (s.said == gHi && m.a > s.c0) || (s.said == gLo && m.a < s.c0) {
			s.winners = norns.SeatsOf(0)
		} else {
			s.winners = norns.SeatsOf(1)
		}
		return s, nil
	case s.phase == gpOver:
		return s, norns.ErrGameOver
	}
	return s, errToy
}

// distinct reports whether a, b and c are three different cards of 0..9.
func distinct(a, b, c int8) bool {
	in := func(x int8) bool { return x >= 0 && x <= 9 }
	return in(a) && in(b) && in(c) && a != b && a != c && b != c
}

// two draws two distinct cards of 0..9 other than not.
func two(r *rng.Rand, not int8) (int8, int8) {
	b := int8(r.IntN(9))
	if b >= not {
		b++
	}
	for {
		c := int8(r.IntN(10))
		if c != not && c != b {
			return b, c
		}
	}
}

func (s guess) SampleChance(r *rng.Rand) gMove {
	switch s.phase {
	case gpDeal:
		a := int8(r.IntN(10))
		m := gMove{kind: gDeal0, a: a}
		if !s.late {
			m.b, m.c = two(r, a)
		}
		return m
	case gpDeal1:
		b, c := two(r, s.c0)
		return gMove{kind: gDeal1, b: b, c: c}
	}
	panic("toy: not a chance node")
}

func (s guess) Score(p norns.Player) int {
	if s.winners.Has(p) {
		return 1
	}
	return 0
}

func (s guess) Winners() norns.Seats { return s.winners }

func (s guess) String() string {
	return fmt.Sprintf("guess{phase %d, c0 %d, h1 %v, said %v, played %d}", s.phase, s.c0, s.h1, s.said, s.played)
}

// guessView hides seat 1's cards from seat 0 and seat 0's card from seat 1.
type guessView struct {
	seat norns.Player
	s    guess // with the hidden fields blanked
}

func (s guess) View(p norns.Player) guessView {
	v := guessView{seat: p, s: s}
	if s.phase == gpOver {
		return v
	}
	if p == 0 {
		v.s.h1 = [2]int8{-1, -1}
	} else {
		v.s.c0 = -1
	}
	return v
}

func (v guessView) Seat() norns.Player   { return v.seat }
func (v guessView) Players() int         { return 2 }
func (v guessView) ToMove() norns.Player { return v.s.ToMove() }
func (v guessView) Over() bool           { return v.s.Over() }
func (v guessView) Legal() []gMove       { return v.AppendLegal(nil) }
func (v guessView) AppendLegal(dst []gMove) []gMove {
	if v.s.ToMove() != v.seat {
		return dst
	}
	return v.s.AppendLegal(dst)
}

// guessSamples counts calls to guessView.Sample (tests are not parallel; root-parallel workers
// sample concurrently).
var guessSamples atomic.Int64

func (v guessView) Sample(r *rng.Rand) guess {
	guessSamples.Add(1)
	s := v.s
	if s.phase == gpOver || s.phase == gpDeal {
		return s
	}
	if v.seat == 0 {
		if s.phase != gpDeal1 && !(s.late && s.phase == gpGuess) {
			b, c := two(r, s.c0)
			s.h1 = [2]int8{min(b, c), max(b, c)}
		}
		return s
	}
	for {
		a := int8(r.IntN(10))
		if a != s.h1[0] && a != s.h1[1] {
			s.c0 = a
			return s
		}
	}
}

// --- Nim ---

type nimMove int8 // stones taken

func (m nimMove) String() string { return fmt.Sprintf("take %d", int8(m)) }

type nim struct {
	players int8
	pile    int8
	turn    int8
	winner  int8 // -1 while playing
}

func newNim(players, pile int) nim {
	return nim{players: int8(players), pile: int8(pile), winner: -1}
}

func (s nim) Players() int { return int(s.players) }
func (s nim) Over() bool   { return s.winner >= 0 }
func (s nim) ToMove() norns.Player {
	if s.Over() {
		return norns.Nobody
	}
	return norns.Player(s.turn)
}
func (s nim) Legal() []nimMove { return s.AppendLegal(nil) }
func (s nim) AppendLegal(dst []nimMove) []nimMove {
	if s.Over() {
		return dst
	}
	dst = append(dst, 1)
	if s.pile >= 2 {
		dst = append(dst, 2)
	}
	return dst
}
func (s nim) Apply(m nimMove) (nim, error) {
	if s.Over() {
		return s, norns.ErrGameOver
	}
	if m < 1 || m > 2 || int8(m) > s.pile {
		return s, errors.Join(errToy, fmt.Errorf("cannot take %d of %d", m, s.pile))
	}
	s.pile -= int8(m)
	if s.pile == 0 {
		s.winner = s.turn
	} else {
		s.turn = (s.turn + 1) % s.players
	}
	return s, nil
}
func (s nim) SampleChance(*rng.Rand) nimMove { panic("toy: nim has no chance") }
func (s nim) Score(p norns.Player) int {
	if int8(p) == s.winner {
		return 1
	}
	return 0
}
func (s nim) Winners() norns.Seats {
	if s.winner < 0 {
		return 0
	}
	return norns.SeatsOf(norns.Player(s.winner))
}
func (s nim) String() string              { return fmt.Sprintf("nim{pile %d, turn %d}", s.pile, s.turn) }
func (s nim) View(p norns.Player) nimView { return nimView{seat: p, s: s} }

type nimView struct {
	seat norns.Player
	s    nim
}

func (v nimView) Seat() norns.Player   { return v.seat }
func (v nimView) Players() int         { return v.s.Players() }
func (v nimView) ToMove() norns.Player { return v.s.ToMove() }
func (v nimView) Over() bool           { return v.s.Over() }
func (v nimView) Legal() []nimMove     { return v.AppendLegal(nil) }
func (v nimView) AppendLegal(dst []nimMove) []nimMove {
	if v.s.ToMove() != v.seat {
		return dst
	}
	return v.s.AppendLegal(dst)
}
func (v nimView) Sample(*rng.Rand) nim { return v.s }

// Compile-time checks that the toys satisfy the contract.
func isGame[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]]() {}

var (
	_ = isGame[guess, gMove, guessView]
	_ = isGame[nim, nimMove, nimView]
)

// Step applies m in place, as Apply does.
func (s *guess) Step(m gMove) error {
	next, err := s.Apply(m)
	if err == nil {
		*s = next
	}
	return err
}

// Step applies m in place, as Apply does.
func (s *nim) Step(m nimMove) error {
	next, err := s.Apply(m)
	if err == nil {
		*s = next
	}
	return err
}
