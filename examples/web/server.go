package main

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

//go:embed static
var staticFiles embed.FS

// options are the server's limits and timings.
type options struct {
	maxMatches     int           // matches held at once
	maxStreams     int           // event streams open at once, all matches together
	streamsPerSeat int           // event streams open at once for one seat
	watchers       int           // spectators' event streams open at once for one match
	idle           time.Duration // a match with no move and no stream for this long expires
	maxIdle        time.Duration // a match with no move for this long expires, streams or not
	think          time.Duration // a bot's deadline per move
	botDelay       time.Duration // a pause before each bot move, so people can follow
	sweep          time.Duration // how often expired matches are removed
	heartbeat      time.Duration // how often an idle stream sends a comment, to keep it open
	writeTimeout   time.Duration // the longest one write to an event stream may take

	// Per client (a remote IP address; for IPv6 its /64, which one household or host holds):
	// event streams open at once, matches held at once, and a token bucket for creating them,
	// createBurst deep and refilled by one every createEvery.
	streamsPerClient int
	matchesPerClient int
	createBurst      int
	createEvery      time.Duration

	hosts hostPolicy // the Host names the server answers for

	store store                            // where matches are kept; newServer's default is in memory
	logf  func(format string, args ...any) // where the server reports what it cannot tell a client
	// programs are bots played by other programs over the engine protocol (PROTOCOL.md), by
	// the name the lobby offers them under: the command and its arguments. Only the server's
	// operator names them (-program); a browser can only choose among them.
	programs map[string][]string
}

func defaultOptions() options {
	return options{
		maxMatches: 200, maxStreams: 1000, streamsPerSeat: 4, watchers: 64,
		idle: 15 * time.Minute, maxIdle: 2 * time.Hour,
		think: 2 * time.Second, botDelay: 400 * time.Millisecond,
		sweep: time.Minute, heartbeat: 20 * time.Second, writeTimeout: 10 * time.Second,
		streamsPerClient: 16, matchesPerClient: 20, createBurst: 10, createEvery: 30 * time.Second,
		hosts: newHostPolicy("127.0.0.1", nil),
	}
}

// server holds the matches. Its mutex guards the maps and the stream count; each table has its
// own.
type server struct {
	opts options
	ctx  context.Context // ends when the server stops
	stop context.CancelFunc
	wg   sync.WaitGroup // drivers, the sweeper and streams
	mux  *http.ServeMux

	mu            sync.Mutex
	tables        map[string]*table
	tokens        map[string]seatRef
	streams       int
	clientStreams map[string]int     // open streams by client
	buckets       map[string]*bucket // match creation by client
}

// A bucket is a client's token bucket for creating matches: it holds up to createBurst tokens,
// gains one every createEvery, and each match created takes one.
type bucket struct {
	tokens float64
	at     time.Time // when tokens was counted
}

// take refills the bucket to now and takes a token if it has one; if not, it returns how long
// until it will.
func (b *bucket) take(now time.Time, burst int, every time.Duration) (bool, time.Duration) {
	b.tokens = min(float64(burst), b.tokens+float64(now.Sub(b.at))/float64(every))
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) * float64(every))
}

// A seatRef is what a token gives: a seat of a table, or for a watch token norns.Nobody, a
// spectator's place.
type seatRef struct {
	t *table
	p norns.Player
}

func newServer(opts options) *server {
	if opts.store == nil {
		opts.store = newMemStore()
	}
	if opts.logf == nil {
		opts.logf = func(string, ...any) {}
	}
	ctx, stop := context.WithCancel(context.Background())
	s := &server{
		opts: opts, ctx: ctx, stop: stop, tables: map[string]*table{}, tokens: map[string]seatRef{},
		clientStreams: map[string]int{}, buckets: map[string]*bucket{},
	}
	static, _ := fs.Sub(staticFiles, "static")
	mux := http.NewServeMux()
	mux.Handle("GET /", http.FileServerFS(static))
	mux.HandleFunc("GET /api/games", s.handleGames)
	mux.HandleFunc("GET /api/rules", s.handleRules)
	mux.HandleFunc("POST /api/config", s.handleConfig)
	mux.HandleFunc("POST /api/matches", s.handleCreate)
	mux.HandleFunc("GET /api/state", s.handleState)
	mux.HandleFunc("GET /api/stream", s.handleStream)
	mux.HandleFunc("POST /api/move", s.handleMove)
	mux.HandleFunc("GET /api/record", s.handleRecord)
	s.mux = mux
	s.wg.Add(1)
	go s.sweepLoop()
	return s
}

