package gametest

import (
	"hash/fnv"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// spectatorView checks View(norns.Nobody), the spectator's view of s, which every game gives:
//
//   - it does not panic, is deterministic, has Seat() == norns.Nobody, no legal move, and the
//     State's Players, ToMove, Over and (when the view has them) Winners;
//   - it leaks nothing: for each of a few seats p (all of them at small tables), a twin of s
//     that differs only in what p cannot see gives the spectator the same view, since a
//     spectator knows less than any seat;
//   - its Sample is exact: every state it returns has View(norns.Nobody) equal to it, keeps the
//     game's invariants and conserves the cards.
//
// It draws its twins and samples from a generator of its own, seeded from s, so that adding it
// changed none of the random choices the other checks make from c.r.
func (c *checker[S, M, V]) spectatorView(s S) {
	c.t.Helper()
	var v V
	func() {
		defer func() {
			if r := recover(); r != nil {
				c.fatalf(s, "View(norns.Nobody) panics: %v", r)
			}
		}()
		v = s.View(norns.Nobody)
	}()
	if c.t.Failed() {
		return
	}
	if v != s.View(norns.Nobody) {
		c.fatalf(s, "View(norns.Nobody) is not deterministic")
	}
	if v.Seat() != norns.Nobody || v.Players() != s.Players() || v.ToMove() != s.ToMove() || v.Over() != s.Over() {
		c.fatalf(s, "View(norns.Nobody) says seat %v, %d players, to move %v, over %v", v.Seat(), v.Players(), v.ToMove(), v.Over())
	}
	if w, ok := any(v).(interface{ Winners() norns.Seats }); ok && w.Winners() != s.Winners() {
		c.fatalf(s, "View(norns.Nobody).Winners() = %v, the state's %v", w.Winners(), s.Winners())
	}
	if l := v.Legal(); l != nil {
		c.fatalf(s, "View(norns.Nobody).Legal() = %v, want nil: a spectator never acts", l)
	}
	if l := v.AppendLegal(nil); len(l) != 0 {
		c.fatalf(s, "View(norns.Nobody).AppendLegal(nil) = %v, want none: a spectator never acts", l)
	}
	h := fnv.New64a()
	h.Write([]byte(s.String()))
	r := rng.New(h.Sum64())
	n := s.Players()
	first := r.IntN(max(n, 1))
	for k := range min(n, 4) {
		p := norns.Player((first + k) % n)
		tw, ok := c.g.Twin(s, p, r)
		if !ok {
			continue
		}
		if tw.View(norns.Nobody) != v {
			c.fatalf(s, "spectator view leaks: a twin differing only in what %v cannot see gives the spectator a different view.\ntwin:\n%v", p, tw)
		}
	}
	// One sample a state: the seats' views draw two each already.
	smp := v.Sample(r)
	if smp.View(norns.Nobody) != v {
		c.fatalf(s, "View(norns.Nobody).Sample gave a state whose spectator view differs:\n%v", smp)
	}
	if c.g.Invariant != nil {
		if err := c.g.Invariant(smp); err != nil {
			c.fatalf(smp, "View(norns.Nobody).Sample broke the invariant: %v", err)
		}
	}
	c.conserved(smp, "View(norns.Nobody).Sample")
}
