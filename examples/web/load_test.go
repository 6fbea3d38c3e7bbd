package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/nornsgames/norns"
)

// TestLoad plays many matches at once over loopback: 200 clients (40 with -short), two to a
// match, half Herrlof and half Gnav, each reading its seat's event stream and playing random
// legal moves. It checks that no client meets an error, that every match ends, that the
// server's record of every match holds exactly the moves the clients made (no move lost or
// doubled), and that once the server closes the goroutines are back to the baseline. It logs
// its figures: moves, payloads, moves per second and round-trip percentiles. The server keeps
// its matches in memory, or in the command's default store (a bbolt database, synced after
// every move) in a directory under $NORNS_WEB_LOAD_DATA when that is set:
//
//	go test -run TestLoad -v ./examples/web                              # in memory
//	NORNS_WEB_LOAD_DATA=/tmp/norns-load go test -run TestLoad -v ./examples/web  # on disk
func TestLoad(t *testing.T) {
	clients := 200
	if testing.Short() {
		clients = 40
	}
	baseline := runtime.NumGoroutine()
	srv, hs := testServer(t, func(o *options) {
		o.maxMatches = clients / 2
		o.maxStreams = clients
		if dir := os.Getenv("NORNS_WEB_LOAD_DATA"); dir != "" { // the figures with a store on disk
			bs, err := openBoltStore(filepath.Join(dir, fmt.Sprint(time.Now().UnixNano())))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = bs.Close() })
			o.store = bs
		}
	})
	tr := &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: 0}
	c := &http.Client{Transport: tr, Timeout: 0}

	type match struct {
		r      createReply
		played map[norns.Player]int
		pays   int
	}
	matches := make([]*match, clients/2)
	for i := range matches {
		game, config := "herrlof", `{"handLimit":1}`
		if i%2 == 1 {
			game, config = "gnav", `{"players":2,"lives":3}`
		}
		matches[i] = &match{r: create(t, hs.URL, game, config, "human", "human")}
	}

	var mu sync.Mutex
	var rtts []time.Duration
	errs := make(chan error, len(matches))
	start := time.Now()
	var wg sync.WaitGroup
	for i, m := range matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			raw, played, err := playStreamsTimed(c, hs.URL, m.r, uint64(i), 90*time.Second, func(d time.Duration) {
				mu.Lock()
				rtts = append(rtts, d)
				mu.Unlock()
			})
			m.played = played
			for _, list := range raw {
				m.pays += len(list)
			}
			errs <- err
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}

	totalMoves, payloads := 0, 0
	for _, m := range matches {
		srv.mu.Lock()
		tb := srv.tables[m.r.Match]
		srv.mu.Unlock()
		tb.mu.Lock()
		moves, over := slices.Clone(tb.moves), tb.m.Over()
		tb.mu.Unlock()
		if !over {
			t.Fatalf("match %s did not end", m.r.Match)
		}
		// who made each move, from the server's record
		g := tb.game
		s, _ := g.New(tb.config)
		bySeat := map[norns.Player]int{}
		for _, mv := range moves {
			if p := s.ToMove(); p.IsSeat() {
				bySeat[p]++
			}
			var err error
			if s, err = s.Apply(mv); err != nil {
				t.Fatal(err)
			}
		}
		if fmt.Sprint(bySeat) != fmt.Sprint(m.played) {
			t.Fatalf("match %s: the server recorded moves per seat %v, the clients made %v", m.r.Match, bySeat, m.played)
		}
		for _, n := range bySeat {
			totalMoves += n
		}
		payloads += m.pays
	}

	slices.Sort(rtts)
	pct := func(q float64) time.Duration { return rtts[int(q*float64(len(rtts)-1))] }
	t.Logf("%d clients in %d matches: %d moves, %d payloads in %v (%.0f moves/s); move round trip p50 %v, p99 %v, max %v",
		clients, len(matches), totalMoves, payloads, elapsed.Round(time.Millisecond), float64(totalMoves)/elapsed.Seconds(),
		pct(0.5).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), rtts[len(rtts)-1].Round(time.Microsecond))

	// everything the server started ends when it closes
	srv.Close()
	hs.Close()
	tr.CloseIdleConnections()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > baseline {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines after closing, baseline %d:\n%s", runtime.NumGoroutine(), baseline, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}