// ServeHTTP answers a request. Before the routes, it refuses a Host the server does not answer
// for (421: DNS rebinding points a hostile name at this address), and a POST whose body is not
// declared application/json (415) or that comes from another origin (403): a cross-site form or
// fetch cannot create matches or move. The page may not be framed.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")
	h.Set("X-Frame-Options", "DENY")
	if !s.opts.hosts.allows(r.Host) {
		fail(w, http.StatusMisdirectedRequest, "this server does not answer for the host %q (its operator can allow it with -host)", norns.Clip(r.Host))
		return
	}
	if r.Method == http.MethodPost {
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
			fail(w, http.StatusUnsupportedMediaType, "send the request as Content-Type: application/json")
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
			fail(w, http.StatusForbidden, "a request from another site (Origin %q) is refused", norns.Clip(o))
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// sameOrigin reports whether origin (an Origin header) names the host the request was sent to,
// over http or https.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Opaque == "" && u.User == nil &&
		u.Path == "" && u.RawQuery == "" && u.Host != "" && strings.EqualFold(u.Host, host)
}

// A hostPolicy is the set of Host names a server answers for (compared without the port).
type hostPolicy struct {
	names map[string]bool
	anyIP bool // any IP address literal: a literal cannot be a rebound DNS name
}

// newHostPolicy returns the policy for a server that listens on host (an IP address or a name,
// empty for every interface) and also answers for the names in extra. A loopback or unspecified
// address also allows localhost, 127.0.0.1 and ::1; an unspecified one allows every IP literal.
func newHostPolicy(host string, extra []string) hostPolicy {
	p := hostPolicy{names: map[string]bool{}}
	add := func(h string) { p.names[strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")] = true }
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	switch {
	case host == "" || err == nil && ip.IsUnspecified():
		p.anyIP = true
		add("localhost")
	case err == nil && ip.IsLoopback():
		add("localhost")
		add("127.0.0.1")
		add("::1")
		add(ip.String())
	default:
		add(host)
	}
	for _, h := range extra {
		add(h)
	}
	return p
}

// allows reports whether the policy answers for hostport, a request's Host.
func (p hostPolicy) allows(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "" {
		return false
	}
	if p.names[host] {
		return true
	}
	_, err := netip.ParseAddr(host)
	return p.anyIP && err == nil
}

// clientKey names the client at remoteAddr for the per-client limits: its IP address, or for
// IPv6 its /64 prefix. A client behind a shared proxy or NAT shares its limits with the others
// there; forwarded-for headers are not trusted, as any client can write them.
func clientKey(remoteAddr string) string {
	ap, err := netip.ParseAddrPort(remoteAddr)
	if err != nil {
		return remoteAddr
	}
	ip := ap.Addr().Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// Close ends every match and stream and waits for their goroutines.
func (s *server) Close() {
	s.stop()
	s.mu.Lock()
	for _, t := range s.tables {
		if t.cancel != nil {
			t.cancel()
		}
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// sweepLoop removes expired matches every opts.sweep.
func (s *server) sweepLoop() {
	defer s.wg.Done()
	tick := time.NewTicker(s.opts.sweep)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case now := <-tick.C:
			s.sweep(now)
		}
	}
}

// sweep removes the matches that expired by now, from memory and from the store, and the
// creation buckets that are full again.
func (s *server) sweep(now time.Time) {
	s.mu.Lock()
	for c, b := range s.buckets {
		if now.Sub(b.at) >= time.Duration(s.opts.createBurst)*s.opts.createEvery {
			delete(s.buckets, c)
		}
	}
	var gone []string
	for id, t := range s.tables {
		if t.cancel == nil { // being created
			continue
		}
		t.mu.Lock()
		streams := t.watch.streams // a spectator keeps a match too, up to maxIdle
		for _, st := range t.seats {
			streams += st.streams
		}
		idle := now.Sub(t.lastActive)
		expired := (streams == 0 && idle >= s.opts.idle) || idle >= s.opts.maxIdle
		if expired {
			t.gone = true // no save after this one's removal
		}
		t.mu.Unlock()
		if expired {
			t.cancel()
			delete(s.tables, id)
			for _, st := range t.seats {
				if st.kind == "human" {
					delete(s.tokens, st.tokenHash)
				}
			}
			if t.watchHash != "" {
				delete(s.tokens, t.watchHash)
			}
			gone = append(gone, id)
		}
	}
	s.mu.Unlock()
	for _, id := range gone {
		if err := s.opts.store.Delete(id); err != nil {
			s.opts.logf("web: match %s expired but stays in the store: %v", id, err)
		}
	}
}

// apiError is the body of every refusal.
type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, apiError{Error: fmt.Sprintf(format, args...)})
}

// maxBody bounds every request body.
const maxBody = 64 << 10

// decodeBody reads a JSON request body strictly into v.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) bool {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		fail(w, http.StatusRequestEntityTooLarge, "the request is over %d bytes", maxBody)
		return false
	}
	if err := strictUnmarshal(data, v); err != nil {
		fail(w, http.StatusBadRequest, "malformed request: %v", err.Error())
		return false
	}
	return true
}

