// Package search is a generic information-set Monte Carlo tree search (ISMCTS) over the norns
// contract, shared by the search bots of every game.
//
// It implements single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte
// Carlo Tree Search", IEEE TCIAIG 2012). Each iteration:
//
//  1. determinises: draws a full state consistent with the searching seat's view ([norns.View]'s
//     Sample, optionally adjusted by [Options.Refine]), so hidden cards take one plausible value
//     for the whole iteration;
//  2. selects: descends a tree whose nodes are sequences of seat moves (each edge is a mover and
//     a move), considering only the children whose move is legal in this determinisation and
//     picking the one with the best UCB1 value, where the exploration term counts how often the
//     child was available rather than how often its parent was visited;
//  3. expands one untried legal move into a new node;
//  4. plays out to the end of the match, or to the [Options.Stop] cut-off, with the
//     [Options.Policy] (uniformly random by default);
//  5. back-propagates one reward per seat ([Options.Eval]): each node accumulates the reward of
//     the seat that made its move.
//
// Chance nodes are not branched: when a determinisation reaches one, its outcome is drawn with
// SampleChance and the descent continues from the same tree node, so chance outcomes are treated
// like the rest of the hidden information (averaged over iterations). Children are keyed by mover
// too, so a node whose next seat depends on chance stays consistent.
//
// The move returned is the root child with the most visits (ties: the higher mean reward, then
// the view's legal order). The search is reproducible: the same view, options and generator seed
// give the same move, whatever the machine.
//
// A [Searcher] keeps its tree and buffers between calls, so repeated searches do not allocate
// beyond what the game's own Sample and Apply do. [Choose] is the one-shot form, and [Bot] adapts
// a Searcher with its own generator to [norns.Bot].
package search
