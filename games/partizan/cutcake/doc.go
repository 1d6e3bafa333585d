// Package cutcake is Cutcake (Winning Ways ch. 2; Siegel, Combinatorial
// Game Theory, ch. I): a position is a collection of rectangular cakes
// scored into unit squares. Left cuts a cake along a vertical line of the
// scoring (splitting its width), Right along a horizontal line (splitting
// its height); a player who cannot cut loses. A cut leaves two cakes, so a
// position is a sum of independent cakes (game.PartizanSplitting), and
// every value is an integer (Winning Ways ch. 2).
package cutcake
