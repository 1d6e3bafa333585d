package misere

import (
	"context"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
)

// Canon holds impartial games in misère canonical form (simplest form,
// package doc "Canonical forms"), hash-consed: each game is an id, and a
// game is stored once, with its options' ids sorted by birthday then id.
// Id 0 is the game with no moves. Games built in one Canon share their
// followers, so the heaps of an octal game share theirs.
type Canon struct {
	opts   [][]int32
	index  map[string]int32
	bday   []int
	plus   []int // normal-play Grundy value G+
	minus  []int // misère Grundy value G−
	phylum []Phylum
	nim    []bool
	sums   map[uint64]int32 // a < b: a<<32 | b
	nims   []int32
	// MaxGames bounds the games stored (0: none): Game and Sum report
	// budget.Exceed past it.
	MaxGames int
	// ctx, when set, is checked every 4096 games stored.
	ctx context.Context
	// algebra caches parity, mates and parts (algebra.go).
	algebra *algebra
}

// NewCanon returns a Canon holding the game 0.
func NewCanon() *Canon {
	c := &Canon{index: map[string]int32{}, sums: map[uint64]int32{}}
	c.record(nil)
	return c
}

// optionsKey is the options' ids as 4 bytes each, the index's key.
func optionsKey(opts []int32) string {
	b := make([]byte, 4*len(opts))
	for i, o := range opts {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(o))
	}
	return string(b)
}

// Len is the number of games stored.
func (c *Canon) Len() int { return len(c.opts) }

// Options returns the options of game id (do not modify).
func (c *Canon) Options(id int32) []int32 { return c.opts[id] }

// Birthday is the height of game id's tree.
func (c *Canon) Birthday(id int32) int { return c.bday[id] }

// Plus is game id's normal-play Grundy value G+.
func (c *Canon) Plus(id int32) int { return c.plus[id] }

// Minus is game id's misère Grundy value G− (1 for the game with no
// moves, else the mex of its options').
func (c *Canon) Minus(id int32) int { return c.minus[id] }

// Phylum is game id's class (package doc "Tame, restive, restless, wild").
func (c *Canon) Phylum(id int32) Phylum { return c.phylum[id] }

// IsP reports whether the player to move loses game id under misère play.
func (c *Canon) IsP(id int32) bool { return c.minus[id] == 0 }

// hasOption reports whether x is an option of g.
func (c *Canon) hasOption(g, x int32) bool {
	o := c.opts[g]
	i, ok := slices.BinarySearchFunc(o, x, c.cmp)
	return ok && o[i] == x
}

func (c *Canon) cmp(a, b int32) int {
	if d := c.bday[a] - c.bday[b]; d != 0 {
		return d
	}
	return int(a - b)
}

// Game returns the canonical form of the game whose options are the
// canonical games opts (in any order, repeats allowed): the options
// reversible through the game they leave are removed (Conway, On
// Numbers and Games ch. 12; package doc).
func (c *Canon) Game(opts []int32) (int32, error) {
	o := slices.Clone(opts)
	slices.SortFunc(o, c.cmp)
	o = slices.Compact(o)
	if id, ok := c.index[optionsKey(o)]; ok {
		return id, nil
	}
	// G = 0 when every option has the option 0 and one of them is a
	// misère P-position (the endgame proviso).
	zero := len(o) > 0
	someP := false
	for _, x := range o {
		if len(c.opts[x]) == 0 || c.opts[x][0] != 0 {
			zero = false
			break
		}
		someP = someP || c.IsP(x)
	}
	if zero && someP {
		return 0, nil
	}
	// G = H, H a nonempty proper subset of the options, when H is a
	// game and every other option has H as an option. Such an option is
	// born after H, which is born after each of its options: H is the
	// options born before a gap of at least two in the birthdays.
	for j := 1; j < len(o); j++ {
		if c.bday[o[j]] <= c.bday[o[j-1]]+1 {
			continue
		}
		h, ok := c.index[optionsKey(o[:j])]
		if !ok {
			continue
		}
		all := true
		for _, x := range o[j:] {
			if !c.hasOption(x, h) {
				all = false
				break
			}
		}
		if all {
			return h, nil
		}
	}
	if c.MaxGames > 0 && len(c.opts) >= c.MaxGames {
		return 0, budget.Exceed(budget.States, int64(c.MaxGames), "more than %d misère canonical forms", c.MaxGames)
	}
	if c.ctx != nil && len(c.opts)&4095 == 0 {
		if err := c.ctx.Err(); err != nil {
			return 0, err
		}
	}
	return c.record(o), nil
}

