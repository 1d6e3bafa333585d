package misere

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
)

// GenusTerms is how many of γ0, γ1, … Genera computes at least; it goes
// on until the last four alternate (γk = γk−2 and γk−1 = γk−3), the
// period-2 tail every genus ends in (On Numbers and Games ch. 12), or
// GenusMaxTerms, where the symbol is cut (GenusOf.Cut).
const (
	GenusTerms    = 6
	GenusMaxTerms = 16
)

// GenusOf is Conway's genus of a heap: G its normal-play Grundy value and
// Gamma[k] the misère Grundy value of the heap plus k nim heaps of size 2
// (package doc).
type GenusOf struct {
	G     int
	Gamma []int
	// Cut is set when GenusMaxTerms terms did not end in the alternation:
	// the symbol is cut there, and String ends it with "…".
	Cut bool
}

// String writes the genus as Winning Ways does, g^γ0γ1…, dropping the
// tail in which the last two values alternate (0^120 for 0^1202020…);
// with a value of 10 or more the γs are separated by commas.
func (g GenusOf) String() string {
	n := len(g.Gamma)
	for !g.Cut && n > 2 && g.Gamma[n-1] == g.Gamma[n-3] {
		n--
	}
	parts := make([]string, n)
	wide := g.G >= 10
	for i, v := range g.Gamma[:n] {
		parts[i] = strconv.Itoa(v)
		wide = wide || v >= 10
	}
	sep := ""
	if wide {
		sep = ","
	}
	cut := ""
	if g.Cut {
		cut = "…"
	}
	return strconv.Itoa(g.G) + "^" + strings.Join(parts, sep) + cut
}

// Tame reports whether the genus is a nim heap's: 0^120, 1^031, or
// g^(g)(g XOR 2) for g >= 2 (Winning Ways ch. 13). A game whose followers
// all have such genera is tame; this looks at the heap itself only.
func (g GenusOf) Tame() bool {
	want := func(a, b int) bool {
		for i, v := range g.Gamma {
			if (i%2 == 0 && v != a && i > 0) || (i%2 == 1 && v != b) {
				return false
			}
		}
		return true
	}
	switch g.G {
	case 0:
		return len(g.Gamma) > 0 && g.Gamma[0] == 1 && want(0, 2)
	case 1:
		return len(g.Gamma) > 0 && g.Gamma[0] == 0 && want(1, 3)
	default:
		return len(g.Gamma) > 0 && g.Gamma[0] == g.G && want(g.G, g.G^2)
	}
}

// Genera computes the genus of each heap 0..upto by search of the sums
// G + 2 + … + 2 themselves: the misère Grundy value is 1 at a sum with no
// moves and else the mex of its options' (Conway, On Numbers and Games
// ch. 12). maxStates bounds the sums memoized (0: DefaultMaxStates).
func Genera(ctx context.Context, rule Rule, upto, maxStates int) ([]GenusOf, error) {
	if maxStates <= 0 {
		maxStates = DefaultMaxStates
	}
	opts := make([][][]int, upto+1)
	normal := make([]int, upto+1)
	for n := 1; n <= upto; n++ {
		seen := map[int]bool{}
		rule.EachOption(n, func(parts []int) bool {
			opts[n] = append(opts[n], slices.Clone(parts))
			x := 0
			for _, p := range parts {
				x ^= normal[p]
			}
			seen[x] = true
			return true
		})
		for seen[normal[n]] {
			normal[n]++
		}
	}
	memo := map[string]int{}
	var mis func(heaps []int, ones, twos int) (int, error)
	mis = func(heaps []int, ones, twos int) (int, error) {
		key := fmt.Sprint(heaps, ones, twos)
		if v, ok := memo[key]; ok {
			return v, nil
		}
		if len(memo) >= maxStates {
			return 0, budget.Exceed(budget.States, int64(maxStates), "the genus search explored more than %d sums without finishing", maxStates)
		}
		if len(memo)&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		seen := map[int]bool{}
		moved := false
		for i, h := range heaps {
			if i > 0 && heaps[i-1] == h {
				continue
			}
			for _, parts := range opts[h] {
				next := slices.Concat(heaps[:i], heaps[i+1:])
				for _, p := range parts {
					if len(opts[p]) > 0 {
						next = append(next, p)
					}
				}
				slices.Sort(next)
				v, err := mis(next, ones, twos)
				if err != nil {
					return 0, err
				}
				seen[v], moved = true, true
			}
		}
		if ones > 0 {
			v, err := mis(heaps, ones-1, twos)
			if err != nil {
				return 0, err
			}
			seen[v], moved = true, true
		}
		if twos > 0 {
			for _, o := range []int{ones, ones + 1} {
				v, err := mis(heaps, o, twos-1)
				if err != nil {
					return 0, err
				}
				seen[v], moved = true, true
			}
		}
		v := 1
		if moved {
			v = 0
			for seen[v] {
				v++
			}
		}
		memo[key] = v
		return v, nil
	}
	out := make([]GenusOf, upto+1)
	for n := 0; n <= upto; n++ {
		var heaps []int
		if len(opts[n]) > 0 {
			heaps = []int{n}
		}
		g := GenusOf{G: normal[n]}
		for k := 0; ; k++ {
			if k == GenusMaxTerms {
				g.Cut = true
				break
			}
			v, err := mis(heaps, 0, k)
			if err != nil {
				return nil, err
			}
			g.Gamma = append(g.Gamma, v)
			if k+1 >= GenusTerms && g.Gamma[k] == g.Gamma[k-2] && g.Gamma[k-1] == g.Gamma[k-3] {
				break
			}
		}
		out[n] = g
	}
	return out, nil
}
