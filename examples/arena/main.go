// Command arena measures bots against each other on any registered game, like a benchmark tool:
// each seed is played once per seat, the candidate bot in that seat and the base bot in all the
// others, on the same deals, and the candidate's win rate is reported with a 95% confidence
// interval, per pairing and per seat, with its mean score.
//
//	go run ./examples/arena                                   # Herrlof: heuristic against random
//	go run ./examples/arena -a search -b heuristic -seeds 200
//	go run ./examples/arena -game gnav -bots random,heuristic,search -seeds 50   # a ladder
//	go run ./examples/arena -json > result.json               # or -csv, -svg rates.svg
//	go run ./examples/arena -a search -b heuristic -records games/   # every match's record too
//
// It follows the protocol of package arena (the same deals in every seating, chance streams,
// win shares, confidence intervals from per-seed means) and adds per-seat results and mean scores.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/arena"
	_ "github.com/nornsgames/norns/gnav" // the games register themselves
	_ "github.com/nornsgames/norns/gulveig"
	_ "github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
	_ "github.com/nornsgames/norns/voluspa"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	game     string
	a, b     string
	bots     string
	seeds    int
	first    uint64
	workers  int
	options  multi
	players  int
	quiet    bool
	json     bool
	csv      bool
	svg      string
	shard    string // "i/n": play the i-th of n ranges of the seeds (see shard.go)
	merge    bool   // the arguments are shard files to merge
	records  string // a directory to write every match's record to
	progress bool   // a progress bar on errOut
}

// multi is a repeatable flag.
type multi []string

