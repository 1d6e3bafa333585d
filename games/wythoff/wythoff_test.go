package wythoff

import (
	"bufio"
	"context"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/impartial"
)

// loses is an independent win/lose search over the literal rules.
func losesTable(n int) [][]bool {
	lose := make([][]bool, n)
	for a := range lose {
		lose[a] = make([]bool, n)
	}
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			l := true
			for k := 1; k <= a && l; k++ {
				if lose[a-k][b] {
					l = false
				}
			}
			for k := 1; k <= b && l; k++ {
				if lose[a][b-k] {
					l = false
				}
			}
			for k := 1; k <= a && k <= b && l; k++ {
				if lose[a-k][b-k] {
					l = false
				}
			}
			lose[a][b] = l
		}
	}
	return lose
}

func bi(n int) *big.Int { return big.NewInt(int64(n)) }

func TestOEIS(t *testing.T) {
	f, err := os.Open("testdata/oeis.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	checked := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		switch fields[0] {
		case "A000201", "A001950":
			for i, s := range fields[1:] {
				k := bi(i + 1)
				got := Lower(k)
				if fields[0] == "A001950" {
					got = Upper(k)
				}
				if got.String() != s {
					t.Errorf("%s(%d) = %s, want %s", fields[0], i+1, got, s)
				}
				checked++
			}
		case "big":
			k, _ := new(big.Int).SetString(fields[1], 10)
			if got := Lower(k).String(); got != fields[2] {
				t.Errorf("Lower(%s) = %s, want %s", k, got, fields[2])
			}
			if got := Upper(k).String(); got != fields[3] {
				t.Errorf("Upper(%s) = %s, want %s", k, got, fields[3])
			}
			a, _ := new(big.Int).SetString(fields[2], 10)
			b, _ := new(big.Int).SetString(fields[3], 10)
			if !IsP(a, b) || !IsP(b, a) {
				t.Errorf("(%s, %s) should be a P-position", a, b)
			}
			checked++
		}
	}
	if checked < 80 {
		t.Fatalf("only %d published values checked", checked)
	}
}

func TestIsPAgainstSearch(t *testing.T) {
	const n = 80
	lose := losesTable(n)
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			if got := IsP(bi(a), bi(b)); got != lose[a][b] {
				t.Fatalf("IsP(%d, %d) = %v, search says %v", a, b, got, lose[a][b])
			}
		}
	}
}

func TestWinningMovesAgainstSearch(t *testing.T) {
	const n = 60
	lose := losesTable(n)
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			want := map[[2]int]bool{}
			for k := 1; k <= a; k++ {
				if lose[a-k][b] {
					want[[2]int{a - k, b}] = true
				}
			}
			for k := 1; k <= b; k++ {
				if lose[a][b-k] {
					want[[2]int{a, b - k}] = true
				}
			}
			for k := 1; k <= a && k <= b; k++ {
				if lose[a-k][b-k] {
					want[[2]int{a - k, b - k}] = true
				}
			}
			got := WinningMoves(bi(a), bi(b))
			if len(got) != len(want) {
				t.Fatalf("(%d, %d): %d winning moves %v, search finds %d %v", a, b, len(got), got, len(want), want)
			}
			for _, m := range got {
				if !want[[2]int{int(m[0].Int64()), int(m[1].Int64())}] {
					t.Fatalf("(%d, %d): move to %v is not winning", a, b, m)
				}
			}
		}
	}
}

// TestPartnerAgainstMex builds the P-pairs by Wythoff's own construction
// (a_k = the least number not yet used, b_k = a_k + k) and checks Partner
// for every number they cover.
func TestPartnerAgainstMex(t *testing.T) {
	const limit = 20000
	used := make([]bool, 3*limit)
	partner := map[int]int{0: 0}
	a := 1
	for k := 1; ; k++ {
		for used[a] {
			a++
		}
		b := a + k
		if b >= len(used) {
			break
		}
		used[a], used[b] = true, true
		partner[a], partner[b] = b, a
		if a > limit {
			break
		}
	}
	for n := 0; n <= limit; n++ {
		if got := Partner(bi(n)); got.Int64() != int64(partner[n]) {
			t.Fatalf("Partner(%d) = %s, want %d", n, got, partner[n])
		}
	}
}

