package rational

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/notation"
)

func mustNew(t *testing.T, n, d int64) Rat {
	t.Helper()
	x, err := New(big.NewInt(n), big.NewInt(d))
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// ratText prints a big.Rat as CGSuite prints a rational.
func ratText(q *big.Rat) string {
	if q.IsInt() {
		return q.Num().String()
	}
	return q.Num().String() + "/" + q.Denom().String()
}

// TestArithmeticAgainstBigRat: every operation on all fractions n/d
// with |n| ≤ 6, 1 ≤ d ≤ 6 against math/big.Rat and the plain
// definitions (floor by search, the remainder x − y·trunc(x/y)).
func TestArithmeticAgainstBigRat(t *testing.T) {
	var xs []Rat
	var qs []*big.Rat
	for n := int64(-6); n <= 6; n++ {
		for d := int64(1); d <= 6; d++ {
			xs = append(xs, mustNew(t, n, d))
			qs = append(qs, big.NewRat(n, d))
		}
	}
	for i, x := range xs {
		q := qs[i]
		if x.String() != ratText(q) {
			t.Fatalf("%s printed %s", q, x)
		}
		f, _ := x.Floor()
		fl := int64(-7)
		for big.NewRat(fl+1, 1).Cmp(q) <= 0 {
			fl++
		}
		if f.String() != fmt.Sprint(fl) {
			t.Errorf("floor %s = %s, want %d", q, f, fl)
		}
		c, _ := x.Ceiling()
		cl := fl
		if !q.IsInt() {
			cl++
		}
		if c.String() != fmt.Sprint(cl) {
			t.Errorf("ceiling %s = %s, want %d", q, c, cl)
		}
		den := q.Denom().Int64()
		if x.IsDyadic() != (den&(den-1) == 0) {
			t.Errorf("IsDyadic(%s) = %v", q, x.IsDyadic())
		}
		for j, y := range xs {
			r := qs[j]
			if got, want := x.Cmp(y), q.Cmp(r); got != want {
				t.Errorf("cmp(%s, %s) = %d, want %d", q, r, got, want)
			}
			sum, _ := x.Add(y)
			diff, _ := x.Sub(y)
			prod, _ := x.Mul(y)
			for _, c := range []struct {
				op        string
				got, want string
			}{
				{"+", sum.String(), ratText(new(big.Rat).Add(q, r))},
				{"-", diff.String(), ratText(new(big.Rat).Sub(q, r))},
				{"*", prod.String(), ratText(new(big.Rat).Mul(q, r))},
			} {
				if c.got != c.want {
					t.Errorf("%s %s %s = %s, want %s", q, c.op, r, c.got, c.want)
				}
			}
			if r.Sign() == 0 {
				if _, err := x.Rem(y); !errors.Is(err, ErrDivByZero) {
					t.Errorf("%s %% 0: %v", q, err)
				}
				continue
			}
			quo, _ := x.Quo(y)
			if want := ratText(new(big.Rat).Quo(q, r)); quo.String() != want {
				t.Errorf("%s / %s = %s, want %s", q, r, quo, want)
			}
			qq := new(big.Rat).Quo(q, r)
			tr := new(big.Int).Quo(qq.Num(), qq.Denom()) // truncated
			want := new(big.Rat).Sub(q, new(big.Rat).Mul(r, new(big.Rat).SetInt(tr)))
			if rem, _ := x.Rem(y); rem.String() != ratText(want) {
				t.Errorf("%s %% %s = %s, want %s", q, r, rem, ratText(want))
			}
		}
	}
}

// TestInfinities: CGSuite's values for 17/0 and −17/0 (aaron-siegel/
// cgsuite, GameTest.scala, game.Rational; RationalNumberTest.scala) and
// the forms that are 0/0.
func TestInfinities(t *testing.T) {
	inf, ninf := mustNew(t, 17, 0), mustNew(t, -17, 0)
	if inf.String() != "inf" || ninf.String() != "-inf" || inf.Num().Int64() != 1 || ninf.Num().Int64() != -1 || inf.Den().Sign() != 0 {
		t.Fatalf("17/0 = %s (%s/%s), -17/0 = %s", inf, inf.Num(), inf.Den(), ninf)
	}
	six := mustNew(t, 6, 1)
	if inf.Cmp(six) != 1 || ninf.Cmp(six) != -1 || inf.Cmp(ninf) != 1 || inf.Cmp(inf) != 0 {
		t.Error("the infinities are not ordered outside the rationals")
	}
	if r, _ := inf.Reciprocal(); r.String() != "0" {
		t.Errorf("1/inf = %s", r)
	}
	if r, _ := mustNew(t, 0, 7).Reciprocal(); r.String() != "inf" {
		t.Errorf("1/0 = %s", r)
	}
	if s, _ := inf.Add(six); s.String() != "inf" {
		t.Errorf("inf + 6 = %s", s)
	}
	if _, err := inf.Add(ninf); !errors.Is(err, ErrDivByZero) {
		t.Errorf("inf - inf: %v", err)
	}
	if _, err := inf.Mul(mustNew(t, 0, 1)); !errors.Is(err, ErrDivByZero) {
		t.Errorf("inf * 0: %v", err)
	}
	if _, err := New(big.NewInt(0), big.NewInt(0)); err == nil || err.Error() != "/ by zero" {
		t.Errorf("0/0: %v", err)
	}
	if _, err := inf.Floor(); err == nil || err.Error() != "/ by zero" {
		t.Errorf("inf.Floor: %v", err)
	}
	if _, err := ninf.Birthday(); err == nil || err.Error() != "inf has no birthday" {
		t.Errorf("-inf.Birthday: %v", err)
	}
	if inf.Outcome() != "L" || ninf.Outcome() != "R" {
		t.Error("outcomes of the infinities")
	}
}

// TestBirthdayAgainstCGT: the birthday of a dyadic rational is that of
// the number as a short game (package cgt's Birthday, from its canonical
// form); every other rational is born on day ω.
func TestBirthdayAgainstCGT(t *testing.T) {
	s := cgt.NewSpace()
	for n := int64(-40); n <= 40; n++ {
		for k := uint(0); k <= 5; k++ {
			x := mustNew(t, n, 1<<k)
			d, err := cgt.NewDyadic(n, k)
			if err != nil {
				t.Fatal(err)
			}
			b, err := x.Birthday()
			if err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprint(s.Birthday(s.Number(d))); b != want {
				t.Errorf("birthday of %s = %s, cgt says %s", x, b, want)
			}
		}
	}
	if b, _ := mustNew(t, -6, 23).Birthday(); b != "ω" {
		t.Errorf("birthday of -6/23 = %s", b)
	}
}

// expr is a random expression over small integers with its value by
// math/big.Rat (nil when a division by zero occurs in it).
func randomExpr(rng *rand.Rand, depth int) (string, *big.Rat) {
	if depth == 0 || rng.IntN(3) == 0 {
		n := rng.IntN(10)
		return fmt.Sprint(n), big.NewRat(int64(n), 1)
	}
	a, x := randomExpr(rng, depth-1)
	b, y := randomExpr(rng, depth-1)
	op := "+-*/"[rng.IntN(4)]
	text := fmt.Sprintf("(%s) %c (%s)", a, op, b)
	if rng.IntN(2) == 0 {
		text = fmt.Sprintf("-((%s) %c (%s))", a, op, b)
	}
	if x == nil || y == nil {
		return text, nil
	}
	var v *big.Rat
	switch op {
	case '+':
		v = new(big.Rat).Add(x, y)
	case '-':
		v = new(big.Rat).Sub(x, y)
	case '*':
		v = new(big.Rat).Mul(x, y)
	default:
		if y.Sign() == 0 {
			return text, nil
		}
		v = new(big.Rat).Quo(x, y)
	}
	if text[0] == '-' {
		v.Neg(v)
	}
	return text, v
}

// TestEvaluateRandom: random expressions against a separate evaluation
// by math/big.Rat, whenever no division by zero occurs.
func TestEvaluateRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		text, want := randomExpr(rng, 4)
		if want == nil {
			continue
		}
		r, err := Evaluate(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if r.Value.Text != ratText(want) {
			t.Fatalf("%s = %s, want %s", text, r.Value.Text, ratText(want))
		}
	}
}

