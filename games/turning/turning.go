package turning

import (
	"context"

	"fmt"
	"github.com/grundy-go/grundy/budget"
	"math/bits"
	"strconv"
	"strings"
)

// MaxTurned bounds K in turning:K and turning:=K: the recurrence keeps K
// tables of all values.
const MaxTurned = 8

// MaxCoin bounds the coins of a rule valued by the recurrence (a rule
// without a closed form): valuing coins 1 … n costs about K·n·V steps, V
// the power of two above the values (Mogul's coin 4096 is worth less than
// 2^15).
const MaxCoin = 4096

// MaxClosedCoin bounds the coins of a rule with a closed form.
const MaxClosedCoin = 1 << 62

// Rule says which sets of coins a move turns.
type Rule struct {
	// Most is the number of coins a move turns at most (or exactly, when
	// Exact); 0 for a run.
	Most  int
	Exact bool
	// Run: a move turns a run of consecutive coins of any length, ending
	// at the rightmost (Ruler).
	Run bool
}

// ParseRule reads the parameter of turning:R: K, =K or run.
func ParseRule(s string) (Rule, error) {
	if s == "run" {
		return Rule{Run: true}, nil
	}
	exact := strings.HasPrefix(s, "=")
	k, err := strconv.Atoi(strings.TrimPrefix(s, "="))
	if err != nil || k < 1 || k > MaxTurned {
		return Rule{}, fmt.Errorf("bad turning rule %q: expected K (turn at most K coins), =K (exactly K), K from 1 to %d, or run (a run of consecutive coins, as Ruler)", s, MaxTurned)
	}
	return Rule{Most: k, Exact: exact}, nil
}

// String writes the rule as ParseRule reads it.
func (r Rule) String() string {
	switch {
	case r.Run:
		return "run"
	case r.Exact:
		return "=" + strconv.Itoa(r.Most)
	}
	return strconv.Itoa(r.Most)
}

// Words says the rule in words.
func (r Rule) Words() string {
	switch {
	case r.Run:
		return "turn a run of consecutive coins, of any length"
	case r.Exact && r.Most == 1:
		return "turn exactly one coin"
	case r.Exact:
		return fmt.Sprintf("turn exactly %d coins", r.Most)
	case r.Most == 1:
		return "turn one coin"
	}
	return fmt.Sprintf("turn one to %d coins", r.Most)
}

// closed returns the closed form of the rule's values, or nil: Winning
// Ways' Turtles, Twins, Mock Turtles and Ruler (ch. 14), and the trivial
// rules of one coin.
func (r Rule) closed() func(n uint64) uint64 {
	switch {
	case r.Run:
		return func(n uint64) uint64 { return n & -n }
	case r.Most == 1 && r.Exact, r.Most == 1:
		return func(uint64) uint64 { return 1 }
	case r.Most == 2 && r.Exact:
		return func(n uint64) uint64 { return n - 1 }
	case r.Most == 2:
		return func(n uint64) uint64 { return n }
	case r.Most == 3 && !r.Exact:
		return odious
	}
	return nil
}

// odious is the n-th odious number, n from 1: 2m or 2m+1 (m = n−1),
// whichever has an odd number of ones in binary.
func odious(n uint64) uint64 {
	m := 2 * (n - 1)
	if bits.OnesCount64(m)%2 == 0 {
		m++
	}
	return m
}

// sizes lists the numbers of other coins (beside the rightmost) a move
// may turn: 0 … K−1, or exactly K−1.
func (r Rule) sizes() []int {
	if r.Exact {
		return []int{r.Most - 1}
	}
	out := make([]int, r.Most)
	for j := range out {
		out[j] = j
	}
	return out
}

// MaxValueBits bounds the values the recurrence holds (2^24): the sets
// of nim-sums are bitsets of this many bits, one for each number of coins
// turned. Moebius passes it near coin 3000, Mogul near coin 130: their
// values grow as a power of n.
const MaxValueBits = 1 << 24

// Values values the single coins 1 … n of a rule by the recurrence of the
// package doc, and finds a set of coins with a given nim-sum.
type Values struct {
	rule Rule
	g    []uint64 // g[c] for coins c = 1 … len-1; g[0] = 0, no coin
	// sets[j] is the bitset of the nim-sums of exactly j distinct coins
	// among those valued.
	sets [][]uint64
	// prefix[c] = g(1) ⊕ … ⊕ g(c), for a run.
	prefix []uint64
}

