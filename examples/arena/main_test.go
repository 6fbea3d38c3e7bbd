package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/arena"
	"github.com/nornsgames/norns/herrlof"
)

func runArena(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestArenaTable(t *testing.T) {
	code, out, errOut := runArena(t, "-seeds", "20")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"herrlof {\"players\":2}, 20 seeds × 2 seats", "candidate", "95% CI", "mean score", "heuristic", "random"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	// one row for the pairing and one per seat, each with a rate and an interval
	rows := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "–") && !strings.Contains(l, "seeds") {
			rows++
		}
	}
	if rows != 3 {
		t.Errorf("%d result rows, want 3:\n%s", rows, out)
	}
	// the estimate is said up front on stderr; no progress bar on a pipe
	if !strings.Contains(errOut, "expected about") || strings.Contains(errOut, "\r") {
		t.Errorf("stderr %q", errOut)
	}
}

// TestArenaOutputsAgree parses the JSON, CSV and SVG of the same run back and checks that they
// say the same thing, and that the ladder ranks what the pairings say.
func TestArenaOutputsAgree(t *testing.T) {
	dir := t.TempDir()
	args := []string{"-game", "gnav", "-players", "3", "-bots", "random,heuristic", "-seeds", "12", "-quiet"}
	code, jsonOut, errOut := runArena(t, append(args, "-json", "-svg", filepath.Join(dir, "r.svg"))...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep Report
	if err := json.Unmarshal([]byte(jsonOut), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Game != "gnav" || rep.Players != 3 || len(rep.Pairings) != 2 || len(rep.Ladder) != 2 {
		t.Fatalf("report: %+v", rep)
	}
	for _, p := range rep.Pairings {
		if p.Matches != 36 || len(p.Seats) != 3 || p.Low > p.WinRate || p.WinRate > p.High {
			t.Errorf("pairing %+v", p)
		}
		sum := 0.0
		for _, s := range p.Seats {
			sum += s.WinRate
		}
		if math.Abs(sum/3-p.WinRate) > 1e-9 {
			t.Errorf("%s vs %s: seats average %.4f, pairing %.4f", p.Candidate, p.Base, sum/3, p.WinRate)
		}
	}
	if rep.Ladder[0].Bot != "heuristic" || rep.Ladder[0].WinRate <= rep.Ladder[1].WinRate {
		t.Errorf("ladder %+v", rep.Ladder)
	}

	code, csvOut, _ := runArena(t, append(args, "-csv")...)
	if code != 0 {
		t.Fatal("csv run failed")
	}
	recs, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1+2*4 || strings.Join(recs[0], ",") != strings.Join(csvHeader, ",") {
		t.Fatalf("csv: %q", recs)
	}
	for i, p := range rep.Pairings {
		row := recs[1+4*i]
		rate, _ := strconv.ParseFloat(row[6], 64)
		if row[2] != p.Candidate || row[3] != p.Base || row[4] != "all" || math.Abs(rate-p.WinRate) > 1e-4 {
			t.Errorf("csv row %q, json %+v", row, p)
		}
	}

	data, err := os.ReadFile(filepath.Join(dir, "r.svg"))
	if err != nil {
		t.Fatal(err)
	}
	var svg struct {
		XMLName xml.Name `xml:"svg"`
		Groups  []struct {
			Class     string  `xml:"class,attr"`
			Candidate string  `xml:"data-candidate,attr"`
			Rate      float64 `xml:"data-rate,attr"`
			Low       float64 `xml:"data-low,attr"`
			High      float64 `xml:"data-high,attr"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(data, &svg); err != nil {
		t.Fatalf("svg does not parse: %v", err)
	}
	if len(svg.Groups) != 2 {
		t.Fatalf("svg: %d pairings drawn", len(svg.Groups))
	}
	for i, g := range svg.Groups {
		p := rep.Pairings[i]
		if g.Candidate != p.Candidate || math.Abs(g.Rate-p.WinRate) > 1e-4 || math.Abs(g.Low-p.Low) > 1e-4 || math.Abs(g.High-p.High) > 1e-4 {
			t.Errorf("svg %+v, json %+v", g, p)
		}
	}
}

// TestSameAsArenaRun pins the protocol: the command's win rate for a pairing is exactly what
// arena.Run reports for the same seeds, bots and chance streams.
func TestSameAsArenaRun(t *testing.T) {
	code, out, errOut := runArena(t, "-seeds", "16", "-json", "-quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	start, _ := herrlof.New(herrlof.Config{})
	res, err := arena.Run(context.Background(), arena.Config[herrlof.State, herrlof.Move, herrlof.View]{
		Start: start, Seeds: 16, FirstSeed: 1,
		Candidate: func(s uint64) norns.Bot[herrlof.View, herrlof.Move] { return herrlof.NewHeuristicBot(s) },
		Base:      func(s uint64) norns.Bot[herrlof.View, herrlof.Move] { return herrlof.NewRandomBot(s) },
		Stream:    herrlof.ChanceStream,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Pairings[0]; math.Abs(got.WinRate-res.Mean) > 1e-12 || math.Abs((got.High-got.Low)/2-res.Half) > 1e-9 && got.High < 1 && got.Low > 0 {
		t.Errorf("command %.6f (%.6f–%.6f), arena.Run %v", got.WinRate, got.Low, got.High, res)
	}
}

func TestArenaErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-a", "oracle"}, 1, `no bot "oracle"`},
		{[]string{"-game", "chess"}, 1, "unknown game"},
		{[]string{"-seeds", "x"}, 2, "invalid value"},
		{[]string{"-seeds", "1"}, 2, "at least 2"},
		{[]string{"-seeds", "1099511627776"}, 2, "at most"},
		{[]string{"-json", "-csv"}, 2, "not both"},
		{[]string{"-o", "lives=3"}, 1, "lives"},
		{[]string{"-bots", "random"}, 1, "at least two"},
		{[]string{"-bots", "random,random"}, 1, "names random twice"},
		{[]string{"-bots", "heuristic, random,heuristic"}, 1, "names heuristic twice"},
	} {
		code, _, errOut := runArena(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d mentioning %q", tc.args, code, errOut, tc.code, tc.msg)
		}
	}
	code, _, errOut := runArena(t, "-h")
	if code != 0 || !strings.Contains(errOut, "Examples:") || !strings.Contains(errOut, "-bots") {
		t.Errorf("-h: exit %d:\n%s", code, errOut)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"-seeds", "1000000", "-quiet"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "canceled") {
		t.Errorf("cancelled: exit %d, %q", code, errOut.String())
	}
}

// TestProgress draws the bar as a terminal would see it: the count, the rate and the time left.
func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	p := &progress{w: &buf, on: true, total: 10, began: time.Now().Add(-2 * time.Second)}
	for range 10 {
		p.step()
	}
	p.finish()
	out := buf.String()
	for _, want := range []string{"[" + strings.Repeat("#", 30) + "] 10/10 seeds", "seeds/s", "left", "\r\x1b[K"} {
		if !strings.Contains(out, want) {
			t.Errorf("progress output lacks %q: %q", want, out)
		}
	}
	buf.Reset()
	off := &progress{w: &buf, total: 10, began: time.Now()}
	off.step()
	off.finish()
	if buf.Len() != 0 {
		t.Errorf("progress drawn when off: %q", buf.String())
	}
}

// TestEveryRegisteredGame measures two bots on every registered game: a new game is measured
// here by registering.
func TestEveryRegisteredGame(t *testing.T) {
	for _, name := range norns.Games() {
		g, _ := norns.Lookup(name)
		args := []string{"-game", name, "-seeds", "3", "-a", "heuristic", "-b", "random", "-json", "-quiet"}
		for _, op := range g.Options() {
			if op.Name == "handLimit" {
				args = append(args, "-o", "handLimit=1")
			}
		}
		code, out, errOut := runArena(t, args...)
		var rep Report
		if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Pairings[0].Matches != 3*rep.Players {
			t.Errorf("%s: exit %d, stderr %q, output %s", name, code, errOut, out)
		}
	}
}

// TestHelperProcess is not a test: TestShardsMergeToOneRun runs it as a separate process, in
// which it is the arena command with the arguments of ARENA_ARGS.
func TestHelperProcess(t *testing.T) {
	args, ok := os.LookupEnv("ARENA_ARGS")
	if !ok {
		t.Skip("run by TestShardsMergeToOneRun")
	}
	os.Exit(run(context.Background(), strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
}

// arenaProcess runs the arena command in a process of its own and returns its output.
func arenaProcess(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), "ARENA_ARGS="+strings.Join(args, "\x1f"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("arena %v: %v\n%s", args, err, stderr.String())
	}
	return string(out)
}

// TestShardsMergeToOneRun runs a ladder whole and as three shards, each in a process of its
// own, and checks that merging the shard files gives exactly the single run's report (every
// figure; only the time differs), table, CSV and SVG.
func TestShardsMergeToOneRun(t *testing.T) {
	dir := t.TempDir()
	run := []string{"-game", "gnav", "-players", "3", "-bots", "random,heuristic", "-seeds", "10", "-first", "7", "-quiet", "-workers", "2"}
	whole := arenaProcess(t, append(run, "-json")...)
	var files []string
	for i := range 3 {
		path := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		if err := os.WriteFile(path, []byte(arenaProcess(t, append(run, "-json", "-shard", fmt.Sprintf("%d/3", i))...)), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	slices.Reverse(files) // the order of the files does not matter
	merged := arenaProcess(t, append([]string{"-merge", "-json"}, files...)...)
	var a, b Report
	if err := json.Unmarshal([]byte(whole), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(merged), &b); err != nil {
		t.Fatal(err)
	}
	if b.Seconds <= 0 {
		t.Errorf("merged Seconds = %v, want the shards' total", b.Seconds)
	}
	a.Seconds, b.Seconds = 0, 0
	if diff := cmp.Diff(a, b); diff != "" {
		t.Fatalf("merged report differs from the single run (-single +merged):\n%s", diff)
	}
	for _, format := range [][]string{{"-csv"}, {"-svg", "X"}, {}} {
		var outs [2]string
		for k, args := range [][]string{run, append([]string{"-merge"}, files...)} {
			f := slices.Clone(format)
			if len(f) == 2 {
				f[1] = filepath.Join(dir, fmt.Sprintf("rates-%d.svg", k))
			}
			out := arenaProcess(t, append(f, args...)...)
			if len(f) == 2 {
				svg, err := os.ReadFile(f[1])
				if err != nil {
					t.Fatal(err)
				}
				out = strings.ReplaceAll(string(svg), f[1], "")
			}
			outs[k] = regexp.MustCompile(`in [0-9.]+(ms|s|µs|m[0-9.]*s?)\.`).ReplaceAllString(out, "in T.")
		}
		if outs[0] != outs[1] {
			t.Errorf("%v: the merge's output differs from the single run's:\n%s\n---\n%s", format, outs[0], outs[1])
		}
	}
}

// TestMergeRefuses checks that shards of different runs, a missing or doubled shard and a file
// that is not a shard are refused with a clear error.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	shard := func(name string, args ...string) string {
		code, out, errOut := runArena(t, append([]string{"-game", "gnav", "-seeds", "4", "-quiet", "-json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(out), 0o644)
		return path
	}
	s0, s1 := shard("s0.json", "-shard", "0/2"), shard("s1.json", "-shard", "1/2")
	other := shard("o1.json", "-shard", "1/2", "-first", "9")
	whole := shard("whole.json")
	for _, tc := range []struct {
		files []string
		msg   string
	}{
		{[]string{s0}, "1 shard files for a run of 2"},
		{[]string{s0, s0}, "missing or given twice"},
		{[]string{s0, other}, "another run"},
		{[]string{s0, whole}, "not a shard file"},
	} {
		code, _, errOut := runArena(t, append([]string{"-merge"}, tc.files...)...)
		if code != 1 || !strings.Contains(errOut, tc.msg) {
			t.Errorf("merge %v: exit %d, %q; want 1 mentioning %q", tc.files, code, errOut, tc.msg)
		}
	}
	if code, _, errOut := runArena(t, "-merge", s0, s1); code != 0 {
		t.Errorf("merge of both shards: exit %d, %s", code, errOut)
	}
	for _, args := range [][]string{{"-shard", "2/2", "-json"}, {"-shard", "x", "-json"}, {"-shard", "0/5", "-seeds", "4", "-json"}, {"-shard", "0/2"}} {
		if code, _, _ := runArena(t, args...); code == 0 {
			t.Errorf("%v accepted", args)
		}
	}
}

// TestRecordsReplay writes every match of a small round robin with -records and reads each
// record back: one file per seed, seat and pairing, each naming its bots in its seat tags, and
// each replaying to the result the run counted (the candidate's win shares summed over the
// records give the JSON report's win rate).
func TestRecordsReplay(t *testing.T) {
	for _, game := range []string{"gulveig", "voluspa"} { // gulveig draws from two chance streams
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			code, out, errOut := runArena(t, "-game", game, "-a", "heuristic", "-b", "random", "-seeds", "3", "-first", "5", "-quiet", "-json", "-records", dir)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var rep Report
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			g, err := norns.Lookup(game)
			if err != nil {
				t.Fatal(err)
			}
			files, err := filepath.Glob(filepath.Join(dir, "*"))
			if err != nil {
				t.Fatal(err)
			}
			if want := rep.Seeds * rep.Players; len(files) != want {
				t.Fatalf("%d files in -records, want %d (seeds × seats): %v", len(files), want, files)
			}
			share := 0.0
			for seed := uint64(5); seed < 8; seed++ {
				for seat := range norns.Player(rep.Players) {
					path := filepath.Join(dir, fmt.Sprintf("%s-heuristic-vs-random-seed%d-seat%d.json", game, seed, seat))
					f, err := os.Open(path)
					if err != nil {
						t.Fatal(err)
					}
					rec, err := norns.ReadRecord(f)
					f.Close()
					if err != nil {
						t.Fatalf("%s: %v", path, err)
					}
					if rec.Seed != seed || !rec.Over || len(rec.Tags.Seats) != rep.Players {
						t.Fatalf("%s: seed %d, over %v, %d seat tags", path, rec.Seed, rec.Over, len(rec.Tags.Seats))
					}
					for p, tag := range rec.Tags.Seats {
						want := "random"
						if norns.Player(p) == seat {
							want = "heuristic"
						}
						if tag.Bot != want {
							t.Errorf("%s: seat %d's tag says %q, want %q", path, p, tag.Bot, want)
						}
					}
					m, err := g.Replay(rec)
					if err != nil {
						t.Fatalf("%s does not replay: %v", path, err)
					}
					share += m.Winners().Share(seat)
				}
			}
			got := share / float64(rep.Seeds*rep.Players)
			if math.Abs(got-rep.Pairings[0].WinRate) > 1e-9 {
				t.Errorf("the records give the candidate %.4f of the wins, the report %.4f", got, rep.Pairings[0].WinRate)
			}
		})
	}
}

func TestRecordsErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runArena(t, "-seeds", "2", "-quiet", "-records", filepath.Join(file, "sub")); code != 1 || !strings.Contains(errOut, "-records") {
		t.Errorf("-records under a file: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runArena(t, "-merge", "-records", t.TempDir(), "x.json"); code != 2 || !strings.Contains(errOut, "-records") {
		t.Errorf("-merge with -records: exit %d, %q", code, errOut)
	}
}
