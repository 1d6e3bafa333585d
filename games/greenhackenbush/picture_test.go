package greenhackenbush

import (
	"errors"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
)

func TestParseForms(t *testing.T) {
	for _, c := range []struct {
		text string
		base Base
		want []string // the pictures, written from 0
		from Base
	}{
		{"0-1,1-2g,2-0", Auto, []string{"0-1g,1-2g,2-0g"}, From0},
		{"0-1 -  0-1,1-1", Auto, []string{"0-1g", "0-1g,1-1g"}, From0},
		{"1-2,2-3", From1, []string{"0-1g,1-2g"}, From1},
		{"0 1\n1 2\n2 0\n", Auto, []string{"0-1g,1-2g,2-0g"}, From0},
		{"3 3\n0 1\n1 2\n2 0\n", Auto, []string{"0-1g,1-2g,2-0g"}, From0},
		{"# a triangle\n3 3\n1 2\n2 3 # top\n3 1\n", Auto, []string{"0-1g,1-2g,2-0g"}, From1},
		{"3 2\n1 2\n2 3\n", From1, []string{"0-1g,1-2g"}, From1},
		{"1 2\n2 3\n", From1, []string{"0-1g,1-2g"}, From1},
		{"5 0\n", Auto, []string{"-"}, From0},
	} {
		pos, err := Parse(c.text, c.base, Limits{})
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		var got []string
		for _, p := range pos.Pictures {
			got = append(got, Format(p, From0))
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") || pos.Base != c.from {
			t.Errorf("%q: %v from %d, want %v from %d", c.text, got, pos.Base, c.want, c.from)
		}
	}
}

func TestParseErrors(t *testing.T) {
	long := strings.Repeat("0-1,", 50000) + "0-x"
	for _, c := range []struct {
		text string
		base Base
		want string
	}{
		{"", Auto, "no picture given: write edges U-V with 0 the ground, e.g. 0-1,1-2,2-0, or an edge list of lines \"U V\""},
		{"0-1r", Auto, `bad picture "0-1r": edge 0-1 is not green; in Green Hackenbush every edge is green (g)`},
		{"1-2,2-3", Auto, `bad picture "1-2,2-3": the ground is vertex 0 and no edge touches it`},
		{"0-1,", Auto, `bad picture "0-1,": the picture ends with a comma`},
		{"0-1,1-9999", Auto, `bad picture "0-1,1-9999": edge 1-9999: vertex 9999 is out of range: vertices run from 0 (the ground) to 1032 here (4 per edge)`},
		{"0-1,1-2", From1, `bad picture "0-1,1-2": edge 0-1: vertex 0 is out of range: vertices run from 1 (the ground) to 1033 here (4 per edge)`},
		{long, Auto, `bad picture "…,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-x" at offset 200000: edge 50001 is "0-x"; write edges U-V with vertices 0 (the ground) to 201028, e.g. 0-1,1-2,2-0`},
		{"1 2\n2 3\n", Auto, "the ground is vertex 0 and no edge touches it (numbered from 1? green-hackenbush:1 takes vertex 1 as the ground)"},
		{"4 2\n1 2\n2 3\n", Auto, "the vertices could be numbered from 0 or from 1 (neither 0 nor 4 appears): say which, green-hackenbush:0 (the ground is vertex 0) or green-hackenbush:1 (the ground is vertex 1)"},
		{"3 2\n0 1\n1 3\n", Auto, "the header says 3 vertices, but both 0 and 3 appear: numbered from 0 the vertices run 0…2, from 1 they run 1…3"},
		{"3 2\n0 1\n1 3\n", From0, "line 3: vertex 3 is out of range [0, 2]"},
		{"0 1\n1 2 3\n", Auto, `line 2: "1 2 3": expected an edge "U V" (two vertex numbers)`},
		{"0 1\n1 x\n", Auto, `line 2: "x" is not a vertex number (a number from 0)`},
		{"3 1\n1 2\n", From0, "the ground is vertex 0 and no edge touches it"},
	} {
		_, err := Parse(c.text, c.base, Limits{})
		if err == nil || err.Error() != c.want {
			t.Errorf("%.30q: %v\nwant %s", c.text, err, c.want)
		}
		var bi *budget.BadInput
		if err != nil && !errors.As(err, &bi) {
			t.Errorf("%.30q: not a BadInput", c.text)
		}
	}
}

// TestParseBudget: a picture over the memory budget is the budget's
// error, before its arrays are allocated.
func TestParseBudget(t *testing.T) {
	text := strings.Repeat("0-1,", 100000) + "0-1"
	_, err := Parse(text, Auto, Limits{Memory: budget.NewBytes(1 << 20)})
	if !errors.Is(err, budget.ErrExceeded) || !budget.Over(err, budget.Memory) {
		t.Fatalf("err %v, want a memory limit", err)
	}
	lines := strings.Repeat("0 1\n", 100000)
	_, err = Parse(lines, Auto, Limits{Memory: budget.NewBytes(1 << 20)})
	if !budget.Over(err, budget.Memory) {
		t.Fatalf("edge list: err %v, want a memory limit", err)
	}
}

// FuzzParse: any text is read or refused with a BadInput or a limit,
// never a panic; what is read values without panicking, and writes back
// to itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0-1,1-2,2-0", "0-1g 0-0", "3 3\n1 2\n2 3\n3 1\n", "0 1\n", "1-2", "0-1,", "-", "4 0", "0-99999999999999", "0 0\n0 0\n0 0", "2 1\n1 2"} {
		f.Add(s, int8(-1))
		f.Add(s, int8(1))
	}
	f.Fuzz(func(t *testing.T, s string, b int8) {
		base := Base(min(max(int(b), -1), 1))
		pos, err := Parse(s, base, Limits{Memory: budget.NewBytes(64 << 20)})
		if err != nil {
			var bi *budget.BadInput
			if !errors.As(err, &bi) && !budget.Over(err, budget.Memory) {
				t.Fatalf("%q: %T %v", s, err, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: error of several lines: %v", s, err)
			}
			return
		}
		for _, p := range pos.Pictures {
			v := Value(p)
			text := Format(p, pos.Base)
			if text == "-" {
				continue
			}
			again, err := Parse(text, pos.Base, Limits{})
			if err != nil || Value(again.Pictures[0]) != v {
				t.Fatalf("%q: written %q, read back %v", s, text, err)
			}
		}
	})
}
