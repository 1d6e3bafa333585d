package heap

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// bruteSparse is SparseSet by its definition: every mask of the low b
// bits, every heap tested.
func bruteSparse(v *Values) SparseSet {
	b := min(bits.Len32(v.Max()), sparseBits)
	best := SparseSet{Count: -1, Last: -1}
	for mask := uint32(0); mask < 1<<b; mask++ {
		s := SparseSet{Mask: mask, Last: -1}
		for i := range v.Len() {
			if bits.OnesCount32(v.At(i)&mask)%2 == 0 {
				s.Count++
				s.Last = i
			}
		}
		if best.Count < 0 || s.Count < best.Count {
			best = s
		}
	}
	return best
}

// TestSparseByDefinition checks Values.Sparse against testing every mask
// on every heap: random values of each width, and runs filled by a proven
// period (which Sparse counts by whole periods) against the same values
// without the period.
func TestSparseByDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 35))
	for trial := range 200 {
		n := 1 + rng.IntN(300)
		top := []int{2, 8, 64, 300, 70000}[rng.IntN(5)]
		xs := make([]uint32, n)
		for i := range xs {
			xs[i] = uint32(rng.IntN(top))
			if rng.IntN(3) == 0 {
				xs[i] &^= 1 // skewed, so that one mask wins
			}
		}
		v := FromSlice(xs)
		if got, want := v.Sparse(), bruteSparse(v); got != want {
			t.Fatalf("trial %d, %d values below %d: Sparse %+v, by definition %+v", trial, n, top, got, want)
		}
	}
	for _, spec := range []string{"kayles", "dawson", "octal:0.16", "subtract:1,3,4"} {
		r, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 170, 1000, 12345, 200001} {
			v, err := Compute(context.Background(), r, n, Options{UsePeriod: true})
			if err != nil {
				t.Fatal(err)
			}
			xs := make([]uint32, n)
			for i := range xs {
				xs[i] = v.At(i)
			}
			if got, want := v.Sparse(), FromSlice(xs).Sparse(); got != want {
				t.Fatalf("%s, %d values (period %d from %d): Sparse %+v, without the period %+v", spec, n, v.perP, v.perA, got, want)
			}
			if n <= 1000 {
				if got, want := v.Sparse(), bruteSparse(v); got != want {
					t.Fatalf("%s, %d values: Sparse %+v, by definition %+v", spec, n, got, want)
				}
			}
		}
	}
}

// flammenkampFirst is the beginning of Flammenkamp's list of the known
// sparse values of Grundy's game, heap and value (Sprague-Grundy Values of
// Grundy's Game, wwwhomes.uni-bielefeld.de/achim/grundy.html, section
// "Known Sparse SGV of Grundy's Game": G(0) … G(231), 50 of his 1287).
var flammenkampFirst = [][2]int{
	{0, 0}, {1, 0}, {2, 0}, {3, 1}, {4, 0}, {6, 1}, {7, 0}, {9, 1}, {10, 0}, {12, 1},
	{15, 1}, {20, 0}, {23, 0}, {26, 0}, {28, 1}, {31, 1}, {34, 1}, {37, 1}, {40, 1}, {43, 1},
	{46, 1}, {49, 1}, {50, 0}, {52, 1}, {53, 0}, {55, 1}, {58, 1}, {61, 1}, {87, 7}, {90, 7},
	{93, 7}, {146, 6}, {149, 6}, {152, 6}, {158, 11}, {161, 11}, {164, 11}, {167, 11}, {176, 7}, {179, 7},
	{181, 12}, {182, 7}, {185, 7}, {188, 7}, {190, 12}, {193, 12}, {196, 10}, {231, 10},
}

// TestGrundyGameSparseAgainstFlammenkamp checks the rare heaps of Grundy's
// game below 232 and their values against Flammenkamp's list, and that
// the mask chosen is his (every bit but the lowest, …11110): 50 rare
// heaps, heap 0 included as he counts it. (His total, 1287 up to 2^35,
// needs 48,399,023 values: TestGrundyGameRareCount, by hand.)
func TestGrundyGameSparseAgainstFlammenkamp(t *testing.T) {
	r, err := Parse("grundy-game")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Compute(context.Background(), r, 1<<16, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := v.Sparse()
	if want := uint32(1<<bits.Len32(v.Max())) - 2; s.Mask != want {
		t.Fatalf("mask %#b, Flammenkamp's is %#b", s.Mask, want)
	}
	var got [][2]int
	for i := range 232 {
		if bits.OnesCount32(v.At(i)&s.Mask)%2 == 0 {
			got = append(got, [2]int{i, int(v.At(i))})
		}
	}
	if len(got) != len(flammenkampFirst) {
		t.Fatalf("%d rare heaps below 232, Flammenkamp lists %d: %v", len(got), len(flammenkampFirst), got)
	}
	for i := range got {
		if got[i] != flammenkampFirst[i] {
			t.Fatalf("rare heap #%d: G(%d) = %d, Flammenkamp: G(%d) = %d", i, got[i][0], got[i][1], flammenkampFirst[i][0], flammenkampFirst[i][1])
		}
	}
}
