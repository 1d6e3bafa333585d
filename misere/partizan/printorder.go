package partizan

import "slices"

// The order options are written in. A Table keeps each side's options
// sorted by id, and ids are given in the order games are first stored,
// so two Tables that met the same games in another order hold the same
// form with its options in other orders. Written by id, one game would
// read differently from one request to the next (the explorer and the
// command line, a position and the same position reached by a move).
// Forms are therefore written in an order of their own, the same in
// every Table: by birthday, then Left options compared in this order one
// by one (a list that is a prefix of the other first), then Right
// options likewise. Two different forms differ somewhere in that
// comparison, so the order is total, and equal forms, one id, compare
// equal.

// LeftOrdered returns g's Left options in the order they are written:
// the same order in every Table (String writes them so).
func (t *Table) LeftOrdered(g Game) []Game { return t.ordered(t.left[g]) }

// RightOrdered is LeftOrdered for Right's options.
func (t *Table) RightOrdered(g Game) []Game { return t.ordered(t.right[g]) }

func (t *Table) ordered(opts []Game) []Game {
	if len(opts) < 2 {
		return opts
	}
	s := slices.Clone(opts)
	slices.SortFunc(s, t.compareForms)
	return s
}

// compareForms orders two forms as they are written (see above).
func (t *Table) compareForms(a, b Game) int {
	if a == b {
		return 0
	}
	if t.printOrder == nil {
		t.printOrder = map[uint64]int8{}
	}
	key := pair(a, b)
	if c, ok := t.printOrder[key]; ok {
		return int(c)
	}
	c := t.compareUncached(a, b)
	t.printOrder[key] = int8(c)
	return c
}

func (t *Table) compareUncached(a, b Game) int {
	if c := int(t.bday[a]) - int(t.bday[b]); c != 0 {
		return sign(c)
	}
	if c := t.compareSides(t.ordered(t.left[a]), t.ordered(t.left[b])); c != 0 {
		return c
	}
	return t.compareSides(t.ordered(t.right[a]), t.ordered(t.right[b]))
}

func (t *Table) compareSides(x, y []Game) int {
	for i := range min(len(x), len(y)) {
		if c := t.compareForms(x[i], y[i]); c != 0 {
			return c
		}
	}
	return sign(len(x) - len(y))
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
