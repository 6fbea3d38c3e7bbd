package browsertest

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nornsgames/norns/rng"
)

// choiceState is what the page shows of its move controls, read from the DOM.
type choiceState struct {
	PickMoves  []string `json:"pickMoves"`  // the moves the card choice can make
	Pickable   []string `json:"pickable"`   // the hand's cards that can be chosen now
	Picked     []string `json:"picked"`     // the hand's cards chosen
	Confirm    bool     `json:"confirm"`    // the choice's confirm button is enabled
	BidButtons int      `json:"bidButtons"` // buttons of single bids (there should be none)
	NumMin     string   `json:"numMin"`     // the bid box's limits
	NumMax     string   `json:"numMax"`
	NumConfirm bool     `json:"numConfirm"` // the bid box's confirm button is enabled
}

const readChoice = `(() => {
  const all = (s) => [...document.querySelectorAll(s)];
  const pick = document.querySelector('#moves .pick');
  const num = document.querySelector('#moves .number[data-prefix="bid"]');
  return {
    pickMoves: pick ? pick.dataset.moves.split('|') : [],
    pickable: all('#hand .card.pickable:not(.picked)').map((c) => c.dataset.card),
    picked: all('#hand .card.picked').map((c) => c.dataset.card),
    confirm: !!pick && !pick.querySelector('button.confirm').disabled,
    bidButtons: all('#moves button[data-move^="bid "]').length,
    numMin: num ? num.querySelector('input').min : '',
    numMax: num ? num.querySelector('input').max : '',
    numConfirm: !!num && !num.querySelector('button.confirm').disabled,
  };
})()`

func choice(t *testing.T, ctx context.Context) choiceState {
	t.Helper()
	cs, err := chromedp.Run(ctx, chromedp.Evaluate[choiceState](readChoice))
	if err != nil {
		t.Fatalf("reading the move controls: %v", err)
	}
	return cs
}

// Gulveig's bids are one number box limited to the legal bids, and its aside of three cards is
// built by choosing cards in the hand: every card that can still be part of a legal aside can be
// chosen, none other; the confirm button is enabled only on exactly three; a chosen card can be
// put back; and the cards confirmed are the ones set aside. (The reported bug: one card of the
// hand was clickable, and clicking it set aside three cards, two of them not chosen.)
func TestBrowserCardChoices(t *testing.T) {
	path := chromium(t)
	t.Parallel()
	srv := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	tab := newBrowser(t, ctx, path)
	r := rng.New(5)
	for attempt := 0; attempt < 6; attempt++ {
		startFromLobby(t, tab, srv.base, "gulveig", map[string]string{"handLimit": "2"}, []string{"you", "easy", "easy"})
		if asideByChoosing(t, tab, srv, r) {
			return
		}
	}
	t.Fatal("the person never won an auction in 6 matches: no aside to check")
}

// asideByChoosing plays the page's seat, bidding the most it may, until it sets aside three
// cards by choosing them, checking the controls on the way. It reports false if the match ended
// first.
func asideByChoosing(t *testing.T, ctx context.Context, srv *webServer, r *rng.Rand) bool {
	t.Helper()
	token := page(t, ctx).Token
	checkedBids := false
	for {
		tr := serverTruth(t, srv, token)
		if tr.over {
			return false
		}
		if len(tr.legal) == 0 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#board[data-seq="%d"]`, tr.seq)))); err != nil {
			t.Fatalf("page never showed seq %d: %v", tr.seq, err)
		}
		checkShown(t, "gulveig", page(t, ctx), tr)
		var bids []int
		for _, m := range tr.legal {
			if v, ok := strings.CutPrefix(m, "bid "); ok {
				n, _ := strconv.Atoi(v)
				bids = append(bids, n)
			}
		}
		move := tr.legal[r.IntN(len(tr.legal))]
		switch {
		case tr.view["phase"] == "aside":
			if !checkedBids {
				t.Fatal("the person won the auction without bidding through the bid box")
			}
			checkAside(t, ctx, srv, token, tr)
			return true
		case len(bids) >= 3:
			cs := choice(t, ctx)
			lo, hi := slices.Min(bids), slices.Max(bids)
			if cs.BidButtons != 0 || cs.NumMin != strconv.Itoa(lo) || cs.NumMax != strconv.Itoa(hi) || !cs.NumConfirm {
				t.Fatalf("bids %d to %d: the page shows %d bid buttons and a box from %q to %q (confirm %v); want one box with the legal limits", lo, hi, cs.BidButtons, cs.NumMin, cs.NumMax, cs.NumConfirm)
			}
			if err := chromedp.Do(ctx, typeNumber("bid", strconv.Itoa(lo+5))); err != nil {
				t.Fatal(err)
			}
			if choice(t, ctx).NumConfirm {
				t.Fatalf("the bid box accepts %d, which is not a legal bid", lo+5)
			}
			checkedBids = true
			move = fmt.Sprintf("bid %d", hi)
		case slices.Contains(tr.legal, "look"):
			move = "look"
		}
		if err := clickMove(ctx, move); err != nil {
			t.Fatalf("clicking %q: %v", move, err)
		}
		waitMoved(t, srv, token, tr.seq, move, ctx)
	}
}

