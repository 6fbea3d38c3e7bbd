package herrlof

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nornsgames/norns"
)

// String returns m in notation (see the package documentation, # Notation): "R7", "bid 3",
// "draw", "return G2", "steal 2", "give V", "pick H", "deal 1 R4 …". The zero Move prints as
// "invalid".
func (m Move) String() string {
	b, _ := m.appendText(make([]byte, 0, m.textSize()))
	return string(b)
}

func (m Move) textSize() int {
	if m.mk() == MoveDeal {
		return 16 + 3*DeckSize
	}
	return 12
}

// AppendText appends m's notation to b. It fails only for an invalid move kind.
func (m Move) AppendText(b []byte) ([]byte, error) {
	if m.mk() == MoveInvalid || m.mk() >= numMoveKinds {
		return b, fmt.Errorf("herrlof: cannot encode %v", m.mk())
	}
	return m.appendText(b)
}

// MarshalText returns m's notation. It fails only for an invalid move kind.
func (m Move) MarshalText() ([]byte, error) { return m.AppendText(make([]byte, 0, m.textSize())) }

// UnmarshalText reads m from notation, as [ParseMove] does. On error m is unchanged.
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := ParseMove(string(text))
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

func (m Move) appendText(b []byte) ([]byte, error) {
	switch m.mk() {
	case MovePlay:
		return appendCard(b, m.mc()), nil
	case MoveBid:
		b = append(b, "bid "...)
		return strconv.AppendInt(b, int64(m.ma()), 10), nil
	case MoveReturn, MoveGive, MovePick:
		b = append(b, m.mk().String()...)
		b = append(b, ' ')
		return appendCard(b, m.mc()), nil
	case MoveSteal, MoveTake:
		b = append(b, m.mk().String()...)
		if m.ma() >= 0 {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(m.ma()), 10)
		}
		return b, nil
	case MoveDeal:
		hands, seq, ok := m.dealt()
		if !ok {
			return append(b, "deal ?"...), nil
		}
		b = append(b, "deal "...)
		b = strconv.AppendInt(b, int64(m.ma()), 10)
		for _, h := range hands[:m.mn()] {
			for c := range h.All() {
				b = append(b, ' ')
				b = appendCard(b, c)
			}
			b = append(b, " /"...)
		}
		for i, c := range seq[:stockSize(int(m.mn()))+1] {
			b = append(b, ' ')
			b = appendCard(b, c)
			if i == 0 {
				b = append(b, " /"...)
			}
		}
		return b, nil
	case MoveInvalid:
		return append(b, "invalid"...), nil
	}
	if m.mk() < numMoveKinds {
		return append(b, m.mk().String()...), nil
	}
	return append(b, m.mk().String()...), nil
}

func appendCard(b []byte, c Card) []byte {
	switch {
	case c < 36:
		return append(b, suitLetters[c/9], byte('1'+c%9))
	case c == Valknut:
		return append(b, 'V')
	case c == Hagalaz:
		return append(b, 'H')
	}
	return append(b, c.String()...)
}

