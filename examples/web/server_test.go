package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

func TestGamesAndRules(t *testing.T) {
	_, hs := testServer(t, nil)
	res, err := http.Get(hs.URL + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	var games []gameInfo
	if err := json.NewDecoder(res.Body).Decode(&games); err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	var names []string
	for _, g := range games {
		names = append(names, g.Name)
		if len(g.Bots) == 0 || len(g.Options) == 0 {
			t.Errorf("%s: no bots or options: %+v", g.Name, g)
		}
		var levels []string
		for _, l := range g.Levels {
			levels = append(levels, l.Name)
			if !slices.Contains(g.Bots, l.Bot) {
				t.Errorf("%s: level %s is played by %q, not one of the bots %v", g.Name, l.Name, l.Bot, g.Bots)
			}
		}
		if !slices.Equal(levels, []string{"easy", "medium", "hard"}) {
			t.Errorf("%s: levels %v, want easy, medium and hard", g.Name, levels)
		}
	}
	if !slices.Equal(names, norns.Games()) {
		t.Fatalf("games %v, want every registered game %v", names, norns.Games())
	}
	for _, name := range names {
		res, err := http.Get(hs.URL + "/api/rules?game=" + name)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("rules of %s: %v %v", name, err, res.Status)
		}
		res.Body.Close()
	}
	for _, path := range []string{"/", "/app.js", "/render.js", "/style.css"} {
		res, err := http.Get(hs.URL + path)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("GET %s: %v %v", path, err, res.Status)
		}
		res.Body.Close()
	}
}

func TestCreateRefusals(t *testing.T) {
	_, hs := testServer(t, nil)
	for _, tc := range []struct {
		name, body string
		code       int
	}{
		{"not JSON", `hello`, 400},
		{"unknown field", `{"game":"herrlof","seats":["human","human"],"admin":true}`, 400},
		{"unknown game", `{"game":"chess","seats":["human","human"]}`, 400},
		{"bad config", `{"game":"herrlof","config":{"players":9},"seats":["human","human"]}`, 400},
		{"unknown config field", `{"game":"herrlof","config":{"bogus":1},"seats":["human","human"]}`, 400},
		{"too few seats", `{"game":"herrlof","seats":["human"]}`, 400},
		{"too many seats", `{"game":"herrlof","seats":["human","human","human"]}`, 400},
		{"unknown bot", `{"game":"herrlof","seats":["human","grandmaster"]}`, 400},
		{"no human", `{"game":"herrlof","seats":["random","random"]}`, 400},
		{"too long", `{"game":"herrlof","seats":["human","human"],"config":{"players":2` + strings.Repeat(" ", maxBody) + `}}`, 413},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, msg := post(t, http.DefaultClient, hs.URL+"/api/matches", tc.body, nil)
			if code != tc.code || !strings.Contains(msg, `"error"`) {
				t.Fatalf("status %d %s, want %d with an error", code, msg, tc.code)
			}
		})
	}
}

