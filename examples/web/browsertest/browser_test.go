package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nornsgames/norns/rng"
)

// The browser tests drive headless Chromium through the page as a person would: choose the game
// and options in the lobby, start, and click legal moves (cards or buttons) to the end of the
// match, checking at each of its turns that the page shows what the server's state says the
// seat may see. The server is the real web command, built from this checkout and started on a
// loopback port for each test; the server's state is read from its own API (GET /api/state, the
// seat's view, legal moves and result under the match's lock). The tests skip when Chromium is
// not installed, except under CI=true, where they fail: .ci/run installs Debian's chromium
// package.

// chromium returns the path of a Chromium or Chrome binary, skipping the test (or failing it
// under CI=true) when there is none.
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("Chromium is not installed, and CI=true requires the browser tests: apt-get install -y chromium")
	}
	t.Skip("Chromium is not installed (apt-get install -y chromium); skipping the browser tests")
	return ""
}

// newBrowser starts a fresh headless Chromium with its own profile and returns a context for
// its first tab. Cancelling the parent ends the browser.
func newBrowser(t *testing.T, ctx context.Context, path string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox, // the tests run as root in CI containers
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
	})
	if err := chromedp.Do(bctx); err != nil { // starts the browser
		t.Fatalf("starting Chromium: %v", err)
	}
	return bctx
}

// pageState is what the page shows, read from the DOM.
type pageState struct {
	Seq     int      `json:"seq"`
	Legal   []string `json:"legal"`   // the move buttons
	Hand    []string `json:"hand"`    // herrlof: the cards in #hand
	MyCard  string   `json:"myCard"`  // gnav: #my-card
	Cards   []string `json:"cards"`   // every face-up card anywhere on the page
	Over    string   `json:"over"`    // "true" once the page shows the end
	Winners string   `json:"winners"` // the result's winners, "0 2"
	Token   string   `json:"token"`
	Error   string   `json:"error"`
}

const readPage = `(() => {
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  return {
    seq: Number(q('#board')?.dataset.seq ?? -1),
    legal: all('#moves button[data-move]').map((b) => b.dataset.move).concat(all('#board [data-moves], #moves [data-moves]').flatMap((e) => e.dataset.moves.split('|'))),
    hand: all('#hand .card').map((c) => c.dataset.card || ''),
    myCard: q('#my-card')?.dataset.card || '',
    cards: all('[data-card]').map((c) => c.dataset.card),
    over: q('#status')?.dataset.over || '',
    winners: q('#result')?.dataset.winners ?? '',
    token: (/^#t=([0-9a-f]+)$/.exec(location.hash) || [])[1] || '',
    error: (q('#move-error')?.textContent || '') + (q('#fatal')?.hidden === false ? q('#fatal').textContent : ''),
  };
})()`

func page(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	ps, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](readPage))
	if err != nil {
		t.Fatalf("reading the page: %v", err)
	}
	return ps
}

// truth is the server's state for a seat.
type truth struct {
	seq     int
	over    bool
	winners []int
	view    map[string]any // the seat's view, as the game encodes it
	legal   []string
}

// stateReply is the part of the server's payload (GET /api/state) that truth holds.
type stateReply struct {
	Seq     int             `json:"seq"`
	View    json.RawMessage `json:"view"`
	Legal   []string        `json:"legal"`
	Over    bool            `json:"over"`
	Winners []int           `json:"winners"`
}

