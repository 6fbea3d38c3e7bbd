package gametest

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
	"pgregory.net/rapid"
)

// Run runs the whole conformance suite on g: for every start, Seeds random matches checked at
// every step, the match-record round trip, the allocation checks and the rapid state machine.
func Run[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], P norns.Stepper[S, M]](t *testing.T, g Game[S, M, V]) {
	t.Helper()
	if len(g.Starts) == 0 || g.New == nil || g.ParseMove == nil || g.Candidates == nil || g.Twin == nil || g.Name == "" {
		t.Fatal("gametest: Game needs Name, Starts, New, ParseMove, Candidates and Twin")
	}
	if err := requireHooks(g); err != nil {
		t.Fatal(err)
	}
	seeds := g.Seeds
	if seeds == 0 {
		seeds = 20
	}
	if testing.Short() {
		seeds = max(2, seeds/5)
	}
	for _, st := range g.Starts {
		t.Run(st.Name, func(t *testing.T) {
			t.Run("Matches", func(t *testing.T) {
				var ran reach
				for seed := range uint64(seeds) {
					c := checker[S, M, V]{t: t, g: g, r: rng.New(seed ^ 0x5eed), ran: &ran}
					c.match(st, seed+1)
					if t.Failed() {
						return
					}
				}
				if ran.twins == 0 {
					t.Fatalf("Twin never returned a state that differs from the one it was given, in %d matches: the view-leak check never ran", seeds)
				}
				if ran.bots == 0 {
					t.Fatalf("no position of %d matches had a twin for the seat to act: the bots-see-only-views check never ran", seeds)
				}
				if ran.refusals == 0 {
					t.Fatalf("Candidates never offered a move that is not legal, in %d matches: the refusal checks never ran", seeds)
				}
			})
			t.Run("NoAllocs", func(t *testing.T) {
				if raceEnabled {
					t.Skip("allocation counts are not meaningful under the race detector")
				}
				c := checker[S, M, V]{t: t, g: g, r: rng.New(7)}
				c.noAllocs(st.State)
			})
			t.Run("Playout", func(t *testing.T) {
				for seed := range uint64(seeds) {
					playout[S, M, V, P](t, st.State, seed)
				}
			})
			t.Run("StateMachine", func(t *testing.T) {
				rapid.Check(t, func(rt *rapid.T) { stateMachine(rt, g, st.State) })
			})
			t.Run("Sentinels", func(t *testing.T) {
				c := checker[S, M, V]{t: t, g: g, r: rng.New(3)}
				c.sentinelJSON(st.State)
				c.sentinelText(st.State, st.State.Legal(), true)
			})
			t.Run("Tamper", func(t *testing.T) {
				rapid.Check(t, func(rt *rapid.T) { tamperProperty(rt, g, st.State) })
			})
			t.Run("Closure", func(t *testing.T) {
				// From the start and from a state halfway through a random match.
				c := checker[S, M, V]{t: t, g: g, r: rng.New(11)}
				fields := closureFields
				if testing.Short() {
					fields = 2
				}
				c.closure(st.State, fields)
				c.closure(halfway(st.State, rng.New(12)), fields)
			})
		})
	}
}

// playout plays from start, and from every tenth state of a random match from it, with
// norns.Playout (which steps one State in place) and with applyLoop, the loop that defines a
// random playout written with Apply, and checks that both reach the same state and leave their
// generators alike.
func playout[S norns.State[S, M, V], M norns.Move, V norns.View[S, M], P norns.Stepper[S, M]](t *testing.T, start S, seed uint64) {
	t.Helper()
	walk := rng.New(seed ^ 0x9a1c)
	var buf []M
	s := start
	for step := 0; ; step++ {
		if step%10 == 0 {
			r1, r2 := rng.New(seed+uint64(step)), rng.New(seed+uint64(step))
			got := s
			buf = norns.Playout[S, M, V, P](&got, r1, buf)
			want := applyLoop(s, r2)
			if got != want {
				t.Fatalf("norns.Playout from\n%v\nreached\n%v\nwant\n%v", s, got, want)
			}
			if a, b := r1.Uint64(), r2.Uint64(); a != b {
				t.Fatalf("norns.Playout from\n%v\nleft its generator at %#x, want %#x", s, a, b)
			}
		}
		if s.Over() {
			return
		}
		var m M
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(walk)
		} else {
			buf = s.AppendLegal(buf[:0])
			m = buf[walk.IntN(len(buf))]
		}
		var err error
		if s, err = s.Apply(m); err != nil {
			t.Fatalf("legal move %v refused: %v", m, err)
		}
	}
}

