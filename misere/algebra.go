package misere

import (
	"slices"
)

// The algebra of misère canonical forms beyond sums: parity, mates,
// parts and partitions, CGSuite's canonical order. Conway, On Numbers
// and Games, ch. 12 (parts, primes, the mate, extraverted and
// introverted games); CGSuite's MisereCanonicalGameOps, whose
// definitions these follow and which credits the search for parts to
// Aaron Siegel. Every part reported is checked by a sum (X + Y = G in
// canonical forms), so a part is never wrong; that every part is found
// rests on the theorem the search uses (a part of G is a part of one of
// G's options) and is checked against an exhaustive search of small
// games in the tests.

// algebra holds the caches of these operations (Canon.alg).
type algebra struct {
	odd   map[int32]bool
	pairs map[int32][]int32 // an even game's 2-partitions, (X, Y) at 2i, 2i+1
	mates map[int32]int32
	// sorted is each game's options in canonical order: order compares
	// them, and sorting them again at every level was exponential.
	sorted map[int32][]int32
}

// failure carries an error of Sum or Game out of the recursions of this
// file; the exported methods recover it (catch).
type failure struct{ err error }

func catch(err *error) {
	if r := recover(); r != nil {
		f, ok := r.(failure)
		if !ok {
			panic(r)
		}
		*err = f.err
	}
}

func (c *Canon) alg() *algebra {
	if c.algebra == nil {
		c.algebra = &algebra{odd: map[int32]bool{}, pairs: map[int32][]int32{}, mates: map[int32]int32{}, sorted: map[int32][]int32{}}
	}
	return c.algebra
}

func (c *Canon) sum(a, b int32) int32 {
	s, err := c.Sum(a, b)
	if err != nil {
		panic(failure{err})
	}
	return s
}

func (c *Canon) game(opts []int32) int32 {
	g, err := c.Game(opts)
	if err != nil {
		panic(failure{err})
	}
	return g
}

// one is the nim heap *1.
func (c *Canon) one() int32 { return c.Nim(1) }

// odd reports whether g is odd: g = E + *1 with E even. Exactly one of
// g and g + *1 is an option of the other (the one born first is even):
// CGSuite stores the even one and names the odd one by it.
func (c *Canon) odd(g int32) bool {
	if g == 0 {
		return false
	}
	a := c.alg()
	if v, ok := a.odd[g]; ok {
		return v
	}
	v := c.hasOption(g, c.sum(g, c.one()))
	a.odd[g] = v
	return v
}

// even is g's even part: g, or g + *1 when g is odd.
func (c *Canon) even(g int32) int32 {
	if c.odd(g) {
		return c.sum(g, c.one())
	}
	return g
}

// withParity is e, plus *1 when odd.
func (c *Canon) withParity(e int32, odd bool) int32 {
	if odd {
		return c.sum(e, c.one())
	}
	return e
}

// Order is CGSuite's canonical order of misère games (the order of the
// options it prints): by the even part's birthday, number of options,
// G+, G−, then its options compared in this order one by one, and an
// even game before its odd partner. It returns <0, 0 or >0.
func (c *Canon) Order(a, b int32) (cmp int, err error) {
	defer catch(&err)
	return c.order(a, b), nil
}

func (c *Canon) order(a, b int32) int {
	if a == b {
		return 0
	}
	ea, eb := c.even(a), c.even(b)
	if ea == eb {
		if c.odd(a) {
			return 1
		}
		return -1
	}
	if d := c.bday[ea] - c.bday[eb]; d != 0 {
		return d
	}
	oa, ob := c.sortedOptions(ea), c.sortedOptions(eb)
	if d := len(oa) - len(ob); d != 0 {
		return d
	}
	if d := c.plus[ea] - c.plus[eb]; d != 0 {
		return d
	}
	if d := c.minus[ea] - c.minus[eb]; d != 0 {
		return d
	}
	for i := range oa {
		if d := c.order(oa[i], ob[i]); d != 0 {
			return d
		}
	}
	return 0
}

// sortedOptions is g's options in canonical order.
func (c *Canon) sortedOptions(g int32) []int32 {
	a := c.alg()
	if o, ok := a.sorted[g]; ok {
		return o
	}
	o := slices.Clone(c.opts[g])
	slices.SortFunc(o, c.order)
	a.sorted[g] = o
	return o
}

