// Package protocol reads and writes the messages of the norns engine protocol (PROTOCOL.md at
// the repository's root): JSON objects, one a line, in both directions. It knows the framing and
// the message shapes, and nothing of games: the root package's ProgramBot and ServeEnv speak it.
//
// Reading is strict and bounded: a line longer than MaxLine, text that is not one JSON object,
// an unknown or repeated field, a key cased differently from its field, or a message without a
// type is an error, and the reader never holds more than MaxLine bytes of one line.
package protocol

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/nornsgames/norns/internal/strictjson"
)

// Version is the protocol's version, sent in every hello.
const Version = 1

// MaxLine is the longest line either side may send, in bytes, newline excluded.
const MaxLine = 1 << 20

// Message is any message of the protocol: Type says which, and which fields it uses (see
// PROTOCOL.md); the others are left at their zero values and not written.
type Message struct {
	Type string `json:"type"`
	// ID names an environment among several served on one connection (env messages).
	ID string `json:"id,omitempty"`

	// hello (norns to a bot), new (a client to the env server)
	Protocol int             `json:"protocol,omitempty"`
	Game     string          `json:"game,omitempty"`
	Config   json.RawMessage `json:"config,omitempty"`
	Seat     *int            `json:"seat,omitempty"`
	Players  int             `json:"players,omitempty"`
	Seed     *uint64         `json:"seed,omitempty"`
	// Actions and ObservationLen are the encoding's sizes (0 when the game has no encoding).
	Actions        int `json:"actions,omitempty"`
	ObservationLen int `json:"observationLen,omitempty"`

	// ready (a bot to norns)
	Name string `json:"name,omitempty"`

	// decide (norns to a bot)
	View       json.RawMessage `json:"view,omitempty"`
	Legal      []Legal         `json:"legal,omitempty" maxlen:"100000"`
	TimeLeftMS int64           `json:"timeLeftMs,omitempty"`

	// move (a bot to norns), step (a client to the env server): a move's text or its action id
	Move   string `json:"move,omitempty"`
	Action *int   `json:"action,omitempty"`

	// state (the env server to a client), over (norns to a bot)
	ToMove      *int              `json:"toMove,omitempty"`
	Over        bool              `json:"over,omitempty"`
	Observation []float32         `json:"observation,omitempty"`
	Mask        []bool            `json:"mask,omitempty"`
	Rewards     []float64         `json:"rewards,omitempty"`
	Scores      []int             `json:"scores,omitempty"`
	Winners     []int             `json:"winners,omitempty"`
	Events      []json.RawMessage `json:"events,omitempty"`

	// log (a bot to norns): words for people, never an answer
	Text string `json:"text,omitempty"`

	// error (either way)
	Error string `json:"error,omitempty"`
	Code  string `json:"code,omitempty"`
}

// Legal is one legal move offered to a bot: its text and, when the game has an encoding, its
// action id.
type Legal struct {
	Move   string `json:"move"`
	Action *int   `json:"action,omitempty"`
}

// Error codes of error messages.
const (
	CodeBadMessage  = "bad_message"  // the line is not a message of the protocol
	CodeBadRequest  = "bad_request"  // a message the receiver cannot act on now
	CodeUnknownGame = "unknown_game" // new names a game that is not registered
	CodeBadConfig   = "bad_config"   // new's config is refused
	CodeIllegalMove = "illegal_move" // a move or action that is not legal now
	CodeBadMove     = "bad_move"     // move text that is not a move of the game, or an id out of range
	CodeNoEnv       = "no_env"       // a step for an environment that does not exist
	CodeTimeout     = "timeout"      // a bot answered too late
)

// ErrLineTooLong is the error of a line over MaxLine bytes.
var ErrLineTooLong = fmt.Errorf("protocol: line longer than %d bytes", MaxLine)

// Reader reads messages, one a line.
type Reader struct {
	r *bufio.Reader
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader { return &Reader{r: bufio.NewReaderSize(r, 64<<10)} }

// ReadLine returns the next line without its newline, at most MaxLine bytes. A longer line is
// an error wrapping ErrLineTooLong, after which the reader has skipped the rest of that line.
// At the end of the input it returns io.EOF (a last line without a newline is returned first).
func (r *Reader) ReadLine() ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.r.ReadSlice('\n')
		if len(line)+len(chunk) > MaxLine+1 {
			// Too long: skip to the end of the line so the next read starts on a fresh one.
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.r.ReadSlice('\n')
			}
			return nil, ErrLineTooLong
		}
		line = append(line, chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(line) > 0:
			return bytes.TrimRight(line, "\r"), nil
		case err != nil:
			return nil, err
		}
		return bytes.TrimRight(line, "\r\n"), nil
	}
}

// Next reads and decodes the next message. A line that is not a message is an error wrapping
// ErrBadMessage; the reader can go on with the next line.
func (r *Reader) Next() (Message, error) {
	line, err := r.ReadLine()
	if err != nil {
		return Message{}, err
	}
	return Decode(line)
}

// ErrBadMessage is the error of a line that is not a message of the protocol.
var ErrBadMessage = errors.New("protocol: not a message")

// Decode decodes one message strictly.
func Decode(line []byte) (Message, error) {
	var m Message
	if err := (strictjson.Options{Limit: MaxLine}).Unmarshal(line, &m); err != nil {
		return Message{}, fmt.Errorf("%w: %v", ErrBadMessage, err)
	}
	if m.Type == "" {
		return Message{}, fmt.Errorf("%w: no \"type\"", ErrBadMessage)
	}
	return m, nil
}

// Encode returns m as one line, newline included.
func Encode(m Message) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		// Only a NaN or infinite float can fail, and observations and rewards are finite by
		// the encoders' contract; say so rather than send half a line.
		b, _ = json.Marshal(Message{Type: "error", Code: CodeBadRequest, Error: "protocol: unencodable message: " + err.Error()})
	}
	return append(b, '\n')
}
