package cakeproduct

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
	_ "github.com/grundy-go/grundy/games/partizan/cutcake"
	_ "github.com/grundy-go/grundy/games/partizan/eatcake"
	_ "github.com/grundy-go/grundy/games/partizan/maundy"
)

// Heap rulesets written out plainly: the heaps each move from n leaves.
var plainRules = map[string]func(n int) [][]int{
	"4.0": func(n int) (out [][]int) { // cut in two
		for a := 1; a < n; a++ {
			out = append(out, []int{a, n - a})
		}
		return
	},
	"0.7": func(n int) (out [][]int) { // eat one, the rest in up to two pieces
		for a := 0; a < n; a++ {
			var o []int
			for _, k := range []int{a, n - 1 - a} {
				if k > 0 {
					o = append(o, k)
				}
			}
			out = append(out, o)
		}
		return
	},
	"{2+}=.0": func(n int) (out [][]int) { // cut into k ≥ 2 equal parts
		for k := 2; k <= n; k++ {
			if n%k == 0 {
				o := make([]int, k)
				for i := range o {
					o[i] = n / k
				}
				out = append(out, o)
			}
		}
		return
	},
	"0.3": func(n int) [][]int { // take one
		if n == 1 {
			return [][]int{{}}
		}
		return [][]int{{n - 1}}
	},
}

