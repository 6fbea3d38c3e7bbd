package norns

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"
)

// Player identifies who acts: a seat (0, 1, …, clockwise from seat 0), the [Chance] pseudo-player
// at a chance node, or [Nobody] once a match is over. The zero Player is seat 0.
type Player int8

const (
	// Chance acts at chance nodes: deals, shuffles, random picks. See State.SampleChance.
	Chance Player = -1
	// Nobody is to act once a match is over.
	Nobody Player = -2
)

// MaxSeats is the number of seats a [Seats] set can hold: seats 0 to 31. Each game says how many
// players it takes (Gnav's MaxPlayers, for one); none takes more than MaxSeats.
const MaxSeats = 32

// IsSeat reports whether p is a real seat (0 or more), not Chance or Nobody.
func (p Player) IsSeat() bool { return p >= 0 }

// String returns "seat 2", "chance" or "nobody"; any other value prints as "Player(-7)".
func (p Player) String() string {
	switch {
	case p >= 0:
		return "seat " + strconv.Itoa(int(p))
	case p == Chance:
		return "chance"
	case p == Nobody:
		return "nobody"
	}
	return fmt.Sprintf("Player(%d)", int(p))
}

// Seats is a set of seats as a bitset (bit i for seat i), used for winners and other groups of
// players. The zero Seats is empty; == compares sets.
type Seats uint32

// SeatsOf returns the set holding exactly ps. It panics if one is not a seat below [MaxSeats].
func SeatsOf(ps ...Player) Seats {
	var s Seats
	for _, p := range ps {
		s = s.With(p)
	}
	return s
}

// Has reports whether p is in s.
func (s Seats) Has(p Player) bool { return p >= 0 && p < 32 && s&(1<<p) != 0 }

// With returns s with p added. It panics if p is not a seat below [MaxSeats].
func (s Seats) With(p Player) Seats {
	if p < 0 || p >= MaxSeats {
		panic(fmt.Sprintf("norns: %v cannot join a Seats set", p))
	}
	return s | 1<<p
}

// Without returns s with p removed.
func (s Seats) Without(p Player) Seats {
	if p < 0 || p >= 32 {
		return s
	}
	return s &^ (1 << p)
}

// Share returns p's share of a win by the seats of s: 1/s.Len() if p is in s, else 0. It is the
// result arena measures and the reward of a learning encoding ([Encoder]).
func (s Seats) Share(p Player) float64 {
	if !s.Has(p) {
		return 0
	}
	return 1 / float64(s.Len())
}

// Verdict says in words what a win by the seats of s is, for a match's last event: "nobody
// wins", "seat 1 wins", "seat 0 and seat 2 share the win".
func (s Seats) Verdict() string {
	var names []string
	for p := range s.All() {
		names = append(names, p.String())
	}
	switch len(names) {
	case 0:
		return "nobody wins"
	case 1:
		return names[0] + " wins"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " share the win"
}

// IsEmpty reports whether s holds no seat.
func (s Seats) IsEmpty() bool { return s == 0 }

// Len returns the number of seats in s.
func (s Seats) Len() int { return bits.OnesCount32(uint32(s)) }

// All returns the seats of s in ascending order.
func (s Seats) All() iter.Seq[Player] {
	return func(yield func(Player) bool) {
		for x := uint32(s); x != 0; x &= x - 1 {
			if !yield(Player(bits.TrailingZeros32(x))) {
				return
			}
		}
	}
}

// String lists the seats, as in "{0 2}".
func (s Seats) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for p := range s.All() {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(p)))
	}
	b.WriteByte('}')
	return b.String()
}
