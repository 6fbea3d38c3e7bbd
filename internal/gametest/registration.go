package gametest

import (
	"fmt"

	"github.com/nornsgames/norns"
)

// Registration is a game as its package registered it (norns.Register): its name and its
// norns.Game value. It is the one description of a game: the suite's [Game], the pinned-match
// check's [Pinned] and the fuzz bodies' [Records] are built from it, so a game's tests never
// list its functions a second time. The tests add only what the registry does not hold:
// starting states, candidate moves, invariants, twins and zones.
type Registration[C any, S norns.State[S, M, V], M norns.Move, V norns.View[S, M], E fmt.Stringer] struct {
	Name string
	Game norns.Game[C, S, M, V, E]
}

// Lookup returns the registration of the game registered as name with these types. It panics
// if there is none: the game's package registers itself when its tests run.
func Lookup[C any, S norns.State[S, M, V], M norns.Move, V norns.View[S, M], E fmt.Stringer](name string) Registration[C, S, M, V, E] {
	g, err := norns.LookupGame[C, S, M, V, E](name)
	if err != nil {
		panic("gametest: " + err.Error())
	}
	return Registration[C, S, M, V, E]{Name: name, Game: g}
}

// Suite returns the suite's description of the game with every field the registration holds:
// Name, New (from a config's JSON, decoded strictly as the registry does), ParseMove, Bots,
// ApplyEvents, NewRecord and ReplayRecord. The caller sets Starts, Candidates, Invariant, Twin,
// Deck, Zones and, if it wants, Seeds and MaxSteps.
func (r Registration[C, S, M, V, E]) Suite() Game[S, M, V] {
	g := r.Game
	out := Game[S, M, V]{
		Name: r.Name,
		New: func(config []byte) (S, error) {
			c, err := norns.DecodeConfig[C](r.Name, config)
			if err != nil {
				var zero S
				return zero, err
			}
			return g.New(c)
		},
		ParseMove:    g.ParseMove,
		Bots:         g.Bots,
		ReplayRecord: r.replayRecord,
		NewRecord: func(config any, seed uint64, moves []M, last S) (norns.Record, error) {
			c, ok := config.(C)
			if !ok {
				return norns.Record{}, fmt.Errorf("gametest: %s: a start's Config is a %T, not the game's config", r.Name, config)
			}
			return r.newRecord(c, seed, moves, last)
		},
	}
	if g.ApplyEvents != nil {
		out.ApplyEvents = func(s S, m M, viewer norns.Player) (S, []any, error) {
			next, evs, err := g.ApplyEvents(s, m, viewer, nil)
			as := make([]any, len(evs))
			for i, e := range evs {
				as[i] = e
			}
			return next, as, err
		}
	}
	return out
}

// Pinned returns the pinned-match check's description of the game, for configs: its New, its
// random bot, its record functions and its move parser.
func (r Registration[C, S, M, V, E]) Pinned(configs ...C) Pinned[C, S, M, V] {
	p := Pinned[C, S, M, V]{New: r.Game.New, NewRecord: r.newRecord, ReplayRecord: r.replayRecord, ParseMove: r.Game.ParseMove, Configs: configs}
	for _, b := range r.Game.Bots {
		if b.Name == "random" {
			p.RandomBot = b.New
		}
	}
	if p.RandomBot == nil {
		panic("gametest: " + r.Name + " registers no random bot")
	}
	return p
}

// Records returns the fuzz bodies' description of the game's records.
func (r Registration[C, S, M, V, E]) Records() Records[C, S, M, V] {
	cfg := r.Game.Config
	if cfg == nil {
		panic("gametest: " + r.Name + " registers no Config function")
	}
	return Records[C, S, M, V]{Game: r.Name, NewRecord: r.newRecord, ReplayRecord: r.replayRecord, ParseMove: r.Game.ParseMove, Config: cfg}
}

func (r Registration[C, S, M, V, E]) newRecord(c C, seed uint64, moves []M, last S) (norns.Record, error) {
	if r.Game.NewRecord != nil {
		return r.Game.NewRecord(c, seed, moves, last)
	}
	return norns.NewRecord(r.Name, c, seed, moves, last)
}

func (r Registration[C, S, M, V, E]) replayRecord(rec norns.Record) (S, error) {
	if r.Game.ReplayRecord != nil {
		return r.Game.ReplayRecord(rec)
	}
	return norns.ReplayRecord(rec, r.Name, r.Game.New, r.Game.ParseMove)
}
