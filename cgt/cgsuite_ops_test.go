package cgt_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/calc"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// opsCase is one line of testdata/cgsuite_ops.txt.
type opsCase struct {
	line                       int
	source, expr, want, reason string
}

func readOpsCases(t *testing.T) []opsCase {
	f, err := os.Open("testdata/cgsuite_ops.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []opsCase
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) < 3 || len(fs) > 4 {
			t.Fatalf("cgsuite_ops.txt:%d: %d fields", n, len(fs))
		}
		c := opsCase{line: n, source: fs[0], expr: fs[1], want: fs[2]}
		if len(fs) == 4 {
			c.reason = fs[3]
			if !strings.HasPrefix(c.reason, "definition: ") && !strings.HasPrefix(c.reason, "unsupported: ") {
				t.Fatalf("cgsuite_ops.txt:%d: a reason starts with 'definition: ' or 'unsupported: '", n)
			}
		}
		cs = append(cs, c)
	}
	return cs
}

// evalOps evaluates expr as the calculator does (package calc: short
// games, and loopy games and rationals where the expression holds them)
// and writes the answer as CGSuite prints it; ok is false when grundy
// refuses the expression. The cases share one Space, as the properties
// of one game follow each other (a Space stays consistent after an
// error; TestRoundTrip checks that printing does not depend on the
// Space).
func evalOps(s *cgt.Space, expr string) (got string, ok bool) {
	lim := &stopper.Limits{MaxVertices: 4096}
	a, err := calc.Evaluate(s, expr, lim)
	if err != nil {
		return err.Error(), false
	}
	text, err := a.Text(s, lim)
	if err != nil {
		return err.Error(), false
	}
	return text, true
}

// TestCGSuiteOperations runs CGSuite's own test data for the
// calculator's operations (testdata/cgsuite_ops.txt) and reports how many
// cases pass: every case passes but those whose line states why not.
func TestCGSuiteOperations(t *testing.T) {
	cases := readOpsCases(t)
	s := cgt.NewSpace()
	pass := 0
	bySource := map[string][2]int{}
	for _, c := range cases {
		got, ok := evalOps(s, c.expr)
		passed := ok && got == c.want
		if strings.HasPrefix(c.want, "!!") {
			// CGSuite refuses it: so must grundy, for what it means, not
			// for a name it does not know.
			passed = !ok && !strings.Contains(got, "unknown ")
		}
		switch {
		case passed && c.reason != "":
			t.Errorf("cgsuite_ops.txt:%d: %s = %s passes, but the line says why it does not: %s", c.line, c.expr, got, c.reason)
		case !passed && c.reason == "":
			t.Errorf("cgsuite_ops.txt:%d: %s = %s, CGSuite says %s", c.line, c.expr, got, c.want)
		}
		n := bySource[c.source]
		n[1]++
		if passed {
			pass++
			n[0]++
		}
		bySource[c.source] = n
	}
	for src, n := range bySource {
		t.Logf("%-50s %4d of %4d pass", src, n[0], n[1])
	}
	t.Logf("CGSuite's test data for the operations: %d of %d pass", pass, len(cases))
	if len(cases) < 1500 {
		t.Fatalf("only %d cases read", len(cases))
	}
}
