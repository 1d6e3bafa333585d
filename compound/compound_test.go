package compound

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
)

// mixed is a game whose positions are of several games at once, so that a
// compound's components may be of different games: Nim heaps, heaps of
// two subtraction games, and the nodes of a random acyclic graph.
type mixed struct{ dag [][]int }

type pos struct {
	Kind byte // 'n' Nim, 'a' subtract {1,2}, 'b' subtract {1,3,4}, 'g' graph node
	N    int
}

func (m mixed) list(p pos) []pos {
	var out []pos
	switch p.Kind {
	case 'n':
		for k := 0; k < p.N; k++ {
			out = append(out, pos{'n', k})
		}
	case 'a', 'b':
		set := []int{1, 2}
		if p.Kind == 'b' {
			set = []int{1, 3, 4}
		}
		for _, t := range set {
			if t <= p.N {
				out = append(out, pos{p.Kind, p.N - t})
			}
		}
	case 'g':
		for _, q := range m.dag[p.N] {
			out = append(out, pos{'g', q})
		}
	}
	return out
}

func (m mixed) Moves(p pos) iter.Seq[pos] { return slices.Values(m.list(p)) }

func randomDAG(rng *rand.Rand, n int) [][]int {
	dag := make([][]int, n)
	for v := 1; v < n; v++ {
		for range rng.IntN(4) {
			dag[v] = append(dag[v], rng.IntN(v))
		}
	}
	return dag
}

// brute searches a compound as a game of its own: its positions are the
// tuples of components, its moves are enumerated literally from the rules
// (products of component moves; for the selective compound every
// non-empty subset of components), with nothing taken from the theory.
type brute struct {
	kind  Kind
	moves func(pos) []pos
	win   map[string]bool
	rem   map[string]int // remoteness (winner hurries) of the compound
	sus   map[string]int // suspense (winner delays) of the compound
}

func key(t []pos) string { return fmt.Sprint(t) }

func (b *brute) options(t []pos) [][]pos {
	comp := make([][]pos, len(t))
	for i, c := range t {
		comp[i] = b.moves(c)
	}
	var out [][]pos
	product := func(idx []int) {
		// Every choice of one move in each component of idx, others kept.
		var rec func(j int, cur []pos)
		rec = func(j int, cur []pos) {
			if j == len(idx) {
				out = append(out, slices.Clone(cur))
				return
			}
			i := idx[j]
			for _, q := range comp[i] {
				cur[i] = q
				rec(j+1, cur)
			}
			cur[i] = t[i]
		}
		rec(0, slices.Clone(t))
	}
	switch b.kind {
	case Conjunctive:
		idx := []int{}
		for i := range t {
			if len(comp[i]) == 0 {
				return nil
			}
			idx = append(idx, i)
		}
		if len(idx) > 0 {
			product(idx)
		}
	case Continued:
		idx := []int{}
		for i := range t {
			if len(comp[i]) > 0 {
				idx = append(idx, i)
			}
		}
		if len(idx) > 0 {
			product(idx)
		}
	case Selective:
		for mask := 1; mask < 1<<len(t); mask++ {
			idx := []int{}
			ok := true
			for i := range t {
				if mask&(1<<i) != 0 {
					idx = append(idx, i)
					ok = ok && len(comp[i]) > 0
				}
			}
			if ok {
				product(idx)
			}
		}
	}
	return out
}

func (b *brute) solve(t []pos) bool {
	k := key(t)
	if w, ok := b.win[k]; ok {
		return w
	}
	opts := b.options(t)
	win := false
	minWinRem, maxRem, maxWinSus, minSus := 1<<30, -1, -1, 1<<30
	for _, o := range opts {
		w := b.solve(o)
		r, s := b.rem[key(o)], b.sus[key(o)]
		if !w {
			win = true
			minWinRem, maxWinSus = min(minWinRem, r), max(maxWinSus, s)
		}
		maxRem, minSus = max(maxRem, r), min(minSus, s)
	}
	switch {
	case len(opts) == 0:
		b.rem[k], b.sus[k] = 0, 0
	case win:
		b.rem[k], b.sus[k] = 1+minWinRem, 1+maxWinSus
	default:
		b.rem[k], b.sus[k] = 1+maxRem, 1+minSus
	}
	b.win[k] = win
	return win
}

func (b *brute) winning(t []pos) []string {
	var out []string
	for _, o := range b.options(t) {
		if !b.solve(o) {
			out = append(out, key(o))
		}
	}
	slices.Sort(out)
	return out
}

func TestCompoundsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	ctx := context.Background()
	kinds := []byte("nabg")
	for trial := 0; trial < 60; trial++ {
		g := mixed{dag: randomDAG(rng, 14)}
		s := New[pos](g, Options{})
		brutes := map[Kind]*brute{}
		for _, k := range Kinds {
			brutes[k] = &brute{kind: k, moves: g.list, win: map[string]bool{}, rem: map[string]int{}, sus: map[string]int{}}
		}
		for range 8 {
			comps := make([]pos, 1+rng.IntN(3))
			for i := range comps {
				kind := kinds[rng.IntN(len(kinds))]
				n := rng.IntN(7)
				if kind == 'g' {
					n = rng.IntN(14)
				}
				if kind == 'n' {
					n = rng.IntN(4)
				}
				comps[i] = pos{kind, n}
			}
			for _, k := range Kinds {
				b := brutes[k]
				r, err := s.Solve(ctx, k, comps)
				if err != nil {
					t.Fatal(err)
				}
				want := !b.solve(comps)
				if r.Lost != want {
					t.Fatalf("%v %v: lost %v, the compound's search says %v", k, comps, r.Lost, want)
				}
				switch k {
				case Conjunctive:
					if r.Number != b.rem[key(comps)] {
						t.Fatalf("%v %v: remoteness %d, the compound's search says %d", k, comps, r.Number, b.rem[key(comps)])
					}
				case Continued:
					if r.Number != b.sus[key(comps)] {
						t.Fatalf("%v %v: suspense %d, the compound's search says %d", k, comps, r.Number, b.sus[key(comps)])
					}
				}
				moves, count, err := s.Winning(ctx, k, comps)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for m := range moves {
					got = append(got, key(m))
				}
				if !slices.IsSorted(got) {
					// Listed in the components' move order, which here is
					// not key order: compare as sets.
					slices.Sort(got)
				}
				wantMoves := b.winning(comps)
				if !slices.Equal(got, wantMoves) {
					t.Fatalf("%v %v: winning moves\n%v\nthe compound's search says\n%v", k, comps, got, wantMoves)
				}
				if count.Int64() != int64(len(wantMoves)) {
					t.Fatalf("%v %v: counted %v winning moves, listed %d", k, comps, count, len(wantMoves))
				}
				if r.Lost != (len(wantMoves) == 0) {
					t.Fatalf("%v %v: lost %v with %d winning moves", k, comps, r.Lost, len(wantMoves))
				}
			}
		}
	}
}

// Published values: remoteness of Nim-like subtraction heaps. In the
// subtraction game {1,2} a heap n is a P-position iff 3 | n, and its
// remoteness is 2n/3 for n ≡ 0, and 2⌊n/3⌋+1 otherwise (the winner takes
// n mod 3 and then answers each move by completing 3); its suspense is
// the same here, as every P-position has one kind of option.
func TestSubtractionNumbers(t *testing.T) {
	s := New[pos](mixed{}, Options{})
	for n := 0; n < 60; n++ {
		nums, err := s.Numbers(context.Background(), pos{'a', n})
		if err != nil {
			t.Fatal(err)
		}
		want := 2 * (n / 3)
		if n%3 != 0 {
			want++
		}
		if nums.Remoteness != want || nums.Suspense != want {
			t.Fatalf("heap %d: %+v, want remoteness and suspense %d", n, nums, want)
		}
	}
	// A Nim heap n > 0: the winner empties it at once (remoteness 1), and
	// delays as long as he can keeping the suspense odd: from n, moving to
	// 0 is the only move to a P-position, so the suspense is also 1.
	for n := 1; n < 20; n++ {
		nums, _ := s.Numbers(context.Background(), pos{'n', n})
		if nums.Remoteness != 1 || nums.Suspense != 1 {
			t.Fatalf("nim heap %d: %+v", n, nums)
		}
	}
}

// chain is a game of one long line of positions, deeper than a recursive
// search's stack would allow.
type chain struct{}

func (chain) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if n > 0 {
			yield(n - 1)
		}
	}
}

