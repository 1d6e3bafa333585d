// Package peuclid is Partizan Euclid, the game of Richard Nowakowski and
// Neil McKay that CGSuite ships as an example (PartizanEuclid.cgs): a
// position is a pair of positive integers (p, q). When q divides p the
// position is over; otherwise each player has exactly one move, Left to
// (q, p mod q) and Right to (q, q − p mod q). Positions are valued by the
// partizan evaluator (canonical forms, Siegel's Combinatorial Game Theory,
// ch. II), so a position is a sum of pairs and its table (grundy table
// partizan-euclid) is the grid of pairs (p, q) from (1, 1).
//
// Each move keeps the smaller number's role: the second number of a move
// is less than the position's q, so play ends after at most q moves, and
// a pair of numbers up to MaxNumber has at most that many followers.
package peuclid
