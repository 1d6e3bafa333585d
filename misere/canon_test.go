package misere

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/heap"
)

// tree is a game written out whole, for the plain search the canonical
// forms are checked against.
type tree struct {
	id   int
	opts []*tree
}

type forest struct {
	all  []*tree
	memo map[[2]int]bool
}

func (f *forest) make(opts []*tree) *tree {
	t := &tree{id: len(f.all), opts: opts}
	f.all = append(f.all, t)
	return t
}

// misereP reports whether a + b is a misère P-position, by search of the
// sum itself: a sum with no moves is won by the player to move.
func (f *forest) misereP(a, b *tree) bool {
	if a.id > b.id {
		a, b = b, a
	}
	k := [2]int{a.id, b.id}
	if v, ok := f.memo[k]; ok {
		return v
	}
	p := len(a.opts)+len(b.opts) > 0
	for _, x := range a.opts {
		if f.misereP(x, b) {
			p = false
			break
		}
	}
	if p {
		for _, x := range b.opts {
			if f.misereP(a, x) {
				p = false
				break
			}
		}
	}
	f.memo[k] = p
	return p
}

// random returns a game of birthday at most depth with up to width
// options, each drawn from the games already made or made anew.
// With share, a third of the options are drawn from every game made so
// far instead (the birthday is then unbounded).
func (f *forest) random(r *rand.Rand, depth, width int, share bool) *tree {
	if depth == 0 {
		return f.all[0]
	}
	n := r.IntN(width + 1)
	var opts []*tree
	for range n {
		if share && r.IntN(3) == 0 {
			opts = append(opts, f.all[r.IntN(len(f.all))])
		} else {
			opts = append(opts, f.random(r, r.IntN(depth), width, share))
		}
	}
	return f.make(opts)
}

func canonOf(t *testing.T, c *Canon, g *tree, memo map[int]int32) int32 {
	if v, ok := memo[g.id]; ok {
		return v
	}
	var opts []int32
	for _, x := range g.opts {
		opts = append(opts, canonOf(t, c, x, memo))
	}
	id, err := c.Game(opts)
	if err != nil {
		t.Fatal(err)
	}
	memo[g.id] = id
	return id
}

// treeOf writes a canonical game out whole.
func treeOf(c *Canon, f *forest, id int32, memo map[int32]*tree) *tree {
	if t, ok := memo[id]; ok {
		return t
	}
	var opts []*tree
	for _, x := range c.Options(id) {
		opts = append(opts, treeOf(c, f, x, memo))
	}
	t := f.make(opts)
	memo[id] = t
	return t
}

// TestCanonDefinition: the canonical form of a game is misère-equivalent
// to it (G + X and its canonical form + X have the same misère outcome
// for every X of a pool), and two games of birthday at most 4 have the
// same canonical form exactly when no X of the pool tells them apart.
// The pool is the 22 games born by day 4 in canonical form (every set
// of options of those born by day 3, canonicalized), plus 600 random
// games of birthday up to 6, a third of whose options are drawn from the
// games under test and their followers. Games of larger birthday (600,
// with shared followers) are checked against their canonical forms only:
// a pair of them the pool does not tell apart may need a larger X.
func TestCanonDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 2))
	f := &forest{memo: map[[2]int]bool{}}
	f.make(nil)
	c := NewCanon()
	cm := map[int]int32{}
	tm := map[int32]*tree{0: f.all[0]}
	// The games born by days 1..4 in canonical form.
	day := []int32{0}
	for d, want := range []int{2, 3, 5, 22} {
		next := map[int32]bool{}
		for mask := 0; mask < 1<<len(day); mask++ {
			var o []int32
			for i, g := range day {
				if mask>>i&1 == 1 {
					o = append(o, g)
				}
			}
			id, err := c.Game(o)
			if err != nil {
				t.Fatal(err)
			}
			next[id] = true
		}
		day = day[:0]
		for id := range next {
			day = append(day, id)
		}
		slices.Sort(day)
		// 1, 2, 3, 5, 22 games born by days 0..4 (On Numbers and
		// Games ch. 12; Siegel, Combinatorial Game Theory V.1).
		if len(day) != want {
			t.Fatalf("%d games born by day %d, want %d", len(day), d+1, want)
		}
	}
	var pool []*tree
	for _, id := range day {
		pool = append(pool, treeOf(c, f, id, tm))
	}
	var small, large []*tree
	for range 400 {
		small = append(small, f.random(r, 4, 4, false))
	}
	for range 600 {
		large = append(large, f.random(r, 4, 3, true))
	}
	for range 200 {
		pool = append(pool, f.random(r, 6, 4, true))
	}
	// Sums of two games of day 4, written out whole.
	sums := map[[2]int]*tree{}
	var sumTree func(a, b *tree) *tree
	sumTree = func(a, b *tree) *tree {
		if t, ok := sums[[2]int{a.id, b.id}]; ok {
			return t
		}
		var opts []*tree
		for _, x := range a.opts {
			opts = append(opts, sumTree(x, b))
		}
		for _, x := range b.opts {
			opts = append(opts, sumTree(a, x))
		}
		t := f.make(opts)
		sums[[2]int{a.id, b.id}] = t
		return t
	}
	for i := range 22 {
		for j := i; j < 22; j++ {
			pool = append(pool, sumTree(pool[i], pool[j]))
		}
	}
	sig := func(g *tree) string {
		b := make([]byte, len(pool))
		for i, x := range pool {
			b[i] = '0'
			if f.misereP(g, x) {
				b[i] = '1'
			}
		}
		return string(b)
	}
	bySig := map[string]int32{}
	byCanon := map[int32]string{}
	for i, g := range append(small, large...) {
		id := canonOf(t, c, g, cm)
		s := sig(g)
		if s2 := sig(treeOf(c, f, id, tm)); s2 != s {
			t.Fatalf("game %d and its canonical form %s differ on the pool", g.id, c.String(id))
		}
		if i >= len(small) {
			continue
		}
		if old, ok := bySig[s]; ok && old != id {
			t.Fatalf("canonical forms %s and %s are not told apart by the pool", c.String(old), c.String(id))
		}
		if old, ok := byCanon[id]; ok && old != s {
			t.Fatalf("canonical form %s: two signatures", c.String(id))
		}
		bySig[s], byCanon[id] = id, s
	}
	// The 22 games of day 4 are told apart (the sums of two of them
	// are needed: without them {*2} and {*3}, among others, were not), and the small random games reach 11 of them (this seed).
	seen := map[string]bool{}
	for _, x := range pool[:22] {
		seen[sig(x)] = true
	}
	if len(seen) != 22 || len(byCanon) != 11 {
		t.Fatalf("the day-4 games have %d signatures (want 22); the random games reach %d of them", len(seen), len(byCanon))
	}
}

