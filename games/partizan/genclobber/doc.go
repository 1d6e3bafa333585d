// Package genclobber is CGSuite's generalised Clobber (game.grid.GenClobber)
// and the variants its library names: a player's stone moves onto a
// neighbouring square whose content the rules let it take, and leaves
// behind what the rules say. Clobber itself (package clobber, with its own
// faster engine) takes an orthogonally adjacent stone of the other colour
// and leaves an empty square; the variants here are, as CGSuite's
// game.grid constants define them:
//
//   - kings: Clobber in the eight compass directions;
//   - knights: Clobber along a knight's moves;
//   - rooks and queens: Clobber along the four orthogonal (rooks) or eight
//     compass (queens) lines, the stone sliding over empty squares to the
//     first stone it meets;
//   - hot: a stone may take a stone of either colour (HotClobber);
//   - anti: a stone moves onto an adjacent empty square and leaves a stone
//     of the other colour behind (AntiClobber).
//
// Positions are valued by the partizan evaluator (canonical forms; Siegel,
// Combinatorial Game Theory, ch. II). Where a move only ever takes a stone
// next to the mover (kings, knights, hot), a board is the sum of its
// groups of stones joined by the move directions, and each group is valued
// once wherever it appears; rooks, queens (moves across empty squares) and
// anti (moves into them) are valued board by board.
package genclobber
