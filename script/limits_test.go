package script

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/budget"
)

// TestParseLiteral: positions written by users are literals; everything
// that would be evaluated is refused with the column where it is.
func TestParseLiteral(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"7", "7"},
		{"-3", "-3"},
		{"(1, 2)", "(1, 2)"},
		{"1, 2", "(1, 2)"},
		{"((1, 'a'), None, True, False)", `((1, "a"), None, True, False)`},
		{"('x\\n',)", `("x\n",)`},
		{"(-99999999999999999999999,)", "(-99999999999999999999999,)"},
		{"[1, (2,)]", "[1, (2,)]"},
		{"1.5", "1.5"},
		{"\"\"\"a)b\"\"\"", `"a)b"`},
	} {
		v, err := ParseLiteral(c.text)
		if err != nil || v.String() != c.want {
			t.Errorf("ParseLiteral(%q) = %v, %v; want %s", c.text, v, err, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{`(["x"*((1<<30)-1) for i in range(100)],)`, "a comprehension at column 2 is not allowed"},
		{`(print("hi"),)`, "a function call at column 2 is not allowed"},
		{"(1, 2 + 3)", "the operator + at column 7 is not allowed"},
		{"start", "the name start at column 1 is not allowed"},
		{"(1,\n x)", "the name x at line 2, column 2 is not allowed"},
		{"{1: 2}", "a dict at column 1 is not allowed"},
		{"-(1,)", "the operator - at column 1 is not allowed"},
		{"(1, 2)[0]", "indexing at column 7 is not allowed"},
		{"'ab'.upper()", "a function call at column 1 is not allowed"},
		{"lambda: 1", "a lambda at column 1 is not allowed"},
		{"1 if True else 2", "a conditional expression at column 3 is not allowed"},
		{"(1,", "syntax error at column 4: got end of file, want ')'"},
		{strings.Repeat("(", MaxDepth+1) + ")", "brackets nested more than 1000 deep at column 1001"},
		{"'((((' + " + strings.Repeat("1", 1001), "a number or name of more than 1000 characters at column 10"},
	} {
		_, err := ParseLiteral(c.text)
		if err == nil || err.Error() != c.want+func() string {
			if strings.HasPrefix(c.want, "syntax") || strings.HasPrefix(c.want, "brackets") || strings.HasPrefix(c.want, "a number or") {
				return ""
			}
			return ": a position is a literal (numbers, strings, True, False, None, and tuples of them)"
		}() {
			t.Errorf("ParseLiteral(%.40q): %v, want %q", c.text, err, c.want)
		}
	}
	// A string full of brackets is not nesting.
	if v, err := ParseLiteral("'" + strings.Repeat("(", 2000) + "'"); err != nil || len(string(v.(starlark.String))) != 2000 {
		t.Errorf("a string of brackets: %v", err)
	}
}

// TestParseEvaluatesNothing: a position is never run: the memory bomb of
// issue 13 is refused at once, and print writes nothing.
func TestParseEvaluatesNothing(t *testing.T) {
	printed := false
	g, err := Load(context.Background(), "p.star", []byte("def moves(p):\n    return []\n"), Options{Print: func(string) { printed = true }})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{`(["x"*((1<<30)-1) for i in range(100)],)`, `(print("hi"),)`, "tuple([2] * 4)"} {
		_, err := g.Parse(context.Background(), nil, text)
		var bad *budget.BadInput
		if !errors.As(err, &bad) || !strings.HasPrefix(err.Error(), "bad position ") || strings.Contains(err.Error(), "--pos") {
			t.Errorf("Parse(%q): %v, want a bad position", text, err)
		}
	}
	if printed {
		t.Error("a position printed")
	}
	if _, err := g.Parse(context.Background(), nil, "[1, 2]"); err == nil || err.Error() != `bad position "[1, 2]": the value [1, 2] is a list, which is mutable: write the position as a tuple, e.g. tuple(xs)` {
		t.Errorf("a list: %v", err)
	}
}

// solveErr loads src and solves its start, returning the error.
func solveErr(t *testing.T, src string, opts Options) error {
	t.Helper()
	ctx := context.Background()
	g, err := Load(ctx, "lim.star", []byte(src), opts)
	if err != nil {
		return err
	}
	p, _, err := g.Start()
	if err != nil {
		return err
	}
	_, err = NewSolver(g, SolveOptions{}).Solve(ctx, p)
	return err
}

// exceeded checks that err is a *budget.Exceeded of resource r whose text
// contains want and names no flag.
func exceeded(t *testing.T, err error, r budget.Resource, want string) {
	t.Helper()
	var ex *budget.Exceeded
	if !errors.As(err, &ex) || ex.Resource != r || !errors.Is(err, budget.ErrExceeded) {
		t.Fatalf("error %v, want a budget.Exceeded of %s", err, r)
	}
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "--") {
		t.Fatalf("error %q, want one containing %q and no flag", err, want)
	}
}