// ParseMove reads a move in notation, case-insensitively, with words separated by spaces:
//
//	R7 | G1 | V | H        play a card
//	bid 3                  bid
//	draw | nodraw          the 3's choice
//	return R7              the 3's card put back under the stock
//	steal | steal 2        the 1's steal (the seat only with 3 players)
//	nosteal
//	take | take 1          the 6's take (the seat only with 3 players)
//	notake
//	give R3                the 6's card given back
//	pick R7                chance: the card the 6 takes at random
//	deal 1 R4 … / … / Y5 / G2 …
//	                       chance: the opening leader, each seat's hand, the trump card and
//	                       the stock from the top, separated by slashes
//
// Errors wrap [norns.ErrBadNotation]. Text longer than [MaxMoveText] bytes is refused unread, and
// an error quotes at most the first 32 bytes of the text.
func ParseMove(s string) (Move, error) {
	if len(s) > MaxMoveText {
		return Move{}, badNotation(s, fmt.Sprintf("%d bytes, more than the %d a move may have", len(s), MaxMoveText))
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return Move{}, badNotation(s, "empty move")
	}
	if c, ok := parseCard(f[0]); ok {
		if len(f) != 1 {
			return Move{}, badNotation(s, "a card play is the card alone, as in R7")
		}
		return Play(c), nil
	}
	word := strings.ToLower(f[0])
	args := f[1:]
	switch word {
	case "bid":
		if len(args) != 1 {
			return Move{}, badNotation(s, "want bid N, as in bid 3")
		}
		n, err := strconv.ParseUint(args[0], 10, 8)
		if err != nil || n > 127 {
			return Move{}, badNotation(s, "a bid is a number of tricks, as in bid 3")
		}
		return Bid(int(n)), nil
	case "draw", "nodraw", "nosteal", "notake":
		if len(args) != 0 {
			return Move{}, badNotation(s, word+" takes no argument")
		}
		switch word {
		case "draw":
			return Draw(), nil
		case "nodraw":
			return NoDraw(), nil
		case "nosteal":
			return NoSteal(), nil
		}
		return NoTake(), nil
	case "return", "give", "pick":
		if len(args) != 1 {
			return Move{}, badNotation(s, "want "+word+" CARD, as in "+word+" R7")
		}
		c, ok := parseCard(args[0])
		if !ok {
			return Move{}, badNotation(s, "bad card "+quote(args[0]))
		}
		switch word {
		case "return":
			return Return(c), nil
		case "give":
			return Give(c), nil
		}
		return Pick(c), nil
	case "steal", "take":
		m := Steal()
		if word == "take" {
			m = Take()
		}
		switch len(args) {
		case 0:
			return m, nil
		case 1:
			p, ok := parseSeat(args[0])
			if !ok {
				return Move{}, badNotation(s, "bad seat "+quote(args[0])+" (want 0, 1 or 2)")
			}
			m.w = m.w&^(0xFF<<16) | uint64(uint8(p))<<16
			return m, nil
		}
		return Move{}, badNotation(s, "want "+word+" or "+word+" SEAT")
	case "deal":
		return parseDeal(s, args)
	}
	return Move{}, badNotation(s, "unknown move "+quote(f[0]))
}

func parseSeat(s string) (int, bool) {
	if len(s) == 1 && s[0] >= '0' && s[0] <= '2' {
		return int(s[0] - '0'), true
	}
	return 0, false
}

// MaxMoveText is the longest text [ParseMove] reads: a deal, the longest move, takes about 140
// bytes; the rest is room for spacing.
const MaxMoveText = 1024

// maxQuote is the most of an input an error message quotes.
const maxQuote = 32

// quote returns s quoted, cut to its first maxQuote bytes (at a rune boundary) followed by "…"
// when longer, so that an error never grows with its input.
func quote(s string) string {
	if len(s) <= maxQuote {
		return strconv.Quote(s)
	}
	cut := maxQuote
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}

func badNotation(s, why string) error {
	return fmt.Errorf("herrlof: %w: %s: %s", norns.ErrBadNotation, quote(s), why)
}

// MustParseMove is ParseMove for tests and literals: it panics on error.
func MustParseMove(s string) Move {
	m, err := ParseMove(s)
	if err != nil {
		panic(err)
	}
	return m
}

// parseDeal reads the words after "deal": LEADER HAND0 / HAND1 [/ HAND2] / TRUMP / STOCK.
func parseDeal(s string, args []string) (Move, error) {
	if len(args) == 0 {
		return Move{}, badNotation(s, "want deal LEADER HAND / HAND / TRUMP / STOCK")
	}
	p, ok := parseSeat(args[0])
	if !ok {
		return Move{}, badNotation(s, "bad leader "+quote(args[0])+" (want 0, 1 or 2)")
	}
	var segs [6][]Card
	n := 0
	for _, a := range args[1:] {
		if a == "/" {
			if n++; n == len(segs) {
				return Move{}, badNotation(s, "too many parts")
			}
			continue
		}
		c, ok := parseCard(a)
		if !ok {
			return Move{}, badNotation(s, "bad card "+quote(a))
		}
		segs[n] = append(segs[n], c)
	}
	players := n - 1
	if players != 2 && players != 3 {
		return Move{}, badNotation(s, "want 2 or 3 hands, the trump card and the stock, separated by /")
	}
	if len(segs[players]) != 1 {
		return Move{}, badNotation(s, "want one trump card after the hands")
	}
	hands := make([]Cards, players)
	for i := range players {
		for _, c := range segs[i] {
			b := hands[i].addBit(c)
			if b == 0 {
				return Move{}, badNotation(s, "a card is dealt twice")
			}
			hands[i] |= b
		}
		if hands[i].Len() != len(segs[i]) {
			return Move{}, badNotation(s, "a card is dealt twice")
		}
	}
	m, err := Deal(norns.Player(p), hands, segs[players][0], segs[players+1])
	if err != nil {
		return Move{}, badNotation(s, err.Error())
	}
	return m, nil
}
