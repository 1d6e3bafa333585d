package misere

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
)

// GenusMaxTerms bounds the terms γ0, γ1, … Genera computes: a genus
// whose period-2 tail is not proven by then is cut (GenusOf.Cut).
const GenusMaxTerms = 16

// GenusOf is Conway's genus of a heap: G its normal-play Grundy value and
// Gamma[k] the misère Grundy value of the heap plus k nim heaps of size 2
// (package doc).
type GenusOf struct {
	G     int
	Gamma []int
	// Cut is set when GenusMaxTerms terms did not prove the period-2
	// tail (Genera): the symbol is cut there, and String ends it with "…".
	Cut bool
}

// String writes the genus as Winning Ways does, g^γ0γ1…, dropping the
// tail in which the last two values alternate (0^120 for 0^1202020…: the
// terms computed end where Genera proved the tail);
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
//
// Where the terms stop is proven, not guessed. Every genus ends in a tail
// of period 2 (On Numbers and Games ch. 12; Winning Ways ch. 13: "the
// exponents eventually alternate"), and this is where that tail is known
// to start. Write F(X, j, i) for the misère Grundy value of X + j·*2 +
// i·*1, X a follower of the heap (a sum of heaps its moves reach).
//
//   - F(X, j, i+2) = F(X, j, i): adding *1 + *1 to a game Y keeps its
//     misère Grundy value. By induction on Y: the options of Y+*1+*1 are
//     the Y′+*1+*1, of Y's values, and Y+*1, whose value differs from Y's
//     (Y is its option), so the mex is Y's; and when Y has no move, Y+*1+*1
//     has the one option Y+*1 of value 0, so its value is 1, as Y's.
//   - So i is 0 or 1, and the values V_j = (F(X, j, i)) over every follower
//     X and i in {0, 1} are a function of V_{j−1} alone (j ≥ 1): the moves
//     from X + j·*2 + i·*1 go to X′ (same j), to j−1 twos with one more or
//     one less *1, or take the *1.
//   - Hence V_k = V_{k−2} gives V_{k+1} = V_{k−1} and so on: γ_j = F(heap,
//     j, 0) has period 2 from j = k−2 on. Genera stops at the first such k.
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
	// options calls f with each sum a move from heaps leaves (heaps with
	// no moves dropped, sorted).
	options := func(heaps []int, f func(next []int) error) error {
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
				if err := f(next); err != nil {
					return err
				}
			}
		}
		return nil
	}
	memo := map[string]int{}
	var mis func(heaps []int, one bool, twos int) (int, error)
	mis = func(heaps []int, one bool, twos int) (int, error) {
		key := fmt.Sprint(heaps, one, twos)
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
		see := func(v int, err error) error {
			seen[v], moved = true, true
			return err
		}
		if err := options(heaps, func(next []int) error { return see(mis(next, one, twos)) }); err != nil {
			return 0, err
		}
		if one {
			if err := see(mis(heaps, false, twos)); err != nil {
				return 0, err
			}
		}
		if twos > 0 {
			// A 2 taken whole, or to a 1 (two 1s are none, above).
			for _, o := range []bool{one, !one} {
				if err := see(mis(heaps, o, twos-1)); err != nil {
					return 0, err
				}
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
		// The followers of the heap: every sum its moves reach.
		followers := [][]int{heaps}
		seenF := map[string]bool{fmt.Sprint(heaps): true}
		for i := 0; i < len(followers); i++ {
			err := options(followers[i], func(next []int) error {
				if k := fmt.Sprint(next); !seenF[k] {
					seenF[k] = true
					followers = append(followers, next)
				}
				if len(followers) > maxStates {
					return budget.Exceed(budget.States, int64(maxStates), "the genus search reached more than %d sums from heap %d", maxStates, n)
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
		}
		g := GenusOf{G: normal[n], Cut: true}
		for k := 0; k < GenusMaxTerms; k++ {
			v, err := mis(heaps, false, k)
			if err != nil {
				return nil, err
			}
			g.Gamma = append(g.Gamma, v)
			if k < 2 {
				continue
			}
			same := true
			for _, x := range followers {
				for _, one := range []bool{false, true} {
					a, err := mis(x, one, k)
					if err != nil {
						return nil, err
					}
					b, err := mis(x, one, k-2)
					if err != nil {
						return nil, err
					}
					same = same && a == b
				}
				if !same {
					break
				}
			}
			if same {
				g.Cut = false
				break
			}
		}
		out[n] = g
	}
	return out, nil
}

// CGSuiteString writes the genus as CGSuite's Genus does, given the
// game's phylum: a nim heap's as its Grundy value alone ("2"), a tame or
// restive game's as g^γ0, and another's with the terms up to where the
// last two alternate; terms of 10 or more put the terms in parentheses,
// separated by commas ("12^(12,14)"). Winning Ways' String writes every
// term up to the alternation ("2^20" for *2).
func (g GenusOf) CGSuiteString(p Phylum) string {
	if p == NimHeapPhylum || len(g.Gamma) == 0 {
		return strconv.Itoa(g.G)
	}
	n := len(g.Gamma)
	if p.restiveOrTame() {
		n = 1
	}
	for !g.Cut && n > 2 && g.Gamma[n-1] == g.Gamma[n-3] {
		n--
	}
	parts := make([]string, n)
	wide := false
	for i, v := range g.Gamma[:n] {
		parts[i] = strconv.Itoa(v)
		wide = wide || v >= 10
	}
	cut := ""
	if g.Cut {
		cut = "…"
	}
	if wide {
		return strconv.Itoa(g.G) + "^(" + strings.Join(parts, ",") + cut + ")"
	}
	return strconv.Itoa(g.G) + "^" + strings.Join(parts, "") + cut
}