func TestDeepValue(t *testing.T) {
	src := "start = 1\ndef moves(n):\n    t = 0\n    for i in range(1000000):\n        t = (t,)\n    return [t] if n else []\n"
	err := solveErr(t, src, Options{})
	exceeded(t, err, budget.Depth, "lim.star:2:1: moves(1) returned a non-position at index 0: the position is nested more than 1000 deep")
	// 1000 deep is allowed.
	ok := "start = 1\ndef moves(n):\n    t = 0\n    for i in range(999):\n        t = (t,)\n    return [t] if n == 1 else []\n"
	if err := solveErr(t, ok, Options{}); err != nil {
		t.Fatal(err)
	}
}

func TestMemoryBudget(t *testing.T) {
	for _, c := range []struct {
		name, body string
		limit      int64
		want       string
	}{
		{"list repeat", "x = [0] * (1 << 28)", 0, "repeating a list (at least 4 GiB) needs more than the memory budget of one call (256 MiB)"},
		{"repeat assign", "x = [0]\n    x *= 1 << 28", 0, "repeating a list (at least 4 GiB)"},
		{"string repeat", "x = 'ab' * (1 << 29)", 0, "repeating a string (at least 1 GiB)"},
		{"join", "x = ''.join(['x' * 1000000] * 1000)", 0, "the string method join (at least 256.5 MiB)"},
		{"replace", "x = ('x' * 100000).replace('', 'y' * 10000)", 0, "the string method replace"},
		{"str", "x = str(['x' * 1000000] * 1000)", 0, "str() (at least 256.5 MiB)"},
		{"format", "x = '%s' % (['x' * 1000000] * 1000,)", 0, "formatting a string with %"},
		{"doubling", "s = 'x'\n    for i in range(40):\n        s = s + s", 32 << 20, "lim.star:5:15: moves(1): concatenating strings (at least 64 MiB) needs more than the memory budget of one call (32 MiB)"},
		{"list doubling", "s = [0]\n    for i in range(40):\n        s += s", 32 << 20, "lim.star:5:11: moves(1): concatenating lists (at least 64 MiB)"},
		{"extend", "s = [0]\n    for i in range(40):\n        s.extend(s)", 32 << 20, "extending a list (at least 64 MiB)"},
		// Growth step by step is the watchdog's: each step is small.
		{"appending", "s = []\n    for i in range(2000000):\n        s.append('x' * 100 + str(i))", 32 << 20, "moves(1): Starlark computation cancelled: the call needs more than the memory budget of one call (32 MiB)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "start = 1\ndef moves(n):\n    " + c.body + "\n    return []\n"
			err := solveErr(t, src, Options{MaxMemory: c.limit, MaxSteps: 1 << 40})
			exceeded(t, err, budget.Memory, c.want)
		})
	}
	// The guarded operators still compute.
	src := "start = 1\ndef moves(n):\n    x = [1] * 3\n    x *= 2\n    s = '%d-%s' % (n, 'a' * 2)\n    s %= ()\n    u = ','.join(['a', 'b']).replace(',', '+') + '{}'.format(7) + str([1]) + repr('q')\n    if (x, s, u, 3 * 4, 7 % 4) != ([1] * 6, '1-aa', 'a+b7[1]\"q\"', 12, 3):\n        fail(x, s, u)\n    return []\n"
	if err := solveErr(t, src, Options{}); err != nil {
		t.Fatal(err)
	}
	// Errors of the operators are Starlark's own, at the operator.
	err := solveErr(t, "start = 1\ndef moves(n):\n    return 'a' * 'b'\n", Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "lim.star:3:16: moves(1): unknown binary op: string * string") {
		t.Fatalf("error %v", err)
	}
	err = solveErr(t, "start = 1\ndef moves(n):\n    return [1].join([])\n", Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "lim.star:3:20: moves(1): list has no .join field or method") {
		t.Fatalf("error %v", err)
	}
}