// waitTurn polls a seat's state until it is that seat's turn (or the match is over).
func waitTurn(t testing.TB, base, token string) payload {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get(base + "/api/state?token=" + token)
		if err != nil {
			t.Fatal(err)
		}
		var pl payload
		err = json.NewDecoder(res.Body).Decode(&pl)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(pl.Legal) > 0 || pl.Over {
			return pl
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("never my turn")
	return payload{}
}

// snapshot returns a table's sequence number and true state.
func snapshot(srv *server, match string) (int, any) {
	srv.mu.Lock()
	tb := srv.tables[match]
	srv.mu.Unlock()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.seq, tb.m.State()
}

// Every bad move gets a clear error and leaves the match as it was.
func TestMoveRefusals(t *testing.T) {
	srv, hs := testServer(t, nil)
	r := create(t, hs.URL, "herrlof", `{"handLimit":1}`, "human", "human")
	tok := []string{r.Seats[0].Token, r.Seats[1].Token}
	var pl payload
	mover := norns.Player(-1)
	for mover < 0 {
		res, err := http.Get(hs.URL + "/api/state?token=" + tok[0])
		if err != nil {
			t.Fatal(err)
		}
		_ = json.NewDecoder(res.Body).Decode(&pl)
		res.Body.Close()
		var v struct {
			ToMove norns.Player `json:"toMove"`
		}
		_ = json.Unmarshal(pl.View, &v)
		mover = v.ToMove
	}
	pl = waitTurn(t, hs.URL, tok[mover])
	other := 1 - mover
	seq0, state0 := snapshot(srv, r.Match)
	move := func(token string, seq int, mv string) string {
		return mustJSON(moveRequest{Token: token, Seq: seq, Move: mv})
	}
	for _, tc := range []struct {
		name, body string
		code       int
		says       string
	}{
		{"not JSON", `{"token":`, 400, "malformed"},
		{"unknown field", `{"token":"` + tok[mover] + `","seq":1,"move":"bid 1","seat":0}`, 400, "malformed"},
		{"no token", move("", pl.Seq, "bid 1"), 404, "no such seat"},
		{"wrong token", move(strings.Repeat("0", 32), pl.Seq, "bid 1"), 404, "no such seat"},
		{"stale", move(tok[mover], pl.Seq-1, "bid 1"), 409, "stale"},
		{"from the future", move(tok[mover], pl.Seq+1, "bid 1"), 409, "stale"},
		{"out of turn", move(tok[other], pl.Seq, "bid 1"), 409, "not your turn"},
		{"a watch token", move(watchToken(t, r.Watch), pl.Seq, pl.Legal[0]), 403, "watch link"},
		{"illegal", move(tok[mover], pl.Seq, "bid 99"), 422, "bid"},
		{"a card while bidding", move(tok[mover], pl.Seq, "R7"), 422, "R7"},
		{"not a move", move(tok[mover], pl.Seq, "xyzzy"), 400, "not a move"},
		{"a huge move", move(tok[mover], pl.Seq, strings.Repeat("bid ", 10000)), 400, "not a move"},
		{"a huge body", `{"token":"` + strings.Repeat("a", maxBody) + `"}`, 413, "bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, msg := post(t, http.DefaultClient, hs.URL+"/api/move", tc.body, nil)
			if code != tc.code || !strings.Contains(msg, tc.says) {
				t.Fatalf("status %d %s, want %d saying %q", code, msg, tc.code, tc.says)
			}
			if seq, state := snapshot(srv, r.Match); seq != seq0 || state != state0 {
				t.Fatal("the refused move changed the match")
			}
		})
	}
	var reply moveReply
	if code, msg := post(t, http.DefaultClient, hs.URL+"/api/move", move(tok[mover], pl.Seq, pl.Legal[0]), &reply); code != 200 || reply.Seq != pl.Seq+1 {
		t.Fatalf("a good move: %d %s", code, msg)
	}
	// the same click twice: the second is stale
	if code, msg := post(t, http.DefaultClient, hs.URL+"/api/move", move(tok[mover], pl.Seq, pl.Legal[0]), nil); code != 409 {
		t.Fatalf("a doubled move: %d %s, want 409", code, msg)
	}
	for _, path := range []string{"/api/state?token=nope", "/api/stream?token=nope", "/api/record?token=nope"} {
		res, err := http.Get(hs.URL + path)
		if err != nil || res.StatusCode != 404 {
			t.Fatalf("GET %s: %v %v, want 404", path, err, res.Status)
		}
		res.Body.Close()
	}
	res, _ := http.Get(hs.URL + "/api/record?token=" + tok[0])
	if res.StatusCode != http.StatusConflict {
		t.Fatalf("a record before the end: %v, want 409", res.Status)
	}
	res.Body.Close()
}

// playStreams plays a match through the API: one client per human seat reads its event stream
// and plays a random legal move whenever it may. It returns every payload each seat received,
// raw, and how many moves each seat played.
func playStreams(t testing.TB, c *http.Client, base string, r createReply, seed uint64, timeout time.Duration) (map[norns.Player][][]byte, map[norns.Player]int, error) {
	return playStreamsTimed(c, base, r, seed, timeout, nil)
}