// NewValues starts the values of a rule (no coin valued yet).
func NewValues(r Rule) *Values {
	v := &Values{rule: r, g: []uint64{0}, prefix: []uint64{0}}
	if !r.Run {
		v.sets = newSets(r.Most, 1)
	}
	return v
}

func newSets(k, words int) [][]uint64 {
	sets := make([][]uint64, k)
	for j := range sets {
		sets[j] = make([]uint64, words)
	}
	sets[0][0] = 1 // no coin: the nim-sum 0
	return sets
}

// Coins returns the number of coins valued.
func (v *Values) Coins() int { return len(v.g) - 1 }

// G returns the value of the single coin c, valued already.
func (v *Values) G(c int) uint64 { return v.g[c] }

// Extend values the coins up to n.
func (v *Values) Extend(ctx context.Context, n int) error {
	for c := len(v.g); c <= n; c++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if v.rule.Run {
			seen := map[uint64]bool{}
			for m := 1; m <= c; m++ {
				seen[v.prefix[c-1]^v.prefix[m-1]] = true
			}
			g := uint64(0)
			for seen[g] {
				g++
			}
			v.g = append(v.g, g)
			v.prefix = append(v.prefix, v.prefix[c-1]^g)
			continue
		}
		g := mex(v.sets, v.rule.sizes())
		if g >= MaxValueBits {
			return budget.Exceed(budget.Size, MaxValueBits, "coin %d is worth 2^24 or more, past the values this recurrence holds (its sets of nim-sums are bitsets of 2^24 bits for each number of coins turned)", c)
		}
		v.g = append(v.g, g)
		for g >= uint64(64*len(v.sets[0])) {
			for j, t := range v.sets {
				v.sets[j] = append(t, make([]uint64, len(t))...)
			}
		}
		addCoin(v.sets, g)
	}
	return nil
}

// mex is the least nim-sum that no set of the allowed sizes makes.
func mex(sets [][]uint64, sizes []int) uint64 {
	for w := range sets[0] {
		var reach uint64
		for _, j := range sizes {
			reach |= sets[j][w]
		}
		if reach != ^uint64(0) {
			return uint64(64*w + bits.TrailingZeros64(^reach))
		}
	}
	return uint64(64 * len(sets[0]))
}

// addCoin adds a coin worth g to the sets: a set of j−1 coins and the
// coin make j (E_j ∪= E_{j−1} ⊕ g), the largest j first so that each set
// takes the coin once.
func addCoin(sets [][]uint64, g uint64) {
	for j := len(sets) - 1; j >= 1; j-- {
		xorInto(sets[j], sets[j-1], g)
	}
}

// swapMasks[k] selects the low half of every block of 2^(k+1) bits.
var swapMasks = [6]uint64{0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f, 0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff}

// xorInto ors into dst the set src with every element x replaced by
// x ⊕ g: word w goes to word w ⊕ (g/64), and within a word bit b to bit
// b ⊕ (g%64), a swap of blocks for each bit of g%64.
func xorInto(dst, src []uint64, g uint64) {
	hi, lo := int(g/64), uint(g%64)
	for w, x := range src {
		if x == 0 {
			continue
		}
		for k := uint(0); k < 6; k++ {
			if lo>>k&1 != 0 {
				s := uint(1) << k
				x = (x&swapMasks[k])<<s | (x>>s)&swapMasks[k]
			}
		}
		dst[w^hi] |= x
	}
}

// Set returns j distinct coins below c whose values nim-sum to x, or
// false when there are none (a run: the coins m … c−1). It values the
// sets again from the first coin, and takes as the largest coin of the
// set the first coin at which x becomes a nim-sum of j coins; the rest is
// a set of j−1 coins below it, found the same way.
func (v *Values) Set(j int, x uint64, c int) ([]int, bool) {
	if v.rule.Run {
		for m := c; m >= 1; m-- {
			if v.prefix[c-1]^v.prefix[m-1] == x {
				out := make([]int, 0, c-m)
				for k := m; k < c; k++ {
					out = append(out, k)
				}
				return out, true
			}
		}
		return nil, false
	}
	var out []int
	for ; j > 0; j-- {
		words := len(v.sets[0])
		if x >= uint64(64*words) {
			return nil, false
		}
		sets := newSets(j+1, words)
		k := 1
		for ; k < c; k++ {
			addCoin(sets, v.g[k])
			if sets[j][x/64]>>(x%64)&1 != 0 {
				break
			}
		}
		if k == c {
			return nil, false
		}
		out = append(out, k)
		x ^= v.g[k]
		c = k
	}
	return out, x == 0
}