// TestLowerIsFloor checks ⌊kφ⌋ on random big k by its definition: x is
// ⌊kφ⌋ iff 2x - k ≤ k√5 < 2x + 2 - k, i.e. (2x-k)² ≤ 5k² < (2x+2-k)².
func TestLowerIsFloor(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 500; i++ {
		k := randBig(r, 1+r.IntN(60))
		x := Lower(k)
		fiveK2 := new(big.Int).Mul(k, k)
		fiveK2.Mul(fiveK2, five)
		lo := new(big.Int).Lsh(x, 1)
		lo.Sub(lo, k)
		hi := new(big.Int).Add(lo, bi(2))
		if lo.Sign() < 0 || new(big.Int).Mul(lo, lo).Cmp(fiveK2) > 0 || new(big.Int).Mul(hi, hi).Cmp(fiveK2) <= 0 {
			t.Fatalf("Lower(%s) = %s is not ⌊kφ⌋", k, x)
		}
		// The pair is P, its neighbours are not, and Partner pairs them.
		y := Upper(k)
		if !IsP(x, y) || !IsP(y, x) || IsP(new(big.Int).Add(x, bi(1)), y) {
			t.Fatalf("k=%s: P-pair test failed", k)
		}
		if k.Sign() > 0 && (Partner(x).Cmp(y) != 0 || Partner(y).Cmp(x) != 0) {
			t.Fatalf("k=%s: Partner(%s) = %s, want %s", k, x, Partner(x), y)
		}
		// From (x+d, y) a winning move returns to (x, y).
		d := new(big.Int).Add(x, bi(1+r.IntN(5)))
		found := false
		for _, m := range WinningMoves(d, y) {
			if m[0].Cmp(x) == 0 && m[1].Cmp(y) == 0 {
				found = true
			}
		}
		if k.Sign() > 0 && !found {
			t.Fatalf("k=%s: no winning move back to the P-pair", k)
		}
	}
}

// TestGameModel checks the searchable model against the independent
// win/lose table.
func TestGameModel(t *testing.T) {
	const n = 40
	lose := losesTable(n)
	s := impartial.New[Pos](Game{}, impartial.Options{})
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			g, err := s.Grundy(context.Background(), Pos{a, b})
			if err != nil {
				t.Fatal(err)
			}
			if (g == 0) != lose[a][b] {
				t.Fatalf("G(%d, %d) = %d but the position is lost: %v", a, b, g, lose[a][b])
			}
		}
	}
}

// randBig returns a random number of up to n bytes.
func randBig(r *rand.Rand, n int) *big.Int {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return new(big.Int).SetBytes(b)
}

func BenchmarkIsPHuge(b *testing.B) {
	k, _ := new(big.Int).SetString(strings.Repeat("9", 1000), 10)
	x, y := Lower(k), Upper(k)
	for b.Loop() {
		if !IsP(x, y) {
			b.Fatal("not P")
		}
	}
}

// TestWinningMovesHuge checks, on random big positions, that every listed
// move is legal and leads to a P-position, and that N-positions have one.
func TestWinningMovesHuge(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for i := 0; i < 400; i++ {
		a, b := randBig(r, 1+r.IntN(30)), randBig(r, 1+r.IntN(30))
		if i%4 == 0 {
			// Near a P-pair, where moves to it are plentiful.
			k := randBig(r, 1+r.IntN(30))
			a = new(big.Int).Add(Lower(k), bi(r.IntN(3)))
			b = new(big.Int).Add(Upper(k), bi(r.IntN(3)))
		}
		moves := WinningMoves(a, b)
		if (len(moves) == 0) != IsP(a, b) {
			t.Fatalf("(%s, %s): IsP = %v but %d moves", a, b, IsP(a, b), len(moves))
		}
		for _, m := range moves {
			da, db := new(big.Int).Sub(a, m[0]), new(big.Int).Sub(b, m[1])
			legal := da.Sign() >= 0 && db.Sign() >= 0 && (da.Sign() == 0) != (db.Sign() == 0) ||
				da.Sign() > 0 && da.Cmp(db) == 0
			if !legal || !IsP(m[0], m[1]) {
				t.Fatalf("(%s, %s) → (%s, %s): legal %v, P %v", a, b, m[0], m[1], legal, IsP(m[0], m[1]))
			}
		}
	}
}
