package misere

import (
	"context"
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
	// MaxStates bounds the option sets one verification keeps (package
	// doc); 0 means DefaultMaxStates.
	MaxStates int
	// MaxIndex, when positive, bounds the index of the cyclic parts a
	// recalibration gives a heap (g^(index+period) = g^index).
	MaxIndex int
	// Memory, when not nil, is charged for the trials' tables.
	Memory *budget.Bytes
	// Progress, when not nil, is called with each heap size done.
	Progress func(heap int)
}

// DefaultMaxStates is Limits.MaxStates when it is 0.
const DefaultMaxStates = 2_000_000

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

// Compute returns the misère quotient of the heap game rule restricted to
// heaps of sizes up to upto (package doc), heap by heap as MisereSolver
// does: heap n is first tried as a conservative extension (its element
// one of the quotient's so far), and else the quotient grows by a new
// cyclic generator for it and is recalibrated until the verification
// passes.
func Compute(ctx context.Context, rule Rule, upto int, lim Limits) (*Quotient, error) {
	if upto < 0 {
		return nil, fmt.Errorf("--upto must not be negative, got %d", upto)
	}
	s := &search{ctx: ctx, lim: lim, opts: make([][][]int, 1, upto+1)}
	pr := &pret{m: &dsum{r: 1, tab: []int32{0}, n: 1}, p: []bool{false}, phi: []int32{0}}
	// lbs: each element's minimal option sets over the words of the
	// heaps so far (a full verification's), nil when not known.
	var lbs *optionSets
	// What the search holds stays charged to the budget until dropped.
	defer func() { s.drop(pr); s.dropSets(lbs) }()
	var expansions []int
	for n := 1; n <= upto; n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var opts [][]int
		rule.EachOption(n, func(parts []int) bool {
			opts = append(opts, slices.Clone(parts))
			return true
		})
		s.opts = append(s.opts, opts)
		pr.phi = append(pr.phi, 0)
		if len(opts) > 0 {
			if lbs == nil {
				fail, sets, err := s.failure(pr)
				if err != nil {
					return nil, err
				}
				if fail != nil {
					return nil, fmt.Errorf("internal error: the misère quotient of heaps below %d fails at %s", n, fail.String(s.hs))
				}
				lbs = sets
			}
			s.hs = append(s.hs, n)
			x, err := s.conservative(pr, n, lbs)
			if err != nil {
				return nil, err
			}
			if x >= 0 {
				pr.phi[n] = x
			} else {
				next, err := s.expand(pr, n)
				if err != nil {
					return nil, err
				}
				s.drop(pr)
				pr = next
				s.dropSets(lbs)
				lbs = nil
				expansions = append(expansions, n)
			}
		}
		if lim.Progress != nil {
			lim.Progress(n)
		}
	}
	out := &Quotient{Upto: upto, order: pr.m.n, mul: pr.m.tab, p: pr.p, heap: pr.phi, Expansions: expansions}
	out.present()
	return out, nil
}

// conservative returns an element of pr for heap n (the last of s.hs)
// that the verification accepts, or -1. Heap n's element x must be on
// its outcome's side, and compatible with its options' elements (no z
// with z·x and z·t both in P, t an option's: the P-half of the
// verification for words with heap n); it is then accepted at once when
// the options' elements contain those of a word w of element x (every
// sum with heap n then has the options of the same sum with w in its
// place, or more, and that sum's check passed), and else after the
// N-half of the verification.
func (s *search) conservative(pr *pret, n int, lbs *optionSets) (int32, error) {
	tr := s.trans(pr.m, pr.phi, n)
	isP := true
	words := (pr.m.n + 63) / 64
	trBits := make([]uint64, words)
	for _, t := range tr {
		isP = isP && !pr.p[t]
		trBits[t>>6] |= 1 << (t & 63)
	}
	var slow []int32
	for x := int32(0); x < int32(pr.m.n); x++ {
		if pr.p[x] != isP || !compatible(pr, x, tr) {
			continue
		}
		for _, set := range lbs.sets[x] {
			if subset(set, trBits) {
				return x, nil
			}
		}
		slow = append(slow, x)
	}
	for _, x := range slow {
		pr.phi[n] = x
		fail, sets, err := s.nFailure(pr, s.allTrans(pr.m, pr.phi), nil)
		if err != nil {
			return -1, err
		}
		s.dropSets(sets)
		if fail == nil {
			return x, nil
		}
	}
	pr.phi[n] = 0
	return -1, nil
}

// compatible reports whether no z has z·x and z·t both in P, t in tr.
func compatible(pr *pret, x int32, tr []int32) bool {
	for z := int32(0); z < int32(pr.m.n); z++ {
		if !pr.p[pr.m.at(z, x)] {
			continue
		}
		for _, t := range tr {
			if pr.p[pr.m.at(z, t)] {
				return false
			}
		}
	}
	return true
}

// expand gives heap n a new generator g, g^4 = g^2, next to pr's
// elements (MisereSolver's first trial), and recalibrates at the least
// failing word until none fails.
func (s *search) expand(pr *pret, n int) (*pret, error) {
	m, g, err := appendCyc(pr.m, cyc{2, 2})
	if err != nil {
		return nil, err
	}
	phi := slices.Clone(pr.phi)
	phi[n] = g
	trial, err := s.candidate(m, phi)
	if err != nil {
		return nil, err
	}
	for {
		fail, sets, err := s.failure(trial)
		s.dropSets(sets)
		if err != nil {
			s.drop(trial)
			return nil, err
		}
		if fail == nil {
			return trial, nil
		}
		next, err := s.recalibrate(trial, fail)
		s.drop(trial)
		if err != nil {
			return nil, err
		}
		trial = next
	}
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