// poll stops the computation when the Canon's context is done.
func (c *Canon) poll() {
	if c.ctx != nil {
		if err := c.ctx.Err(); err != nil {
			panic(failure{err})
		}
	}
}

// SortedOptions returns g's options in CGSuite's canonical order (Order).
func (c *Canon) SortedOptions(g int32) (opts []int32, err error) {
	defer catch(&err)
	return slices.Clone(c.sortedOptions(g)), nil
}

// Mate returns g's mate (ONAG ch. 12): 0 and *1 are each other's, and
// another game's mate has the mates of its options as options.
func (c *Canon) Mate(g int32) (m int32, err error) {
	defer catch(&err)
	return c.mate(g), nil
}

func (c *Canon) mate(g int32) int32 {
	switch g {
	case 0:
		return c.one()
	case c.one():
		return 0
	}
	a := c.alg()
	if m, ok := a.mates[g]; ok {
		return m
	}
	opts := make([]int32, len(c.opts[g]))
	for i, x := range c.opts[g] {
		opts[i] = c.mate(x)
	}
	m := c.game(opts)
	a.mates[g] = m
	return m
}

// IsOdd reports whether g is odd (g = E + *1, E even; see Order).
func (c *Canon) IsOdd(g int32) (odd bool, err error) {
	defer catch(&err)
	return c.odd(g), nil
}

func indexIn(pairs []int32, x int32) int {
	return slices.Index(pairs, x)
}

// pairs2 returns the 2-partitions of the even game g: X, Y at 2i, 2i+1
// with X + Y = g and X, Y even, the first pair 0, g. Candidates X are the
// parts of g's options (a part of g is a part of one of its options);
// the counterpart Y of X is built from the counterparts of X's options
// and of g's options, or taken from the partitions of g's options, and
// every pair is checked by its sum. A game with an option 0 or *1, or
// with three prime options, is prime (ONAG ch. 12; Siegel's criterion
// in CGSuite).
func (c *Canon) pairs2(g int32) []int32 {
	a := c.alg()
	if p, ok := a.pairs[g]; ok {
		return p
	}
	pairs := []int32{0, g}
	defer func() { a.pairs[g] = pairs }()
	if g == 0 {
		return pairs
	}
	opts := c.opts[g]
	optPairs := make([][]int32, len(opts))
	primes := 0
	for i, o := range opts {
		e := c.even(o)
		if e == 0 {
			return pairs // an option 0 or *1
		}
		optPairs[i] = c.pairs2(e)
		if len(optPairs[i]) == 2 && (!c.odd(o) || !slices.Contains(opts, e)) {
			if primes++; primes >= 3 {
				return pairs
			}
		}
	}
	var cands []int32
	for _, op := range optPairs {
		for _, x := range op {
			if !slices.Contains(cands, x) {
				cands = append(cands, x)
			}
		}
	}
	slices.SortFunc(cands, c.order)
	for changed := true; changed; {
		changed = false
		for _, x := range cands {
			c.poll()
			if indexIn(pairs, x) >= 0 {
				continue
			}
			if y, ok := c.counterpart(g, x, pairs, opts, optPairs); ok {
				pairs = append(pairs, x, y)
				changed = true
			}
		}
	}
	return pairs
}

// counterpart finds Y with x + Y = g, given the partitions of g found so
// far and those of g's options; ok is false when none is found.
func (c *Canon) counterpart(g, x int32, pairs []int32, opts []int32, optPairs [][]int32) (int32, bool) {
	var built []int32 // Y's options, when every one is known
	complete := true
	var tries []int32
	for _, xo := range c.opts[x] {
		e := c.even(xo)
		if k := indexIn(pairs, e); k >= 0 {
			built = append(built, c.withParity(pairs[k^1], c.odd(xo)))
			continue
		}
		complete = false
		for _, op := range optPairs {
			if k := indexIn(op, e); k >= 0 {
				tries = append(tries, op[k^1])
			}
		}
	}
	for i, o := range opts {
		if k := indexIn(optPairs[i], x); k >= 0 {
			built = append(built, c.withParity(optPairs[i][k^1], c.odd(o)))
			continue
		}
		complete = false
		for _, xo := range c.opts[x] {
			if k := indexIn(optPairs[i], c.even(xo)); k >= 0 {
				tries = append(tries, optPairs[i][k^1])
			}
		}
	}
	if complete {
		tries = append([]int32{c.game(built)}, tries...)
	}
	for _, y := range tries {
		if c.sum(x, y) == g {
			return y, true
		}
	}
	return 0, false
}

