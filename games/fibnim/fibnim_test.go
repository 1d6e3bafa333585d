package fibnim

import (
	"context"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/impartial"
)

// witness solves (n, l) by the literal rules: take t = 1..min(l, n), then
// the opponent may take up to 2t; a plain memoised recursion.
type witness map[[2]int]bool

func (w witness) wins(n, l int) bool {
	if l > n {
		l = n
	}
	if v, ok := w[[2]int{n, l}]; ok {
		return v
	}
	win := false
	for t := 1; t <= l && !win; t++ {
		if !w.wins(n-t, 2*t) {
			win = true
		}
	}
	w[[2]int{n, l}] = win
	return win
}

func bi(n int) *big.Int { return big.NewInt(int64(n)) }

func TestAgainstWitness(t *testing.T) {
	w := witness{}
	s := impartial.New[Pos](Game{}, impartial.Options{})
	for n := 0; n <= 90; n++ {
		for l := 0; l <= n+2; l++ {
			want := w.wins(n, l)
			if got := Wins(bi(n), bi(l)); got != want {
				t.Fatalf("Wins(%d, %d) = %v, witness %v", n, l, got, want)
			}
			g, err := s.Grundy(context.Background(), Canon(n, l))
			if err != nil || (g != 0) != want {
				t.Fatalf("model G(%d, %d) = %d %v, witness wins=%v", n, l, g, err, want)
			}
			var takes []string
			for k := 1; k <= l && k <= n; k++ {
				if !w.wins(n-k, 2*k) {
					takes = append(takes, strconv.Itoa(k))
				}
			}
			var got []string
			for _, k := range WinningTakes(bi(n), bi(l)) {
				got = append(got, k.String())
			}
			if strings.Join(got, " ") != strings.Join(takes, " ") {
				t.Fatalf("WinningTakes(%d, %d) = %v, witness %v", n, l, got, takes)
			}
		}
	}
}

// fibs are the Fibonacci numbers 1, 2, 3, 5, … up to past 10^9.
var fibs = func() []int {
	f := []int{1, 2}
	for f[len(f)-1] < 1e9 {
		f = append(f, f[len(f)-1]+f[len(f)-2])
	}
	return f
}()

// smallest is q(n) by a plain greedy on machine integers, for the scan.
func smallest(n int) int {
	q := 0
	for i := len(fibs) - 1; i >= 0 && n > 0; i-- {
		if fibs[i] <= n {
			n -= fibs[i]
			q = fibs[i]
		}
	}
	return q
}

// TestWinningTakesScan checks the candidate enumeration on larger heaps
// against a scan of every take (a take t wins iff q(n-t) > 2t or t = n).
func TestWinningTakesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 5))
	for i := 0; i < 40; i++ {
		n := 1 + r.IntN(200_000)
		l := 1 + r.IntN(n)
		if i%3 == 0 {
			l = n - 1
		}
		var want []string
		for k := 1; k <= l && k <= n; k++ {
			if k == n || n-k > 2*k && smallest(n-k) > 2*k { // q(m) ≤ m
				want = append(want, strconv.Itoa(k))
			}
		}
		var got []string
		for _, k := range WinningTakes(bi(n), bi(l)) {
			got = append(got, k.String())
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("WinningTakes(%d, %d) = %v, scan %v", n, l, got, want)
		}
		if Wins(bi(n), bi(l)) != (len(want) > 0) {
			t.Fatalf("Wins(%d, %d) disagrees with the scan", n, l)
		}
	}
}

func TestFibonacciAreTheLosingStarts(t *testing.T) {
	data, err := os.ReadFile("testdata/fibonacci.txt")
	if err != nil {
		t.Fatal(err)
	}
	fib := map[int64]bool{}
	var last *big.Int
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, f := range strings.Fields(line) {
			v, _ := strconv.ParseInt(f, 10, 64)
			fib[v] = true
			last = big.NewInt(v)
		}
	}
	if len(fib) < 40 {
		t.Fatalf("%d Fibonacci numbers read", len(fib))
	}
	for n := int64(1); n <= 20000; n++ {
		lost := !Wins(big.NewInt(n), big.NewInt(n-1))
		if lost != fib[n] || IsFibonacci(big.NewInt(n)) != fib[n] {
			t.Fatalf("n=%d: start lost = %v, Fibonacci = %v", n, lost, fib[n])
		}
	}
	if !IsFibonacci(last) || IsFibonacci(new(big.Int).Add(last, big.NewInt(1))) {
		t.Fatalf("%s should be the only Fibonacci number of the two", last)
	}
}

func TestHuge(t *testing.T) {
	// F(300) and its neighbours.
	a, b := big.NewInt(1), big.NewInt(2)
	for i := 0; i < 300; i++ {
		a.Add(a, b)
		a, b = b, a
	}
	lm := new(big.Int).Sub(b, big.NewInt(1))
	if Wins(b, lm) {
		t.Fatal("a Fibonacci start must be lost")
	}
	n := new(big.Int).Add(b, big.NewInt(8)) // Zeckendorf: b + 8, q = 8
	takes := WinningTakes(n, new(big.Int).Sub(n, big.NewInt(1)))
	if len(takes) == 0 || takes[0].Int64() != 8 {
		t.Fatalf("WinningTakes(F+8) = %v, want to start with 8", takes)
	}
}

func BenchmarkWinningTakes1000Digits(b *testing.B) {
	n, _ := new(big.Int).SetString(strings.Repeat("7", 1000), 10)
	l := new(big.Int).Sub(n, big.NewInt(1))
	for b.Loop() {
		WinningTakes(n, l)
	}
}
