package norns_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	_ "github.com/nornsgames/norns/gnav"
	_ "github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/toy"
	"github.com/nornsgames/norns/rng"
	_ "github.com/nornsgames/norns/voluspa"
)

func lookup(t *testing.T, name string) *norns.Registered {
	t.Helper()
	g, err := norns.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRegistryListsTheGames(t *testing.T) {
	games := norns.Games()
	for _, want := range []string{"gnav", "gulveig", "herrlof", "voluspa"} {
		if !slices.Contains(games, want) {
			t.Errorf("Games() = %v, missing %q", games, want)
		}
	}
	if !slices.IsSorted(games) {
		t.Errorf("Games() = %v, not sorted", games)
	}
	for _, name := range games {
		g := lookup(t, name)
		if g.Name() != name || g.Description() == "" || g.Rules() == "" {
			t.Errorf("%s: name %q, description %q, %d bytes of rules", name, g.Name(), g.Description(), len(g.Rules()))
		}
		if got := g.Bots(); !slices.Equal(got, []string{"random", "heuristic", "search"}) {
			t.Errorf("%s: bots %v, want random, heuristic, search", name, got)
		}
		if len(g.Options()) == 0 || !slices.ContainsFunc(g.Options(), func(o norns.Option) bool { return o.Name == "players" && o.Type == "int" }) {
			t.Errorf("%s: options %v lack players", name, g.Options())
		}
	}
}

func TestRegistryLookupUnknown(t *testing.T) {
	_, err := norns.Lookup("chess")
	if !errors.Is(err, norns.ErrBadConfig) || !strings.Contains(err.Error(), "herrlof") {
		t.Fatalf("Lookup(chess) = %v, want ErrBadConfig listing the games", err)
	}
}

func TestRegistryNewDecodesStrictly(t *testing.T) {
	h := lookup(t, "herrlof")
	for _, tc := range []struct {
		name, config string
		players      int // 0: an error wrapping ErrBadConfig
	}{
		{"empty", "", 2},
		{"object", "{}", 2},
		{"three", `{"players": 3}`, 3},
		{"unknown field", `{"players": 2, "bogus": 1}`, 0},
		{"trailing data", `{} {}`, 0},
		{"not an object", `[2]`, 0},
		{"wrong type", `{"players": "two"}`, 0},
		{"refused by the game", `{"players": 5}`, 0},
		{"malformed", `{"players":`, 0},
		{"differently cased", `{"Players": 2}`, 0},
		{"too long", `{"players": 2` + strings.Repeat(" ", norns.MaxConfigSize) + `}`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := h.New([]byte(tc.config))
			if tc.players == 0 {
				if !errors.Is(err, norns.ErrBadConfig) {
					t.Fatalf("New(%.40q) = %v, want an error wrapping ErrBadConfig", tc.config, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Players() != tc.players {
				t.Fatalf("Players() = %d, want %d", m.Players(), tc.players)
			}
			var cfg struct {
				Players int `json:"players"`
			}
			if err := json.Unmarshal(m.Config(), &cfg); err != nil || cfg.Players != tc.players {
				t.Fatalf("Config() = %s (%v), want the effective players %d", m.Config(), err, tc.players)
			}
		})
	}
}

func TestRegistryConfigFromOptions(t *testing.T) {
	h := lookup(t, "herrlof")
	got, err := h.ConfigFromOptions("players=3", " handLimit = 2 ", "fiveTrickBonus")
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"fiveTrickBonus":true,"handLimit":2,"players":3}`; string(got) != want {
		t.Fatalf("ConfigFromOptions = %s, want %s", got, want)
	}
	if _, err := h.New(got); err == nil {
		t.Fatal("New accepted the five-trick bonus with three players")
	}
	got, _ = h.ConfigFromOptions("fiveTrickBonus=false", "players=2")
	if m, err := h.New(got); err != nil || m.Players() != 2 {
		t.Fatalf("New(%s) = %v", got, err)
	}
	for _, bad := range [][]string{
		{"bogus=1"}, {"players=3", "players=2"}, {"players=three"}, {"players"}, {"fiveTrickBonus=maybe"},
	} {
		if _, err := h.ConfigFromOptions(bad...); !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("ConfigFromOptions(%q) = %v, want ErrBadConfig", bad, err)
		}
	}
	g := lookup(t, "gnav")
	cfg, err := g.ConfigFromOptions("players=5", "lives=1", "dealerGiven", "firstDealer=4")
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.New(cfg)
	if err != nil || m.Players() != 5 || m.ToMove() != norns.Chance {
		t.Fatalf("gnav New(%s) = %v, %v", cfg, m, err)
	}
}

// playRegistered plays a whole match of game through the registry: bot names every seat's bot
// (seeded by seat), chance is drawn from rng.New(seed). It returns the last match and every
// move in notation.
func playRegistered(t *testing.T, g *norns.Registered, config []byte, bot string, seed uint64, each func(before norns.Match, move string, after norns.Match)) (norns.Match, []string) {
	t.Helper()
	m, err := g.New(config)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]norns.TextBot, m.Players())
	for p := range bots {
		if bots[p], err = g.NewBot(bot, seed+uint64(p)); err != nil {
			t.Fatal(err)
		}
	}
	r := rng.New(seed)
	var moves []string
	for !m.Over() {
		var mv string
		if p := m.ToMove(); p == norns.Chance {
			mv = m.SampleChance(r)
		} else if mv, err = bots[p].Choose(context.Background(), m.View(p)); err != nil {
			t.Fatal(err)
		}
		next, err := m.Apply(mv)
		if err != nil {
			t.Fatalf("move %d %q: %v", len(moves), mv, err)
		}
		if each != nil {
			each(m, mv, next)
		}
		moves = append(moves, mv)
		m = next
		if len(moves) > 100000 {
			t.Fatal("no end after 100000 moves")
		}
	}
	return m, moves
}

// smallConfig is a short match of each game, for tests.
func smallConfig(name string) []byte {
	switch name {
	case "herrlof":
		return []byte(`{"handLimit": 1}`)
	case "gnav":
		return []byte(`{"players": 3, "lives": 1}`)
	case "gulveig":
		return []byte(`{"handLimit": 1}`)
	}
	return nil
}

// Every registered game plays to the end through the registry, and its record replays to the
// same state.
func TestRegistryMatchAndRecord(t *testing.T) {
	for _, name := range norns.Games() {
		t.Run(name, func(t *testing.T) {
			g := lookup(t, name)
			last, moves := playRegistered(t, g, smallConfig(name), "heuristic", 7, nil)
			if !last.Over() || last.ToMove() != norns.Nobody {
				t.Fatalf("match not over: %v", last)
			}
			rec, err := g.NewRecord(smallConfig(name), 7, moves)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := rec.Write(&buf); err != nil {
				t.Fatal(err)
			}
			read, err := norns.ReadRecord(&buf)
			if err != nil {
				t.Fatal(err)
			}
			replayed, err := g.Replay(read)
			if err != nil {
				t.Fatal(err)
			}
			if replayed.State() != last.State() {
				t.Fatalf("replayed state differs:\n%v\nwant\n%v", replayed, last)
			}
			if !bytes.Equal(replayed.Config(), last.Config()) {
				t.Fatalf("replayed config %s, want %s", replayed.Config(), last.Config())
			}
			var scores []int
			for p := range norns.Player(last.Players()) {
				scores = append(scores, last.Score(p))
			}
			if !slices.Equal(rec.Scores, scores) || !slices.Equal(rec.Winners, slices.Collect(last.Winners().All())) {
				t.Fatalf("record result %v %v, match %v %v", rec.Scores, rec.Winners, scores, last.Winners())
			}
			rec.Moves = rec.Moves[:len(rec.Moves)-1]
			if _, err := g.Replay(rec); !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("Replay of a cut record = %v, want ErrCorrupt", err)
			}
			if _, err := g.NewRecord(smallConfig(name), 7, []string{"nonsense"}); !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("NewRecord with a bad move = %v, want ErrCorrupt", err)
			}
		})
	}
}

// The registry's match is the typed one: the same seeds give the same moves and the same last
// state through the registry as through norns.Play with the typed bots.
func TestRegistryMatchIsTheTypedMatch(t *testing.T) {
	g := lookup(t, "herrlof")
	last, moves := playRegistered(t, g, smallConfig("herrlof"), "random", 3, nil)
	start, err := herrlof.New(herrlof.Config{HandLimit: 1})
	if err != nil {
		t.Fatal(err)
	}
	bots := []norns.Bot[herrlof.View, herrlof.Move]{herrlof.NewRandomBot(3), herrlof.NewRandomBot(4)}
	typedLast, typedMoves, err := norns.Play(context.Background(), start, bots, rng.New(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range typedMoves {
		want = append(want, m.String())
	}
	if !slices.Equal(moves, want) {
		t.Fatalf("registry moves differ from the typed match's:\n%v\nwant\n%v", moves, want)
	}
	if last.State() != any(typedLast) {
		t.Fatal("registry last state differs from the typed match's")
	}
}

// Bad text, illegal moves and moves after the end get errors wrapping the sentinels, and the
// match is unchanged.
func TestRegistryApplyErrors(t *testing.T) {
	for _, name := range norns.Games() {
		t.Run(name, func(t *testing.T) {
			g := lookup(t, name)
			var seatTurn, over norns.Match
			var someLegal string
			var illegal []string
			last, _ := playRegistered(t, g, smallConfig(name), "random", 11, func(before norns.Match, mv string, after norns.Match) {
				if before.ToMove().IsSeat() {
					if seatTurn == nil {
						seatTurn = before
					}
					someLegal = mv
					for _, l := range before.Legal() {
						if seatTurn != nil && !slices.Contains(seatTurn.Legal(), l) && !slices.Contains(illegal, l) {
							illegal = append(illegal, l)
						}
					}
				}
			})
			over = last
			for _, text := range []string{"", "  ", "xyzzy", strings.Repeat("R", norns.MaxMoveText+1), "\x00\xff"} {
				next, err := seatTurn.Apply(text)
				if !errors.Is(err, norns.ErrBadNotation) || next != seatTurn {
					t.Errorf("Apply(%.20q) = %v, want ErrBadNotation and the match unchanged", text, err)
				}
			}
			if len(illegal) == 0 {
				t.Fatal("found no move legal elsewhere and illegal at the first seat turn")
			}
			before := seatTurn.State()
			for _, text := range illegal {
				next, err := seatTurn.Apply(text)
				if !errors.Is(err, norns.ErrIllegalMove) || next != seatTurn || seatTurn.State() != before {
					t.Errorf("Apply(%q) at the first turn = %v, want ErrIllegalMove and the match unchanged", text, err)
				}
			}
			if _, err := over.Apply(someLegal); !errors.Is(err, norns.ErrGameOver) {
				t.Errorf("Apply after the end = %v, want ErrGameOver", err)
			}
			if _, _, err := over.ApplyEvents(someLegal, 0); !errors.Is(err, norns.ErrGameOver) {
				t.Errorf("ApplyEvents after the end = %v, want ErrGameOver", err)
			}
		})
	}
}

// A seat's view encodes exactly what its View holds: every state the seat cannot tell from the
// true one (View.Sample) gives the same JSON, and the view's legal moves are the match's.
func TestRegistryViewJSONHoldsOnlyTheView(t *testing.T) {
	r := rng.New(99)
	for _, name := range norns.Games() {
		t.Run(name, func(t *testing.T) {
			g := lookup(t, name)
			steps := 0
			playRegistered(t, g, smallConfig(name), "random", 5, func(before norns.Match, _ string, _ norns.Match) {
				steps++
				if steps%3 != 0 {
					return
				}
				for p := range norns.Player(before.Players()) {
					v := before.View(p)
					want, err := json.Marshal(v)
					if err != nil {
						t.Fatal(err)
					}
					var head struct {
						Game string       `json:"game"`
						Seat norns.Player `json:"seat"`
					}
					if err := json.Unmarshal(want, &head); err != nil || head.Game != name || head.Seat != p {
						t.Fatalf("view JSON %.80s: game %q seat %v (%v), want %q %v", want, head.Game, head.Seat, err, name, p)
					}
					for range 2 {
						sample := v.Sample(r)
						got, _ := json.Marshal(sample.View(p))
						if !bytes.Equal(got, want) {
							t.Fatalf("%v: a state the seat cannot tell apart encodes differently:\n%s\nwant\n%s", p, got, want)
						}
					}
					if before.ToMove() == p && !slices.Equal(v.Legal(), before.Legal()) {
						t.Fatalf("%v: view legal %v, match legal %v", p, v.Legal(), before.Legal())
					}
					if before.ToMove() != p && v.Legal() != nil {
						t.Fatalf("%v: legal moves %v out of turn", p, v.Legal())
					}
				}
			})
		})
	}
}

// Events come as text and JSON, per seat and for a spectator (Nobody).
func TestRegistryEvents(t *testing.T) {
	for _, name := range norns.Games() {
		t.Run(name, func(t *testing.T) {
			g := lookup(t, name)
			n := 0
			playRegistered(t, g, smallConfig(name), "random", 2, func(before norns.Match, mv string, after norns.Match) {
				for p := range norns.Player(before.Players() + 1) {
					if int(p) == before.Players() {
						p = norns.Nobody // a spectator sees the public events
					}
					next, evs, err := before.ApplyEvents(mv, p)
					if err != nil || next.State() != after.State() {
						t.Fatalf("ApplyEvents(%q, %v) = %v", mv, p, err)
					}
					for _, e := range evs {
						n++
						if e.Text == "" || !json.Valid(e.Data) {
							t.Fatalf("event %+v: empty text or bad JSON", e)
						}
					}
				}
			})
			if n == 0 {
				t.Fatal("no event in a whole match")
			}
		})
	}
}

func TestRegistryBots(t *testing.T) {
	h, g := lookup(t, "herrlof"), lookup(t, "gnav")
	if _, err := h.NewBot("grandmaster", 1); !errors.Is(err, norns.ErrBadConfig) {
		t.Fatalf("NewBot(grandmaster) = %v, want ErrBadConfig", err)
	}
	b, err := h.NewBot("random", 1)
	if err != nil {
		t.Fatal(err)
	}
	gm, _ := g.New(nil)
	if _, err := b.Choose(context.Background(), gm.View(0)); !errors.Is(err, norns.ErrBadConfig) {
		t.Fatalf("a herrlof bot given a gnav view: %v, want ErrBadConfig", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hm, _ := h.New(nil)
	hm, _ = hm.Apply(hm.SampleChance(rng.New(1)))
	if _, err := b.Choose(ctx, hm.View(hm.ToMove())); !errors.Is(err, context.Canceled) {
		t.Fatalf("Choose with a cancelled context = %v, want context.Canceled", err)
	}
}

type toyConfig struct {
	Players int `json:"players"`
}

func toyGame() norns.Game[toyConfig, toy.State, toy.Move, toy.View, toyEvent] {
	return norns.Game[toyConfig, toy.State, toy.Move, toy.View, toyEvent]{
		New:       func(toyConfig) (toy.State, error) { return toy.New(), nil },
		ParseMove: toy.ParseMove,
		Options:   map[string]string{"players": "always 2"},
	}
}

type toyEvent struct{}

func (toyEvent) String() string { return "" }

func TestRegisterPanicsOnAuthorMistakes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reg   string
		tweak func(*norns.Game[toyConfig, toy.State, toy.Move, toy.View, toyEvent])
	}{
		{"empty name", "", nil},
		{"taken name", "herrlof", nil},
		{"no New", "toy1", func(g *norns.Game[toyConfig, toy.State, toy.Move, toy.View, toyEvent]) { g.New = nil }},
		{"no ParseMove", "toy2", func(g *norns.Game[toyConfig, toy.State, toy.Move, toy.View, toyEvent]) { g.ParseMove = nil }},
		{"undocumented option", "toy3", func(g *norns.Game[toyConfig, toy.State, toy.Move, toy.View, toyEvent]) { g.Options = nil }},
		{"unknown option", "toy4", func(g *norns.Game[toyConfig, toy.State, toy.Move, toy.View, toyEvent]) {
			g.Options = map[string]string{"players": "2", "lives": "3"}
		}},
		{"duplicate bot", "toy5", func(g *norns.Game[toyConfig, toy.State, toy.Move, toy.View, toyEvent]) {
			mk := func(seed uint64) norns.Bot[toy.View, toy.Move] { return norns.NewRandomBot[toy.View](seed) }
			g.Bots = []norns.BotMaker[toy.View, toy.Move]{{Name: "random", New: mk}, {Name: "random", New: mk}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := toyGame()
			if tc.tweak != nil {
				tc.tweak(&g)
			}
			defer func() {
				if recover() == nil {
					t.Fatal("Register did not panic")
				}
				if slices.Contains(norns.Games(), tc.reg) && tc.reg != "herrlof" {
					t.Fatalf("%q registered despite the panic", tc.reg)
				}
			}()
			norns.Register(tc.reg, g)
		})
	}
}

// TestPlayoutIsTheApplyLoop checks that norns.Playout, which steps one State in place, plays
// exactly the loop that defines a random playout written with Apply: the same final state and
// the generator left alike, and it returns the buffer it was given.
func TestPlayoutIsTheApplyLoop(t *testing.T) {
	buf := make([]toy.Move, 0, 8)
	for seed := range uint64(50) {
		r1, r2 := rng.New(seed), rng.New(seed)
		got := toy.New()
		back := norns.Playout(&got, r1, buf)
		want := toy.New()
		for !want.Over() {
			var m toy.Move
			if want.ToMove() == norns.Chance {
				m = want.SampleChance(r2)
			} else {
				legal := want.Legal()
				m = legal[r2.IntN(len(legal))]
			}
			var err error
			if want, err = want.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		if got != want {
			t.Fatalf("seed %d: norns.Playout reached %v, want %v", seed, got, want)
		}
		if r1.Uint64() != r2.Uint64() {
			t.Fatalf("seed %d: norns.Playout left the generator elsewhere than the Apply loop", seed)
		}
		if cap(back) != cap(buf) || len(back) != 0 {
			t.Fatalf("seed %d: norns.Playout returned a buffer of len %d, cap %d, want the one given (0, %d)", seed, len(back), cap(back), cap(buf))
		}
	}
}

// TestRegistryChanceStreamsKeepTheDeals checks every game's chance streams (norns.Game's
// ChanceStream, through Match.ChanceStream) as the arena uses them: each stream drawn from its
// own generator, two different line-ups of bots on one seed see the same stream-0 outcomes (the
// deals) for as long as both matches last, whatever the bots made of the other streams.
func TestRegistryChanceStreamsKeepTheDeals(t *testing.T) {
	for _, name := range norns.Games() {
		t.Run(name, func(t *testing.T) {
			g := lookup(t, name)
			deals := func(bot string, seed uint64) []string {
				m, err := g.New(longConfig(name))
				if err != nil {
					t.Fatal(err)
				}
				bots := make([]norns.TextBot, m.Players())
				for p := range bots {
					if bots[p], err = g.NewBot(bot, seed*21+uint64(p)); err != nil {
						t.Fatal(err)
					}
				}
				var streams [8]*rng.Rand
				var out []string
				for step := 0; !m.Over() && step < 20000; step++ {
					var move string
					if p := m.ToMove(); p == norns.Chance {
						k := m.ChanceStream()
						if k < 0 || k >= len(streams) {
							t.Fatalf("ChanceStream() = %d, want 0 to %d", k, len(streams)-1)
						}
						if streams[k] == nil {
							streams[k] = rng.New(seed ^ uint64(k)*0x9e3779b97f4a7c15)
						}
						move = m.SampleChance(streams[k])
						if k == 0 {
							out = append(out, move)
						}
					} else if move, err = bots[p].Choose(context.Background(), m.View(p)); err != nil {
						t.Fatal(err)
					}
					if m, err = m.Apply(move); err != nil {
						t.Fatal(err)
					}
				}
				return out
			}
			for seed := range uint64(6) {
				a, b := deals("random", seed), deals("heuristic", seed)
				n := min(len(a), len(b))
				if n == 0 {
					t.Fatalf("seed %d: no stream-0 chance outcome", seed)
				}
				if !slices.Equal(a[:n], b[:n]) {
					t.Fatalf("seed %d: the deals differ between line-ups:\nrandom:    %.200q\nheuristic: %.200q", seed, a[:n], b[:n])
				}
			}
		})
	}
}

// TestLookupGame checks that the typed description comes back as registered, and that a wrong
// name or wrong types are errors wrapping ErrBadConfig.
func TestLookupGame(t *testing.T) {
	g, err := norns.LookupGame[herrlof.Config, herrlof.State, herrlof.Move, herrlof.View, herrlof.Event]("herrlof")
	if err != nil {
		t.Fatal(err)
	}
	if g.New == nil || g.ParseMove == nil || len(g.Bots) == 0 {
		t.Fatalf("LookupGame(herrlof) = %+v, incomplete", g)
	}
	if m, err := g.ParseMove("pass"); err == nil && m.String() == "" {
		t.Fatal("ParseMove from the description gives an empty move")
	}
	if _, err := norns.LookupGame[toyConfig, toy.State, toy.Move, toy.View, toyEvent]("herrlof"); !errors.Is(err, norns.ErrBadConfig) {
		t.Fatalf("LookupGame with the wrong types: %v, want ErrBadConfig", err)
	}
	if _, err := norns.LookupGame[herrlof.Config, herrlof.State, herrlof.Move, herrlof.View, herrlof.Event]("nonesuch"); !errors.Is(err, norns.ErrBadConfig) {
		t.Fatalf("LookupGame(nonesuch): %v, want ErrBadConfig", err)
	}
}

// longConfig is a match of several rounds of each game, with every kind of chance node the game
// has (Gulveig's roles bring Idun's Orchard draws), for the chance-stream test.
func longConfig(name string) []byte {
	switch name {
	case "herrlof":
		return []byte(`{"handLimit": 6}`)
	case "gnav":
		return []byte(`{"players": 4, "lives": 2}`)
	case "gulveig":
		return []byte(`{"handLimit": 8, "roles": true}`)
	}
	return nil
}

// TestRegistryLevels checks that every game offers the three levels, weakest first, and that
// NewBot makes a level's bot by the level's name.
func TestRegistryLevels(t *testing.T) {
	for _, name := range norns.Games() {
		g := lookup(t, name)
		ls := g.Levels()
		if len(ls) != 3 || ls[0].Name != "easy" || ls[1].Name != "medium" || ls[2].Name != "hard" {
			t.Errorf("%s: levels %v, want easy, medium, hard", name, ls)
		}
		for _, l := range ls {
			if _, err := g.NewBot(l.Name, 1); err != nil {
				t.Errorf("%s: NewBot(%q): %v", name, l.Name, err)
			}
		}
	}
}

// TestRegistrySpectatorView checks that every game gives a spectator (norns.Nobody) a view
// through the registry, with no legal move and JSON that holds no hand.
func TestRegistrySpectatorView(t *testing.T) {
	for _, name := range norns.Games() {
		m, err := lookup(t, name).New(smallConfig(name))
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(1)
		for m.ToMove() == norns.Chance {
			if m, err = m.Apply(m.SampleChance(r)); err != nil {
				t.Fatal(err)
			}
		}
		v := m.View(norns.Nobody)
		if v.Seat() != norns.Nobody || len(v.Legal()) != 0 || v.ToMove() != m.ToMove() {
			t.Errorf("%s: the spectator's view: seat %v, legal %v, to move %v", name, v.Seat(), v.Legal(), v.ToMove())
		}
		if _, err := json.Marshal(v); err != nil {
			t.Errorf("%s: the spectator's view does not encode: %v", name, err)
		}
	}
}