// plainValue values a cake (m rows, n columns) by the rules alone. In
// the twisted form it moves first and turns after ("move, then turn"),
// the other reading of the rule: the product's T(m, n) must equal this
// T′(n, m) (doc.go).
func plainValue(s *cgt.Space, left, right string, twisted bool, m, n int, memo map[[2]int]cgt.Game) cgt.Game {
	if v, ok := memo[[2]int{m, n}]; ok {
		return v
	}
	sum := func(cakes [][2]int) cgt.Game {
		v := cgt.Zero
		for _, c := range cakes {
			v = must(s.Add(v, plainValue(s, left, right, twisted, c[0], c[1], memo)))
		}
		return v
	}
	var L, R []cgt.Game
	for _, o := range plainRules[left](n) { // Left on the columns
		var cakes [][2]int
		for _, b := range o {
			if twisted {
				cakes = append(cakes, [2]int{b, m})
			} else {
				cakes = append(cakes, [2]int{m, b})
			}
		}
		L = append(L, sum(cakes))
	}
	for _, o := range plainRules[right](m) { // Right on the rows
		var cakes [][2]int
		for _, a := range o {
			if twisted {
				cakes = append(cakes, [2]int{n, a})
			} else {
				cakes = append(cakes, [2]int{a, n})
			}
		}
		R = append(R, sum(cakes))
	}
	v := must(s.Make(L, R))
	memo[[2]int{m, n}] = v
	return v
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestAgainstPlain: every pair of the plain rulesets, both forms, every
// cake up to 6×6, against the plain recursion.
func TestAgainstPlain(t *testing.T) {
	side := 6
	if testing.Short() {
		side = 5
	}
	ctx := context.Background()
	for left := range plainRules {
		for right := range plainRules {
			for _, twisted := range []bool{false, true} {
				g, err := Parse(left+"/"+right, 0, twisted)
				if err != nil {
					t.Fatal(err)
				}
				s := cgt.NewSpace()
				e, err := partizan.New[Cake](s, g)
				if err != nil {
					t.Fatal(err)
				}
				memo := map[[2]int]cgt.Game{}
				for m := 1; m <= side; m++ {
					for n := 1; n <= side; n++ {
						v, err := e.Value(ctx, Cake{Rows: m, Cols: n})
						if err != nil {
							t.Fatal(err)
						}
						pm, pn := m, n
						if twisted {
							pm, pn = n, m
						}
						if want := plainValue(s, left, right, twisted, pm, pn, memo); v != want {
							t.Fatalf("%s/%s twisted %v, %dx%d: %s, the rules give %s", left, right, twisted, m, n, s.String(v), s.String(want))
						}
					}
				}
			}
		}
	}
}

// CGSuite's GameHeapTest ("define partizan coordinate games properly"):
// the canonical forms of the cakes (8, n), n = 1 … 8 (CGSuite's (m, n) is
// m rows and n columns), and the number of Left's options of (8, 8).
func TestCGSuiteValues(t *testing.T) {
	for _, tc := range []struct {
		name, codes string
		twisted     bool
		leftOptions int
		values      string
	}{
		{"Cutcake", "4.0", false, 4, "-7,-3,-3,-1,-1,-1,-1,0"},
		{"MaundyCake", "{2+}=.0", false, 3, "-7,-3,-3,-1,-3,-1,-3,0"},
		{"Eatcake", "0.7", false, 4, "^;{^|||^*|v||0};{^^|*};{^^|*||0,{0|vv*}};{^3|^*||*};{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}};{0||^^*|0|||*};*"},
		{"TurnAndEatcake", "0.7", true, 4, "v,0,v,0,v<3>,0,v,0"},
		{"twisted Maundy", "{2+}=.0", true, 3, "1;{8|-2};{8|-3};{8|-6};{8|-5};{8|-6,{-4|-14}};{10|-7};+-12"},
	} {
		g, err := Parse(tc.codes, 0, tc.twisted)
		if err != nil {
			t.Fatal(err)
		}
		s := cgt.NewSpace()
		e, _ := partizan.New[Cake](s, g)
		sep := ","
		if strings.Contains(tc.values, ";") {
			sep = ";"
		}
		for i, want := range strings.Split(tc.values, sep) {
			v, err := e.Value(context.Background(), Cake{Rows: 8, Cols: i + 1})
			if err != nil {
				t.Fatal(err)
			}
			w, err := s.Parse(want)
			if err != nil {
				t.Fatalf("%s: CGSuite's %s: %v", tc.name, want, err)
			}
			if v != w {
				t.Errorf("%s (8,%d) = %s, CGSuite %s", tc.name, i+1, s.String(v), want)
			}
		}
		count := 0
		for range g.LeftOptions(Cake{Rows: 8, Cols: 8}) {
			count++
		}
		if count != tc.leftOptions {
			t.Errorf("%s (8,8): %d Left options, CGSuite %d", tc.name, count, tc.leftOptions)
		}
	}
}

// TestBuiltinsAgree: cake:4.0, cake:0.7 and cake:{2+}=.0 give the
// built-in Cutcake, Eatcake and Maundy Cake's values on every cake up to
// 7×7 (every path agrees).
func TestBuiltinsAgree(t *testing.T) {
	ctx := context.Background()
	s := cgt.NewSpace()
	for spec, builtin := range map[string]string{"cake:4.0": "cutcake", "cake:0.7": "eatcake", "cake:{2+}=.0": "maundy-cake"} {
		for m := 1; m <= 7; m++ {
			for n := 1; n <= 7; n++ {
				pos := []string{fmt.Sprintf("%dx%d", m, n)}
				var vals [2]cgt.Game
				for i, name := range []string{spec, builtin} {
					inst, err := catalog.Lookup(name)
					if err != nil {
						t.Fatal(err)
					}
					if vals[i], _, err = inst.(partizanreport.Instance).Value(ctx, s, pos, catalog.Options{}); err != nil {
						t.Fatal(err)
					}
				}
				if vals[0] != vals[1] {
					t.Fatalf("%s %s = %s, %s gives %s", spec, pos[0], s.String(vals[0]), builtin, s.String(vals[1]))
				}
			}
		}
	}
}

func TestBadSpecs(t *testing.T) {
	for spec, offset := range map[string]int{
		"cake:4.0/0.7x":    12,
		"cake:4.x/0.7":     7,
		"twisted-cake:0.[": 16,
		"cake:2.0":         5,
	} {
		_, err := catalog.Lookup(spec)
		var bad *budget.BadInput
		if !errors.As(err, &bad) || bad.Offset != offset || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v (offset %v), want one line at offset %d", spec, err, bad, offset)
		}
	}
}