// TestCanonSmall: facts of On Numbers and Games ch. 12 (Siegel, CGT
// V.1): {*} = 0 by the endgame proviso (* has the option 0 and is a
// misère P-position) and * + * = 0, while {*2} is its own canonical form
// and *2 + *2, a misère P-position, is {*2, *3}, not 0 as in normal
// play.
func TestCanonSmall(t *testing.T) {
	c := NewCanon()
	one := c.Nim(1)
	if g, _ := c.Game([]int32{one}); g != 0 {
		t.Errorf("{*} = %s, want 0", c.String(g))
	}
	if s, _ := c.Sum(one, one); s != 0 {
		t.Errorf("* + * = %s, want 0", c.String(s))
	}
	two := c.Nim(2)
	if g, _ := c.Game([]int32{two}); c.String(g) != "[2]" {
		t.Errorf("{*2} = %s, want [2]", c.String(g))
	}
	s22, _ := c.Sum(two, two)
	// *2 + *2 = {*2 + *, *2} and *2 + * = {*, 0, *2} = *3.
	if !c.IsP(s22) || c.String(s22) != "[2,3]" {
		t.Errorf("*2 + *2 = %s, P %v", c.String(s22), c.IsP(s22))
	}
}

// TestCanonGenusAgrees: the genus from the canonical form equals the
// genus by search of the sums (Genera) on every heap up to 30 (Kayles:
// 22, where the search takes 0.3 s; GRUNDY_BENCH_LARGE=1: 29, 2 s).
func TestCanonGenusAgrees(t *testing.T) {
	kayles := 22
	if os.Getenv("GRUNDY_BENCH_LARGE") != "" {
		kayles = 29
	}
	for _, c := range []struct {
		spec string
		upto int
	}{{"nim", 12}, {"kayles", kayles}, {"dawson", 30}, {"octal:0.75", 30}, {"octal:0.15", 30}, {"octal:0.07", 30}, {"subtract:1,3,4", 30}, {"subtract:2,3", 30}} {
		r, err := heap.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Genera(context.Background(), r, c.upto, 0)
		if err != nil {
			t.Fatal(err)
		}
		cn, heaps, err := HeapForms(context.Background(), r, c.upto, 0)
		if err != nil {
			t.Fatal(err)
		}
		all, err := cn.Genera(context.Background(), heaps)
		if err != nil {
			t.Fatal(err)
		}
		for n, id := range heaps {
			g := all[n]
			// One heap alone gives the same genus.
			if one, err := cn.Genus(context.Background(), id); err != nil || one.String() != g.String() {
				t.Fatalf("%s heap %d: genus %s alone, %s with the others (%v)", c.spec, n, one, g, err)
			}
			if g.String() != want[n].String() {
				t.Errorf("%s heap %d: genus %s from the canonical form, %s by search", c.spec, n, g, want[n])
			}
			if g.G != cn.Plus(id) || g.Gamma[0] != cn.Minus(id) {
				t.Errorf("%s heap %d: G+ %d G- %d, genus %s", c.spec, n, cn.Plus(id), cn.Minus(id), g)
			}
		}
	}
}

