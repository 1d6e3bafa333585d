package graphfile

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// hduSample is the problem's sample input: two test cases, the first
// ended by its 0, a blank line between them.
const hduSample = "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n"

func TestParseHDU1524(t *testing.T) {
	g, pr, err := ParseAny("s.txt", strings.NewReader(hduSample), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if pr == nil || len(pr.Cases) != 2 || pr.Cases[0].Graph != g {
		t.Fatalf("problem %+v, graph %v", pr, g)
	}
	if got := slices.Collect(slices.Values(g.Succ.Out(0))); !slices.Equal(got, []int32{1, 2}) {
		t.Errorf("successors of 0: %v", got)
	}
	if g.Succ.Arcs() != 3 || pr.Cases[1].Graph.Succ.Arcs() != 2 {
		t.Errorf("arcs %d and %d, want 3 and 2", g.Succ.Arcs(), pr.Cases[1].Graph.Succ.Arcs())
	}
	var lines []int
	var tokens [][]int32
	for _, c := range pr.Cases {
		for _, q := range c.Queries {
			lines = append(lines, q.Line)
			tokens = append(tokens, q.Tokens)
		}
	}
	if !slices.Equal(lines, []int{6, 7, 15, 16, 17}) {
		t.Errorf("query lines %v", lines)
	}
	if want := [][]int32{{0}, {0, 2}, {0, 1}, {1, 1}, {0, 1, 3}}; !slices.EqualFunc(tokens, want, slices.Equal) {
		t.Errorf("queries %v, want %v", tokens, want)
	}
	// A last test case may end at the end of the file, without its 0.
	_, pr, err = ParseAny("s.txt", strings.NewReader("2\n1 1\n0\n1 0\n"), Limits{})
	if err != nil || len(pr.Cases) != 1 || len(pr.Cases[0].Queries) != 1 {
		t.Fatalf("without the last 0: %+v %v", pr, err)
	}
	// grundy's own format is still read, without a problem.
	if _, pr, err := ParseAny("g.txt", strings.NewReader("2 1\n0 1\n"), Limits{}); err != nil || pr != nil {
		t.Fatalf("grundy's format: %v %v", pr, err)
	}
}

// Every error names the file and the line of the fault.
func TestParseHDU1524Errors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"3\n1 1\n1 7\n", "e.txt:3: successor 7 out of range [0, 3)"},
		{"3\n1 1\n2 0\n", "e.txt:3: position 1: the line says 2 successors but lists 1"},
		{"3\n1 1\n0\n", "e.txt:3: truncated: expected the successors of position 2 of 3 (test case of line 1)"},
		{"2\n0\n0\n3 0 1\n", "e.txt:4: the query says 3 tokens but lists 2"},
		{"2\n0\n0\n1 2\n", "e.txt:4: token position 2 out of range [0, 2)"},
		{"2\n0\n0\n0 1\n", "e.txt:4: a line that starts with 0 ends the test case and holds nothing else"},
		{"2\n0\n0\n0\n1 2\n", "e.txt:5: expected a test case's count of positions N alone on its line, got 2 fields"},
		{"0\n", "e.txt:1: a test case of 0 positions: N must be at least 1"},
		{"2\n0\nx\n", "e.txt:3: count of successors \"x\" is not a number"},
		{"2\n-1\n", "e.txt:2: count of successors \"-1\" is negative"},
		{"# nothing\n", "e.txt:1: empty file"},
	} {
		_, _, err := ParseAny("e.txt", strings.NewReader(c.in), Limits{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
	if _, _, err := ParseAny("e.txt", strings.NewReader("100\n"), Limits{MaxNodes: 10}); err == nil || !strings.Contains(err.Error(), "e.txt:1: the graph has 100 nodes, more than the limit of 10") {
		t.Errorf("over the cap: %v", err)
	}
}

// FuzzParseAny: either format, any bytes: an error names the file and a
// line, and a problem read has a graph per case and queries in range.
func FuzzParseAny(f *testing.F) {
	for _, s := range []string{
		hduSample,
		"2\n1 1\n0\n1 0\n",
		"1\n0\n1 0\n0\n",
		"3\n2 1 2\n1 2\n0\n3 0 0 1\n0\n2\n0\n0\n",
		"3\n1 1\n1 7\n",
		"2\n0\n0\n0 1\n",
		"3 2\n0 1\n1 2\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, pr, err := ParseAny("fuzz", bytes.NewReader(data), Limits{MaxBytes: 1 << 20, MaxNodes: 1 << 12})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error without file and line: %v", err)
			}
			return
		}
		if pr == nil {
			return
		}
		if len(pr.Cases) == 0 || pr.Cases[0].Graph != g {
			t.Fatalf("problem %+v", pr)
		}
		for _, c := range pr.Cases {
			n := c.Graph.Nodes()
			for _, q := range c.Queries {
				if len(q.Tokens) == 0 {
					t.Fatalf("empty query on line %d", q.Line)
				}
				for _, v := range q.Tokens {
					if v < 0 || int(v) >= n {
						t.Fatalf("token %d out of [0, %d)", v, n)
					}
				}
			}
		}
	})
}
