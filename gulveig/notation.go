package gulveig

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/strictjson"
)

func badNotation(format string, args ...any) error {
	return fmt.Errorf("gulveig: %w: %s", norns.ErrBadNotation, fmt.Sprintf(format, args...))
}

// String returns m in notation (see the package documentation, # Notation): "Odin",
// "show Loki+Spear", "bid 100", "blind 120", "pass", "look", "use", "decline", "give Freya",
// "draw Odin", "swap Odin Thor", "aside Idun Laufey Freya", "raise 130", "keep", "dealer 2",
// "deal 0=Odin,Tyr,… t=… x=… r=…". The zero Move prints as "invalid".
func (m Move) String() string {
	b, err := m.AppendText(nil)
	if err != nil {
		return "invalid"
	}
	return string(b)
}

// AppendText appends m's notation to b. It fails only for an invalid move kind.
func (m Move) AppendText(b []byte) ([]byte, error) {
	k := m.kind()
	switch k {
	case MovePlay:
		return append(b, m.c0().String()...), nil
	case MoveShow:
		b = append(b, "show "...)
		b = append(b, m.c0().String()...)
		b = append(b, '+')
		return append(b, m.c1().String()...), nil
	case MoveBid, MoveBlind, MoveRaise, MoveDealer:
		b = append(b, k.String()...)
		b = append(b, ' ')
		return strconv.AppendInt(b, int64(m.n()), 10), nil
	case MovePass, MoveLook, MoveUse, MoveDecline, MoveKeep:
		return append(b, k.String()...), nil
	case MoveGive, MoveDraw:
		b = append(b, k.String()...)
		b = append(b, ' ')
		return append(b, m.c0().String()...), nil
	case MoveSwap, MoveAside:
		b = append(b, k.String()...)
		cs := [3]Card{m.c0(), m.c1(), m.c2()}
		n := 3
		if k == MoveSwap {
			n = 2
		}
		for _, c := range cs[:n] {
			b = append(b, ' ')
			b = append(b, c.String()...)
		}
		return b, nil
	case MoveDeal:
		return m.appendDeal(b), nil
	}
	return b, fmt.Errorf("gulveig: cannot encode %v", k)
}

func (m Move) appendDeal(b []byte) []byte {
	d, _ := m.Deal()
	b = append(b, "deal"...)
	list := func(key string, s Cards) {
		if s == 0 {
			return
		}
		b = append(b, ' ')
		b = append(b, key...)
		b = append(b, '=')
		first := true
		for c := range s.All() {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, c.String()...)
		}
	}
	for i, h := range d.Hands {
		list(strconv.Itoa(i), h)
	}
	list("t", d.Treasure)
	list("x", d.Out)
	if d.Roles != [NumRoles]Role{} {
		b = append(b, " r="...)
		for i, r := range d.Roles {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, r.Short()...)
		}
	}
	return b
}

// MarshalText returns m's notation. It fails only for an invalid move kind.
func (m Move) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText reads m from notation, as [ParseMove] does. On error m is unchanged.
func (m *Move) UnmarshalText(text []byte) error {
	x, err := ParseMove(string(text))
	if err != nil {
		return err
	}
	*m = x
	return nil
}

// MustParseMove is [ParseMove] that panics on error: for tests and literals only.
func MustParseMove(s string) Move {
	m, err := ParseMove(s)
	if err != nil {
		panic(err)
	}
	return m
}

// MaxMoveText is the longest text [ParseMove] reads, in bytes: a deal is about 250.
const MaxMoveText = 1024

