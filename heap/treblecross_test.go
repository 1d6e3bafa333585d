package heap

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// trebleBrute plays Treblecross literally: a move puts an X in an empty
// cell, and a strip with three X in a row has no moves (its mover won).
type trebleBrute map[string]uint32

func (m trebleBrute) value(s string) uint32 {
	if v, ok := m[s]; ok {
		return v
	}
	seen := map[uint32]bool{}
	if !strings.Contains(s, "XXX") {
		for i := range len(s) {
			if s[i] == '.' {
				seen[m.value(s[:i]+"X"+s[i+1:])] = true
			}
		}
	}
	v := uint32(0)
	for seen[v] {
		v++
	}
	m[s] = v
	return v
}

func TestTreblecrossAgainstPlay(t *testing.T) {
	brute := trebleBrute{}
	sameValue, strips := 0, 0
	for n := 1; n <= 11; n++ {
		for mask := 0; mask < 1<<n; mask++ {
			b := []byte(strings.Repeat(".", n))
			for i := range n {
				if mask>>i&1 == 1 {
					b[i] = 'X'
				}
			}
			s := string(b)
			cells, err := ParseStrip(s)
			if err != nil {
				t.Fatal(err)
			}
			res, err := SolveStrip(context.Background(), cells, Options{})
			if err != nil {
				t.Fatal(err)
			}
			v := brute.value(s)
			if res.Wins() != (v != 0) {
				t.Fatalf("%s: wins %v, literal play value %d", s, res.Wins(), v)
			}
			var want []int
			if v != 0 {
				for i := range n {
					if s[i] == '.' && brute.value(s[:i]+"X"+s[i+1:]) == 0 {
						want = append(want, i+1)
					}
				}
			}
			if !slices.Equal(res.WinningCells, want) {
				t.Fatalf("%s: winning cells %v, literal play %v", s, res.WinningCells, want)
			}
			if !res.Over && !res.Immediate {
				strips++
				if res.Value == v {
					sameValue++
				}
			}
		}
	}
	t.Logf("segment value equals the literal Grundy value on %d of %d strips", sameValue, strips)
}

func TestTreblecrossEmptyStripIs0007(t *testing.T) {
	a := compute(t, "treblecross", 500, Sparse)
	b := compute(t, "octal:0.007", 502, Sparse)
	for n := range 500 {
		if a.At(n) != b.At(n+2) {
			t.Fatalf("G_treblecross(%d) = %d, G_0.007(%d) = %d", n, a.At(n), n+2, b.At(n+2))
		}
	}
}

func TestTreblecrossUVA(t *testing.T) {
	// UVA 10561 sample: "..X....X.." is a win for the player to move.
	for _, c := range []struct {
		strip string
		cells []int
	}{
		{"XX.", []int{3}},
		{"X.X...", []int{2}},
		{".....", []int{3}},
		{"X...X", nil},
		{"XXX..", nil},
	} {
		cells, _ := ParseStrip(c.strip)
		res, _ := SolveStrip(context.Background(), cells, Options{})
		if !slices.Equal(res.WinningCells, c.cells) {
			t.Errorf("%s: %v, want %v", c.strip, res.WinningCells, c.cells)
		}
	}
}
