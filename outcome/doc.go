// Package outcome names who wins a game under perfect play.
//
// For two players alternating, every position of a finite game is either an
// N-position (the player to move, the Next player, wins) or a P-position (the
// Previous player wins) — Zermelo's theorem. Games whose play can go on
// forever add D (a draw: neither player can force a win; Smith 1966,
// Fraenkel). Partizan games add L and R: Left, or Right, wins whoever starts
// (Conway's four outcome classes).
//
// Remoteness (Steinhaus 1925; Winning Ways ch. 9, "Remote Stars") counts how
// many moves a game lasts when the winner hurries and the loser delays: it is
// 0 at a terminal position, odd exactly at N-positions and even at
// P-positions of a normal-play game.
package outcome
