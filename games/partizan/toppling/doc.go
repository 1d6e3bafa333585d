// Package toppling is Toppling Dominoes (Fink, Nowakowski, Siegel and
// Wolfe, "Toppling Dominoes", Games of No Chance 4, 2015; CGSuite's
// TopplingDominoes): a row of dominoes, L (Left's, blue), R (Right's,
// red) and G (green, either player's), with gaps (.). A player picks one
// of their dominoes (or a green one) and topples it to the left or to the
// right: it and everything on that side fall, gaps included, so the row
// left is one game. A row and its mirror image have the same value;
// positions are kept as the lesser of the two, with their end gaps
// trimmed, so the evaluator shares them.
package toppling
