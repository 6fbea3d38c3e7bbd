package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// writeTable prints the report for people: a table per pairing and seat, and the ladder.
func writeTable(w io.Writer, r Report) {
	fmt.Fprintf(w, "%s %s, %s × %d seats per pairing, seeds %d–%d, in %s. An equal bot scores %.3f.\n\n",
		r.Game, r.Config, plural(r.Seeds, "seed"), r.Players, r.First, r.First+uint64(r.Seeds)-1,
		roundDur(time.Duration(r.Seconds*float64(time.Second))), r.Even)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "candidate\tbase\tseat\tmatches\twin rate\t95% CI\tmean score\t")
	for _, p := range r.Pairings {
		verdict := ""
		switch {
		case p.Beats:
			verdict = "  better"
		case p.High < r.Even:
			verdict = "  worse"
		}
		fmt.Fprintf(tw, "%s\t%s\tall\t%d\t%.3f\t%s\t%.1f\t%s\n", p.Candidate, p.Base, p.Matches, p.WinRate, ci(p.Stats), p.MeanScore, verdict)
		for seat, s := range p.Seats {
			fmt.Fprintf(tw, "\t\t%d\t%d\t%.3f\t%s\t%.1f\t\n", seat, s.Matches, s.WinRate, ci(s), s.MeanScore)
		}
	}
	tw.Flush()
	if len(r.Ladder) > 0 {
		fmt.Fprintln(w, "\nLadder (mean win rate as the candidate against each other bot):")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "rank\tbot\twin rate\tbeats\t")
		for _, e := range r.Ladder {
			fmt.Fprintf(tw, "%d\t%s\t%.3f\t%d of %d\t\n", e.Rank, e.Bot, e.WinRate, e.Beats, e.Of)
		}
		tw.Flush()
	}
	fmt.Fprintln(w, "\n\"better\": the whole 95% interval lies above what an equal bot scores; \"worse\": below.")
}

func ci(s Stats) string { return fmt.Sprintf("%.3f–%.3f", s.Low, s.High) }

func writeJSON(w io.Writer, r Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// csvHeader names the CSV columns: one row per pairing and seat ("all" for the pairing).
var csvHeader = []string{"game", "players", "candidate", "base", "seat", "matches", "win_rate", "ci_low", "ci_high", "mean_score"}

func writeCSV(w io.Writer, r Report) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	row := func(p Pairing, seat string, s Stats) {
		cw.Write([]string{r.Game, strconv.Itoa(r.Players), p.Candidate, p.Base, seat, strconv.Itoa(s.Matches),
			f4(s.WinRate), f4(s.Low), f4(s.High), f4(s.MeanScore)})
	}
	for _, p := range r.Pairings {
		row(p, "all", p.Stats)
		for seat, s := range p.Seats {
			row(p, strconv.Itoa(seat), s)
		}
	}
	cw.Flush()
	return cw.Error()
}

func f4(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }

// saveSVG draws the report as an SVG file.
func saveSVG(path string, r Report) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeSVG(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeSVG draws each pairing's win rate as a dot with its 95% interval as a bar, on a 0–1
// scale, with a dashed line where an equal bot scores.
func writeSVG(w io.Writer, r Report) error {
	const (
		left, right, top, rowH = 230.0, 40.0, 50.0, 28.0
		plotW                  = 460.0
	)
	rows := len(r.Pairings)
	width := left + plotW + right
	height := top + rowH*float64(rows) + 40
	x := func(v float64) float64 { return left + plotW*min(max(v, 0), 1) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="13">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", left, html.EscapeString(fmt.Sprintf("%s: win rate with 95%% CI (%d seeds × %d seats)", r.Game, r.Seeds, r.Players)))
	axisY := top + rowH*float64(rows)
	for _, t := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", x(t), top-8, x(t), axisY)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#555">%.2f</text>`+"\n", x(t), axisY+18, t)
	}
	fmt.Fprintf(&b, `<line class="even" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#c33" stroke-dasharray="4 3"/>`+"\n", x(r.Even), top-8, x(r.Even), axisY)
	for i, p := range r.Pairings {
		y := top + rowH*float64(i) + rowH/2
		label := p.Candidate + " vs " + p.Base
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", left-10, y, html.EscapeString(label))
		fmt.Fprintf(&b, `<g class="pairing" data-candidate="%s" data-base="%s" data-rate="%.4f" data-low="%.4f" data-high="%.4f">`,
			html.EscapeString(p.Candidate), html.EscapeString(p.Base), p.WinRate, p.Low, p.High)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#246" stroke-width="3"/>`, x(p.Low), y, x(p.High), y)
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="5" fill="#246"/>`, x(p.WinRate), y)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" dominant-baseline="middle" fill="#246">%.3f</text></g>`+"\n", x(p.High)+8, y, p.WinRate)
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" fill="#c33" font-size="11">an equal bot: %.3f</text>`+"\n", x(r.Even)+4, top-14, r.Even)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// progress draws a progress bar with the rate and the time left, on a terminal only.
type progress struct {
	w           io.Writer
	on          bool
	total, done int
	began       time.Time
	last        time.Time
}

func (p *progress) step() {
	p.done++
	if !p.on || (time.Since(p.last) < 100*time.Millisecond && p.done < p.total) {
		return
	}
	p.last = time.Now()
	el := time.Since(p.began)
	rate := float64(p.done) / el.Seconds()
	left := time.Duration(float64(p.total-p.done) / rate * float64(time.Second))
	const width = 30
	fill := width * p.done / p.total
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d seeds  %.1f seeds/s  %s left ", strings.Repeat("#", fill), strings.Repeat("-", width-fill),
		p.done, p.total, rate, roundDur(left))
}

func (p *progress) finish() {
	if p.on {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// roundDur rounds a duration for people: "0.4s", "12s", "3m20s".
func roundDur(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Minute:
		return d.Round(time.Second).String()
	}
	return d.Round(time.Second).String()
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// plural returns "1 seed", "2 seeds"; many is the plural form when it is not one+"s".
func plural(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return strconv.Itoa(n) + " " + many[0]
	}
	return strconv.Itoa(n) + " " + one + "s"
}
