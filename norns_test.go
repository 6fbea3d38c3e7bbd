package norns_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/toy"
	"github.com/nornsgames/norns/rng"
)

func TestPlayerString(t *testing.T) {
	for p, want := range map[norns.Player]string{0: "seat 0", 3: "seat 3", norns.Chance: "chance", norns.Nobody: "nobody", -7: "Player(-7)"} {
		if got := p.String(); got != want {
			t.Errorf("Player(%d).String() = %q, want %q", int(p), got, want)
		}
	}
	if norns.Chance.IsSeat() || norns.Nobody.IsSeat() || !norns.Player(0).IsSeat() {
		t.Error("IsSeat wrong")
	}
}

func TestSeats(t *testing.T) {
	s := norns.SeatsOf(0, 2, 19)
	if !s.Has(2) || s.Has(1) || s.Has(norns.Chance) || s.Len() != 3 || s.IsEmpty() {
		t.Errorf("SeatsOf(0, 2, 19) = %v", s)
	}
	if got := slices.Collect(s.Without(2).All()); !slices.Equal(got, []norns.Player{0, 19}) {
		t.Errorf("All = %v", got)
	}
	if s.String() != "{0 2 19}" {
		t.Errorf("String = %q", s.String())
	}
	defer func() {
		if recover() == nil {
			t.Error("With(Chance) did not panic")
		}
	}()
	s.With(norns.Chance)
}

func TestMoveError(t *testing.T) {
	err := error(&norns.MoveError{Game: "herrlof", Seat: 1, Move: "G9", Reason: "must follow red: you hold R7", Err: norns.ErrIllegalMove})
	if !errors.Is(err, norns.ErrIllegalMove) || errors.Is(err, norns.ErrGameOver) {
		t.Error("MoveError does not unwrap to its sentinel alone")
	}
	if want := "herrlof: seat 1 cannot play G9: must follow red: you hold R7"; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	me, ok := errors.AsType[*norns.MoveError](err)
	if !ok || me.Move != "G9" {
		t.Errorf("AsType = %v, %v", me, ok)
	}
}

func toyBots(seed uint64) []norns.Bot[toy.View, toy.Move] {
	return []norns.Bot[toy.View, toy.Move]{
		norns.NewRandomBot[toy.View, toy.Move](seed),
		norns.NewRandomBot[toy.View, toy.Move](seed + 1),
	}
}

func TestPlayIsReproducible(t *testing.T) {
	for seed := range uint64(20) {
		var observed []toy.Move
		last, moves, err := norns.Play(context.Background(), toy.New(), toyBots(seed), rng.New(seed), func(before toy.State, m toy.Move, after toy.State) {
			if next, err := before.Apply(m); err != nil || next != after {
				t.Errorf("observe: after is not before.Apply(m)")
			}
			observed = append(observed, m)
		})
		if err != nil || !last.Over() {
			t.Fatalf("Play: %v, over %v", err, last.Over())
		}
		if diff := cmp.Diff(observed, moves, cmp.Comparer(func(a, b toy.Move) bool { return a == b })); diff != "" {
			t.Errorf("observed moves differ from returned (-observed +returned):\n%s", diff)
		}
		again, moves2, _ := norns.Play(context.Background(), toy.New(), toyBots(seed), rng.New(seed), nil)
		if again != last || !slices.Equal(moves, moves2) {
			t.Errorf("seed %d: two plays differ", seed)
		}
	}
}

func TestPlayErrors(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := norns.Play(ctx, toy.New(), toyBots(1), rng.New(1), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Play: %v", err)
	}
	if _, _, err := norns.Play(context.Background(), toy.New(), toyBots(1)[:1], rng.New(1), nil); err == nil {
		t.Error("Play with one bot for two seats: no error")
	}
	cheat := norns.BotFunc[toy.View, toy.Move](func(context.Context, toy.View) (toy.Move, error) {
		return toy.Deal([6]uint8{0, 1, 2, 3, 4, 5}), nil
	})
	_, moves, err := norns.Play(context.Background(), toy.New(), []norns.Bot[toy.View, toy.Move]{cheat, cheat}, rng.New(1), nil)
	if !errors.Is(err, norns.ErrIllegalMove) || !strings.Contains(err.Error(), "seat 0") || len(moves) != 1 {
		t.Errorf("illegal bot move: err %v after %d moves", err, len(moves))
	}
}

