// Package partizan computes with partizan games under misère play, where
// the player who cannot move wins: game forms kept as given, their misère
// outcome classes, disjunctive sums, conjugates, the misère order and the
// misère canonical (simplest) form, read and written in CGSuite's brace
// notation.
//
// # Which equivalence
//
// General (unrestricted) misère play: G = H when o(G+X) = o(H+X) for
// every game X whatever, partizan or not; G ≥ H when o(G+X) ≥ o(H+X) for
// every X, outcomes ordered L > P, N > R. Ge, Equal and Canonical compute
// this equivalence. Restricted universes identify more games: modulo
// dicots (X ranging over dicots only; dicot.go) GeDicot, EqualDicot and
// HoldsDicot decide the order by Siegel's maintenance-and-proviso test
// for such universes (2025, §5), and DicotReduced gives a form equal
// modulo dicots, but no dicot canonical form (that needs augmented forms,
// not built). Other universes (dead-ending games, a ruleset's own
// positions: misère quotients) are not computed here. In general misère
// play very little is equal: G + Ḡ ≠ 0 for every G ≠ 0 (Ḡ the conjugate,
// Left and Right exchanged; Mesdal and Ottaway, "Simplification of partizan games in
// misère play", INTEGERS 7, 2007, #G06), so no game but 0 has an inverse.
//
// # Outcomes
//
// A player to move with no move wins. Left wins moving first in G when G
// has no Left option, or some G^L is lost by Right moving first; the rest
// follows by symmetry. The outcome class is L (Left wins whoever starts),
// R, N (the player to move wins) or P.
//
// # The order
//
// Ge decides G ≥ H without sums, by Siegel's constructive test
// (A. N. Siegel, "Misère canonical forms of partizan games", Games of No
// Chance 4, MSRI Publ. 63, 2015, arXiv:1404.3686; Combinatorial Game
// Theory, AMS 2013, ch. V §6): G ≥ H exactly when
//
//   - maintenance: for every H^L, some G^L ≥ H^L or G ≥ some H^{LR}; and
//     for every G^R, some H^R ≤ G^R or some G^{RL} ≥ H;
//   - proviso: if H is a Left end (no Left option) then so is G, and if
//     G is a Right end then so is H.
//
// The proviso is what misère play adds to Conway's normal-play test. That
// the four conditions suffice follows by induction on G+H+X (Left's
// winning replies in H+X carry over to G+X); that the proviso is needed is
// Siegel's Theorem V.6.6 (the game T = {(H^R)° | {·|(G^L)°}} built from
// adjoints separates G from H when H is a Left end and G is not); that
// maintenance is needed is Siegel's downlinking argument with adjoints.
// The tests check the order against its definition by plain search: no
// sum with a game born by day 2 breaks a ≥ it finds, and a game born by
// day 3 shows each ≱ it finds; the 256 forms born by day 2 are 256
// different games (Plambeck, 2006, found at least 123 by sums with day-2
// games alone; adjoints and Siegel's proviso games tell the rest apart).
//
// # Canonical forms
//
// Canonical removes dominated options (G^{L1} ≤ G^{L2}) and bypasses
// reversible ones (G^{L1R1} ≤ G: G^{L1} is replaced by the Left options of
// G^{L1R1}), the misère order in place of the normal-play one; Siegel
// proves the result is the unique simplest form of G's class, the
// partizan analogue of Conway's misère canonical form of impartial games.
// Reversing through a Left end cannot happen in general play: G^{L1R1} ≤ G
// with G^{L1R1} a Left end would make G a Left end by the proviso, and G
// has the Left option G^{L1}. So the simplification never deletes a
// player's last option, and a Left end stays one.
//
// # Print order
//
// Options are written in an order of their own (printorder.go: birthday,
// then Left options, then Right options, compared recursively), not by
// id, so a form reads the same whatever Table holds it: the command line
// and the explorer print one position alike.
//
// # Notation
//
// Games are written in CGSuite's explicit notation: {A,B|C} with options
// separated by commas, 0, integers (n = {n-1|}, -n = {|-(n-1)}), * and *n
// (nim heaps: every *k, k < n, for both players), ^ = {0|*}, v = {*|0},
// sums G+H, differences G-H (the sum with the conjugate: under misère play
// the conjugate is not an inverse), the conjugate -G, and parentheses.
// Every integer, nim heap, ^ and v is printed that way only when the form
// is exactly that one; CGSuite itself has no partizan misère values
// (its MisereCanonicalGame is impartial: package misere).
//
// A Table stores every game once (hash-consed ids); its operations stop
// with a budget error past Table.MaxGames games or the memory budget, and
// when the context set by SetContext ends.
package partizan
