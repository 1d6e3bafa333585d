package graphfile

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/outcome"
)

func TestParse(t *testing.T) {
	src := `# a triangle with a tail
5 6
0 1
1 2
2 0   # back to the start
2 3
3 4
4 4
label 0 a
label 3 d
outcome 4 P
`
	// node 4 has a self-loop, so it has moves: the outcome line must fail.
	if _, err := Parse("g.txt", strings.NewReader(src), Limits{}); err == nil || err.Error() != "g.txt:11: node 4 has moves; only a terminal node can have a fixed outcome" {
		t.Fatalf("got %v", err)
	}
	src = strings.Replace(src, "4 4\n", "1 1\n", 1)
	src = strings.Replace(src, "outcome 4 P", "outcome 4 D", 1)
	g, err := Parse("g.txt", strings.NewReader(src), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if g.Nodes() != 5 || g.Succ.Arcs() != 6 {
		t.Fatalf("got %v", g)
	}
	if g.Name(0) != "a" || g.Name(1) != "1" || g.Name(3) != "d" {
		t.Errorf("names %q %q %q", g.Name(0), g.Name(1), g.Name(3))
	}
	if v, err := g.Node("d"); err != nil || v != 3 {
		t.Errorf("Node(d) = %d, %v", v, err)
	}
	if v, err := g.Node("2"); err != nil || v != 2 {
		t.Errorf("Node(2) = %d, %v", v, err)
	}
	for _, bad := range []string{"5", "-1", "x", ""} {
		if _, err := g.Node(bad); err == nil {
			t.Errorf("Node(%q) accepted", bad)
		}
	}
	if g.TerminalOutcome(4) != outcome.D || g.TerminalOutcome(3) != outcome.P || g.NormalPlay() {
		t.Error("outcomes wrong")
	}
	if got := g.Succ.Out(1); len(got) != 2 || got[0] != 2 || got[1] != 1 {
		t.Errorf("Out(1) = %v", got)
	}
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	h, err := Parse("again", &buf, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if !sameGraph(g, h) {
		t.Error("Write then Parse changed the graph")
	}
}

func sameGraph(g, h *Graph) bool {
	if g.Nodes() != h.Nodes() || g.Succ.Arcs() != h.Succ.Arcs() {
		return false
	}
	for u := range g.Nodes() {
		a, b := g.Succ.Out(int32(u)), h.Succ.Out(int32(u))
		if len(a) != len(b) || g.Name(int32(u)) != h.Name(int32(u)) || g.TerminalOutcome(int32(u)) != h.TerminalOutcome(int32(u)) {
			return false
		}
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
	}
	return true
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"", "f:1: empty file: expected a header line \"NODES EDGES\""},
		{"# only a comment\n", "f:1: empty file: expected a header line \"NODES EDGES\""},
		{"3\n", "f:1: header: expected \"NODES EDGES\" (two counts), got 1 fields"},
		{"-3 2\n", "f:1: node count \"-3\" is negative"},
		{"3 -2\n", "f:1: edge count \"-2\" is negative"},
		{"3 x\n", "f:1: edge count \"x\" is not a number"},
		{"99999999999999999999 1\n", "f:1: node count \"99999999999999999999\" is too large"},
		{"3000000000 1\n", "f:1: 3000000000 nodes: at most 2147483647 are supported"},
		{"1000000 1000000000000\n", "f:1: a graph of 1000000 nodes and 1000000000000 edges needs about 14901.2 GiB of memory, more than the limit of 8.0 GiB"},
		{"0 1\n", "f:1: 1 edges but no nodes"},
		{"3 2\n0 1\n", "f:2: truncated: expected 2 edges, found 1"},
		{"3 2\n0 1\nlabel 0 a\n", "f:3: expected edge 2 of 2 as \"U V\", got \"label 0 a\"; are edges missing?"},
		{"3 2\n0 1\n1 3\n", "f:3: node 3 out of range [0, 3)"},
		{"3 2\n0 1\n1 -2\n", "f:3: node \"-2\" is negative"},
		{"3 2\n0 1\n1 2 3\n", "f:3: expected edge 2 of 2 as \"U V\", got \"1 2 3\"; are edges missing?"},
		{"3 1\n0 1\n1 2\n", "f:3: more edges than the 1 the header announces"},
		{"3 1\n0 1\nlabel 0\n", "f:3: expected \"label U NAME\""},
		{"3 1\n0 1\nlabel 0 12\n", "f:3: label \"12\" looks like a number; a label must not start with a digit or sign"},
		{"3 1\n0 1\nlabel 0 a\nlabel 1 a\n", "f:4: label \"a\" already names node 0"},
		{"3 1\n0 1\nlabel 0 a,b\n", "f:3: label \"a,b\" holds a comma, which separates nodes on the command line"},
		{"3 1\n0 1\nlabel 0 a\nlabel 0 b\n", "f:4: node 0 already has the label \"a\""},
		{"3 1\n0 1\noutcome 2 W\n", "f:3: outcome \"W\": expected N (the player to move wins), P (loses) or D (draw)"},
		{"3 1\n0 1\noutcome 0 N\n", "f:3: node 0 has moves; only a terminal node can have a fixed outcome"},
		{"3 1\n0 1\noutcome 2 N\noutcome 2 D\n", "f:4: node 2 already has an outcome"},
		{"3 1\n0 1\nfoo 2\n", "f:3: unknown line \"foo\": expected \"label U NAME\" or \"outcome U N|P|D\""},
		{"3 1\n" + strings.Repeat("0", 70000) + " 1\n", "f:2: line longer than 65536 bytes"},
	}
	for _, c := range cases {
		_, err := Parse("f", strings.NewReader(c.src), Limits{MaxBytes: 8 << 30})
		if err == nil || err.Error() != c.want {
			t.Errorf("%.40q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

func TestLimit(t *testing.T) {
	_, err := Parse("f", strings.NewReader("100 100\n"), Limits{MaxBytes: 1000})
	if err == nil || !strings.Contains(err.Error(), "more than the limit of 1000 bytes") {
		t.Errorf("got %v", err)
	}
}

// TestMaxNodes: a header over the node cap is refused with a typed
// *budget.Exceeded (States), and one over the memory limit with one of
// Resource Memory, before anything is allocated for them.
func TestMaxNodes(t *testing.T) {
	_, err := Parse("f", strings.NewReader("100000000 0\n"), Limits{MaxNodes: 1000})
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.States || x.Limit != 1000 || !strings.HasPrefix(err.Error(), "f:1: the graph has 100000000 nodes") {
		t.Errorf("got %v", err)
	}
	_, err = Parse("f", strings.NewReader("100 100\n"), Limits{MaxBytes: 1000})
	if !errors.As(err, &x) || x.Resource != budget.Memory {
		t.Errorf("memory: got %v", err)
	}
	if _, err := Parse("f", strings.NewReader("3 1\n0 1\n"), Limits{MaxNodes: 3}); err != nil {
		t.Errorf("3 nodes under a cap of 3: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"3 3\n0 1\n1 2\n2 0\n",
		"5 6\n0 1\n1 2\n2 0\n2 3\n3 4\n1 1\nlabel 0 a\nlabel 3 d\noutcome 4 D\n",
		"2 1 # c\n\n0 1\r\noutcome 1 N\n",
		"1 0\n",
		"0 0\n",
		"3 2\n0 1\n",
		"4 2\n0 +1\n1 2\nlabel 3 x\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Parse("fuzz", bytes.NewReader(data), Limits{MaxBytes: 1 << 20})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error without file and line: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, g); err != nil {
			t.Fatal(err)
		}
		h, err := Parse("again", &buf, Limits{MaxBytes: 1 << 20})
		if err != nil {
			t.Fatalf("written graph does not parse: %v\n%s", err, buf.Bytes())
		}
		if !sameGraph(g, h) {
			t.Fatal("Write then Parse changed the graph")
		}
	})
}
