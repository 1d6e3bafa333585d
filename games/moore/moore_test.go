package moore

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/internal/witness"
)

func bigs(h []int) []*big.Int {
	out := make([]*big.Int, len(h))
	for i, x := range h {
		out[i] = big.NewInt(int64(x))
	}
	return out
}

func randHeaps(r *rand.Rand, n, max int) []int {
	h := make([]int, n)
	for i := range h {
		h[i] = r.IntN(max + 1)
	}
	return h
}

func TestClosedFormAgainstWitness(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 1))
	for k := 1; k <= 4; k++ {
		w := &witness.Moore{K: k}
		s := impartial.New[Key](Game{K: k}, impartial.Options{})
		for i := 0; i < 150; i++ {
			h := randHeaps(r, 1+r.IntN(4), 5)
			g := w.Grundy(h)
			if IsP(bigs(h), k) != (g == 0) {
				t.Fatalf("K=%d %v: IsP = %v, witness value %d", k, h, IsP(bigs(h), k), g)
			}
			sg, err := s.Grundy(context.Background(), MakeKey(h))
			if err != nil {
				t.Fatal(err)
			}
			if int(sg) != g {
				t.Fatalf("K=%d %v: model value %d, witness %d", k, h, sg, g)
			}
			// Moore's constructed move is legal and leads to a P-position.
			m := WinningMove(bigs(h), k)
			if (m == nil) != (g == 0) {
				t.Fatalf("K=%d %v: WinningMove %v for value %d", k, h, m, g)
			}
			if m != nil {
				checkMove(t, k, bigs(h), m)
			}
		}
	}
}

func checkMove(t *testing.T, k int, from, to []*big.Int) {
	t.Helper()
	changed := 0
	for i := range from {
		switch to[i].Cmp(from[i]) {
		case 1:
			t.Fatalf("K=%d %v → %v: heap %d grows", k, from, to, i)
		case -1:
			changed++
		}
		if to[i].Sign() < 0 {
			t.Fatalf("K=%d %v → %v: negative heap", k, from, to)
		}
	}
	if changed < 1 || changed > k {
		t.Fatalf("K=%d %v → %v: %d heaps changed", k, from, to, changed)
	}
	if !IsP(to, k) {
		t.Fatalf("K=%d %v → %v: not a P-position", k, from, to)
	}
}

func TestWinningMoveHuge(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 300; i++ {
		k := 1 + r.IntN(6)
		h := make([]*big.Int, 1+r.IntN(12))
		for j := range h {
			b := make([]byte, 1+r.IntN(40))
			for x := range b {
				b[x] = byte(r.Uint32())
			}
			h[j] = new(big.Int).SetBytes(b)
		}
		if m := WinningMove(h, k); m != nil {
			checkMove(t, k, h, m)
		} else if !IsP(h, k) {
			t.Fatalf("no move from an N-position")
		}
	}
}

func TestEachMoveMatchesWitness(t *testing.T) {
	for k := 1; k <= 3; k++ {
		w := &witness.Moore{K: k}
		h := []int{2, 0, 3, 1}
		want := map[string]bool{}
		for _, m := range w.Moves(h) {
			want[fmt.Sprint(m)] = true
		}
		got := map[string]bool{}
		EachMove(h, k, func(next []int) bool {
			s := fmt.Sprint(next)
			if got[s] {
				t.Fatalf("K=%d: move %s twice", k, s)
			}
			got[s] = true
			return true
		})
		if len(got) != len(want) {
			t.Fatalf("K=%d: %d moves, want %d", k, len(got), len(want))
		}
		for s := range got {
			if !want[s] {
				t.Fatalf("K=%d: bad move %s", k, s)
			}
		}
	}
}

func TestKeyRoundTrip(t *testing.T) {
	k := MakeKey([]int{5, 0, 65535, 1, 5})
	if got := fmt.Sprint(k.Heaps()); got != "[1 5 5 65535]" {
		t.Fatalf("Heaps = %s", got)
	}
	if (Game{}).Format(MakeKey(nil)) != "0" {
		t.Fatal("empty key")
	}
}

func BenchmarkWinningMove1000Heaps(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	h := make([]*big.Int, 1000)
	for i := range h {
		buf := make([]byte, 40)
		for j := range buf {
			buf[j] = byte(r.Uint32())
		}
		h[i] = new(big.Int).SetBytes(buf)
	}
	for b.Loop() {
		WinningMove(h, 3)
	}
}
