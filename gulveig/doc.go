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
// # Encoding
//
// [Encoding] (from [NewEncoding], and in the registry) is the learning encoding for one config:
// a fixed action space whose ids are in bijection with every move a seat can make under that
// config, and a fixed-length observation of a [View]. Chance moves (the dealer, the deals and
// the Orchard's draws) have no id. "The cards in play" are the config's 24 cards in table order
// (card index 0 to 23: the alternates in play take the place of the cards they replace); bids
// run by 10 from the least a move of their kind can name to the largest bid of G8
// ([Config.MaxBid]). The ids come in blocks, in this order, a block absent when the config
// rules its moves out:
//
//	block    ids                                   moves
//	bid      (MaxBid−OpeningBid)/10+1              Bid(OpeningBid), Bid(OpeningBid+10), … Bid(MaxBid)
//	blind    (MaxBid−BlindMinimum)/10+1 (Blind)    Blind(BlindMinimum) … Blind(MaxBid)
//	pass     1                                     Pass
//	look     1 (Blind)                             Look
//	use      2 (Roles)                             Use, Decline
//	give     24 (Roles)                            Give of each card in play
//	swap     276 (Roles, 3 or 4 players)           Swap of each 2 cards in play, in colex order
//	aside    2024                                  Aside of each 3 cards in play, in colex order
//	raise    (MaxBid−OpeningBid)/10+1              Raise(OpeningBid) … Raise(MaxBid)
//	keep     1                                     Keep
//	play     24                                    Play of each card in play
//	show     2 per combo in play                   Show(a, b), Show(b, a) for each combo of the table in play
//
// Colex order ranks the set of card indices a < b (< c) at a + C(b, 2) (+ C(c, 3)): the sets
// whose highest card comes first in the table come first. The standard game has 2122 ids, 2130
// with 2 players (their opening bid is 50), 2604 with every option on; testdata/encoding.golden
// lists every id of four configs.
//
// Every observation has 749 float32 slots. Seats are counted from the observing seat: "seat
// slots" are 4 slots, the first for the seat itself, the next for the seat on its left, and so
// on (unused with fewer players). Card blocks are 28 slots, one per card kind in table order
// (Odin … Laufey, then Nanna*, Laufey*, Thiassi*, Freya*), 1 for a card in the set. Scores are
// divided by the target and clamped to [−2, 2]; bids by the largest bid.
//
//	slots      holds                                             values
//	0–10       the phase, one-hot (Phase order)                  0 or 1
//	11–16      who acts: seat slots, then chance, then nobody    0 or 1
//	17–28      players 2, 3, 4 one-hot; veteran, blind,          0 or 1; target/1000
//	           betting, roles; Nanna*, Laufey*, Thiassi*,
//	           Freya* in play; the target over 1000
//	29–32      the dealer (seat slots)                           0 or 1
//	33–36      the declarer (seat slots)                         0 or 1
//	37–40      each seat's score (seat slots)                    score/target in [−2, 2]
//	41–44      each seat on the barrel (G17)                     0 or 1
//	45–48      each seat's hand points in the last hand          points/200 in [−1, 1]
//	49         hands dealt over MaxHands                         [0, 1]
//	50         the high bid of the auction                       bid/MaxBid
//	51–54      the high bidder while the auction runs            0 or 1
//	55–58      each seat's last bid                              bid/MaxBid
//	59–62      each seat out of the bidding                      0 or 1
//	63–66      each seat that bid blind                          0 or 1
//	67         the seat knows its hand (G19)                     0 or 1
//	68         the contract                                      contract/MaxBid
//	69         the treasure was revealed                         0 or 1
//	70–73      each hand's size                                  cards/10
//	74         tricks completed this hand                        tricks/7
//	75–78      the clan holding supremacy, one-hot               0 or 1
//	79–82      the leader of the trick under way (seat slots)    0 or 1
//	83–87      the seat's own role, one-hot (Role order)         0 or 1
//	88–107     each seat's revealed role, 5 a seat               0 or 1
//	108–112    the role drawn by Tyr's Sacrifice, one-hot        0 or 1
//	113–144    the combos each seat showed, 8 a seat             0 or 1
//	           (the combo table's order, G2 then G3)
//	145–160    the clans each seat showed out of, 4 a seat       0 or 1
//	161–188    each card's worth this hand (after the roles)     worth/11
//	189–216    each card's strength this hand                    strength/8
//	217–244    the seat's hand (empty until it knows it)         card block
//	245–272    the treasure as revealed                          card block
//	273–300    the treasure the seat took as bid winner          card block
//	301–328    the cards the seat put aside                      card block
//	329–356    the card the seat gave in Idun's Orchard          card block
//	357–384    the card the seat drew in Idun's Orchard          card block
//	385–412    the cards the seat gave in Tyr's exchange         card block
//	413–440    the cards the seat received in Tyr's exchange     card block
//	441–524    the trick under way: its 1st, 2nd, 3rd card       3 card blocks
//	525–636    the cards each seat played this hand              4 card blocks (seat order)
//	637–748    the cards each seat took in tricks this hand      4 card blocks (seat order)
//
// Observe reads the View alone, so two states a seat cannot tell apart give it the same
// observation; it allocates nothing once dst has room. The reward is the win share of
// [norns.Encoder].
//
// # Determinism
//
// A State holds no random generator. Every chance outcome is a Move: with chance drawn from
// rng.New(seed) in order, the seed and the seats' moves replay a match exactly, and so does the
// full move list. [State.SampleChance]'s deal shuffles the cards in play in table order with the
// rng's one shuffle and deals them in a documented order, so a seed's deals never change silently.
package gulveig
