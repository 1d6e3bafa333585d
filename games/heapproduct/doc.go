// Package heapproduct is the two products of heap rulesets that CGSuite's
// HeapRuleset offers and grundy lacked, played on pairs (m, n), each
// factor a heap game of package heap (an octal, hex or take-and-break
// code in CGSuite's notation, a subtraction set, nim, …):
//
//   - acrostic:R/S (HeapRuleset.AcrosticProduct; Winning Ways, ch. 14,
//     where no general theory is known): a move plays R on m, leaving
//     (a₁, n) + … + (a_k, n) for an option a₁ + … + a_k of R's heap m, or
//     S on n, leaving (m, b₁) + … + (m, b_l). Valued by a table filled in
//     order (every heap a move leaves is smaller).
//   - direct:R/S (HeapRuleset.DirectProduct): a move plays on both at
//     once: for an option a₁…a_k of m and b₁…b_l of n it leaves the sum
//     of (aᵢ, n), (m, bⱼ) and (aᵢ, bⱼ) over all i, j — the rule of
//     Winning Ways' Tartan Theorem (ch. 14; Conway, ONAG ch. 11 on
//     products of games), which values (m, n) as the nim product
//     G_R(m) ⊗ G_S(n), as computed here.
//
// A factor may also be turning:CODE, a coin-turning code's heap form
// (CGSuite's Spawning: a move from the heap c leaves the heaps of the
// other coins it turns), so that CGSuite's own examples — Motley × Ruler
// (Winning Ways' "Strip and Streak"), Turnips × Grunt — are typed as
// acrostic:turning:1+/turning:1+C and direct:turning:3E/turning:4FS; the
// tests check CGSuite's tables of both.
//
// The tests check the tables against the generic Sprague–Grundy search
// of the products' moves written from these rules, and the Tartan
// Theorem's values against that search too.
package heapproduct
