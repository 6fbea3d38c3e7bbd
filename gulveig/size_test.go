package gulveig_test

import (
	"encoding/json"
	"testing"
	"unsafe"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/rng"
)

// TestStateSize pins the State's size at its budget of 280 bytes (see State's doc): value
// receivers copy the State on every call, so its size is a cost of every move.
func TestStateSize(t *testing.T) {
	n := unsafe.Sizeof(gulveig.State{})
	t.Logf("State %d bytes, View %d bytes, Move %d bytes", n, unsafe.Sizeof(gulveig.View{}), unsafe.Sizeof(gulveig.Move{}))
	if n > 280 {
		t.Fatalf("a State is %d bytes, want at most 280", n)
	}
	if m := unsafe.Sizeof(gulveig.Move{}); m != 16 {
		t.Fatalf("a Move is %d bytes, want 16", m)
	}
}

// TestLongestAuctionRecorded plays the longest auctions State's record of acts must hold (every
// bid one step above the last, from the opening to the cap, with every option on), then the
// whole hand with its role turns and tricks; the state must replay from its JSON at every step,
// and its JSON, the longest a hand can make, must stay a quarter of MaxStateJSON or less.
func TestLongestAuctionRecorded(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		c := allOptions(players)
		c.Blind = false // looks would only shorten the ones of the bids
		s := mustNew(t, c)
		r := rng.New(uint64(players))
		for s.ToMove() == norns.Chance {
			s, _ = s.Apply(s.SampleChance(r))
		}
		bids, longest := 0, 0
		for s.Phase() == gulveig.PhaseBid {
			m := s.Legal()[0] // the least bid, or a pass at the cap
			var err error
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
			if m.Kind() == gulveig.MoveBid {
				bids++
			}
		}
		if hi, _ := s.HighBid(); hi != c.MaxBid() {
			t.Fatalf("%d players: the auction ended at %d, want the cap %d", players, hi, c.MaxBid())
		}
		for !s.Over() && s.Phase() != gulveig.PhaseDeal {
			var m gulveig.Move
			if s.ToMove() == norns.Chance {
				m = s.SampleChance(r)
			} else {
				m = s.Legal()[0]
			}
			var err error
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
			var back gulveig.State
			text := mustJSON(t, s)
			if 4*len(text) > gulveig.MaxStateJSON {
				t.Fatalf("%d players: a state JSON of %d bytes is within 4 times of MaxStateJSON", players, len(text))
			}
			longest = max(longest, len(text))
			if err := json.Unmarshal([]byte(text), &back); err != nil || back != s {
				t.Fatalf("%d players after %v: the state does not replay from its JSON: %v", players, m, err)
			}
		}
		t.Logf("%d players: %d bids, state JSON up to %d bytes", players, bids, longest)
	}
}
