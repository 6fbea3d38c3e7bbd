package gnav_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gnav"
	"github.com/nornsgames/norns/rng"
)

func TestParseMove(t *testing.T) {
	pack := mustNew(t, gnav.Config{DealerGiven: true}).SampleChance(rng.New(4))
	for _, tc := range []struct {
		text string
		want gnav.Move
	}{
		{"stand", gnav.Stand()},
		{"  ASK ", gnav.Ask()},
		{"Draw", gnav.Draw()},
		{"dealer 19", gnav.ChooseDealer(19)},
		{pack.String(), pack},
		{strings.ToLower(strings.ReplaceAll(pack.String(), "Gjøk", "gjok")), pack},
	} {
		got, err := gnav.ParseMove(tc.text)
		if err != nil || got != tc.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.text, got, err, tc.want)
		}
		b, _ := got.MarshalText()
		var back gnav.Move
		if err := back.UnmarshalText(b); err != nil || back != got {
			t.Errorf("text round trip of %v: %v, %v", got, back, err)
		}
	}
	for _, text := range []string{"", "stand now", "dealer", "dealer -1", "dealer 20", "dealer x", "deal",
		"deal " + strings.Repeat("V ", 42), strings.Replace(pack.String(), "Hus", "House", 1), "fold"} {
		if m, err := gnav.ParseMove(text); !errors.Is(err, norns.ErrBadNotation) {
			t.Errorf("ParseMove(%q) = %v, %v; want ErrBadNotation", text, m, err)
		}
	}
	var m gnav.Move
	if err := m.UnmarshalText([]byte("bid 3")); err == nil || m != (gnav.Move{}) {
		t.Errorf("UnmarshalText of bad text: %v, %v", m, err)
	}
	if gnav.Card(99).String() != "Card(99)" || gnav.NoCard.String() != "?" {
		t.Error("invalid cards' names")
	}
	if (gnav.Move{}).String() != "invalid" || gnav.Stand().Seat() != norns.Nobody || gnav.ChooseDealer(-3).Seat() != gnav.MaxPlayers {
		t.Error("invalid moves")
	}
}

func FuzzParseMove(f *testing.F) {
	f.Add("stand")
	f.Add("dealer 3")
	f.Add(mustNew(f, gnav.Config{DealerGiven: true}).SampleChance(rng.New(1)).String())
	f.Add("deal gjok")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := gnav.ParseMove(s)
		if err != nil {
			if !errors.Is(err, norns.ErrBadNotation) {
				t.Fatalf("ParseMove(%q): error %v does not wrap ErrBadNotation", s, err)
			}
			return
		}
		back, err := gnav.ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %v, which reads back as %v, %v", s, m, back, err)
		}
	})
}
