package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nornsgames/norns"
)

// paint adds ANSI colour to text when it is on, and nothing when it is off (NO_COLOR, a pipe, a
// dumb terminal), so that a transcript read from a pipe is plain text.
type paint bool

// colourFor reports whether out is a terminal that wants colour: a character device, NO_COLOR
// unset (https://no-color.org) and TERM not "dumb".
func colourFor(out io.Writer) paint {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return paint(isTerminal(out))
}

func (p paint) wrap(code, s string) string {
	if !p || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p paint) bold(s string) string   { return p.wrap("1", s) }
func (p paint) dim(s string) string    { return p.wrap("2", s) }
func (p paint) red(s string) string    { return p.wrap("31", s) }
func (p paint) green(s string) string  { return p.wrap("32", s) }
func (p paint) yellow(s string) string { return p.wrap("33", s) }
func (p paint) blue(s string) string   { return p.wrap("34", s) }
func (p paint) magenta(s string) string {
	return p.wrap("35", s)
}

// plural returns "1 trick", "2 tricks", "0 tricks"; the plural form is one+"s" unless many is
// given.
func plural(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return strconv.Itoa(n) + " " + many[0]
	}
	return strconv.Itoa(n) + " " + one + "s"
}

// capital returns s with its first letter in upper case.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// sentence returns s capitalised and ending with a full stop (or the mark it already has).
func sentence(s string) string {
	s = capital(strings.TrimSpace(s))
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?:") {
		return s
	}
	return s + "."
}

// people names the seats of a match for narration: "you" for the human, "seat 2" for the
// others, with the verb agreeing ("you play", "seat 2 plays").
type people struct {
	you norns.Player // Nobody when bots play every seat
}

// name returns how the narration calls seat p: "you" or "seat 2".
func (n people) name(p norns.Player) string {
	if p == n.you {
		return "you"
	}
	return p.String()
}

// Name is name with a capital: "You", "Seat 2".
func (n people) Name(p norns.Player) string { return capital(n.name(p)) }

// does returns "you play" or "seat 2 plays": the subject and the verb in the right person. verb
// is the second-person form; the third person adds "s" (or is given as third).
func (n people) does(p norns.Player, verb string, third ...string) string {
	if p == n.you {
		return "you " + verb
	}
	t := thirdPerson(verb)
	if len(third) > 0 {
		t = third[0]
	}
	return p.String() + " " + t
}

// thirdPerson returns the verb's third-person singular: "plays", "passes", "reaches".
func thirdPerson(verb string) string {
	for _, end := range []string{"s", "sh", "ch", "x"} {
		if strings.HasSuffix(verb, end) {
			return verb + "es"
		}
	}
	return verb + "s"
}

// they returns "you" or "they", for a seat already named.
func (n people) they(p norns.Player) string {
	if p == n.you {
		return "you"
	}
	return "they"
}

// their returns "your" or "their", for a seat already named.
func (n people) their(p norns.Player) string {
	if p == n.you {
		return "your"
	}
	return "their"
}

// verb returns the verb alone in the person of p: "lead" for you, "leads" for seat 2.
func (n people) verb(p norns.Player, verb string) string {
	if p == n.you {
		return verb
	}
	return thirdPerson(verb)
}

// has returns "you have" or "seat 2 has".
func (n people) has(p norns.Player) string { return n.does(p, "have", "has") }

// is returns "you are" or "seat 2 is".
func (n people) is(p norns.Player) string { return n.does(p, "are", "is") }

// possessive returns "your" or "seat 2's".
func (n people) possessive(p norns.Player) string {
	if p == n.you {
		return "your"
	}
	return p.String() + "'s"
}

// list names several seats: "you, seat 2 and seat 3".
func (n people) list(s norns.Seats) string {
	var names []string
	for p := range s.All() {
		names = append(names, n.name(p))
	}
	return andList(names)
}

