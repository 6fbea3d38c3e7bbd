package gnav

import (
	"bytes"
	"flag"
	"math"
	"os"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

var updateWinTable = flag.Bool("update-wintable", false, "re-estimate the win-chance table and rewrite wintable.bin (about 10 s; the search's decisions change with it: see -update-search)")

// TestWinTable checks the stored win-chance table: every state a match can reach between deals
// gives each seat a chance in [0, 1], nothing to a seat out, and chances that sum to 1 less the
// chance of a draw; a seat a life down has less than 1/4; and a fresh estimate from
// other deals, with fewer of them, agrees with it within its noise. With -update-wintable it
// re-estimates the table (estimateWinTable(winTableDeals, rng.New(1), false)) and rewrites the file.
func TestWinTable(t *testing.T) {
	if *updateWinTable {
		b := encodeWinTable(estimateWinTable(winTableDeals, rng.New(1), false))
		if err := os.WriteFile("wintable.bin", b, 0o644); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, winTableFile) {
			t.Log("wintable.bin rewritten: run the tests again to test it")
		}
		return
	}
	tab := winTable()
	reach := 0
	for i := range winStates {
		s, ok := winStateAt(i)
		if !ok {
			continue
		}
		reach++
		sum := 0.0
		for p, x := range tab[i] {
			if x < 0 || x > 1 {
				t.Fatalf("entry %d seat %d: chance %v", i, p, x)
			}
			sum += float64(x)
		}
		for p, x := range tab[i] {
			if s.lives[p] == 0 && x != 0 {
				t.Fatalf("entry %d: seat %d is out but wins with chance %v", i, p, x)
			}
		}
		// The chances of winning sum to 1 less the chance of a draw, which needs two seats to
		// fall at once at a showdown.
		if sum > 1+1e-3 || sum < 0.8 {
			t.Fatalf("entry %d (lives %v, resting %v): the chances sum to %v", i, s.lives[:4], s.resting, sum)
		}
	}
	if reach < 800 {
		t.Fatalf("only %d reachable states", reach)
	}
	// More lives, more chance: at the start, and with one seat a life down.
	s, _ := New(Config{DealerGiven: true, FirstDealer: 2})
	i, d := winIndex(&s)
	if d != 2 {
		t.Fatalf("turn %d for dealer 2", d)
	}
	for p := range winSeats {
		if x := tab[i][p]; math.Abs(float64(x)-0.25) > 0.03 {
			t.Errorf("start, seat %d (dealer's left %d): %v, far from 1/4", p, (p-d)&3, x)
		}
	}
	s.lives[1] = 2
	i, d = winIndex(&s)
	if x := float64(tab[i][(1-d)&3]); x > 0.22 {
		t.Errorf("a seat a life down wins with chance %v", x)
	}
	// A fresh estimate from other deals agrees within its noise: 400 deals a state give a
	// standard error of about 0.015 for the entries with most lives.
	fresh := estimateWinTable(400, rng.New(2), false)
	worst := 0.0
	for i := range winStates {
		if _, ok := winStateAt(i); !ok {
			continue
		}
		for p := range winSeats {
			worst = max(worst, math.Abs(float64(fresh[i][p]-tab[i][p])))
		}
	}
	if worst > 0.08 {
		t.Errorf("a fresh estimate differs from the table by up to %v", worst)
	}
	t.Logf("%d states; a fresh estimate of 400 deals a state differs by at most %.3f", reach, worst)
}

// winChance and winIndex agree with the table for every seat and dealer: turning the seats
// turns the entry.
func TestWinChanceTurns(t *testing.T) {
	s, _ := New(Config{DealerGiven: true})
	s.lives = [MaxPlayers]uint8{3, 1, 2, 3}
	s.resting = 1 << 3
	s.contest = s.alive &^ s.resting
	want := []float64{}
	for p := range winSeats {
		want = append(want, winChance(s, norns.Player(p)))
	}
	for d := int8(1); d < winSeats; d++ {
		u := s
		for p := range winSeats {
			u.lives[(p+int(d))%winSeats] = s.lives[p]
		}
		u.resting = norns.Seats(uint32(s.resting)<<d|uint32(s.resting)>>(winSeats-d)) & (1<<winSeats - 1)
		u.contest = u.alive &^ u.resting
		u.dealer = d
		for p := range winSeats {
			if got := winChance(u, norns.Player((p+int(d))%winSeats)); got != want[p] {
				t.Errorf("dealer %d: seat %d's chance %v, want %v", d, (p+int(d))%winSeats, got, want[p])
			}
		}
	}
}

// Outside the table's game, winChance is the lives squared: other tables, the cat off, more lives,
// and the first dealer not yet drawn.
func TestWinChanceOutsideTable(t *testing.T) {
	for _, c := range []Config{{Players: 3}, {Players: 4, CatIsDragoon: true, DealerGiven: true}, {Players: 4, Lives: 5, DealerGiven: true}, {Players: 4}} {
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for p := range s.players {
			if got, want := winChance(s, norns.Player(p)), winShare(s, norns.Player(p), false); got != want {
				t.Errorf("%+v seat %d: %v, want the lives squared's %v", c, p, got, want)
			}
		}
	}
}
