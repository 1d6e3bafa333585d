// Package misere computes misère quotients of heap games (octal,
// hexadecimal and subtraction games: anything heap.Rule describes), and
// Conway's genus symbols of their heaps.
//
// # Misère quotients
//
// Under misère play (whoever makes the last move loses) a sum is not
// decided by its parts' Sprague–Grundy values. Plambeck's indistinguishability
// quotient (Plambeck, "Taming the wild in impartial combinatorial games",
// Integers 5, 2005; Plambeck and Siegel, "Misère quotients for impartial
// games", JCTA 115, 2008) replaces them: for the set A of all sums of heaps
// of sizes up to N, two sums X and Y are indistinguishable when X+Z and Y+Z
// have the same misère outcome for every Z in A. The classes form a
// commutative monoid Q (the quotient), and the classes of P-positions its
// P-portion; the outcome of any sum is read from the product of its heaps'
// elements.
//
// Compute builds Q heap by heap, as Siegel's MisereSolver does: heap n is
// first tried as a conservative extension (its element is one of the
// quotient's elements so far), and else as a new generator g with g^(k+2) =
// g^k for the least k that works (every element of a misère quotient
// satisfies such a relation). What makes a trial right is not a guess: a
// trial is a commutative monoid M with a map φ from heaps to M, and it is
// accepted only when the outcome it predicts is proven for every sum of
// heaps up to n. The proof is finite: the outcome of a sum w is fixed by
// induction (w is a P-position iff w is not empty and no option of w is a
// P-position), and whether that induction agrees with M depends on w only
// through the pair (φ(w), T(w)), T(w) the set of elements of w's options.
// Adding a heap h maps (x, T) to (x·φ(h), T·φ(h) ∪ x·T(h)), so the pairs
// reachable from (1, ∅) form a finite set, which is searched whole
// (pretend). The P-portion is read off on the way, each element's from the
// pair that reaches it with the least weight (2·tokens − heaps: every
// option of a sum weighs less, even a split that takes nothing), whose
// options have all been decided already; every other pair is a check. When every pair agrees,
// every sum's outcome is [φ(w) ∈ P] by induction, and M reduced by
// indistinguishability (Moore's partition refinement: x ~ y when x·z and
// y·z fall on the same side of P for every z) is the quotient, unique up to
// isomorphism.
//
// Trials are made on a base that keeps what the quotient merged: the
// product of C(k,2) over the generators so far, tabulated when small
// (Kayles splits its earlier elements at heap 9: c = heap 5 had c^2 = 1,
// and from heap 9 on c^3 = c); a heap that is a conservative extension is checked on the
// quotient itself. When a new generator fails for every k, the old
// generators' k grow too (up to three). Before those loosenings, and
// whenever the base's trials grow past their budget, the new generator is
// tried on the quotient itself times C(k,2), as MisereSolver's first trial
// is: small and quick, it cannot split what the quotient merged, so once it
// is taken the base is that explicit product and later generators are
// tried on it alone (Kayles past heap 24). When no trial works, Compute
// stops with an error instead of an answer. Every answer is proven;
// what can fail is only finding one.
//
// The presentation printed is the quotient's generators (the heaps whose
// elements the earlier ones do not generate, named a, b, c, … in order) and
// a complete set of rewriting relations: each element's normal form is its
// least word in degree-then-lexicographic order, and the relations are the
// minimal words that are not normal forms, each equal to its normal form.
//
// # Periodicity
//
// For a finite octal or hexadecimal code, Quotient.ProvePeriod is the
// Plambeck–Siegel periodicity test (period.go states and proves the form
// used): heaps' elements that repeat with period p from heap n0 on, seen
// far enough (N ≥ h(n0+p−1)+k), make the quotient the whole game's, and
// heaps past N are then answered from the period.
//
// # Genus
//
// Conway's genus of a game G (On Numbers and Games ch. 12; Winning Ways
// ch. 13) is g^γ0γ1γ2…: g its normal-play Grundy value, γk the misère
// Grundy value of G + 2 + … + 2 (k nim heaps of size 2), the misère Grundy
// value being 1 at a game with no moves and else the mex of its options'.
// Genus computes these by search of the sums themselves.
package misere