// serverTruth asks the server for the state of the seat that token names.
func serverTruth(t *testing.T, srv *webServer, token string) truth {
	t.Helper()
	res, err := srv.client.Get(srv.base + "/api/state?token=" + url.QueryEscape(token))
	if err != nil {
		t.Fatalf("asking the server for the state: %v", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("reading the server's state: %v", err)
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("no seat for the page's token %q: %s %s", token, res.Status, body)
	}
	var st stateReply
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatalf("the server's state %s: %v", body, err)
	}
	tr := truth{seq: st.Seq, over: st.Over, winners: st.Winners, legal: st.Legal}
	if tr.legal == nil {
		tr.legal = []string{}
	}
	if err := json.Unmarshal(st.View, &tr.view); err != nil {
		t.Fatalf("the seat's view %s: %v", st.View, err)
	}
	return tr
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// checkShown compares what the page shows with the seat's view on the server.
func checkShown(t *testing.T, game string, ps pageState, tr truth) {
	t.Helper()
	offered, legal := slices.Sorted(slices.Values(ps.Legal)), slices.Sorted(slices.Values(tr.legal))
	if !slices.Equal(offered, legal) {
		t.Fatalf("page offers %v, the server's legal moves are %v", ps.Legal, tr.legal)
	}
	switch game {
	case "herrlof":
		if want := strs(tr.view["hand"]); !slices.Equal(ps.Hand, want) {
			t.Fatalf("page shows the hand %v, the server's view %v", ps.Hand, want)
		}
		// every face-up card on the page is one the seat may see
		visible := strs(tr.view["hand"])
		visible = append(visible, strs(tr.view["played"])...)
		for _, tk := range []string{"trick", "lastTrick"} {
			for _, pl := range tr.view[tk].(map[string]any)["plays"].([]any) {
				visible = append(visible, pl.(map[string]any)["card"].(string))
			}
		}
		for _, s := range tr.view["seats"].([]any) {
			visible = append(visible, strs(s.(map[string]any)["known"])...)
		}
		if tc, _ := tr.view["trumpCard"].(string); tc != "" {
			visible = append(visible, tc)
		}
		for _, c := range ps.Cards {
			if !slices.Contains(visible, c) {
				t.Fatalf("page shows card %s, which the seat's view does not hold (%v)", c, visible)
			}
		}
	case "gnav":
		if want, _ := tr.view["hand"].(string); ps.MyCard != want {
			t.Fatalf("page shows my card %q, the server's view %q", ps.MyCard, want)
		}
	}
}

// voluspaLay reads a Voluspa lay, as the page does.
var voluspaLay = regexp.MustCompile(`^(.+?) (on )?(-?\d+),(-?\d+)$`)

// clickMove plays move on the page as a person would: a Voluspa lay by choosing the tile and then
// the square; a move naming several cards by choosing each in the hand and confirming; one of a
// run of numbered moves (bids) by typing the number and confirming; else the card that plays it,
// or its button.
func clickMove(ctx context.Context, move string) error {
	if m := voluspaLay.FindStringSubmatch(move); m != nil {
		return chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS(fmt.Sprintf(`#hand .card[data-card=%q]`, m[1]))),
			chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`.square[data-move=%q]`, move))),
			chromedp.Click(chromedp.CSS(fmt.Sprintf(`.square[data-move=%q]`, move))))
	}
	control, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
  for (const e of document.querySelectorAll('#moves [data-moves]'))
    if (e.dataset.moves.split('|').includes(%q)) return e.classList.contains('pick') ? 'pick' : 'number';
  return '';
})()`, move)))
	if err != nil {
		return err
	}
	switch control {
	case "pick":
		words := strings.Fields(move)
		var steps []chromedp.Action[chromedp.Void]
		for _, card := range words[1:] {
			steps = append(steps, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#hand .card.pickable:not(.picked)[data-card=%q]`, card))))
		}
		steps = append(steps, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#moves .pick[data-verb=%q] button.confirm:not([disabled])`, words[0]))))
		return chromedp.Do(ctx, steps...)
	case "number":
		k := strings.LastIndexByte(move, ' ')
		prefix, value := move[:k], move[k+1:]
		return chromedp.Do(ctx, typeNumber(prefix, value),
			chromedp.Click(chromedp.CSS(fmt.Sprintf(`#moves .number[data-prefix=%q] button.confirm:not([disabled])`, prefix))))
	}
	sel := fmt.Sprintf(`#hand .card[data-move=%q]`, move)
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf("document.querySelectorAll(%q).length", sel)))
	if err != nil {
		return err
	}
	if n == 0 {
		sel = fmt.Sprintf(`#moves button[data-move=%q]`, move)
	}
	return chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)))
}

