package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
	"github.com/nornsgames/norns/voluspa"
)

// TestEveryRegisteredGame plays every registered game, as a person and as a spectator: a new
// game appears here (and in the command) by registering.
func TestEveryRegisteredGame(t *testing.T) {
	for _, name := range norns.Games() {
		t.Run(name, func(t *testing.T) {
			g, _ := norns.Lookup(name)
			args := []string{"-game", name, "-auto", "-seed", "3", "-bot", "random"}
			for _, op := range g.Options() {
				if op.Name == "handLimit" { // random bots may take long to reach a target
					args = append(args, "-handLimit", "2")
				}
			}
			code, out, errOut := runPlay(t, &terminal{}, args...)
			if code != 0 || !strings.Contains(out, "The match is over") {
				t.Fatalf("auto: exit %d, stderr %q:\n%s", code, errOut, tail(out))
			}
			d := &terminal{script: []string{"help", "rules", "\x00\xff garbage", "moves"}, limit: 40}
			code, out, errOut = runPlay(t, d, "-game", name, "-seed", "4", "-bot", "random")
			if code != 0 || !strings.Contains(out, "Now you can type:") || !strings.Contains(out, `I cannot read "\x00`) {
				t.Fatalf("person: exit %d, stderr %q:\n%s", code, errOut, tail(out))
			}
		})
	}
}

// TestVoluspaNarration drives Voluspa's presenter over random matches (it works before the game
// registers): every lay is told with what each line through it scored, and the grid is drawn.
func TestVoluspaNarration(t *testing.T) {
	for seed := range uint64(4) {
		s, err := voluspa.New(voluspa.Config{Players: 2 + int(seed)%3})
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(seed)
		var out bytes.Buffer
		u := &ui{out: &out, who: people{you: 0}}
		lays, lines := 0, 0
		for !s.Over() {
			var m voluspa.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				legal := s.Legal()
				m = legal[r.IntN(len(legal))]
				if s.ToMove() == 0 {
					showVoluspa(u, s.View(0))
					promptVoluspa(u, s.View(0))
				}
			}
			next, said, err := stepVoluspa(u, s, m)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range said {
				if strings.Contains(l, " lays ") {
					lays++
				}
				if strings.Contains(l, "scores") {
					lines++
				}
				if strings.Contains(l, "EventKind") || strings.Contains(l, "1 tiles") {
					t.Errorf("narration %q", l)
				}
			}
			s = next
		}
		if lays == 0 || lines < lays || !strings.Contains(out.String(), "[") {
			t.Errorf("seed %d: %d lays, %d line reports; output:\n%s", seed, lays, lines, tail(out.String()))
		}
	}
}

// TestGulveigNarration drives Gulveig's presenter over random matches with every option on and
// off, 2 to 4 players (it works before the game registers).
func TestGulveigNarration(t *testing.T) {
	for i, cfg := range []gulveig.Config{
		{Players: 3, HandLimit: 2},
		{Players: 2, HandLimit: 2, Blind: true},
		{Players: 4, HandLimit: 2, Roles: true, Betting: true, Veteran: true},
		{Players: 3, Target: 300, Blind: true, Roles: true},
	} {
		s, err := gulveig.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(uint64(i))
		var out bytes.Buffer
		u := &ui{out: &out, who: people{you: 0}}
		var said []string
		for steps := 0; !s.Over() && steps < 5000; steps++ {
			var m gulveig.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				legal := s.Legal()
				m = legal[r.IntN(len(legal))]
				if s.ToMove() == 0 {
					showGulveig(u, s.View(0))
					promptGulveig(u, s.View(0))
					explainGulveig(u, s.View(0))
				}
			}
			next, lines, err := stepGulveig(u, s, m)
			if err != nil {
				t.Fatal(err)
			}
			said = append(said, lines...)
			s = next
		}
		all := strings.Join(said, "\n")
		for _, want := range []string{"the auction at", "the treasure", "the trick", "hand points"} {
			if !strings.Contains(all, want) {
				t.Errorf("config %+v: narration lacks %q:\n%s", cfg, want, tail(all))
			}
		}
		if strings.Contains(all, "EventKind") || badPlural.MatchString(all) {
			t.Errorf("config %+v: narration:\n%s", cfg, tail(all))
		}
	}
}

// TestGenericPresenter plays every registered game through the generic presenter, the one a game
// without a front here gets: the registry's text, events and scores only.
func TestGenericPresenter(t *testing.T) {
	for _, name := range norns.Games() {
		t.Run(name, func(t *testing.T) {
			g, _ := norns.Lookup(name)
			var opts []string
			for _, op := range g.Options() {
				if op.Name == "handLimit" {
					opts = append(opts, "handLimit=1")
				}
			}
			cfg, err := g.ConfigFromOptions(opts...)
			if err != nil {
				t.Fatal(err)
			}
			d := &terminal{r: rng.New(2), script: []string{"help", "show"}, limit: 30}
			o := options{seed: 5, bot: "random", think: time.Second}
			if err := play(g, generic{g}, cfg, o, d, d); err != nil {
				t.Fatal(err)
			}
			out := d.all.String()
			if !strings.Contains(out, "Scores: you ") || !strings.Contains(out, "(you)") {
				t.Errorf("generic output:\n%s", tail(out))
			}
			var buf bytes.Buffer
			o.auto = true
			if err := play(g, generic{g}, cfg, o, strings.NewReader(""), &buf); err != nil || !strings.Contains(buf.String(), "The match is over.") {
				t.Errorf("auto: %v\n%s", err, tail(buf.String()))
			}
		})
	}
}
