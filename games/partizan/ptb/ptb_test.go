package ptb

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	_ "github.com/grundy-go/grundy/games/partizan/psubtract"
)

// Codes and their options written out plainly: the heaps each move from
// n leaves.
var plainCodes = map[string]func(n int) [][]int{
	"0.303": func(n int) (out [][]int) { return takes(n, 1, 3) },
	"0.033": func(n int) (out [][]int) { return takes(n, 2, 3) },
	"0.77": func(n int) (out [][]int) { // take 1 or 2, leave up to two heaps
		for _, k := range []int{1, 2} {
			for a := 0; a <= n-k; a++ {
				if b := n - k - a; a <= b {
					var o []int
					for _, h := range []int{a, b} {
						if h > 0 {
							o = append(o, h)
						}
					}
					out = append(out, o)
				}
			}
		}
		return
	},
	"4!.0": func(n int) (out [][]int) { // split into two unequal heaps
		for a := 1; 2*a < n; a++ {
			out = append(out, []int{a, n - a})
		}
		return
	},
}

func takes(n int, ks ...int) (out [][]int) {
	for _, k := range ks {
		switch {
		case n == k:
			out = append(out, nil)
		case n > k:
			out = append(out, []int{n - k})
		}
	}
	return
}

func plain(s *cgt.Space, left, right string, n int, memo map[int]cgt.Game) cgt.Game {
	if v, ok := memo[n]; ok {
		return v
	}
	side := func(code string) []cgt.Game {
		var out []cgt.Game
		for _, o := range plainCodes[code](n) {
			v := cgt.Zero
			for _, h := range o {
				v = must(s.Add(v, plain(s, left, right, h, memo)))
			}
			out = append(out, v)
		}
		return out
	}
	v := must(s.Make(side(left), side(right)))
	memo[n] = v
	return v
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestAgainstPlain(t *testing.T) {
	for left := range plainCodes {
		for right := range plainCodes {
			g, err := Parse(left+"/"+right, 0)
			if err != nil {
				t.Fatal(err)
			}
			s := cgt.NewSpace()
			e, _ := partizan.New[int](s, g)
			memo := map[int]cgt.Game{}
			for n := 0; n <= 14; n++ {
				v, err := e.Value(context.Background(), n)
				if err != nil {
					t.Fatal(err)
				}
				if want := plain(s, left, right, n, memo); v != want {
					t.Fatalf("%s/%s heap %d: %s, the rules give %s", left, right, n, s.String(v), s.String(want))
				}
			}
		}
	}
}

// CGSuite's GameHeapTest ("define partizan heap games properly"):
// game.heap.PartizanSubtraction([1,3],[2,3])(6).CanonicalForm.
func TestCGSuite(t *testing.T) {
	g, _ := Parse("0.303/0.033", 0)
	s := cgt.NewSpace()
	e, _ := partizan.New[int](s, g)
	v, err := e.Value(context.Background(), 6)
	if err != nil {
		t.Fatal(err)
	}
	want := must(s.Parse("{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"))
	if v != want {
		t.Errorf("partizan-tb:0.303/0.033 heap 6 = %s, CGSuite {1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}", s.String(v))
	}
}

// TestSubtractAgrees: partizan-tb:0.303/0.033 is partizan-subtract:1,3/2,3.
func TestSubtractAgrees(t *testing.T) {
	s := cgt.NewSpace()
	ctx := context.Background()
	var insts [2]partizanreport.Instance
	for i, spec := range []string{"partizan-tb:0.303/0.033", "partizan-subtract:1,3/2,3"} {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		insts[i] = inst.(partizanreport.Instance)
	}
	for n := 0; n <= 30; n++ {
		var vals [2]cgt.Game
		for i, inst := range insts {
			var err error
			if vals[i], _, err = inst.Value(ctx, s, []string{fmt.Sprint(n)}, catalog.Options{}); err != nil {
				t.Fatal(err)
			}
		}
		if vals[0] != vals[1] {
			t.Fatalf("heap %d: %s, partizan-subtract %s", n, s.String(vals[0]), s.String(vals[1]))
		}
	}
}

func TestBadSpecs(t *testing.T) {
	for spec, offset := range map[string]int{"partizan-tb:0.77/4!.x": 20, "partizan-tb:0.7x/0.3": 15} {
		_, err := catalog.Lookup(spec)
		var bad *budget.BadInput
		if !errors.As(err, &bad) || bad.Offset != offset || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line at offset %d", spec, err, offset)
		}
	}
}