// TestStepsSaturate: a step budget as large as a uint64 holds means no
// limit, not an immediate cancellation; step limits are budget errors.
func TestStepsSaturate(t *testing.T) {
	src := "start = 1\ndef moves(n):\n    x = 0\n    for i in range(100000):\n        x += i\n    return []\n"
	if err := solveErr(t, src, Options{MaxSteps: math.MaxUint64}); err != nil {
		t.Fatalf("--max-steps 2^64-1: %v", err)
	}
	exceeded(t, solveErr(t, src, Options{MaxSteps: 1000}), budget.Steps, "more than 1000 steps in one call")
}

// TestTableMemory: the intern table charges the solver's memory budget
// as it grows, so an endless game stops at the budget rather than at the
// state cap; each position costs nodeBytes (a small int) or more (a value
// interned through the key map), charged ahead in chunks of 4096
// positions.
func TestTableMemory(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name, start string
		limit       int64
		positions   int // met when the budget stops the search
	}{
		// 1 MiB holds two chunks of 4096 small ints.
		{"small ints", "0", 1 << 20, 2 * 4096},
		// From 1 << 23 an int goes through the key map: 112 + 48 + 5 + 16
		// = 181 bytes, so the two chunks that fit in 1 MiB (2 × 4096 ×
		// 112 bytes) hold 5069 of them.
		{"large ints", "1 << 23", 1 << 20, 5069},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := Load(ctx, "endless.star", []byte("start = "+c.start+"\ndef moves(n): return [n + 1]\n"), Options{})
			if err != nil {
				t.Fatal(err)
			}
			mem := budget.NewBytes(c.limit)
			s := NewSolver(g, SolveOptions{Memory: mem})
			p, _, err := g.Start()
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.Solve(ctx, p)
			exceeded(t, err, budget.Memory, "the script's table of positions would need more than the memory budget of 1 MiB")
			if g.Positions() != c.positions || mem.Used() > c.limit {
				t.Errorf("stopped at %d positions with %d bytes charged; want %d positions within %d", g.Positions(), mem.Used(), c.positions, c.limit)
			}
		})
	}
}

// TestSetMemory: a solver kept between requests charges each request's
// budget for the positions that request adds, and nothing for those
// already met.
func TestSetMemory(t *testing.T) {
	ctx := context.Background()
	g, err := Load(ctx, "chain.star", []byte("def moves(n): return [n - 1] if n > 0 else []\n"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	first := budget.NewBytes(1 << 30)
	s := NewSolver(g, SolveOptions{Memory: first})
	solve := func(n string) {
		t.Helper()
		p, err := g.Parse(ctx, []string{n}, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Solve(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	chunk := int64(4096 * nodeBytes)
	solve("5000") // 5001 positions: two chunks
	if first.Used() != 2*chunk {
		t.Fatalf("first request charged %d, want %d", first.Used(), 2*chunk)
	}
	second := budget.NewBytes(1 << 30)
	s.SetMemory(second)
	solve("5000") // nothing new
	if second.Used() != 0 {
		t.Fatalf("a request that adds nothing charged %d", second.Used())
	}
	solve("9000") // 4000 more: one chunk
	if second.Used() != chunk || first.Used() != 2*chunk {
		t.Fatalf("charged %d to the second budget and %d to the first, want %d and %d", second.Used(), first.Used(), chunk, 2*chunk)
	}
}