func TestPlayoutEndsAndDoesNotAllocate(t *testing.T) {
	r := rng.New(5)
	buf := make([]toy.Move, 0, 8)
	var last toy.State
	n := testing.AllocsPerRun(100, func() { last = toy.New(); buf = norns.Playout(&last, r, buf) })
	if !last.Over() {
		t.Error("Playout did not finish the match")
	}
	if n != 0 {
		t.Errorf("Playout allocates %v times", n)
	}
}

func playRecord(t testing.TB, seed uint64) (norns.Record, toy.State, []toy.Move) {
	t.Helper()
	last, moves, err := norns.Play(context.Background(), toy.New(), toyBots(seed), rng.New(seed), nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := norns.NewRecord("toy", map[string]int{}, seed, moves, last)
	if err != nil {
		t.Fatal(err)
	}
	return rec, last, moves
}

func TestRecordRoundTrip(t *testing.T) {
	rec, last, moves := playRecord(t, 9)
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	read, err := norns.ReadRecord(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(rec, read); diff != "" {
		t.Errorf("record round trip (-want +got):\n%s", diff)
	}
	got, err := norns.Replay(toy.New(), read, toy.ParseMove)
	if err != nil || got != last {
		t.Errorf("Replay = %v, %v", got, err)
	}
	seatMoves, err := norns.SeatMoves(toy.New(), moves)
	if err != nil || len(seatMoves) != 2 {
		t.Fatalf("SeatMoves = %v, %v", seatMoves, err)
	}
	got, err = norns.ReplayFromSeed(toy.New(), 9, seatMoves, toy.ParseMove)
	if err != nil || got != last {
		t.Errorf("ReplayFromSeed = %v, %v", got, err)
	}
}

func TestRecordRejectsTampering(t *testing.T) {
	rec, _, _ := playRecord(t, 3)
	for name, tamper := range map[string]func(*norns.Record){
		"bad move":     func(r *norns.Record) { r.Moves[1] = "fly" },
		"illegal move": func(r *norns.Record) { r.Moves[1] = r.Moves[0] },
		"extra move":   func(r *norns.Record) { r.Moves = append(r.Moves, "keep") },
		"missing move": func(r *norns.Record) { r.Moves = r.Moves[:2] },
		"wrong winner": func(r *norns.Record) { r.Winners = []norns.Player{1 - r.Winners[0]} },
		"wrong score":  func(r *norns.Record) { r.Scores[0] += 5 },
		"not over":     func(r *norns.Record) { r.Over = false },
	} {
		r := rec
		r.Moves = slices.Clone(rec.Moves)
		r.Scores = slices.Clone(rec.Scores)
		r.Winners = slices.Clone(rec.Winners)
		tamper(&r)
		if _, err := norns.Replay(toy.New(), r, toy.ParseMove); !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("%s: Replay error %v, want ErrCorrupt", name, err)
		}
	}
	if _, err := norns.ReplayFromSeed(toy.New(), 3, []string{"keep", "keep", "keep"}, toy.ParseMove); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("ReplayFromSeed with a move too many: %v", err)
	}
	for _, text := range []string{"", "{", `{"game":"toy"}`, `{"game":"toy","config":{},"moves":[],"over":false,"extra":1}`, `{"game":"toy","config":{},"moves":[]} {}`, `{"game":"toy","config":{},"moves":[]}}`} {
		if _, err := norns.ReadRecord(strings.NewReader(text)); !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("ReadRecord(%q): %v, want ErrCorrupt", text, err)
		}
	}
}

