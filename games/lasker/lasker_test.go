package lasker

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/impartial"
)

// witness computes G(n) of Lasker's Nim by the literal rules: the mex of
// G(m) for m < n and of G(a) ⊕ G(n-a) for 1 ≤ a < n.
func witness(n int) []int64 {
	g := make([]int64, n)
	for h := range g {
		seen := map[int64]bool{}
		for m := 0; m < h; m++ {
			seen[g[m]] = true
		}
		for a := 1; a < h; a++ {
			seen[g[a]^g[h-a]] = true
		}
		v := int64(0)
		for seen[v] {
			v++
		}
		g[h] = v
	}
	return g
}

func TestValueAgainstWitness(t *testing.T) {
	g := witness(300)
	s := impartial.NewSplitting[int](Game{}, impartial.Options{})
	for n, want := range g {
		if got := Value(big.NewInt(int64(n))); got.Int64() != want {
			t.Fatalf("Value(%d) = %s, witness %d", n, got, want)
		}
		if got := Value64(int64(n)); got != want {
			t.Fatalf("Value64(%d) = %d, witness %d", n, got, want)
		}
		if got, err := s.Grundy(context.Background(), n); err != nil || int64(got) != want {
			t.Fatalf("model G(%d) = %d, %v; witness %d", n, got, err, want)
		}
	}
}

func TestPublishedValues(t *testing.T) {
	data, err := os.ReadFile("testdata/values.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, f := range strings.Fields(line) {
			want, _ := strconv.ParseInt(f, 10, 64)
			if got := Value(big.NewInt(int64(n))); got.Int64() != want {
				t.Errorf("G(%d) = %s, Winning Ways says %d", n, got, want)
			}
			n++
		}
	}
	if n < 30 {
		t.Fatalf("only %d values read", n)
	}
}

func TestInvolutionAndTakes(t *testing.T) {
	for n := int64(0); n < 1000; n++ {
		b := big.NewInt(n)
		if Value(Value(b)).Cmp(b) != 0 {
			t.Fatalf("Value is not an involution at %d", n)
		}
	}
	huge, _ := new(big.Int).SetString("123456789012345678901234567891", 10) // ≡ 3 mod 4
	if v := Value(huge); v.String() != "123456789012345678901234567892" {
		t.Fatalf("Value(huge) = %s", v)
	}
	// From 4k+3 (value 4k+4) a take cannot reach value 4k+3: the heap of
	// that value is 4k+4, larger.
	if m := TakeTo(big.NewInt(7), big.NewInt(7)); m != nil {
		t.Fatalf("TakeTo(7, 7) = %s", m)
	}
	if m := TakeTo(big.NewInt(8), big.NewInt(8)); m == nil || m.Int64() != 7 {
		t.Fatalf("TakeTo(8, 8) = %v", m)
	}
	if got := SplitsTo(7, 7); fmt.Sprint(got) != "[1 2 3]" {
		t.Fatalf("SplitsTo(7, 7) = %v, want [1 2 3] (1⊕6 = 2⊕5 = G(3)⊕G(4) = 7)", got)
	}
}

func BenchmarkSum100kHeaps(b *testing.B) {
	h := make([]*big.Int, 100_000)
	for i := range h {
		h[i] = big.NewInt(int64(i*7919) % 1_000_003)
	}
	for b.Loop() {
		Sum(h)
	}
}
