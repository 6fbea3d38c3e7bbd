package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
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

// validID matches the match ids the server makes (and so the names of the store's files).
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

// dirStore keeps each match's record in a file of its own, ID.json in its directory. Save
// writes the record to a temporary file in the same directory, syncs it to disk, renames it over
// the old one (an atomic step on every platform Go supports) and syncs the directory, so a crash
// or a power cut at any moment leaves the old record or the new. Matches are saved in parallel,
// each in its own file; a record is a few kilobytes.
type dirStore struct {
	dir string
}

// openDirStore opens (creating it if need be) the store in dir, and removes the temporary files
// a crash may have left.
func openDirStore(dir string) (*dirStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	tmps, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
	for _, p := range tmps {
		_ = os.Remove(p)
	}
	return &dirStore{dir: dir}, nil
}

func (d *dirStore) path(id string) (string, error) {
	if !validID.MatchString(id) {
		return "", fmt.Errorf("store: %q is not a match id", id)
	}
	return filepath.Join(d.dir, id+".json"), nil
}

func (d *dirStore) Save(rec matchRecord) error {
	path, err := d.path(rec.ID)
	if err != nil {
		return err
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(d.dir, rec.ID+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("store: saving match %s: %w", rec.ID, err)
	}
	d.syncDir()
	return nil
}

// syncDir makes the directory's entries durable (a rename, a removal). Where a directory cannot
// be synced (Windows), the rename is durable as it is.
func (d *dirStore) syncDir() {
	if f, err := os.Open(d.dir); err == nil {
		_ = f.Sync()
		_ = f.Close()
	}
}

func (d *dirStore) Load() ([]matchRecord, []error, error) {
	entries, err := os.ReadDir(d.dir)
	if err != nil {
		return nil, nil, err
	}
	var out []matchRecord
	var skipped []error
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		path, err := d.path(id)
		if err != nil {
			skipped = append(skipped, err)
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			skipped = append(skipped, err)
			continue
		}
		var rec matchRecord
		if err := strictUnmarshal(b, &rec); err != nil {
			skipped = append(skipped, fmt.Errorf("store: %s: %w", e.Name(), err))
			continue
		}
		if rec.Version != recordVersion || rec.ID != id {
			skipped = append(skipped, fmt.Errorf("store: %s: version %d, id %q: not a record this server reads", e.Name(), rec.Version, rec.ID))
			continue
		}
		out = append(out, rec)
	}
	return out, skipped, nil
}

func (d *dirStore) Delete(id string) error {
	path, err := d.path(id)
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	d.syncDir()
	return nil
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
