package multiply

import (
	"context"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/impartial"
)

// wins solves the game by the literal rules: from p < n, the mover wins if
// some p·x (x = 2..9) reaches n or leaves the opponent losing.
func wins(p, n int64, memo map[int64]bool) bool {
	if p >= n {
		return false
	}
	if v, ok := memo[p]; ok {
		return v
	}
	w := false
	for x := int64(2); x <= 9 && !w; x++ {
		w = !wins(p*x, n, memo)
	}
	memo[p] = w
	return w
}

func TestAgainstWitness(t *testing.T) {
	for n := int64(1); n <= 3000; n++ {
		memo := map[int64]bool{}
		for p := int64(1); p <= n+1; p += 1 + p/7 {
			want := wins(p, n, memo)
			if got := Wins(big.NewInt(p), big.NewInt(n)); got != want {
				t.Fatalf("Wins(p=%d, n=%d) = %v, witness %v", p, n, got, want)
			}
			var xs []int64
			for x := int64(2); x <= 9 && p < n; x++ {
				if !wins(p*x, n, memo) {
					xs = append(xs, x)
				}
			}
			got := WinningMultipliers(big.NewInt(p), big.NewInt(n))
			if len(got) != len(xs) {
				t.Fatalf("WinningMultipliers(%d, %d) = %v, witness %v", p, n, got, xs)
			}
			for i := range xs {
				if got[i] != xs[i] {
					t.Fatalf("WinningMultipliers(%d, %d) = %v, witness %v", p, n, got, xs)
				}
			}
		}
	}
}

func TestLargeTargetsAgainstSearch(t *testing.T) {
	for _, n := range []int64{1e9, 1e9 + 7, 5832, 5833, 2916, 2917, 104976, 104977, 1889568, 1889569, 34012226, 123456789012345} {
		memo := map[int64]bool{}
		if got, want := Wins(big.NewInt(1), big.NewInt(n)), wins(1, n, memo); got != want {
			t.Fatalf("n=%d: Wins = %v, witness %v", n, got, want)
		}
		s := impartial.New[int64](Game{N: n}, impartial.Options{})
		g, err := s.Grundy(context.Background(), 1)
		if err != nil || (g != 0) != wins(1, n, memo) {
			t.Fatalf("n=%d: model value %d %v", n, g, err)
		}
	}
}

func TestIntervals(t *testing.T) {
	want := "9 18 162 324 2916 5832 52488 104976"
	var got []string
	for _, x := range Intervals(8) {
		got = append(got, x.String())
	}
	if strings.Join(got, " ") != want {
		t.Fatalf("Intervals = %v", got)
	}
	// Each interval's ends have the outcome the theorem says.
	for i, end := range Intervals(30) {
		win := i%2 == 0
		if Wins(big.NewInt(1), end) != win || Wins(big.NewInt(1), new(big.Int).Add(end, big.NewInt(1))) == win {
			t.Fatalf("interval end %s: wrong outcome", end)
		}
	}
}

func TestPOJ2505(t *testing.T) {
	data, err := os.ReadFile("testdata/poj2505.txt")
	if err != nil {
		t.Fatal(err)
	}
	cases := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ns, who, _ := strings.Cut(line, ":")
		n, _ := strconv.ParseInt(strings.TrimSpace(ns), 10, 64)
		if got := Wins(big.NewInt(1), big.NewInt(n)); got != (strings.TrimSpace(who) == "Stan") {
			t.Errorf("n=%d: Stan wins = %v, POJ says %s", n, got, who)
		}
		cases++
	}
	if cases != 3 {
		t.Fatalf("%d cases", cases)
	}
}

func BenchmarkWins1000Digits(b *testing.B) {
	n, _ := new(big.Int).SetString(strings.Repeat("9", 1000), 10)
	for b.Loop() {
		WinningMultipliers(big.NewInt(1), n)
	}
}
