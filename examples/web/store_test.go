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
	"go.etcd.io/bbolt"
)

func testRecord(id string, moves ...string) matchRecord {
	return matchRecord{
		Version: recordVersion, ID: id, Game: "gnav", Config: []byte(`{"players":2}`), Seed: 9,
		Moves: moves, Chance: []byte{1, 2, 3}, Client: "127.0.0.1",
		Seats: []storedSeat{{Kind: "human", TokenHash: hashToken("t")}, {Kind: "random"}},
	}
}

// Both stores keep what they are given: Save replaces, Load returns every record, Delete
// removes one (and a second Delete is no error); the database keeps them across a close and an
// open.
func TestStores(t *testing.T) {
	dir := t.TempDir()
	bs, err := openBoltStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bs.Close() })
	for name, st := range map[string]store{"memory": newMemStore(), "bbolt": bs} {
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
	// closed and opened again, the database holds what it held
	if err := bs.Close(); err != nil {
		t.Fatal(err)
	}
	bs, err = openBoltStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, skipped, err := bs.Load()
	if err != nil || len(skipped) > 0 {
		t.Fatal(err, skipped)
	}
	if diff := cmp.Diff([]matchRecord{testRecord("00000000000000bb", "deal")}, got); diff != "" {
		t.Fatalf("after reopening (-want +got):\n%s", diff)
	}
}

// What a stranger or an older server leaves in the database does not stop the server: a record
// that does not read is skipped and reported, and the others load. A record with a path or
// anything but a match id for its id is not saved.
func TestBoltStoreLeftovers(t *testing.T) {
	dir := t.TempDir()
	bs, err := openBoltStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bs.Close() })
	good := testRecord("00000000000000cc", "deal")
	if err := bs.Save(good); err != nil {
		t.Fatal(err)
	}
	put := func(key, data string) {
		err := bs.db.Update(func(tx *bbolt.Tx) error { return tx.Bucket(matchesBucket).Put([]byte(key), []byte(data)) })
		if err != nil {
			t.Fatal(err)
		}
	}
	put("00000000000000dd", `{"version":1,"id":"00000000000000dd"`)  // not JSON
	put("00000000000000ee", `{"version":2,"id":"00000000000000ee"}`) // a later version
	put("00000000000000ff", `{"version":1,"id":"0000000000000000"}`) // another's id
	put("notes", `{}`)                                               // not a match id
	got, skipped, err := bs.Load()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]matchRecord{good}, got); diff != "" {
		t.Fatalf("Load mismatch (-want +got):\n%s", diff)
	}
	if len(skipped) != 4 {
		t.Fatalf("skipped %v, want the four bad records", skipped)
	}
	if err := bs.Save(testRecord("../../etc/passwd")); err == nil {
		t.Fatal("a record with a path for an id was saved")
	}
}

// A data directory is one server's: a second store on it fails to open (the database is
// locked) rather than share it, and opens once the first is closed.
func TestBoltStoreOneServer(t *testing.T) {
	dir := t.TempDir()
	bs, err := openBoltStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if second, err := openBoltStore(dir); err == nil {
		second.Close()
		t.Fatal("a second store opened the same data directory")
	} else if !strings.Contains(err.Error(), "in use") {
		t.Fatalf("the second store: %v, want an error that says the database is in use", err)
	}
	if waited := time.Since(start); waited < storeLockWait/2 {
		t.Fatalf("the second store gave up after %v, before waiting %v for the first", waited, storeLockWait)
	}
	if err := bs.Close(); err != nil {
		t.Fatal(err)
	}
	bs, err = openBoltStore(dir)
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	_ = bs.Close()
	// and a data directory that cannot be made is an error, not a panic
	if _, err := openBoltStore(filepath.Join(os.DevNull, "x")); err == nil {
		t.Fatal("a store opened under /dev/null")
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
