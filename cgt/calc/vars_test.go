package calc

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/stopper"
)

func text(t *testing.T, s *cgt.Space, expr string) (string, error) {
	t.Helper()
	lim := &stopper.Limits{MaxVertices: 4096}
	a, err := Evaluate(s, expr, lim)
	if err != nil {
		return "", err
	}
	return a.Text(s, lim)
}

// TestVariables: a line of statements with variables equals the line
// with each variable's expression written in its place; CGSuite's
// answers for lines of its test data (EvalTest.scala); errors point into
// the line.
func TestVariables(t *testing.T) {
	s := cgt.NewSpace()
	for _, c := range []struct{ in, want string }{
		{"a := ^; a + a", "^^"},
		{"a := ^", "^"},
		{"a := ^;", "^"},
		{"g := '{*|*}':1; (2*g).CanonicalForm", "^^"}, // EvalTest: g := '{*|*}':1, then (2*g).CanonicalForm
		{"g := '{*|*}':1; (g*2).CanonicalForm", "^^"},
		{"uponth := {0||0|0,pass}; +-(uponth+*)", "0"}, // EvalTest "simplify properly"
		{"x := 1/3; y := x + x; y + x", "1"},
		{"x := 1/3; x + 1/2", "5/6"},
		{"u := upon; 10*u", "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}"},
		{"a := 2; b := a * a; {b|5}", "9/2"},
		{"a := *; a{0|a}", "over"}, // a label, not the variable: a{0|a} = {0|pass}
		{"n := 3; n.Lb", "1"},
	} {
		got, err := text(t, s, c.in)
		if err != nil || got != c.want {
			t.Errorf("%s = %q (%v), want %q", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"a := {1|; a", "column 6: unbalanced '{'"},
		{"a := ^; b + a", "column 9: unknown name \"b\""},
		{"a := 1/3; {0|a}", "column 14"},
		{"on := 1; on", "column 1: \"on\" is a name of the notation"},
		{"a := 1;; a", "column 8: an empty statement"},
	} {
		_, err := text(t, s, c.in)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %q", c.in, err, c.msg)
		}
	}
	// Random lines: a := e1; b := e2; a + b − a is e2, and b + a is
	// (e2) + (e1) evaluated directly.
	atoms := []string{"0", "*", "^", "1/2", "{1|-1}", "{2|0||-1}", "-3", "v*", "+-1", "Tiny(1)"}
	rng := rand.New(rand.NewPCG(5, 9))
	for i := 0; i < 200; i++ {
		e1 := atoms[rng.IntN(len(atoms))] + " + " + atoms[rng.IntN(len(atoms))]
		e2 := atoms[rng.IntN(len(atoms))] + " - " + atoms[rng.IntN(len(atoms))]
		line := fmt.Sprintf("a := %s; b := %s; a + b - a", e1, e2)
		got, err := text(t, s, line)
		want, err2 := text(t, s, e2)
		if err != nil || err2 != nil || got != want {
			t.Fatalf("%s = %q (%v), %s = %q (%v)", line, got, err, e2, want, err2)
		}
		line = fmt.Sprintf("a := %s; b := %s; b + a", e1, e2)
		got, err = text(t, s, line)
		want, err2 = text(t, s, fmt.Sprintf("(%s) + (%s)", e2, e1))
		if err != nil || err2 != nil || got != want {
			t.Fatalf("%s = %q (%v), want %q (%v)", line, got, err, want, err2)
		}
	}
}
