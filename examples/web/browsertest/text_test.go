package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The log speaks to the person: the page's youText rewrites the games' own sentences (written
// about seats in the third person) for the seat that reads them, with the verbs, the pronouns
// and the possessives agreeing, and words writes terse card codes as the cards' names. The
// sentences are the games' own, taken from their events.
func TestBrowserYouText(t *testing.T) {
	path := chromium(t)
	t.Parallel()
	srv := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	tab := newBrowser(t, ctx, path)
	if err := chromedp.Do(tab, chromedp.Navigate(srv.base+"/"), chromedp.WaitVisible(chromedp.CSS(`.game`))); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text string
		me   int
		want string
	}{
		{"seat 0 plays for 210", 0, "You play for 210"},
		{"seat 1 gives Y3 to seat 0", 0, "Seat 1 gives Y3 to you"},
		{"seat 0's bid stands", 0, "Your bid stands"},
		{"seat 0 passes", 0, "You pass"},
		{"seat 0 has the lead", 0, "You have the lead"},
		{"seat 1 passes", 0, "Seat 1 passes"},
		{"seat 0 takes the treasure and passes", 0, "You take the treasure and pass"},
		// a list of verbs after the person's name (Herrlof's scoring)
		{"hand 1 is scored: seat 0 bid 7, won 8, scores 8; seat 1 bid 0, won 6, scores 6", 0,
			"Hand 1 is scored: you bid 7, won 8, score 8; seat 1 bid 0, won 6, scores 6"},
		{"hand 1 is scored: seat 0 bid 7, won 8, scores 8; seat 1 bid 0, won 6, scores 6", 1,
			"Hand 1 is scored: seat 0 bid 7, won 8, scores 8; you bid 0, won 6, score 6"},
		// the person's own pronouns (Gnav's knock and draw) and a deal to everyone
		{"seat 0 knocks: a Narr was dealt to them", 0, "You knock: a Narr was dealt to you"},
		{"seat 2 knocks: a Narr was dealt to them", 0, "Seat 2 knocks: a Narr was dealt to them"},
		{"seat 1 draws a card from the stock; their old card leaves play", 1, "You draw a card from the stock; your old card leaves play"},
		{"seat 0 deals to seat 0, seat 1, seat 2; you hold Katt", 0, "You deal to yourself, seat 1, seat 2; you hold Katt"},
		{"seat 1 deals to seat 0, seat 1, seat 2; you hold II", 0, "Seat 1 deals to you, seat 1, seat 2; you hold II"},
		// seat 1 is not seat 10
		{"seat 10 plays G9", 1, "Seat 10 plays G9"},
	} {
		arg, _ := json.Marshal(tc.text)
		got, err := chromedp.Run(tab, chromedp.Evaluate[string](fmt.Sprintf("youText(%s, %d)", arg, tc.me)))
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("youText(%q, %d) = %q, want %q", tc.text, tc.me, got, tc.want)
		}
	}
	// Herrlof's card codes in words, in its moves and its log; other games as they are
	for _, tc := range []struct{ game, text, want string }{
		{"herrlof", "return R4", "return red 4"},
		{"herrlof", "You win the trick with Y5", "You win the trick with yellow 5"},
		{"herrlof", "Hand 3 is dealt; the trump card is V (no trump suit); you lead", "Hand 3 is dealt; the trump card is Valknut (no trump suit); you lead"},
		{"herrlof", "Seat 1 gives H to you", "Seat 1 gives Hagalaz to you"},
		{"herrlof", "steal 2", "steal 2"},
		{"gulveig", "You play Thor", "You play Thor"},
		{"voluspa", "You lay Valkyrie at 0,1", "You lay Valkyrie at 0,1"},
	} {
		game, _ := json.Marshal(tc.game)
		arg, _ := json.Marshal(tc.text)
		got, err := chromedp.Run(tab, chromedp.Evaluate[string](fmt.Sprintf("words(%s, %s)", game, arg)))
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("words(%s, %q) = %q, want %q", tc.game, tc.text, got, tc.want)
		}
	}
}
