// Package retroreport writes the report of a board game position solved
// in memory by retrograde analysis (retro.SolveFrom over the positions
// reachable from it: Teeko, Quixo, the morris family, Dobutsu shogi,
// tic-tac-toe), so that every such game says the same things the same
// way: the outcome and remoteness, how they were found, the winning
// moves and, for a drawn position, the moves that keep the draw
// ("drawing_moves": with endless play a draw, a drawn position has no
// winning move, and these are the moves a player must choose among not
// to lose; Winning Ways, ch. 11, on loopy games).
//
// Report lists the positions the moves leave, each once; Labelled adds
// the moves' names (winning_labels, drawing_labels), for games whose
// moves people name (a3, Gc4-c3). Successors is the explorer's list of a
// position's moves from the same table. GameOptions maps a solve's
// options onto the analysis's, and RefuseLoopy is how such a game
// refuses the methods that cannot solve it (no closed form; a search
// cannot prove outcomes through cycles).
package retroreport