// tb is the part of testing.TB and *rapid.T the checks use.
type tb interface {
	Helper()
	Fatalf(format string, args ...any)
	Failed() bool
}

// checker holds what the per-step checks share.
type checker[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]] struct {
	t   tb
	g   Game[S, M, V]
	r   *rng.Rand // for samples, twins and move choice; chance uses its own stream
	buf []M
	ran *reach // counts what the checks reached, when not nil
}

// reach counts how often the checks that depend on the game's test hooks had something to
// check, so that a hook that never gives them anything (a Twin that never varies a state,
// Candidates that are always legal) fails the suite instead of making those checks pass unrun.
type reach struct {
	twins    int // twins that differ from their state
	refusals int // candidate moves not in Legal, tried
	bots     int // positions at which the bots chose from a view and its twin's
}

func (c *checker[S, M, V]) fatalf(s S, format string, args ...any) {
	c.t.Helper()
	c.t.Fatalf("%s\nin state:\n%v", fmt.Sprintf(format, args...), s)
}

// match plays one random match from st, drawing chance from rng.New(seed) exactly as norns.Play
// does, checks every step, then checks determinism and the match record.
func (c *checker[S, M, V]) match(st Start[S], seed uint64) {
	c.t.Helper()
	maxSteps := c.g.MaxSteps
	if maxSteps == 0 {
		maxSteps = 100000
	}
	chance := rng.New(seed)
	s := st.State
	var moves []M
	for step := 0; ; step++ {
		if step == maxSteps {
			c.fatalf(s, "match with seed %d not over after %d moves", seed, maxSteps)
		}
		c.step(s)
		c.twins(s)
		c.tamper(s)
		c.bots(s)
		if c.t.Failed() || s.Over() {
			break
		}
		var m M
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(chance)
		} else {
			c.buf = s.AppendLegal(c.buf[:0])
			c.sentinelText(s, c.buf, step == 0)
			m = c.buf[c.r.IntN(len(c.buf))]
		}
		c.spectator(s, m)
		next, err := s.Apply(m)
		if err != nil {
			c.fatalf(s, "legal move %v refused: %v", m, err)
		}
		moves = append(moves, m)
		s = next
	}
	if c.t.Failed() {
		return
	}
	c.replay(st, seed, moves, s)
}

// twins asks for a twin of s for a few seats (all of them at small tables) and checks that each
// shows its seat the same view as s, and keeps the game's invariants.
func (c *checker[S, M, V]) twins(s S) {
	n := s.Players()
	first := c.r.IntN(n)
	for k := range min(n, 4) {
		p := norns.Player((first + k) % n)
		tw, ok := c.g.Twin(s, p, c.r)
		if !ok {
			continue
		}
		if c.ran != nil && tw != s {
			c.ran.twins++
		}
		if tw.View(p) != s.View(p) {
			c.fatalf(s, "view leaks: a twin differing only in what %v cannot see gives a different view.\ntwin:\n%v", p, tw)
		}
		if c.g.Invariant != nil {
			if err := c.g.Invariant(tw); err != nil {
				c.fatalf(tw, "Twin built a state that breaks the invariant: %v", err)
			}
		}
		c.conserved(tw, "a twin")
	}
}

