package turning

// The modifiers of CGSuite's turning codes beyond C: a span C(n), equally
// spaced coins E, symmetric coins S, the leftmost coin F, and C with F or
// a span. Their sets of coins are not "any j of the coins below", so the
// running subset sums of sizeSets do not hold them; each coin is valued
// from the sets its part allows beside it:
//
//   - E: the coins c, c−d, c−2d, … for each spacing d, their nim-sums
//     accumulated along d (O(c log c) a coin).
//   - S: a symmetric set is its leftmost coin a, the rightmost c, any of
//     the pairs (a+i, c−i) between them and the middle coin when c−a is
//     even; for each a the nim-sums are a knapsack over the pairs, by the
//     number of pairs taken (O(c²·V/64) a coin).
//   - F without a span (plain coins): a set is coin 1, the coin c and
//     any others among 2 … c−1, so a sizeSets over the coins from 2 on
//     holds them, shifted by g(1).
//   - a span (plain coins): the sets of coins among the w−1 below c, a
//     knapsack afresh for each coin (O(w·K·V/64)).
//   - C with F or a span: the runs that start at coin 1, or fit the span.
//
// Readings stated where CGSuite's program differs: F asks that coin 1 be
// turned, so a move that turns one coin is only coin 1's (CGSuite's
// Spawning lets F's one-coin moves turn any coin, which "the leftmost
// coin must be among those turned" does not say); a part E or S of one
// coin turns that coin, and any two coins are equally spaced and
// symmetric.

// MaxSymCoin bounds the coins of a code with a symmetric part (S), whose
// valuation is cubic in the coins.
const MaxSymCoin = 1024

// modified reports whether the part needs the per-coin valuation here.
func (p Part) modified() bool {
	return p.Equal || p.Symmetric || p.First || p.Span > 0
}

// allows reports whether the part may turn k coins.
func (p Part) allows(k int) bool {
	return k >= p.Least && (p.Most == unbounded || k <= p.Most) && (p.Span == 0 || k <= p.Span)
}

// lowest is the leftmost coin a move from c may turn (the span's).
func (p Part) lowest(c int) int {
	if p.Span > 0 {
		return max(1, c-p.Span+1)
	}
	return 1
}

// firstShifted holds, for a part F without span (plain coins), the
// nim-sums of the sets of coins from 2 on: exact counts as sizeSets.
func newFirstSets(p Part) *sizeSets {
	lo := max(p.Least, 2) - 2
	hi := unbounded
	if p.Most != unbounded {
		hi = p.Most - 2
	}
	return newSizeSets(lo, hi, 1)
}

// reachModified ors into reach the nim-sums of the sets of other coins
// the part allows turned with the coin c (g the values of the coins below
// c; first the part's running sets over the coins from 2, for F without a
// span; prefix the running nim-sums).
func reachModified(reach []uint64, p Part, c int, g, prefix []uint64, first *sizeSets) {
	mark := func(x uint64) {
		if w := int(x / 64); w < len(reach) {
			reach[w] |= 1 << (x % 64)
		}
	}
	lo := p.lowest(c)
	if c == 1 || p.First && c > 1 && lo > 1 {
		// One coin alone; with F only coin 1 may move alone, and a
		// span that does not reach coin 1 leaves F no move.
		if c == 1 && p.allows(1) {
			mark(0)
		}
		return
	}
	if !p.First && p.allows(1) {
		mark(0) // the coin c alone
	}
	switch {
	case p.Consecutive:
		for k := 2; k <= c; k++ {
			if p.allows(k) && c-k+1 >= lo && (!p.First || c-k+1 == 1) {
				mark(prefix[c-1] ^ prefix[c-k])
			}
		}
	case p.Equal:
		for d := 1; d < c; d++ {
			x := uint64(0)
			for i := 1; c-i*d >= lo; i++ {
				x ^= g[c-i*d]
				if p.allows(i+1) && (!p.First || c-i*d == 1) {
					mark(x)
				}
			}
		}
	case p.Symmetric:
		for a := lo; a < c; a++ {
			if p.First && a != 1 {
				break
			}
			symmetricSums(reach, p, a, c, g)
		}
	case p.First && p.Span == 0:
		tmp := make([]uint64, len(reach))
		for w := range tmp {
			tmp[w] = first.word(w)
		}
		xorInto(reach, tmp, g[1])
	default:
		// Plain coins within the span (with F: coin 1 is in the span and
		// turned).
		k0 := 0 // coins forced beside c
		from := lo
		x0 := uint64(0)
		if p.First {
			k0, from, x0 = 1, 2, g[1]
		}
		lo2 := max(p.Least-1-k0, 0)
		hi2 := c - from
		if p.Most != unbounded {
			hi2 = min(hi2, p.Most-1-k0)
		}
		hi2 = min(hi2, p.Span-1-k0) // (this case has a span: F alone is the case above)
		if hi2 < lo2 {
			return
		}
		s := newSizeSets(lo2, hi2, len(reach))
		for m := from; m < c; m++ {
			s.add(g[m])
		}
		tmp := make([]uint64, len(reach))
		for w := range tmp {
			tmp[w] = s.word(w)
		}
		xorInto(reach, tmp, x0)
	}
}

