package toads

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/outcome"
)

// moverWins is plain exhaustive play, written without the evaluator.
func moverWins(p string, left bool, memo map[string]bool) bool {
	k := p + map[bool]string{true: "L", false: "R"}[left]
	if r, ok := memo[k]; ok {
		return r
	}
	me, them, dir := byte('F'), byte('T'), -1
	if left {
		me, them, dir = 'T', 'F', 1
	}
	win := false
	for i := 0; i < len(p) && !win; i++ {
		if p[i] != me {
			continue
		}
		for _, step := range []int{dir, 2 * dir} {
			j := i + step
			if j < 0 || j >= len(p) || p[j] != '.' {
				continue
			}
			if step == 2*dir && p[i+dir] != them {
				continue
			}
			b := []byte(p)
			b[i], b[j] = '.', me
			if !moverWins(string(b), !left, memo) {
				win = true
			}
		}
	}
	memo[k] = win
	return win
}

func TestOutcomeAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	s := cgt.NewSpace()
	e, _ := partizan.New[string](s, Standard)
	memo := map[string]bool{}
	for k := 0; k < 400; k++ {
		b := make([]byte, 1+r.IntN(9))
		for i := range b {
			b[i] = "TF.."[r.IntN(4)]
		}
		p := string(b)
		g, err := e.Value(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		lf, rf := moverWins(p, true, memo), moverWins(p, false, memo)
		want := outcome.FromFirstMoves(lf, rf)
		if got := must(s.Outcome(g)); got != want {
			t.Fatalf("%s = %s: outcome %v, exhaustive play says %v", p, s.String(g), got, want)
		}
		// Mirroring the strip and swapping toads with frogs negates.
		m := []byte(p)
		for i, j := 0, len(m)-1; i <= j; i, j = i+1, j-1 {
			m[i], m[j] = m[j], m[i]
		}
		for i := range m {
			switch m[i] {
			case 'T':
				m[i] = 'F'
			case 'F':
				m[i] = 'T'
			}
		}
		gm, _ := e.Value(context.Background(), string(m))
		if gm != must(s.Neg(g)) {
			t.Fatalf("%s = %s, mirror %s = %s", p, s.String(g), m, s.String(gm))
		}
	}
}

// TestSmallValues checks values worked out by hand from the rules:
// T.F: Left's only move leaves .TF, where Right jumps to FT. and Left
// answers F.T (0), so .TF = {|{0|}} = {|1} = 0; Right's only move leaves
// TF., where the toad jumps to .FT = {|0} = -1, so TF. = {-1|} = 0; hence
// T.F = {0|0} = *.
func TestSmallValues(t *testing.T) {
	s := cgt.NewSpace()
	e, _ := partizan.New[string](s, Standard)
	for _, c := range []struct{ pos, want string }{
		{"TF", "0"},  // nobody can move
		{"T.", "1"},  // one toad move
		{".F", "-1"}, // one frog move
		{"T..", "2"}, // two toad moves
		{"TF.", "0"},
		{".TF", "0"},
		{".FT", "-1"},
		{"T.F", "*"},
	} {
		g, err := e.Value(context.Background(), c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.String(g); got != c.want {
			t.Errorf("%s = %s, want %s", c.pos, got, c.want)
		}
	}
}

// TestPublished checks values from the literature (testdata/values.txt).
func TestPublished(t *testing.T) {
	data, err := os.ReadFile("testdata/values.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := cgt.NewSpace()
	e, _ := partizan.New[string](s, Standard)
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		pos, want, _ := strings.Cut(line, "=")
		pos, want = strings.TrimSpace(pos), strings.TrimSpace(want)
		g, err := e.Value(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.String(g); got != want {
			t.Errorf("%s = %s, want %s", pos, got, want)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no values read")
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"TX.", `square 2 is 'X'`},
		{strings.Repeat(".", 41), "at most 40 squares"},
		{"", "no strip given"},
	} {
		_, err := Parse([]string{c.in})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"TT..FF", "T.F", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := Parse([]string{in})
		if err != nil {
			return
		}
		for _, p := range ps {
			if strings.Trim(p, "TF.") != "" || len(p) > MaxSquares {
				t.Fatalf("Parse(%q) gave %q", in, p)
			}
		}
	})
}

// must returns v, and stops the test run at an error of cgt (the values
// of these small positions are far from every limit).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