func (m *multi) String() string     { return strings.Join(*m, " ") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

const usage = `usage: go run ./examples/arena [flags]

Measures bots against each other on a registered game. Each seed is played once per seat: the
candidate bot (-a) in that seat, the base bot (-b) in every other, on the same deals, so that
seat and luck cancel out. The result is the candidate's win rate (its share of the win; a bot
no better than the base scores 1/players) with a 95%% confidence interval, per pairing and per
seat, and its mean score. With -bots, every bot meets every other (as candidate and as base)
and a ladder ranks them.

Examples:
  go run ./examples/arena                                     heuristic against random, Herrlof
  go run ./examples/arena -a search -b heuristic -seeds 200   the search bot's strength
  go run ./examples/arena -game gnav -players 6 -seeds 300
  go run ./examples/arena -bots random,heuristic,search -seeds 30      a ladder
  go run ./examples/arena -json | jq .       (also -csv; -svg rates.svg draws the win rates)

Games: %s. Options of a game: -o name=value (go run ./examples/play -list shows them).

Flags:
`

func run(ctx context.Context, args []string, out, errOut io.Writer) int {
	var o options
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&o.game, "game", "herrlof", "the game: "+strings.Join(norns.Games(), ", ")) // game name: the default game
	fs.StringVar(&o.a, "a", "heuristic", "the candidate bot: one of the game's, or exec:COMMAND for a program that speaks the engine protocol (PROTOCOL.md)")
	fs.StringVar(&o.b, "b", "random", "the base bot, in every other seat")
	fs.StringVar(&o.bots, "bots", "", "comma-separated bots for a round robin (every ordered pair) and a ladder; replaces -a and -b")
	fs.IntVar(&o.seeds, "seeds", 100, "seeds per pairing; each is played once per seat")
	fs.Uint64Var(&o.first, "first", 1, "the first seed")
	fs.IntVar(&o.workers, "workers", 0, "matches played at once (0: the number of CPUs)")
	fs.IntVar(&o.players, "players", 0, "number of players (0: the game's default); short for -o players=N")
	fs.Var(&o.options, "o", "a game option, name=value (repeatable), as in -o lives=5")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress bar and no estimate")
	fs.BoolVar(&o.json, "json", false, "print the results as JSON")
	fs.BoolVar(&o.csv, "csv", false, "print the results as CSV, one row per pairing and seat")
	fs.StringVar(&o.svg, "svg", "", "draw the win rates with their confidence intervals in this SVG file")
	fs.StringVar(&o.shard, "shard", "", "i/n: play only the i-th (from 0) of n equal ranges of the seeds and write them as a shard file (with -json), for -merge")
	fs.BoolVar(&o.merge, "merge", false, "merge the shard files named as arguments into the report one run would give")
	fs.StringVar(&o.records, "records", "", "write every match's record (norns' JSON record format) to this directory, one file per match")
	fs.Usage = func() {
		fmt.Fprintf(errOut, usage, strings.Join(norns.Games(), ", "))
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 && !o.merge {
		fmt.Fprintf(errOut, "arena: unexpected argument %q\n", norns.Printable(norns.Clip(fs.Arg(0))))
		return 2
	}
	if o.merge && o.records != "" {
		fmt.Fprintln(errOut, "arena: -merge plays no match, so it writes no -records")
		return 2
	}
	if o.merge && (fs.NArg() == 0 || o.shard != "") {
		fmt.Fprintln(errOut, "arena: -merge takes the shard files as arguments, and no -shard")
		return 2
	}
	if o.shard != "" && !o.json {
		fmt.Fprintln(errOut, "arena: -shard writes a shard file: add -json (and send it to a file)")
		return 2
	}
	if o.seeds < 2 || o.seeds > maxSeeds {
		fmt.Fprintf(errOut, "arena: -seeds must be at least 2 (a confidence interval needs two) and at most %d\n", maxSeeds)
		return 2
	}
	if o.json && o.csv {
		fmt.Fprintln(errOut, "arena: choose -json or -csv, not both")
		return 2
	}
	o.progress = !o.quiet && isTerminal(errOut)
	var rep Report
	var err error
	if o.merge {
		rep, err = mergeFiles(fs.Args())
	} else {
		rep, err = tournament(ctx, o, errOut)
	}
	if err != nil {
		fmt.Fprintln(errOut, "arena:", err)
		return 1
	}
	switch {
	case o.json:
		err = writeJSON(out, rep)
	case o.csv:
		err = writeCSV(out, rep)
	default:
		writeTable(out, rep)
	}
	if err == nil && o.svg != "" {
		err = saveSVG(o.svg, rep)
		if err == nil && !o.json && !o.csv {
			fmt.Fprintf(out, "Win rates drawn in %s.\n", o.svg)
		}
	}
	if err != nil {
		fmt.Fprintln(errOut, "arena:", err)
		return 1
	}
	return 0
}

// Report is the outcome of a run: one Pairing per candidate and base, and the ladder when
// several bots met.
type Report struct {
	Game     string        `json:"game"`
	Config   string        `json:"config"`
	Players  int           `json:"players"`
	Seeds    int           `json:"seeds"`
	First    uint64        `json:"firstSeed"`
	Even     float64       `json:"even"` // what a bot equal to the base scores: 1/players
	Seconds  float64       `json:"seconds"`
	Pairings []Pairing     `json:"pairings"`
	Ladder   []LadderEntry `json:"ladder,omitempty"`
	// Shard is set in a shard file (-shard): which seeds it played and what each gave, for
	// -merge. A shard file has no Pairings or Ladder of its own.
	Shard *ShardInfo `json:"shard,omitempty"`
}

// Pairing is the result of one candidate against one base bot.
type Pairing struct {
	Candidate string `json:"candidate"`
	Base      string `json:"base"`
	Stats
	Beats bool    `json:"beats"` // the win rate's interval lies above Even
	Seats []Stats `json:"seats"` // the candidate in seat 0, 1, …
}

// Stats is a win rate with its 95% confidence interval and the mean score.
type Stats struct {
	Matches   int     `json:"matches"`
	WinRate   float64 `json:"winRate"`
	Low       float64 `json:"low"`  // the 95% confidence interval (normal approximation),
	High      float64 `json:"high"` // clipped to [0, 1]
	MeanScore float64 `json:"meanScore"`
}

// LadderEntry ranks one bot of a round robin by its mean win rate as the candidate.
type LadderEntry struct {
	Rank    int     `json:"rank"`
	Bot     string  `json:"bot"`
	WinRate float64 `json:"winRate"` // mean over its opponents
	Beats   int     `json:"beats"`   // opponents it beats outside the interval
	Of      int     `json:"of"`
}

// tournament runs every pairing of o.
func tournament(ctx context.Context, o options, errOut io.Writer) (Report, error) {
	g, err := norns.Lookup(o.game)
	if err != nil {
		return Report{}, fmt.Errorf("unknown game %q: choose %s", o.game, strings.Join(norns.Games(), ", "))
	}
	opts := slices.Clone([]string(o.options))
	if o.players != 0 {
		opts = append(opts, fmt.Sprintf("players=%d", o.players))
	}
	config, err := g.ConfigFromOptions(opts...)
	if err != nil {
		return Report{}, err
	}
	start, err := g.New(config)
	if err != nil {
		return Report{}, err
	}
	bots := []string{o.a, o.b}
	if o.bots != "" {
		bots = strings.Split(o.bots, ",")
	}
	for i, b := range bots {
		bots[i] = strings.TrimSpace(b)
		if cmd, ok := strings.CutPrefix(bots[i], programPrefix); ok {
			if len(strings.Fields(cmd)) == 0 {
				return Report{}, fmt.Errorf("bot %q: name the program after %s, as in exec:./mybot.py", bots[i], programPrefix)
			}
		} else if !slices.Contains(g.Bots(), bots[i]) {
			return Report{}, fmt.Errorf("%s has no bot %q: choose %s", g.Name(), norns.Clip(bots[i]), strings.Join(g.Bots(), ", "))
		}
		if o.bots != "" && slices.Contains(bots[:i], bots[i]) {
			return Report{}, fmt.Errorf("-bots names %s twice: a round robin needs different bots (use -a and -b to play a bot against itself)", bots[i])
		}
	}
	var pairs [][2]string
	if o.bots == "" {
		pairs = [][2]string{{o.a, o.b}}
	} else {
		if len(bots) < 2 {
			return Report{}, errors.New("-bots needs at least two bots")
		}
		for _, a := range bots {
			for _, b := range bots {
				if a != b {
					pairs = append(pairs, [2]string{a, b})
				}
			}
		}
	}
	n := start.Players()
	workers := o.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rep := Report{Game: g.Name(), Config: string(start.Config()), Players: n, Seeds: o.seeds, First: o.first, Even: 1 / float64(n)}
	first, count := o.first, o.seeds
	if o.shard != "" {
		i, of, err := parseShard(o.shard, o.seeds)
		if err != nil {
			return Report{}, err
		}
		first, count = shardRange(o.first, o.seeds, i, of)
		rep.Shard = &ShardInfo{Index: i, Of: of, First: first, Seeds: count, Bots: bots, RoundRobin: o.bots != ""}
	}
	if o.records != "" {
		if err := os.MkdirAll(o.records, 0o755); err != nil {
			return Report{}, fmt.Errorf("-records: %w", err)
		}
	}
	r := runner{g: g, start: start, workers: workers, stderr: &lockedWriter{w: errOut}, records: o.records}
	began := time.Now()

	// The first seed of each pairing, played alone, measures the pace, so the expected run time
	// is said before the long part starts.
	total := count * len(pairs)
	results := make([][]seedResult, len(pairs))
	for i, p := range pairs {
		sr, err := r.seed(ctx, p[0], p[1], first)
		if err != nil {
			return Report{}, err
		}
		results[i] = append(results[i], sr)
	}
	perSeed := time.Since(began) / time.Duration(len(pairs))
	if !o.quiet {
		est := perSeed * time.Duration(total-len(pairs)) / time.Duration(workers)
		fmt.Fprintf(errOut, "%s: %s, %s × %s × %d seats = %s; expected about %s on %s.\n",
			g.Name(), pairText(pairs), plural(len(pairs), "pairing"), plural(count, "seed"), n, plural(total*n, "match", "matches"),
			roundDur(est+time.Since(began)), plural(workers, "worker"))
	}
	bar := &progress{w: errOut, on: o.progress, total: total, began: began, done: len(pairs)}
	for i, p := range pairs {
		more, err := r.seeds(ctx, p[0], p[1], first+1, count-1, bar.step)
		if err != nil {
			bar.finish()
			return Report{}, err
		}
		results[i] = append(results[i], more...)
	}
	bar.finish()
	rep.Seconds = time.Since(began).Seconds()
	if rep.Shard != nil {
		for i, p := range pairs {
			rep.Shard.Pairs = append(rep.Shard.Pairs, rawPairing(p[0], p[1], results[i]))
		}
		return rep, nil
	}
	for i, p := range pairs {
		rep.Pairings = append(rep.Pairings, summarise(p[0], p[1], n, results[i]))
	}
	if o.bots != "" {
		rep.Ladder = ladder(bots, rep.Pairings)
	}
	return rep, nil
}

func pairText(pairs [][2]string) string {
	if len(pairs) == 1 {
		return pairs[0][0] + " against " + pairs[0][1]
	}
	return fmt.Sprintf("a round robin of %s", plural(len(pairs), "pairing"))
}

// seedResult is one seed of a pairing: the candidate's win share and score in each seat.
type seedResult struct {
	share []float64
	score []int
}

// runner plays the matches of a game.
type runner struct {
	g       *norns.Registered
	start   norns.Match
	workers int
	stderr  io.Writer // where bot programs' standard error goes
	records string    // the directory every match's record goes to; "" for none
}

// seeds plays count seeds from first, on r.workers goroutines, calling step after each.
func (r runner) seeds(ctx context.Context, a, b string, first uint64, count int, step func()) ([]seedResult, error) {
	out := make([]seedResult, count)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	next := make(chan int)
	for range r.workers {
		wg.Go(func() {
			for i := range next {
				sr, err := r.seed(ctx, a, b, first+uint64(i))
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				out[i] = sr
				if err == nil {
					step()
				}
				mu.Unlock()
			}
		})
	}
feed:
	for i := range count {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return out, ctx.Err()
}

// lockedWriter lets several bot programs write their standard error to one writer.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// programPrefix marks a bot that is another program speaking the engine protocol, as in
// -bots heuristic,exec:./mybot.py: the rest of the name is the command and its arguments.
const programPrefix = "exec:"

// newBot makes the bot name for seat p: one of the game's bots, or a program (exec:…), started
// for this match and closed after it.
func (r runner) newBot(ctx context.Context, name string, seed uint64, p norns.Player) (norns.TextBot, error) {
	if cmd, ok := strings.CutPrefix(name, programPrefix); ok {
		return norns.StartProgram(ctx, r.g, r.start.Config(), p, strings.Fields(cmd), norns.ProgramOptions{Stderr: r.stderr})
	}
	return r.g.NewBot(name, seed)
}

// seed plays one seed once per seat.
func (r runner) seed(ctx context.Context, a, b string, seed uint64) (seedResult, error) {
	n := r.start.Players()
	sr := seedResult{share: make([]float64, n), score: make([]int, n)}
	for cand := range norns.Player(n) {
		last, err := r.match(ctx, a, b, seed, cand)
		if err != nil {
			return sr, fmt.Errorf("seed %d, %s in seat %d: %w", seed, a, cand, err)
		}
		sr.share[cand] = last.Winners().Share(cand)
		sr.score[cand] = last.Score(cand)
	}
	return sr, nil
}

// maxSeeds bounds -seeds, so that the results held stay small.
const maxSeeds = 10_000_000

// seedStride spaces the bots' seeds of one seed as package arena does (seed×21 + seat), so a
// pairing here gives exactly arena.Run's result (TestSameAsArenaRun pins it).
const seedStride = 21

// maxStreams is the number of chance streams, as in package arena.
const maxStreams = 8

// match plays one match as package arena does: the candidate a in seat cand, the base b in the
// others, each bot seeded from the seed and its seat, chance drawn from the seed (by stream).
func (r runner) match(ctx context.Context, a, b string, seed uint64, cand norns.Player) (norns.Match, error) {
	n := r.start.Players()
	bots := make([]norns.TextBot, n)
	for p := range bots {
		name := b
		if norns.Player(p) == cand {
			name = a
		}
		bot, err := r.newBot(ctx, name, seed*seedStride+uint64(p), norns.Player(p))
		if err != nil {
			return nil, err
		}
		if pb, ok := bot.(*norns.ProgramBot); ok {
			defer pb.Close()
		}
		bots[p] = bot
	}
	m := r.start
	defer func() {
		for _, b := range bots {
			if pb, ok := b.(*norns.ProgramBot); ok && m.Over() {
				pb.Tell(m) // the end of the match, for a program that learns
			}
		}
	}()
	var streams [maxStreams]*rng.Rand
	var moves []string // kept for the match's record (-records)
	for !m.Over() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var move string
		if p := m.ToMove(); p == norns.Chance {
			k := m.ChanceStream()
			if k < 0 || k >= maxStreams {
				return nil, fmt.Errorf("chance stream %d out of range [0, %d)", k, maxStreams)
			}
			if streams[k] == nil {
				streams[k] = rng.New(seed ^ uint64(k)*0x9e3779b97f4a7c15)
			}
			move = m.SampleChance(streams[k])
		} else {
			var err error
			if move, err = bots[p].Choose(ctx, m.View(p)); err != nil {
				return nil, fmt.Errorf("%v's bot: %w", p, err)
			}
		}
		next, err := m.Apply(move)
		if err != nil {
			return nil, fmt.Errorf("%v's move %q: %w", m.ToMove(), move, err)
		}
		m = next
		if r.records != "" {
			moves = append(moves, move)
		}
	}
	if r.records != "" {
		if err := r.writeRecord(a, b, seed, cand, moves); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// writeRecord writes the record of the match of seed with a in seat cand and b in the others
// to r.records, named after the game, the bots, the seed and the seat
// ("herrlof-search-vs-heuristic-seed7-seat1.json"), written whole or not at all (a temporary
// file renamed), so a run stopped midway leaves only complete records. Each seat's tag names
// its bot. The record's seed is the arena seed: chance was drawn from its streams (see
// norns.Match.ChanceStream), so the record replays from its moves, which hold every chance
// outcome.
func (r runner) writeRecord(a, b string, seed uint64, cand norns.Player, moves []string) error {
	rec, err := r.g.NewRecord(r.start.Config(), seed, moves)
	if err != nil {
		return fmt.Errorf("record of seed %d: %w", seed, err)
	}
	for p := range norns.Player(r.start.Players()) {
		name := b
		if p == cand {
			name = a
		}
		rec.Tags.Seats = append(rec.Tags.Seats, norns.SeatTag{Bot: norns.Clip(name)})
	}
	rec.Tags.Event = "arena"
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		return fmt.Errorf("record of seed %d: %w", seed, err)
	}
	name := fmt.Sprintf("%s-%s-vs-%s-seed%d-seat%d.json", r.g.Name(), fileWord(a), fileWord(b), seed, cand)
	tmp, err := os.CreateTemp(r.records, ".record-*")
	if err != nil {
		return fmt.Errorf("-records: %w", err)
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(r.records, name))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("-records: %w", err)
	}
	return nil
}

// fileWord makes a bot's name fit a file name: a program (exec:…) is "program", and any
// character other than a letter, a digit, '-', '_' or '.' becomes '_'.
func fileWord(bot string) string {
	if strings.HasPrefix(bot, programPrefix) {
		return "program"
	}
	return strings.Map(func(c rune) rune {
		if c < 128 && (c == '-' || c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return c
		}
		return '_'
	}, bot)
}

// summarise turns the seeds of a pairing into its statistics: the win rate's interval comes
// from the per-seed means over the seats (as package arena computes it); each seat's from its
// matches.
func summarise(a, b string, n int, seeds []seedResult) Pairing {
	per := make([]float64, len(seeds))
	var scoreSum float64
	for i, sr := range seeds {
		for p := range n {
			per[i] += sr.share[p] / float64(n)
			scoreSum += float64(sr.score[p])
		}
	}
	mean, half := arena.MeanCI(per)
	pr := Pairing{Candidate: a, Base: b, Stats: Stats{
		Matches: len(seeds) * n, WinRate: mean, Low: clip01(mean - half), High: clip01(mean + half),
		MeanScore: scoreSum / float64(len(seeds)*n),
	}}
	pr.Beats = mean-half > 1/float64(n)
	for p := range n {
		xs := make([]float64, len(seeds))
		var sc float64
		for i, sr := range seeds {
			xs[i] = sr.share[p]
			sc += float64(sr.score[p])
		}
		m, h := arena.MeanCI(xs)
		pr.Seats = append(pr.Seats, Stats{Matches: len(seeds), WinRate: m, Low: clip01(m - h), High: clip01(m + h), MeanScore: sc / float64(len(seeds))})
	}
	return pr
}

// clip01 keeps an interval's end within the possible win rates: the normal approximation can
// reach past 0 or 1 on few seeds.
func clip01(x float64) float64 { return min(max(x, 0), 1) }

// ladder ranks the bots of a round robin by their mean win rate as the candidate.
func ladder(bots []string, ps []Pairing) []LadderEntry {
	var l []LadderEntry
	for _, b := range bots {
		e := LadderEntry{Bot: b}
		for _, p := range ps {
			if p.Candidate == b {
				e.WinRate += p.WinRate
				e.Of++
				if p.Beats {
					e.Beats++
				}
			}
		}
		e.WinRate /= float64(e.Of)
		l = append(l, e)
	}
	slices.SortStableFunc(l, func(x, y LadderEntry) int {
		switch {
		case x.WinRate > y.WinRate:
			return -1
		case x.WinRate < y.WinRate:
			return 1
		}
		return 0
	})
	for i := range l {
		l[i].Rank = i + 1
	}
	return l
}
