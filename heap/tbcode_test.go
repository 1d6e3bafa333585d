package heap

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
)

// CGSuite's TBCodeTest (lib/core/src/test/scala/org/cgsuite/core/impartial/
// TBCodeTest.scala): codes and the normal form CGSuite writes them in.
// Every one of these is also grundy's normal form.
var cgsuiteNormalForms = map[string]string{
	"04.30":             "4.3",
	"04.00[30]":         "4.00[30]",
	"04.00[00]":         "4.0",
	"00.00[00]":         "0.0",
	"0.{1,2!}":          "0.6!",
	"0.{0!,2!,3!}":      "0.D!",
	"0.{0!,2!,3}":       "0.{0,2!,3}",
	"0.{0!,2!,3!+}":     "0.{0,2+}!",
	"0.{0!,2,3!+}":      "0.{0,2,3!+}",
	"0.{0!,3+}":         "0.{0,3+}",
	"0.{0,2!,4!+}":      "0.{0,2,4+}!",
	"0.{0!,2!,4+}":      "0.{0,2!,4+}",
	"0.{0!,2!,4?+}":     "0.{0,2!,4?+}",
	"0.{0!,2?,4?+}":     "0.{0,2,4+}?",
	"0.{0!,2=,4?+}":     "0.{0,2=,4?+}",
	"0.{0!,2=,3?,4?+}":  "0.{0,2=,3?+}",
	"0.{0!,2?,3?,4?+}":  "0.{0,2+}?",
	"0.{0,1!,2,3,4+}":   "0.*",
	"0.{0,1,2!,3!,4!+}": "0.*!",
}

func TestCodeNormalFormsCGSuite(t *testing.T) {
	for code, want := range cgsuiteNormalForms {
		c, err := ParseCode(code, 0, 32)
		if err != nil {
			t.Errorf("%s: %v", code, err)
			continue
		}
		if got := c.String(); got != want {
			t.Errorf("%s written %s, CGSuite writes %s", code, got, want)
		}
	}
}