// orList joins words as "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return andList(words)
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// andList joins words as "a", "a and b", "a, b and c".
func andList(words []string) string {
	switch len(words) {
	case 0:
		return "nobody"
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// compact lists moves briefly: runs of moves that differ only in a final number, evenly spaced,
// are written as a range ("bid 0–15", "raise 120–200 (by 10)"), runs of three or more that share all but their last word as one group
// ("return (R5 R7 G2)", "Dragon on (0,1 1,1 2,1)"), other moves as they are, separated by commas.
func compact(moves []string) string {
	var parts []string
	for i := 0; i < len(moves); {
		_, _, num := numbered(moves[i])
		if k := strings.LastIndexByte(moves[i], ' '); k > 0 && !num {
			key := moves[i][:k+1]
			j := i + 1
			for j < len(moves) && strings.HasPrefix(moves[j], key) && !strings.Contains(moves[j][len(key):], " ") {
				j++
			}
			if j-i >= 3 {
				var rest []string
				for _, m := range moves[i:j] {
					rest = append(rest, m[len(key):])
				}
				parts = append(parts, key+"("+strings.Join(rest, " ")+")")
				i = j
				continue
			}
		}
		prefix, n, ok := numbered(moves[i])
		j, step := i+1, 0
		if ok && i+1 < len(moves) {
			if p2, n2, ok2 := numbered(moves[i+1]); ok2 && p2 == prefix && n2 > n {
				step = n2 - n
			}
		}
		if step > 0 {
			for j < len(moves) {
				p2, n2, ok2 := numbered(moves[j])
				if !ok2 || p2 != prefix || n2 != n+step*(j-i) {
					break
				}
				j++
			}
		}
		if j-i >= 3 {
			by := ""
			if step > 1 {
				by = fmt.Sprintf(" (by %d)", step)
			}
			parts = append(parts, fmt.Sprintf("%s%d–%d%s", prefix, n, n+step*(j-i-1), by))
			i = j
			continue
		}
		parts = append(parts, moves[i])
		i++
	}
	return strings.Join(parts, ", ")
}

// numbered splits "bid 12" into "bid " and 12.
func numbered(s string) (string, int, bool) {
	k := strings.LastIndexByte(s, ' ')
	if k < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(s[k+1:])
	if err != nil || n < 0 {
		return "", 0, false
	}
	return s[:k+1], n, true
}

// maxLine is the longest input line the game reads; longer lines are refused whole.
const maxLine = 1024

// errLineTooLong reports an input line over maxLine bytes.
var errLineTooLong = errors.New("line too long")

// lineReader reads input lines of any length without holding more than maxLine bytes of one:
// a longer line is skipped to its end and reported as errLineTooLong, so no input can end the
// game or make it hold a large buffer.
type lineReader struct {
	r    *bufio.Reader
	echo bool // print what was read, since no terminal shows it (transcripts read well)
}

func newLineReader(in io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(in, maxLine+1), echo: !isTerminal(in)}
}

// isTerminal reports whether f is a terminal (a character device).
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	fi, err := file.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// next returns the next line without its line ending. At the end of input it returns io.EOF
// (a last line without a newline is returned first).
func (lr *lineReader) next() (string, error) {
	var line []byte
	long := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if !long {
			if len(line)+len(chunk) > maxLine+1 { // +1: the newline
				long = true
				line = nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case err == nil:
			if long {
				return "", errLineTooLong
			}
			return strings.TrimRight(string(line), "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if long {
				return "", errLineTooLong
			}
			if len(line) == 0 {
				return "", io.EOF
			}
			return strings.TrimRight(string(line), "\r\n"), nil
		default:
			return "", err
		}
	}
}

// quote returns s as a short quoted string for messages: at most 24 characters of it, with
// anything unprintable escaped.
func quote(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) > 24 {
		r := []rune(s)
		return strconv.Quote(string(r[:24])) + "…"
	}
	return strconv.Quote(s)
}
