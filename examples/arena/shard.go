package main

// Shards: one run split over several machines.
//
// A run's seeds, first … first+seeds-1, are cut into n contiguous ranges as equal as they can
// be; "-shard i/n" plays the i-th (from 0) and writes a shard file (-json): the run's identity
// (game, config, bots, seeds) and every seed's raw result. "-merge" reads the n shard files,
// checks that they are the n shards of one run, puts the seeds back in order and summarises them
// exactly as one run does, so the table, the JSON, the CSV and the SVG are those of the single
// run (only Seconds differs: the merge reports the shards' total). TestShardsMergeToOneRun runs a
// ladder whole and as shards in separate processes and compares.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// ShardInfo is what a shard file holds besides the run's identity in Report.
type ShardInfo struct {
	Index      int       `json:"index"`      // which shard, from 0
	Of         int       `json:"of"`         // how many shards the run has
	First      uint64    `json:"first"`      // the first seed this shard played
	Seeds      int       `json:"seeds"`      // how many seeds it played
	Bots       []string  `json:"bots"`       // the bots, as given
	RoundRobin bool      `json:"roundRobin"` // -bots (a ladder) rather than -a and -b
	Pairs      []RawPair `json:"pairs"`      // one per pairing, in the run's order
}

// RawPair is one pairing's seeds in a shard.
type RawPair struct {
	Candidate string    `json:"candidate"`
	Base      string    `json:"base"`
	Seeds     []RawSeed `json:"seeds"` // in seed order
}

// RawSeed is one seed's result: the candidate's win share and score in each seat.
type RawSeed struct {
	Share []float64 `json:"share"`
	Score []int     `json:"score"`
}

// maxShards bounds -shard's n.
const maxShards = 100_000

// parseShard reads "i/n" for a run of seeds seeds: 0 ≤ i < n, and every shard gets a seed.
func parseShard(s string, seeds int) (i, n int, err error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > maxShards || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("-shard %q: want i/n with 0 ≤ i < n ≤ %d, as in -shard 0/4", s, maxShards)
	}
	if seeds < n {
		return 0, 0, fmt.Errorf("-shard %s: %d seeds cannot make %d shards", s, seeds, n)
	}
	return i, n, nil
}

// shardRange returns the seeds of shard i of n: the first seeds%n shards get one seed more.
func shardRange(first uint64, seeds, i, n int) (uint64, int) {
	size, extra := seeds/n, seeds%n
	lo := i*size + min(i, extra)
	count := size
	if i < extra {
		count++
	}
	return first + uint64(lo), count
}

// rawPairing turns a pairing's seed results into their shard form.
func rawPairing(a, b string, seeds []seedResult) RawPair {
	rp := RawPair{Candidate: a, Base: b, Seeds: make([]RawSeed, len(seeds))}
	for i, sr := range seeds {
		rp.Seeds[i] = RawSeed{Share: sr.share, Score: sr.score}
	}
	return rp
}

// maxShardFile bounds a shard file's size (a seed takes a few dozen bytes a pairing).
const maxShardFile = 1 << 30

// mergeFiles reads shard files and merges them.
func mergeFiles(paths []string) (Report, error) {
	var shards []Report
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return Report{}, err
		}
		dec := json.NewDecoder(io.LimitReader(f, maxShardFile))
		dec.DisallowUnknownFields()
		var r Report
		err = dec.Decode(&r)
		f.Close()
		if err != nil {
			return Report{}, fmt.Errorf("%s: not a shard file: %v", p, err)
		}
		if r.Shard == nil {
			return Report{}, fmt.Errorf("%s: not a shard file (it has no \"shard\"; write shards with -shard i/n -json)", p)
		}
		shards = append(shards, r)
	}
	return merge(shards)
}

// merge checks that shards are every shard of one run, once each, and summarises their seeds
// in seed order as that run would have.
func merge(shards []Report) (Report, error) {
	if len(shards) == 0 {
		return Report{}, errors.New("no shard to merge")
	}
	slices.SortFunc(shards, func(x, y Report) int { return x.Shard.Index - y.Shard.Index })
	a := shards[0]
	n := a.Shard.Of
	if len(shards) != n {
		return Report{}, fmt.Errorf("%d shard files for a run of %d shards", len(shards), n)
	}
	if a.Players < 1 || a.Players > 64 || a.Seeds < 2 || len(a.Shard.Pairs) == 0 {
		return Report{}, errors.New("shard 0 describes no run (players, seeds or pairings missing)")
	}
	pairs := make([][]seedResult, len(a.Shard.Pairs))
	for k, s := range shards {
		sh := s.Shard
		if sh.Index != k {
			return Report{}, fmt.Errorf("shard %d is missing or given twice", k)
		}
		if s.Game != a.Game || s.Config != a.Config || s.Players != a.Players || s.Seeds != a.Seeds || s.First != a.First ||
			sh.Of != n || !slices.Equal(sh.Bots, a.Shard.Bots) || sh.RoundRobin != a.Shard.RoundRobin {
			return Report{}, fmt.Errorf("shard %d is of another run than shard 0 (game, config, seeds or bots differ)", k)
		}
		if first, count := shardRange(a.First, a.Seeds, k, n); sh.First != first || sh.Seeds != count {
			return Report{}, fmt.Errorf("shard %d holds seeds %d+%d, want %d+%d", k, sh.First, sh.Seeds, first, count)
		}
		if len(sh.Pairs) != len(pairs) {
			return Report{}, fmt.Errorf("shard %d has %d pairings, shard 0 %d", k, len(sh.Pairs), len(pairs))
		}
		for i, rp := range sh.Pairs {
			if rp.Candidate != a.Shard.Pairs[i].Candidate || rp.Base != a.Shard.Pairs[i].Base {
				return Report{}, fmt.Errorf("shard %d: pairing %d is %s against %s, not as in shard 0", k, i, rp.Candidate, rp.Base)
			}
			if len(rp.Seeds) != sh.Seeds {
				return Report{}, fmt.Errorf("shard %d: pairing %d has %d seeds, want %d", k, i, len(rp.Seeds), sh.Seeds)
			}
			for _, rs := range rp.Seeds {
				if len(rs.Share) != a.Players || len(rs.Score) != a.Players {
					return Report{}, fmt.Errorf("shard %d: a seed of pairing %d has %d shares and %d scores for %d seats", k, i, len(rs.Share), len(rs.Score), a.Players)
				}
				for _, x := range rs.Share {
					if !(x >= 0 && x <= 1) {
						return Report{}, fmt.Errorf("shard %d: a win share of %v", k, x)
					}
				}
				pairs[i] = append(pairs[i], seedResult{share: rs.Share, score: rs.Score})
			}
		}
	}
	rep := Report{Game: a.Game, Config: a.Config, Players: a.Players, Seeds: a.Seeds, First: a.First, Even: a.Even}
	for _, s := range shards {
		rep.Seconds += s.Seconds
	}
	for i, rp := range a.Shard.Pairs {
		rep.Pairings = append(rep.Pairings, summarise(rp.Candidate, rp.Base, a.Players, pairs[i]))
	}
	if a.Shard.RoundRobin {
		rep.Ladder = ladder(a.Shard.Bots, rep.Pairings)
	}
	return rep, nil
}