// programNames returns the names of the program bots, sorted.
// levelNames lists a game's levels: "easy, medium, hard".
func levelNames(g *norns.Registered) string {
	var names []string
	for _, l := range g.Levels() {
		names = append(names, l.Name)
	}
	return strings.Join(names, ", ")
}

func (s *server) programNames() []string {
	return slices.Sorted(maps.Keys(s.opts.programs))
}

// gameInfo describes a registered game to the lobby.
type gameInfo struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Options     []norns.Option `json:"options"`
	Bots        []string       `json:"bots"`     // every bot a seat may name: the game's, then the programs
	Levels      []levelInfo    `json:"levels"`   // the strengths a person chooses from, weakest first
	Programs    []string       `json:"programs"` // the -program bots
	HasRules    bool           `json:"hasRules"`
}

// levelInfo is a level of the game's bots: its name, which a seat may name, and the bot that
// plays it.
type levelInfo struct {
	Name string `json:"name"`
	Bot  string `json:"bot"`
}

func (s *server) handleGames(w http.ResponseWriter, r *http.Request) {
	var out []gameInfo
	for _, name := range norns.Games() {
		g, _ := norns.Lookup(name)
		bots := append(g.Bots(), s.programNames()...)
		levels := []levelInfo{}
		for _, l := range g.Levels() {
			levels = append(levels, levelInfo{Name: l.Name, Bot: l.Bot})
		}
		out = append(out, gameInfo{Name: name, Description: g.Description(), Options: g.Options(), Bots: bots,
			Levels: levels, Programs: append([]string{}, s.programNames()...), HasRules: g.Rules() != ""})
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *server) handleRules(w http.ResponseWriter, r *http.Request) {
	g, err := norns.Lookup(r.URL.Query().Get("game"))
	if err != nil {
		fail(w, http.StatusNotFound, "no such game")
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	rules := g.Rules()
	if rules == "" {
		rules = g.Name() + ": " + g.Description() + "\n\nThe full rules text is not in this version yet."
	}
	_, _ = io.WriteString(w, rules)
}

// configRequest is the lobby's question: is this config good, and how many seats has it?
type configRequest struct {
	Game   string          `json:"game"`
	Config json.RawMessage `json:"config"`
}

type configReply struct {
	Players int             `json:"players"`
	Config  json.RawMessage `json:"config"` // the effective config
}

func (s *server) handleConfig(w http.ResponseWriter, r *http.Request) {
	var req configRequest
	if !decodeBody(w, r, &req) {
		return
	}
	_, m, ok := newMatch(w, req.Game, req.Config)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, configReply{Players: m.Players(), Config: m.Config()})
}

func newMatch(w http.ResponseWriter, game string, config json.RawMessage) (*norns.Registered, norns.Match, bool) {
	g, err := norns.Lookup(game)
	if err != nil {
		fail(w, http.StatusBadRequest, "no game %q: choose one of %s", norns.Clip(game), strings.Join(norns.Games(), ", "))
		return nil, nil, false
	}
	if string(config) == "null" {
		config = nil
	}
	m, err := g.New(config)
	if err != nil {
		fail(w, http.StatusBadRequest, "%s", err.Error())
		return nil, nil, false
	}
	return g, m, true
}

// createRequest starts a match: the game, its config and who sits in each seat ("human" or a
// bot's name), one per seat.
type createRequest struct {
	Game   string          `json:"game"`
	Config json.RawMessage `json:"config"`
	Seats  []string        `json:"seats"`
}

type createReply struct {
	Match string       `json:"match"`
	Seats []createSeat `json:"seats"`
	Watch string       `json:"watch"` // the watch link: the page that follows the match as a spectator
}

type createSeat struct {
	Seat  norns.Player `json:"seat"`
	Kind  string       `json:"kind"`
	Token string       `json:"token,omitempty"` // humans only: the seat's secret
	Link  string       `json:"link,omitempty"`  // humans only: the page that plays the seat
}

func (s *server) handleCreate(w http.ResponseWriter, r *http.Request) {
	client := clientKey(r.RemoteAddr)
	if code, msg := s.admitCreate(client, time.Now()); code != 0 {
		fail(w, code, "%s", msg)
		return
	}
	var req createRequest
	if !decodeBody(w, r, &req) {
		return
	}
	g, m, ok := newMatch(w, req.Game, req.Config)
	if !ok {
		return
	}
	if len(req.Seats) != m.Players() {
		fail(w, http.StatusBadRequest, "%d seats given for a %d-player match", len(req.Seats), m.Players())
		return
	}
	if !slices.Contains(req.Seats, "human") {
		fail(w, http.StatusBadRequest, "no human seat: at least one seat must be human")
		return
	}
	seed := randomSeed()
	watchToken := newToken()
	t := &table{
		game: g, config: append([]byte(nil), req.Config...), seed: seed, srv: s, m: m, client: client,
		changed: make(chan struct{}), lastActive: time.Now(), chance: rng.New(seed),
		watch: &seat{kind: "watch"}, watchHash: hashToken(watchToken),
	}
	if len(t.config) == 0 || string(t.config) == "null" {
		t.config = []byte("{}")
	}
	tokens := make([]string, len(req.Seats))
	for p, kind := range req.Seats {
		if kind == "human" {
			tokens[p] = newToken()
		}
		st, code, err := s.newSeat(r.Context(), t, norns.Player(p), kind, hashToken(tokens[p]))
		if err != nil {
			t.closePrograms()
			fail(w, code, "%s", err.Error())
			return
		}
		if kind == "human" {
			st.watchSealed = sealWatch(watchToken, tokens[p])
		}
		t.seats = append(t.seats, st)
	}

	s.mu.Lock()
	if len(s.tables) >= s.opts.maxMatches || s.ctx.Err() != nil {
		s.mu.Unlock()
		t.closePrograms()
		fail(w, http.StatusServiceUnavailable, "the server holds %d matches, its limit: try again later", s.opts.maxMatches)
		return
	}
	for {
		t.id = newToken()[:16]
		if s.tables[t.id] == nil {
			break
		}
	}
	s.tables[t.id] = t // held, so no other match takes the id; no token finds it yet
	s.mu.Unlock()
	t.mu.Lock()
	err := t.saveLocked(t.moves)
	t.mu.Unlock()
	if err != nil {
		s.mu.Lock()
		delete(s.tables, t.id)
		s.mu.Unlock()
		t.closePrograms()
		fail(w, http.StatusServiceUnavailable, "the match could not be stored: %s", err.Error())
		return
	}
	reply := createReply{Match: t.id, Watch: watchLink(t.id, watchToken)}
	for p, st := range t.seats {
		cs := createSeat{Seat: norns.Player(p), Kind: st.kind}
		if tokens[p] != "" {
			cs.Token = tokens[p]
			cs.Link = "/#t=" + tokens[p]
		}
		reply.Seats = append(reply.Seats, cs)
	}
	if !s.start(t) {
		fail(w, http.StatusServiceUnavailable, "the server is stopping")
		return
	}
	writeJSON(w, http.StatusCreated, reply)
}

// newSeat returns seat p of table t, for kind ("human", a program's name or a bot's), with the
// hash of its token for a human. A refusal comes with its HTTP status.
func (s *server) newSeat(ctx context.Context, t *table, p norns.Player, kind, tokenHash string) (*seat, int, error) {
	st := &seat{kind: kind}
	switch argv, isProgram := s.opts.programs[kind]; {
	case kind == "human":
		st.tokenHash = tokenHash
	case isProgram:
		pb, err := norns.StartProgram(ctx, t.game, t.config, p, argv, norns.ProgramOptions{Think: s.opts.think})
		if err != nil {
			return nil, http.StatusBadGateway, fmt.Errorf("seat %d: the bot %s did not start: %v", p, kind, err)
		}
		st.bot = pb
	default:
		// each bot's seed comes from the match's, so a restored match seats the same bots
		b, err := t.game.NewBot(kind, rng.New(t.seed^0x5eed^uint64(p)<<32).Uint64())
		if err != nil {
			return nil, http.StatusBadRequest, fmt.Errorf("seat %d: no bot %q: choose human, a level (%s) or one of %s", p, kind, levelNames(t.game), strings.Join(append(t.game.Bots(), s.programNames()...), ", "))
		}
		st.bot = b
	}
	return st, 0, nil
}

// start makes table t, already in s.tables, reachable by its seats' tokens and starts its
// driver; it reports false (and forgets t) if the server is stopping.
func (s *server) start(t *table) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ctx.Err() != nil {
		delete(s.tables, t.id)
		t.closePrograms()
		return false
	}
	t.ctx, t.cancel = context.WithCancel(s.ctx)
	for p, st := range t.seats {
		if st.kind == "human" {
			s.tokens[st.tokenHash] = seatRef{t: t, p: norns.Player(p)}
		}
	}
	if t.watchHash != "" {
		s.tokens[t.watchHash] = seatRef{t: t, p: norns.Nobody}
	}
	s.wg.Add(1)
	go t.drive()
	return true
}

