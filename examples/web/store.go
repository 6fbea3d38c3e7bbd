package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"time"

	"go.etcd.io/bbolt"
	bberrors "go.etcd.io/bbolt/errors"

	"github.com/nornsgames/norns"
)

// A store keeps every match's record, so that a restarted server resumes them all. The server
// saves a match's record when it is created and after every move, before anyone hears of the
// move, and deletes it when the match expires. A store must be safe for concurrent use.
//
// The record holds no game state of its own: the server rebuilds a match by replaying its moves
// through the registry, so a store needs no change when a game's state does.
type store interface {
	// Save stores rec in place of the match's earlier record, durably, as one step: a crash
	// leaves the old record or the new, never a mix.
	Save(rec matchRecord) error
	// Load returns every match's record; one that cannot be read is reported in skipped and left
	// out.
	Load() (recs []matchRecord, skipped []error, err error)
	// Delete removes a match's record; a record that is not there is no error.
	Delete(id string) error
}

// recordVersion is the version of matchRecord's JSON form; Load skips any other.
const recordVersion = 1

// A matchRecord is what the store keeps of a match.
type matchRecord struct {
	Version int             `json:"version"`
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Config  json.RawMessage `json:"config"`
	Seed    uint64          `json:"seed"`
	Moves   []string        `json:"moves"` // every move so far, chance's included
	// Chance is the chance generator's state after the last move (rng.Rand.MarshalBinary), so
	// that the draws go on as they would have.
	Chance  []byte       `json:"chance"`
	Seats   []storedSeat `json:"seats"`
	Client  string       `json:"client"` // who created it (clientKey), for the per-client limits
	Failure string       `json:"failure,omitempty"`
	// WatchHash is the SHA-256 of the match's watch token in hex (hashToken), as a seat's:
	// the token a spectator follows the match with. A record written before watch links has
	// none, and its match no watch link.
	WatchHash string `json:"watchHash,omitempty"`
}

// A storedSeat is a seat's kind and, for a human, the SHA-256 of its token in hex and the
// match's watch token sealed with the seat's token (sealWatch): neither token is ever stored, so
// a copy of the data directory does not give away the seats or the watch link.
type storedSeat struct {
	Kind      string `json:"kind"`
	TokenHash string `json:"tokenHash,omitempty"`
	Watch     string `json:"watch,omitempty"`
}

// hashToken returns the hex SHA-256 of a seat's token: the key the server finds a seat by.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// validHash matches a token's hash (hashToken).
var validHash = regexp.MustCompile(`^[0-9a-f]{64}$`)

// validID matches the match ids the server makes (and so the keys of the store's records).
var validID = regexp.MustCompile(`^[0-9a-f]{16}$`)

// memStore is a store in memory: for tests, and for -memory.
type memStore struct {
	mu   sync.Mutex
	recs map[string][]byte
}

func newMemStore() *memStore { return &memStore{recs: map[string][]byte{}} }

func (m *memStore) Save(rec matchRecord) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	m.mu.Lock()
	m.recs[rec.ID] = b
	m.mu.Unlock()
	return nil
}

func (m *memStore) Load() ([]matchRecord, []error, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []matchRecord
	for _, id := range slices.Sorted(maps.Keys(m.recs)) {
		var rec matchRecord
		if err := json.Unmarshal(m.recs[id], &rec); err != nil {
			return nil, nil, err
		}
		out = append(out, rec)
	}
	return out, nil, nil
}

func (m *memStore) Delete(id string) error {
	m.mu.Lock()
	delete(m.recs, id)
	m.mu.Unlock()
	return nil
}

// boltStore keeps the records in a bbolt database (go.etcd.io/bbolt), one file, matches.db, in
// the data directory: a bucket of records keyed by match id, each record the JSON of a
// matchRecord. Every Save and Delete is committed in a transaction, with fsync, before it returns
// (Saves made at the same moment share one: storeBatchDelay), so a crash or a power cut at any
// moment leaves the old record or the new. The
// database file is locked while the store is open: a second server on the same directory fails
// to open it (after storeLockWait) instead of sharing it.
type boltStore struct {
	db *bbolt.DB
}

// boltFile is the database's file name in the data directory.
const boltFile = "matches.db"

// matchesBucket is the bucket of the records, keyed by match id.
var matchesBucket = []byte("matches")

// storeBatchDelay is the longest a Save waits for others to share its transaction (bbolt's
// Batch; its default is 10 ms). Saves from many matches at once share one commit, and so one
// fsync: with 200 clients on one disk the load test plays about twice the moves per second that
// a transaction per Save did. A lone Save waits this long more before its commit: about 4 ms in
// all on this project's test machine, against 1 ms for a transaction of its own, which nobody
// clicking notices.
const storeBatchDelay = 2 * time.Millisecond

// storeLockWait is how long openBoltStore waits for another process to let go of the database.
const storeLockWait = 2 * time.Second

// openBoltStore opens (creating them if need be) the data directory dir and its database.
func openBoltStore(dir string) (*boltStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, boltFile)
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: storeLockWait})
	if errors.Is(err, bberrors.ErrTimeout) {
		return nil, fmt.Errorf("store: %s is in use by another server", path)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(matchesBucket)
		return err
	})
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	db.MaxBatchDelay = storeBatchDelay
	return &boltStore{db: db}, nil
}

// Close closes the database; the store is not used after.
func (b *boltStore) Close() error { return b.db.Close() }

func (b *boltStore) Save(rec matchRecord) error {
	if !validID.MatchString(rec.ID) {
		return fmt.Errorf("store: %q is not a match id", rec.ID)
	}
	v, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	err = b.db.Batch(func(tx *bbolt.Tx) error {
		return tx.Bucket(matchesBucket).Put([]byte(rec.ID), v)
	})
	if err != nil {
		return fmt.Errorf("store: saving match %s: %w", rec.ID, err)
	}
	return nil
}

func (b *boltStore) Load() ([]matchRecord, []error, error) {
	var out []matchRecord
	var skipped []error
	err := b.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(matchesBucket).ForEach(func(k, v []byte) error {
			id := string(k)
			if !validID.MatchString(id) {
				skipped = append(skipped, fmt.Errorf("store: %q is not a match id", norns.Clip(id)))
				return nil
			}
			var rec matchRecord
			if err := strictUnmarshal(v, &rec); err != nil {
				skipped = append(skipped, fmt.Errorf("store: match %s: %w", id, err))
				return nil
			}
			if rec.Version != recordVersion || rec.ID != id {
				skipped = append(skipped, fmt.Errorf("store: match %s: version %d, id %q: not a record this server reads", id, rec.Version, norns.Clip(rec.ID)))
				return nil
			}
			out = append(out, rec)
			return nil
		})
	})
	if err != nil {
		return nil, nil, err
	}
	return out, skipped, nil
}

func (b *boltStore) Delete(id string) error {
	return b.db.Update(func(tx *bbolt.Tx) error {
		return tx.Bucket(matchesBucket).Delete([]byte(id))
	})
}

// defaultDataDir is where the server keeps its matches unless told otherwise: norns-web in the
// user's cache directory ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
// %LocalAppData% on Windows).
func defaultDataDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the matches (%v): name one with -data", err)
	}
	return filepath.Join(dir, "norns-web"), nil
}