// step checks every property of one state.
func (c *checker[S, M, V]) step(s S) {
	c.t.Helper()
	text := s.String()
	if c.g.Invariant != nil {
		if err := c.g.Invariant(s); err != nil {
			c.fatalf(s, "invariant broken: %v", err)
		}
	}
	c.conserved(s, "a state of the match")
	if text == "" {
		c.fatalf(s, "String() is empty")
	}
	over, who := s.Over(), s.ToMove()
	if over != (who == norns.Nobody) {
		c.fatalf(s, "Over() = %v but ToMove() = %v", over, who)
	}
	if !over && !s.Winners().IsEmpty() {
		c.fatalf(s, "Winners() = %v before the end", s.Winners())
	}
	legal := s.Legal()
	c.buf = s.AppendLegal(c.buf[:0])
	if !slices.Equal(legal, c.buf) {
		c.fatalf(s, "Legal() = %v but AppendLegal = %v", legal, c.buf)
	}
	var sentinel M
	if got := s.AppendLegal([]M{sentinel}); len(got) != len(legal)+1 || got[0] != sentinel {
		c.fatalf(s, "AppendLegal does not keep what dst held")
	}
	if !over && who != norns.Chance && len(legal) == 0 {
		c.fatalf(s, "no legal move for %v in a state that is not over", who)
	}
	if over && len(legal) != 0 {
		c.fatalf(s, "legal moves %v after the end", legal)
	}
	for i, m := range legal {
		if slices.Contains(legal[:i], m) {
			c.fatalf(s, "Legal lists %v twice", m)
		}
		next, err := s.Apply(m)
		if i == 0 {
			c.untouched(s, text, "Apply", m)
		}
		if err != nil {
			c.fatalf(s, "legal move %v refused: %v", m, err)
		}
		c.stepLikeApply(s, m, next, nil)
		if i == 0 {
			c.untouched(s, text, "Step on a copy of the state", m)
		}
		c.roundTripMove(s, m)
	}
	if who == norns.Chance {
		m := s.SampleChance(c.r)
		_, err := s.Apply(m)
		c.untouched(s, text, "Apply", m)
		if err != nil {
			c.fatalf(s, "SampleChance outcome %v refused: %v", m, err)
		}
		if len(legal) > 0 && !slices.Contains(legal, m) {
			c.fatalf(s, "SampleChance outcome %v is not among Legal %v", m, legal)
		}
		c.roundTripMove(s, m)
	}
	first := true
	for _, m := range c.g.Candidates(s) {
		if slices.Contains(legal, m) {
			continue
		}
		if who == norns.Chance && len(legal) == 0 {
			continue // outcomes cannot be listed, so a candidate may be a real outcome
		}
		_, err := s.Apply(m)
		if c.ran != nil {
			c.ran.refusals++
		}
		if first {
			c.untouched(s, text, "Apply", m)
		}
		c.stepLikeApply(s, m, s, err)
		if first {
			c.untouched(s, text, "Step on a copy of the state", m)
		}
		first = false
		want := norns.ErrIllegalMove
		if over {
			want = norns.ErrGameOver
		}
		if !errors.Is(err, want) {
			c.fatalf(s, "move %v not in Legal: Apply error = %v, want one wrapping %v", m, err, want)
		}
		if _, ok := errors.AsType[*norns.MoveError](err); !ok {
			c.fatalf(s, "move %v: error %v is not a *norns.MoveError", m, err)
		}
	}
	c.roundTripState(s)
	c.views(s, legal)
	c.spectatorView(s)
	c.untouched(s, text, "a method the checks called", nil)
}

// untouched fails if s no longer shows text, the String it showed before call was made: a
// method given the move m, or a description when m is nil. [checker.step] calls it after the
// first legal move and the first refused one are applied and stepped, and after all its checks:
// String costs more than Apply, so once a move is enough to catch an Apply that writes into its
// receiver at every move before the next move trips over the change.
//
// A State is a value, so no method can change the variable it is called on, and s == its earlier
// copy always holds (the suite compared them once, a check that could not fail): only what s
// shows can reveal a change made through a pointer the State holds, to a cell shared by every
// copy and written by an Apply that should have made a new one.
func (c *checker[S, M, V]) untouched(s S, text, call string, m any) {
	c.t.Helper()
	if got := s.String(); got != text {
		if m != nil {
			call = fmt.Sprintf("%s(%v)", call, m)
		}
		c.fatalf(s, "%s changed its receiver through a pointer the state holds; it was\n%s", call, text)
	}
}

// stepLikeApply checks that the game's Step, on a copy of s, does what Apply did: it reached
// next with err == nil, or refused m with the same error and left the copy equal to s.
func (c *checker[S, M, V]) stepLikeApply(s S, m M, next S, err error) {
	c.t.Helper()
	t := s
	st, ok := any(&t).(interface{ Step(M) error })
	if !ok {
		c.fatalf(s, "the game's *State has no Step(Move) error method")
	}
	serr := st.Step(m)
	switch {
	case (serr == nil) != (err == nil):
		c.fatalf(s, "Step(%v) = %v, Apply's error %v", m, serr, err)
	case err != nil && serr.Error() != err.Error():
		c.fatalf(s, "Step(%v) refused with %q, Apply with %q", m, serr, err)
	case err != nil && t != s:
		c.fatalf(s, "Step(%v) refused the move but changed the state to\n%v", m, t)
	case err == nil && t != next:
		c.fatalf(s, "Step(%v) reached\n%v\nApply\n%v", m, t, next)
	}
}

