// Package othello is Othello (Reversi) on boards of W×H cells, W and H
// even from 4 to 8.
package othello
