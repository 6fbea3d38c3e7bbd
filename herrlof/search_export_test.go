package herrlof

import (
	"fmt"
	"strconv"
	"strings"
)

// tuning2c0b7a1 is the search bot's tuning at commit 2c0b7a1, the search the new one is measured
// against.
var tuning2c0b7a1 = searchTuning{noise: 0.1, solve: [4]int{2: 2}, bidFactor: 1, rewardScale: 30, exploration: 0.3}

// NewSearchBotOld returns the search bot of commit 2c0b7a1 (its tuning; the search's code is
// the same).
func NewSearchBotOld(opts SearchOptions) *SearchBot { return newSearchBot(opts, tuning2c0b7a1) }

// NewSearchBotTuned returns NewSearchBot with the tuning changed by spec, a comma-separated list
// of key=value (noise, solve2, solve3, bidfactor, scale, expl), for A/B runs of the strength test.
func NewSearchBotTuned(opts SearchOptions, spec string) (*SearchBot, error) {
	tu, err := parseTuning(defaultSearchTuning, spec)
	if err != nil {
		return nil, err
	}
	return newSearchBot(opts, tu), nil
}

func parseTuning(tu searchTuning, spec string) (searchTuning, error) {
	for kv := range strings.SplitSeq(spec, ",") {
		if kv = strings.TrimSpace(kv); kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return tu, fmt.Errorf("tuning %q: want key=value", kv)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return tu, fmt.Errorf("tuning %q: %w", kv, err)
		}
		switch k {
		case "noise":
			tu.noise = x
		case "solve2":
			tu.solve[2] = int(x)
		case "solve3":
			tu.solve[3] = int(x)
		case "bidfactor":
			tu.bidFactor = int(x)
		case "scale":
			tu.rewardScale = x
		case "expl":
			tu.exploration = x
		default:
			return tu, fmt.Errorf("tuning %q: unknown key", kv)
		}
	}
	return tu, nil
}