func (c *checker[S, M, V]) roundTripMove(s S, m M) {
	c.t.Helper()
	text := m.String()
	back, err := c.g.ParseMove(text)
	if err != nil || back != m {
		c.fatalf(s, "move %v: ParseMove(%q) = %v, %v", m, text, back, err)
	}
	if tm, ok := any(m).(encoding.TextMarshaler); ok {
		b, err := tm.MarshalText()
		if err != nil || string(b) != text {
			c.fatalf(s, "move %v: MarshalText = %q, %v; want %q", m, b, err, text)
		}
		var u M
		if tu, ok := any(&u).(encoding.TextUnmarshaler); !ok {
			c.fatalf(s, "move type has MarshalText but *M has no UnmarshalText")
		} else if err := tu.UnmarshalText(b); err != nil || u != m {
			c.fatalf(s, "move %v: UnmarshalText(%q) = %v, %v", m, b, u, err)
		}
	}
}

// roundTripState checks that state JSON round-trips to an == state and that damaged JSON either
// fails, leaving the receiver as it was, or decodes to a state that keeps every invariant.
func (c *checker[S, M, V]) roundTripState(s S) {
	c.t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		c.fatalf(s, "json.Marshal: %v", err)
	}
	var back S
	if err := json.Unmarshal(data, &back); err != nil || back != s {
		c.fatalf(s, "JSON round trip: err %v, got state:\n%v\nfrom %s", err, back, data)
	}
	u, ok := any(&back).(json.Unmarshaler)
	if !ok {
		c.fatalf(s, "*State has no UnmarshalJSON")
	}
	for range 3 {
		bad := slices.Clone(data)
		switch c.r.IntN(3) {
		case 0:
			bad = bad[:c.r.IntN(len(bad))]
		case 1:
			bad[c.r.IntN(len(bad))] = "0123456789,:[]{}\"x-"[c.r.IntN(19)]
		case 2:
			i := c.r.IntN(len(bad))
			bad = slices.Insert(bad, i, '9')
		}
		held := back
		if err := u.UnmarshalJSON(bad); err != nil {
			if !errors.Is(err, norns.ErrCorrupt) {
				c.fatalf(s, "UnmarshalJSON(%s) error %v does not wrap norns.ErrCorrupt", bad, err)
			}
			if back != held {
				c.fatalf(s, "UnmarshalJSON(%s) failed but changed the receiver", bad)
			}
			continue
		}
		if c.g.Invariant != nil {
			if err := c.g.Invariant(back); err != nil {
				c.fatalf(back, "UnmarshalJSON accepted damaged JSON %s and built a broken state: %v", bad, err)
			}
		}
		c.conserved(back, "a state decoded from damaged JSON")
		again, err := json.Marshal(back)
		if err != nil {
			c.fatalf(back, "re-marshalling a decoded state: %v", err)
		}
		var third S
		if err := json.Unmarshal(again, &third); err != nil || third != back {
			c.fatalf(back, "decoded damaged JSON does not round-trip: %v", err)
		}
		back = s
	}
}