// Nim returns the nim heap *n.
func (c *Canon) Nim(n int) int32 {
	for len(c.nims) <= n {
		k := len(c.nims)
		// *k's options are *0..*(k−1): nim heaps have no reversible
		// options, and are stored as they are.
		id, _ := c.Game(slices.Clone(c.nims[:k]))
		c.nims = append(c.nims, id)
	}
	return c.nims[n]
}

// Sum returns the canonical form of a + b.
func (c *Canon) Sum(a, b int32) (int32, error) {
	if a == 0 {
		return b, nil
	}
	if b == 0 {
		return a, nil
	}
	if a > b {
		a, b = b, a
	}
	key := uint64(a)<<32 | uint64(b)
	if s, ok := c.sums[key]; ok {
		return s, nil
	}
	var opts []int32
	for _, x := range c.opts[a] {
		s, err := c.Sum(x, b)
		if err != nil {
			return 0, err
		}
		opts = append(opts, s)
	}
	for _, x := range c.opts[b] {
		s, err := c.Sum(a, x)
		if err != nil {
			return 0, err
		}
		opts = append(opts, s)
	}
	s, err := c.Game(opts)
	if err != nil {
		return 0, err
	}
	c.sums[key] = s
	return s, nil
}

// String writes game id with nim heaps as their sizes and other games as
// their options in brackets: [2] is the game whose one option is *2.
func (c *Canon) String(id int32) string {
	if c.isNim(id) {
		return strconv.Itoa(c.bday[id])
	}
	parts := make([]string, len(c.opts[id]))
	for i, x := range c.opts[id] {
		parts[i] = c.String(x)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// isNim reports whether id is *n, n its birthday: its options are
// *0 … *(n−1) (set as each game is stored).
func (c *Canon) isNim(id int32) bool { return c.nim[id] }

func mex(seen []bool) int {
	v := 0
	for v < len(seen) && seen[v] {
		v++
	}
	return v
}

// record stores a game in canonical form (its options sorted) and
// computes its values and phylum.
func (c *Canon) record(o []int32) int32 {
	id := int32(len(c.opts))
	c.opts = append(c.opts, o)
	c.index[optionsKey(o)] = id
	b := 0
	seenP := make([]bool, len(o)+1)
	seenM := make([]bool, len(o)+1)
	for _, x := range o {
		b = max(b, c.bday[x]+1)
		if v := c.plus[x]; v < len(seenP) {
			seenP[v] = true
		}
		if v := c.minus[x]; v < len(seenM) {
			seenM[v] = true
		}
	}
	gp, gm := mex(seenP), mex(seenM)
	if len(o) == 0 {
		gm = 1
	}
	c.bday = append(c.bday, b)
	c.plus = append(c.plus, gp)
	c.minus = append(c.minus, gm)
	c.phylum = append(c.phylum, c.classify(o, gp, gm))
	nim := len(o) == b
	for k, x := range o {
		nim = nim && c.bday[x] == k && c.nim[x]
	}
	c.nim = append(c.nim, nim)
	return id
}

// HeapForms returns the misère canonical forms of the heaps 0..upto of
// rule, all in one Canon (maxGames bounds the games stored, 0:
// DefaultMaxStates). The forms of wild games grow fast: Kayles' heaps to
// 40 need 0.15 s, to 60 11 s (BENCHMARKS.md).
func HeapForms(ctx context.Context, rule Rule, upto, maxGames int) (*Canon, []int32, error) {
	if maxGames <= 0 {
		maxGames = DefaultMaxStates
	}
	c := NewCanon()
	c.MaxGames, c.ctx = maxGames, ctx
	heaps := make([]int32, upto+1)
	for n := 1; n <= upto; n++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		var opts []int32
		var err error
		rule.EachOption(n, func(parts []int) bool {
			s := int32(0)
			for _, p := range parts {
				if s, err = c.Sum(s, heaps[p]); err != nil {
					return false
				}
			}
			opts = append(opts, s)
			return true
		})
		if err != nil {
			return nil, nil, err
		}
		if heaps[n], err = c.Game(opts); err != nil {
			return nil, nil, err
		}
	}
	return c, heaps, nil
}

// Genus returns Conway's genus of game id (package doc "Genus"); see
// Genera.
func (c *Canon) Genus(ctx context.Context, id int32) (GenusOf, error) {
	g, err := c.Genera(ctx, []int32{id})
	if err != nil {
		return GenusOf{}, err
	}
	return g[0], nil
}

// Genera returns Conway's genus of each game of ids, computed on the
// canonical forms: γk is the misère Grundy value of the game plus k nim
// heaps of 2, and the terms stop where the period-2 tail is proven to
// start, by the argument of (package) Genera: the values F(X, k, i) of X
// + k·*2 + i·*1 over every follower X (i ≤ 1, as two 1s change no misère
// Grundy value) are a function of those with k−1, so once every
// follower's values at k equal those at k−2 they repeat with period 2.
// Those of a misère-equivalent game are the same (G− is n exactly when
// G + *n is a misère P-position), so this is the genus of every game the
// canonical form stands for. All games of the Canon are walked at once,
// level k after level k−1, in the order they were stored (options
// first); stable[x] is the first k from which x and all its followers
// repeat, the larger of its options' and its own first k ≥ that with
// values equal to those at k−2.
func (c *Canon) Genera(ctx context.Context, ids []int32) ([]GenusOf, error) {
	n := len(c.opts)
	const unset = -1
	stable := make([]int, n)
	for i := range stable {
		stable[i] = unset
	}
	var levels [][]int32 // levels[k][2x+i] = F(x, k, i)
	done := func() bool {
		for _, id := range ids {
			if stable[id] == unset {
				return false
			}
		}
		return true
	}
	var seen []bool
	for k := 0; k < GenusMaxTerms && !done(); k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cur := make([]int32, 2*n)
		var prev []int32
		if k > 0 {
			prev = levels[k-1]
		}
		for x := range n {
			o := c.opts[x]
			for i := range 2 {
				m := len(o) + 3
				if cap(seen) < m {
					seen = make([]bool, m)
				}
				seen = seen[:m]
				clear(seen)
				moved := false
				see := func(v int32) {
					moved = true
					if int(v) < m {
						seen[v] = true
					}
				}
				for _, y := range o {
					see(cur[2*int(y)+i])
				}
				if i == 1 {
					see(cur[2*x])
				}
				if prev != nil {
					// A 2 taken whole, or to a 1.
					see(prev[2*x+i])
					see(prev[2*x+1-i])
				}
				v := int32(1)
				if moved {
					v = int32(mex(seen))
				}
				cur[2*x+i] = v
			}
		}
		levels = append(levels, cur)
		if k < 2 {
			continue
		}
		back := levels[k-2]
		for x := range n {
			if stable[x] != unset {
				continue
			}
			ok := cur[2*x] == back[2*x] && cur[2*x+1] == back[2*x+1]
			for _, y := range c.opts[x] {
				ok = ok && stable[y] != unset
			}
			if ok {
				stable[x] = k
			}
		}
	}
	out := make([]GenusOf, len(ids))
	for j, id := range ids {
		g := GenusOf{G: c.plus[id], Cut: stable[id] == unset}
		for k := range levels {
			if !g.Cut && k > stable[id] {
				break
			}
			g.Gamma = append(g.Gamma, int(levels[k][2*int(id)]))
		}
		out[j] = g
	}
	return out, nil
}

// SetContext makes the Canon check ctx as it stores games (every 4096),
// so that a long computation stops when ctx is done.
func (c *Canon) SetContext(ctx context.Context) { c.ctx = ctx }
