package browsertest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nornsgames/norns/rng"
)

// layoutSizes are the window sizes every page must fit: a phone held upright and a desktop.
var layoutSizes = []struct {
	name          string
	width, height int64
}{
	{"phone", 390, 844},
	{"desktop", 1280, 800},
}

// overflowCheck lists what does not fit the window's width: the page wider than the window,
// any element reaching past either side unless a scroll box (overflow auto, scroll or hidden)
// holds it, any card whose text spills out of it, and any one-word name on a card broken across
// lines ("Farbaut" over "i").
const overflowCheck = `(() => {
  const W = window.innerWidth;
  const bad = [];
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '') +
    (el.dataset.card ? '[' + el.dataset.card + ']' : '');
  if (document.documentElement.scrollWidth > W) bad.push('the page is ' + document.documentElement.scrollWidth + ' px wide in a ' + W + ' px window');
  const scrolls = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('dialog:not([open]), [hidden]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left >= -0.5 && r.right <= W + 0.5) continue;
    if (!scrolls(el)) bad.push(name(el) + ' spans ' + Math.round(r.left) + ' to ' + Math.round(r.right) + ' px');
  }
  for (const el of document.querySelectorAll('.card')) {
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) bad.push('the text of ' + name(el) + ' spills out of it');
  }
  for (const el of document.querySelectorAll('.card .name')) {
    const text = el.textContent.trim(), lh = parseFloat(getComputedStyle(el).lineHeight);
    if (text && !/\s/.test(text) && lh > 0 && el.getBoundingClientRect().height > 1.5 * lh) bad.push('the name ' + text + ' on ' + name(el.closest('.card')) + ' breaks inside the word');
  }
  return bad.slice(0, 12);
})()`

// checkLayout checks the page at every size of layoutSizes (the tab is left at the last), and
// saves a full-page screenshot of each into shots when it is not "" as NAME-SIZE.png.
func checkLayout(t *testing.T, ctx context.Context, shots, name string) {
	t.Helper()
	for _, sz := range layoutSizes {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(sz.width, sz.height), chromedp.Sleep(50*time.Millisecond)); err != nil {
			t.Fatalf("resizing to %dx%d: %v", sz.width, sz.height, err)
		}
		bad, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](overflowCheck))
		if err != nil {
			t.Fatalf("checking the layout: %v", err)
		}
		if len(bad) > 0 {
			t.Errorf("%s at %dx%d does not fit:\n  %s", name, sz.width, sz.height, strings.Join(bad, "\n  "))
		}
		if shots != "" {
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatalf("screenshot: %v", err)
			}
			if err := os.WriteFile(filepath.Join(shots, fmt.Sprintf("%s-%s.png", name, sz.name)), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// shotsDir returns the directory NORNS_WEB_SHOTS names, made if need be, for the tests to save
// their screenshots in; "" when it is not set.
func shotsDir(t *testing.T) string {
	t.Helper()
	shots := os.Getenv("NORNS_WEB_SHOTS")
	if shots != "" {
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return shots
}

// Every game's page fits a phone (390×844) and a desktop (1280×800) window without cut-offs or
// sideways overflow: the lobby, and each game at its start, after a few moves, deep into the
// match and at its end. With NORNS_WEB_SHOTS=DIR the test also saves a full-page screenshot of
// each into DIR, to look at.
func TestBrowserLayout(t *testing.T) {
	path := chromium(t)
	t.Parallel()
	shots := shotsDir(t)
	srv := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	browser := newBrowser(t, ctx, path)
	for _, game := range srv.games(t) {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			set := browserGames[game]
			tab, closeTab := chromedp.NewContext(browser)
			defer closeTab()
			if err := chromedp.Do(tab, chromedp.Navigate(srv.base+"/"), chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`.game[data-game=%q]`, game))),
				chromedp.Click(chromedp.CSS(fmt.Sprintf(`.game[data-game=%q]`, game))), chromedp.WaitVisible(chromedp.CSS(`#seat-0`))); err != nil {
				t.Fatalf("lobby: %v", err)
			}
			checkLayout(t, tab, shots, game+"-lobby")
			startFromLobby(t, tab, srv.base, game, set.options, set.seats)
			checkAt := map[int]string{0: "start", 3: "early", 12: "middle"}
			playLayout(t, tab, srv, game, rng.New(9), func(clicks int) {
				if label, ok := checkAt[clicks]; ok {
					checkLayout(t, tab, shots, game+"-"+label)
				}
			})
			checkLayout(t, tab, shots, game+"-end")
		})
	}
}

// playLayout plays the page's seat to the end with random legal moves, calling at(n) whenever
// the seat is to move after n of its moves.
func playLayout(t *testing.T, ctx context.Context, srv *webServer, game string, r *rng.Rand, at func(clicks int)) {
	t.Helper()
	token := page(t, ctx).Token
	for clicks := 0; ; {
		tr := serverTruth(t, srv, token)
		if tr.over {
			break
		}
		if len(tr.legal) == 0 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#board[data-seq="%d"]`, tr.seq)))); err != nil {
			t.Fatalf("page never showed seq %d: %v", tr.seq, err)
		}
		at(clicks)
		move := tr.legal[r.IntN(len(tr.legal))]
		if err := clickMove(ctx, move); err != nil {
			t.Fatalf("clicking %q: %v", move, err)
		}
		waitMoved(t, srv, token, tr.seq, move, ctx)
		if clicks++; clicks > 2000 {
			t.Fatal("no end after 2000 clicks")
		}
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#result`))); err != nil {
		t.Fatalf("the page shows no result: %v", err)
	}
}