// symmetricSums ors into reach the nim-sums of the symmetric sets from a
// to c (a < c) the part allows: a knapsack over the inner pairs by the
// number taken, the middle coin on or off.
func symmetricSums(reach []uint64, p Part, a, c int, g []uint64) {
	words := len(reach)
	pairs := (c - a - 1) / 2 // (a+i, c−i) for i = 1 … pairs
	middle := (c-a)%2 == 0
	// Counts: 2 + 2q + (middle taken). Classes q = 0 … qc, qc a bucket
	// "qc or more" when the part has no top (then every q ≥ qc is
	// allowed, as 2+2qc > Least).
	qc := pairs
	bucket := false
	if p.Most == unbounded {
		if b := (p.Least+1)/2 + 1; b < qc {
			qc, bucket = b, true
		}
	} else {
		qc = min(qc, max(p.Most-2, 0)/2)
	}
	if p.Span > 0 && c-a+1 > p.Span {
		return
	}
	sets := make([][]uint64, qc+1)
	for q := range sets {
		sets[q] = make([]uint64, words)
	}
	base := g[a] // the coin c itself goes to tails: the others are a and the inner ones
	if w := int(base / 64); w < words {
		sets[0][w] |= 1 << (base % 64)
	}
	tmp := make([]uint64, words)
	for i := 1; i <= pairs; i++ {
		x := g[a+i] ^ g[c-i]
		for q := qc; q >= 0; q-- {
			to := q + 1
			if to > qc {
				if !bucket {
					continue
				}
				to = qc
			}
			if to == q {
				// the bucket takes the pair into its own sets: read
				// them before writing
				copy(tmp, sets[q])
				xorInto(sets[to], tmp, x)
				continue
			}
			xorInto(sets[to], sets[q], x)
		}
	}
	for q, set := range sets {
		for mid := 0; mid <= 1; mid++ {
			if mid == 1 && !middle {
				continue
			}
			k := 2 + 2*q + mid
			if !(bucket && q == qc && k >= p.Least) && !p.allows(k) {
				continue
			}
			if mid == 0 {
				for w := range reach {
					reach[w] |= set[w]
				}
			} else {
				xorInto(reach, set, g[(a+c)/2])
			}
		}
	}
}

