// Package gnav implements Gnav, the Danish and Norwegian exchange game: every player holds one
// card, may swap it with the neighbour on the left, and whoever ends a deal with the lowest card
// loses a life. Five high cards, the matadors, refuse exchanges in their own ways.
//
// A [State] is an immutable, comparable value: [State.Apply] returns the next state and never
// changes the receiver, == compares states, a State can be a map key, and every value method is
// safe for concurrent use. [State.Step] is Apply in place, on the State a pointer points to: the
// fast path of random playouts (norns.Playout) and the search, and the one implementation of
// the rules, which Apply runs on its own copy. A [View] is one seat's knowledge of a state, also comparable; bots decide
// from views ([NewRandomBot], [NewHeuristicBot], [NewSearchBot]). The package follows the norns
// contract: State satisfies norns.State and View norns.View.
//
// # Rules
//
// [Rules] returns the complete rules as this package plays them (the package's RULES.md),
// numbered N1–N17 as the doc comments and tests cite them, with every decision. In short:
// a pack of 42 cards, two of each of 21 ranks from the Narr (fool) up to the Gjøk (cuckoo)
// (N1); 2 to 20 players, 1 to 9 lives each, 4 and 3 by default ([Config], N2). Each deal the
// dealer's left acts first and the dealer last (N7): a player stands or asks the next contestant
// to exchange; a non-matador must accept (N8); a Hus or Hest passes the request on (N9), a Gjøk
// ends the exchanges (N10), a Dragon costs the asker a life (N11), a Katt too and undoes every
// exchange of the deal (N12; [Config.CatIsDragoon] turns that off). The dealer may exchange with
// the stock, which the matadors guard in the same ways (N13). At the showdown the lowest card
// loses a life, with the Narr's twists, and a surviving Narr holder rests a deal (N15).
//
// Where the rules leave a choice, this package decides:
//   - A request is resolved in one move: [Ask] runs through every Hus and Hest it meets, and a
//     request passing the dealer draws from the stock, all inside Apply (the asker has no choice
//     to make). Events list each refusal.
//   - A showdown with fewer than two contestants left in play (N14 took the others out) changes
//     nothing: no life lost, and nobody rests, even a Narr holder.
//   - A void deal (N16) is skipped inside the Apply that settles the deal before it. Its nominal
//     dealer is the next contestant left of the last dealer (or, with no contestant, the next
//     seat alive); the next real deal is dealt by the contestant left of that seat. Void deals
//     are not counted by [State.Round].
//   - Every card of the deal is put away at the showdown; between deals a State holds no cards.
//     The match ends at once when one seat is left (N14, N17), with a deal's cards put away too.
//
// # Moves
//
// A match starts at a chance node: [MoveChooseDealer] draws the first dealer uniformly, unless
// [Config.DealerGiven] names it. Each deal then starts with a chance [MoveDeal] that carries the
// whole shuffled pack, so a test can script any deal. The seat to act plays [Stand] or [Ask] (the
// dealer: Stand or [Draw]). Everything forced — refusals, passing on, stock draws, undoing,
// losing lives, the showdown, rests, void deals, the end — happens inside the move that causes
// it, and [State.ApplyEvents] reports it move by move from one seat's point of view.
//
// # Notation
//
// Moves read and write as plain words ([ParseMove], [Move.String]); keywords and cards are
// case-insensitive:
//
//	stand             keep your card (N7); the dealer's stand ends the exchanges
//	ask               ask the next contestant to exchange (N7–N12)
//	draw              the dealer exchanges with the stock (N13)
//	dealer 2          chance: seat 2 deals first (N4)
//	deal V Narr … Gjøk  chance: the 42 cards in dealing order (N5): the first to the contestant
//	                  left of the dealer, one each clockwise, the dealer's last, then the stock
//	                  from the top down
//
// Cards are written Narr, Ugle, Potte, 0, I, II, … XII, Hus, Hest, Katt, Dragon, Gjøk ("Gjok" and
// "Dragoon" are read too). Identical copies are one [Card] value;
// [Deck] is the pack as a cards table (names, notation, copies).
//
// # Encoding
//
// [NewEncoding] returns the learning encoding of a config ([norns.Encoder]). Its action space is
// the seats' three moves, by move kind, the same under every config: id 0 [Stand], 1 [Ask], 2
// [Draw]. Chance moves (the first dealer, a deal) have no id. testdata/encoding.golden pins them.
//
// An observation of a [View] is 117 + 21×N values in [0, 1], N the number of players (159 with
// two, 201 with four, 537 with twenty), read from the View's methods only. Ranks are one-hot in
// rank order (slot 0 the Narr, 20 the Gjøk); a one-hot block is all 0 for none. Seats are in the
// order of play from the viewer's: relative seat 0 is the viewer, 1 the seat on its left (the one
// it asks), and so on round the table. Slots:
//
//	0–20     the viewer's card now (View.Hand), one-hot
//	21       1 if it holds a card
//	22       its card's rank / 20 (the Narr 0, the Gjøk 1), 0 if none
//	23–43    the card it was dealt this deal (View.Dealt), one-hot
//	44–64    the card it received accepting a request this deal (View.Received's asked), one-hot
//	65–85    the card its own accepted request brought it (View.Received's own), one-hot
//	86–89    the phase, one-hot: dealer, deal, turn, over
//	90       Round / (N × lives at the start), at most 1
//	91–93    N / 20, lives at the start / 9, and 1 if Config.CatIsDragoon
//	94       1 if an ask by the viewer would reach nobody (View.AskTarget: the stock, as for the
//	         dealer)
//	95–115   the card the viewer knows the ask's target holds (View.AskTarget), one-hot
//	116      1 if that card refuses
//	117…     N slots: the ask's target, one-hot by relative seat
//	117+N…   N blocks of 20 slots, one per relative seat:
//	           0      lives / lives at the start
//	           1–8    1 if the seat is alive, a contestant, in play (View.InPlay), resting,
//	                  knocked (dealt a Narr), the dealer, to act, a winner
//	           9–12   its Turn this deal, one-hot: none, stood, asked, drew
//	           13–19  its Answer this deal, one-hot: none, accepted, Hus, Hest, Katt, Dragon, Gjøk
//
// Between deals and once over the cards are all 0 and the acts are none. The zero View's seat
// blocks and target slots are 0. The reward that goes with it is norns.Encoder's: a seat's share
// of the win at the end, 0 before.
//
// # Determinism
//
// A State holds no random generator: chance is a move, drawn with [State.SampleChance] from the
// caller's rng. The list of moves replays a match exactly, and so does (config, seed, seat moves)
// when chance is drawn from rng.New(seed) in order; see [NewRecord] and [ReplayRecord]. A
// [View.Sample] is exact: it draws uniformly among the deals the seat cannot rule out.
package gnav
