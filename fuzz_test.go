package norns_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/toy"
)

// FuzzReadRecord: ReadRecord never panics, its errors wrap ErrCorrupt and stay short, and a
// record it accepts writes and reads back the same (and replays or fails with ErrCorrupt).
func FuzzReadRecord(f *testing.F) {
	for seed := range uint64(3) {
		rec, _, _ := playRecord(f, seed)
		rec.Tags = norns.Tags{Event: "fuzz", Date: "2026-12-01", Seats: []norns.SeatTag{{Name: "a"}, {Bot: "b"}}, Extra: map[string]string{"k": "v"}}
		var buf bytes.Buffer
		if err := rec.Write(&buf); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte(`{"game":"toy","config":{},"seed":1,"moves":[],"over":false}`))
	f.Add([]byte(`{"version":"2.0","game":"toy","config":{},"moves":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := norns.ReadRecord(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, norns.ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			if len(err.Error()) > 600 {
				t.Fatalf("an error of %d bytes", len(err.Error()))
			}
			return
		}
		var buf bytes.Buffer
		if err := rec.Write(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := norns.ReadRecord(&buf)
		if err != nil {
			t.Fatalf("a record read does not read back: %v", err)
		}
		back.Version = rec.Version
		rec.Config, back.Config = compact(t, rec.Config), compact(t, back.Config)
		if diff := cmp.Diff(rec, back, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("record round trip (-first +second):\n%s", diff)
		}
		if _, err := toy.ReplayRecord(rec); err != nil && !errors.Is(err, norns.ErrCorrupt) {
			t.Fatalf("ReplayRecord error %v does not wrap ErrCorrupt", err)
		}
	})
}

// FuzzDecodeConfig: DecodeConfig never panics, its errors wrap ErrBadConfig and stay short, and
// what it accepts has exactly the config's keys.
func FuzzDecodeConfig(f *testing.F) {
	type config struct {
		Players int    `json:"players"`
		Lives   int    `json:"lives,omitempty"`
		Name    string `json:"name,omitempty"`
		Flags   []bool `json:"flags,omitempty" maxlen:"4"`
	}
	for _, s := range []string{`{"players":3}`, `{"players":2,"lives":1,"name":"x","flags":[true]}`, `{"PLAYERS":3}`, `{"players":3,"players":3}`, `null`, `{"flags":[true,true,true,true,true]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := norns.DecodeConfig[config]("fuzz", data)
		if err != nil {
			if !errors.Is(err, norns.ErrBadConfig) {
				t.Fatalf("error %v does not wrap ErrBadConfig", err)
			}
			if len(err.Error()) > 600 {
				t.Fatalf("an error of %d bytes", len(err.Error()))
			}
			return
		}
		if len(c.Flags) > 4 {
			t.Fatalf("accepted %d flags", len(c.Flags))
		}
	})
}

func compact(t *testing.T, raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatalf("config %q: %v", raw, err)
	}
	return b.Bytes()
}