// playStreamsTimed is playStreams that also reports each move's round trip to took.
func playStreamsTimed(c *http.Client, base string, r createReply, seed uint64, timeout time.Duration, took func(time.Duration)) (map[norns.Player][][]byte, map[norns.Player]int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var mu sync.Mutex
	raw := map[norns.Player][][]byte{}
	played := map[norns.Player]int{}
	errs := make(chan error, len(r.Seats))
	var wg sync.WaitGroup
	for _, s := range r.Seats {
		if s.Token == "" {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := playSeat(ctx, c, base, s, rng.New(seed+uint64(s.Seat)), func(b []byte) {
				mu.Lock()
				raw[s.Seat] = append(raw[s.Seat], b)
				mu.Unlock()
			}, func(d time.Duration) {
				mu.Lock()
				played[s.Seat]++
				mu.Unlock()
				if took != nil {
					took(d)
				}
			})
			if err != nil {
				cancel() // the other seats stop too
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return raw, played, err
		}
	}
	return raw, played, nil
}

// playSeat is one seat's client: it plays a random legal move at each payload that offers one,
// until the match is over.
func playSeat(ctx context.Context, c *http.Client, base string, s createSeat, r *rng.Rand, saw func([]byte), moved func(time.Duration)) error {
	st, err := openStream(ctx, c, base, s.Token)
	if err != nil {
		return err
	}
	defer st.close()
	lastPlayed := -1
	for b := range st.raw {
		saw(b)
		var pl payload
		if err := json.Unmarshal(b, &pl); err != nil {
			return err
		}
		if pl.Failure != "" {
			return fmt.Errorf("match failed: %s", pl.Failure)
		}
		if pl.Over {
			return nil
		}
		if len(pl.Legal) == 0 || pl.Seq <= lastPlayed {
			continue
		}
		lastPlayed = pl.Seq
		body, _ := json.Marshal(moveRequest{Token: s.Token, Seq: pl.Seq, Move: pl.Legal[r.IntN(len(pl.Legal))]})
		req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/move", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		start := time.Now()
		res, err := c.Do(req)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		_, _ = buf.ReadFrom(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			return fmt.Errorf("seat %d move at seq %d: %d %s", s.Seat, pl.Seq, res.StatusCode, buf.String())
		}
		moved(time.Since(start))
	}
	if err := <-st.done; err != nil {
		return err
	}
	return fmt.Errorf("seat %d: the stream ended before the match", s.Seat)
}

// checkPayloads checks every payload a seat (or, under norns.Nobody, a spectator) received
// against the server's record of the match: each decodes strictly into the payload type, and
// holds exactly the seat's View at that point (as the game encodes it), the View's legal moves,
// the seat's own events and public facts — nothing more. A spectator's holds the spectator's
// view (View(norns.Nobody)) with no hand, no legal move, only the spectator's events and no
// watch link; a human seat's holds the match's watch link. It returns the number of payloads
// checked.
func checkPayloads(t testing.TB, srv *server, r createReply, raw map[norns.Player][][]byte) int {
	t.Helper()
	srv.mu.Lock()
	tb := srv.tables[r.Match]
	srv.mu.Unlock()
	tb.mu.Lock()
	moves := slices.Clone(tb.moves)
	config := tb.config
	g := tb.game
	tb.mu.Unlock()

	// the states and each seat's events after every move, recomputed from the moves alone
	m, err := g.New(config)
	if err != nil {
		t.Fatal(err)
	}
	n := m.Players()
	// viewers: every seat, then norns.Nobody (a spectator) at index n
	viewer := func(i int) norns.Player {
		if i == n {
			return norns.Nobody
		}
		return norns.Player(i)
	}
	at := func(p norns.Player) int {
		if p == norns.Nobody {
			return n
		}
		return int(p)
	}
	states := []norns.Match{m}
	events := make([][]norns.Event, n+1)
	evAt := make([][]int, n+1) // evAt[i][seq]: viewer i's events after seq moves
	for i := range n + 1 {
		evAt[i] = []int{0}
	}
	for _, mv := range moves {
		var next norns.Match
		for i := range n + 1 {
			nx, evs, err := m.ApplyEvents(mv, viewer(i))
			if err != nil {
				t.Fatal(err)
			}
			next = nx
			events[i] = append(events[i], evs...)
			evAt[i] = append(evAt[i], len(events[i]))
		}
		m = next
		states = append(states, m)
	}

	checked := 0
	for p, list := range raw {
		if p != norns.Nobody && (p < 0 || int(p) >= n) {
			t.Fatalf("payloads of seat %d in a %d-player match", p, n)
		}
		for i, b := range list {
			pl := decodePayload(t, b)
			where := fmt.Sprintf("seat %d payload %d (seq %d)", p, i, pl.Seq)
			if pl.Seat != p || pl.Match != r.Match || pl.Game != g.Name() || pl.Seq < 0 || pl.Seq >= len(states) {
				t.Fatalf("%s: wrong header %+v", where, pl)
			}
			s := states[pl.Seq]
			v := s.View(p)
			want, _ := v.MarshalJSON()
			if !bytes.Equal(compact(t, pl.View), compact(t, want)) {
				t.Fatalf("%s: view differs from the seat's View:\n%s\nwant\n%s", where, pl.View, want)
			}
			wantLegal := v.Legal()
			if wantLegal == nil {
				wantLegal = []string{}
			}
			if !slices.Equal(pl.Legal, wantLegal) {
				t.Fatalf("%s: legal %v, want the View's %v", where, pl.Legal, wantLegal)
			}
			if p == norns.Nobody {
				checkSpectatorPayload(t, where, pl)
			} else if r.Seats[p].Kind == "human" && r.Watch != "" && pl.Watch != r.Watch {
				t.Fatalf("%s: watch link %q, want the match's %q", where, pl.Watch, r.Watch)
			}
			end := pl.EventIndex + len(pl.Events)
			if end != evAt[at(p)][pl.Seq] || pl.EventIndex < 0 {
				t.Fatalf("%s: events %d..%d, want up to %d", where, pl.EventIndex, end, evAt[at(p)][pl.Seq])
			}
			for k, e := range pl.Events {
				w := events[at(p)][pl.EventIndex+k]
				if e.Text != w.Text || !bytes.Equal(compact(t, e.Data), compact(t, w.Data)) {
					t.Fatalf("%s: event %d is %+v, want the seat's own %+v", where, pl.EventIndex+k, e, w)
				}
			}
			if pl.Over != s.Over() {
				t.Fatalf("%s: over %v", where, pl.Over)
			}
			wantWinners := []norns.Player{}
			if s.Over() {
				wantWinners = slices.Collect(s.Winners().All())
			}
			if !slices.Equal(pl.Winners, wantWinners) {
				t.Fatalf("%s: winners %v, want %v", where, pl.Winners, wantWinners)
			}
			wantScores := []int{}
			if s.Over() {
				for q := range n {
					wantScores = append(wantScores, s.Score(norns.Player(q)))
				}
			}
			if !slices.Equal(pl.Scores, wantScores) {
				t.Fatalf("%s: scores %v, want %v (every seat's, once over, and none before)", where, pl.Scores, wantScores)
			}
			if len(pl.Seats) != n {
				t.Fatalf("%s: %d seats", where, len(pl.Seats))
			}
			for q, si := range pl.Seats {
				if si.Kind != r.Seats[q].Kind {
					t.Fatalf("%s: seat %d kind %q, want %q", where, q, si.Kind, r.Seats[q].Kind)
				}
			}
			checked++
		}
	}
	return checked
}

// checkSpectatorPayload checks what a spectator's payload must not hold, whatever the game: a
// hand (the view's "hand" is absent, "" or empty), a legal move, a watch link, or a seat's event
// (a spectator's events are norns.Nobody's, checked against them by checkPayloads).
func checkSpectatorPayload(t testing.TB, where string, pl payload) {
	t.Helper()
	var v struct {
		Seat norns.Player    `json:"seat"`
		Hand json.RawMessage `json:"hand"`
	}
	if err := json.Unmarshal(pl.View, &v); err != nil {
		t.Fatalf("%s: the view: %v", where, err)
	}
	if v.Seat != norns.Nobody {
		t.Fatalf("%s: the spectator's view is seat %d's", where, v.Seat)
	}
	switch h := string(compact(t, append([]byte(nil), v.Hand...))); {
	case len(v.Hand) == 0, h == "null", h == `""`, h == "[]":
	default:
		t.Fatalf("%s: the spectator's view holds a hand: %s", where, h)
	}
	if len(pl.Legal) != 0 || pl.Watch != "" {
		t.Fatalf("%s: a spectator's payload with legal moves %v or a watch link %q", where, pl.Legal, pl.Watch)
	}
}

// watchToken returns the watch token of a watch link ("/#m=<match>&w=<token>").
func watchToken(t testing.TB, link string) string {
	t.Helper()
	m := regexp.MustCompile(`^/#m=([0-9a-f]{16})&w=([0-9a-f]{32})$`).FindStringSubmatch(link)
	if m == nil {
		t.Fatalf("%q is not a watch link", link)
	}
	return m[2]
}

// watchStream follows a match as a spectator until it is over, passing every payload received
// to saw.
func watchStream(ctx context.Context, c *http.Client, base, token string, saw func([]byte)) error {
	st, err := openStream(ctx, c, base, token)
	if err != nil {
		return err
	}
	defer st.close()
	for b := range st.raw {
		saw(b)
		var pl payload
		if err := json.Unmarshal(b, &pl); err != nil {
			return err
		}
		if pl.Failure != "" {
			return fmt.Errorf("match failed: %s", pl.Failure)
		}
		if pl.Over {
			return nil
		}
	}
	if err := <-st.done; err != nil {
		return err
	}
	return errors.New("the spectator's stream ended before the match")
}

func compact(t testing.TB, b []byte) []byte {
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		t.Fatalf("bad JSON %s: %v", b, err)
	}
	return out.Bytes()
}