// TestEvaluate: CGSuite's answers (EvalTest.scala, GameTest.scala) and
// the refusals, one line with the offset.
func TestEvaluate(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"4/6", "2/3"}, {"(2/3)^(-3)", "27/8"}, {"(17/6) % (1/3)", "1/6"}, {"1/2 + 1/3", "5/6"},
		{"(1/2) * (1/3)", "1/6"}, {"(6/23).Ceiling", "1"}, {"(-6/23).Floor", "-1"}, {"(6/23).Birthday", "ω"},
		{"(-6/23).OutcomeClass", "R"}, {"(6/23).IsDyadic", "false"}, {"(17/0).Reciprocal", "0"},
		{"(inf).Min(-inf)", "-inf"}, {"(-3).Max(14/5)", "14/5"}, {"-2 ^ 2", "-4"}, {"2 ^ 3 ^ 2 / 3", "512/3"},
		{"1/3 < 1/2", "true"}, {"(1/3).Sign", "1"}, {"(-17/6) % (1/3)", "-1/6"}, {"inf + 1", "inf"},
	} {
		r, err := Evaluate(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if r.Value.Text != c.want {
			t.Errorf("%s = %s, want %s", c.in, r.Value.Text, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		pos  int
		msg  string
		game bool
	}{
		{"0/0", 1, "/ by zero", false},
		{"inf - inf", 4, "/ by zero", false},
		{"1/3 + *", 6, "no short game", true},
		{"{0|1/3}", 0, "no short game", true},
		{"(1/3).Foo", 6, "Foo is not a method", false},
		{"(1/3", 4, "expected ')'", false},
		{"2/3*3", 2, "is read as a game", false},
		{"(1/3).IsDyadic + 1", 6, "cannot be part of a number", false},
		{"2 ^ (1/2)", 2, "must be an integer", false},
		{"2 ^ 100000", 2, "Overflow.", false},
	} {
		_, err := Evaluate(c.in)
		var ne *notation.Error
		if !errors.As(err, &ne) || ne.Pos != c.pos || !strings.Contains(ne.Msg, c.msg) || (ne.Wants == WantsGame) != c.game {
			t.Errorf("%s: %v (%+v), want %q at %d", c.in, err, ne, c.msg, c.pos)
		}
	}
}
