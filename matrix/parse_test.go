package matrix

import (
	"context"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	m, err := Parse(strings.NewReader("\ufeff# a comment\r\n 1  -2 3/4 # trailing\r\n\n0.5 1e2 -7\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"1", "-2", "3/4"}, {"1/2", "100", "-7"}}
	for i, r := range want {
		for j, w := range r {
			if got := m.Entries[i][j].RatString(); got != w {
				t.Errorf("entry (%d,%d) = %s, want %s", i+1, j+1, got, w)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "the matrix is empty"},
		{"# only a comment\n\n", "the matrix is empty"},
		{"1 2\n3\n", "row 2 (line 2) has 1 entries, but row 1 (line 1) has 2: the matrix is ragged"},
		{"1 2\n\n3 4 5\n", "row 2 (line 3) has 3 entries"},
		{"1 2\n3 x\n", `row 2 (line 2), column 2: "x" is not a number`},
		{"1 NaN\n", `row 1 (line 1), column 2: "NaN" is not a finite number`},
		{"1 -Inf\n", `"-Inf" is not a finite number`},
		{"1/0 2\n", `"1/0" has a zero denominator`},
		{"1e999 2\n", "exponent must be between"},
		{"1e 2\n", "bad exponent"},
		{"--1\n", "is not a number"},
		{"1.2.3\n", "is not a number"},
		{"0x10\n", "is not a number"},
		{"1 three\n", `"three" is not a number`},
		{"1 1e\n", `"1e" is not a number: bad exponent`},
		{"1/2/3\n", "is not a number"},
		{".\n", "is not a number"},
		{strings.Repeat("1", 300) + "\n", "too long for a number"},
	}
	for _, c := range cases {
		_, err := Parse(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q): got %v, want an error containing %q", c.in, err, c.want)
		}
	}
	for _, ok := range []string{"+1", "-0", ".5", "5.", "-1.5e-3", "+2/3", "-2/-3"} {
		_, err := ParseNumber(ok)
		if (err == nil) != (ok != "-2/-3") {
			t.Errorf("ParseNumber(%q): %v", ok, err)
		}
	}
	if _, err := New(nil); err == nil {
		t.Error("New(nil) accepted an empty matrix")
	}
}

// FuzzParse checks that no input makes Parse panic or hang, and that
// whatever it accepts is a rectangular matrix of finite numbers that Solve
// handles (solved when small).
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0 -1 1\n1 0 -1\n-1 1 0\n", "1 2\n3\n", "1/2 3e2\n-4 .5", "# c\n\n", "NaN", "1e999", "1 2 3\n4 5 6", "7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(strings.NewReader(s))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error is not one line: %q", err)
			}
			return
		}
		for _, r := range m.Entries {
			if len(r) != m.Cols() || len(r) == 0 {
				t.Fatal("ragged or empty matrix accepted")
			}
		}
		if m.Rows()*m.Cols() <= 16 {
			sol, err := Solve(context.Background(), m)
			if err != nil {
				return // e.g. entries too large for float64 are refused by Solve
			}
			if sol.Lower.Cmp(sol.Upper) > 0 {
				t.Fatalf("bracket [%s, %s] is empty", sol.Lower.RatString(), sol.Upper.RatString())
			}
			if sol.Verified {
				checkEquilibrium(t, m, sol)
			}
		}
	})
}

func TestParseLimits(t *testing.T) {
	wide := strings.Repeat("1 ", MaxColumns+1) + "\n"
	if _, err := Parse(strings.NewReader(wide)); err == nil || !strings.Contains(err.Error(), "at most 300 are supported") {
		t.Errorf("too wide: %v", err)
	}
	tall := strings.Repeat("1\n", MaxRows+1)
	if _, err := Parse(strings.NewReader(tall)); err == nil || !strings.Contains(err.Error(), "more than 300 rows") {
		t.Errorf("too tall: %v", err)
	}
}

func TestSolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, _ := FromInts([][]int64{{1, 2}, {3, 4}})
	if _, err := Solve(ctx, m); err == nil {
		t.Error("cancelled Solve succeeded")
	}
}
