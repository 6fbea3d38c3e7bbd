// Command web serves a page on which people play any registered norns game in the browser,
// against the bots or each other.
//
//	go run ./examples/web                 # then open http://127.0.0.1:8080
//	go run ./examples/web -addr 127.0.0.1:9000 -think 500ms -bot-delay 0
//
// Choose a game, its options and who sits in each seat (you, another person, or a bot), and
// play by clicking: the legal moves are buttons, and the cards that can be played light up. A
// seat for another person gets a join link to send them; each link carries the seat's secret
// token, so a browser acts only for its own seat.
//
// The server keeps the true state of every match; each browser receives only its seat's view,
// legal moves and events (as server-sent events), never another seat's cards. Moves are checked
// against the sequence number the browser saw, so a stale or doubled click is refused. Matches and
// connections are bounded, idle matches expire, and bots think with a deadline.
//
// # The protocol
//
// The page is plain HTML, JavaScript and CSS embedded in the binary (static/), with one renderer
// per game in static/render.js drawing the view JSON the game registers (norns.Register's
// ViewJSON); a new game is drawn by adding one renderer, and any game without one is shown as
// its JSON. Another front end can speak the same JSON over HTTP:
//
//	GET  /api/games                 the registered games: name, description, options, bots
//	GET  /api/rules?game=NAME       the game's rules, as text
//	POST /api/config                {"game", "config"} → {"players", "config"}: checks a config
//	POST /api/matches               {"game", "config", "seats": ["human", "heuristic", …]} →
//	                                {"match", "seats": [{"seat", "kind", "token", "link"}]}
//	GET  /api/stream?token=T        server-sent events: a "state" payload now and after every
//	                                change ("expired" when the match is gone); Last-Event-ID
//	                                resumes the seat's events
//	GET  /api/state?token=T         the same payload, once
//	POST /api/move                  {"token", "seq", "move"} → {"seq"}; refusals are 400 (not a
//	                                move), 404 (no such seat), 409 (stale, not your turn, over)
//	                                and 422 (illegal, with the rules' reason)
//	GET  /api/record?token=T        the match record, once the match is over
//
// A payload holds the match's id and game, the sequence number a move must name, the seats'
// kinds, and for the token's seat only: its view, its legal moves and its events; once over, the
// winners.
//
// # Tests
//
// go test ./examples/web tests the server over HTTP, in process. The browser tests, which build
// this command, start it on a loopback port and play through its page in headless Chromium with
// chromedp, are a module of their own, so that the library's module does not require the browser
// driver:
//
//	cd examples/web/browsertest && go test ./...
//
// They need Chromium or Chrome on the PATH (apt-get install chromium); without one they skip,
// unless CI=true, where they fail.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"time"

	_ "github.com/nornsgames/norns/gnav"
	_ "github.com/nornsgames/norns/gulveig"
	_ "github.com/nornsgames/norns/herrlof"
	_ "github.com/nornsgames/norns/voluspa"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, out, errOut io.Writer) int {
	o := defaultOptions()
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(errOut)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to serve on (loopback by default)")
	fs.IntVar(&o.maxMatches, "max-matches", o.maxMatches, "matches held at once")
	fs.IntVar(&o.maxStreams, "max-streams", o.maxStreams, "browser event streams open at once")
	maxConns := fs.Int("max-conns", 4*o.maxStreams, "network connections open at once (streams included)")
	fs.DurationVar(&o.idle, "idle", o.idle, "a match nobody watches expires after this long without a move")
	fs.DurationVar(&o.think, "think", o.think, "the longest a bot thinks about a move")
	fs.DurationVar(&o.botDelay, "bot-delay", o.botDelay, "a pause before each bot move, so people can follow")
	fs.Func("program", "NAME=COMMAND: offer a bot played by a program that speaks the engine protocol (PROTOCOL.md), as in -program pybot='python3 bot.py' (repeatable)", func(v string) error {
		name, cmd, ok := strings.Cut(v, "=")
		argv := strings.Fields(cmd)
		if !ok || name == "" || len(argv) == 0 || name == "human" {
			return errors.New("want NAME=COMMAND, as in pybot='python3 bot.py'")
		}
		if o.programs == nil {
			o.programs = map[string][]string{}
		}
		o.programs[name] = argv
		return nil
	})
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if o.maxMatches < 1 || o.maxStreams < 1 || *maxConns < 1 || o.idle <= 0 || o.think <= 0 || o.botDelay < 0 {
		fmt.Fprintln(errOut, "web: the limits must be positive")
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(errOut, "web:", err)
		return 1
	}
	ln = limitListener(ln, *maxConns)
	srv := newServer(o)
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second, // requests are small; streams are written, not read
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
	fmt.Fprintf(out, "norns web: open http://%s/ (Ctrl-C to stop)\n", ln.Addr())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Close() // ends the streams, so Shutdown need not wait for them
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(errOut, "web:", err)
		return 1
	}
	return 0
}

// limitListener returns a listener that holds at most n connections open at once: Accept waits
// for one to close before taking the next.
func limitListener(l net.Listener, n int) net.Listener {
	return &limited{Listener: l, slots: make(chan struct{}, n)}
}

type limited struct {
	net.Listener
	slots chan struct{}
}

func (l *limited) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitedConn{Conn: c, release: func() { <-l.slots }}, nil
}

type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
