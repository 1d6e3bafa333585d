package heap

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// TestSweepBlock checks the block sweep (eight heaps a load for bytes)
// against marking each split of each heap one by one, on random values,
// including heaps too small for some splits and splits into equal heaps.
func TestSweepBlock(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		size := 40 + rng.IntN(400)
		g8 := make([]uint8, size)
		g16 := make([]uint16, size)
		for i := range g8 {
			g8[i] = uint8(rng.IntN(256))
			g16[i] = uint16(rng.IntN(512))
		}
		var heaps []uint32
		for h := 1; h < size; h++ {
			if rng.IntN(4) == 0 {
				heaps = append(heaps, uint32(h))
			}
		}
		split2 := [][]int{{0}, {1}, {2, 3}, {0, 1, 5}}[rng.IntN(4)]
		unequal := rng.IntN(2) == 0
		count := 1 + rng.IntN(40)
		start := rng.IntN(size - count + 1)
		want8 := make([]byte, count*256)
		want16 := make([]byte, count*512)
		for i := range count {
			n := start + i
			for _, k := range split2 {
				for _, h := range heaps {
					b := n - k - int(h)
					if b >= 1 && !(unequal && b == int(h)) {
						want8[i*256+int(g8[h]^g8[b])] = 1
						want16[i*512+int(g16[h]^g16[b])] = 1
					}
				}
			}
		}
		got8 := make([]byte, count*256)
		sweepBlock(got8, 256, g8, start, count, split2, unequal, heaps)
		got16 := make([]byte, count*512)
		sweepBlock(got16, 512, g16, start, count, split2, unequal, heaps)
		if !slices.Equal(got8, want8) || !slices.Equal(got16, want16) {
			t.Fatalf("trial %d: start %d count %d split2 %v unequal %v: block sweep differs from the plain one", trial, start, count, split2, unequal)
		}
	}
}

// TestSparseBeyondLists checks the search past the index lists (a plain
// scan of every split when the walks over the listed heaps find nothing)
// against the plain method, with lists made short.
func TestSparseBeyondLists(t *testing.T) {
	defer func(old int) { listed = old }(listed)
	listed = 300
	for _, spec := range []string{"grundy-game", "octal:0.376", "kayles", "octal:0.165"} {
		a := compute(t, spec, 4000, Plain)
		b := compute(t, spec, 4000, Sparse)
		for i := range 4000 {
			if a.At(i) != b.At(i) {
				t.Fatalf("%s: G(%d) plain %d, sparse with lists of %d heaps %d", spec, i, a.At(i), listed, b.At(i))
			}
		}
	}
}

// TestSpreadScanAgainstPlain checks the spread runs of splits (resolve's
// spreadScan) against the plain method from the first heap on, with the
// lists short and spreadFrom small so that the runs settle candidates,
// leave some to the search by value, and meet heaps that have none.
func TestSpreadScanAgainstPlain(t *testing.T) {
	defer func(l, f int) { listed, spreadFrom = l, f }(listed, spreadFrom)
	for _, lf := range [][2]int{{300, 600}, {2048, 0}} {
		listed, spreadFrom = lf[0], lf[1]
		for _, spec := range []string{"grundy-game", "octal:0.376", "kayles", "octal:0.165", "octal:0.16"} {
			a := compute(t, spec, 6000, Plain)
			b := compute(t, spec, 6000, Sparse)
			for i := range 6000 {
				if a.At(i) != b.At(i) {
					t.Fatalf("%s: G(%d) plain %d, sparse with lists of %d heaps and runs from %d: %d", spec, i, a.At(i), listed, spreadFrom, b.At(i))
				}
			}
		}
	}
}

// TestSpreadSweptAgainstSparse checks the runs of spreadScan swept with
// the far heaps (farStep, from spreadFrom on) against the sparse method
// without them, on lists long enough for every run to be a far heap
// (2^17 heaps: the first run starts at 2,111) and the runs from 2^17 on.
func TestSpreadSweptAgainstSparse(t *testing.T) {
	n := 400_000
	if testing.Short() {
		n = 200_000
	}
	r, _ := Parse("grundy-game")
	want, err := Compute(context.Background(), r, n, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer func(l, f int) { listed, spreadFrom = l, f }(listed, spreadFrom)
	listed, spreadFrom = 1<<17, 1<<17
	for i := 1; i <= spreadWindows; i++ {
		if lo := spreadStart(i); lo < 2*farBlock || lo+spreadWidth > spreadFrom {
			t.Fatalf("run %d at %d: not a far heap at %d", i, lo, spreadFrom)
		}
	}
	got, err := Compute(context.Background(), r, n, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if want.At(i) != got.At(i) {
			t.Fatalf("G(%d): %d, with the runs swept from %d: %d", i, want.At(i), spreadFrom, got.At(i))
		}
	}
}

// TestGrundyGamePipelinedAgainstPlain checks the two-core sparse method
// (far, middle and scanned sweeps) on Grundy's game against the plain loop
// well past the start of the pipeline.
func TestGrundyGamePipelinedAgainstPlain(t *testing.T) {
	n := 40_000
	if testing.Short() {
		n = 20_000
	}
	r, _ := Parse("grundy-game")
	plain, err := Compute(context.Background(), r, n, Options{Method: Plain, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	sparse, err := Compute(context.Background(), r, n, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if plain.At(i) != sparse.At(i) {
			t.Fatalf("G(%d): plain %d, two-core sparse %d", i, plain.At(i), sparse.At(i))
		}
	}
}

// TestGrundyGameRareCount checks a long run of Grundy's game, saved by
// `grundy seq grundy-game --upto N --out FILE`, against Flammenkamp's count
// of its sparse (rare) values, 1287 with heap 0 (Sprague-Grundy Values of
// Grundy's Game, wwwhomes.uni-bielefeld.de/achim/grundy.html; computed to
// 2^35): the values whose binary digits other than the lowest have even
// parity. The last of them lies below 5·10^7. Run by hand, as computing
// the values takes minutes:
//
//	GRUNDY_GAME_FILE=/tmp/gg.zst go test ./heap -run GrundyGameRareCount -v
func TestGrundyGameRareCount(t *testing.T) {
	path := os.Getenv("GRUNDY_GAME_FILE")
	if path == "" {
		t.Skip("set GRUNDY_GAME_FILE to a file of at least 5·10^7 values of grundy-game")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	spec, v, err := Load(f, MaxUpto(&Rule{}))
	if err != nil || spec != "grundy-game" || v.Len() < 50_000_000 {
		t.Fatalf("%s: %v, game %q, %d values: want at least 5·10^7 values of grundy-game", path, err, spec, v.Len())
	}
	rare := 0
	for i := range v.Len() {
		if bits.OnesCount32(v.At(i)>>1)%2 == 0 {
			rare++
		}
	}
	if rare != 1287 {
		t.Fatalf("%d rare values among G(0..%d), Flammenkamp lists 1287", rare, v.Len()-1)
	}
	// What seq prints: the mask that makes the fewest rare is his.
	if s := v.Sparse(); s.Count != 1287 || s.Mask != 1<<bits.Len32(v.Max())-2 || s.Last >= 50_000_000 {
		t.Fatalf("Sparse() = %+v: want 1287 rare values under the mask …11110, the last below 5·10^7", s)
	}
}