// restore loads every match in the store and resumes it where it stood: its moves are replayed
// through the registry, its bots seated again (program bots restarted), its seats' tokens work
// as before. It reports each match it cannot resume to logf and goes on; only a store that
// cannot be read at all is an error. A restored match counts as active now, so its players have
// opts.idle to come back.
func (s *server) restore(logf func(format string, args ...any)) (int, error) {
	recs, skipped, err := s.opts.store.Load()
	if err != nil {
		return 0, err
	}
	for _, err := range skipped {
		logf("web: a stored match is skipped: %v", err)
	}
	n := 0
	for _, rec := range recs {
		t, err := s.restoreTable(rec)
		if err != nil {
			logf("web: match %s is not resumed: %v", rec.ID, err)
			continue
		}
		s.mu.Lock()
		dup := s.tables[t.id] != nil
		if !dup {
			s.tables[t.id] = t
		}
		s.mu.Unlock()
		if dup || !s.start(t) {
			t.closePrograms()
			continue
		}
		n++
	}
	return n, nil
}

// restoreTable rebuilds a match from its record.
func (s *server) restoreTable(rec matchRecord) (*table, error) {
	g, err := norns.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	m, err := g.New(rec.Config)
	if err != nil {
		return nil, err
	}
	if len(rec.Seats) != m.Players() || !validID.MatchString(rec.ID) {
		return nil, fmt.Errorf("%d seats for %d players, id %q", len(rec.Seats), m.Players(), rec.ID)
	}
	if rec.WatchHash != "" && !validHash.MatchString(rec.WatchHash) {
		return nil, fmt.Errorf("the watch token's hash %q is not a SHA-256", norns.Clip(rec.WatchHash))
	}
	t := &table{
		id: rec.ID, game: g, config: rec.Config, seed: rec.Seed, srv: s, m: m, client: rec.Client,
		changed: make(chan struct{}), lastActive: time.Now(), chance: rng.New(rec.Seed), failure: rec.Failure,
		watch: &seat{kind: "watch"}, watchHash: rec.WatchHash,
	}
	if err := t.chance.UnmarshalBinary(rec.Chance); err != nil {
		return nil, fmt.Errorf("the chance generator: %v", err)
	}
	for p, ss := range rec.Seats {
		st, _, err := s.newSeat(s.ctx, t, norns.Player(p), ss.Kind, ss.TokenHash)
		if err != nil {
			t.closePrograms()
			return nil, err
		}
		if ss.Kind == "human" {
			st.watchSealed = ss.Watch
		}
		t.seats = append(t.seats, st)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, mv := range rec.Moves {
		if err := t.applyLocked(mv, false); err != nil {
			t.closePrograms()
			return nil, fmt.Errorf("move %d (%q) does not replay: %v", i, mv, err)
		}
	}
	return t, nil
}

// admitCreate takes a token from client's bucket for creating a match, and returns the refusal
// (429, with why) if the bucket is empty or the client already holds opts.matchesPerClient
// matches. Every attempt takes a token, whether or not the match is then created.
func (s *server) admitCreate(client string, now time.Time) (int, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	held := 0
	for _, t := range s.tables {
		if t.client == client {
			held++
		}
	}
	if held >= s.opts.matchesPerClient {
		return http.StatusTooManyRequests, fmt.Sprintf("you hold %d matches, the limit for one address: finish or leave one first", held)
	}
	b := s.buckets[client]
	if b == nil {
		b = &bucket{tokens: float64(s.opts.createBurst), at: now}
		s.buckets[client] = b
	}
	if ok, wait := b.take(now, s.opts.createBurst, s.opts.createEvery); !ok {
		return http.StatusTooManyRequests, fmt.Sprintf("too many matches started from your address: try again in %v", wait.Round(time.Second)+time.Second)
	}
	return 0, ""
}

// seatOf finds the seat of a token (norns.Nobody for a match's watch token), answering the
// request itself when there is none.
func (s *server) seatOf(w http.ResponseWriter, token string) (seatRef, bool) {
	s.mu.Lock()
	ref, ok := s.tokens[hashToken(token)]
	s.mu.Unlock()
	if !ok || token == "" {
		fail(w, http.StatusNotFound, "no such seat: the link is wrong, or the match expired")
		return seatRef{}, false
	}
	return ref, true
}

func (s *server) handleState(w http.ResponseWriter, r *http.Request) {
	ref, ok := s.seatOf(w, r.URL.Query().Get("token"))
	if !ok {
		return
	}
	since, _ := strconv.Atoi(r.URL.Query().Get("since"))
	ref.t.mu.Lock()
	pl, err := ref.t.payloadFor(ref.p, since, r.URL.Query().Get("token"))
	ref.t.mu.Unlock()
	if err != nil {
		fail(w, http.StatusInternalServerError, "the view does not encode: %v", err)
		return
	}
	writeJSON(w, http.StatusOK, pl)
}

// moveRequest is a seat's move: the token names the seat, seq the payload it answers.
type moveRequest struct {
	Token string `json:"token"`
	Seq   int    `json:"seq"`
	Move  string `json:"move"`
}

type moveReply struct {
	Seq int `json:"seq"` // the sequence number after the move
}

func (s *server) handleMove(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	if !decodeBody(w, r, &req) {
		return
	}
	ref, ok := s.seatOf(w, req.Token)
	if !ok {
		return
	}
	if ref.p == norns.Nobody {
		fail(w, http.StatusForbidden, "a watch link follows the match but cannot move")
		return
	}
	err := ref.t.playHuman(ref.p, req.Seq, req.Move)
	switch {
	case err == nil:
		ref.t.mu.Lock()
		seq := ref.t.seq
		ref.t.mu.Unlock()
		writeJSON(w, http.StatusOK, moveReply{Seq: seq})
	case errors.Is(err, errStore):
		fail(w, http.StatusServiceUnavailable, "%v", err)
	case errors.Is(err, errStale), errors.Is(err, errTurn), errors.Is(err, errOver), errors.Is(err, norns.ErrGameOver):
		fail(w, http.StatusConflict, "%v", err)
	case errors.Is(err, norns.ErrBadNotation):
		fail(w, http.StatusBadRequest, "%q is not a move of this game", norns.Clip(req.Move))
	default: // illegal
		fail(w, http.StatusUnprocessableEntity, "%s", reason(err))
	}
}

// reason returns why a move was refused, in words for the player.
func reason(err error) string {
	if me, ok := errors.AsType[*norns.MoveError](err); ok && me.Reason != "" {
		return me.Move + ": " + me.Reason
	}
	return err.Error()
}

func (s *server) handleRecord(w http.ResponseWriter, r *http.Request) {
	ref, ok := s.seatOf(w, r.URL.Query().Get("token"))
	if !ok {
		return
	}
	t := ref.t
	t.mu.Lock()
	over, config, seed, moves := t.m.Over(), t.config, t.seed, append([]string(nil), t.moves...)
	t.mu.Unlock()
	if !over {
		fail(w, http.StatusConflict, "the record is available once the match is over (it shows every card)")
		return
	}
	rec, err := t.game.NewRecord(config, seed, moves)
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", t.game.Name()+"-"+t.id+".json"))
	_ = rec.Write(w)
}

// handleStream sends the seat's (or, for a watch token, the spectator's) payload as server-sent
// events: one at once, then one after
// every change, each with the events the browser has not had yet. A reconnecting browser's
// Last-Event-ID (the event index it reached), or a new page's since parameter, resumes the events
// where they stopped.
func (s *server) handleStream(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	ref, ok := s.seatOf(w, token)
	if !ok {
		return
	}
	t := ref.t
	client := clientKey(r.RemoteAddr)
	s.mu.Lock()
	t.mu.Lock()
	st := t.placeLocked(ref.p)
	var refusal string
	switch {
	case s.streams >= s.opts.maxStreams:
		refusal = "the server has all the streams it can hold open: try again later"
	case s.clientStreams[client] >= s.opts.streamsPerClient:
		refusal = fmt.Sprintf("your address has %d streams open, its limit: close a tab", s.clientStreams[client])
	case ref.p == norns.Nobody && st.streams >= s.opts.watchers:
		refusal = fmt.Sprintf("this match has %d spectators, its limit: try again later", st.streams)
	case ref.p != norns.Nobody && st.streams >= s.opts.streamsPerSeat:
		refusal = fmt.Sprintf("this seat has %d streams open, its limit: close a tab", st.streams)
	}
	if refusal != "" {
		t.mu.Unlock()
		s.mu.Unlock()
		fail(w, http.StatusServiceUnavailable, "%s", refusal)
		return
	}
	s.streams++
	s.clientStreams[client]++
	st.streams++
	s.wg.Add(1)
	t.broadcastLocked() // the others see this seat connect
	t.mu.Unlock()
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.streams--
		if s.clientStreams[client]--; s.clientStreams[client] <= 0 {
			delete(s.clientStreams, client)
		}
		s.mu.Unlock()
		t.mu.Lock()
		st.streams--
		t.lastActive = time.Now()
		if t.ctx.Err() == nil {
			t.broadcastLocked()
		}
		t.mu.Unlock()
		s.wg.Done()
	}()

	since, _ := strconv.Atoi(r.Header.Get("Last-Event-ID"))
	if q := r.URL.Query().Get("since"); q != "" && since == 0 {
		since, _ = strconv.Atoi(q)
	}
	// Every write has a deadline: a client that stops reading fails its write within
	// opts.writeTimeout, so it holds no handler, no stream slot and no match past it.
	rc := http.NewResponseController(w)
	send := func(text string) error {
		if err := rc.SetWriteDeadline(time.Now().Add(s.opts.writeTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return err
		}
		if _, err := io.WriteString(w, text); err != nil {
			return err
		}
		return rc.Flush()
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	heartbeat := time.NewTicker(s.opts.heartbeat)
	defer heartbeat.Stop()
	for {
		t.mu.Lock()
		wait := t.changed
		pl, err := t.payloadFor(ref.p, since, token)
		t.mu.Unlock()
		var data []byte
		if err == nil {
			data, err = json.Marshal(pl)
		}
		if err != nil {
			return
		}
		since = pl.EventIndex + len(pl.Events)
		if send(fmt.Sprintf("id: %d\nevent: state\ndata: %s\n\n", since, data)) != nil {
			return
		}
		for waiting := true; waiting; {
			select {
			case <-wait:
				waiting = false
			case <-heartbeat.C:
				if send(": keep-alive\n\n") != nil {
					return
				}
			case <-t.ctx.Done():
				if s.ctx.Err() == nil { // the match expired; a stopping server says nothing, so browsers reconnect to the next
					_ = send("event: expired\ndata: {}\n\n")
				}
				return
			case <-r.Context().Done():
				return
			}
		}
	}
}
