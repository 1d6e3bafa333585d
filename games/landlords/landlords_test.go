package landlords

import (
	"context"
	"math"
	"math/big"
	"testing"

	"github.com/grundy-go/grundy/matrix"
)

// TestCodeforcesSamples: the sample tests of Codeforces 98E ("Help Shrek
// and Donkey"), input "m n" → the two players' winning probabilities.
func TestCodeforcesSamples(t *testing.T) {
	tab, err := Solve(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n, m int
		want float64
	}{{0, 3, 0.25}, {1, 0, 1}, {1, 1, 0.5}} {
		if got := tab.Win(c.n, c.m); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("f(%d, %d) = %v, want %v", c.n, c.m, got, c.want)
		}
	}
}

// exactLP computes f(n, m) exactly by solving each state's matrix game with
// the LP solver of package matrix (verified exact), from exact values of
// the smaller states: a second, independent way to the same numbers.
type exactLP struct {
	memo map[[2]int]*big.Rat
	t    *testing.T
}

func (e *exactLP) f(n, m int) *big.Rat {
	if v, ok := e.memo[[2]int{n, m}]; ok {
		return v
	}
	var v *big.Rat
	if m == 0 {
		v = big.NewRat(1, 1)
	} else {
		one := big.NewRat(1, 1)
		g := big.NewRat(1, int64(m+1))
		shown := new(big.Rat).Mul(big.NewRat(int64(m), int64(m+1)), new(big.Rat).Sub(one, e.f(m-1, n)))
		rows := [][]*big.Rat{
			{shown, new(big.Rat).Add(shown, g)},
			{g, g},
		}
		if n > 0 {
			rows = append(rows, []*big.Rat{one, new(big.Rat).Sub(one, e.f(m, n-1))})
		}
		mm, err := matrix.New(rows)
		if err != nil {
			e.t.Fatal(err)
		}
		sol, err := matrix.Solve(context.Background(), mm)
		if err != nil {
			e.t.Fatal(err)
		}
		if !sol.Verified {
			e.t.Fatalf("state (%d, %d): LP not verified", n, m)
		}
		v = sol.Value
	}
	e.memo[[2]int{n, m}] = v
	return v
}

func TestAgainstLP(t *testing.T) {
	const N = 12
	tab, err := Solve(context.Background(), N)
	if err != nil {
		t.Fatal(err)
	}
	e := &exactLP{memo: map[[2]int]*big.Rat{}, t: t}
	for n := 0; n <= N; n++ {
		for m := 0; m <= N; m++ {
			want, _ := e.f(n, m).Float64()
			if got := tab.Win(n, m); math.Abs(got-want) > 1e-12 {
				t.Fatalf("f(%d, %d) = %v, LP gives %s", n, m, got, e.f(n, m).RatString())
			}
		}
	}
}

// TestStrategiesAreEquilibria checks every state's strategies against its
// matrix: the mover's mix secures Win against both replies, and the
// opponent's mix concedes at most Win to every plan.
func TestStrategiesAreEquilibria(t *testing.T) {
	const N = 60
	tab, err := Solve(context.Background(), N)
	if err != nil {
		t.Fatal(err)
	}
	const eps = 1e-12
	for n := 0; n <= N; n++ {
		for m := 1; m <= N; m++ {
			st, err := tab.Strategy(n, m)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(st.Guess+st.Ask+st.Bluff-1) > eps || st.Guess < 0 || st.Ask < -eps || st.Bluff < -eps || st.Believe < -eps || st.Believe > 1+eps {
				t.Fatalf("(%d, %d): not probabilities: %+v", n, m, st)
			}
			if n == 0 && st.Bluff != 0 {
				t.Fatalf("(0, %d): bluffs without cards", m)
			}
			ask, bluff, guess, canBluff := tab.Matrix(n, m)
			for c := 0; c < 2; c++ {
				pay := st.Ask*ask[c] + st.Bluff*bluff[c] + st.Guess*guess[c]
				if pay < st.Win-eps {
					t.Fatalf("(%d, %d): the mover's mix pays %v < %v against reply %d", n, m, pay, st.Win, c)
				}
			}
			q := st.Believe
			rows := [][2]float64{ask, guess}
			if canBluff {
				rows = append(rows, bluff)
			}
			for _, r := range rows {
				if pay := q*r[0] + (1-q)*r[1]; pay > st.Win+eps {
					t.Fatalf("(%d, %d): the opponent's mix concedes %v > %v", n, m, pay, st.Win)
				}
			}
		}
	}
}

// TestBluffingHappens pins the point of the game: in some states optimal
// play bluffs with a probability strictly between 0 and 1.
func TestBluffingHappens(t *testing.T) {
	tab, _ := Solve(context.Background(), 20)
	mixed := 0
	for n := 1; n <= 20; n++ {
		for m := 1; m <= 20; m++ {
			st, _ := tab.Strategy(n, m)
			if st.Bluff > 0 && st.Bluff < 1 {
				mixed++
			}
		}
	}
	if mixed == 0 {
		t.Fatal("no state bluffs at random")
	}
}

func TestBadInput(t *testing.T) {
	if _, err := Solve(context.Background(), -1); err == nil {
		t.Error("negative N accepted")
	}
	if _, err := Solve(context.Background(), MaxCards+1); err == nil {
		t.Error("huge N accepted")
	}
	tab, _ := Solve(context.Background(), 3)
	if _, err := tab.Strategy(4, 0); err == nil {
		t.Error("state outside the table accepted")
	}
}

func BenchmarkLandlords1000(b *testing.B) {
	for b.Loop() {
		tab, err := Solve(context.Background(), 1000)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tab.Strategy(1000, 1000); err != nil {
			b.Fatal(err)
		}
	}
}
