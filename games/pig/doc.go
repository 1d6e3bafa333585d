// Package pig solves the dice game Pig (PROBLEMS.md item 21): two players
// race to Goal points; on a turn a player rolls a die repeatedly, adding
// each roll to a turn total, until rolling a 1 (the turn total is lost and
// the turn passes) or choosing to hold (the turn total is banked and the
// turn passes). The player to move at (i, j, k) has banked i, the opponent
// j, and the current turn total is k.
//
// The probability of winning under optimal play satisfies (Neller &
// Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal 25(1),
// 2004):
//
//	P(i,j,k) = max(roll, hold)
//	roll = (1 − P(j,i,0))/6 + Σ_{r=2..6} P(i,j,k+r)/6
//	hold = 1 − P(j,i+k,0)
//
// with P = 1 whenever i + k ≥ Goal (the mover holds and has won). The
// equations are cyclic — (i,j,0) and (j,i,0) refer to each other when both
// players roll a 1 — so there is no backward induction order. They are
// solved by value iteration, as Neller & Presser do, partitioned by the
// banked score sum i + j: a hold with k > 0 only reaches larger sums, so
// the partitions are solved from the largest sum down, each by
// Gauss–Seidel sweeps until no value moves by more than the tolerance.
// Holding with a turn total of 0 (passing) is allowed, as in the equations
// above; it is never better than rolling.
//
// For Goal = 100 the first player wins with probability ≈ 0.5306 (Neller &
// Presser 2004). The tests check the tables against exact rational
// solutions of the same equations for small goals, computed by evaluating
// the greedy policy exactly and checking that no state can improve on it.
package pig
