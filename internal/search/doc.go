// Package search is the one information-set Monte Carlo tree search (ISMCTS) of norns, shared
// by the search bots of every game. It works on the norns contract alone: a [norns.View]'s Sample
// for the hidden information, a State's AppendLegal, Apply and SampleChance for the rules.
//
// # The algorithm
//
// It implements single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte
// Carlo Tree Search", IEEE TCIAIG 2012) with progressive widening. Each iteration:
//
//  1. determinises: draws a full state consistent with the searching seat's view (the view's
//     Sample, completed by [Options.Determinize]), so hidden cards take one plausible value
//     for the whole iteration;
//  2. selects: descends a tree whose nodes are sequences of seat moves (each edge is a mover and
//     a move), considering only the children whose move is legal in this determinisation and
//     picking the one with the best UCB1 value mean + c·sqrt(ln(available)/visits), where
//     available counts the iterations in which the child was legal rather than how often its
//     parent was visited. Chance nodes are not branched: their outcome is drawn with
//     SampleChance and the descent continues from the same tree node, so chance is treated like
//     the rest of the hidden information (averaged over iterations). With an opponent model
//     ([Options.Opponents]) the other seats' moves are drawn from the model and are not nodes;
//  3. expands one untried legal move into a new node, while the node's widening limit allows
//     ([Widening]: a node visited n times considers at most max(Min, Scale·n^Power) moves, so
//     that a list of 250 moves grows a tree of the moves tried rather than 250 single visits).
//     The move is drawn at random among the untried ones, or is the one with the highest
//     [Options.Prior];
//  4. plays out to the end of the match, or to the [Options.Horizon], with the playout policy
//     ([Options.Playout], uniformly random by default) and the opponent model, or with the
//     game's own loop ([Options.Rollout]) where that is cheaper;
//  5. back-propagates one reward per seat ([Options.Reward], in [0, 1]): each node accumulates
//     the reward of the seat that made its move.
//
// The move returned is the root child with the most visits (ties: the higher mean reward, then
// the view's legal order). [Options.Paired] replaces steps 2–5 by a paired comparison of the
// root's moves on common random numbers, for games where the searching seat acts once before the
// horizon (see its doc).
//
// # Cost
//
// Children are found by move, never by scanning a list against the legal moves: each node's
// children are indexed by (parent, mover, move) in one hash map, used to tell whether a move was
// tried; and each child remembers where its move stood in its parent's legal list, so checking
// which children are legal in a new determinisation costs one comparison per child when the list
// is the same or merely shifted (the next child is looked for at the displacement the last one
// had), and one pass over the list only when it changed. With widening, a node visited n times
// holds O(n^Power) children whatever the length of its legal list, so the search's own cost per
// iteration does not grow with the number of legal moves beyond the widening limit:
// BenchmarkScaling pins it with 8, 64 and 256 moves. The tree lives in one slice of nodes and
// the index in one map, both reused from search to search, so a [Searcher] that has searched
// once does not allocate again (beyond what the game's Sample and Apply do, and, with workers,
// one allocation per goroutine started; see "Root parallelism").
//
// # Options as a model, not hooks
//
// Everything game-specific is an option that describes the model searched: how to complete a
// determinisation, how the opponents play, how playouts play, where the horizon lies and what a
// leaf is worth. Each is a pure function of its arguments (and the generator it receives); the
// search calls them as often and in whatever order it needs, and none may keep state between
// calls that changes a result (a cache of exact values may outlive a call), so no bot depends on
// when the search calls what.
//
// # Deadlines and reproducibility
//
// A search has up to three budgets and stops at whichever runs out first: its iterations
// ([Options.Iterations]; negative for none), its time ([Options.Time], from the start of the
// search) and its context (cancellation, or a deadline). The time budget and the context's
// deadline make one deadline, the earlier of the two; the search checks its context before every
// iteration, and the clock against that deadline every iteration or every 50 µs of iterations,
// and returns the best move found so far once either says stop. [Budget] maps a game's budgets
// to the search's: an iteration budget alone, a time budget alone, both, or by default
// [DefaultTime] per decision.
//
// A search that only its iteration budget ends is reproducible: the same view, options
// (Workers included) and generator seed give the same move and the same root statistics,
// whatever the machine and its load. A search that its time or its context ends is not: how
// many iterations fit depends on the machine.
//
// # Root parallelism
//
// With [Options.Workers] set to n > 1, a search grows n independent trees at once, one per
// worker, each on its own goroutine (the first on the caller's) with its own buffers and its
// own generator. Before starting them, the search draws n numbers from the caller's generator,
// in worker order, and seeds worker i's generator with the i-th; it splits the iteration budget
// evenly (the first budget mod n workers do one iteration more), and all share the deadline.
// When every worker has stopped, it sums each root move's statistics over the trees (visits,
// availability, reward, in worker order) and chooses from the sums as one tree would: the most
// visited move (ties: the higher mean, then the legal order), or with [Options.Paired] the
// highest mean. [Searcher.RootStats], [Searcher.Iterations] and [Searcher.Nodes] report the
// merged totals. So a search with a fixed worker count and an iteration budget is reproducible,
// though it differs from the search with another worker count; with Workers 0 or 1 there are no
// workers, and the search is the single-tree search, draw for draw.
//
// The workers share nothing while the trees grow (no locks, no shared tree), so the iterations
// per second grow with the cores the workers get (BenchmarkWorkers); but each tree sees 1/n of
// the iterations, so n workers with a budget of k iterations are not one tree of k: what they
// are worth is measured by playing, not assumed. The option functions are then called from several
// goroutines at once (see [Options]), and the view's methods too: the games' views are values
// that Sample and AppendLegal only read. A worker whose game breaks its contract fails the
// search, once the other workers have stopped. The workers and their trees are kept in the
// Searcher, so a reused Searcher with n workers allocates only the n-1 goroutines it starts
// (one allocation each); with one, nothing.
//
// A [Searcher] keeps its tree and buffers between calls. [Choose] is the one-shot form, and [Bot]
// adapts a Searcher with its own generator to [norns.Bot].
package search
