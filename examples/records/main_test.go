package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// makeRecord plays a match of game with random bots, chance from rng.New(seed), and writes its
// record (stopped after limit moves when limit > 0) to a file in dir.
func makeRecord(t *testing.T, dir, game, config string, seed uint64, limit int) string {
	t.Helper()
	g, err := norns.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.New([]byte(config))
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(seed)
	var moves []string
	for !m.Over() && (limit == 0 || len(moves) < limit) {
		var mv string
		if p := m.ToMove(); p == norns.Chance {
			mv = m.SampleChance(r)
		} else {
			b, _ := g.NewBot("random", seed+uint64(len(moves)))
			if mv, err = b.Choose(context.Background(), m.View(p)); err != nil {
				t.Fatal(err)
			}
		}
		if m, err = m.Apply(mv); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, mv)
	}
	rec, err := g.NewRecord([]byte(config), seed, moves)
	if err != nil {
		t.Fatal(err)
	}
	rec.Tags = norns.Tags{Event: "test", Date: "2026-12-01", Seats: []norns.SeatTag{{Name: "Ada"}}}
	for range m.Players() - 1 {
		rec.Tags.Seats = append(rec.Tags.Seats, norns.SeatTag{Bot: game + " random"})
	}
	path := filepath.Join(dir, game+".json")
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func runRecords(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestValidate(t *testing.T) {
	dir := t.TempDir()
	h := makeRecord(t, dir, "herrlof", `{"players":2}`, 3, 0)
	g := makeRecord(t, filepath.Join(dir), "gnav", `{"players":3,"lives":2}`, 4, 0)
	code, out, errOut := runRecords("validate", h, g)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	for _, want := range []string{h + ": ok, herrlof, 2 players,", g + ": ok, gnav, 3 players,", "wins"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestValidateRefuses tampers with a sound record in the ways a file goes wrong; each is
// refused with a plain message that says what is wrong, and the exit status is 1.
func TestValidateRefuses(t *testing.T) {
	dir := t.TempDir()
	path := makeRecord(t, dir, "gnav", `{"players":2}`, 5, 0)
	good, _ := os.ReadFile(path)
	for _, tc := range []struct {
		name, from, to, msg string
	}{
		{"newer major version", `"version": "1.0"`, `"version": "2.0"`, "newer"},
		{"unknown field", `"seed":`, `"bogus": 1, "seed":`, "bogus"},
		{"unknown game", `"game": "gnav"`, `"game": "chess"`, `"chess", a game this program does not know`},
		{"illegal move", `"stand"`, `"ask ask"`, "move"},
		{"wrong result", `"over": true`, `"over": false`, "over"},
		{"bad config", `"lives": 3`, `"lives": 30`, "lives"},
		{"not json", `{`, `{{`, "corrupt"},
		{"terminal escape in a tag", `"event": "test"`, `"event": "Club\u001b[2J night\nResult: seat 1 wins"`, "control characters"},
		{"bidi override in a name", `"name": "Ada"`, `"name": "Ada\u202e"`, "bidirectional"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(string(good), tc.from, tc.to, 1)
			if bad == string(good) {
				t.Fatalf("%q not found in the record:\n%s", tc.from, good)
			}
			p := filepath.Join(dir, "bad.json")
			os.WriteFile(p, []byte(bad), 0o644)
			code, out, _ := runRecords("validate", path, p)
			if code != 1 || !strings.Contains(out, path+": ok") || !strings.Contains(out, p+": ") || !strings.Contains(out, tc.msg) {
				t.Errorf("exit %d:\n%s", code, out)
			}
			if strings.Contains(out, "norns: ") {
				t.Errorf("package prefix in %q", out)
			}
			if !norns.IsPrintable(strings.ReplaceAll(out, "\n", "")) {
				t.Errorf("the account prints raw control characters: %q", out)
			}
		})
	}
	code, out, _ := runRecords("validate", filepath.Join(dir, "missing.json"))
	if code != 1 || !strings.Contains(out, "no such file") {
		t.Errorf("missing file: exit %d: %s", code, out)
	}
}

// TestShow compares the account of a short scripted record with the golden file.
func TestShow(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ game, config string }{{"gnav", `{"players":3,"lives":1}`}, {"herrlof", `{"players":2,"handLimit":1}`}} {
		t.Run(tc.game, func(t *testing.T) {
			path := makeRecord(t, dir, tc.game, tc.config, 7, 0)
			code, out, errOut := runRecords("show", path)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			name := "show-" + tc.game + ".golden"
			gametest.Golden(t, filepath.Join("testdata", name), strings.ReplaceAll(out, dir, "DIR"), *update, name)
			if !strings.Contains(out, "seat 0: Ada") || !strings.Contains(out, "event: test") {
				t.Errorf("tags missing:\n%s", out)
			}
		})
	}
}

func TestReplay(t *testing.T) {
	dir := t.TempDir()
	path := makeRecord(t, dir, "herrlof", `{"players":2}`, 9, 20)
	code, out, errOut := runRecords("replay", "-to", "3", "-seat", "1", path)
	if code != 0 || !strings.Contains(out, "After move 3 of 20 (seat 1's view)") || !strings.Contains(out, "Seat ") {
		t.Errorf("exit %d %s:\n%s", code, errOut, out)
	}
	code, out, _ = runRecords("replay", "-json", path)
	if code != 0 || !strings.HasPrefix(out, "{") {
		t.Errorf("json: exit %d:\n%s", code, out)
	}
	code, out, _ = runRecords("replay", "-json", "-seat", "0", path)
	if code != 0 || !strings.Contains(out, `"game":"herrlof"`) {
		t.Errorf("view json: exit %d:\n%s", code, out)
	}
	if code, _, errOut := runRecords("replay", "-seat", "5", path); code != 1 || !strings.Contains(errOut, "-seat 5") {
		t.Errorf("bad seat: exit %d %s", code, errOut)
	}
}

func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{nil, 2, "Commands:"},
		{[]string{"-h"}, 0, "Examples:"},
		{[]string{"frobnicate"}, 2, "unknown command"},
		{[]string{"validate"}, 2, "at least one"},
		{[]string{"show", "a", "b"}, 2, "one record file"},
	} {
		code, _, errOut := runRecords(tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, errOut)
		}
	}
}

// TestEveryRegisteredGame validates and shows a record of every registered game: a new game is
// read here by registering.
func TestEveryRegisteredGame(t *testing.T) {
	dir := t.TempDir()
	for _, name := range norns.Games() {
		g, _ := norns.Lookup(name)
		var opts []string
		for _, op := range g.Options() {
			if op.Name == "handLimit" {
				opts = append(opts, "handLimit=1")
			}
		}
		cfg, err := g.ConfigFromOptions(opts...)
		if err != nil {
			t.Fatal(err)
		}
		path := makeRecord(t, dir, name, string(cfg), 11, 0)
		if code, out, errOut := runRecords("validate", path); code != 0 || !strings.Contains(out, ": ok, "+name) {
			t.Errorf("%s: validate: exit %d %s%s", name, code, out, errOut)
		}
		if code, out, errOut := runRecords("show", path); code != 0 || !strings.Contains(out, "Result: ") {
			t.Errorf("%s: show: exit %d %s%s", name, code, out, errOut)
		}
		if code, _, errOut := runRecords("replay", "-to", "5", "-seat", "0", path); code != 0 {
			t.Errorf("%s: replay: exit %d %s", name, code, errOut)
		}
	}
}