// CGSuite's TBCodeTest traversals: the options of a heap, in CGSuite's
// order ("-" the move that leaves nothing).
var cgsuiteTraversals = []struct {
	code string
	heap int
	want string
}{
	{"0.3", 9, "8"},
	{"0.7", 9, "8  1,7  2,6  3,5  4,4"},
	{"0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"},
	{"4.0", 8, "1,7  2,6  3,5  4,4"},
	{"4!.0", 8, "1,7  2,6  3,5"},
	{"0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
	{"0.3F?", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
	{"0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"},
	{"0.3f", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3"},
	{"0.3f?", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4"},
	{"0.3f!", 11, "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4"},
	{"0.*3", 7, "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5"},
	{"0.*?3", 7, "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5"},
	{"0.*!3", 7, "6  1,5  2,4  1,2,3  5"},
	{"0.[3]", 7, "6  5  4  3  2  1  -"},
	{"0.[2]", 7, "6  5  4  3  2  1"},
	{"0.3[1]", 7, "6  -"},
	{"0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"},
	{"80.0", 7, "1,1,6  1,2,5  1,3,4  2,2,4  2,3,3"},
	{"0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
	{"{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
	{"0.{0,1,3+}", 1, "-"},
	{"0.{0,1,3+}", 2, "1"},
	{"0.{0,1,3+}", 7, "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1"},
	{"0.{1,3+}", 1, ""},
	{"0.{2,3?+}", 7, "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2"},
}

func optionText(r *Rule, n int) string {
	var out []string
	r.EachOption(n, func(h []int) bool {
		if len(h) == 0 {
			out = append(out, "-")
			return true
		}
		s := make([]string, len(h))
		for i, x := range h {
			s[i] = fmt.Sprint(x)
		}
		out = append(out, strings.Join(s, ","))
		return true
	})
	return strings.Join(out, "  ")
}

func TestCodeOptionsCGSuite(t *testing.T) {
	for _, tc := range cgsuiteTraversals {
		c, err := ParseCode(tc.code, 0, 32)
		if err != nil {
			t.Errorf("%s: %v", tc.code, err)
			continue
		}
		if got := optionText(&Rule{Code: c}, tc.heap); got != tc.want {
			t.Errorf("%s, heap %d: options\n %s\nCGSuite:\n %s", tc.code, tc.heap, got, tc.want)
		}
	}
}

// CGSuite's GameHeapTest ("define TakeAndBreak properly"): the values of
// heaps 1 … 20 and the number of options of a heap of 20, for its named
// rulesets and their codes. Each code is valued both by the heap engine's
// classic digits (Parse) and by the general engine (Rule.Code).
var cgsuiteHeapGames = []struct {
	code    string
	options int
	values  string
}{
	{"0.[3]", 20, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"}, // Nim
	{"4!.0", 9, "0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0"},              // Grundy's game (OEIS A002188)
	{"0.77", 20, "1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1"},             // Kayles (OEIS A002186)
	{"0.07", 10, "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3"},             // Dawson's Kayles
	{"0.0330003", 3, "0 1 1 2 0 0 1 1 2 0 0 1 1 2 0 0 1 1 2 0"},         // Subtraction([2,3,7])
	{"0.3003330[3]", 17, "1 0 1 2 3 2 3 4 5 4 5 6 7 6 7 8 9 8 9 10"},    // Subtraction([2,3,7], allbut)
	{"0.3F", 38, "1 2 0 1 2 3 4 5 3 4 5 6 7 8 6 7 8 9 10 11"},
}

func TestCodeValuesCGSuite(t *testing.T) {
	ctx := context.Background()
	for _, tc := range cgsuiteHeapGames {
		c, err := ParseCode(tc.code, 0, 32)
		if err != nil {
			t.Fatalf("%s: %v", tc.code, err)
		}
		general := &Rule{Spec: "tb:" + c.String(), Code: c}
		classic, err := Parse("tb:" + tc.code)
		if err != nil {
			t.Fatalf("%s: %v", tc.code, err)
		}
		if classic.Code != nil {
			t.Errorf("%s: not read as classic digits", tc.code)
		}
		for _, r := range []*Rule{general, classic} {
			vals, err := Compute(ctx, r, 21, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for n := 1; n <= 20; n++ {
				got = append(got, fmt.Sprint(vals.At(n)))
			}
			if g := strings.Join(got, " "); g != tc.values {
				t.Errorf("%s (general %v): G(1..20) = %s, CGSuite %s", tc.code, r.Code != nil, g, tc.values)
			}
			count := 0
			r.EachOption(20, func([]int) bool { count++; return true })
			if count != tc.options {
				t.Errorf("%s (general %v): %d options of a heap of 20, CGSuite %d", tc.code, r.Code != nil, count, tc.options)
			}
		}
	}
}

// plainOptions lists the options of a heap of n straight from the code's
// definition, without the enumeration's pruning: every non-decreasing
// list of k positive heaps summing to the tokens left, kept when the
// constraint holds.
func plainOptions(c *Code, n int) [][]int {
	var out [][]int
	for j := -len(c.Additive); j <= n; j++ {
		d := c.digit(j)
		m := n - j
		for k := 0; k <= m && k <= MaxCount+1; k++ {
			cs := d.Allows(k)
			if cs == Forbidden {
				continue
			}
			var rec func(parts []int, lo, rem int)
			rec = func(parts []int, lo, rem int) {
				if len(parts) == k {
					if rem != 0 {
						return
					}
					ok := true
					if k >= 2 {
						distinct, same := true, true
						for a := range parts {
							for b := a + 1; b < len(parts); b++ {
								if parts[a] == parts[b] {
									distinct = false
								} else {
									same = false
								}
							}
						}
						switch cs {
						case Distinct:
							ok = distinct
						case NotAllEqual:
							ok = !same
						case AllEqual:
							ok = same
						}
					}
					if ok {
						out = append(out, slices.Clone(parts))
					}
					return
				}
				for a := lo; a <= rem; a++ {
					rec(append(parts, a), a, rem-a)
				}
			}
			rec(nil, 1, m)
		}
	}
	return out
}

// plainValues is the textbook mex over plainOptions.
func plainValues(c *Code, upto int) []uint32 {
	g := make([]uint32, upto)
	for n := 1; n < upto; n++ {
		seen := map[uint32]bool{}
		for _, o := range plainOptions(c, n) {
			var x uint32
			for _, h := range o {
				x ^= g[h]
			}
			seen[x] = true
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// randomCode makes a small code of every feature: base-32 digits with
// modifiers, lists with "+", "*", a repeating block, an added token.
func randomCode(rng *rand.Rand) string {
	mods := []string{"", "", "!", "?", "="}
	digit := func(first bool) string {
		switch rng.IntN(6) {
		case 0:
			return "0"
		case 1:
			return "*" + mods[rng.IntN(len(mods))]
		case 2:
			var ks []string
			for k := range 6 {
				if rng.IntN(3) == 0 && !(first && k <= 1) {
					ks = append(ks, fmt.Sprint(k))
				}
			}
			if len(ks) == 0 {
				ks = []string{"2"}
			}
			s := "{" + strings.Join(ks, ",")
			if rng.IntN(2) == 0 {
				s += "+"
			}
			return s + "}" + mods[rng.IntN(len(mods))]
		}
		v := rng.IntN(32)
		if first {
			v &^= 3
		}
		return string("0123456789ABCDEFGHIJKLMNOPQRSTUV"[v]) + mods[rng.IntN(len(mods))]
	}
	var sb strings.Builder
	if rng.IntN(5) == 0 {
		// adds one token: three heaps or more
		sb.WriteString([]string{"8", "{3+}", "G!", "{4}?"}[rng.IntN(4)])
	}
	sb.WriteString(digit(true))
	sb.WriteByte('.')
	n := 1 + rng.IntN(4)
	block := -1
	if rng.IntN(3) == 0 {
		block = rng.IntN(n)
	}
	for i := range n {
		if i == block {
			sb.WriteByte('[')
		}
		sb.WriteString(digit(false))
	}
	if block >= 0 {
		sb.WriteByte(']')
	}
	return sb.String()
}

func TestCodeAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 1))
	cases := 300
	if testing.Short() {
		cases = 60
	}
	for range cases {
		code := randomCode(rng)
		c, err := ParseCode(code, 0, 32)
		if err != nil {
			if strings.Contains(err.Error(), "before the point may not leave one heap") {
				continue // "*" or a list before the point that allows one heap
			}
			t.Fatalf("%s: %v", code, err)
		}
		const upto = 16
		want := plainValues(c, upto)
		vals, err := Compute(context.Background(), &Rule{Spec: "tb:" + code, Code: c}, upto, Options{})
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		for n := range upto {
			if vals.At(n) != want[n] {
				t.Fatalf("%s (normal form %s): G(%d) = %d, plain mex %d", code, c, n, vals.At(n), want[n])
			}
		}
		// The listing (pruned) gives the plain options, in some order.
		for n := 0; n < 12; n++ {
			var got [][]int
			c.eachCodeOption(n, func(h []int) bool { got = append(got, slices.Clone(h)); return true })
			plain := plainOptions(c, n)
			key := func(xs [][]int) []string {
				s := make([]string, len(xs))
				for i, x := range xs {
					s[i] = fmt.Sprint(x)
				}
				slices.Sort(s)
				return s
			}
			if !slices.Equal(key(got), key(plain)) {
				t.Fatalf("%s heap %d: options %v, plain %v", code, n, got, plain)
			}
		}
		// The normal form reads back as the same game.
		again, err := ParseCode(c.String(), 0, 32)
		if err != nil || again.String() != c.String() {
			t.Fatalf("%s: normal form %s reads back as %v, %v", code, c, again, err)
		}
		vals2, _ := Compute(context.Background(), &Rule{Code: again}, upto, Options{})
		for n := range upto {
			if vals2.At(n) != want[n] {
				t.Fatalf("%s: normal form %s has G(%d) = %d, want %d", code, c, n, vals2.At(n), want[n])
			}
		}
	}
}

func TestCodeErrors(t *testing.T) {
	for _, tc := range []struct {
		spec   string
		offset int
		words  string
	}{
		{"tb:", -2, "needs parameters"},
		{"tb:4!.0x", 7, "not a digit"},
		{"tb:0.77]", 7, "without '['"},
		{"tb:0.[3", 7, "not closed"},
		{"tb:0.[]", 6, "empty"},
		{"tb:[3].0", 3, "only follow the point"},
		{"tb:077", 6, "no point"},
		{"tb:.7", 3, "no digit before the point"},
		{"tb:0.7.7", 6, "second point"},
		{"tb:20.017", 3, "play need not end"},
		{"tb:2.0", 3, "may not leave one heap"},
		{"tb:0.{2,x}", 8, "not a number of heaps"},
		{"tb:0.{64}", 6, "not a number of heaps"},
		{"tb:0.{2!}!", 7, "modifier"},
		{"tb:0.{2", 5, "no '}' closes"},
		{"tb:0.&12", 5, "no ';' closes"},
		{"tb:0.&x;", 6, "not a mask"},
		{"tb:0.[3]7", 8, "nothing may follow"},
		{"octal:0.8!", 8, "not a digit (allowed: 0-7"},
		{"hex:0.G!", 6, "not a digit (allowed: 0-9 and A-F"},
		{"octal:0.8", 8, "not a digit"},
		{"hex:1.0", 4, "must be 0, 4, 8 or C"},
	} {
		_, err := Parse(tc.spec)
		if err == nil {
			t.Errorf("%s: no error", tc.spec)
			continue
		}
		if !strings.Contains(err.Error(), tc.words) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %q, want one line with %q", tc.spec, err, tc.words)
		}
		var bad *budget.BadInput
		if tc.offset >= -1 {
			if !errors.As(err, &bad) || bad.Offset != tc.offset {
				t.Errorf("%s: %v at offset %v, want offset %d", tc.spec, err, bad, tc.offset)
			}
		}
	}
}

func TestCodeSpecs(t *testing.T) {
	for spec, want := range map[string]string{
		"octal:0.77":    "octal:0.77",  // the classic path, unchanged
		"octal:4!.0":    "octal:4!.0",  // Grundy's game, as the engine's Unequal
		"tb:0.77":       "tb:0.77",     //
		"tb:0.{1,2}":    "tb:0.6",      // a list that is a digit
		"octal:0.[3]":   "octal:0.[3]", // Nim: the engine's tail
		"hex:0.3f!":     "hex:0.3F!",
		"tb:0.3[3]":     "tb:0.3[3]",
		"tb:0.[37][":    "",
		"tb:{2+}=.0":    "tb:{2+}=.0",
		"tb:0.7[0300]":  "tb:0.7[0300]",
		"tb:0.&4095;":   "tb:0.&4095;",
		"tb:80.0":       "tb:80.0",
		"tb:0.{0,2,3}?": "tb:0.D?",
	} {
		r, err := Parse(spec)
		if want == "" {
			if err == nil {
				t.Errorf("%s: no error", spec)
			}
			continue
		}
		if err != nil || r.Spec != want {
			t.Errorf("%s: %v, %v; want %s", spec, r, err, want)
		}
	}
}

// FuzzParseCode: any text is read or refused in one line, never a panic;
// a code read writes a normal form that reads back to itself, and its
// options of small heaps can be listed.
func FuzzParseCode(f *testing.F) {
	for code := range cgsuiteNormalForms {
		f.Add(code)
	}
	for _, s := range []string{"4!.0", "0.[3]", "0.7[03]", "80.0", "{2+}=.0", "0.&12;", "0.*?3", "20.017", "0.{0,1,3+}", "0.[", "&;.0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		c, err := ParseCode(code, 0, 32)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: error of several lines", code)
			}
			return
		}
		again, err := ParseCode(c.String(), 0, 32)
		if err != nil || again.String() != c.String() {
			t.Fatalf("%q: normal form %q reads back as %v, %v", code, c, again, err)
		}
		for n := range 8 {
			c.eachCodeOption(n, func(h []int) bool {
				sum := 0
				for _, x := range h {
					if x < 1 || x >= n {
						t.Fatalf("%q: heap %d has the option %v", code, n, h)
					}
					sum += x
				}
				return true
			})
		}
	})
}
