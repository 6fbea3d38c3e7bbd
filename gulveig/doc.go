// Package gulveig implements Gulveig, a bidding and trick-taking game for 2 to 4 players: bid for a
// 3-card treasure, then take at least the bid in card points and combos in seven tricks, or lose
// it; the first to 1000 wins.
//
// A [State] is an immutable, comparable value: [State.Apply] returns the next state and never
// changes the receiver, == compares states, a State can be a map key, and every method is safe
// for concurrent use. A [View] is what one seat may know of a state, also a comparable value;
// bots decide from views, and [View.Sample] deals out the unseen cards for search. Chance is
// explicit: the first dealer, the whole deal of a hand and each draw of Idun's Orchard are moves
// drawn with [State.SampleChance] from the caller's generator, so a match replays exactly from its
// moves, and a test can script any position by applying a hand-made [DealMove].
//
// Start with [New], list moves with [State.Legal], play them with [State.Apply] (or
// [State.ApplyEvents] to learn what happened, as one seat sees it), and read text with
// [ParseMove]. [NewRecord] and [ReplayRecord] write and replay match records; [State.Settlement]
// settles the bets. The bots are [NewRandomBot], [NewHeuristicBot] and [NewSearchBot].
//
// # Rules
//
// The complete rules, numbered G1–G22 as the tests cite them and with every decision taken where
// the published rules are silent, ship with the package: see [Rules] (the file RULES.md). In
// short: 24 cards in four clans (Aesir, Vanir, Muspeli, Rime) worth 11, 10, 4, 3, 2, 0; an auction
// from the opening bid by multiples of 10; the winner reveals and takes the treasure, puts 3 cards
// aside and may raise once; seven tricks with follow-clan, where a shown combo (Thor+Sif 100,
// Aegir+Ran 80, Loki+Spear 60, Gymir+Aurboda 40) scores and gives its clan supremacy (+7); the bid
// is made or lost, scavengers score their points unless on the barrel. Every option of G22 is a
// field of [Config]: veteran opening bid, blind bidding, betting, alternate cards, player roles, a
// shorter target.
//
// # Moves
//
// A [Move] is a small comparable value; its [Move.Kind] says what it does. A hand goes through
// [Phase]s: the deal (chance), the auction (bid, blind, pass, look), the role turns (use, decline,
// and the give, draw and swap moves of Idun's Orchard and Tyr's exchange), the aside, the raise,
// and the tricks (play, show). [State.Legal] lists the legal moves in a documented order; an
// illegal move is refused with a [*norns.MoveError] that says why ("must follow Aesir: you hold
// Thor").
//
// # Notation
//
// Moves read and write as text a person can type, case-insensitively: "Odin", "show Loki+Spear",
// "bid 100", "blind 120", "pass", "look", "use", "decline", "give Freya", "swap Odin Thor",
// "aside Idun Laufey Freya", "raise 130", "keep"; chance moves are "dealer 2", "draw Odin" and
// "deal 0=Odin,… 1=… t=… x=… r=…". Alternate cards carry a star: "Nanna*". [ParseMove] reads what
// [Move.String] writes, and [Move.MarshalText] and [Move.UnmarshalText] round-trip.
//
// # Determinism
//
// A State holds no random generator. Every chance outcome is a Move: with chance drawn from
// rng.New(seed) in order, the seed and the seats' moves replay a match exactly, and so does the
// full move list. [State.SampleChance]'s deal shuffles the cards in play in table order with the
// rng's one shuffle and deals them in a documented order, so a seed's deals never change silently.
package gulveig
