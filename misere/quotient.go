package misere

import (
	"container/heap"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/budget"
)

// Rule gives the options of a heap: EachOption calls f with the heap sizes
// each move from a heap of n leaves (no zeros), as heap.Rule does; f must
// not keep the slice and stops the walk by returning false.
type Rule interface {
	EachOption(n int, f func(heaps []int) bool)
}

// Limits bound a computation of a quotient.
type Limits struct {
	// MaxStates bounds the pairs (element, option set) that one trial
	// searches; 0 means DefaultMaxStates.
	MaxStates int
	// MaxIndex is the largest k tried in a new generator's relation
	// g^(k+2) = g^k; 0 means DefaultMaxIndex.
	MaxIndex int
	// Memory, when not nil, is charged for the trials' tables.
	Memory *budget.Bytes
	// Progress, when not nil, is called with each heap size done.
	Progress func(heap int)
}

const (
	DefaultMaxStates = 2_000_000
	DefaultMaxIndex  = 8
	// maxBump is how much the old generators' k may grow at once.
	maxBump = 3
)

// Quotient is the misère quotient of a heap game restricted to heaps of
// sizes up to Upto: a commutative monoid with identity 0, its P-portion,
// and the element of each heap.
type Quotient struct {
	Upto  int
	order int
	mul   []int32 // mul[x*order+y]
	p     []bool
	heap  []int32 // the element of a heap of n, n = 0..Upto
	// Generators are the heap sizes whose elements generate the quotient,
	// in order (named a, b, c, …).
	Generators []int
	// Expansions are the heap sizes at which the quotient grew (a new
	// generator was needed), as MisereSolver reports them.
	Expansions []int
	nf         [][]int // each element's normal form: exponents of the generators
	relations  [][2][]int
	// period, once ProvePeriod has proven one, answers heaps past Upto.
	period *Period
}

// Order is the number of elements.
func (q *Quotient) Order() int { return q.order }

// Mul returns the product of two elements.
func (q *Quotient) Mul(x, y int) int { return int(q.mul[x*q.order+y]) }

// IsP reports whether sums whose element is x are P-positions (the player
// to move loses).
func (q *Quotient) IsP(x int) bool { return q.p[x] }

// Heap returns the element of a heap of n, 0 <= n <= Upto, or any n ≥ 0
// once ProvePeriod has proven a period.
func (q *Quotient) Heap(n int) int {
	e, _ := q.heapElem(n)
	return int(e)
}

// Element returns the element of a sum of heaps, each at most Upto (any
// size once ProvePeriod has proven a period).
func (q *Quotient) Element(heaps []int) (int, error) {
	x := 0
	for _, h := range heaps {
		e, ok := q.heapElem(h)
		if !ok {
			return 0, fmt.Errorf("heap %d is outside the quotient's heaps 0..%d (no period proven)", h, q.Upto)
		}
		x = q.Mul(x, int(e))
	}
	return x, nil
}

// PPortion lists the elements of the P-portion, in order.
func (q *Quotient) PPortion() []int {
	var out []int
	for x, p := range q.p {
		if p {
			out = append(out, x)
		}
	}
	return out
}

// Name writes an element as its normal form over the generators a, b, c,
// … ("1" for the identity), e.g. "ab^2".
func (q *Quotient) Name(x int) string { return q.word(q.nf[x]) }

// GeneratorNames lists the generators' names.
func (q *Quotient) GeneratorNames() []string {
	out := make([]string, len(q.Generators))
	for i := range out {
		out[i] = genName(i)
	}
	return out
}

// Relations lists the presentation's relations, "a^2=1".
func (q *Quotient) Relations() []string {
	out := make([]string, len(q.relations))
	for i, r := range q.relations {
		out[i] = q.word(r[0]) + "=" + q.word(r[1])
	}
	return out
}

func genName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return fmt.Sprintf("g%d", i)
}

