// Package herrlof implements Herrlof, a trick-taking game for two players (three in a variant)
// where each player secretly bids the tricks they will win, and the cards 1, 3, 6 and 9 and the
// runes Valknut and Hagalaz bend the usual trick rules.
//
// A [State] is an immutable, comparable value: [State.Apply] returns the next state and never
// changes the receiver, == compares states, and every method is safe for concurrent use. A
// [View] is one seat's knowledge of a state, also comparable; bots decide from views.
package herrlof
