package norns_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/toy"
)

func writeRecord(t *testing.T, rec norns.Record) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestRecordVersionAndTags(t *testing.T) {
	rec, last, _ := playRecord(t, 9)
	if rec.Version != norns.RecordVersion {
		t.Errorf("NewRecord version %q", rec.Version)
	}
	rec.Tags = norns.Tags{Event: "Club night", Date: "2026-12-01",
		Seats: []norns.SeatTag{{Name: "Ada"}, {Name: "Bo", Bot: "toy random"}}, Extra: map[string]string{"round": "3"}}
	data := writeRecord(t, rec)
	if !bytes.Contains(data, []byte(`"version": "1.0"`)) || !bytes.Contains(data, []byte(`"event": "Club night"`)) {
		t.Errorf("written record:\n%s", data)
	}
	read, err := norns.ReadRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if read.Tags.Seats[1].Bot != "toy random" || read.Tags.Extra["round"] != "3" {
		t.Errorf("tags read back: %+v", read.Tags)
	}
	if got, err := norns.Replay(toy.New(), read, toy.ParseMove); err != nil || got != last {
		t.Errorf("Replay with tags: %v", err)
	}
	read.Tags.Seats = read.Tags.Seats[:1]
	if _, err := norns.Replay(toy.New(), read, toy.ParseMove); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("Replay with one seat tag for two seats: %v", err)
	}
	// Untagged records carry no tags object.
	rec.Tags = norns.Tags{}
	if data := writeRecord(t, rec); bytes.Contains(data, []byte(`"tags"`)) {
		t.Errorf("empty tags written:\n%s", data)
	}
}

// recordJSON is a small valid toy record as a map, for editing fields.
func recordJSON(t *testing.T) map[string]any {
	t.Helper()
	rec, _, _ := playRecord(t, 9)
	var m map[string]any
	if err := json.Unmarshal(writeRecord(t, rec), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func readMap(m map[string]any) (norns.Record, error) {
	data, _ := json.Marshal(m)
	return norns.ReadRecord(bytes.NewReader(data))
}

func TestRecordVersions(t *testing.T) {
	for v, ok := range map[string]bool{"1.0": true, "1.7": true, "2.0": false, "10.1": false, "1": false, "1.x": false, "01.0": false, "": false, "0.9": false} {
		m := recordJSON(t)
		m["version"] = v
		_, err := readMap(m)
		if ok != (err == nil) {
			t.Errorf("version %q: error %v", v, err)
		}
		if err != nil && !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("version %q: error %v does not wrap ErrCorrupt", v, err)
		}
		if v == "2.0" && (err == nil || !strings.Contains(err.Error(), "newer") || !strings.Contains(err.Error(), "upgrade")) {
			t.Errorf("newer major version: error %v does not say so", err)
		}
	}
	// A newer minor version may add fields; an older reader ignores them.
	m := recordJSON(t)
	m["version"] = "1.4"
	m["clock"] = map[string]any{"initial": 300}
	if _, err := readMap(m); err != nil {
		t.Errorf("newer minor version with a new field: %v", err)
	}
	m["version"] = "1.0"
	if _, err := readMap(m); err == nil {
		t.Error("a 1.0 record with an unknown field accepted")
	}
	// A record from before versions: no version field.
	m = recordJSON(t)
	delete(m, "version")
	if r, err := readMap(m); err != nil || r.Version != "" {
		t.Errorf("unversioned record: %v, version %q", err, r.Version)
	}
}

func TestReadRecordStrict(t *testing.T) {
	for name, edit := range map[string]func(m map[string]any){
		"cased key":       func(m map[string]any) { m["GAME"] = m["game"]; delete(m, "game") },
		"unknown tag":     func(m map[string]any) { m["tags"] = map[string]any{"opponent": "x"} },
		"bad date":        func(m map[string]any) { m["tags"] = map[string]any{"date": "1 Dec 2026"} },
		"bad extra key":   func(m map[string]any) { m["tags"] = map[string]any{"extra": map[string]any{"a b": "x"}} },
		"long tag":        func(m map[string]any) { m["tags"] = map[string]any{"event": strings.Repeat("x", norns.MaxTagText+1)} },
		"long move":       func(m map[string]any) { m["moves"] = []string{strings.Repeat("keep ", 1000)} },
		"no game":         func(m map[string]any) { delete(m, "game") },
		"scores not over": func(m map[string]any) { m["over"] = false },
	} {
		m := recordJSON(t)
		edit(m)
		r, err := readMap(m)
		if err == nil {
			_, err = norns.Replay(toy.New(), r, toy.ParseMove)
		}
		if !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("%s: error %v, want ErrCorrupt", name, err)
		}
		if err != nil && len(err.Error()) > 300 {
			t.Errorf("%s: error of %d bytes", name, len(err.Error()))
		}
	}
}