// views checks every seat's view: deterministic, consistent with the state, and sampled states
// that the seat cannot tell apart from s.
func (c *checker[S, M, V]) views(s S, legal []M) {
	c.t.Helper()
	for p := range norns.Player(s.Players()) {
		v := s.View(p)
		if v != s.View(p) {
			c.fatalf(s, "View(%v) is not deterministic", p)
		}
		if v.Seat() != p || v.Players() != s.Players() || v.ToMove() != s.ToMove() || v.Over() != s.Over() {
			c.fatalf(s, "View(%v) says seat %v, %d players, to move %v, over %v", p, v.Seat(), v.Players(), v.ToMove(), v.Over())
		}
		vl := v.Legal()
		if p == s.ToMove() {
			if !slices.Equal(vl, legal) {
				c.fatalf(s, "View(%v).Legal() = %v, state's Legal() = %v", p, vl, legal)
			}
		} else if len(vl) != 0 {
			c.fatalf(s, "View(%v).Legal() = %v when %v is to act", p, vl, s.ToMove())
		}
		if !slices.Equal(v.AppendLegal(nil), vl) {
			c.fatalf(s, "View(%v): AppendLegal differs from Legal", p)
		}
		for range 2 {
			smp := v.Sample(c.r)
			if smp.View(p) != v {
				c.fatalf(s, "View(%v).Sample gave a state whose view differs:\n%v", p, smp)
			}
			if c.g.Invariant != nil {
				if err := c.g.Invariant(smp); err != nil {
					c.fatalf(smp, "View(%v).Sample broke the invariant: %v", p, err)
				}
			}
			c.conserved(smp, fmt.Sprintf("View(%v).Sample", p))
			if p == s.ToMove() && !slices.Equal(smp.Legal(), legal) {
				c.fatalf(smp, "a sample for the seat to act has Legal %v, want %v", smp.Legal(), legal)
			}
		}
	}
}

// replay checks that the moves replay to the same state, and the match record round trip.
func (c *checker[S, M, V]) replay(st Start[S], seed uint64, moves []M, last S) {
	c.t.Helper()
	s := st.State
	for _, m := range moves {
		next, err := s.Apply(m)
		if err != nil {
			c.fatalf(s, "replaying %v: %v", m, err)
		}
		s = next
	}
	if s != last {
		c.fatalf(s, "replaying the same moves gave a different state; first run ended in:\n%v", last)
	}
	rec, err := norns.NewRecord(c.g.Name, st.Config, seed, moves, last)
	if err != nil {
		c.t.Fatalf("NewRecord: %v", err)
	}
	var w bytes.Buffer
	if err := rec.Write(&w); err != nil {
		c.t.Fatalf("Record.Write: %v", err)
	}
	read, err := norns.ReadRecord(&w)
	if err != nil {
		c.t.Fatalf("ReadRecord: %v", err)
	}
	start, err := c.g.New(read.Config)
	if err != nil {
		c.t.Fatalf("New from the record's config %s: %v", read.Config, err)
	}
	if start != st.State {
		c.fatalf(start, "New(record config) differs from the start:\n%v", st.State)
	}
	got, err := norns.Replay(start, read, c.g.ParseMove)
	if err != nil || got != last {
		c.fatalf(got, "Replay(record): %v", err)
	}
	seatMoves, err := norns.SeatMoves(start, moves)
	if err != nil {
		c.t.Fatalf("SeatMoves: %v", err)
	}
	got, err = norns.ReplayFromSeed(start, seed, seatMoves, c.g.ParseMove)
	if err != nil || got != last {
		c.fatalf(got, "ReplayFromSeed(seed %d, seat moves): %v", seed, err)
	}
	c.strictConfig(st, seed, moves, last)
	if len(read.Moves) > 0 {
		read.Moves = read.Moves[:len(read.Moves)-1]
		if _, err := norns.Replay(start, read, c.g.ParseMove); !errors.Is(err, norns.ErrCorrupt) {
			c.t.Fatalf("Replay of a record missing its last move: error %v, want ErrCorrupt", err)
		}
	}
}

// noAllocs checks that Apply, AppendLegal and SampleChance do not allocate, on the states of one
// random match.
func (c *checker[S, M, V]) noAllocs(s S) {
	buf := make([]M, 0, 1024)
	for step := 0; !s.Over() && step < 100000; step++ {
		var m M
		if s.ToMove() == norns.Chance {
			r := rng.New(uint64(step))
			if n := testing.AllocsPerRun(5, func() { m = s.SampleChance(r); _, _ = s.Apply(m) }); n != 0 {
				c.fatalf(s, "SampleChance+Apply allocates %v times", n)
			}
		} else {
			if n := testing.AllocsPerRun(5, func() { buf = s.AppendLegal(buf[:0]) }); n != 0 {
				c.fatalf(s, "AppendLegal allocates %v times with a buffer of room", n)
			}
			m = buf[c.r.IntN(len(buf))]
			if n := testing.AllocsPerRun(5, func() { _, _ = s.Apply(m) }); n != 0 {
				c.fatalf(s, "Apply(%v) allocates %v times", m, n)
			}
		}
		next, err := s.Apply(m)
		if err != nil {
			c.fatalf(s, "move %v refused: %v", m, err)
		}
		s = next
	}
}

