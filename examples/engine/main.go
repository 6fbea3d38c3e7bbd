// Command engine serves every registered norns game to programs in any language, over the
// engine protocol (PROTOCOL.md at the repository's root): JSON objects, one a line, on its
// standard input and output.
//
//	go run ./examples/engine            # serve environments for learners on stdin/stdout
//
// A learner writes {"type":"new","game":"herrlof","seed":1} and reads the state (the seat to
// act, its observation and legal-action mask, the legal moves, the rewards), then steps with
// {"type":"step","action":12} or {"type":"step","move":"R7"} until the state says over. Several
// environments share one process, named by "id". python/norns_env.py is a small Python class in
// the style of Gymnasium over this command, and python/random_agent.py plays with it.
//
// The other direction, norns running a bot written in another language, needs no command of
// its own: give a program to the tools, as in
//
//	go run ./examples/arena -bots heuristic,"exec:python3 examples/engine/python/norns_bot.py"
//
// python/norns_bot.py is a reference bot in plain Python, sh/first_legal.sh one in POSIX sh.
package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/signal"

	"github.com/nornsgames/norns"
	_ "github.com/nornsgames/norns/gnav" // the games register themselves
	_ "github.com/nornsgames/norns/gulveig"
	_ "github.com/nornsgames/norns/herrlof"
	_ "github.com/nornsgames/norns/voluspa"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	err := norns.ServeEnv(ctx, os.Stdin, flushWriter{out})
	if err != nil {
		fmt.Fprintln(os.Stderr, "engine:", err)
		os.Exit(1)
	}
}

// flushWriter flushes after every reply, so the client reads it at once; ServeEnv writes each
// reply in one Write.
type flushWriter struct{ w *bufio.Writer }

func (f flushWriter) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err == nil {
		err = f.w.Flush()
	}
	return n, err
}
