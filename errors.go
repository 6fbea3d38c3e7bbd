package norns

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentinel errors. Every error a game returns wraps one of them, so callers test the kind with
// [errors.Is] and read details with [errors.AsType] on [*MoveError].
var (
	// ErrIllegalMove: the move is not legal in this state (wrong card, wrong phase, wrong seat).
	ErrIllegalMove = errors.New("illegal move")
	// ErrGameOver: the match is over; no move applies.
	ErrGameOver = errors.New("game over")
	// ErrBadConfig: a Config is out of range or inconsistent.
	ErrBadConfig = errors.New("bad config")
	// ErrBadNotation: move text does not parse.
	ErrBadNotation = errors.New("bad notation")
	// ErrCorrupt: encoded data (state JSON, a match record) is malformed or describes an impossible
	// state.
	ErrCorrupt = errors.New("corrupt data")
)

// MoveError reports a move that was refused: which game, which seat was to act, the move's text
// and why. It unwraps to its sentinel (usually [ErrIllegalMove]).
type MoveError struct {
	Game   string // the game's package name, e.g. "herrlof"
	Seat   Player // who was to act
	Move   string // the move in notation
	Reason string // what was wrong and what to do, e.g. "must follow red: you hold red 7"
	Err    error  // the sentinel: ErrIllegalMove or ErrGameOver
}

// Error returns "game: move: reason", e.g. "herrlof: seat 1 cannot play G9: must follow red: you
// hold R7".
func (e *MoveError) Error() string {
	var b strings.Builder
	b.WriteString(e.Game)
	b.WriteString(": ")
	b.WriteString(e.Seat.String())
	b.WriteString(" cannot play ")
	b.WriteString(e.Move)
	b.WriteString(": ")
	if e.Reason != "" {
		b.WriteString(e.Reason)
	} else if e.Err != nil {
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the sentinel.
func (e *MoveError) Unwrap() error { return e.Err }

// MaxQuote is the most bytes of untrusted input an error message quotes: see [Clip].
const MaxQuote = 32

// Clip returns s cut to at most [MaxQuote] bytes at a character boundary, with "…" appended when
// it was cut: the form in which every message of the module and its tools quotes input it was
// given (move text, a game or option name, a record's field), so that an error stays short and
// valid UTF-8 whatever it was fed.
func Clip(s string) string {
	if len(s) <= MaxQuote {
		return s
	}
	n := MaxQuote
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// Printable returns s as a tool may show it on a terminal, in a log line or on a page: control
// characters (newlines and escape sequences included), Unicode's bidirectional controls and
// line separators, and bytes that are not UTF-8 are written as Go escapes (\x1b, \n, \u202e);
// everything else is kept as it is. Every tool of the module shows text from outside (record
// tags, names, echoed input) through it, so that such text can neither move the cursor, fake a
// line nor reverse what follows it.
func Printable(s string) string {
	if IsPrintable(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unprintable(r):
			q := fmt.Sprintf("%+q", string(r)) // "\x1b", "\u202e"
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// IsPrintable reports whether [Printable] keeps s as it is.
func IsPrintable(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unprintable(r) {
			return false
		}
		i += n
	}
	return true
}

// unprintable reports whether Printable escapes r.
func unprintable(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029'
}
