// Package landlords solves the Landlords card game (PROBLEMS.md item 20;
// Codeforces 98E "Help Shrek and Donkey"): a deck of distinct cards, the
// mover holds n, the opponent m, and one unknown card lies face down on
// the table; every card is known to be in the deck. A turn is either a
// guess of the table card (right: the guesser wins; wrong: the guesser
// loses) or naming a card; if the opponent holds it, it is shown and
// discarded, otherwise the opponent says so — and the named card may be
// one of the mover's own, a bluff.
//
// Let f(n, m) be the mover's winning probability under optimal play. With
// m = 0 the mover knows the table card: f(n, 0) = 1. Otherwise the mover
// chooses among three plans, and when a named card is denied the opponent
// must choose whether to believe that it is the table card (and guess it
// next turn) or to call a bluff:
//
//	                believe                       call the bluff
//	ask honestly    m/(m+1)·(1 − f(m−1, n))       m/(m+1)·(1 − f(m−1, n)) + 1/(m+1)
//	bluff (n ≥ 1)   1                             1 − f(m, n−1)
//	guess           1/(m+1)                       1/(m+1)
//
// (An honest ask names one of the m+1 cards the mover cannot see; it is
// the opponent's with probability m/(m+1), and the opponent then moves at
// (m−1, n). If it was the table card, the mover now knows it: believing,
// the opponent guesses it and wins; calling a bluff, the opponent leaves
// it, and the mover wins on the next turn. A bluff that is believed makes
// the opponent guess a wrong card; a bluff that is called reveals one of
// the mover's cards, and the opponent moves at (m, n−1).)
//
// This is a zero-sum matrix game in every state, so f(n, m) is its value
// (von Neumann's minimax theorem); optimal play is mixed — the mover must
// bluff with the right probability, and the opponent must believe with the
// right probability. The guess row is constant, so mixing it in never
// helps: the value is max(1/(m+1), v) with v the value of the 2×2 game of
// the first two rows, which is found exactly by the intersection of two
// lines (the 2×2 formula: a saddle point if there is one, else
// v = (ad − bc)/(a + d − b − c) with the row mix p = (d − c)/(a + d − b − c)
// and the column mix q = (d − b)/(a + d − b − c)). On a tie the mover
// guesses. f(n, m) depends on f(m−1, n) and f(m, n−1), whose card counts
// sum to n + m − 1, so the table is filled by increasing n + m.
//
// The tests check every state for small n, m against a linear program
// solved per state (package matrix, exact and verified) and against the
// samples of Codeforces problem 98E.
package landlords