// ParseMove reads a move in notation, as [Move.String] writes it. Keywords and card names are
// case-insensitive; "play Odin" is read as "Odin". It checks the form only, not legality. Text
// longer than [MaxMoveText] is refused unread. Errors wrap norns.ErrBadNotation and quote at
// most a clipped part of the text.
func ParseMove(s string) (Move, error) {
	if len(s) > MaxMoveText {
		return Move{}, badNotation("move text longer than %d bytes", MaxMoveText)
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return Move{}, badNotation("empty move")
	}
	kw := strings.ToLower(f[0])
	args := f[1:]
	need := func(n int) error {
		if len(args) != n {
			return badNotation("%s: %s takes %d argument(s)", strictjson.Quote(s), kw, n)
		}
		return nil
	}
	num := func() (int, error) {
		if err := need(1); err != nil {
			return 0, err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < -32768 || n > 32767 {
			return 0, badNotation("%s: bad number %s", strictjson.Quote(s), strictjson.Quote(args[0]))
		}
		return n, nil
	}
	cardsN := func(n int) ([]Card, error) {
		if err := need(n); err != nil {
			return nil, err
		}
		cs := make([]Card, n)
		for i, a := range args {
			c, err := ParseCard(a)
			if err != nil {
				return nil, err
			}
			for _, d := range cs[:i] {
				if d == c {
					return nil, badNotation("%s: %v named twice", strictjson.Quote(s), c)
				}
			}
			cs[i] = c
		}
		return cs, nil
	}
	switch kw {
	case "bid", "blind", "raise", "dealer":
		n, err := num()
		if err != nil {
			return Move{}, err
		}
		switch kw {
		case "bid":
			return Bid(n), nil
		case "blind":
			return Blind(n), nil
		case "raise":
			return Raise(n), nil
		}
		return Dealer(norns.Player(n)), nil
	case "pass", "look", "use", "decline", "keep":
		if err := need(0); err != nil {
			return Move{}, err
		}
		switch kw {
		case "pass":
			return Pass(), nil
		case "look":
			return Look(), nil
		case "use":
			return Use(), nil
		case "decline":
			return Decline(), nil
		}
		return Keep(), nil
	case "give", "draw", "play":
		cs, err := cardsN(1)
		if err != nil {
			return Move{}, err
		}
		switch kw {
		case "give":
			return Give(cs[0]), nil
		case "draw":
			return Draw(cs[0]), nil
		}
		return Play(cs[0]), nil
	case "swap":
		cs, err := cardsN(2)
		if err != nil {
			return Move{}, err
		}
		return Swap(cs[0], cs[1]), nil
	case "aside":
		cs, err := cardsN(3)
		if err != nil {
			return Move{}, err
		}
		return Aside(cs[0], cs[1], cs[2]), nil
	case "show":
		if err := need(1); err != nil {
			return Move{}, err
		}
		a, b, ok := strings.Cut(args[0], "+")
		if !ok {
			return Move{}, badNotation("%s: show takes two cards joined by +, as in show Loki+Spear", strictjson.Quote(s))
		}
		lead, err := ParseCard(a)
		if err != nil {
			return Move{}, err
		}
		partner, err := ParseCard(b)
		if err != nil {
			return Move{}, err
		}
		return Show(lead, partner), nil
	case "deal":
		return parseDeal(s, args)
	}
	if len(f) == 1 {
		if c, err := ParseCard(f[0]); err == nil {
			return Play(c), nil
		}
	}
	return Move{}, badNotation("%s: unknown move", strictjson.Quote(s))
}

// parseDeal reads the fields of a deal: "0=Odin,Tyr,…", "t=…", "x=…", "r=…".
func parseDeal(s string, args []string) (Move, error) {
	var d Deal
	seen := map[string]bool{}
	for _, a := range args {
		key, val, ok := strings.Cut(a, "=")
		key = strings.ToLower(key)
		if !ok || seen[key] {
			return Move{}, badNotation("%s: bad or repeated deal field %s", strictjson.Quote(s), strictjson.Quote(a))
		}
		seen[key] = true
		if key == "r" {
			parts := strings.Split(val, ",")
			if len(parts) != NumRoles {
				return Move{}, badNotation("%s: %d roles, want %d", strictjson.Quote(s), len(parts), NumRoles)
			}
			for i, p := range parts {
				r, err := parseRole(p)
				if err != nil {
					return Move{}, badNotation("%s: %v", strictjson.Quote(s), err)
				}
				d.Roles[i] = r
			}
			continue
		}
		var set Cards
		for _, name := range strings.Split(val, ",") {
			c, err := ParseCard(name)
			if err != nil {
				return Move{}, err
			}
			if set.Has(c) {
				return Move{}, badNotation("%s: %v named twice", strictjson.Quote(s), c)
			}
			set = set.With(c)
		}
		switch key {
		case "0", "1", "2", "3":
			d.Hands[key[0]-'0'] = set
		case "t":
			d.Treasure = set
		case "x":
			d.Out = set
		default:
			return Move{}, badNotation("%s: unknown deal field %s", strictjson.Quote(s), strictjson.Quote(key))
		}
	}
	all := d.Treasure | d.Out
	total := d.Treasure.Len() + d.Out.Len()
	for _, h := range d.Hands {
		all |= h
		total += h.Len()
	}
	if all.Len() != total {
		return Move{}, badNotation("%s: a card dealt twice", strictjson.Quote(s))
	}
	return DealMove(d), nil
}

func parseRole(s string) (Role, error) {
	for r := Role(1); r < numRoles; r++ {
		if strings.EqualFold(s, r.Short()) {
			return r, nil
		}
	}
	return NoRole, fmt.Errorf("unknown role %s (sacrifice, orchard, anthem, gold, song)", strictjson.Quote(s))
}
