// Package pursuit defines the pursuit game on a directed graph (UVALive
// 7042; problem 17 of grundy's classic problems): Alice's token and Bob's
// token stand on different nodes; Bob moves first, then they alternate,
// each moving their own token along an edge. A player who cannot move
// loses; if the tokens meet, Bob loses; if play never ends, Alice loses.
//
// The game is loopy and not impartial, and endless play is not a draw but
// a win for Bob, so it is solved by retrograde analysis (package retro)
// with the game's own verdict for endless play (game.Endless): positions
// from which Alice cannot force a meeting or a stuck Bob are Bob's wins.
// A position records both tokens and whose turn it is: 2·n² positions.
package pursuit