// Nothing hidden reaches the wrong browser: whole matches of every game, played by several
// browsers (and bots) at one table with a spectator following through the watch link, and every
// payload each seat received holds exactly its seat's View, legal moves and events, and every
// payload the spectator received exactly the spectator's view and events, with no hand.
func TestNoLeak(t *testing.T) {
	srv, hs := testServer(t, nil)
	for _, tc := range []struct {
		game, config string
		seats        []string
	}{
		{"herrlof", `{"handLimit":1}`, []string{"human", "human"}},
		{"herrlof", `{"players":3,"handLimit":1}`, []string{"human", "heuristic", "human"}},
		{"gnav", `{"players":4,"lives":1}`, []string{"human", "random", "human", "human"}},
		{"gulveig", `{"handLimit":1}`, []string{"human", "human", "heuristic"}},
		{"voluspa", `{}`, []string{"human", "human"}},
	} {
		t.Run(tc.game+"/"+strings.Join(tc.seats, ","), func(t *testing.T) {
			r := create(t, hs.URL, tc.game, tc.config, tc.seats...)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			var watched [][]byte
			watching := make(chan error, 1)
			watch := watchToken(t, r.Watch)
			go func() {
				watching <- watchStream(ctx, http.DefaultClient, hs.URL, watch, func(b []byte) { watched = append(watched, b) })
			}()
			raw, _, err := playStreams(t, http.DefaultClient, hs.URL, r, 1, 60*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if err := <-watching; err != nil {
				t.Fatalf("the spectator: %v", err)
			}
			if len(watched) < 2 {
				t.Fatalf("the spectator saw %d payloads", len(watched))
			}
			raw[norns.Nobody] = watched
			n := checkPayloads(t, srv, r, raw)
			t.Logf("%d payloads checked, %d of them the spectator's", n, len(watched))
		})
	}
	for _, name := range norns.Games() {
		if !slices.Contains([]string{"herrlof", "gnav", "gulveig", "voluspa"}, name) {
			t.Errorf("game %s is registered but TestNoLeak plays no match of it: add a case", name)
		}
	}
}

// A match's watch link follows it and nothing more: each person's page gets the link, the
// spectator's payload is the spectator's view with no legal move and no link, its streams count
// against the client's limit and the match's own, it cannot move (TestMoveRefusals), and it goes
// with the match when the match expires.
func TestWatchLink(t *testing.T) {
	srv, hs := testServer(t, func(o *options) {
		o.watchers = 2
		o.streamsPerClient = 3
	})
	r := create(t, hs.URL, "herrlof", `{"handLimit":1}`, "human", "human")
	watch := watchToken(t, r.Watch)
	if !strings.Contains(r.Watch, r.Match) {
		t.Fatalf("the watch link %q does not name the match %s", r.Watch, r.Match)
	}
	for _, s := range r.Seats {
		if s.Token == watch {
			t.Fatal("the watch token is a seat's")
		}
		if pl := waitState(t, hs.URL, s.Token); pl.Watch != r.Watch || pl.Seat != s.Seat {
			t.Fatalf("seat %d's payload: watch link %q, seat %d; want %q", s.Seat, pl.Watch, pl.Seat, r.Watch)
		}
	}
	pl := waitState(t, hs.URL, watch)
	checkSpectatorPayload(t, "the spectator's state", pl)
	srv.mu.Lock()
	tb := srv.tables[r.Match]
	srv.mu.Unlock()
	tb.mu.Lock()
	want, _ := tb.m.View(norns.Nobody).MarshalJSON()
	seq := tb.seq
	tb.mu.Unlock()
	if pl.Seq == seq && !bytes.Equal(compact(t, pl.View), compact(t, want)) {
		t.Fatalf("the spectator's view:\n%s\nwant\n%s", pl.View, want)
	}
	if res, err := http.Get(hs.URL + "/api/state?token=" + strings.Repeat("0", 32)); err != nil || res.StatusCode != 404 {
		t.Fatalf("a made-up watch token: %v %v, want 404", err, res.Status)
	}

	// streams: two spectators, the match's limit here; a third is refused; the client's limit
	// (3) counts them, so it has room for one seat's stream only
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i := range 2 {
		st, err := openStream(ctx, http.DefaultClient, hs.URL, watch)
		if err != nil {
			t.Fatalf("spectator %d: %v", i, err)
		}
		defer st.close()
	}
	if _, err := openStream(ctx, http.DefaultClient, hs.URL, watch); err == nil || !strings.Contains(err.Error(), "spectators") {
		t.Fatalf("a third spectator: %v, want 503 for the match's limit", err)
	}
	st, err := openStream(ctx, http.DefaultClient, hs.URL, r.Seats[0].Token)
	if err != nil {
		t.Fatalf("a seat's stream beside two spectators: %v", err)
	}
	defer st.close()
	for b := range st.raw {
		if pl := decodePayload(t, b); pl.Watchers == 2 {
			break
		}
	}
	if _, err := openStream(ctx, http.DefaultClient, hs.URL, r.Seats[1].Token); err == nil || !strings.Contains(err.Error(), "your address") {
		t.Fatalf("a fourth stream from one client, two of them spectators': %v, want 503 for the client's limit", err)
	}

	// the record only once over, as for a seat
	res, err := http.Get(hs.URL + "/api/record?token=" + watch)
	if err != nil || res.StatusCode != http.StatusConflict {
		t.Fatalf("the record by the watch link before the end: %v %v, want 409", err, res.Status)
	}
	res.Body.Close()

	// the watch link expires with its match
	srv.sweep(time.Now().Add(srv.opts.maxIdle + time.Minute))
	if res, err := http.Get(hs.URL + "/api/state?token=" + watch); err != nil || res.StatusCode != 404 {
		t.Fatalf("the watch link of an expired match: %v %v, want 404", err, res.Status)
	}
}

// waitState returns the payload of token (a seat's or a watch token).
func waitState(t testing.TB, base, token string) payload {
	t.Helper()
	res, err := http.Get(base + "/api/state?token=" + token)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var pl payload
	if res.StatusCode != 200 {
		t.Fatalf("state: %s", res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(&pl); err != nil {
		t.Fatal(err)
	}
	return pl
}

func TestRecordAfterTheEnd(t *testing.T) {
	srv, hs := testServer(t, nil)
	r := create(t, hs.URL, "gnav", `{"players":2,"lives":1}`, "human", "search")
	if _, _, err := playStreams(t, http.DefaultClient, hs.URL, r, 3, 60*time.Second); err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(hs.URL + "/api/record?token=" + r.Seats[0].Token)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("record: %v %v", err, res.Status)
	}
	rec, err := norns.ReadRecord(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	g, _ := norns.Lookup("gnav")
	last, err := g.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if _, state := snapshot(srv, r.Match); state != last.State() {
		t.Fatal("the record does not replay to the match's last state")
	}
	// a move after the end
	body := mustJSON(moveRequest{Token: r.Seats[0].Token, Seq: len(rec.Moves), Move: "stand"})
	if code, msg := post(t, http.DefaultClient, hs.URL+"/api/move", body, nil); code != 409 || !strings.Contains(msg, "over") {
		t.Fatalf("a move after the end: %d %s", code, msg)
	}
}

func TestLimitsAndExpiry(t *testing.T) {
	srv, hs := testServer(t, func(o *options) {
		o.maxMatches = 2
		o.streamsPerSeat = 1
		o.idle = 50 * time.Millisecond
		o.sweep = 10 * time.Millisecond
	})
	a := create(t, hs.URL, "gnav", `{"players":2}`, "human", "human")
	create(t, hs.URL, "gnav", `{"players":2}`, "human", "random")
	code, msg := post(t, http.DefaultClient, hs.URL+"/api/matches", `{"game":"gnav","config":{"players":2},"seats":["human","human"]}`, nil)
	if code != http.StatusServiceUnavailable {
		t.Fatalf("a third match: %d %s, want 503", code, msg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := openStream(ctx, http.DefaultClient, hs.URL, a.Seats[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := openStream(ctx, http.DefaultClient, hs.URL, a.Seats[0].Token); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("a second stream for one seat: %v, want 503", err)
	}
	// the other match expires; the watched one stays
	var left int
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		srv.mu.Lock()
		left = len(srv.tables)
		watched := srv.tables[a.Match] != nil
		srv.mu.Unlock()
		if !watched {
			t.Fatal("the watched match expired")
		}
		if left == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d matches left, want the watched one only", left)
		}
	}
	time.Sleep(100 * time.Millisecond) // many idle periods
	srv.mu.Lock()
	watched := srv.tables[a.Match] != nil
	srv.mu.Unlock()
	if !watched {
		t.Fatal("the watched match expired")
	}
	st.close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		srv.mu.Lock()
		left = len(srv.tables)
		srv.mu.Unlock()
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the idle match did not expire")
		}
		time.Sleep(10 * time.Millisecond)
	}
	res, _ := http.Get(hs.URL + "/api/state?token=" + a.Seats[0].Token)
	if res.StatusCode != 404 {
		t.Fatalf("state of an expired match: %v, want 404", res.Status)
	}
	res.Body.Close()
}

// Bots think with the server's deadline: search bots, whose budget takes far longer than 5 ms,
// still answer within it (plus scheduling slack), and the match goes on to the end.
func TestBotsKeepTheirDeadline(t *testing.T) {
	srv, hs := testServer(t, func(o *options) { o.think = 5 * time.Millisecond })
	r := create(t, hs.URL, "herrlof", `{"players":3,"handLimit":1}`, "human", "search", "search")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	st, err := openStream(ctx, http.DefaultClient, hs.URL, r.Seats[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	defer st.close()
	rr := rng.New(4)
	var longest time.Duration
	last := time.Now()
	lastSeq, botTurn := -1, false
	for b := range st.raw {
		pl := decodePayload(t, b)
		if pl.Seq != lastSeq {
			if botTurn && time.Since(last) > longest {
				longest = time.Since(last)
			}
			last, lastSeq = time.Now(), pl.Seq
		}
		var v struct {
			ToMove norns.Player `json:"toMove"`
		}
		_ = json.Unmarshal(pl.View, &v)
		botTurn = v.ToMove > 0
		if pl.Over {
			break
		}
		if len(pl.Legal) > 0 {
			body := mustJSON(moveRequest{Token: r.Seats[0].Token, Seq: pl.Seq, Move: pl.Legal[rr.IntN(len(pl.Legal))]})
			if code, msg := post(t, http.DefaultClient, hs.URL+"/api/move", body, nil); code != 200 {
				t.Fatalf("move: %d %s", code, msg)
			}
		}
	}
	if _, state := snapshot(srv, r.Match); !state.(interface{ Over() bool }).Over() {
		t.Fatal("the match did not end")
	}
	if longest > 2*time.Second {
		t.Fatalf("a bot move took %v with a 5ms deadline", longest)
	}
	t.Logf("longest bot move seen by the browser: %v (deadline 5ms)", longest)
}

// botFunc is a TextBot from a function, for tests.
type botFunc func(ctx context.Context, v norns.SeatView) (string, error)

func (f botFunc) Choose(ctx context.Context, v norns.SeatView) (string, error) { return f(ctx, v) }

// A bot that panics or ignores its deadline does not hold up the match: the driver gets an
// error in time (and plays a random move), and does not call a bot still running.
func TestBotMoveSurvivesBadBots(t *testing.T) {
	g, _ := norns.Lookup("gnav")
	m, _ := g.New(nil)
	v := m.View(0)
	var s seat
	if _, err := s.botMove(context.Background(), time.Millisecond, botFunc(func(context.Context, norns.SeatView) (string, error) {
		panic("boom")
	}), v); err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("a panicking bot: %v", err)
	}
	release := make(chan struct{})
	var calls atomic.Int32
	stuck := botFunc(func(context.Context, norns.SeatView) (string, error) {
		calls.Add(1)
		<-release // ignores ctx
		return "stand", nil
	})
	start := time.Now()
	if _, err := s.botMove(context.Background(), time.Millisecond, stuck, v); err == nil {
		t.Fatal("a bot that overran its deadline gave no error")
	}
	if d := time.Since(start); d > botGrace+time.Second {
		t.Fatalf("waited %v for a stuck bot", d)
	}
	if _, err := s.botMove(context.Background(), time.Millisecond, stuck, v); err == nil || calls.Load() != 1 {
		t.Fatalf("a bot still running was asked again (%d calls, %v)", calls.Load(), err)
	}
	close(release)
	<-s.botBusy
	if mv, err := s.botMove(context.Background(), time.Second, stuck, v); err != nil || mv != "stand" || calls.Load() != 2 {
		t.Fatalf("once it returned, the bot is asked again: %q %v (%d calls)", mv, err, calls.Load())
	}
}

// TestProgramBots seats a program that speaks the engine protocol (the sh bot of
// examples/engine), offered with -program: the lobby lists it, a match with it plays to the
// end, and a program that does not exist is refused when the match is created.
func TestProgramBots(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	bot, _ := filepath.Abs("../engine/sh/first_legal.sh")
	_, hs := testServer(t, func(o *options) {
		o.programs = map[string][]string{"shbot": {sh, bot}, "ghost": {"/nonexistent/bot"}}
	})
	res, err := http.Get(hs.URL + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	var games []gameInfo
	json.NewDecoder(res.Body).Decode(&games)
	res.Body.Close()
	if len(games) == 0 || !slices.Contains(games[0].Bots, "shbot") {
		t.Fatalf("the lobby's bots do not list the program: %+v", games)
	}
	r := create(t, hs.URL, "gnav", `{"players":2,"lives":1}`, "human", "shbot")
	if _, _, err := playStreams(t, http.DefaultClient, hs.URL, r, 5, 60*time.Second); err != nil {
		t.Fatal(err)
	}
	code, body := post(t, http.DefaultClient, hs.URL+"/api/matches", map[string]any{"game": "gnav", "config": map[string]int{"players": 2}, "seats": []string{"human", "ghost"}}, nil)
	if code != http.StatusBadGateway || !strings.Contains(body, "did not start") {
		t.Fatalf("a program that does not exist: %d %s", code, body)
	}
}

// A seat may name a level of the game's bots (easy, medium, hard) instead of a bot: the level
// is the seat's kind, played by the level's bot to the end of the match.
func TestLevelSeats(t *testing.T) {
	_, hs := testServer(t, nil)
	r := create(t, hs.URL, "gnav", `{"players":3,"lives":1}`, "human", "easy", "medium")
	if r.Seats[1].Kind != "easy" || r.Seats[2].Kind != "medium" {
		t.Fatalf("seats %+v: want the levels as the bots' kinds", r.Seats)
	}
	if _, _, err := playStreams(t, http.DefaultClient, hs.URL, r, 5, 60*time.Second); err != nil {
		t.Fatal(err)
	}
}