// typeNumber types value into the number box of the moves that start with prefix ("bid"), as
// a keyboard does: the box's input event follows.
func typeNumber(prefix, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
  const i = document.querySelector('#moves .number[data-prefix=' + JSON.stringify(%q) + '] input');
  i.value = %q;
  i.dispatchEvent(new Event('input', { bubbles: true }));
})()`, prefix, value))
}

// startFromLobby opens the lobby, chooses game and options, sets the seats and starts.
func startFromLobby(t *testing.T, ctx context.Context, base, game string, options map[string]string, seats []string) {
	t.Helper()
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(base + "/"),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`.game[data-game=%q]`, game))),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`.game[data-game=%q]`, game))),
		chromedp.WaitVisible(chromedp.CSS(`#seat-0`)),
	}
	for name, val := range options {
		actions = append(actions, chromedp.SendKeys(chromedp.CSS("#opt-"+name), val))
	}
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("lobby: %v", err)
	}
	// The seat rows are drawn again when an option changes, and a row drawn again between
	// finding a select and setting it fails with "No node with given id found" (or leaves a
	// seat unset, and the check of the seats times out): the seats are set and the match
	// started again from the rows as they then are.
	var err error
	for try := 0; try < 3; try++ {
		seatActions := []chromedp.Action[chromedp.Void]{chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('#seat-rows select').length === %d && !document.querySelector('#start').disabled`, len(seats)), chromedp.WithPollingTimeout(10*time.Second))}
		for p, kind := range seats {
			seatActions = append(seatActions, chromedp.SetValue(chromedp.CSS(fmt.Sprintf("#seat-%d", p)), kind))
		}
		want, _ := json.Marshal(strings.Join(seats, " "))
		seatActions = append(seatActions,
			chromedp.Poll[chromedp.Void](fmt.Sprintf(`[...document.querySelectorAll('#seat-rows select')].map((s) => s.value).join(' ') === %s`, want), chromedp.WithPollingTimeout(5*time.Second)),
			chromedp.Click(chromedp.CSS("#start")), chromedp.WaitVisible(chromedp.CSS(`#board[data-seq]`)))
		if err = chromedp.Do(ctx, seatActions...); err == nil || !strings.Contains(err.Error(), "No node with given id") && !strings.Contains(err.Error(), "timeout") {
			break
		}
	}
	if err != nil {
		t.Fatalf("lobby: %v", err)
	}
}

