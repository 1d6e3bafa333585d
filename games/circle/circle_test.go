package circle

import (
	"context"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/impartial"
)

// lineWitness computes the Sprague–Grundy values of lines by the literal
// rules: take t = 1..k consecutive coins at any offset, leaving two lines.
func lineWitness(n, k int) []int {
	g := make([]int, n)
	for m := range g {
		seen := map[int]bool{}
		for t := 1; t <= k && t <= m; t++ {
			for i := 0; i+t <= m; i++ {
				seen[g[i]^g[m-t-i]] = true
			}
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g
}

// circleWitness is the value of a circle: the mex over the lines left by
// taking t = 1..k of its n coins.
func circleWitness(n, k int, line []int) int {
	seen := map[int]bool{}
	for t := 1; t <= k && t <= n; t++ {
		seen[line[n-t]] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	return v
}

func readInts(t *testing.T, name string) [][]string {
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, strings.Fields(line))
		}
	}
	return out
}

func TestClosedFormAgainstSearch(t *testing.T) {
	for k := 1; k <= 7; k++ {
		line := lineWitness(60, k)
		s := impartial.NewSplitting[Pos](Game{K: k}, impartial.Options{})
		for n := 0; n < 60; n++ {
			g := circleWitness(n, k, line)
			if FirstWins(big.NewInt(int64(n)), k) != (g != 0) {
				t.Fatalf("K=%d n=%d: FirstWins = %v, witness value %d", k, n, !(g != 0), g)
			}
			v, err := s.Grundy(context.Background(), Pos{Circle: true, N: n})
			if err != nil || int(v) != g {
				t.Fatalf("K=%d circle %d: model %d %v, witness %d", k, n, v, err, g)
			}
			lv, err := s.Grundy(context.Background(), Pos{N: n})
			if err != nil || int(lv) != line[n] {
				t.Fatalf("K=%d line %d: model %d %v, witness %d", k, n, lv, err, line[n])
			}
			// The winning move is the only one: the lines of value 0 the
			// circle's moves reach.
			var want []int
			for tk := 1; tk <= k && tk <= n; tk++ {
				if line[n-tk] == 0 {
					want = append(want, n-tk)
				}
			}
			m, ok := WinningMove(big.NewInt(int64(n)), k)
			if ok != (len(want) > 0) || ok && (len(want) != 1 || m.Int64() != int64(want[0])) {
				t.Fatalf("K=%d n=%d: WinningMove = %v %v, witness %v", k, n, m, ok, want)
			}
		}
	}
}

func TestKayles(t *testing.T) {
	var want []int
	for _, row := range readInts(t, "testdata/kayles.txt") {
		for _, f := range row {
			v, _ := strconv.Atoi(f)
			want = append(want, v)
		}
	}
	s := impartial.NewSplitting[Pos](Game{K: 2}, impartial.Options{})
	for n, w := range want {
		v, err := s.Grundy(context.Background(), Pos{N: n})
		if err != nil || int(v) != w {
			t.Fatalf("line %d with K=2: %d %v, Kayles A002186 says %d", n, v, err, w)
		}
	}
	if len(want) != 72 {
		t.Fatalf("%d values read", len(want))
	}
}

func TestPOJ2484(t *testing.T) {
	rows := readInts(t, "testdata/poj2484.txt")
	for _, r := range rows {
		n, _ := strconv.Atoi(r[0])
		if got := FirstWins(big.NewInt(int64(n)), 2); got != (r[1] == "Alice") {
			t.Errorf("n=%d: first player wins = %v, POJ says %s", n, got, r[1])
		}
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
}

// BenchmarkCircle500K3 searches a circle of 500 coins taking up to 3: every
// line below it.
func BenchmarkCircle500K3(b *testing.B) {
	for b.Loop() {
		s := impartial.NewSplitting[Pos](Game{K: 3}, impartial.Options{})
		if _, err := s.Grundy(context.Background(), Pos{Circle: true, N: 500}); err != nil {
			b.Fatal(err)
		}
	}
}
