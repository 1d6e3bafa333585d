package partizan

import "slices"

// Misère play modulo dicots. A dicot is a game in which every non-zero
// follower (the game itself included) has both a Left and a Right
// option: Clobber's positions are dicots, and so is every impartial
// game. G ≥_D H when o(G+X) ≥ o(H+X) for every dicot X; it holds more
// often than the general order (Ge), since fewer games X test it:
// * + * = 0 modulo dicots, as in impartial misère play, where in general
// misère play no game but 0 has an inverse.
//
// GeDicot decides it without sums, by the test that holds in every
// universe of short games closed under sums, followers, conjugates and
// the forms {A | B} with A, B non-empty sets of its games (the dicots are
// one): G ≥_U H exactly when
//
//   - maintenance: for every H^L, some G^L ≥_U H^L or G ≥_U some H^{LR};
//     for every G^R, some H^R ≤_U G^R or some G^{RL} ≥_U H;
//   - proviso: if H is a Left end, Left moving first wins G + X for
//     every Left end X of U; if G is a Right end, Right moving first
//     wins H + X for every Right end X of U.
//
// (A. N. Siegel, "On the general dead-ending universe of partizan games",
// 2025, §5; in the dicot universe, Larsson, Milley, Nowakowski, Renault
// and Santos, "Progress on misère dead ends: game comparison, canonical
// form, and conjugate inverses", arXiv:1807.11297, who call it the
// options-only test; machine-checked as misereGE_iff_maintenance_proviso
// in Davies and Maciosowski's Lean library of misère games.) The only
// dicot that is an end is 0, so modulo dicots the proviso reads: if H
// has no Left option, Left wins G moving first; if G has no Right
// option, Right wins H moving first. G and H themselves may be any short
// games.
//
// Dicot canonical forms are not computed here: simplest forms modulo a
// universe like this one need Siegel's augmented forms (tombstones) where
// an option reverses through an end (0, for dicots), and those are not
// built yet. DicotReduced makes the two reductions that need none:
// removing a dominated option (Siegel 2025, Lemma 5.12) and bypassing an
// option reversible through a game that is not an end (Lemma 5.13); the
// result equals the game modulo dicots but need not be the simplest such
// form. A form equal to 0 modulo dicots, as {*|*} = * + * is, is written
// 0.

// IsDicot reports whether g is a dicot: every non-zero follower has both
// a Left and a Right option.
func (t *Table) IsDicot(g Game) bool {
	if t.dicot == nil {
		t.dicot = map[Game]bool{}
	}
	if d, ok := t.dicot[g]; ok {
		return d
	}
	d := g == Zero || len(t.left[g]) > 0 && len(t.right[g]) > 0
	for _, o := range append(slices.Clone(t.left[g]), t.right[g]...) {
		if !d {
			break
		}
		d = t.IsDicot(o)
	}
	t.dicot[g] = d
	return d
}

// GeDicot reports whether g ≥ h modulo dicots: o(g+X) ≥ o(h+X) for every
// dicot X (see above), by the maintenance and proviso test, with no sums.
func (t *Table) GeDicot(g, h Game) (ge bool, err error) {
	defer catch(&err)
	return t.geDicot(g, h), nil
}

// EqualDicot reports whether g = h modulo dicots.
func (t *Table) EqualDicot(g, h Game) (eq bool, err error) {
	defer catch(&err)
	return t.geDicot(g, h) && t.geDicot(h, g), nil
}

// HoldsDicot reports whether the relation holds of g and h modulo dicots.
func (t *Table) HoldsDicot(g Game, rel Relation, h Game) (ok bool, err error) {
	defer catch(&err)
	return relationHolds(t.geDicot(g, h), t.geDicot(h, g), rel), nil
}

func (t *Table) geDicot(g, h Game) bool {
	if g == h {
		return true
	}
	if t.geDicotMemo == nil {
		t.geDicotMemo = map[uint64]bool{}
	}
	key := pair(g, h)
	if r, ok := t.geDicotMemo[key]; ok {
		return r
	}
	t.step()
	r := t.geDicotTest(g, h)
	t.charge(memoBytes)
	t.geDicotMemo[key] = r
	return r
}

