package herrlof_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
)

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		text  string
		want  herrlof.Move
		canon string
	}{
		{"R7", herrlof.Play(herrlof.NewCard(herrlof.Red, 7)), "R7"},
		{" y9 ", herrlof.Play(herrlof.NewCard(herrlof.Yellow, 9)), "Y9"},
		{"v", herrlof.Play(herrlof.Valknut), "V"},
		{"BID 12", herrlof.Bid(12), "bid 12"},
		{"draw", herrlof.Draw(), "draw"},
		{"NoDraw", herrlof.NoDraw(), "nodraw"},
		{"return g2", herrlof.Return(herrlof.NewCard(herrlof.Green, 2)), "return G2"},
		{"steal", herrlof.Steal(), "steal"},
		{"steal 2", herrlof.StealFrom(2), "steal 2"},
		{"nosteal", herrlof.NoSteal(), "nosteal"},
		{"take  1", herrlof.TakeFrom(1), "take 1"},
		{"notake", herrlof.NoTake(), "notake"},
		{"give H", herrlof.Give(herrlof.Hagalaz), "give H"},
		{"pick B3", herrlof.Pick(herrlof.NewCard(herrlof.Blue, 3)), "pick B3"},
	} {
		m, err := herrlof.ParseMove(tc.text)
		if err != nil || m != tc.want || m.String() != tc.canon {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.text, m, err, tc.canon)
		}
	}
	for _, bad := range []string{"", "R10", "bid", "bid -1", "bid x", "draw 2", "steal 3", "steal 0 1",
		"return", "give Z1", "play R7", "R7 R8", "deal", "deal 0 R1 / R2", "deal 4 R1"} {
		if _, err := herrlof.ParseMove(bad); !errors.Is(err, norns.ErrBadNotation) {
			t.Errorf("ParseMove(%q): %v, want ErrBadNotation", bad, err)
		}
	}
	if _, err := (herrlof.Move{}).MarshalText(); err == nil {
		t.Error("the zero Move marshals")
	}
}

func TestDealNotationRoundTrip(t *testing.T) {
	for _, m := range []herrlof.Move{hand2(t, 1), hand3(t, 2)} {
		text := m.String()
		back, err := herrlof.ParseMove(text)
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %v, %v", text, back, err)
		}
		hands, trump, stock := m.Dealt()
		if again := herrlof.MustDeal(m.Leader(), hands, trump, stock); again != m {
			t.Fatal("MustDeal(Dealt()) differs")
		}
	}
}

// TestParseMoveHugeInputAllocatesLittle: 50 MB of text is refused with an error that quotes a
// short prefix, allocating a small, fixed amount (not a multiple of the input).
func TestParseMoveHugeInputAllocatesLittle(t *testing.T) {
	for _, b := range []byte{0x01, 'R', ' '} {
		huge := strings.Repeat(string(b), 50<<20)
		var err error
		allocs := testing.AllocsPerRun(2, func() { _, err = herrlof.ParseMove(huge) })
		if !errors.Is(err, norns.ErrBadNotation) || len(err.Error()) > 300 {
			t.Fatalf("ParseMove(50 MB of %q): %d-byte error %.200v", b, len(err.Error()), err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, _ = herrlof.ParseMove(huge)
		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; allocs > 20 || grew > 16<<10 {
			t.Errorf("ParseMove(50 MB of %q): %v allocations, %d bytes", b, allocs, grew)
		}
	}
}
