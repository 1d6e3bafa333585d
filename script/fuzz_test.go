package script

import (
	"context"
	"strings"
	"testing"
	"time"
)

// fuzzSeeds are scripts good and bad: the seed corpus of FuzzLoad, run by
// plain go test.
var fuzzSeeds = []string{
	"def moves(n):\n    return [n - s for s in (1, 3, 4) if s <= n]\nstart = 10\n",
	"start = (3, 4)\ndef split(p):\n    return [(h,) for h in p]\ndef moves(p):\n    return [p[:i] + (k,) + p[i+1:] for i in range(len(p)) for k in range(p[i])]\n",
	"misere = True\nstart = 5\ndef moves(n):\n    return [n - 1] if n else []\n",
	"start = 0\ndef moves(n):\n    return [(n + 1) % 4]\n",
	"start = 'ab'\nmove_labels = True\ndef moves(w):\n    return [('x', w[1:])] if w else []\n",
	"players = 3\nstart = (0, 1, 2)\ndef to_move(p):\n    return (3 - len(p)) % 3\ndef terminal(p):\n    return len(p) == 1\ndef moves(p):\n    return [p[:i] + p[i+1:] for i in range(len(p))]\ndef payoff(p):\n    return (p[0], 1, 2)\n",
	"start = 1\ndef to_move(p):\n    return 0\ndef chance(p):\n    return [(1, 2), (2, 3)] if p == 1 else None\ndef moves(p):\n    return []\ndef payoff(p):\n    return p\n",
	"start = 3\ndef terminal(p):\n    return 'draw' if p == 0 else False\ndef moves(p):\n    return [p - 1]\n",
	"start = 3\ndef moves(n):\n    while True:\n        pass\n",
	"def f(n):\n    return f(n)\nstart = 1\ndef moves(n):\n    return [f(n)]\n",
	"start = 1\ndef moves(n):\n    return [1.5]\n",
	"start = 1\ndef moves(n):\n    return {1: [2]}\n",
	"start = 1\ndef key(p):\n    return [p]\ndef moves(n):\n    return []\n",
	"start = [1]\ndef moves(n):\n    return []\n",
	"load('a', 'b')\n",
	"def moves(n)\n",
	"moves = 3\n",
	"players = 'x'\ndef moves(n):\n    return []\n",
	"x = 1 // 0\n",
	"",
	"\x00\xff",
	"start = (1, (2, ('a', None, True)))\ndef moves(p):\n    return []\n",
	"start = 10\ndef moves(n):\n    return ['x' * 100000 + str(n)] if n else []\n",
	"start = 2\ndef moves(n):\n    return [n * 2, n * 3]\n",
}

// FuzzLoad loads and solves arbitrary scripts under small limits: any
// outcome but a panic or a hang is acceptable.
func FuzzLoad(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "3")
	}
	f.Fuzz(func(t *testing.T, src, pos string) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		g, err := Load(ctx, "fuzz.star", []byte(src), Options{MaxSteps: 20_000, MaxPositions: 2_000, Timeout: 2 * time.Second})
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		p, err := g.Parse(ctx, nil, "")
		if err != nil {
			p, err = g.Parse(ctx, strings.Fields(pos), "")
			if err != nil {
				return
			}
		}
		s := NewSolver(g, SolveOptions{MaxStates: 2_000})
		r, err := s.Solve(ctx, p)
		if err == nil && r.Outcome == "" {
			t.Fatal("a result without an outcome")
		}
		if _, err := g.Check(ctx, 100); err != nil && err.Error() == "" {
			t.Fatal("empty error")
		}
	})
}

// FuzzParse reads arbitrary command-line positions and --pos expressions.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"7", "3 4 5", "abc", "(1, 2)", "((1, 'a'), None)", "[1]", "1.5", "(", "start", "x" + strings.Repeat("(", 200), "-3", "99999999999999999999999"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	g, err := Load(context.Background(), "p.star", []byte("start = 1\nX = 5\ndef moves(p):\n    return []\n"), Options{MaxSteps: 10_000})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string, asExpr bool) {
		ctx := context.Background()
		var p Pos
		var err error
		if asExpr {
			p, err = g.Parse(ctx, nil, s)
		} else {
			p, err = g.Parse(ctx, strings.Fields(s), "")
		}
		if err != nil {
			return
		}
		if checkPosition(g.Value(p)) != nil {
			t.Fatalf("%q parsed to a non-position %v", s, g.Value(p))
		}
		_ = g.Format(p)
		if g.Err() != nil {
			t.Fatalf("parsing broke the game: %v", g.Err())
		}
	})
}

// FuzzLiteral reads arbitrary position texts as literals: an error, or a
// value that the key encoder takes or refuses with an error, and that,
// when it is a position, formats to a text that reads back as itself.
func FuzzLiteral(f *testing.F) {
	for _, s := range []string{"7", "-3", "(1, 'a', (None, True))", "[1]", "1.5", "b'x'", "(1,", "'''a)b'''",
		`(["x"*((1<<30)-1) for i in range(100)],)`, `(print("hi"),)`, "{1: 2}", "-(1,)", strings.Repeat("(", 1200), "'\\''", "r'\\'('"} {
		f.Add(s)
	}
	g, err := Load(context.Background(), "p.star", []byte("def moves(p):\n    return []\n"), Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseLiteral(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("a multi-line error: %q", err)
			}
			return
		}
		if checkPosition(v) != nil {
			return
		}
		p, err := g.Intern(v)
		if err != nil {
			t.Fatal(err)
		}
		text := g.Format(p)
		q, err := g.Parse(context.Background(), []string{text}, "")
		if err != nil || q != p {
			q, err = g.Parse(context.Background(), nil, text)
		}
		if err != nil || q != p {
			t.Fatalf("%q reads as %s, formats as %q, which reads back as %v (%v)", s, v, text, g.Value(q), err)
		}
	})
}

// FuzzMoves runs small scripts whose moves(n) returns an arbitrary
// expression, under small limits, through the key encoder: any outcome
// but a panic, a crash or a hang is acceptable.
func FuzzMoves(f *testing.F) {
	for _, s := range []string{"[n - 1] if n else []", "[(n,)] * 3", "[[n]]", "[t] if n else []", "[0] * (1 << 28)", "['x' * 10] * (n % 3)",
		"[''.join(['ab'] * 100)]", "[str([t] * 10)]", "[(t, t)]", "[{1: n}]", "[n + 1.5]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		if strings.ContainsAny(expr, "\n\r") {
			return
		}
		src := "t = 0\nfor i in range(2000):\n    t = (t,)\nstart = 3\ndef moves(n):\n    return " + expr + "\n"
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		g, err := Load(ctx, "m.star", []byte(src), Options{MaxSteps: 100_000, MaxPositions: 1000, MaxMemory: 16 << 20, Timeout: 2 * time.Second})
		if err != nil {
			return
		}
		p, _, err := g.Start()
		if err != nil {
			return
		}
		_, _ = NewSolver(g, SolveOptions{MaxStates: 1000}).Solve(ctx, p)
	})
}