// stateMachine drives one match with moves rapid chooses, so failures shrink.
func stateMachine[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](rt *rapid.T, g Game[S, M, V], start S) {
	s := start
	c := checker[S, M, V]{t: rt, g: g, r: rng.New(rapid.Uint64().Draw(rt, "seed"))}
	rt.Repeat(map[string]func(*rapid.T){
		"legal": func(rt *rapid.T) {
			if s.Over() {
				rt.Skip("over")
			}
			var m M
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(rng.New(rapid.Uint64().Draw(rt, "chance")))
			} else {
				legal := s.Legal()
				m = legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "move")]
			}
			next, err := s.Apply(m)
			if err != nil {
				rt.Fatalf("legal move %v refused: %v\n%v", m, err, s)
			}
			s = next
		},
		"illegal": func(rt *rapid.T) {
			legal := s.Legal()
			var bad []M
			for _, m := range g.Candidates(s) {
				if !slices.Contains(legal, m) {
					bad = append(bad, m)
				}
			}
			if len(bad) == 0 || s.ToMove() == norns.Chance && len(legal) == 0 {
				rt.Skip("no illegal candidate")
			}
			m := bad[rapid.IntRange(0, len(bad)-1).Draw(rt, "bad")]
			text := s.String()
			if _, err := s.Apply(m); !errors.Is(err, norns.ErrIllegalMove) && !errors.Is(err, norns.ErrGameOver) {
				rt.Fatalf("illegal move %v: error %v\n%v", m, err, s)
			}
			c.untouched(s, text, "Apply", m)
		},
		"": func(rt *rapid.T) {
			if g.Invariant != nil {
				if err := g.Invariant(s); err != nil {
					rt.Fatalf("invariant: %v\n%v", err, s)
				}
			}
			c.conserved(s, "a state of random legal play")
			if !s.Over() && s.ToMove() != norns.Chance && len(s.Legal()) == 0 {
				rt.Fatalf("no legal move\n%v", s)
			}
			c.roundTripState(s)
		},
	})
}

// tamperProperty plays a random prefix of a match with moves rapid chooses, then tampers with the
// state's JSON a few times (see the package doc), so a failure shrinks to a short game.
func tamperProperty[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](rt *rapid.T, g Game[S, M, V], start S) {
	s := start
	c := checker[S, M, V]{t: rt, g: g, r: rng.New(rapid.Uint64().Draw(rt, "seed"))}
	steps := rapid.IntRange(0, 200).Draw(rt, "steps")
	chance := rng.New(rapid.Uint64().Draw(rt, "chance"))
	for range steps {
		if s.Over() {
			break
		}
		var m M
		if s.ToMove() == norns.Chance {
			m = s.SampleChance(chance)
		} else {
			legal := s.Legal()
			m = legal[c.r.IntN(len(legal))]
		}
		next, err := s.Apply(m)
		if err != nil {
			rt.Fatalf("legal move %v refused: %v\n%v", m, err, s)
		}
		s = next
	}
	for range 5 {
		c.tamper(s)
	}
}

// randomMove is the move a random playout plays at s (not over): chance's draw at a chance node,
// otherwise the r.IntN(len(legal))-th legal move.
func randomMove[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](s S, r *rng.Rand) M {
	if s.ToMove() == norns.Chance {
		return s.SampleChance(r)
	}
	legal := s.Legal()
	return legal[r.IntN(len(legal))]
}

// applyLoop is the definition of a random playout, written with Legal and Apply: randomMove,
// then Apply, until the end.
func applyLoop[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](s S, r *rng.Rand) S {
	for !s.Over() {
		m := randomMove(s, r)
		next, err := s.Apply(m)
		if err != nil {
			panic(fmt.Sprintf("gametest: listed move %v does not apply: %v", m, err))
		}
		s = next
	}
	return s
}

// halfway returns a state halfway through a random match from start (by its length in moves).
func halfway[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](start S, r *rng.Rand) S {
	var path []S
	for s, n := start, 0; n < 100000; n++ {
		path = append(path, s)
		if s.Over() {
			break
		}
		next, err := s.Apply(randomMove(s, r))
		if err != nil {
			break
		}
		s = next
	}
	return path[len(path)/2]
}