func TestDecodeConfig(t *testing.T) {
	type config struct {
		Players int  `json:"players"`
		Cat     bool `json:"cat,omitempty"`
	}
	c, err := norns.DecodeConfig[config]("toy", []byte(`{"players":3,"cat":true}`))
	if err != nil || c != (config{3, true}) {
		t.Errorf("DecodeConfig = %+v, %v", c, err)
	}
	for _, bad := range []string{`{"PLAYERS":3}`, `{"Players":3}`, `{"players":3,"bogus":1}`, `{"players":3,"players":4}`, `{"players":"3"}`, `{"players":3} {}`, ``, `[]`, `null`, ` null`} {
		if _, err := norns.DecodeConfig[config]("toy", []byte(bad)); !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("DecodeConfig(%s): %v, want ErrBadConfig", bad, err)
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestRecordHugeInputs feeds 50 MB inputs to the record and config readers: they are refused,
// with short errors, allocating at most a small multiple of the input.
func TestRecordHugeInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB inputs")
	}
	const size = 50 << 20
	moves := `{"version":"1.0","game":"toy","config":{},"seed":1,"moves":[` + strings.Repeat(`"a",`, size/4) + `"a"],"over":false}`
	underLimit := `{"version":"1.0","game":"toy","config":{},"seed":1,"moves":[` + strings.Repeat(`"a",`, (norns.MaxRecordSize-200)/4) + `"a"],"over":false}`
	for name, in := range map[string]string{
		"garbage":           strings.Repeat("\x01", size),
		"moves":             moves,
		"moves under limit": underLimit,
		"long string":       `{"game":"` + strings.Repeat("g", size) + `"}`,
	} {
		var err error
		n := allocated(func() { _, err = norns.ReadRecord(strings.NewReader(in)) })
		if !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("%s: error %.200v, want ErrCorrupt", name, err)
		}
		if len(err.Error()) > 300 {
			t.Errorf("%s: error of %d bytes", name, len(err.Error()))
		}
		if limit := 4 * uint64(min(len(in), norns.MaxRecordSize)); n > limit && !raceEnabled {
			t.Errorf("%s: ReadRecord of %d bytes allocated %d bytes (limit %d)", name, len(in), n, limit)
		}
		t.Logf("%s: %d bytes in, %d allocated", name, len(in), n)
		in2 := []byte(in)
		n = allocated(func() { _, err = norns.DecodeConfig[map[string]int]("toy", in2) })
		if err == nil || (n > 1<<20 && !raceEnabled) || len(err.Error()) > 300 {
			t.Errorf("%s: DecodeConfig: %d bytes allocated, error %.200v", name, n, err)
		}
	}
}

// TestReadRecordIOErrorIsNotCorrupt checks that a reader's failure is reported as itself, not as
// corrupt data: a failing reader and a directory opened as a file.
func TestReadRecordIOErrorIsNotCorrupt(t *testing.T) {
	broken := errors.New("disk on fire")
	_, err := norns.ReadRecord(iotest.ErrReader(broken))
	if !errors.Is(err, broken) || errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("ReadRecord(failing reader) = %v, want the reader's error and not ErrCorrupt", err)
	}
	dir, err := os.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	if _, err := norns.ReadRecord(dir); err == nil || errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("ReadRecord(a directory) = %v, want an I/O error that is not ErrCorrupt", err)
	}
	if _, err := norns.ReadRecord(strings.NewReader(strings.Repeat(" ", norns.MaxRecordSize+1))); !errors.Is(err, norns.ErrCorrupt) {
		t.Errorf("ReadRecord(too large) = %v, want ErrCorrupt", err)
	}
}

// TestRecordTagsMustBePrintable checks that a record whose tags hold terminal escapes, fake
// lines or bidirectional controls is refused when read and when written.
func TestRecordTagsMustBePrintable(t *testing.T) {
	for _, tags := range []norns.Tags{
		{Event: "Club\x1b[2J night"},
		{Site: "home\nResult: seat 1 wins"},
		{Seats: []norns.SeatTag{{Name: "Ada\u202e"}, {Name: "Bo"}}},
		{Seats: []norns.SeatTag{{Name: "Ada", Bot: "x\x07"}, {Name: "Bo"}}},
		{Extra: map[string]string{"round": "1\r2"}},
	} {
		rec := norns.Record{Game: "toy", Config: []byte(`{}`), Tags: tags}
		var buf bytes.Buffer
		if err := rec.Write(&buf); !errors.Is(err, norns.ErrCorrupt) || buf.Len() != 0 {
			t.Errorf("Write(%+v) = %v with %d bytes written, want ErrCorrupt and nothing", tags, err, buf.Len())
		}
		tags.Date = ""
		data, err := json.Marshal(map[string]any{"version": "1.0", "game": "toy", "config": map[string]any{}, "seed": 1, "moves": []string{}, "over": false, "tags": tags})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := norns.ReadRecord(bytes.NewReader(data)); !errors.Is(err, norns.ErrCorrupt) {
			t.Errorf("ReadRecord(tags %+v) = %v, want ErrCorrupt", tags, err)
		}
	}
}
