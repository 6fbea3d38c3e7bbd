// Package voluspa implements Voluspa, the tile-laying game of Norse figures: players lay tiles
// into one shared grid, and a lay scores each line through it in which the new tile is strictly
// the strongest.
//
// A [State] is an immutable, comparable value: [State.Apply] returns the next state and never
// changes the receiver, == compares states, a State can be a map key, and every method is safe
// for concurrent use. A [View] is one seat's knowledge of a state, also comparable; bots decide
// from views ([NewRandomBot], [NewHeuristicBot], [NewSearchBot]). The package follows the norns
// contract: State satisfies norns.State and View norns.View.
//
// # Rules
//
// [Rules] returns the complete rules, numbered V1–V15 as the tests and comments cite them. In
// short: 60 tiles of eight kinds ([Tile], [Deck], V1) for 2 to 5 players ([Config], V2); hands of
// five, hidden; a first tile that is not a Troll at 0,0 (V3). On a turn a player lays a tile next
// to the grid (V4) so that no line is longer than 7 (V5) and nothing but a Troll lies next to a
// Troll (V6); a Dragon may cover a tile, which leaves the game (V7), a Skadi may cover one and take
// it into hand (V8); a player who cannot lay must discard, one with no tile passes (V9). Each of the
// two lines through the new tile scores its length when the new tile is worth strictly more than
// every rival there (V13), a Loki zeroing its neighbours (V10), Fenrirs counting as a pack (V11),
// and a Valkyrie closing a line with a Valkyrie scoring it anyway (V12). The player then draws back
// to five (V14). When the supply and the hands are empty, the highest score wins, ties going to who
// reached it first (V15). Each tile's power is a row of data ([Power]) read by one scoring loop.
//
// Where the rules leave a choice, this package decides (each Decision is in [Rules]): a blocked
// player must discard; the Fenrirs of a pack are not one another's rivals; players who never
// scored share the win if nobody scored; chance moves draw one tile at a time.
//
// # Moves
//
// A match starts with chance moves: [Draw] for each tile of the opening hands, [FirstTile] for
// the tile at 0,0, [FirstSeat] for the first player. On a turn the seat plays [Lay] (a tile on an
// empty square), [CoverWith] (a Dragon or Skadi on a tile), [Discard] or [Pass]; after a lay or
// discard, chance [Draw]s refill the hand one tile at a time. [State.Legal] lists every move at
// every node, chance included, in a documented order; [State.SampleChance] draws chance outcomes
// with their probabilities (a kind with more copies in the supply is likelier). Scoring happens
// inside the lay's Apply, and [State.ApplyEvents] reports it line by line with the reason.
//
// # Notation
//
// Moves read and write as plain words ([ParseMove], [Move.String]); keywords and tile names are
// case-insensitive, squares are x,y relative to the first tile:
//
//	Thor 2,-1        lay a Thor on the empty square 2,-1
//	Dragon on 0,1    cover the tile at 0,1 with a Dragon
//	discard Loki     put a Loki out of the game (only when no tile can be laid)
//	pass             a seat with an empty hand passes
//	draw Fenrir      chance: a Fenrir is drawn into the hand being filled
//	first Odin       chance: the first tile is an Odin
//	start 1          chance: seat 1 plays first
//
// # Determinism
//
// A State holds no random generator: chance is a move, drawn with [State.SampleChance] from the
// caller's rng. The list of moves replays a match exactly, and so does (config, seed, seat moves)
// when chance is drawn from rng.New(seed) in order; see [NewRecord] and [ReplayRecord]. The
// supply is a multiset with no order, so nothing (no state, view or move) can leak a future draw.
// [View.Sample] deals the tiles a seat cannot see consistently with everything it saw.
//
// # Encoding
//
// [Encoding] (from [NewEncoding]) is the learning encoding, a norns.Encoder: a fixed action space
// and a fixed-length observation of a [View]; the reward is the seat's share of the win at the
// end (norns.Seats.Share).
//
// Actions: 70,347 ids, the same for every config, in this order (so the ids of [State.Legal]'s
// moves come in Legal's order). Squares are x,y relative to the first tile; the lay squares are
// the 7,081 squares within 59 steps of it (|x| + |y| <= 59), the cover squares the 6,845 within
// 58, each numbered south to north and, in a row, west to east. A lay is next to a grid of at
// most 59 connected squares holding 0,0, so no lay is ever farther than 59 steps, nor a cover
// (on a grid of at most 59 squares) farther than 58: every move of every reachable state has an
// id, and the window is the smallest diamond that holds them.
//
//	ids            moves
//	0–7080         Odin laid on lay square 0–7080
//	7081–14161     Thor laid
//	14162–21242    Troll laid
//	21243–28323    Dragon laid
//	28324–35168    Dragon on cover square 0–6844
//	35169–42249    Fenrir laid
//	42250–49330    Skadi laid
//	49331–56175    Skadi on cover square 0–6844
//	56176–63256    Valkyrie laid
//	63257–70337    Loki laid
//	70338–70345    discard Odin … Loki, in table order
//	70346          pass
//
// Observation: 34 + 53n + 63,729 float32 slots for n players (63,869 for two, 64,028 for five),
// read from the View's methods only. Seats are relative: seat i is the one i places after the
// observing seat (i = 0 is the observer). Tile counts are divided by what bounds them, so every
// slot is in [0, 1]:
//
//	slots            holds                                              values
//	0–5              the phase, one-hot (deal, first tile, first seat,   0 or 1
//	                 turn, draw, over)
//	6–(7+n)          who is to act, one-hot: relative seats 0…n-1, then  0 or 1
//	                 chance, then nobody
//	8+n …  +7        the observer's hand: tiles of each kind / 5         0, 0.2 … 1
//	   … +8 … +15    the tiles it cannot place ([View.Unseen]) of each   0 … 1
//	                 kind / the kind's copies
//	   … +16 … +23   the tiles out of the game ([View.Gone]) of each     0 … 1
//	                 kind / the kind's copies
//	32+n             the supply's size / 60                              0 … 1
//	33+n             the turns played / 1000                             0 … 1
//	34+n + 51i …     relative seat i, 51 slots: score / 966, the turn
//	                 that brought it / 1000, hand length / 5, known      0 … 1
//	                 tiles (V8) of each kind / 5, then what its
//	                 discards showed ([View.Shown]): for c = 1 … 5, 8
//	                 slots, 1 for each kind of the set holding at least
//	                 c of its tiles
//	34+52n + i       1 if relative seat i has won (once over)            0 or 1
//	34+53n + 7081k + j  1 if the tile on lay square j is of the k-th     0 or 1
//	                 kind (k = 0 … 7, table order): the grid, one plane
//	                 a kind, numbered as the lay ids
//	34+53n + 56648 + j  1 on the square of the last lay or cover         0 or 1
//
// 966 and 1000 are the largest score and turn count a match can reach (see
// [State.UnmarshalJSON]). Observe allocates nothing once dst has room; BenchmarkObserve
// measures it.
//
// # Speed
//
// While the grid is at most 14 squares wide and tall (nearly every turn of a match), the State
// keeps where each kind may be laid or cover, and the squares by rows and columns, updated at
// every lay and cover: Legal lists a turn's moves (66 on average, a few hundred at most) straight
// from it, without allocating into a reused buffer, and [State.Step] applies a move in place and
// scores a lay from the three rows and columns through its square ([State.Apply] is Step on a
// copy); a larger grid is answered from the list of its squares per call. norns.Playout plays a
// random 3-player match through them in about 280k instructions (326k at 26f1713, 604k at
// fe20109); its calls of SampleChance through a pointer copy 16 bytes of the State, its calls
// of AppendLegal the whole State. [State.Playout] plays the same match in about 0.6 of the
// instructions (179k): it counts the legal moves and finds the one drawn instead of listing
// them, and copies no State. The package's benchmarks give the figures and how they are
// counted (BenchmarkRandomMatch, BenchmarkRandomMatchOwn, BenchmarkLegalMatch,
// BenchmarkApplyMatch, BenchmarkStepMatch).
package voluspa
