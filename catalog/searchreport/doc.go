// Package searchreport answers one position of a two-player game with
// win, loss and draw by the game-tree search of package search
// (alpha-beta over exact scores that encode outcome and remoteness), in
// the catalog's report: the outcome for the player to move, the
// remoteness (Winning Ways, ch. 9: the winner hurries, the loser
// delays), the winning moves, and in a note the moves that achieve the
// position's value when none wins (the drawing moves, or the losing
// moves that hold out longest).
//
// Games that solve small positions by retrograde analysis offer it for
// --method search (catalog.Search), and for positions too large for
// their memory. A game whose play repeats positions is refused with the
// search's own error (search.ErrRepetition): search cannot prove outcomes
// through cycles, retrograde analysis can.
package searchreport