// Subtract returns d with h + d = g, and false when there is none (h is
// not a part of g).
func (c *Canon) Subtract(g, h int32) (d int32, ok bool, err error) {
	defer catch(&err)
	d, ok = c.subtract(g, h)
	return d, ok, nil
}

func (c *Canon) subtract(g, h int32) (int32, bool) {
	pairs := c.pairs2(c.even(g))
	k := indexIn(pairs, c.even(h))
	if k < 0 {
		return 0, false
	}
	return c.withParity(pairs[k^1], c.odd(g) != c.odd(h)), true
}

// parts returns the even parts of g from the pair index from on (0: all,
// 2: the proper ones, without 0 and g's even part), in canonical order,
// the primes only when prime is set.
func (c *Canon) parts(g int32, from int, prime bool) []int32 {
	pairs := c.pairs2(c.even(g))
	var out []int32
	for _, x := range pairs[from:] {
		if !slices.Contains(out, x) && (!prime || c.prime(x)) {
			out = append(out, x)
		}
	}
	slices.SortFunc(out, c.order)
	return out
}

// ProperParts returns g's nonzero even proper parts (CGSuite's Parts),
// in canonical order.
func (c *Canon) ProperParts(g int32) (parts []int32, err error) {
	defer catch(&err)
	return c.parts(g, 2, false), nil
}

func (c *Canon) prime(g int32) bool {
	return g != 0 && g != c.one() && len(c.pairs2(c.even(g))) == 2
}

// IsPrime reports whether g is prime: neither 0 nor *1, and its even
// part has no parts but 0 and itself (CGSuite's IsPrime; ONAG ch. 12).
func (c *Canon) IsPrime(g int32) (prime bool, err error) {
	defer catch(&err)
	return c.prime(g), nil
}

// IsExtraverted reports whether g is a part of g# = {g}, the game whose
// one option is g (ONAG ch. 12: extraverted, equivalently divine).
func (c *Canon) IsExtraverted(g int32) (ext bool, err error) {
	defer catch(&err)
	_, ok := c.subtract(c.game([]int32{g}), g)
	return ok, nil
}

// IsIntroverted reports whether g is a part of each of its options: by
// the extraversion–introversion theorem (ONAG ch. 12) only 0 and *1 are.
func (c *Canon) IsIntroverted(g int32) bool { return g == 0 || g == c.Nim(1) }

// IsNimHeap reports whether g is a nim heap.
func (c *Canon) IsNimHeap(g int32) bool { return c.nim[g] }

// Partitions returns every way to write g as a sum of even primes, and
// *1 when g is odd (CGSuite's Partitions), each in canonical order; the
// game 0 has one partition, the empty one. maxCount bounds how many are
// returned (0: no bound); more is false when some were left out.
func (c *Canon) Partitions(g int32, maxCount int) (parts [][]int32, more bool, err error) {
	defer catch(&err)
	var out [][]int32
	var build func(g int32, partial []int32) bool
	build = func(g int32, partial []int32) bool {
		if g == 0 || g == c.one() {
			p := slices.Clone(partial)
			if g != 0 {
				p = append(p, g)
			}
			if maxCount > 0 && len(out) >= maxCount {
				more = true
				return false
			}
			out = append(out, p)
			return true
		}
		for _, p := range c.parts(g, 0, true) {
			if len(partial) > 0 && c.order(partial[len(partial)-1], p) > 0 {
				continue
			}
			d, ok := c.subtract(g, p)
			if !ok {
				continue
			}
			if !build(d, append(partial, p)) {
				return false
			}
		}
		return true
	}
	build(g, nil)
	return out, more, nil
}
