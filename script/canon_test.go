package script

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// TestCanonicalKeys checks each named key against the key function that
// says the same in Starlark, on random positions: both must intern every
// position as the same value.
func TestCanonicalKeys(t *testing.T) {
	ctx := context.Background()
	fns := map[string]string{
		"sorted":   `def key(p): return tuple(sorted(p)) if type(p) == "tuple" else p`,
		"reversal": "def key(p):\n    r = p[::-1]\n    return r if r < p else p",
		"rotation": `def key(p): return min([p[i:] + p[:i] for i in range(len(p))]) if len(p) > 0 else p`,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	randPos := func(kind string) starlark.Value {
		n := rng.IntN(7)
		switch rng.IntN(4) {
		case 0: // a string over a small alphabet, so that ties are common
			var b strings.Builder
			for range n {
				b.WriteByte("abc"[rng.IntN(3)])
			}
			return starlark.String(b.String())
		case 1: // pairs: tuples compared as tuples
			t := make(starlark.Tuple, n)
			for i := range t {
				t[i] = starlark.Tuple{starlark.MakeInt(rng.IntN(3)), starlark.MakeInt(rng.IntN(3))}
			}
			return t
		case 2: // big and negative ints
			t := make(starlark.Tuple, n)
			for i := range t {
				t[i] = starlark.MakeInt64(rng.Int64N(5) - 2)
				if rng.IntN(4) == 0 {
					t[i] = starlark.MakeInt64(1<<62 + rng.Int64N(3))
				}
			}
			return t
		}
		t := make(starlark.Tuple, n)
		for i := range t {
			t[i] = starlark.MakeInt(rng.IntN(4))
		}
		return t
	}
	for kind, fn := range fns {
		named, err := Load(ctx, "named.star", []byte("def moves(p): return []\nkey = \""+kind+"\"\n"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		byFn, err := Load(ctx, "fn.star", []byte("def moves(p): return []\n"+fn+"\n"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		for range 3000 {
			v := randPos(kind)
			p, err := named.Intern(v)
			if err != nil {
				t.Fatalf("%s: %s: %v", kind, v, err)
			}
			q, err := byFn.Intern(v)
			if err != nil {
				t.Fatalf("%s by a function: %s: %v", kind, v, err)
			}
			if a, b := named.Value(p), byFn.Value(q); !equal(a, b) {
				t.Fatalf("key = %q of %s is %s; the key function gives %s", kind, v, a, b)
			}
		}
		if named.Positions() != byFn.Positions() {
			t.Errorf("%s: %d positions, the key function %d", kind, named.Positions(), byFn.Positions())
		}
	}
}

func equal(a, b starlark.Value) bool {
	eq, err := starlark.Equal(a, b)
	return err == nil && eq
}

// TestCanonicalKeyErrors: an unknown name, and elements that cannot be
// compared, are one-line errors.
func TestCanonicalKeyErrors(t *testing.T) {
	ctx := context.Background()
	_, err := Load(ctx, "k.star", []byte("def moves(p): return []\nkey = \"sort\"\n"), Options{})
	if err == nil || err.Error() != `k.star: key = "sort": a named key is "sorted", "reversal" or "rotation"; for another, define key(pos)` {
		t.Errorf("key = \"sort\": %v", err)
	}
	g, err := Load(ctx, "k.star", []byte("def moves(p): return []\nkey = \"sorted\"\n"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Intern(starlark.Tuple{starlark.MakeInt(1), starlark.String("a")})
	if err == nil || err.Error() != `k.star: the key of (1, "a"): key = "sorted": string < int not implemented` {
		t.Errorf("mixed tuple: %v", err)
	}
}

// TestCanonicalKeySolve solves a two-heap game with key = "sorted" and
// with the key function docs/scripts.md shows: the same values from the
// same number of positions.
func TestCanonicalKeySolve(t *testing.T) {
	ctx := context.Background()
	game := `
def moves(pos):
    a, b = pos
    out = []
    for t in (1, 2):
        if t <= a:
            out.append((a - t, b))
        if t <= b:
            out.append((a, b - t))
    if a > 0 and b > 0:
        out.append((a - 1, b - 1))
    return out
`
	named, err := Load(ctx, "n.star", []byte(game+"key = \"sorted\"\n"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	byFn, err := Load(ctx, "f.star", []byte(game+"def key(pos):\n    return tuple(sorted(pos))\n"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	sn, sf := NewSolver(named, SolveOptions{}), NewSolver(byFn, SolveOptions{})
	for a := range 15 {
		for b := range 15 {
			pos := starlark.Tuple{starlark.MakeInt(a), starlark.MakeInt(b)}
			p, err := named.Intern(pos)
			if err != nil {
				t.Fatal(err)
			}
			q, err := byFn.Intern(pos)
			if err != nil {
				t.Fatal(err)
			}
			x, _, err1 := sn.Grundy(ctx, p)
			y, _, err2 := sf.Grundy(ctx, q)
			if err1 != nil || err2 != nil || x != y {
				t.Fatalf("(%d, %d): %d %v, key function %d %v", a, b, x, err1, y, err2)
			}
		}
	}
	if named.Positions() != byFn.Positions() {
		t.Errorf("%d positions, with the key function %d", named.Positions(), byFn.Positions())
	}
}

// BenchmarkKeyFunction and BenchmarkKeyNamed intern the same 10^5
// successors (pairs, half of them out of order) through key(pos) =
// tuple(sorted(pos)) and through key = "sorted": the difference per
// position is what a key function costs per successor.
func BenchmarkKeyFunction(b *testing.B) {
	benchKey(b, "def key(pos):\n    return tuple(sorted(pos))\n")
}

func BenchmarkKeyNamed(b *testing.B) { benchKey(b, "key = \"sorted\"\n") }

func benchKey(b *testing.B, key string) {
	ctx := context.Background()
	vals := make([]starlark.Value, 100_000)
	for i := range vals {
		vals[i] = starlark.Tuple{starlark.MakeInt(i % 300), starlark.MakeInt(i / 300)}
	}
	for b.Loop() {
		g, err := Load(ctx, "k.star", []byte("def moves(p): return []\n"+key), Options{})
		if err != nil {
			b.Fatal(err)
		}
		err = g.Run(ctx, func(context.Context) error {
			for _, v := range vals {
				if _, err := g.Intern(v); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