// TestPhylumNim: misère Nim heaps are tame (Bouton; Winning Ways ch. 13:
// the nim heaps are the tame games' models), each its own canonical form.
func TestPhylumNim(t *testing.T) {
	r, _ := heap.Parse("nim")
	c, heaps, err := HeapForms(context.Background(), r, 40, 0)
	if err != nil {
		t.Fatal(err)
	}
	for n, id := range heaps {
		if id != c.Nim(n) || c.Phylum(id) != NimHeapPhylum || !c.Phylum(id).IsTame() || c.Phylum(id).Class() != "tame" {
			t.Errorf("nim heap %d: %s, phylum %s", n, c.String(id), c.Phylum(id))
		}
	}
	if c.Len() != 41 {
		t.Errorf("%d canonical forms for the nim heaps 0..40, want 41", c.Len())
	}
}

// TestPhylumKaylesDawson: the phyla of Kayles' and Dawson's Kayles'
// heaps to 20, as this package computes them by CGSuite's rules (package
// doc; CGSuite itself was not run, see BENCHMARKS.md). Heaps 1-4 of
// Kayles have a nim heap's genus and nim heaps for options, hence are
// nim heaps; heap 5 has genus 4^146 (Winning Ways ch. 13), G+ = 4 and
// G− = 1 with tame options: restless. Dawson's Kayles (0.07) agrees with
// Dawson's chess (0.137) shifted by one heap.
func TestPhylumKaylesDawson(t *testing.T) {
	want := map[string]string{
		"kayles":     "NNNNNRNTHWTWWTTWBWBBW",
		"octal:0.07": "NNNNNNNNNNRNWNWNWWNWN",
		"dawson":     "NNNNNNNNNRNWNWNWWNWNW",
	}
	code := map[Phylum]byte{NimHeapPhylum: 'N', HereditarilyTame: 'H', ReversiblyTame: 'T', Tameable: 'B', HereditarilyRestive: 'S', ReversiblyRestive: 's', Restless: 'R', Wild: 'W'}
	for spec, w := range want {
		r, _ := heap.Parse(spec)
		c, heaps, err := HeapForms(context.Background(), r, 20, 0)
		if err != nil {
			t.Fatal(err)
		}
		got := make([]byte, len(heaps))
		for n, id := range heaps {
			got[n] = code[c.Phylum(id)]
		}
		if string(got) != w {
			t.Errorf("%s: phyla %s, want %s", spec, got, w)
		}
	}
}

// TestTameSumsAreNim: a sum of generally tame games is played as misère
// Nim on their genera (On Numbers and Games ch. 12; Winning Ways ch. 13):
// with some part firm (G+ = G−) it is a P-position iff the nim-sum of
// the G+ is 0, with every part fickle ({G+, G−} = {0, 1}) iff it is 1.
// Checked on every sum of up to three tame heaps of Kayles to 30 and of
// Dawson's chess and Kayles to 23, against the outcome their proven
// misère quotient gives. (With Kayles' restless heap 5 and wild heap 9,
// or its tameable heaps 16 and 18, among them, it fails.)
func TestTameSumsAreNim(t *testing.T) {
	for spec, upto := range map[string]int{"kayles": 30, "dawson": 23, "octal:0.07": 23} {
		r, _ := heap.Parse(spec)
		c, heaps, err := HeapForms(context.Background(), r, upto, 0)
		if err != nil {
			t.Fatal(err)
		}
		q, err := Compute(context.Background(), r, upto, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		var tame []int
		for n, id := range heaps {
			if c.Phylum(id).IsGenerallyTame() {
				tame = append(tame, n)
			}
		}
		checked := 0
		var walk func(from int, sum []int)
		walk = func(from int, sum []int) {
			if len(sum) > 0 {
				x, firm := 0, false
				for _, h := range sum {
					x ^= c.Plus(heaps[h])
					firm = firm || c.Plus(heaps[h]) == c.Minus(heaps[h])
				}
				wantP := x == 0
				if !firm {
					wantP = x == 1
				}
				e, err := q.Element(sum)
				if err != nil {
					t.Fatal(err)
				}
				if q.IsP(e) != wantP {
					t.Fatalf("%s %v: misère P %v from the quotient, %v as misère Nim", spec, sum, q.IsP(e), wantP)
				}
				checked++
			}
			if len(sum) == 3 {
				return
			}
			for i := from; i < len(tame); i++ {
				walk(i, append(sum, tame[i]))
			}
		}
		walk(0, nil)
		if checked < 100 {
			t.Errorf("%s: only %d sums", spec, checked)
		}
	}
}