func (t *Table) geDicotTest(g, h Game) bool {
	// Proviso: 0 is the only dicot end.
	if len(t.left[h]) == 0 && !t.LeftWinsFirst(g) {
		return false
	}
	if len(t.right[g]) == 0 && !t.RightWinsFirst(h) {
		return false
	}
	for _, hl := range t.left[h] {
		if !slices.ContainsFunc(t.left[g], func(gl Game) bool { return t.geDicot(gl, hl) }) &&
			!slices.ContainsFunc(t.right[hl], func(hlr Game) bool { return t.geDicot(g, hlr) }) {
			return false
		}
	}
	for _, gr := range t.right[g] {
		if !slices.ContainsFunc(t.right[h], func(hr Game) bool { return t.geDicot(gr, hr) }) &&
			!slices.ContainsFunc(t.left[gr], func(grl Game) bool { return t.geDicot(grl, h) }) {
			return false
		}
	}
	return true
}

// DicotReduced returns a form equal to g modulo dicots, its options
// reduced first, with every dominated option removed and every option
// reversible through a non-end bypassed (the order modulo dicots in place
// of the general one). Options reversible through 0 are kept: the result
// is not a canonical form (see above).
func (t *Table) DicotReduced(g Game) (r Game, err error) {
	defer catch(&err)
	memo := map[Game]Game{}
	return t.dicotReduced(g, memo), nil
}

func (t *Table) dicotReduced(g Game, memo map[Game]Game) Game {
	if r, ok := memo[g]; ok {
		return r
	}
	t.step()
	left := make([]Game, len(t.left[g]))
	for i, o := range t.left[g] {
		left[i] = t.dicotReduced(o, memo)
	}
	right := make([]Game, len(t.right[g]))
	for i, o := range t.right[g] {
		right[i] = t.dicotReduced(o, memo)
	}
	r := t.make(left, right)
	for {
		next, changed := t.dicotStep(r)
		if !changed {
			break
		}
		r = next
	}
	// A form equal to 0 modulo dicots is written 0: a game whose options
	// are replaced by equal ones is equal to it (each option of one
	// matched by an equal option of the other passes the test above).
	if r != Zero && t.geDicot(r, Zero) && t.geDicot(Zero, r) {
		r = Zero
	}
	memo[g] = r
	return r
}

// dicotStep makes one reduction of g modulo dicots, if one applies.
func (t *Table) dicotStep(g Game) (Game, bool) {
	left, right := t.left[g], t.right[g]
	// Dominated: a Left option at most another one (of two equal
	// options, the higher id goes), and so for Right.
	for _, a := range left {
		for _, b := range left {
			if a != b && t.geDicot(b, a) && (!t.geDicot(a, b) || a > b) {
				return t.make(slices.DeleteFunc(slices.Clone(left), func(x Game) bool { return x == a }), right), true
			}
		}
	}
	for _, a := range right {
		for _, b := range right {
			if a != b && t.geDicot(a, b) && (!t.geDicot(b, a) || a > b) {
				return t.make(left, slices.DeleteFunc(slices.Clone(right), func(x Game) bool { return x == a })), true
			}
		}
	}
	// Reversible through a non-end: a Left option with a Right option
	// b ≤ g, b having Left options, is replaced by them; so for Right.
	for _, a := range left {
		for _, b := range t.right[a] {
			if len(t.left[b]) > 0 && t.geDicot(g, b) {
				nl := append(slices.DeleteFunc(slices.Clone(left), func(x Game) bool { return x == a }), t.left[b]...)
				return t.make(nl, right), true
			}
		}
	}
	for _, a := range right {
		for _, b := range t.left[a] {
			if len(t.right[b]) > 0 && t.geDicot(b, g) {
				nr := append(slices.DeleteFunc(slices.Clone(right), func(x Game) bool { return x == a }), t.right[b]...)
				return t.make(left, nr), true
			}
		}
	}
	return g, false
}
