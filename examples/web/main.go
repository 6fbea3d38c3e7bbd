// Command web serves a page on which people play any registered norns game in the browser,
// against the bots or each other.
//
//	go run ./examples/web                 # then open http://127.0.0.1:8080
//	go run ./examples/web -addr 127.0.0.1:9000 -think 500ms -bot-delay 0 -data /var/lib/norns-web
//
// Choose a game, its options and who sits in each seat (you, another person, a bot of a level:
// easy, medium or hard, or a -program bot), and
// play by clicking: the legal moves are buttons, and the cards that can be played light up. A
// seat for another person gets a join link to send them; each link carries the seat's secret
// token, so a browser acts only for its own seat.
//
// Every match also has a watch link, which each person's page shows to copy: it carries the
// match's id and a watch token of its own (not a seat's), and opens the match for a spectator,
// who sees what is public (the game's view for norns.Nobody: no hand, no hidden card) and the
// moves as they are made, with "You are watching" in place of a seat, no move to make, the log in
// the third person and the final standings at the end. A watch token never moves (403). Like the
// seats' tokens it is stored hashed; each person's seat also keeps it sealed with that seat's
// token (XOR with a hash of it), so a person's page can always show the link, after a restart
// too, while the data directory holds neither token. A match stored before watch links has none.
//
// The server keeps the true state of every match; each browser receives only its seat's view,
// legal moves and events (as server-sent events), never another seat's cards. Moves are checked
// against the sequence number the browser saw, so a stale or doubled click is refused. Matches and
// connections are bounded, idle matches expire, and bots think with a deadline.
//
// # Nothing lost on restart
//
// Every match, its seats and the SHA-256 of each seat's token and of its watch token (never a
// token) are kept in a
// data directory (-data DIR; by default norns-web in the user's cache directory; -memory keeps
// them in memory only). A match is stored when it is created and after every move, before
// anyone hears of the move, and removed when it expires; a server that starts on the directory
// resumes every match where it stood, and the same links play on (a restored match counts as
// active from the restart, so its players have -idle to come back). The page reconnects by
// itself, with a growing pause, and resumes its log where it stopped. What is stored is the
// match's record: game, config, seed, moves, the chance generator's position and the seats;
// the state is rebuilt by replaying the moves through the registry, so the store has no format
// of its own for any game.
//
// The store is a small interface (Save, Load and Delete of a match's record). The command's is
// an embedded database, go.etcd.io/bbolt: one file, matches.db in the data directory, a bucket
// of records keyed by match id, each Save and Delete committed in a transaction, with fsync,
// before the move is announced (saves made at the same moment share one), so a crash or a power
// cut leaves the old record or the new; -memory
// (and the tests) use a map in memory instead. bbolt was chosen because it is pure Go (no cgo:
// the command still cross-compiles with go build alone), keeps everything in one file that is
// locked while a server uses it (a second server on the same directory is refused instead of
// sharing it), gives crash-safe ACID transactions, has a small API (a handful of calls here),
// and is maintained by the etcd project, which runs on it, as do many others. The others
// weighed: SQLite through modernc.org/sqlite is pure Go too, but a transpiled C library many
// times bbolt's size for a store that needs no query language; badger and pebble are
// log-structured engines for large write-heavy data, with a directory of files, background
// compaction and far larger dependency trees; buntdb is an in-memory store with an append-only
// log, less crash-safe by default (fsync every second) and less widely used. The database is a
// requirement of this command only, so the command is a module of its own (examples/web/go.mod,
// with the browser tests in it), joined to the library by the repository's go.work: the
// library's go.mod requires nothing the library does not import, and from the repository's
// root go run ./examples/web and go test ./examples/web/... work as before (./... there stops
// at a nested module, so CI names this one's packages).
//
// Several servers would share one store by putting the interface on a server database (a
// table of records keyed by match, each Save a transaction that checks the move count it
// extends) and telling each other of moves through a notification channel (Postgres
// LISTEN/NOTIFY, say), so that a server holding a seat's stream replays the moves another
// server stored. This command does not do it.
//
// # The protocol
//
// The page is plain HTML, JavaScript and CSS embedded in the binary (static/), with one renderer
// per game in static/render.js drawing the view JSON the game registers (norns.Register's
// ViewJSON); a new game is drawn by adding one renderer, and any game without one is shown as
// its JSON. Another front end can speak the same JSON over HTTP:
//
//	GET  /api/games                 the registered games: name, description, options, bots,
//	                                levels ({"name": "easy", "bot": "random"}, weakest first)
//	                                and the -program bots
//	GET  /api/rules?game=NAME       the game's rules, as text
//	POST /api/config                {"game", "config"} → {"players", "config"}: checks a config
//	POST /api/matches               {"game", "config", "seats": ["human", "heuristic", …]} →
//	                                {"match", "seats": [{"seat", "kind", "token", "link"}],
//	                                "watch"}: watch is the watch link, /#m=MATCH&w=WATCHTOKEN
//	GET  /api/stream?token=T        (T a seat's token or a watch token)
//	                                server-sent events: a "state" payload now and after every
//	                                change ("expired" when the match is gone); Last-Event-ID
//	                                (or &since=N) resumes the seat's events from index N
//	GET  /api/state?token=T         the same payload, once
//	POST /api/move                  {"token", "seq", "move"} → {"seq"}; refusals are 400 (not a
//	                                move), 403 (a watch token), 404 (no such seat), 409 (stale,
//	                                not your turn, over), 422 (illegal, with the rules' reason)
//	                                and 503 (not stored: the match is unchanged; try again)
//	GET  /api/record?token=T        the match record, once the match is over
//
// A payload holds the match's id and game, the sequence number a move must name, the seats'
// kinds, how many spectators' streams are open, and for the token's seat only: its view, its
// legal moves, its events and the watch link; once over, the winners and every seat's score
// (the final standings, public then). A watch token's payload has seat -2 (norns.Nobody), the
// spectator's view and events, no legal move and no watch link.
//
// # Hostile clients
//
// The server expects the open internet, with its defaults (each a flag):
//
//   - Every write to an event stream has a deadline (-write-timeout, 10 s): a client that stops
//     reading loses its stream instead of holding a handler, a slot and its match forever.
//     Ctrl-C ends the streams at once, gives requests in flight two seconds, then closes every
//     connection, so the command stops within seconds whatever the clients do.
//   - Per client, meaning one IP address or one IPv6 /64 (a proxy's or NAT's clients share one):
//     64 connections (-conns-per-client; the next is answered 429 and closed), 16 event streams,
//     spectators' included (-streams-per-client), 20 matches held (-matches-per-client), and match creation by a token
//     bucket of 10 refilled by one every 30 s (-create-burst, -create-every), each refusal a 429
//     that says when to try again. Forwarded-for headers are not trusted: anyone can write them.
//   - A request must name a Host the server answers for (else 421), against DNS rebinding: the
//     -addr host; for loopback also localhost, 127.0.0.1 and ::1; for every interface (-addr
//     :8080) any IP address literal and localhost; and each -host name.
//   - A POST must be Content-Type application/json (else 415) and, if it carries an Origin, come
//     from this server's own (else 403), so no other site's form or script can create matches
//     or move. The page may not be framed (CSP frame-ancestors 'none', X-Frame-Options DENY).
//   - Request bodies are decoded strictly: keys exactly as documented (case counts), none twice
//     at any depth, nothing unknown and nothing after the value (400).
//
// # Tests
//
// go test ./examples/web tests the server over HTTP, in process, and the restart in a process
// of its own: the test binary runs as this command, is killed mid-match and started again. The
// browser tests (./examples/web/browsertest, a package of this module) build this command,
// start it on a loopback port and play through its page in headless Chromium with chromedp:
//
//	go test ./examples/web/...
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
	"syscall"
	"time"

	_ "github.com/nornsgames/norns/gnav"
	_ "github.com/nornsgames/norns/gulveig"
	_ "github.com/nornsgames/norns/herrlof"
	_ "github.com/nornsgames/norns/voluspa"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the command: it serves until ctx ends (Ctrl-C), then stops within shutdownGrace plus
