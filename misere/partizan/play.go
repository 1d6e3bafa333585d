package partizan

// Outcome is a misère outcome class.
type Outcome byte

// The four outcome classes of misère play.
const (
	L Outcome = 'L' // Left wins whoever starts
	R Outcome = 'R' // Right wins whoever starts
	N Outcome = 'N' // the player to move wins
	P Outcome = 'P' // the player to move loses
)

func (o Outcome) String() string { return string(o) }

// outcomeOf combines who wins each start.
func outcomeOf(leftFirst, rightFirst bool) Outcome {
	switch {
	case leftFirst && rightFirst:
		return N
	case leftFirst:
		return L
	case rightFirst:
		return R
	}
	return P
}

// LeftWinsFirst reports whether Left, moving first in g under misère
// play, wins: g has no Left option, or some Left option is lost by Right
// moving first.
func (t *Table) LeftWinsFirst(g Game) bool {
	if w := t.leftWins[g]; w != 0 {
		return w > 0
	}
	win := len(t.left[g]) == 0
	for _, o := range t.left[g] {
		if !t.RightWinsFirst(o) {
			win = true
			break
		}
	}
	t.leftWins[g] = boolTo8(win)
	return win
}

// RightWinsFirst is LeftWinsFirst for Right.
func (t *Table) RightWinsFirst(g Game) bool {
	if w := t.rightWins[g]; w != 0 {
		return w > 0
	}
	win := len(t.right[g]) == 0
	for _, o := range t.right[g] {
		if !t.LeftWinsFirst(o) {
			win = true
			break
		}
	}
	t.rightWins[g] = boolTo8(win)
	return win
}

func boolTo8(b bool) int8 {
	if b {
		return 1
	}
	return -1
}

// Outcome is g's misère outcome class.
func (t *Table) Outcome(g Game) Outcome {
	return outcomeOf(t.LeftWinsFirst(g), t.RightWinsFirst(g))
}

// Sum returns the disjunctive sum g + h, as a form: every Left option of
// either part with the other part beside it, and so for Right. It is not
// simplified (Canonical does that).
func (t *Table) Sum(g, h Game) (s Game, err error) {
	defer catch(&err)
	return t.sum(g, h), nil
}

func (t *Table) sum(g, h Game) Game {
	if g == Zero {
		return h
	}
	if h == Zero {
		return g
	}
	if g > h {
		g, h = h, g
	}
	key := pair(g, h)
	if s, ok := t.sums[key]; ok {
		return s
	}
	side := func(gs, hs []Game) []Game {
		out := make([]Game, 0, len(gs)+len(hs))
		for _, o := range gs {
			out = append(out, t.sum(o, h))
		}
		for _, o := range hs {
			out = append(out, t.sum(g, o))
		}
		return out
	}
	s := t.make(side(t.left[g], t.left[h]), side(t.right[g], t.right[h]))
	t.charge(memoBytes)
	t.sums[key] = s
	return s
}

// Conjugate returns g with Left and Right exchanged throughout (written
// -g; in misère play it is not g's inverse).
func (t *Table) Conjugate(g Game) (c Game, err error) {
	defer catch(&err)
	return t.conjugate(g), nil
}

func (t *Table) conjugate(g Game) Game {
	if c := t.conj[g]; c >= 0 {
		return c
	}
	flip := func(opts []Game) []Game {
		out := make([]Game, len(opts))
		for i, o := range opts {
			out[i] = t.conjugate(o)
		}
		return out
	}
	c := t.make(flip(t.right[g]), flip(t.left[g]))
	t.conj[g], t.conj[c] = c, g
	return c
}

// Integer returns the form of the integer n: n = {n-1 | } for n > 0,
// -n its conjugate.
func (t *Table) Integer(n int) (g Game, err error) {
	defer catch(&err)
	g = Zero
	for range abs(n) {
		if n > 0 {
			g = t.make([]Game{g}, nil)
		} else {
			g = t.make(nil, []Game{g})
		}
	}
	return g, nil
}

// Nim returns the nim heap *n: every *k, k < n, for both players.
func (t *Table) Nim(n int) (g Game, err error) {
	defer catch(&err)
	heaps := []Game{}
	for range n {
		heaps = append(heaps, t.make(heaps, heaps))
	}
	return t.make(heaps, heaps), nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
