package norns_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/internal/protocol"
	"github.com/nornsgames/norns/rng"
)

// TestBotProgramHelper is not a test: the ProgramBot tests run the test binary as a bot
// program with NORNS_TEST_BOT naming how it behaves.
func TestBotProgramHelper(t *testing.T) {
	mode := os.Getenv("NORNS_TEST_BOT")
	if mode == "" {
		t.Skip("run by the ProgramBot tests")
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	r := protocol.NewReader(os.Stdin)
	for {
		m, err := r.Next()
		if err != nil {
			os.Exit(0)
		}
		switch m.Type {
		case "hello":
			if mode == "mute" {
				time.Sleep(time.Hour)
			}
			say(`{"type":"log","text":"hello, people"}`)
			say(`{"type":"ready","name":"test"}`)
		case "decide":
			switch mode {
			case "slow":
				time.Sleep(time.Hour)
			case "garbage":
				say("hello world")
			case "crash":
				os.Exit(3)
			case "flood":
				say(strings.Repeat("x", protocol.MaxLine+100))
			case "illegal":
				say(`{"type":"move","move":"not a move \u001b[2J"}`)
			case "both":
				say(`{"type":"move","move":"x","action":1}`)
			default:
				last := m.Legal[len(m.Legal)-1]
				if last.Action != nil {
					say(fmt.Sprintf(`{"type":"move","action":%d}`, *last.Action))
				} else {
					say(fmt.Sprintf(`{"type":"move","move":%q}`, last.Move))
				}
			}
		case "bye":
			os.Exit(0)
		}
	}
}

// startTestBot starts the test binary as a bot program in mode for seat p of game.
func startTestBot(t *testing.T, game string, p norns.Player, mode string, o norns.ProgramOptions) (*norns.ProgramBot, error) {
	t.Helper()
	t.Setenv("NORNS_TEST_BOT", mode)
	return norns.StartProgram(context.Background(), lookup(t, game), nil, p, []string{os.Args[0], "-test.run=^TestBotProgramHelper$"}, o)
}

// TestProgramBotPlaysAMatch seats a program against the heuristic in every registered game: it
// plays to the end, always the last legal move, by text or by action id.
func TestProgramBotPlaysAMatch(t *testing.T) {
	for _, name := range norns.Games() {
		t.Run(name, func(t *testing.T) {
			g := lookup(t, name)
			m, err := g.New(smallConfig(name))
			if err != nil {
				t.Fatal(err)
			}
			t.Setenv("NORNS_TEST_BOT", "good")
			pb, err := norns.StartProgram(context.Background(), g, smallConfig(name), 0, []string{os.Args[0], "-test.run=^TestBotProgramHelper$"}, norns.ProgramOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer pb.Close()
			other, _ := g.NewBot("heuristic", 1)
			r := rng.New(1)
			for steps := 0; !m.Over(); steps++ {
				var move string
				switch p := m.ToMove(); p {
				case norns.Chance:
					move = m.SampleChance(r)
				case 0:
					v := m.View(0)
					if move, err = pb.Choose(context.Background(), v); err != nil {
						t.Fatal(err)
					}
					if legal := v.Legal(); move != legal[len(legal)-1] {
						t.Fatalf("the program chose %q, want the last legal move %q", move, legal[len(legal)-1])
					}
				default:
					if move, err = other.Choose(context.Background(), m.View(p)); err != nil {
						t.Fatal(err)
					}
				}
				if m, err = m.Apply(move); err != nil {
					t.Fatal(err)
				}
			}
			pb.Tell(m)
			if err := pb.Close(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestProgramBotFailures checks that a program that is slow, writes garbage, crashes, floods
// its output or plays an illegal move gets a clear error wrapping ErrProgram, quickly, and that
// the bot then refuses to go on.
func TestProgramBotFailures(t *testing.T) {
	for _, tc := range []struct{ mode, msg string }{
		{"slow", "did not answer in time"},
		{"garbage", "not a message"},
		{"crash", "exit"},
		{"flood", "longer than"},
		{"illegal", "not a legal move"},
		{"both", "both a move and an action"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			pb, err := startTestBot(t, "gnav", 0, tc.mode, norns.ProgramOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer pb.Close()
			g := lookup(t, "gnav")
			m, _ := g.New(nil)
			r := rng.New(2)
			for m.ToMove() != 0 {
				if m.ToMove() == norns.Chance {
					m, _ = m.Apply(m.SampleChance(r))
				} else {
					b, _ := g.NewBot("random", 1)
					mv, _ := b.Choose(context.Background(), m.View(m.ToMove()))
					m, _ = m.Apply(mv)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			began := time.Now()
			_, err = pb.Choose(ctx, m.View(0))
			if !errors.Is(err, norns.ErrProgram) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("Choose = %v, want ErrProgram mentioning %q", err, tc.msg)
			}
			if !norns.IsPrintable(err.Error()) {
				t.Errorf("the error quotes the program raw: %q", err)
			}
			if d := time.Since(began); d > 3*time.Second {
				t.Errorf("the failure took %v", d)
			}
			if _, again := pb.Choose(context.Background(), m.View(0)); !errors.Is(again, norns.ErrProgram) {
				t.Errorf("after a failure Choose = %v, want the failure again", again)
			}
		})
	}
	t.Run("mute at the start", func(t *testing.T) {
		_, err := startTestBot(t, "gnav", 0, "mute", norns.ProgramOptions{Start: 200 * time.Millisecond})
		if !errors.Is(err, norns.ErrProgram) {
			t.Fatalf("StartProgram = %v, want ErrProgram", err)
		}
	})
	t.Run("no such program", func(t *testing.T) {
		_, err := norns.StartProgram(context.Background(), lookup(t, "gnav"), nil, 0, []string{"/nonexistent/bot"}, norns.ProgramOptions{})
		if !errors.Is(err, norns.ErrProgram) {
			t.Fatalf("StartProgram = %v, want ErrProgram", err)
		}
	})
}

// TestProgramBotTyped seats a program as a typed bot through norns.BotOf and measures it with
// arena.Run-like play: norns.Play with the typed bots.
func TestProgramBotTyped(t *testing.T) {
	t.Setenv("NORNS_TEST_BOT", "good")
	pb, err := norns.StartProgram(context.Background(), lookup(t, "gnav"), []byte(`{"players":3}`), 1, []string{os.Args[0], "-test.run=^TestBotProgramHelper$"}, norns.ProgramOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer pb.Close()
	bot, err := norns.BotOf[gnav.Config, gnav.State, gnav.Move, gnav.View, gnav.Event]("gnav", pb)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := gnav.New(gnav.Config{Players: 3})
	last, _, err := norns.Play(context.Background(), start, []norns.Bot[gnav.View, gnav.Move]{gnav.NewRandomBot(1), bot, gnav.NewRandomBot(2)}, rng.New(4), nil)
	if err != nil || !last.Over() {
		t.Fatalf("Play with the program in seat 1: %v", err)
	}
	if _, err := norns.BotOf[herrlof.Config, herrlof.State, herrlof.Move, herrlof.View, herrlof.Event]("gnav", pb); !errors.Is(err, norns.ErrBadConfig) {
		t.Fatalf("BotOf with another game's types: %v", err)
	}
}