// a moment, whatever the clients do.
func run(ctx context.Context, args []string, out, errOut io.Writer) int {
	o := defaultOptions()
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(errOut)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to serve on (loopback by default)")
	var hosts []string
	fs.Func("host", "a host name the server also answers for, as in -host games.example.org (repeatable); requests naming any other Host are refused, against DNS rebinding", func(v string) error {
		if v == "" || strings.ContainsAny(v, "/: ") {
			return errors.New("want a host name without a port, as in games.example.org")
		}
		hosts = append(hosts, v)
		return nil
	})
	data := fs.String("data", "", "the directory that keeps the matches across restarts (default norns-web in the user's cache directory)")
	memory := fs.Bool("memory", false, "keep the matches in memory only: a restart loses them")
	fs.IntVar(&o.maxMatches, "max-matches", o.maxMatches, "matches held at once")
	fs.IntVar(&o.maxStreams, "max-streams", o.maxStreams, "browser event streams open at once")
	maxConns := fs.Int("max-conns", 4*o.maxStreams, "network connections open at once (streams included)")
	connsPerClient := fs.Int("conns-per-client", 64, "network connections open at once from one client (an IP address, or an IPv6 /64)")
	fs.IntVar(&o.streamsPerClient, "streams-per-client", o.streamsPerClient, "event streams open at once from one client")
	fs.IntVar(&o.watchers, "watchers", o.watchers, "spectators' event streams open at once for one match")
	fs.IntVar(&o.matchesPerClient, "matches-per-client", o.matchesPerClient, "matches one client may hold at once")
	fs.IntVar(&o.createBurst, "create-burst", o.createBurst, "matches one client may start in a burst")
	fs.DurationVar(&o.createEvery, "create-every", o.createEvery, "after a burst, one client may start one match per this long")
	fs.DurationVar(&o.writeTimeout, "write-timeout", o.writeTimeout, "the longest a write to a browser may take before its connection is dropped")
	fs.DurationVar(&o.idle, "idle", o.idle, "a match nobody watches expires after this long without a move")
	fs.DurationVar(&o.think, "think", o.think, "the longest a bot thinks about a move")
	fs.DurationVar(&o.botDelay, "bot-delay", o.botDelay, "a pause before each bot move, so people can follow")
	fs.Func("program", "NAME=COMMAND: offer a bot played by a program that speaks the engine protocol (PROTOCOL.md), as in -program pybot='python3 bot.py' (repeatable)", func(v string) error {
		name, cmd, ok := strings.Cut(v, "=")
		argv := strings.Fields(cmd)
		if !ok || name == "" || len(argv) == 0 || name == "human" {
			return errors.New("want NAME=COMMAND, as in pybot='python3 bot.py'")
		}
		if name == "easy" || name == "medium" || name == "hard" {
			return fmt.Errorf("%s is the name of a level: give the program another", name)
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
	if o.maxMatches < 1 || o.maxStreams < 1 || *maxConns < 1 || *connsPerClient < 1 || o.streamsPerClient < 1 || o.watchers < 1 ||
		o.matchesPerClient < 1 || o.createBurst < 1 || o.createEvery <= 0 || o.writeTimeout <= 0 ||
		o.idle <= 0 || o.think <= 0 || o.botDelay < 0 {
		fmt.Fprintln(errOut, "web: the limits must be positive")
		return 2
	}
	o.logf = func(format string, args ...any) { fmt.Fprintf(errOut, format+"\n", args...) }
	o.store = newMemStore()
	if !*memory {
		dir := *data
		if dir == "" {
			var err error
			if dir, err = defaultDataDir(); err != nil {
				fmt.Fprintln(errOut, "web:", err)
				return 1
			}
		}
		bs, err := openBoltStore(dir)
		if err != nil {
			fmt.Fprintln(errOut, "web:", err)
			return 1
		}
		defer bs.Close()
		o.store = bs
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(errOut, "web:", err)
		return 1
	}
	host, _, _ := net.SplitHostPort(*addr)
	o.hosts = newHostPolicy(host, hosts)
	srv := newServer(o)
	n, err := srv.restore(o.logf)
	if err != nil {
		srv.Close()
		ln.Close()
		fmt.Fprintln(errOut, "web: reading the stored matches:", err)
		return 1
	}
	if n > 0 {
		fmt.Fprintf(errOut, "web: resumed %d matches\n", n)
	}
	fmt.Fprintf(out, "norns web: open http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	return serve(ctx, newClientListener(ln, *maxConns, *connsPerClient), srv, errOut)
}

// shutdownGrace is how long a stopping server waits for requests in flight before it closes
// every connection.
const shutdownGrace = 2 * time.Second

// serve serves srv on ln until ctx ends, then stops: the matches' streams end at once (the
// browsers reconnect to the next server), requests in flight get shutdownGrace, then every
// connection is closed, which also ends a write to a client that stopped reading. It returns the
// command's exit status.
func serve(ctx context.Context, ln net.Listener, srv *server, errOut io.Writer) int {
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second, // requests are small; streams are written, not read
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	code := 0
	select {
	case <-ctx.Done():
	case err := <-served:
		fmt.Fprintln(errOut, "web:", err)
		code = 1
	}
	srv.stop()
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	if hs.Shutdown(sctx) != nil {
		_ = hs.Close()
	}
	cancel()
	srv.Close()
	return code
}

// newClientListener returns a listener that holds at most n connections open at once (Accept
// waits for one to close before taking the next) and at most perClient from one client
// (clientKey): a client over its share is answered 429 and disconnected at once.
func newClientListener(l net.Listener, n, perClient int) net.Listener {
	return &clientListener{Listener: l, slots: make(chan struct{}, n), perClient: perClient, conns: map[string]int{}}
}

type clientListener struct {
	net.Listener
	slots     chan struct{}
	perClient int

	mu    sync.Mutex
	conns map[string]int // open connections by client
}

// tooMany is the whole answer to a connection over its client's share.
const tooMany = "HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain\r\nConnection: close\r\nContent-Length: 51\r\n\r\ntoo many connections from your address: close some\n"

func (l *clientListener) Accept() (net.Conn, error) {
	for {
		l.slots <- struct{}{}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.slots
			return nil, err
		}
		key := clientKey(c.RemoteAddr().String())
		l.mu.Lock()
		over := l.conns[key] >= l.perClient
		if !over {
			l.conns[key]++
		}
		l.mu.Unlock()
		if over {
			<-l.slots
			_ = c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond)) // a new socket's buffer takes it at once
			_, _ = io.WriteString(c, tooMany)
			_ = c.Close()
			continue
		}
		return &limitedConn{Conn: c, release: func() {
			l.mu.Lock()
			if l.conns[key]--; l.conns[key] <= 0 {
				delete(l.conns, key)
			}
			l.mu.Unlock()
			<-l.slots
		}}, nil
	}
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