func TestDeepChain(t *testing.T) {
	s := New[int](chain{}, Options{})
	n, err := s.Numbers(context.Background(), 3_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if n.Remoteness != 3_000_000 || n.Suspense != 3_000_000 {
		t.Fatalf("%+v", n)
	}
}

func TestLimits(t *testing.T) {
	s := New[int](chain{}, Options{MaxStates: 100})
	if _, err := s.Numbers(context.Background(), 1000); !budget.Over(err, budget.States) {
		t.Fatalf("state cap: %v", err)
	}
	// The open positions of a stopped search are forgotten: a later,
	// smaller question is answered.
	if n, err := s.Numbers(context.Background(), 10); err != nil || n.Remoteness != 10 {
		t.Fatalf("after the cap: %+v %v", n, err)
	}
	mem := budget.NewBytes(1000)
	s = New[int](chain{}, Options{Memory: mem})
	if _, err := s.Numbers(context.Background(), 10); !budget.Over(err, budget.Memory) {
		t.Fatalf("memory: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = New[int](chain{}, Options{})
	if _, err := s.Numbers(ctx, 100_000); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	s = New[int](loop{}, Options{})
	if _, err := s.Numbers(context.Background(), 0); !errors.Is(err, ErrCycle) {
		t.Fatalf("cycle: %v", err)
	}
}

type loop struct{}

func (loop) Moves(n int) iter.Seq[int] { return slices.Values([]int{(n + 1) % 3}) }

// kayles is Kayles (remove one pin or two adjacent pins from a row,
// possibly splitting it), a game whose moves leave sums.
type kayles struct{}

func (kayles) Options(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		for take := 1; take <= 2; take++ {
			for left := 0; left+take <= n; left++ {
				if !yield([]int{left, n - take - left}) {
					return
				}
			}
		}
	}
}

// TestSumsAgainstBruteForce: compounds whose components are Kayles
// positions (sums of rows) against the compound searched literally, the
// component moves written out on sorted tuples of rows.
func TestSumsAgainstBruteForce(t *testing.T) {
	sums := NewSums[int](kayles{})
	s := New[Sum](sums, Options{})
	// A component is a sorted list of rows (without empty rows).
	norm := func(rows []int) pos {
		var kept []int
		for _, r := range rows {
			if r > 0 {
				kept = append(kept, r)
			}
		}
		slices.Sort(kept)
		return pos{'k', rowsKey(kept)}
	}
	moves := func(p pos) []pos {
		rows := rowsDecode(p.N)
		var out []pos
		seen := map[pos]bool{}
		for i, r := range rows {
			for take := 1; take <= 2; take++ {
				for left := 0; left+take <= r; left++ {
					next := slices.Concat(rows[:i], rows[i+1:], []int{left, r - take - left})
					if q := norm(next); !seen[q] {
						seen[q] = true
						out = append(out, q)
					}
				}
			}
		}
		return out
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for _, k := range Kinds {
		b := &brute{kind: k, moves: moves, win: map[string]bool{}, rem: map[string]int{}, sus: map[string]int{}}
		for range 40 {
			n := 1 + rng.IntN(3)
			comps := make([]pos, n)
			sumComps := make([]Sum, n)
			for i := range comps {
				rows := []int{rng.IntN(6)}
				if rng.IntN(2) == 0 {
					rows = append(rows, rng.IntN(4))
				}
				comps[i] = norm(rows)
				sumComps[i] = sums.Of(rows)
			}
			r, err := s.Solve(context.Background(), k, sumComps)
			if err != nil {
				t.Fatal(err)
			}
			if want := !b.solve(comps); r.Lost != want {
				t.Fatalf("%v %v: lost %v, the search says %v", k, comps, r.Lost, want)
			}
			ms, count, err := s.Winning(context.Background(), k, sumComps)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for m := range ms {
				tuple := make([]pos, len(m))
				for i, x := range m {
					tuple[i] = norm(sums.Parts(x))
				}
				got = append(got, key(tuple))
			}
			slices.Sort(got)
			want := b.winning(comps)
			if !slices.Equal(got, want) {
				t.Fatalf("%v %v: winning moves %v, the search says %v", k, comps, got, want)
			}
			if count.Int64() != int64(len(want)) {
				t.Fatalf("%v %v: counted %v winning moves, listed %d", k, comps, count, len(want))
			}
		}
	}
}

// rowsKey packs up to 4 sorted rows below 16 into an int, and back.
func rowsKey(rows []int) int {
	k := 0
	for _, r := range rows {
		k = k*16 + r
	}
	return k*16 + len(rows)
}

func rowsDecode(k int) []int {
	n := k % 16
	k /= 16
	rows := make([]int, n)
	for i := n - 1; i >= 0; i-- {
		rows[i] = k % 16
		k /= 16
	}
	return rows
}

var _ game.Game[pos] = mixed{}
