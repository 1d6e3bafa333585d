// Package loopy computes generalized Sprague–Grundy values of impartial
// games whose play may go on forever (loopy games, cyclic game graphs),
// and the outcomes of disjunctive sums of such games from them.
//
// Smith (1966, "Graphs and composite games") and Fraenkel & Perl (1975),
// Fraenkel & Yesha (1986, "The generalized Sprague–Grundy function and its
// invariance under certain mappings") extend the Sprague–Grundy function γ
// to cyclic digraphs under normal play: γ(u) is either a non-negative
// integer or ∞(K), where K is the set of finite values of u's followers. It
// is characterised by: a finite γ(u) is the mex of the finite values of
// u's followers, and every follower of larger value (or of value ∞) can be
// answered by a move back to value γ(u) (reversibility, with a counter
// function ensuring progress); γ(u) = ∞ otherwise. Winning Ways (ch. 12,
// "Games Eternal — Games Entailed") writes ∞(K) as ∞ with subscripts K.
//
// The outcome of a position: γ = 0 is P (the player to move loses);
// a finite γ > 0 is N; ∞(K) is N when 0 ∈ K (move to a P-position) and a
// draw otherwise.
//
// The generalized Sprague–Grundy theorem (Smith; Fraenkel–Yesha) gives the
// value of a sum: the nim-sum of finite values; ∞(K) ⊕ a = ∞(K ⊕ a) for a
// finite a; ∞(K) ⊕ ∞(L) = ∞(∅). So several tokens on one graph are solved
// from the values of single positions, without building the product graph,
// whose size grows as the number of nodes to the power of the number of
// tokens.
//
// Solve computes γ with the stage algorithm of Fraenkel and Yesha: at stage
// m, a node not yet labelled gets the label m when none of its followers
// has label m and every follower that is unlabelled or labelled ∞ has a
// follower labelled m; then every unlabelled node without a follower
// labelled m gets ∞. Labels once given never change. Each stage runs as a
// retrograde propagation with per-node counters over the reverse graph, so
// a stage costs O(|V| + |E|), and there are at most 1 + (the largest
// finite value) + 1 stages.
package loopy
