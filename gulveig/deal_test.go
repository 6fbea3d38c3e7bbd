package gulveig_test

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/gulveig"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/rng"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestDealGolden pins the chance outcomes a seed gives (the first dealer, the deals, the roles),
// so that a match replayed from its seed and the seats' moves never changes silently: the first
// three chance moves of matches with 2, 3 and 4 players, roles and alternates included, from
// seeds 1 to 3, against testdata/deals.golden (rewrite it with -update, only on purpose).
func TestDealGolden(t *testing.T) {
	var b strings.Builder
	for _, c := range []gulveig.Config{{Players: 2}, {Players: 3}, {Players: 4, Roles: true, Alternates: gulveig.AllAlternates}} {
		for seed := range uint64(3) {
			r := rng.New(seed + 1)
			s := mustNew(t, c)
			for range 3 {
				for s.ToMove() != norns.Chance {
					s = play(t, s, s.Legal()[0].String())
				}
				m := s.SampleChance(r)
				b.WriteString(m.String())
				b.WriteByte('\n')
				next, err := s.Apply(m)
				if err != nil {
					t.Fatal(err)
				}
				s = next
			}
		}
	}
	gametest.Golden(t, filepath.Join("testdata", "deals.golden"), b.String(), *update, "the chance outcomes of a seed")
}