// eachModifiedSet calls f with the other coins (ascending) of every set a
// move of the part from the coin c may turn, until f returns false or
// limit sets were visited; it reports whether it saw them all.
func eachModifiedSet(p Part, c int, limit int, f func(others []int) bool) (all bool) {
	visited, capped := 0, false
	emit := func(s []int) bool {
		if visited >= limit {
			capped = true
			return false
		}
		visited++
		return f(s)
	}
	lo := p.lowest(c)
	if c == 1 {
		if p.allows(1) {
			emit(nil)
		}
		return !capped
	}
	if p.First && lo > 1 {
		return true
	}
	if !p.First && p.allows(1) && !emit(nil) {
		return !capped
	}
	ok := true
	switch {
	case p.Consecutive:
		for k := 2; k <= c && ok; k++ {
			if p.allows(k) && c-k+1 >= lo && (!p.First || c-k+1 == 1) {
				run := make([]int, 0, k-1)
				for m := c - k + 1; m < c; m++ {
					run = append(run, m)
				}
				ok = emit(run)
			}
		}
	case p.Equal:
		for d := 1; d < c && ok; d++ {
			for i := 1; c-i*d >= lo && ok; i++ {
				if p.allows(i+1) && (!p.First || c-i*d == 1) {
					s := make([]int, 0, i)
					for j := i; j >= 1; j-- {
						s = append(s, c-j*d)
					}
					ok = emit(s)
				}
			}
		}
	case p.Symmetric:
		for a := lo; a < c && ok; a++ {
			if p.First && a != 1 {
				break
			}
			if p.Span > 0 && c-a+1 > p.Span {
				continue
			}
			pairs := (c - a - 1) / 2
			middle := (c-a)%2 == 0
			var rec func(i int, inner []int) bool
			rec = func(i int, inner []int) bool {
				if i > pairs {
					for mid := 0; mid <= 1; mid++ {
						if mid == 1 && !middle {
							continue
						}
						k := 2 + len(inner) + mid
						if !p.allows(k) {
							continue
						}
						s := append([]int{a}, inner...)
						if mid == 1 {
							s = append(s, (a+c)/2)
						}
						if !emit(sortedInts(s)) {
							return false
						}
					}
					return true
				}
				return rec(i+1, inner) && rec(i+1, append(append(inner[:len(inner):len(inner)], a+i), c-i))
			}
			ok = rec(1, nil)
		}
	default:
		from := lo
		var forced []int
		if p.First {
			from, forced = 2, []int{1}
		}
		var rec func(m int, chosen []int) bool
		rec = func(m int, chosen []int) bool {
			if m == c {
				k := len(chosen) + 1
				if (len(chosen) > 0 || !p.First) && p.allows(k) && k > 1 {
					return emit(append([]int(nil), chosen...))
				}
				return true
			}
			if !rec(m+1, chosen) {
				return false
			}
			if p.Most != unbounded && len(chosen)+1 >= p.Most {
				return true
			}
			return rec(m+1, append(chosen[:len(chosen):len(chosen)], m))
		}
		ok = rec(from, forced)
	}
	_ = ok
	return !capped
}

func sortedInts(s []int) []int {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// EachSet calls f with the other coins (ascending) of every set of coins
// a move of the rule may turn with the coin c, the rightmost: the options
// of the heap c in the rule's heap form (CGSuite's Spawning), a set
// allowed by several parts given once per part. It stops when f returns
// false.
func (r Rule) EachSet(c int, f func(others []int) bool) {
	for _, p := range r {
		if p.modified() {
			stopped := false
			eachModifiedSet(p, c, 1<<62, func(s []int) bool {
				stopped = !f(s)
				return !stopped
			})
			if stopped {
				return
			}
			continue
		}
		top := c
		if p.Most != unbounded {
			top = min(top, p.Most)
		}
		for k := p.Least; k <= top; k++ {
			if p.Consecutive {
				run := make([]int, 0, k-1)
				for m := c - k + 1; m < c; m++ {
					run = append(run, m)
				}
				if !f(run) {
					return
				}
				continue
			}
			// every set of k−1 of the coins 1 … c−1, in order
			set := make([]int, k-1)
			var rec func(i, from int) bool
			rec = func(i, from int) bool {
				if i == len(set) {
					return f(append([]int(nil), set...))
				}
				for m := from; m <= c-1-(len(set)-1-i); m++ {
					set[i] = m
					if !rec(i+1, m+1) {
						return false
					}
				}
				return true
			}
			if !rec(0, 1) {
				return
			}
		}
	}
}