// playByClicking plays the browser's seat to the end of the match, clicking a random legal move
// at each of its turns after checking the page against the server. It returns the number of
// moves clicked.
func playByClicking(t *testing.T, ctx context.Context, srv *webServer, game string, r *rng.Rand, maxMoves int) int {
	t.Helper()
	token := page(t, ctx).Token
	clicks := 0
	for {
		tr := serverTruth(t, srv, token)
		if tr.over {
			break
		}
		if len(tr.legal) == 0 { // another seat is to move: a bot, or the other browser
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#board[data-seq="%d"]`, tr.seq)))); err != nil {
			t.Fatalf("page never showed seq %d: %v", tr.seq, err)
		}
		ps := page(t, ctx)
		checkShown(t, game, ps, tr)
		move := tr.legal[r.IntN(len(tr.legal))]
		moved := false
		for try := 0; try < 3 && !moved; try++ {
			if err := clickMove(ctx, move); err != nil {
				t.Fatalf("clicking %q: %v", move, err)
			}
			for wait := time.Now().Add(3 * time.Second); time.Now().Before(wait); time.Sleep(5 * time.Millisecond) {
				if serverTruth(t, srv, token).seq > tr.seq {
					moved = true
					break
				}
			}
		}
		if !moved {
			t.Fatalf("clicking %q at seq %d did not move the match (page error %q)", move, tr.seq, page(t, ctx).Error)
		}
		if clicks++; clicks > maxMoves {
			t.Fatalf("no end after %d clicks", maxMoves)
		}
	}
	tr := serverTruth(t, srv, token)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#result`))); err != nil {
		t.Fatalf("the page shows no result: %v", err)
	}
	ps := page(t, ctx)
	var want []string
	for _, w := range tr.winners {
		want = append(want, fmt.Sprint(w))
	}
	if ps.Winners != strings.Join(want, " ") || ps.Over != "true" {
		t.Fatalf("page shows winners %q (over %q), the server %q", ps.Winners, ps.Over, want)
	}
	// the final standings: a row per seat, with its score, the winners marked and first, each
	// place in words ("winner", then "2nd", "3rd"…)
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#standings tr')].map((r) => r.dataset.seat + ':' + r.classList.contains('winner') + ':' + r.querySelector('.final-score').textContent + ':' + r.querySelector('.place').textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(tr.view["seats"].([]any)) {
		t.Fatalf("the final standings have %d rows: %q", len(rows), rows)
	}
	for i, row := range rows {
		f := strings.SplitN(row, ":", 4)
		won := slices.Contains(want, f[0])
		if f[1] != fmt.Sprint(won) || !regexp.MustCompile(`^-?\d+ \w+$`).MatchString(f[2]) {
			t.Fatalf("final standings row %q: want seat:won:score:place, won %v", row, won)
		}
		if won != (i < len(want)) {
			t.Fatalf("final standings %q: the winners are not first", rows)
		}
		if place := f[3]; won && place != "winner" || !won && !regexp.MustCompile(`^\d+(st|nd|rd|th)$`).MatchString(place) {
			t.Fatalf("final standings row %q: the place is not in words", row)
		}
	}
	return clicks
}

// browserGames are the lobby settings of a short match of each game for the browser tests.
var browserGames = map[string]struct {
	options map[string]string
	seats   []string
}{
	"herrlof": {map[string]string{"handLimit": "1"}, []string{"you", "medium"}},
	"gnav":    {map[string]string{"players": "3", "lives": "2"}, []string{"you", "easy", "medium"}},
	"gulveig": {map[string]string{"handLimit": "1"}, []string{"you", "easy", "medium"}},
	"voluspa": {map[string]string{}, []string{"you", "medium"}},
}

// A person plays a whole match of every registered game against the bots, by clicking.
func TestBrowserPlaysEveryGame(t *testing.T) {
	path := chromium(t)
	t.Parallel()
	srv := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel) // after the parallel subtests
	browser := newBrowser(t, ctx, path)
	for _, game := range srv.games(t) {
		t.Run(game, func(t *testing.T) {
			t.Parallel() // one tab each in one browser
			set, ok := browserGames[game]
			if !ok {
				t.Fatalf("no browser settings for %s: add it to browserGames", game)
			}
			tab, closeTab := chromedp.NewContext(browser)
			defer closeTab()
			startFromLobby(t, tab, srv.base, game, set.options, set.seats)
			n := playByClicking(t, tab, srv, game, rng.New(1), 2000)
			t.Logf("%s: %d moves clicked to the end", game, n)
		})
	}
}

