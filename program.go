package norns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"sync"
	"time"

	"github.com/nornsgames/norns/internal/protocol"
)

// ProgramOptions tune a [ProgramBot]. The zero value is usable.
type ProgramOptions struct {
	// Dir is the program's working directory; "" means the caller's.
	Dir string
	// Stderr receives what the program writes to its standard error; nil discards it.
	Stderr io.Writer
	// Start bounds the hello exchange (starting the program and reading its ready); 0 means
	// 10 seconds.
	Start time.Duration
	// Think bounds each decision when the context given to Choose has no deadline; 0 means
	// 10 seconds. A context deadline always applies.
	Think time.Duration
}

// ProgramBot is a bot played by another program, in any language, that speaks the engine
// protocol (PROTOCOL.md in the repository) on its standard input and output: norns starts it,
// says hello (the protocol's version, the game, the config, the seat, the encoding's sizes),
// then for each decision sends the seat's view as the game encodes it for a front end, the
// legal moves (text and action ids) and the time left, and reads back one move.
//
// A program that answers late, answers with text that is not a legal move, writes a line
// longer than the protocol allows, or exits makes Choose return an error that says which
// (wrapping [ErrProgram]); the program is then stopped, and every later Choose fails at once.
// Nothing the program does can hang or crash the caller: every read and write has a deadline.
// Tools that must go on (a match with people) play a fallback move on error.
//
// A ProgramBot plays one seat of one match at a time; Choose may be called from one goroutine
// at a time. Close stops the program.
type ProgramBot struct {
	name string
	o    ProgramOptions
	enc  Encoding

	mu     sync.Mutex
	cmd    *exec.Cmd
	stdin  *os.File
	lines  chan lineOrErr
	done   chan struct{} // closed when the program has exited
	failed error
}

// ErrProgram is wrapped by every error of a [ProgramBot] that the program caused.
var ErrProgram = errors.New("bot program failed")

type lineOrErr struct {
	msg protocol.Message
	err error
}

// StartProgram starts the program argv (the command and its arguments) as a bot for seat of a
// match of game g with config (JSON, as [Registered.New] takes it; nil for the standard game),
// says hello and waits for the program's ready. The context bounds only the start.
func StartProgram(ctx context.Context, g *Registered, config []byte, seat Player, argv []string, o ProgramOptions) (*ProgramBot, error) {
	if len(argv) == 0 {
		return nil, errors.New("norns: StartProgram: no command")
	}
	m, err := g.New(config)
	if err != nil {
		return nil, err
	}
	if !seat.IsSeat() || int(seat) >= m.Players() {
		return nil, fmt.Errorf("norns: StartProgram: %w: seat %d of a %d-player match", ErrBadConfig, seat, m.Players())
	}
	if o.Start <= 0 {
		o.Start = 10 * time.Second
	}
	if o.Think <= 0 {
		o.Think = 10 * time.Second
	}
	b := &ProgramBot{name: Printable(Clip(argv[0])), o: o, lines: make(chan lineOrErr, 1), done: make(chan struct{})}
	if enc, err := g.Encoding(m.Config()); err == nil {
		b.enc = enc
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir, cmd.Stdin, cmd.Stdout, cmd.Stderr = o.Dir, inR, outW, o.Stderr
	if err := cmd.Start(); err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("norns: bot program %s: %w: %v", b.name, ErrProgram, err)
	}
	inR.Close()
	outW.Close()
	b.cmd, b.stdin = cmd, inW
	go b.read(outR)
	go func() {
		cmd.Wait()
		close(b.done)
	}()

	seatN := int(seat)
	hello := protocol.Message{Type: "hello", Protocol: protocol.Version, Game: g.Name(), Config: m.Config(), Seat: &seatN, Players: m.Players()}
	if b.enc != nil {
		hello.Actions, hello.ObservationLen = b.enc.Actions(), b.enc.ObservationLen()
	}
	ctx, cancel := context.WithTimeout(ctx, o.Start)
	defer cancel()
	reply, err := b.exchange(ctx, hello)
	if err == nil && reply.Type != "ready" {
		err = b.fail(fmt.Errorf("answered hello with %q, want ready", Clip(reply.Type)))
	}
	if err != nil {
		b.Close()
		return nil, err
	}
	return b, nil
}

