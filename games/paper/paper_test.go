package paper

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/impartial"
)

// literalWins plays one sheet (and the sums its cuts leave) by the literal
// rules: any cut; producing a 1×1 wins at once. Sums are kept as sorted
// lists of sheets with the shorter side first.
type literal map[string]bool

func key(s [][2]int) string {
	parts := make([]string, len(s))
	for i, x := range s {
		a, b := min(x[0], x[1]), max(x[0], x[1])
		parts[i] = strconv.Itoa(a) + "x" + strconv.Itoa(b)
	}
	// insertion sort keeps it dependency-free
	for i := 1; i < len(parts); i++ {
		for j := i; j > 0 && parts[j] < parts[j-1]; j-- {
			parts[j], parts[j-1] = parts[j-1], parts[j]
		}
	}
	return strings.Join(parts, " ")
}

func (l literal) wins(s [][2]int) bool {
	k := key(s)
	if v, ok := l[k]; ok {
		return v
	}
	win := false
	for i := 0; i < len(s) && !win; i++ {
		w, h := s[i][0], s[i][1]
		var cuts [][2][2]int
		for a := 1; a < w; a++ {
			cuts = append(cuts, [2][2]int{{a, h}, {w - a, h}})
		}
		for b := 1; b < h; b++ {
			cuts = append(cuts, [2][2]int{{w, b}, {w, h - b}})
		}
		for _, c := range cuts {
			if c[0] == [2]int{1, 1} || c[1] == [2]int{1, 1} {
				win = true
				break
			}
			next := append(append(append([][2]int{}, s[:i]...), c[0], c[1]), s[i+1:]...)
			if !l.wins(next) {
				win = true
				break
			}
		}
	}
	l[k] = win
	return win
}

// TestReducedGameMatchesLiteral checks the reduction: for every sheet of
// at least 2×2, the reduced normal-play game's value is 0 exactly when the
// literal game is lost for the player to move.
func TestReducedGameMatchesLiteral(t *testing.T) {
	l := literal{}
	s := impartial.NewSplitting[Sheet](Game{}, impartial.Options{})
	for w := 2; w <= 7; w++ {
		for h := 2; h <= 7; h++ {
			g, err := s.Grundy(context.Background(), Sheet{w, h})
			if err != nil {
				t.Fatal(err)
			}
			if (g != 0) != l.wins([][2]int{{w, h}}) {
				t.Fatalf("%dx%d: reduced value %d, literal wins %v", w, h, g, l.wins([][2]int{{w, h}}))
			}
		}
	}
	// Sums too: the nim-sum of two sheets against the literal sum.
	for w := 2; w <= 5; w++ {
		for h := 2; h <= 5; h++ {
			a, _ := s.Grundy(context.Background(), Sheet{w, h})
			b, _ := s.Grundy(context.Background(), Sheet{h + 1, 3})
			if (a^b != 0) != l.wins([][2]int{{w, h}, {h + 1, 3}}) {
				t.Fatalf("%dx%d + %dx3: nim-sum %d, literal disagrees", w, h, h+1, a^b)
			}
		}
	}
}

// TestMex checks the model's values against the mex recursion of POJ
// 2311's usual solution, written out here: g(w,h) = mex of g(a,h)⊕g(w-a,h)
// for 2 ≤ a ≤ w-2 and of g(w,b)⊕g(w,h-b) for 2 ≤ b ≤ h-2.
func TestMex(t *testing.T) {
	const n = 30
	var g [n][n]uint64
	for w := 2; w < n; w++ {
		for h := 2; h < n; h++ {
			seen := map[uint64]bool{}
			for a := 2; a <= w-2; a++ {
				seen[g[a][h]^g[w-a][h]] = true
			}
			for b := 2; b <= h-2; b++ {
				seen[g[w][b]^g[w][h-b]] = true
			}
			for seen[g[w][h]] {
				g[w][h]++
			}
		}
	}
	s := impartial.NewSplitting[Sheet](Game{}, impartial.Options{})
	for w := 2; w < n; w++ {
		for h := 2; h < n; h++ {
			v, err := s.Grundy(context.Background(), Sheet{w, h})
			if err != nil || v != g[w][h] {
				t.Fatalf("%dx%d: %d %v, mex recursion %d", w, h, v, err, g[w][h])
			}
		}
	}
}

func TestPOJ2311(t *testing.T) {
	data, err := os.ReadFile("testdata/poj2311.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := impartial.NewSplitting[Sheet](Game{}, impartial.Options{})
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || strings.HasPrefix(line, "#") {
			continue
		}
		w, _ := strconv.Atoi(f[0])
		h, _ := strconv.Atoi(f[1])
		v, err := s.Grundy(context.Background(), Sheet{w, h})
		if err != nil || (v != 0) != (f[2] == "WIN") {
			t.Errorf("%dx%d: value %d, POJ says %s", w, h, v, f[2])
		}
		n++
	}
	if n != 3 {
		t.Fatalf("%d cases", n)
	}
}

// BenchmarkSheet200 solves a 200×200 sheet from an empty memo: every
// sub-sheet, about 40,000 positions.
func BenchmarkSheet200(b *testing.B) {
	for b.Loop() {
		s := impartial.NewSplitting[Sheet](Game{}, impartial.Options{})
		if _, err := s.Grundy(context.Background(), Sheet{200, 200}); err != nil {
			b.Fatal(err)
		}
	}
}