func (q *Quotient) word(exps []int) string {
	var b strings.Builder
	for i, e := range exps {
		if e == 0 {
			continue
		}
		b.WriteString(genName(i))
		if i >= 26 && e > 1 {
			b.WriteByte('_')
		}
		if e > 1 {
			fmt.Fprintf(&b, "^%d", e)
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}

// monoid is a finite commutative monoid with identity 0: a table, or a
// product of cyclic monoids C(k,2) = {1, g, …, g^(k+1)}, g^(k+2) = g^k,
// whose elements are exponents in mixed radix (ks, the first the least
// significant digit).
type monoid struct {
	n   int
	mul []int32
	ks  []int
	// radix is the ks of a tabulated product of cyclic monoids.
	radix []int
}

// digits returns the ks of a product of cyclic monoids, tabulated or not.
func (m *monoid) digits() []int {
	if m.ks != nil {
		return m.ks
	}
	return m.radix
}

func (m *monoid) at(x, y int32) int32 {
	if m.mul != nil {
		return m.mul[int(x)*m.n+int(y)]
	}
	return cycMul(m.ks, x, y)
}

// cycMul multiplies in the product of C(k,2) over ks.
func cycMul(ks []int, x, y int32) int32 {
	out, unit := int32(0), int32(1)
	for _, k := range ks {
		c := int32(k + 2)
		s := x%c + y%c
		if s > int32(k+1) {
			s = int32(k) + (s-int32(k))%2
		}
		out += s * unit
		unit *= c
		x /= c
		y /= c
	}
	return out
}

// rebase writes an element of the product of cyclic monoids from with the
// same exponents in the product to, whose digits are at least as many and
// as large (an exponent too large for to is reduced by its relation).
func rebase(from, to *monoid, x int32) int32 {
	out, unit := int32(0), int32(1)
	fks := from.digits()
	for i, k := range to.digits() {
		c := int32(k + 2)
		d := int32(0)
		if i < len(fks) {
			fc := int32(fks[i] + 2)
			d = x % fc
			x /= fc
		}
		if d > int32(k+1) {
			d = int32(k) + (d-int32(k))%2
		}
		out += d * unit
		unit *= c
	}
	return out
}

// cyclics returns the product of C(k,2) over ks.
func cyclics(ks []int) *monoid {
	n := 1
	for _, k := range ks {
		n *= k + 2
	}
	m := &monoid{n: n, ks: slices.Clone(ks)}
	if n <= tableMax {
		// Small enough to tabulate: a look-up instead of digit arithmetic.
		mul := make([]int32, n*n)
		for x := range n {
			for y := x; y < n; y++ {
				z := cycMul(ks, int32(x), int32(y))
				mul[x*n+y], mul[y*n+x] = z, z
			}
		}
		m.mul, m.ks = mul, nil
		m.radix = slices.Clone(ks)
	}
	return m
}

// tableMax bounds the products of cyclic monoids whose products are
// tabulated (4 bytes × tableMax² of table).
const tableMax = 1024

// productMax bounds the explicit products M × C(k,2) that trials
// tabulate (4 bytes × productMax² of table: 64 MiB).
const productMax = 4096

// product returns m × C(k,2), tabulated: the element (x, g^d) is
// x + m.n·d, so m's elements keep their numbers and (1, g) is m.n.
func product(m *monoid, k int) *monoid {
	c := k + 2
	n := m.n * c
	out := &monoid{n: n, mul: make([]int32, n*n)}
	cyc := []int{k}
	for x := range n {
		x1, d1 := int32(x%m.n), int32(x/m.n)
		for y := range n {
			y1, d2 := int32(y%m.n), int32(y/m.n)
			out.mul[x*n+y] = m.at(x1, y1) + int32(m.n)*cycMul(cyc, d1, d2)
		}
	}
	return out
}

// letter is a heap as a trial sees it: its element, the elements of its
// options, and its size (the tokens it adds to a sum).
type letter struct {
	elem   int32
	tr     []int32
	tokens int
}

// errInconsistent is a trial that predicts a wrong outcome somewhere.
type inconsistent struct{}

// pretend searches every pair (φ(w), T(w)) that a sum w of the letters
// reaches, in order of the least weight of a sum that reaches it, reading
// the P-portion off on the way and checking it on every other pair
// (package doc). It returns the P-portion (-1 for elements no sum
// reaches), or ok=false when the trial predicts a wrong outcome.
func pretend(ctx context.Context, m *monoid, letters []letter, lim Limits) (p []int8, ok bool, err error) {
	p = make([]int8, m.n)
	for i := range p {
		p[i] = -1
	}
	type state struct {
		x    int32
		t    []int32 // sorted, distinct
		done bool
	}
	var states []state
	index := map[string]int32{}
	var charged int64
	defer func() { lim.Memory.Release(charged) }()
	maxStates := lim.MaxStates
	if maxStates <= 0 {
		maxStates = DefaultMaxStates
	}
	var keyBuf []byte
	key := func(x int32, t []int32) string {
		keyBuf = binary.LittleEndian.AppendUint32(keyBuf[:0], uint32(x))
		for _, y := range t {
			keyBuf = binary.LittleEndian.AppendUint32(keyBuf, uint32(y))
		}
		return string(keyBuf)
	}
	pq := &tokenQueue{}
	add := func(x int32, t []int32, tokens int) error {
		k := key(x, t)
		id, seen := index[k]
		if !seen {
			if len(states) >= maxStates {
				return budget.Exceed(budget.States, int64(maxStates), "a trial of the misère quotient reaches more than %d sums that differ", maxStates)
			}
			cost := int64(len(k))*2 + 96
			if err := lim.Memory.Charge(cost, "the misère quotient's trial"); err != nil {
				return err
			}
			charged += cost
			id = int32(len(states))
			index[k] = id
			states = append(states, state{x: x, t: slices.Clone(t)})
		} else if states[id].done {
			return nil
		}
		heap.Push(pq, queued{tokens: tokens, id: id})
		return nil
	}
	if err := add(0, nil, 0); err != nil {
		return nil, false, err
	}
	popped := 0
	var nt []int32
	stamp := make([]uint32, m.n) // dedupes an option set as it is built
	epoch := uint32(0)
	for pq.Len() > 0 {
		e := heap.Pop(pq).(queued)
		s := &states[e.id]
		if s.done {
			continue
		}
		s.done = true
		if popped++; popped&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		// The outcome the induction gives this pair.
		anyP := false
		for _, y := range s.t {
			switch p[y] {
			case 1:
				anyP = true
			case -1:
				return nil, false, fmt.Errorf("internal error: a misère quotient trial reached an option before deciding it")
			}
		}
		want := int8(0)
		if len(s.t) > 0 && !anyP {
			want = 1
		}
		switch p[s.x] {
		case -1:
			p[s.x] = want
		case want:
		default:
			return p, false, nil
		}
		x, t := s.x, s.t
		for _, l := range letters {
			nt = nt[:0]
			epoch++
			for _, y := range t {
				if z := m.at(y, l.elem); stamp[z] != epoch {
					stamp[z] = epoch
					nt = append(nt, z)
				}
			}
			for _, u := range l.tr {
				if z := m.at(x, u); stamp[z] != epoch {
					stamp[z] = epoch
					nt = append(nt, z)
				}
			}
			slices.Sort(nt)
			// A sum's weight is 2·tokens − heaps: every option weighs
			// less than its sum, even a split that takes no token
			// (Lasker's Nim, octal digit 4 before the point), which
			// the count of tokens alone would not order.
			if err := add(m.at(x, l.elem), nt, e.tokens+2*l.tokens-1); err != nil {
				return nil, false, err
			}
		}
	}
	return p, true, nil
}

type queued struct {
	tokens int // the weight, 2·tokens − heaps, of the lightest sum found
	id     int32
}

type tokenQueue []queued

func (q tokenQueue) Len() int           { return len(q) }
func (q tokenQueue) Less(i, j int) bool { return q[i].tokens < q[j].tokens }
func (q tokenQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *tokenQueue) Push(x any)        { *q = append(*q, x.(queued)) }
func (q *tokenQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// minimize reduces the elements some sum reaches (p[x] >= 0) by
// indistinguishability: Moore's partition refinement, x ~ y when they
// are on the same side of P and x·e ~ y·e for every letter e. Classes are
// numbered in breadth-first order from the identity, letter by letter, so
// the identity is 0. It returns the reduced monoid, its P-portion and each
// element's class (-1 for elements no sum reaches).
func minimize(m *monoid, p []int8, letters []letter) (*monoid, []bool, []int32) {
	class := make([]int32, m.n)
	var live []int32
	for x := range m.n {
		if p[x] < 0 {
			class[x] = -1
			continue
		}
		class[x] = int32(p[x])
		live = append(live, int32(x))
	}
	count := 0
	for {
		sigs := map[string]int32{}
		next := make([]int32, m.n)
		sig := make([]byte, 4*(1+len(letters)))
		for _, x := range live {
			binary.LittleEndian.PutUint32(sig, uint32(class[x]))
			for i, l := range letters {
				binary.LittleEndian.PutUint32(sig[4+4*i:], uint32(class[m.at(x, l.elem)]))
			}
			id, ok := sigs[string(sig)]
			if !ok {
				id = int32(len(sigs))
				sigs[string(sig)] = id
			}
			next[x] = id
		}
		for _, x := range live {
			class[x] = next[x]
		}
		if len(sigs) == count {
			break
		}
		count = len(sigs)
	}
	// Renumber breadth-first from the identity.
	renum := make([]int32, count)
	for i := range renum {
		renum[i] = -1
	}
	rep := make([]int32, 0, count)
	renum[class[0]] = 0
	rep = append(rep, 0)
	for i := 0; i < len(rep); i++ {
		for _, l := range letters {
			y := m.at(rep[i], l.elem)
			if renum[class[y]] < 0 {
				renum[class[y]] = int32(len(rep))
				rep = append(rep, y)
			}
		}
	}
	for x := range class {
		if class[x] >= 0 {
			class[x] = renum[class[x]]
		}
	}
	out := &monoid{n: count, mul: make([]int32, count*count)}
	outP := make([]bool, count)
	for c, x := range rep {
		outP[c] = p[x] == 1
		for d, y := range rep {
			out.mul[c*count+d] = class[m.at(x, y)]
		}
	}
	return out, outP, class
}

// Compute returns the misère quotient of the heap game rule restricted to
// heaps of sizes up to upto (package doc).
//
// It keeps two monoids: the base, the product of C(k,2) over the
// generators added so far (a heap that needed a new generator is one, with
// the least k that worked), on which every trial is made, and the
// quotient, the base reduced by indistinguishability. A heap that is a
// conservative extension is mapped to a base element of its class, which
// is checked on the quotient (smaller); a new generator is tried on the
// base times C(k,2), so that elements the quotient had merged may split.
func Compute(ctx context.Context, rule Rule, upto int, lim Limits) (*Quotient, error) {
	if upto < 0 {
		return nil, fmt.Errorf("--upto must not be negative, got %d", upto)
	}
	maxIndex := lim.MaxIndex
	if maxIndex <= 0 {
		maxIndex = DefaultMaxIndex
	}
	var ks []int
	explicit := false // base is a tabulated product, not C(k,2)s over ks
	base := cyclics(nil)
	q := &monoid{n: 1, mul: []int32{0}}
	qp := []bool{false}
	class := []int32{0} // base element -> quotient element (-1: no sum reaches it)
	rep := []int32{0}   // quotient element -> a base element in it
	elems := []int32{0} // heap -> base element; heap 0 is the empty sum
	trs := [][]int32{nil}
	var expansions []int
	// letters lists the heaps 1..n with moves, each once per distinct
	// (element, option elements), in the base or (via class) the quotient.
	letters := func(n int, inQuotient bool) []letter {
		var ls []letter
	next:
		for h := 1; h <= n; h++ {
			if len(trs[h]) == 0 {
				continue // no moves: the heap is 0
			}
			e, t := elems[h], trs[h]
			if inQuotient {
				e = class[e]
				qt := make([]int32, len(t))
				for i, y := range t {
					qt[i] = class[y]
				}
				slices.Sort(qt)
				t = slices.Compact(qt)
			}
			for _, l := range ls {
				if l.elem == e && slices.Equal(l.tr, t) {
					continue next // the same letter with fewer tokens
				}
			}
			ls = append(ls, letter{elem: e, tr: t, tokens: h})
		}
		return ls
	}
	for n := 1; n <= upto; n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var tr []int32
		rule.EachOption(n, func(parts []int) bool {
			x := int32(0)
			for _, h := range parts {
				x = base.at(x, elems[h])
			}
			tr = append(tr, x)
			return true
		})
		slices.Sort(tr)
		tr = slices.Compact(tr)
		trs = append(trs, tr)
		elems = append(elems, 0)
		if len(tr) == 0 {
			if lim.Progress != nil {
				lim.Progress(n)
			}
			continue
		}
		isP := true
		for _, t := range tr {
			if qp[class[t]] {
				isP = false
			}
		}
		found := false
		// A conservative extension: heap n is an element already there.
		for x := 0; x < q.n && !found; x++ {
			if qp[x] != isP {
				continue
			}
			elems[n] = rep[x]
			_, ok, err := pretend(ctx, q, letters(n, true), lim)
			if err != nil {
				return nil, err
			}
			found = ok
		}
		// Else a new generator g, g^(k+2) = g^k, the most significant
		// digit of the base.
		// If none works, the old generators' relations may have to
		// loosen too (an element such as a with a^2 = 1 so far may
		// split from a^3): their k grow by bump, the base's elements
		// keeping their exponents.
		var overBudget error // a base trial's, when no other trial works
		accept := func(trial *monoid, pp []int8, ls []letter) {
			found = true
			base = trial
			q, qp, class = minimize(base, pp, ls)
			rep = make([]int32, q.n)
			for i := range rep {
				rep[i] = -1
			}
			for b, c := range class {
				if c >= 0 && rep[c] < 0 {
					rep[c] = int32(b)
				}
			}
			expansions = append(expansions, n)
		}
		// Else, as MisereSolver first tries, the quotient itself times a
		// new C(k,2): small, so quick, but it cannot split what the
		// quotient merged; when it works the base becomes that product
		// (explicit: no exponents to bump later). It is tried when the
		// base's trials fail or grow past their budget.
		quickTrial := func() error {
			for k := 0; k <= maxIndex && !found && q.n*(k+2) <= productMax; k++ {
				trial := product(q, k)
				oldElems, oldTrs := elems, trs
				elems, trs = make([]int32, n+1), make([][]int32, n+1)
				for h := 1; h <= n; h++ {
					t := oldTrs[h]
					if h < n {
						elems[h] = class[oldElems[h]]
					} else {
						elems[h] = int32(q.n) // (1, g)
						t = tr
					}
					mapped := make([]int32, len(t))
					for i, y := range t {
						mapped[i] = class[y]
					}
					slices.Sort(mapped)
					trs[h] = slices.Compact(mapped)
				}
				ls := letters(n, false)
				pp, ok, err := pretend(ctx, trial, ls, lim)
				if err != nil && ctx.Err() != nil {
					return ctx.Err()
				}
				if err != nil || !ok {
					elems, trs = oldElems, oldTrs
					continue
				}
				ks, explicit = nil, true
				accept(trial, pp, ls)
			}
			return nil
		}
		// A new generator on the base, which keeps what the quotient
		// merged; between the trials with the old generators as they
		// are and those that bump them, the quick trial on the quotient.
		for bump := 0; bump <= maxBump && !found; bump++ {
			if bump == 1 {
				if err := quickTrial(); err != nil {
					return nil, err
				}
				if found {
					break
				}
			}
			if explicit && bump > 0 {
				break // an explicit base has no exponents to bump
			}
			for k := 0; k <= maxIndex && !found; k++ {
				if explicit {
					if base.n*(k+2) > productMax {
						break
					}
					trial := product(base, k)
					elems[n] = int32(base.n)
					copy(trs[n], tr)
					ls := letters(n, false)
					pp, ok, err := pretend(ctx, trial, ls, lim)
					if err != nil {
						return nil, err
					}
					if ok {
						accept(trial, pp, ls)
					}
					continue
				}
				nks := append(slices.Clone(ks), k)
				for i := range ks {
					nks[i] += bump
				}
				trial := cyclics(nks)
				if bump > 0 {
					for h := 1; h < n; h++ {
						elems[h] = rebase(base, trial, elems[h])
						for i, y := range trs[h] {
							trs[h][i] = rebase(base, trial, y)
						}
					}
					// (undone below when the trial fails)
				}
				elems[n] = int32(trial.n / (k + 2))
				for i, y := range tr {
					trs[n][i] = rebase(base, trial, y)
				}
				ls := letters(n, false)
				pp, ok, err := pretend(ctx, trial, ls, lim)
				if err != nil && (ctx.Err() != nil || !errors.Is(err, budget.ErrExceeded)) {
					return nil, err
				}
				if err != nil {
					overBudget = err
				}
				if err != nil || !ok {
					for h := 1; h <= n; h++ {
						elems[h] = rebase(trial, base, elems[h])
						for i, y := range trs[h] {
							trs[h][i] = rebase(trial, base, y)
						}
					}
					continue
				}
				ks = nks
				accept(trial, pp, ls)
			}
		}
		if !found && maxBump == 0 {
			if err := quickTrial(); err != nil {
				return nil, err
			}
		}
		if !found && overBudget != nil {
			return nil, overBudget
		}
		if !found {
			return nil, fmt.Errorf("the misère quotient up to heap %d: no trial extends the quotient of the smaller heaps (a conservative extension, or a new generator g with g^(k+2) = g^k for k up to %d)", n, maxIndex)
		}
		if lim.Progress != nil {
			lim.Progress(n)
		}
	}
	heaps := make([]int32, len(elems))
	for h, e := range elems {
		heaps[h] = class[e]
	}
	out := &Quotient{Upto: upto, order: q.n, mul: q.mul, p: qp, heap: heaps, Expansions: expansions}
	out.present()
	return out, nil
}

// present finds generators among the heaps and the normal forms and
// relations of the presentation (package doc).
func (q *Quotient) present() {
	// Generators: each heap whose element the earlier generators do not
	// generate.
	inSpan := make([]bool, q.order)
	inSpan[0] = true
	var gens []int32
	span := []int32{0}
	for h := 1; h <= q.Upto; h++ {
		e := q.heap[h]
		if inSpan[e] {
			continue
		}
		q.Generators = append(q.Generators, h)
		gens = append(gens, e)
		for i := 0; i < len(span); i++ {
			for _, g := range gens {
				y := q.mul[int(span[i])*q.order+int(g)]
				if !inSpan[y] {
					inSpan[y] = true
					span = append(span, y)
				}
			}
		}
	}
	// Normal forms by degree, then lexicographically (a before b).
	q.nf = make([][]int, q.order)
	q.nf[0] = make([]int, len(gens))
	frontier := [][]int{q.nf[0]}
	elemOf := map[string]int32{fmt.Sprint(q.nf[0]): 0}
	var lhs [][]int
	divides := func(a, b []int) bool {
		for i := range a {
			if a[i] > b[i] {
				return false
			}
		}
		return true
	}
	for len(frontier) > 0 {
		type cand struct {
			w    []int
			elem int32
		}
		var cands []cand
		seen := map[string]bool{}
		for _, w := range frontier {
			for i, g := range gens {
				v := slices.Clone(w)
				v[i]++
				k := fmt.Sprint(v)
				if seen[k] {
					continue
				}
				seen[k] = true
				cands = append(cands, cand{v, q.mul[int(elemOf[fmt.Sprint(w)])*q.order+int(g)]})
			}
		}
		slices.SortFunc(cands, func(a, b cand) int {
			for i := range a.w {
				if a.w[i] != b.w[i] {
					return b.w[i] - a.w[i]
				}
			}
			return 0
		})
		frontier = nil
	cands:
		for _, c := range cands {
			for _, l := range lhs {
				if divides(l, c.w) {
					continue cands
				}
			}
			if q.nf[c.elem] == nil {
				q.nf[c.elem] = c.w
				elemOf[fmt.Sprint(c.w)] = c.elem
				frontier = append(frontier, c.w)
				continue
			}
			lhs = append(lhs, c.w)
			q.relations = append(q.relations, [2][]int{c.w, q.nf[c.elem]})
		}
	}
}
