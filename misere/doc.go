// Package misere computes misère quotients of heap games (octal,
// hexadecimal and subtraction games: anything heap.Rule describes),
// misère canonical forms of impartial games, and from those Conway's
// genus symbols and the tame / restive / restless / wild class of heaps.
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
// Compute builds Q heap by heap by the method of Siegel's MisereSolver
// (the program of Plambeck and Siegel's computations; its source, CGSuite's
// org.cgsuite.core.misere.solver, was read for the details, and Siegel
// describes the method in "Some MisereSolver questions answered",
// miseregames.wordpress.com, 28 Aug 2007). A candidate is a pretending
// function: a finite commutative monoid M, a P-portion P ⊆ M and an
// element φ(h) for each heap, φ(w) of a sum w the product of its heaps'.
//
// Verification. Order sums ("words") by their largest heap's count
// first, then the next largest heap's, and so on: every option of a sum
// comes before it. A candidate is right, [φ(w) ∈ P] being the misère
// outcome of every sum w (w a P-position iff it has a move and none of
// its options is one), when the least word it predicts wrongly does not
// exist, and it is found in two halves. The P-half needs no sums at all:
// a sum w+h with φ(w+h) ∈ P has the options w+t (t an option of the heap
// h), so it is enough that no element x and heap h have x·φ(h) ∈ P and
// x·φ(t) ∈ P together; x ranges over M, with its least word for the
// report. The N-half walks the words in order, each as the pair (φ(w),
// T(w)), T(w) the elements of its options (T(w+h) = T(w)·φ(h) ∪
// φ(w)·T(h)), and fails at a word with moves, φ(w) ∉ P and T(w) ∩ P
// empty. A pair (x, T) whose set contains an earlier pair's (x, T′) is
// not walked further: every extension w+v then has a superset of the
// options of the earlier w′+v, which comes before it, so when w+v fails
// w′+v fails first, and the least failure is still the one found. The
// pairs are finitely many, so the walk ends. Induction on the order then
// proves every sum's outcome.
//
// Heap n. First heap n is tried as a conservative extension: φ(n) is an
// element x of the quotient so far, on n's side of P and compatible with
// n's options' elements (the P-half for words with n); it is taken at
// once when n's option elements contain T(w) for a word w of element x
// seen in the last full N-half (every sum with n has the element and at
// least the options of the same sum with w in its place, a sum of smaller
// heaps whose outcome is already proven), and else after an N-half of its
// own. Otherwise n gets a new generator g, g^4 =
// g^2, next to the quotient, the P-portion marked by the outcome of each
// element's least word and the whole reduced (below); then, while a
// least failing word exists, the candidate is recalibrated at it: for
// sets of the heaps in that word, fewest first (by largest heap, as
// MisereSolver), those heaps get generators of their own, cyclic of
// index at least their old element's and their count in the word less
// one (period 2, or more for large indices), the other heaps keep their
// elements in the submonoid they generate, and the first candidate that
// gives the failing word the other outcome is taken. Each candidate is
// reduced by indistinguishability (Moore's partition refinement: x ~ y
// when x and y are on the same side of P and x·φ(h) ~ y·φ(h) for every
// heap h) over the elements some sum reaches. MisereSolver's candidates
// have failures that strictly increase in the order; when none is left,
// the reduced candidate is the quotient, unique up to isomorphism.
// Every answer is proven; what can fail is only finding one (a budget
// reached, or no recalibration that corrects the failing word).
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
// Genera computes these by search of the sums themselves, and stops
// where the period-2 tail every genus ends in is proven to have started
// (genus.go: two 1s added keep a misère Grundy value, so the values over
// the heap's followers with k 2s are a function of those with k−1, and
// repeat with period 2 once they repeat once). Canon.Genera computes the
// same terms, by the same argument, over the heaps' misère canonical
// forms (below) and their followers, far fewer, walked once per term for
// all heaps together; the two agree on
// every heap the tests reach (canon_test.go), and grundy quotient --genus
// uses the canonical form.
//
// # Canonical forms
//
// Two impartial games G and H are misère-equivalent when G + X and H + X
// have the same misère outcome for every impartial game X. Conway's
// theorem (On Numbers and Games ch. 12; Siegel, Combinatorial Game
// Theory (2013) ch. V §1) makes each class have one simplest form: a
// game with options in simplest form is simplified by the rule
//
//	G = H when the options of H are some of G's, every other option of
//	G has H as an option, and — the endgame proviso — if H has no
//	options, one of G's options is a misère P-position
//
// and two games in simplest form are equivalent only when identical.
// Canon stores games in that form, hash-consed (an id per game, options
// as sorted ids, as cgt.Space does for partizan games; sums memoized by
// pair), so the heaps of an octal game share their followers. Canon.Game
// applies the rule to a set of canonical options: H, a game already
// stored, is born after each of its options and before each option that
// has it as an option, so H is a prefix of the options sorted by birthday
// ending before a gap of two or more (this search is CGSuite's,
// MisereCanonicalGameOps, read for its method); and H = 0 when every
// option has the option 0 and one is a P-position. The tests check the
// definition itself: a game and its canonical form against a pool of
// games, the 1, 2, 3, 5, 22 games born by days 0–4, and equal forms
// exactly when the pool cannot tell games apart.
//
// # Tame, restive, restless, wild
//
// Winning Ways ch. 13 calls a game tame when it and its followers play in
// sums like nim heaps (a nim heap's genus is 0^120, 1^031 or g^g(g⊕2)),
// and wild otherwise; among the games that are not tame, restive games
// ("ambivalent nim heaps, which choose their size according to their
// company", On Numbers and Games ch. 12, p. 146) and restless games
// (CGSuite's name) keep a partial theory.
// The exact rules implemented are CGSuite's (MisereCanonicalGame's
// IsTame, IsGenerallyTame, IsRestive, IsGenerallyRestive, IsRestless,
// IsTameable; Dan Hoey's phyla, read in CGSuite's source, not copied),
// applied to a game G in canonical form with G+ its normal-play and G−
// its misère Grundy value and options already classified:
//
//   - G's genus is of tame kind when G+ = G− or both are 0 or 1; of
//     restive kind when else G+ ≤ 1; of restless kind when else G− ≤ 1;
//     wild kind otherwise.
//   - If every option is generally tame (the first three phyla): G is a
//     nim heap when all options are, its genus is of tame kind and not
//     G+ = G− ≤ 1; hereditarily tame (restive) when every option is a
//     nim heap or hereditarily tame and its genus is of tame (restive)
//     kind; otherwise reversibly tame, reversibly restive or restless
//     by its genus's kind (wild kind: wild).
//   - Else, for genus of tame or restive kind, G is reversibly tame
//     (restive) when every option X that is not generally tame has
//     options Y and Y′ (generally tame; for restive: restive or tame)
//     with G− = Y− and G+ = Y′+ (for restive also Y+ ≤ 1 or Y+ ⊕ G− ≤ 1,
//     and Y′− ≤ 1 or Y′− ⊕ G− ≤ 1), and G+, G− are the mex of the
//     generally tame options' values alone. Tame kind failing that, G is
//     tameable when every such X is tameable or has tameable options
//     matching G− and G+ likewise, and adding the tameable options'
//     values to the tame ones' keeps the mexes G+ and G− (or no value was
//     counted at all and G+ = 0). Anything else is wild.
//
// IsTame is the first two phyla, IsGenerallyTame the first three, and
// Class names four classes: tame (generally tame), restive (hereditarily
// or reversibly), restless, wild (tameable games included). A sum of
// generally tame games is misère Nim on their genera: a P-position
// exactly when the nim-sum of the G+ is 0 with some part of G+ = G−, or
// 1 with every part of {G+, G−} = {0, 1} (On Numbers and Games ch. 12);
// the tests check this on the tame heaps of Kayles and Dawson's chess
// against their proven quotients, and that it fails with restless, wild
// or tameable heaps among them; and G+, G−, IsTame and γ0..γ7 of the heaps
// of Kayles, Dawson's chess, Officers and Treblecross to 25 and Grundy's
// game to 19 against CGSuite 2.2's values (cgsuite_test.go: as a
// third-party test file quotes them; CGSuite was not run here). The
// finer phyla (reversibly tame, tameable, restive, restless) have no
// such outside check.
package misere
