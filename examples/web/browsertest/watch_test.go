package browsertest

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nornsgames/norns/rng"
)

// watchLink matches a watch link as the player's page shows it.
var watchLink = regexp.MustCompile(`^http://[^/]+/#m=([0-9a-f]{16})&w=([0-9a-f]{32})$`)

// watchPage is what a spectator's page shows, read from the DOM.
type watchPage struct {
	Status   string   `json:"status"`
	Controls int      `json:"controls"` // move buttons, number boxes, card choices and playable cards or squares
	Prompt   bool     `json:"prompt"`   // whether the move area is shown
	Hand     int      `json:"hand"`     // cards in a hand of the viewer's own
	Log      []string `json:"log"`
	Seq      int      `json:"seq"`
	Watch    bool     `json:"watch"` // whether a watch link is shown
	Drawn    bool     `json:"drawn"` // whether the game's renderer drew the board (not the raw view)
}

const readWatchPage = `(() => {
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  return {
    status: q('#status').textContent,
    controls: all('#moves button, #moves input, .playable, .square.target, .card[role=button]').length,
    prompt: q('#prompt').offsetParent !== null,
    hand: all('#hand .card').length,
    log: all('#log li').map((li) => li.textContent),
    seq: Number(q('#board')?.dataset.seq ?? -1),
    watch: q('#watch').offsetParent !== null, // shown, whatever hides it
    drawn: !!q('#board > *') && !q('#board pre.generic'),
  };
})()`

// checkWatching checks a spectator's page: it says "You are watching", offers no move, shows no
// hand and no watch link, and its log is in the third person (no "you").
func checkWatching(t *testing.T, ctx context.Context, where string) watchPage {
	t.Helper()
	wp, err := chromedp.Run(ctx, chromedp.Evaluate[watchPage](readWatchPage))
	if err != nil {
		t.Fatalf("%s: reading the spectator's page: %v", where, err)
	}
	if !strings.Contains(wp.Status, "You are watching") || wp.Controls != 0 || wp.Prompt || wp.Hand != 0 || wp.Watch || !wp.Drawn {
		t.Fatalf("%s: the spectator's page %+v: want the board drawn, 'You are watching', no move control, no hand, no watch link", where, wp)
	}
	you := regexp.MustCompile(`(?i)\byou(r)?\b`)
	for _, line := range wp.Log {
		if you.MatchString(line) {
			t.Fatalf("%s: the spectator's log says %q: want the third person", where, line)
		}
	}
	return wp
}

// A spectator follows a match of every game through the watch link the player's page shows:
// opened beside the player's page, it shows every move as it is made (the board and the log
// catch up with the server, and its cards are the spectator's view's), offers no move, says
// "You are watching", ends on the final standings, and fits a phone and a desktop window.
func TestBrowserWatch(t *testing.T) {
	path := chromium(t)
	t.Parallel()
	shots := shotsDir(t)
	srv := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	browser := newBrowser(t, ctx, path)
	spectators := newBrowser(t, ctx, path) // a browser of its own: no session storage of the player's
	for _, game := range srv.games(t) {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			set := browserGames[game]
			player, closePlayer := chromedp.NewContext(browser)
			defer closePlayer()
			watcher, closeWatcher := chromedp.NewContext(spectators)
			defer closeWatcher()
			startFromLobby(t, player, srv.base, game, set.options, set.seats)
			if err := chromedp.Do(player, chromedp.WaitVisible(chromedp.CSS(`#watch-link`))); err != nil {
				t.Fatalf("the player's page shows no watch link: %v", err)
			}
			link, err := chromedp.Run(player, chromedp.Value(chromedp.CSS(`#watch-link`)))
			if err != nil {
				t.Fatal(err)
			}
			m := watchLink.FindStringSubmatch(link)
			if m == nil {
				t.Fatalf("the watch link %q is not a link with a match id and a watch token", link)
			}
			if seat := page(t, player).Token; seat == m[2] {
				t.Fatal("the watch link holds the player's seat token")
			}
			watch := m[2]
			if err := chromedp.Do(watcher, chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(`#board[data-seq]`))); err != nil {
				t.Fatalf("opening the watch link: %v", err)
			}
			// the spectator's page catches up with the server at each of the player's turns
			follow := func(where string) {
				tr := serverTruth(t, srv, watch)
				if err := chromedp.Do(watcher, chromedp.Poll[chromedp.Void](fmt.Sprintf(`Number(document.querySelector('#board').dataset.seq) >= %d`, tr.seq), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
					t.Fatalf("%s: the spectator's page never showed seq %d: %v", where, tr.seq, err)
				}
				if len(tr.legal) != 0 {
					t.Fatalf("%s: the server gives the spectator legal moves %v", where, tr.legal)
				}
				wp := checkWatching(t, watcher, where)
				if tr.seq > 0 && len(wp.Log) == 0 {
					t.Fatalf("%s: the spectator's log is empty at seq %d", where, tr.seq)
				}
				if wp.Seq == tr.seq {
					checkShown(t, game, page(t, watcher), tr)
				}
			}
			checkAt := map[int]string{0: "start", 3: "early", 12: "middle"}
			seen := 0
			playLayout(t, player, srv, game, rng.New(11), func(clicks int) {
				follow(fmt.Sprintf("%s after %d clicks", game, clicks))
				seen++
				if label, ok := checkAt[clicks]; ok {
					checkLayout(t, watcher, shots, game+"-watch-"+label)
				}
			})
			if err := chromedp.Do(watcher, chromedp.WaitVisible(chromedp.CSS(`#result #standings`))); err != nil {
				t.Fatalf("the spectator's page shows no final standings: %v", err)
			}
			checkWatching(t, watcher, game+" at the end")
			checkLayout(t, watcher, shots, game+"-watch-end")
			t.Logf("%s: the spectator followed %d of the player's turns to the end", game, seen)
		})
	}
}