func TestRandomBotHonoursContext(t *testing.T) {
	s, _ := toy.New().Apply(toy.Deal([6]uint8{0, 1, 2, 3, 4, 5}))
	b := norns.NewRandomBot[toy.View, toy.Move](1)
	ctx, cancel := context.WithCancel(context.Background())
	if m, err := b.Choose(ctx, s.View(0)); err != nil || (m != toy.Keep && m != toy.Draw) {
		t.Errorf("Choose = %v, %v", m, err)
	}
	cancel()
	if _, err := b.Choose(ctx, s.View(0)); !errors.Is(err, context.Canceled) {
		t.Errorf("Choose after cancel: %v", err)
	}
	if _, err := b.Choose(context.Background(), s.View(1)); err == nil {
		t.Error("Choose for a seat with no legal move: no error")
	}
}

// TestClip checks that Clip keeps short input whole, cuts long input at a character boundary
// within MaxQuote bytes, and always returns valid UTF-8.
func TestClip(t *testing.T) {
	long := strings.Repeat("a", norns.MaxQuote+5)
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"R7", "R7"},
		{long[:norns.MaxQuote], long[:norns.MaxQuote]},
		{long, long[:norns.MaxQuote] + "…"},
		{strings.Repeat("a", norns.MaxQuote-1) + "ø tail", strings.Repeat("a", norns.MaxQuote-1) + "…"},
		{strings.Repeat("\xff", 40), "…"},
	} {
		got := norns.Clip(tc.in)
		if got != tc.want {
			t.Errorf("Clip(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("Clip(%q) = %q is not valid UTF-8", tc.in, got)
		}
	}
}

// TestPrintable checks that Printable escapes what could drive a terminal or reorder a line and
// keeps everything else, and that IsPrintable agrees with it.
func TestPrintable(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"Ada Lovelace", "Ada Lovelace"},
		{"Åsa Ødegård — ᚠᚢᚦ 🂡", "Åsa Ødegård — ᚠᚢᚦ 🂡"},
		{"a\x1b[2Jb", `a\x1b[2Jb`},
		{"line\nfake: line", `line\nfake: line`},
		{"tab\there", `tab\there`},
		{"x\u202eevil", `x\u202eevil`},
		{"x\u2066y\u2069", `x\u2066y\u2069`},
		{"sep\u2028", `sep\u2028`},
		{"bad\xffutf8", `bad\xffutf8`},
		{"\u0085next", `\u0085next`},
	} {
		got := norns.Printable(tc.in)
		if got != tc.want {
			t.Errorf("Printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if norns.IsPrintable(tc.in) != (got == tc.in) {
			t.Errorf("IsPrintable(%q) = %v, but Printable gives %q", tc.in, norns.IsPrintable(tc.in), got)
		}
		if !norns.IsPrintable(got) {
			t.Errorf("Printable(%q) = %q is not printable itself", tc.in, got)
		}
	}
}

// TestSeatsShare checks the win share: 1/k for each of k winners, 0 for the others.
func TestSeatsShare(t *testing.T) {
	w := norns.SeatsOf(0, 2)
	if w.Share(2) != 0.5 || w.Share(1) != 0 || norns.SeatsOf(1).Share(1) != 1 || norns.Seats(0).Share(0) != 0 || w.Share(norns.Nobody) != 0 {
		t.Error("Share wrong")
	}
}

// TestSeatsVerdict checks the words every game's last event uses for its winners.
func TestSeatsVerdict(t *testing.T) {
	for s, want := range map[norns.Seats]string{
		0:                      "nobody wins",
		norns.SeatsOf(1):       "seat 1 wins",
		norns.SeatsOf(0, 2):    "seat 0 and seat 2 share the win",
		norns.SeatsOf(0, 1, 3): "seat 0, seat 1 and seat 3 share the win",
	} {
		if got := s.Verdict(); got != want {
			t.Errorf("%v.Verdict() = %q, want %q", s, got, want)
		}
	}
}
