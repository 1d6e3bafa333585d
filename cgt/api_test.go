package cgt_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/notation"
)

// hot is a sum of switches whose canonical form takes tens of thousands
// of steps: enough to pass MaxSteps and to reach a context check.
var hot = func() string {
	var parts []string
	for k := 1; k <= 8; k++ {
		parts = append(parts, "{"+itoa(k)+"|-"+itoa(k)+"}")
	}
	return strings.Join(parts, " + ")
}()

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// TestContextErrors checks that a stopped context comes back through
// Parse and through Add as an error wrapping the context's own, so that
// front ends can tell a timeout (errors.Is(err, DeadlineExceeded)) from
// bad input — not as text formatted with %v.
func TestContextErrors(t *testing.T) {
	past, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	for _, c := range []struct {
		ctx  context.Context
		want error
	}{{past, context.DeadlineExceeded}, {cancelled, context.Canceled}} {
		s := cgt.NewSpace()
		s.Context = c.ctx
		_, err := s.Parse(hot)
		if !errors.Is(err, c.want) {
			t.Errorf("Parse with a done context: %v, want errors.Is %v", err, c.want)
		}
		if errors.Is(err, budget.ErrExceeded) {
			t.Errorf("Parse with a done context: %v is a budget error", err)
		}
		var pe *cgt.ParseError
		if errors.As(err, &pe) {
			t.Errorf("Parse with a done context: %v is a *ParseError", err)
		}

		// The same through the methods of a Space: make the switches
		// without a context, then add them with it.
		s = cgt.NewSpace()
		var gs []cgt.Game
		for _, part := range strings.Split(hot, " + ") {
			g, err := s.Parse(part)
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, g)
		}
		s.Context = c.ctx
		if _, err := s.Sum(gs...); !errors.Is(err, c.want) {
			t.Errorf("Sum with a done context: %v, want errors.Is %v", err, c.want)
		}
	}
}

// TestLimitErrors checks that every limit of a Space is an error matching
// budget.ErrExceeded, from the exported methods, with no panic.
func TestLimitErrors(t *testing.T) {
	s := cgt.NewSpace()
	s.MaxSteps = 1000
	_, err := s.Parse(hot)
	var ex *budget.Exceeded
	if !errors.As(err, &ex) || ex.Resource != budget.Steps || ex.Limit != 1000 {
		t.Fatalf("Parse past MaxSteps: %v, want a *budget.Exceeded of steps", err)
	}
	if strings.Contains(err.Error(), "--") {
		t.Errorf("error names a flag: %v", err)
	}
	// Once past MaxSteps, work fails and the Space stays usable for what
	// needs no work.
	a, b := s.Integer(3), s.Star()
	if g, err := s.Add(a, b); err != nil || s.String(g) != "3*" {
		t.Errorf("3 + * after the limit: %v, %v (number-up-stars need no steps)", s.String(g), err)
	}

	s = cgt.NewSpace()
	s.MaxNodes = 50
	if _, err := s.Parse(hot); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("Parse past MaxNodes: %v, want budget.ErrExceeded", err)
	}

	s = cgt.NewSpace()
	if _, err := s.Nimber(-1); err == nil {
		t.Errorf("Nimber(-1): no error")
	}
	if g := s.Nimber64(cgt.MaxNimber); s.String(g) != "*18446744073709551615" {
		t.Errorf("Nimber64(MaxNimber) = %s", s.String(g))
	}
	if _, err := s.NumberUpStar(cgt.Int(0), cgt.MaxUpMult, 0); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("NumberUpStar past MaxUpMult: %v, want budget.ErrExceeded", err)
	}
	g, _ := s.Parse("^")
	if _, err := s.NortonMultiply(s.Integer(1<<21), g); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("Norton multiplication by 2^21: %v, want budget.ErrExceeded", err)
	}
	if _, err := s.Compare(g, cgt.Comparison("<<"), g); err == nil {
		t.Errorf("Compare with an unknown comparison: no error")
	}
}