// waitMoved waits for the match to pass seq after the page played move.
func waitMoved(t *testing.T, srv *webServer, token string, seq int, move string, ctx context.Context) {
	t.Helper()
	for wait := time.Now().Add(5 * time.Second); time.Now().Before(wait); time.Sleep(5 * time.Millisecond) {
		if serverTruth(t, srv, token).seq > seq {
			return
		}
	}
	t.Fatalf("playing %q at seq %d did not move the match (page error %q)", move, seq, page(t, ctx).Error)
}

func checkAside(t *testing.T, ctx context.Context, srv *webServer, token string, tr truth) {
	t.Helper()
	click := func(card string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#hand .card[data-card=%q]`, card)))); err != nil {
			t.Fatalf("clicking %s: %v", card, err)
		}
	}
	hand := strs(tr.view["hand"])
	inSome := map[string]bool{}
	for _, m := range tr.legal {
		for _, c := range strings.Fields(m)[1:] {
			inSome[c] = true
		}
	}
	cs := choice(t, ctx)
	if !slices.Equal(slices.Sorted(slices.Values(cs.PickMoves)), slices.Sorted(slices.Values(tr.legal))) {
		t.Fatalf("the card choice makes %v, the legal asides are %v", cs.PickMoves, tr.legal)
	}
	var want []string
	for _, c := range hand {
		if inSome[c] {
			want = append(want, c)
		}
	}
	if !slices.Equal(cs.Pickable, want) || cs.Confirm || len(cs.Picked) != 0 {
		t.Fatalf("before a choice: choosable %v (want %v), chosen %v, confirm %v", cs.Pickable, want, cs.Picked, cs.Confirm)
	}
	// choose cards one by one: the confirm waits for three
	chosen := want[:0:0]
	for _, c := range want {
		if len(chosen) == 3 {
			break
		}
		if !slices.Contains(choice(t, ctx).Pickable, c) {
			continue
		}
		click(c)
		chosen = append(chosen, c)
		cs = choice(t, ctx)
		if !slices.Equal(cs.Picked, chosen) {
			t.Fatalf("chose %v, the page shows %v chosen", chosen, cs.Picked)
		}
		if cs.Confirm != (len(chosen) == 3) {
			t.Fatalf("%d cards chosen: confirm enabled %v", len(chosen), cs.Confirm)
		}
	}
	if len(chosen) != 3 {
		t.Fatalf("could choose only %v", chosen)
	}
	if len(cs.Pickable) != 0 {
		t.Fatalf("three cards chosen, and the page still offers %v: no aside has four", cs.Pickable)
	}
	// put the last one back, and choose it again
	click(chosen[2])
	if cs = choice(t, ctx); cs.Confirm || len(cs.Picked) != 2 || !slices.Contains(cs.Pickable, chosen[2]) {
		t.Fatalf("after putting %s back: chosen %v, confirm %v, choosable %v", chosen[2], cs.Picked, cs.Confirm, cs.Pickable)
	}
	click(chosen[2])
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#moves .pick button.confirm:not([disabled])`))); err != nil {
		t.Fatalf("confirming: %v", err)
	}
	waitMoved(t, srv, token, tr.seq, "aside", ctx)
	after := serverTruth(t, srv, token)
	if got := strs(after.view["aside"]); !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(chosen))) {
		t.Fatalf("chose %v, the server set aside %v", chosen, got)
	}
}
