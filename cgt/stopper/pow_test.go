package stopper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
)

// TestPowShortExponents: for number exponents the construction (an
// ordinal sum with a subordinated form, pow.go) gives package cgt's
// G.Pow(n) and G.PowTo(n), which are checked against CGSuite's own data
// there.
func TestPowShortExponents(t *testing.T) {
	s := cgt.NewSpace()
	for _, base := range []string{"^", "{0|-2}", "{0||0|-2}", "{0|*}", "{0|v}", "+-1", "{1|*}"} {
		for _, x := range []string{"1", "2", "3", "5", "1/2", "3/2", "-1"} {
			for _, m := range []string{"Pow", "PowTo"} {
				expr := fmt.Sprintf("%s.%s(%s)", base, m, x)
				g, err := s.Parse(expr)
				if err != nil {
					continue // cgt refuses it (e.g. Pow(-1)); so may this construction
				}
				v := mustParse(t, expr)
				mustEqual(t, expr, v, mustParse(t, s.String(g)))
			}
		}
	}
}

// TestPowLoopy: CGSuite's values of Pow and PowTo with loopy exponents
// (aaron-siegel/cgsuite, GameTest.scala, game.CanonicalShortGame), as
// CGSuite prints them, and the refusals.
func TestPowLoopy(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"^.Pow({1|pass})", "{0||0,pass|0,*}"},
		{"^.Pow({5|pass})", "{0||0,pass|0,v[4]*}"},
		{"^.Pow(on)", "^<on>"},
		{"{0||0|-2}.Pow(on)", "{0||0|-2,pass}"},
		{"^.PowTo({pass|1})", "{pass|*,^}"},
		{"^.PowTo({5|pass})", "{^[5]|*,pass}"},
		{"{0||0|-2}.PowTo({5|pass})", "{{Tiny(2)||0|-2|||0|-2||||0|-2}||0|-2|||{0|-2},pass}"},
		{"{0||0|-2}.PowTo(on)", "{pass||0|-2}"},
		{"(+-1).PowTo(3)", "{1,{1,+-1|-1}|-1}"}, // any base for PowTo
	} {
		got, err := String(mustParse(t, c.in), nil)
		if err != nil || got != c.want {
			t.Errorf("%s = %q (%v), CGSuite %q", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct {
		in, msg string
		pos     int
	}{
		{"^.PowTo(upon)", "Invalid exponent.", 2},
		{"^.PowTo(under)", "Invalid exponent.", 2},
		{"(+-1).Pow(on)", "Invalid base", 6},
		{"on.Pow(1)", "the base of Pow and PowTo must be a short game", 0},
		{"^.Foo(on)", "Foo is not a method", 2},
	} {
		_, err := Parse(c.in, nil)
		pe, ok := err.(*ParseError)
		if !ok || pe.Pos != c.pos || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%s: %v, want %q at column %d", c.in, err, c.msg, c.pos+1)
		}
	}
}
