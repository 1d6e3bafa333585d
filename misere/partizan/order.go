package partizan

import "slices"

// Ge reports whether g ≥ h in general misère play: o(g+X) ≥ o(h+X) for
// every game X. It runs Siegel's test (package doc), with no sums.
func (t *Table) Ge(g, h Game) (ge bool, err error) {
	defer catch(&err)
	return t.ge(g, h), nil
}

// Equal reports whether g = h in general misère play.
func (t *Table) Equal(g, h Game) (eq bool, err error) {
	defer catch(&err)
	return t.ge(g, h) && t.ge(h, g), nil
}

func (t *Table) ge(g, h Game) bool {
	if g == h {
		return true
	}
	key := pair(g, h)
	if r, ok := t.geMemo[key]; ok {
		return r
	}
	t.step()
	r := t.geTest(g, h)
	t.charge(memoBytes)
	t.geMemo[key] = r
	return r
}

func (t *Table) geTest(g, h Game) bool {
	// Proviso: an end of h for Left must be one of g; an end of g for
	// Right must be one of h.
	if len(t.left[h]) == 0 && len(t.left[g]) > 0 {
		return false
	}
	if len(t.right[g]) == 0 && len(t.right[h]) > 0 {
		return false
	}
	// Maintenance, Left: every h^L is matched by some g^L ≥ h^L, or is
	// answered by some h^{LR} ≤ g.
	for _, hl := range t.left[h] {
		if !slices.ContainsFunc(t.left[g], func(gl Game) bool { return t.ge(gl, hl) }) &&
			!slices.ContainsFunc(t.right[hl], func(hlr Game) bool { return t.ge(g, hlr) }) {
			return false
		}
	}
	// Maintenance, Right: every g^R is matched by some h^R ≤ g^R, or is
	// answered by some g^{RL} ≥ h.
	for _, gr := range t.right[g] {
		if !slices.ContainsFunc(t.right[h], func(hr Game) bool { return t.ge(gr, hr) }) &&
			!slices.ContainsFunc(t.left[gr], func(grl Game) bool { return t.ge(grl, h) }) {
			return false
		}
	}
	return true
}

// Canonical returns the misère canonical form of g: the simplest form
// equal to g in general misère play, the same Game for all games equal to
// g (Siegel 2015; package doc).
func (t *Table) Canonical(g Game) (c Game, err error) {
	defer catch(&err)
	return t.canonical(g), nil
}

func (t *Table) canonical(g Game) Game {
	if c := t.canon[g]; c >= 0 {
		return c
	}
	t.step()
	left := make([]Game, len(t.left[g]))
	for i, o := range t.left[g] {
		left[i] = t.canonical(o)
	}
	right := make([]Game, len(t.right[g]))
	for i, o := range t.right[g] {
		right[i] = t.canonical(o)
	}
	c := t.simplify(t.make(left, right))
	t.canon[g], t.canon[c] = c, c
	return c
}

// simplify removes dominated options and bypasses reversible ones from g,
// whose options are canonical, until neither is left.
func (t *Table) simplify(g Game) Game {
	for {
		left := slices.Clone(t.left[g])
		right := slices.Clone(t.right[g])
		// Dominated: a Left option at most another one; a Right option at
		// least another one. Of two equal options (equal canonical forms
		// are one id, but the order does not rely on it) the lower id
		// stays.
		left = slices.DeleteFunc(left, func(a Game) bool {
			return slices.ContainsFunc(t.left[g], func(b Game) bool { return t.dominated(a, b, t.ge(b, a), t.ge(a, b)) })
		})
		right = slices.DeleteFunc(right, func(a Game) bool {
			return slices.ContainsFunc(t.right[g], func(b Game) bool { return t.dominated(a, b, t.ge(a, b), t.ge(b, a)) })
		})
		if len(left) != len(t.left[g]) || len(right) != len(t.right[g]) {
			g = t.make(left, right)
			continue
		}
		// Reversible: a Left option with a Right option at most g is
		// replaced by that option's Left options (never none: see the
		// package doc), and so for Right.
		if h, ok := t.bypass(g, left, right); ok {
			g = h
			continue
		}
		return g
	}
}

// dominated reports whether option a goes because of option b: b is at
// least as good as a for the player (bBetter) and, when a is as good as b
// too (aBetter, so they are equal), a has the higher id.
func (t *Table) dominated(a, b Game, bBetter, aBetter bool) bool {
	if a == b || !bBetter {
		return false
	}
	return !aBetter || a > b
}

// bypass replaces the first reversible option of g = {left | right} it
// finds, and reports whether there was one.
func (t *Table) bypass(g Game, left, right []Game) (Game, bool) {
	for i, a := range left {
		for _, b := range t.right[a] {
			if t.ge(g, b) {
				nl := append(slices.Delete(slices.Clone(left), i, i+1), t.left[b]...)
				return t.make(nl, right), true
			}
		}
	}
	for i, a := range right {
		for _, b := range t.left[a] {
			if t.ge(b, g) {
				nr := append(slices.Delete(slices.Clone(right), i, i+1), t.right[b]...)
				return t.make(left, nr), true
			}
		}
	}
	return g, false
}
