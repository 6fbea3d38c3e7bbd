// Package herrlof implements Herrlof, a trick-taking game for two players (three in a variant)
// in which each player secretly bids the tricks they will win, and the cards 1, 3, 6 and 9 and
// the runes Valknut and Hagalaz bend the usual trick rules.
//
// A [State] is an immutable, comparable value: [State.Apply] returns the next state and never
// changes the receiver, == compares states, a State can be a map key, and every method is safe
// for concurrent use. A [View] is what one seat may know of a state, also a comparable value;
// bots decide from views, and [View.Sample] deals out the unseen cards for search. Chance is
// explicit: the deal and the 6's random pick are moves drawn with [State.SampleChance] from the
// caller's generator, so a match replays exactly from its moves, and a test can script any
// position by applying a hand-made [Deal].
//
// Start with [New], list moves with [State.Legal], play them with [State.Apply] (or
// [State.ApplyEvents] to learn what happened, as one seat sees it), and read text with
// [ParseMove]. [NewRecord] and [ReplayRecord] write and replay match records.
//
// # Rules
//
// [Rules] returns the complete rules (the file RULES.md of this package), numbered H1–H21 as the
// tests cite them, with every decision the package takes where the published rules leave a
// choice. In short: 42 cards (four suits of 1–9, called red, green, blue and yellow, plus three
// Valknuts and three Hagalaz), 15 cards each with 2 players and 11 with 3, a trump card and a
// stock; secret bids; follow suit or play a rune; the 1 steals a trick, the 3 draws from the
// stock, the 6 takes a random card, the 9 passes the lead; a Valknut destroys the trick (two
// change the trump), a Hagalaz loses but leads next. A hand scores a point per trick, 10 for a
// correct bid and, with 2 players, 5 for exactly 3 or 4 tricks; the match ends after the hand in
// which someone reaches 50 (40 with 3 players), or after [Config.HandLimit] hands. Among the
// decisions:
//
//   - The 9's power is not optional: a 9 that wins hands the next lead on (H12 says "is led by").
//   - After a destroyed trick its leader leads again, unless a Hagalaz was played (H13, H14).
//   - The 3's draw is offered whenever the stock is not empty, even on the last trick, where it
//     cannot help; the 6 does nothing after the last trick, and neither does the 9 (H15).
//   - Copies of the Valknut and of the Hagalaz are one [Card] value each: nothing records which
//     copy is where, so states that differ only in copies are ==.
//   - [View.Sample] respects everything the seat saw this hand, and only that: each sample comes
//     with a history of the moves the seat did not see that explains all it saw (a seat that
//     showed out of a suit held none of it then; a card the seat gave or lost with a 6 was in the
//     receiver's hand then; a draw takes the top of the stock, never a card returned under it).
//     With three players, a 6 exchange between the two other seats is hidden from the viewer:
//     the owner may have given back the card it took or passed any card on, and the history
//     found says which. The State keeps a record of the hand (the cards played, who drew, the 6
//     exchanges) for this; a View shows it without the cards of exchanges the seat was not in.
//   - [View.ShowedOut] and [View.Known] report definite facts only: a void until the seat
//     receives a card, a known card until it is played or may have moved.
//
// # Moves
//
// A [Move] is a small comparable value. Each phase ([Phase]) waits for one kind of move: the
// deal (chance), a bid per seat in turn from the hand's opening leader, a card per seat in turn,
// and the decisions of the powers: draw or nodraw after a 3 and then the card to return; steal or
// nosteal after a winning 1 (with 3 players, steal names the seat robbed); take or notake after a
// winning 6 (naming the seat with 3 players), then the random pick (chance), then the card given
// back. Everything that follows without a choice (resolving the trick, the next lead, scoring the
// hand, ending the match) happens inside the Apply that made it happen.
//
// # Notation
//
// Moves read and print as short words, case-insensitively; [Move.String] prints the form below
// and [ParseMove] reads it back to an == Move. A card is a suit letter (R red, G green, B blue, Y
// yellow) and a rank, as in R7 or G1, or V for a Valknut and H for a Hagalaz.
//
//	R7                play the red 7; V and H play a rune
//	bid 3             bid three tricks
//	draw, nodraw      the 3: draw the top card of the stock, or not
//	return G2         the 3: put the G2 at the bottom of the stock
//	steal, nosteal    the 1: steal a trick from the opponent, or not
//	steal 2           the 1, with 3 players: steal a trick from seat 2
//	take, notake      the 6: take a random card from the opponent, or not
//	take 1            the 6, with 3 players: take a random card from seat 1
//	give R3           the 6: give the R3 to the seat robbed
//	pick V            chance: the card the 6 took at random
//	deal 1 R1 R4 … / G2 … / Y5 / B3 …
//	                  chance: the hand's opening leader, then each seat's hand, the trump card
//	                  and the stock from the top, separated by slashes
//
// # Encoding
//
// [NewEncoding] returns the learning encoding of a config ([norns.Encoder]). Cards are counted by
// kind, in the kind order: the 36 suited cards by id (R1…R9, G1…G9, B1…B9, Y1…Y9), then V, then
// H (38 kinds). With h the hand size (15 with two players, 11 with three) and T the ids of a
// steal or a take (1 with two players, where they name no seat; 3 with three, one per seat named),
// the action ids are, in order:
//
//	bid 0 … bid h                 h+1 ids
//	play, by kind                 38 ids
//	return, by kind               38 ids
//	give, by kind                 38 ids
//	draw, nodraw                  2 ids
//	steal (or steal 0 … steal 2), nosteal    T+1 ids
//	take (or take 0 … take 2), notake        T+1 ids
//
// 136 ids with either player count; deals and picks (chance) have none. testdata/encoding.golden
// lists them. An observation is 689 values in [0, 1], in this order (a seat block has three
// entries, seat 0 first; seats beyond the player count are 0; one-hot blocks are all 0 for none):
//
//	3    the viewer's seat, one-hot
//	1    1 with three players
//	10   the phase, one-hot in Phase order
//	5    who is to move: seat 0, 1, 2, chance, nobody (over)
//	38   the viewer's hand: copies of each kind
//	38   the trump card, one-hot by kind
//	4    the trump suit, one-hot (none when the trump card is a rune, or at a deal)
//	114  the trick in play: for each seat, the kind it played, one-hot (38 a seat)
//	3    the trick's leader, one-hot
//	4    the led suit, one-hot
//	114  the last completed trick: for each seat, the kind it played
//	3    its winner, one-hot (none when destroyed)
//	38   the cards out of play this hand: copies of each kind
//	3    each seat's hand size / 16
//	3    each seat's tricks this hand / h
//	1    tricks completed this hand / h
//	2    the viewer's bid / h, and 1 once it has bid
//	3    each seat's score / (the target + 30), at most 1
//	3    each seat's correct bids / 20, at most 1
//	1    Round / 40, at most 1
//	1    the stock's size / 11
//	38   the cards the viewer knows in the stock (it returned them): copies of each kind
//	114  for each seat, the cards the viewer knows it holds (View.Known)
//	114  for each seat, the viewer's cards it knows of (View.KnownBy)
//	12   for each seat, the suits it showed out of (View.ShowedOut), four a seat
//	3    the seat whose power resolves, one-hot
//	3    the 6's target, one-hot
//	3    the hand's opening leader, one-hot
//	10   the last hand scored: each seat's bid / h, tricks / h, points / 30, then 1 if any
//
// # Determinism
//
// A State holds no generator. At a chance node the caller draws the outcome with
// [State.SampleChance] from its own [rng.Rand]; the same seed draws the same deals and picks on
// every platform and Go version. The full move list replays a match exactly, and so do the seed
// and the seats' moves alone (see norns.ReplayFromSeed). [State.Legal] lists moves in a fixed
// documented order.
package herrlof
