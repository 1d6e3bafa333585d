package staircase

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/impartial"
)

// witness computes Sprague–Grundy values by the literal rules: coins on
// cells, each shifted left without passing a coin or cell 1; a plain
// recursion memoised by the printed cell list.
type witness map[string]int

func (w witness) grundy(cells []int) int {
	key := fmt.Sprint(cells)
	if v, ok := w[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, o := range options(cells) {
		seen[w.grundy(o)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	w[key] = v
	return v
}

// options lists, for sorted cells, the sorted cells after each move.
func options(cells []int) [][]int {
	var out [][]int
	occupied := map[int]bool{}
	for _, c := range cells {
		occupied[c] = true
	}
	for i, c := range cells {
		for to := c - 1; to >= 1 && !occupied[to]; to-- {
			next := slices.Clone(cells)
			next[i] = to
			slices.Sort(next)
			out = append(out, next)
		}
	}
	return out
}

func randCells(r *rand.Rand, n, max int) []int {
	perm := r.Perm(max)
	cs := perm[:n]
	for i := range cs {
		cs[i]++
	}
	slices.Sort(cs)
	return cs
}

func bigs(xs []int) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = big.NewInt(int64(x))
	}
	return out
}

// TestValueIsGrundy checks that the nim-sum of the odd stairs is the
// Sprague–Grundy value itself, not only the outcome, and that the winning
// moves are exactly the moves to value 0.
func TestValueIsGrundy(t *testing.T) {
	w := witness{}
	r := rand.New(rand.NewPCG(2, 7))
	s := impartial.New[Key](Game{}, impartial.Options{})
	for i := 0; i < 400; i++ {
		max := 4 + r.IntN(10)
		cells := randCells(r, 1+r.IntN(min(max, 5)), max)
		g := w.grundy(cells)
		if v := Value(bigs(cells)); v.Int64() != int64(g) {
			t.Fatalf("%v: Value = %s, literal search says %d", cells, v, g)
		}
		mv, err := s.Grundy(context.Background(), MakeKey(cells))
		if err != nil {
			t.Fatal(err)
		}
		if int(mv) != g {
			t.Fatalf("%v: model value %d, literal search %d", cells, mv, g)
		}
		want := map[string]bool{}
		for _, o := range options(cells) {
			if w.grundy(o) == 0 {
				want[fmt.Sprint(o)] = true
			}
		}
		got := WinningMoves(bigs(cells))
		if len(got) != len(want) {
			t.Fatalf("%v: %d winning moves %v, literal search %v", cells, len(got), got, want)
		}
		for _, mv := range got {
			m := mv.Apply(bigs(cells))
			if !want[fmt.Sprint(m)] {
				t.Fatalf("%v: move to %v does not win", cells, m)
			}
		}
	}
}

// TestPOJ1704 checks the published sample of POJ 1704 "Georgia and Bob".
func TestPOJ1704(t *testing.T) {
	data, err := os.ReadFile("testdata/poj1704.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		left, winner, _ := strings.Cut(line, ":")
		var cells []int
		for _, f := range strings.Fields(left) {
			c, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			cells = append(cells, c)
		}
		cs, err := Normalize(bigs(cells))
		if err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSpace(winner) == "Georgia"
		if got := Value(cs).Sign() != 0; got != want {
			t.Errorf("%v: first player wins = %v, want %v", cells, got, want)
		}
		n++
	}
	if n != 2 {
		t.Fatalf("%d cases read", n)
	}
}

func TestNormalize(t *testing.T) {
	if _, err := Normalize(bigs([]int{3, 1, 3})); err == nil || err.Error() != "bad cell 3: it is given twice, but a cell holds at most one coin" {
		t.Fatalf("repeat: %v", err)
	}
	if _, err := Normalize(bigs([]int{3, 0})); err == nil || err.Error() != "bad cell 0: cells are numbered from 1" {
		t.Fatalf("zero: %v", err)
	}
	cs, err := Normalize(bigs([]int{9, 2, 5}))
	if err != nil || fmt.Sprint(cs) != "[2 5 9]" {
		t.Fatalf("sort: %v %v", cs, err)
	}
}

func BenchmarkWinningMoves100kCoins(b *testing.B) {
	cells := make([]*big.Int, 100_000)
	for i := range cells {
		cells[i] = big.NewInt(int64(3*i + 1 + i%2))
	}
	for b.Loop() {
		WinningMoves(cells)
	}
}