// TestDyadicErrors checks exact arithmetic at its edges: past MaxNum
// numbers go on exactly (big integers), past MaxBits and MaxExp they are
// refused with an error matching budget.ErrExceeded, and comparisons are
// exact everywhere.
func TestDyadicErrors(t *testing.T) {
	big := cgt.Int(cgt.MaxNum)
	if v, err := big.Add(cgt.Int(1)); err != nil || v.String() != "4611686018427387905" {
		t.Errorf("MaxNum + 1 = %v, %v", v, err)
	}
	if v, err := big.Sub(cgt.Int(1)); err != nil || v != cgt.Int(cgt.MaxNum-1) {
		t.Errorf("MaxNum − 1 = %v, %v", v, err)
	}
	if v, err := cgt.Int(math.MinInt64).Neg(); err != nil || v.String() != "9223372036854775808" {
		t.Errorf("−MinInt64 = %v, %v", v, err)
	}
	fine, err := cgt.NewDyadic(1, cgt.MaxExp)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fine.Half(); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("2^-MaxExp / 2: %v, want budget.ErrExceeded", err)
	}
	if _, err := cgt.NewDyadic(1, cgt.MaxExp+1); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("NewDyadic(1, MaxExp+1): %v, want budget.ErrExceeded", err)
	}
	if v, err := big.MulInt(2); err != nil || v.String() != "9223372036854775808" {
		t.Errorf("MaxNum·2 = %v, %v", v, err)
	}
	huge := cgt.Int(1)
	for i := 0; i < cgt.MaxBits-1; i++ {
		if huge, err = huge.MulInt(2); err != nil {
			t.Fatalf("2^%d: %v", i+1, err)
		}
	}
	if _, err := huge.MulInt(2); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("2^MaxBits: %v, want budget.ErrExceeded", err)
	}
	// Comparisons whose difference would not fit 63 bits.
	x, _ := cgt.NewDyadic(math.MaxInt64, 48) // just under 2^15
	for _, c := range []struct {
		a, b cgt.Dyadic
		want int
	}{
		{cgt.Int(math.MaxInt64), cgt.Int(math.MinInt64), 1},
		{cgt.Int(math.MinInt64), cgt.Int(math.MaxInt64), -1},
		{x, cgt.Int(1 << 15), -1},
		{x, cgt.Int(1<<15 - 1), 1},
		{cgt.Int(-(1 << 15)), x, -1},
		{fine, cgt.Int(0), 1},
		{x, x, 0},
	} {
		if got := c.a.Cmp(c.b); got != c.want {
			t.Errorf("Cmp(%v, %v) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestBirthdayLarge checks birthdays past 2^31 (issue 19: they stopped at
// 2^31 − 1).
func TestBirthdayLarge(t *testing.T) {
	s := cgt.NewSpace()
	for _, c := range []struct {
		expr string
		want int64
	}{
		{"4294967296", 1 << 32},
		{"-1099511627776", 1 << 40},
		{"{4294967296|0}", 1<<32 + 1},
		{"4294967296 + 1/2", 1<<32 + 2},
		{"1099511627776 + 1099511627776 + ^*", 1<<41 + 2}, // ^* = {0,*|0} is born on day 2
	} {
		g, err := s.Parse(c.expr)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		if got := s.Birthday(g); got != c.want {
			t.Errorf("birthday(%s) = %d, want %d", c.expr, got, c.want)
		}
	}
}

// TestMultiplication checks CGSuite's reading of '*' after a closing
// parenthesis or brace followed by an integer: a product, G * n = n
// copies of G (issue 19: (*+*)*3 was read as 0 + *3).
func TestMultiplication(t *testing.T) {
	s := cgt.NewSpace()
	for _, c := range []struct{ expr, want string }{
		{"(*+*)*3", "0"},      // CGSuite: 0
		{"(*)*3", "*"},        // * + * + *
		{"(^)*3", "^3"},       // ↑ + ↑ + ↑
		{"(^) * 2", "^^"},     // spaces allowed
		{"(1/2)*-3", "-3/2"},  // a negative multiplier
		{"{1|-1}*2", "0"},     // ±1 + ±1
		{"{2|0}*2", "2"},      // {2|0} + {2|0} = 2
		{"Tiny(2)*0", "0"},    // no copies
		{"(^)*2*3", "^6"},     // products chain
		{"(^)*", "^*"},        // no integer: a star, as before
		{"{1|0}*", "{1*|*}"},  // a star after braces, as before
		{"(1)*3 + *3", "3*3"}, // (1)·3 + *3
		{"1*3", "1*3"},        // after a number literal, still 1 + *3
		{"^*3", "^*3"},        // after ups, still a nimber
	} {
		g, err := s.Parse(c.expr)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if got := s.String(g); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
	for _, c := range []struct{ prod, sum string }{
		{"Tiny(2)*2", "Tiny(2) + Tiny(2)"},
		{"{2|0||-1}*3", "{2|0||-1} + {2|0||-1} + {2|0||-1}"},
		{"(+-1 + ^)*-2", "-(+-1 + ^) - (+-1 + ^)"},
	} {
		p, err1 := s.Parse(c.prod)
		q, err2 := s.Parse(c.sum)
		if err1 != nil || err2 != nil || p != q {
			t.Errorf("%s = %s (%v), want %s = %s (%v)", c.prod, s.String(p), err1, c.sum, s.String(q), err2)
		}
	}
	g, op, h, err := s.ParseComparison("(*+*)*3 == 0")
	if ok, _ := s.Compare(g, op, h); err != nil || !ok {
		t.Errorf("(*+*)*3 == 0: %v, %v", ok, err)
	}
	for _, bad := range []string{"(^)*1/2", "(^)*1.5"} {
		if _, err := s.Parse(bad); err == nil || !strings.Contains(err.Error(), "only by an integer") {
			t.Errorf("%s: %v, want an error about integers", bad, err)
		}
	}
	if _, err := s.Parse("(^)*9999999"); err == nil {
		t.Errorf("(^)*9999999: no error")
	}
}

// TestNoPanics checks the methods that return no error on the extreme
// numbers a caller can build with Int: they answer, and do not panic.
func TestNoPanics(t *testing.T) {
	s := cgt.NewSpace()
	half := func(m int64) cgt.Dyadic {
		d, err := cgt.NewDyadic(m, 1)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, x := range []cgt.Dyadic{cgt.Int(math.MaxInt64), cgt.Int(math.MinInt64), cgt.Int(-math.MaxInt64), half(cgt.MaxNum - 1), half(1 - cgt.MaxNum)} {
		g := s.Number(x)
		_, _ = s.Left(g), s.Right(g)
		_ = s.String(g)
		_, _ = s.LeftStop(g), s.RightStop(g)
		_, _ = s.IsAllSmall(g), s.IsInfinitesimal(g)
		if b := s.Birthday(g); b <= 0 {
			t.Errorf("birthday(%v) = %d", x, b)
		}
		sum, err := s.Add(g, g)
		if want, _ := x.MulInt(2); err != nil || s.String(sum) != s.String(s.Number(want)) {
			t.Errorf("%v + %v = %s, %v", x, x, s.String(sum), err)
		}
	}
	if b := s.Birthday(s.Integer(math.MaxInt64)); b != math.MaxInt64 {
		t.Errorf("birthday(MaxInt64) = %d", b)
	}
	if b := s.BirthdayBig(s.Integer(math.MaxInt64)); b.String() != "9223372036854775807" {
		t.Errorf("BirthdayBig(MaxInt64) = %s", b)
	}
	g := s.Number(cgt.Int(math.MaxInt64))
	if l := s.Left(g); len(l) != 1 || s.String(l[0]) != "9223372036854775806" {
		t.Errorf("Left(MaxInt64) = %v", l)
	}
}

// TestLoopyWants: a loopy name in a short game is refused with
// notation.Error.Wants naming the loopy notation, the hook a calculator
// uses to hand the expression on (package notation).
func TestLoopyWants(t *testing.T) {
	s := cgt.NewSpace()
	for in, pos := range map[string]int{"on": 0, "1 + off": 4, "{0|pass}": 3, "{1|*}": -1} {
		_, err := s.Parse(in)
		var pe *cgt.ParseError
		if pos < 0 {
			if err != nil {
				t.Errorf("%q: %v", in, err)
			}
			continue
		}
		if !errors.As(err, &pe) || pe.Wants != notation.WantsLoopy || pe.Pos != pos {
			t.Errorf("%q: %v (%+v), want a ParseError at %d wanting %q", in, err, pe, pos, notation.WantsLoopy)
		}
	}
	_, err := s.Parse("{1|x}")
	var pe *cgt.ParseError
	if !errors.As(err, &pe) || pe.Wants != "" {
		t.Errorf("an unknown name wants no other notation: %v", err)
	}
}
