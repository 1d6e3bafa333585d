// Package greenhackenbush values Green Hackenbush on any rooted graph in
// time linear in its edges: either player cuts an edge, every edge no
// longer joined to the ground falls, and who cannot cut loses. It is
// impartial, so a picture is worth a nim heap *n (Sprague–Grundy), and n
// comes in closed form from two theorems of Winning Ways ch. 7
// (Berlekamp, Conway and Guy, "Hackenbush Hotchpotch"):
//
//   - the fusion principle: the vertices of a cycle may be fused into one
//     vertex without changing the value, each edge of the cycle becoming
//     a loop; a loop is a stalk of one edge, *1, so a 2-edge-connected
//     piece fused to a vertex adds the parity of its edges;
//   - the colon principle: what hangs from a vertex by one edge is worth
//     1 + its own value as seen from that edge, and the branches at a
//     vertex add by nim-sum (a tree's value is the xor over the ground's
//     children of 1 + the child's value; a stalk of n edges is *n).
//
// Value finds the bridges (edges on no cycle) by one iterative
// depth-first search from the ground (Tarjan's low-link; never recursive,
// so 10^6 edges do not grow the Go stack), fuses each 2-edge-connected
// piece, and applies the colon principle over the tree of bridges in
// reverse preorder. Edges not joined to the ground fall at once (the
// rules remove them), so they are worth nothing; a picture none of whose
// edges touches the ground is refused as a mistake rather than valued 0.
//
// WinningCuts finds the cuts that leave a given value: a cut bridge
// leaves the value known from the tree of bridges, and a cut edge of a
// cycle is tried by valuing its piece again, within a work bound.
//
// The tests check Value and WinningCuts against a plain mex search over
// whole pictures on random small pictures, and against published values.
// Pictures are read in grundy's notation "0-1,1-2,2-0" or as contest edge
// lists (picture.go).
package greenhackenbush