// read passes the program's messages to b.lines until its output ends or a line is bad.
func (b *ProgramBot) read(out *os.File) {
	defer out.Close()
	r := protocol.NewReader(out)
	for {
		m, err := r.Next()
		select {
		case b.lines <- lineOrErr{m, err}:
		case <-b.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// fail records err as the program's failure, stops the program and returns the error.
func (b *ProgramBot) fail(err error) error {
	if b.failed == nil {
		b.failed = fmt.Errorf("norns: bot program %s: %w: %v", b.name, ErrProgram, err)
		b.kill()
	}
	return b.failed
}

func (b *ProgramBot) kill() {
	if b.cmd != nil && b.cmd.Process != nil {
		b.cmd.Process.Kill()
	}
	if b.stdin != nil {
		b.stdin.Close()
	}
}

// exchange sends m and reads the program's answer, within ctx.
func (b *ProgramBot) exchange(ctx context.Context, m protocol.Message) (protocol.Message, error) {
	if b.failed != nil {
		return protocol.Message{}, b.failed
	}
	deadline, _ := ctx.Deadline()
	b.stdin.SetWriteDeadline(deadline)
	if _, err := b.stdin.Write(protocol.Encode(m)); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return protocol.Message{}, b.fail(errors.New("did not read its input in time"))
		}
		return protocol.Message{}, b.fail(fmt.Errorf("cannot be written to (it exited?): %v", err))
	}
	for {
		select {
		case l := <-b.lines:
			switch {
			case errors.Is(l.err, protocol.ErrLineTooLong):
				return protocol.Message{}, b.fail(fmt.Errorf("wrote a line longer than %d bytes", protocol.MaxLine))
			case errors.Is(l.err, io.EOF):
				return protocol.Message{}, b.fail(errors.New("closed its output (it exited?)"))
			case l.err != nil:
				return protocol.Message{}, b.fail(fmt.Errorf("wrote %v", l.err))
			}
			if l.msg.Type == "log" { // a bot may say things for people; they are not answers
				continue
			}
			return l.msg, nil
		case <-b.done:
			// Its last words may still be in the pipe.
			select {
			case l := <-b.lines:
				if l.err == nil && l.msg.Type != "log" {
					return l.msg, nil
				}
			default:
			}
			return protocol.Message{}, b.fail(fmt.Errorf("exited: %v", b.cmd.ProcessState))
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return protocol.Message{}, b.fail(errors.New("did not answer in time"))
			}
			return protocol.Message{}, ctx.Err()
		}
	}
}

// Choose sends v's seat's decision to the program and returns its move, in notation. It fails
// (wrapping ErrProgram) if the program answers late, answers with something that is not one
// of v's legal moves, or has failed before; a context cancelled by the caller returns its
// error.
func (b *ProgramBot) Choose(ctx context.Context, v SeatView) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.o.Think)
		defer cancel()
	}
	legal := v.Legal()
	if len(legal) == 0 {
		return "", errors.New("norns: bot program: no legal move in this view")
	}
	view, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	offer := make([]protocol.Legal, len(legal))
	for i, m := range legal {
		offer[i].Move = m
		if b.enc != nil {
			if id, err := b.enc.Action(m); err == nil {
				offer[i].Action = &id
			}
		}
	}
	deadline, _ := ctx.Deadline()
	reply, err := b.exchange(ctx, protocol.Message{Type: "decide", View: view, Legal: offer, TimeLeftMS: max(time.Until(deadline).Milliseconds(), 0)})
	if err != nil {
		return "", err
	}
	if reply.Type != "move" {
		return "", b.fail(fmt.Errorf("answered decide with %q, want move", Clip(reply.Type)))
	}
	switch {
	case reply.Action != nil && reply.Move != "":
		return "", b.fail(errors.New("answered with both a move and an action: send one"))
	case reply.Action != nil:
		i := slices.IndexFunc(offer, func(l protocol.Legal) bool { return l.Action != nil && *l.Action == *reply.Action })
		if i < 0 {
			return "", b.fail(fmt.Errorf("chose action %d, which is not among the legal moves' ids", *reply.Action))
		}
		return legal[i], nil
	case slices.Contains(legal, reply.Move):
		return reply.Move, nil
	}
	return "", b.fail(fmt.Errorf("chose %q, which is not a legal move", Printable(Clip(reply.Move))))
}

// Tell sends the program the end of the match (its winners and scores), so that it can learn
// from it; it waits for nothing. Errors are the program's and are not reported.
func (b *ProgramBot) Tell(m Match) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.failed != nil || !m.Over() {
		return
	}
	msg := protocol.Message{Type: "over", Over: true}
	for p := range Player(m.Players()) {
		msg.Scores = append(msg.Scores, m.Score(p))
	}
	for p := range m.Winners().All() {
		msg.Winners = append(msg.Winners, int(p))
	}
	b.stdin.SetWriteDeadline(time.Now().Add(time.Second))
	b.stdin.Write(protocol.Encode(msg))
}

// Close says bye, gives the program a moment to exit and then stops it. It returns the error
// the program caused, if any.
func (b *ProgramBot) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cmd == nil {
		return b.failed
	}
	if b.failed == nil {
		b.stdin.SetWriteDeadline(time.Now().Add(time.Second))
		b.stdin.Write(protocol.Encode(protocol.Message{Type: "bye"}))
		b.stdin.Close()
		select {
		case <-b.done:
		case <-time.After(2 * time.Second):
		}
	}
	b.kill()
	<-b.done
	b.cmd = nil
	return b.failed
}

// String names the bot by its program.
func (b *ProgramBot) String() string { return "program " + b.name }
