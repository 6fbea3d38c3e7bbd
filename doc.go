// Package norns plays four Norse tabletop games exactly by their rules — [Herrlof] and [Gulveig]
// (trick-taking card games with bidding), [Gnav] (a Scandinavian card-swapping elimination game)
// and [Voluspa] (a tile-laying game) — for Go programs that run matches, build front ends
// (terminal, web, app) or write bots.
//
// This package holds the overview and the small contract every game satisfies. Each game is a
// standalone package (github.com/nornsgames/norns/herrlof, …/gnav, …/gulveig, …/voluspa) that
// carries its complete rules (its Rules function), built on two shared ones:
// [github.com/nornsgames/norns/cards] (each game's deck as a table, counted multisets, ordered
// piles) and [github.com/nornsgames/norns/rng] (seeded, reproducible, serialisable randomness).
//
// # The contract
//
// Every game package has a Config (player count and options, with Validate), New(Config) returning
// the first State, and three types:
//
//   - State: an immutable, comparable value with no pointers inside. [State] lists its methods:
//     ToMove says who acts (a seat, [Chance] at a chance node, [Nobody] once over), Legal lists
//     the moves in a documented order, Apply returns the next state and leaves the receiver as it
//     was, and an illegal move gets a [*MoveError] that wraps [ErrIllegalMove] and says why.
//     Copying a State is a snapshot; == compares two; it can be a map key; every method is safe
//     for concurrent use. States encode to and from JSON, and decoding validates everything.
//   - Move: a small comparable value with a text notation people can type (ParseMove, String,
//     MarshalText). Chance outcomes are Moves too: a deal carries its shuffled order, so a test
//     scripts any exact position by applying hand-made chance moves.
//   - View: what one seat may see ([View]): its own cards, everything public, and what it
//     witnessed, never more. Bots decide from a View; View.Sample draws a full State consistent
//     with everything the seat knows, which is what search bots determinise with.
//
// A game also reports what each move did, as one seat saw it, through State.ApplyEvents, so a
// front end can narrate a match ("seat 1 wins the trick with R9") without diffing states.
//
// Every game also has (*State).Step, Apply done in place: the same checks and errors, the State
// unchanged on error, without copying it in and out. Loops that play many moves on one State
// (simulations, search, tournaments) use it through [Stepper]. The same idea has the same name in
// every game: the repository's VOCABULARY.md is the table of those names, and a test holds every
// game to it.
//
// # Chance and reproducibility
//
// A State holds no random generator. At a chance node the caller draws the outcome with
// State.SampleChance from its own [rng.Rand]. So the full move list replays a match exactly, and
// the seed with the seats' moves alone replays it too ([ReplayFromSeed]). A [Record] (format
// version, game, effective config, seed, moves in notation, result, and optional [Tags] naming
// the seats, bots, event and date) is the SDK's match-record format: [NewRecord],
// [Record.Write], [ReadRecord], and [ReplayRecord] or [Replay], which validate every move and the
// result. Each game's NewRecord and ReplayRecord wrap them; configs decode strictly
// ([DecodeConfig]).
//
// # Limits
//
// Input from outside has a documented size limit, and errors quote at most a short prefix of it:
// records ([MaxRecordSize], [MaxRecordMoves], [MaxMoveText]), configs ([MaxConfigSize]), tags
// ([MaxTagText], [MaxTags]), and each game's state JSON and move text (its MaxStateJSON and
// MaxMoveText). Reading any of them allocates at most a small multiple of the input.
//
// # Running a match
//
// [Play] runs a match with one [Bot] per seat, drawing chance from an rng.Rand and calling an
// optional observer after every move; [Playout] plays uniformly random moves to the end without
// allocating, for simulations and benchmarks, on one State in place through the game's Step
// (see [Stepper]). With an iteration budget, as here, the search bot's choices are reproducible
// from its seed; with none it thinks for 100 ms a move (DefaultSearchTime).
//
//	s, _ := herrlof.New(herrlof.Config{})
//	bots := []norns.Bot[herrlof.View, herrlof.Move]{herrlof.NewHeuristicBot(1),
//		herrlof.NewSearchBot(herrlof.SearchOptions{Seed: 1, Iterations: herrlof.DefaultSearchIterations})}
//	last, moves, err := norns.Play(ctx, s, bots, rng.New(42), nil)
//
// # Writing a bot
//
// A bot is any value with Choose(ctx, view) (move, error) — see [Bot] and [BotFunc]. It sees only
// its seat's View, so it cannot cheat; it must return one of view.Legal() and should stop when
// ctx is done. [RandomBot] is the simplest; each game ships a random bot, a rules-aware heuristic
// and a search bot (information-set Monte Carlo tree search over View.Sample).
//
// # Building a front end
//
// Keep the true State on the server (or in the program), show each player only State.View of
// their seat, read their input with the game's ParseMove, and apply it: the error of an illegal
// move is written for people ("must follow red: you hold R7"). Narrate with State.ApplyEvents
// from the viewer's seat. Save and resume with the State's JSON or a [Record]. The program in
// examples/play is a complete terminal front end.
//
// # Bots and learners in other languages
//
// Programs in any language reach the games through the engine protocol (PROTOCOL.md in the
// repository: JSON objects, one a line, on standard input and output). [StartProgram] seats such
// a program as a bot ([ProgramBot]), and [ServeEnv] serves every registered game as environments
// for learners: observations, legal-action masks and rewards from each game's learning
// encoding ([Encoder], [Registered.Encoding]).
//
// # Playing any game by name
//
// Each game package registers itself by name when imported, as image formats and SQL drivers do,
// so a tool that imports several games plays any of them without knowing their types: [Games]
// lists them, [Lookup] finds one, [Registered.New] starts a match from a JSON config (or
// name=value options, [Registered.ConfigFromOptions]), and [Match] plays it with moves as text,
// views and events as JSON and bots by name ([TextBot]). [Register] says how a game registers.
// examples/play and examples/web are built on it.
//
// # Text from outside
//
// Every message that quotes input quotes at most [MaxQuote] bytes of it ([Clip]), and every tool
// shows text it did not write (record tags, names, a program's words) through [Printable], so
// it can neither drive a terminal nor reorder a line.
//
// # Errors
//
// Every error wraps one of [ErrIllegalMove], [ErrGameOver], [ErrBadConfig], [ErrBadNotation] and
// [ErrCorrupt]; test the kind with [errors.Is]. Bad input — move text, JSON, records — never
// panics and never changes what a caller already holds. Methods panic only when a caller breaks
// the contract, such as asking SampleChance at a seat's turn.
//
// [Herrlof]: https://pkg.go.dev/github.com/nornsgames/norns/herrlof
// [Gnav]: https://pkg.go.dev/github.com/nornsgames/norns/gnav
// [Gulveig]: https://pkg.go.dev/github.com/nornsgames/norns/gulveig
// [Voluspa]: https://pkg.go.dev/github.com/nornsgames/norns/voluspa
package norns