// Two people in two browsers play one match, each in its own seat, and each page shows only its
// own cards.
func TestBrowserTwoPeople(t *testing.T) {
	path := chromium(t)
	t.Parallel()
	srv := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	a := newBrowser(t, ctx, path)
	b := newBrowser(t, ctx, path)
	startFromLobby(t, a, srv.base, "herrlof", map[string]string{"handLimit": "1"}, []string{"you", "human"})
	if err := chromedp.Do(a, chromedp.WaitVisible(chromedp.CSS(`.invite[data-seat="1"]`))); err != nil {
		t.Fatalf("no join link for seat 1: %v", err)
	}
	link, err := chromedp.Run(a, chromedp.Value(chromedp.CSS(`.invite[data-seat="1"]`)))
	if err != nil {
		t.Fatalf("no join link for seat 1: %v", err)
	}
	if err := chromedp.Do(b, chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(`#board[data-seq]`))); err != nil {
		t.Fatalf("joining: %v", err)
	}
	ta, tb := page(t, a).Token, page(t, b).Token
	if ta == "" || tb == "" || ta == tb {
		t.Fatalf("tokens %q and %q: want two different seats", ta, tb)
	}
	r := rng.New(2)
	clicks := map[string]int{}
	for {
		trA, trB := serverTruth(t, srv, ta), serverTruth(t, srv, tb)
		if trA.over {
			break
		}
		var ctx context.Context
		var tr truth
		var tok string
		switch {
		case len(trA.legal) > 0:
			ctx, tr, tok = a, trA, ta
		case len(trB.legal) > 0:
			ctx, tr, tok = b, trB, tb
		default:
			time.Sleep(5 * time.Millisecond)
			continue
		}
		for _, c := range []struct {
			ctx context.Context
			tok string
		}{{a, ta}, {b, tb}} {
			if err := chromedp.Do(c.ctx, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#board[data-seq="%d"]`, tr.seq)))); err != nil {
				t.Fatalf("page never showed seq %d: %v", tr.seq, err)
			}
			checkShown(t, "herrlof", page(t, c.ctx), serverTruth(t, srv, c.tok))
		}
		move := tr.legal[r.IntN(len(tr.legal))]
		if err := clickMove(ctx, move); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for serverTruth(t, srv, tok).seq == tr.seq {
			if time.Now().After(deadline) {
				t.Fatalf("clicking %q at seq %d did not move the match (page error %q)", move, tr.seq, page(t, ctx).Error)
			}
			time.Sleep(5 * time.Millisecond)
		}
		clicks[tok]++
	}
	if clicks[ta] == 0 || clicks[tb] == 0 {
		t.Fatalf("clicks %v: both people should have played", clicks)
	}
	for _, c := range []context.Context{a, b} {
		if err := chromedp.Do(c, chromedp.WaitVisible(chromedp.CSS(`#result`))); err != nil {
			t.Fatalf("no result shown: %v", err)
		}
	}
	t.Logf("two browsers clicked %d and %d moves to the end", clicks[ta], clicks[tb])
}

// The server is killed mid-match (SIGKILL) and started again on the same address and data
// directory: the page notices, reconnects by itself, shows the match where it was, and the
// person plays it to the end by clicking, without reloading.
func TestBrowserSurvivesRestart(t *testing.T) {
	path := chromium(t)
	t.Parallel()
	dir := t.TempDir()
	first := startServerOn(t, "127.0.0.1:0", dir)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	tab := newBrowser(t, ctx, path)
	startFromLobby(t, tab, first.base, "herrlof", map[string]string{"handLimit": "1"}, []string{"you", "medium"})
	token := page(t, tab).Token
	before := serverTruth(t, first, token)
	first.kill()

	second := startServerOn(t, strings.TrimPrefix(first.base, "http://"), dir)
	after := serverTruth(t, second, token)
	if after.seq < before.seq {
		t.Fatalf("the restarted server is at seq %d, before the kill %d", after.seq, before.seq)
	}
	// the page reconnects on its own (EventSource retries, then connect's backoff) and shows
	// the resumed match
	if err := chromedp.Do(tab, chromedp.Poll[chromedp.Void](fmt.Sprintf(`Number(document.querySelector('#board').dataset.seq) >= %d && document.querySelector('#notice').hidden && document.querySelector('#fatal').hidden`, after.seq), chromedp.WithPollingTimeout(40*time.Second))); err != nil {
		t.Fatalf("the page did not reconnect to the restarted server: %v (page %+v)", err, page(t, tab))
	}
	n := playByClicking(t, tab, second, "herrlof", rng.New(3), 2000)
	t.Logf("killed at seq %d, resumed at seq %d; %d moves clicked to the end after the restart", before.seq, after.seq, n)
}
