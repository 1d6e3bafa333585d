package partizan_test

import (
	"context"
	"errors"
	"iter"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/circle"
	"github.com/grundy-go/grundy/games/fibnim"
	"github.com/grundy-go/grundy/games/lasker"
	"github.com/grundy-go/grundy/games/moore"
	"github.com/grundy-go/grundy/games/multiply"
	"github.com/grundy-go/grundy/games/nim"
	"github.com/grundy-go/grundy/games/octal"
	"github.com/grundy-go/grundy/games/paper"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/staircase"
	"github.com/grundy-go/grundy/games/subtraction"
	"github.com/grundy-go/grundy/games/wythoff"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/impartial"
)

// agree checks that the partizan engine values every position as the
// nimber the impartial engine finds (the Sprague–Grundy theorem: an
// impartial game equals *G). g is a game.Game or a game.Splitting.
func agree[P comparable](t *testing.T, name string, g any, pg any, positions []P) {
	t.Helper()
	ctx := context.Background()
	var solver *impartial.Solver[P]
	switch g := g.(type) {
	case game.Splitting[P]:
		solver = impartial.NewSplitting(g, impartial.Options{})
	case game.Game[P]:
		solver = impartial.New(g, impartial.Options{})
	default:
		t.Fatalf("%s: %T is not an impartial game", name, g)
	}
	s := cgt.NewSpace()
	e, err := partizan.New[P](s, pg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range positions {
		want, err := solver.Grundy(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.Value(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if got != must(s.Nimber(int(want))) {
			t.Fatalf("%s %v: partizan value %s, impartial value *%d", name, p, s.String(got), want)
		}
	}
}

func upto(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func TestImpartialGamesAgree(t *testing.T) {
	agree[int](t, "nim", nim.Heap{}, partizan.Impartial[int]{G: nim.Heap{}}, upto(40))
	sub, err := subtraction.New([]int{1, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	agree[int](t, "subtract:1,3,4", sub, partizan.Impartial[int]{G: sub}, upto(80))
	agree[int](t, "fib", subtraction.Fibonacci{}, partizan.Impartial[int]{G: subtraction.Fibonacci{}}, upto(60))
	agree[int](t, "lasker", lasker.Game{}, partizan.ImpartialSplitting[int]{G: lasker.Game{}}, upto(30))
	var keys []moore.Key
	for a := 0; a < 5; a++ {
		for b := 0; b < 5; b++ {
			for c := 0; c < 5; c++ {
				keys = append(keys, moore.MakeKey([]int{a, b, c}))
			}
		}
	}
	agree[moore.Key](t, "moore:2", moore.Game{K: 2}, partizan.Impartial[moore.Key]{G: moore.Game{K: 2}}, keys)

	var wpos []wythoff.Pos
	for a := 0; a < 9; a++ {
		for b := 0; b < 9; b++ {
			wpos = append(wpos, wythoff.Pos{A: a, B: b})
		}
	}
	agree[wythoff.Pos](t, "wythoff", wythoff.Game{}, partizan.Impartial[wythoff.Pos]{G: wythoff.Game{}}, wpos)

	var cpos []circle.Pos
	for n := 0; n < 14; n++ {
		cpos = append(cpos, circle.Pos{Circle: true, N: n}, circle.Pos{N: n})
	}
	agree[circle.Pos](t, "circle:2", circle.Game{K: 2}, partizan.ImpartialSplitting[circle.Pos]{G: circle.Game{K: 2}}, cpos)

	var fpos []fibnim.Pos
	for n := 1; n < 25; n++ {
		fpos = append(fpos, fibnim.Start(n))
	}
	agree[fibnim.Pos](t, "fibonacci-nim", fibnim.Game{}, partizan.Impartial[fibnim.Pos]{G: fibnim.Game{}}, fpos)

	mg := multiply.Game{N: 200}
	agree[int64](t, "multiply:200", mg, partizan.Impartial[int64]{G: mg}, []int64{1, 2, 3, 5, 7, 12, 25, 40})

	var sheets []paper.Sheet
	for w := 1; w < 6; w++ {
		for h := 1; h < 6; h++ {
			sheets = append(sheets, paper.Sheet{W: w, H: h})
		}
	}
	agree[paper.Sheet](t, "paper", paper.Game{}, partizan.ImpartialSplitting[paper.Sheet]{G: paper.Game{}}, sheets)

	var stairs []staircase.Key
	for a := 1; a < 7; a++ {
		for b := a + 1; b < 8; b++ {
			stairs = append(stairs, staircase.MakeKey([]int{a, b}))
		}
	}
	agree[staircase.Key](t, "staircase", staircase.Game{}, partizan.Impartial[staircase.Key]{G: staircase.Game{}}, stairs)

	for _, code := range []string{"kayles", "dawson", "grundy-game", "octal:0.137", "octal:4.7", "treblecross"} {
		rule, err := heap.Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		og := octal.Game{Rule: rule}
		agree[int](t, code, og, partizan.ImpartialSplitting[int]{G: og}, upto(30))
	}
}

// loop is a game with a cycle: 0 → 1 → 0.
type loop struct{}

func (loop) LeftMoves(p int) iter.Seq[int]  { return func(y func(int) bool) { y(1 - p) } }
func (loop) RightMoves(p int) iter.Seq[int] { return func(y func(int) bool) {} }

func TestCycle(t *testing.T) {
	e, _ := partizan.New[int](cgt.NewSpace(), loop{})
	_, err := e.Value(context.Background(), 0)
	if !errors.Is(err, partizan.ErrCycle) {
		t.Fatalf("got %v, want a cycle error", err)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e, _ := partizan.New[int](cgt.NewSpace(), partizan.Impartial[int]{G: nim.Heap{}})
	if _, err := e.Value(ctx, 3000); err == nil {
		t.Fatal("a cancelled evaluation returned no error")
	}
}

// must returns v, and stops the test run at an error of cgt (the values
// of these small positions are far from every limit).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
