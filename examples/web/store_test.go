package main

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func testRecord(id string, moves ...string) matchRecord {
	return matchRecord{
		Version: recordVersion, ID: id, Game: "gnav", Config: []byte(`{"players":2}`), Seed: 9,
		Moves: moves, Chance: []byte{1, 2, 3}, Client: "127.0.0.1",
		Seats: []storedSeat{{Kind: "human", TokenHash: hashToken("t")}, {Kind: "random"}},
	}
}

// Both stores keep what they are given: Save replaces, Load returns every record, Delete
// removes one (and a second Delete is no error).
func TestStores(t *testing.T) {
	dir := t.TempDir()
	ds, err := openDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, st := range map[string]store{"memory": newMemStore(), "directory": ds} {
		t.Run(name, func(t *testing.T) {
			a, b := testRecord("00000000000000aa"), testRecord("00000000000000bb", "deal")
			for _, rec := range []matchRecord{a, b} {
				if err := st.Save(rec); err != nil {
					t.Fatal(err)
				}
			}
			a.Moves = []string{"deal", "stand"}
			if err := st.Save(a); err != nil {
				t.Fatal(err)
			}
			got, skipped, err := st.Load()
			if err != nil || len(skipped) > 0 {
				t.Fatal(err, skipped)
			}
			if diff := cmp.Diff([]matchRecord{a, b}, got); diff != "" {
				t.Fatalf("Load mismatch (-want +got):\n%s", diff)
			}
			for range 2 {
				if err := st.Delete(a.ID); err != nil {
					t.Fatal(err)
				}
			}
			got, _, _ = st.Load()
			if diff := cmp.Diff([]matchRecord{b}, got); diff != "" {
				t.Fatalf("after Delete (-want +got):\n%s", diff)
			}
		})
	}
}

// What a crash or a stranger leaves in the data directory does not stop the server: a
// temporary file of an unfinished save is removed when the store opens, and a record that does
// not read is skipped and reported; the others load.
func TestDirStoreLeftovers(t *testing.T) {
	dir := t.TempDir()
	ds, _ := openDirStore(dir)
	good := testRecord("00000000000000cc", "deal")
	if err := ds.Save(good); err != nil {
		t.Fatal(err)
	}
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("00000000000000cc.123.tmp", `{"version":1,"id":"00000000000000cc","mo`) // a torn save
	write("00000000000000dd.json", `{"version":1,"id":"00000000000000dd"`)        // not JSON
	write("00000000000000ee.json", `{"version":2,"id":"00000000000000ee"}`)       // a later version
	write("00000000000000ff.json", `{"version":1,"id":"0000000000000000"}`)       // another's id
	write("notes.txt", "hello")
	ds, err := openDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tmps, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmps) > 0 {
		t.Fatalf("temporary files left: %v", tmps)
	}
	got, skipped, err := ds.Load()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]matchRecord{good}, got); diff != "" {
		t.Fatalf("Load mismatch (-want +got):\n%s", diff)
	}
	if len(skipped) != 3 {
		t.Fatalf("skipped %v, want the three bad records", skipped)
	}
	if err := ds.Save(testRecord("../../etc/passwd")); err == nil {
		t.Fatal("a record with a path for an id was saved")
	}
}

// failingStore fails every Save while fail is set.
type failingStore struct {
	store
	fail atomic.Bool
}

func (f *failingStore) Save(rec matchRecord) error {
	if f.fail.Load() {
		return errors.New("disk full")
	}
	return f.store.Save(rec)
}

// A move the server cannot store is refused (503) and the match stays as it was; once the store
// works again, the same move is played.
func TestMoveNotStoredIsRefused(t *testing.T) {
	fs := &failingStore{store: newMemStore()}
	srv, hs := testServer(t, func(o *options) { o.store = fs })
	r := create(t, hs.URL, "herrlof", `{"handLimit":1}`, "human", "human")
	var pl payload
	var tok string
	for deadline := time.Now().Add(10 * time.Second); tok == ""; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no seat's turn came")
		}
		for _, s := range r.Seats {
			if pl = state(t, hs.URL, s.Token); len(pl.Legal) > 0 {
				tok = s.Token
				break
			}
		}
	}
	seq0, state0 := snapshot(srv, r.Match)
	fs.fail.Store(true)
	body := moveRequest{Token: tok, Seq: pl.Seq, Move: pl.Legal[0]}
	if code, msg := post(t, http.DefaultClient, hs.URL+"/api/move", body, nil); code != 503 || !strings.Contains(msg, "could not store") {
		t.Fatalf("a move the store refuses: %d %s, want 503", code, msg)
	}
	if seq, state := snapshot(srv, r.Match); seq != seq0 || state != state0 {
		t.Fatal("the move that was not stored changed the match")
	}
	fs.fail.Store(false)
	if code, msg := post(t, http.DefaultClient, hs.URL+"/api/move", body, nil); code != 200 {
		t.Fatalf("the same move once the store works: %d %s", code, msg)
	}
	recs, _, _ := fs.Load()
	if len(recs) != 1 || len(recs[0].Moves) != seq0+1 {
		t.Fatalf("the store holds %+v, want the match with %d moves", recs, seq0+1)
	}
	// and a match that cannot be stored is not created
	fs.fail.Store(true)
	if code, msg := post(t, http.DefaultClient, hs.URL+"/api/matches", `{"game":"gnav","seats":["human","human","human","human"]}`, nil); code != 503 {
		t.Fatalf("a match the store refuses: %d %s, want 503", code, msg)
	}
}
