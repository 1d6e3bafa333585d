package turning

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
)

// MaxCoin bounds the coins of a rule valued by the recurrence (a rule
// without a closed form).
const MaxCoin = 4096

// MaxClosedCoin bounds the coins of a rule with a closed form.
const MaxClosedCoin = 1 << 62

// MaxValueBits bounds the values the recurrence holds (2^24): the sets
// of nim-sums are bitsets of this many bits. Moebius passes it at coin
// 952 (valuing its coins to 951 takes about 5 s), Mogul near coin 120:
// their values grow as a power of n.
const MaxValueBits = 1 << 24

// unbounded marks a range with no largest number of coins ("3+").
const unbounded = -1

// Part is one element of a turning code: a move turns from Least to Most
// coins (Most unbounded for "A+"), with the modifiers CGSuite's turning
// codes take (game.strip.Turning): consecutive coins (C), all within a
// span of Span adjacent coins (C(n)), equally spaced (E), symmetrically
// placed (S), the leftmost coin of the row among them (F).
type Part struct {
	Least, Most int
	Consecutive bool
	Span        int // 0: no span
	Equal       bool
	Symmetric   bool
	First       bool
}

// Rule is a turning code, CGSuite's notation for coin-turning games
// (game.strip.Turning): a comma-separated list of parts, a move being
// legal when it fits any part. A part is a number of coins K (exactly
// K), a range A-B, or A+ (A or more), followed by modifiers: C when the
// coins turned must be consecutive, C(n) when they must lie within n
// adjacent coins, E equally spaced, S symmetrically placed, F when the
// leftmost coin (coin 1) must be one of them. "1-3" is Mock Turtles, "2"
// Twins, "1+C" Ruler, "3E" Turnips, "4FS" Grunt, "1+S" Sym.
type Rule []Part

// ParseRule reads a turning code.
func ParseRule(code string) (Rule, error) {
	bad := func(part, why string) error {
		return fmt.Errorf("bad turning code %q at %q: %s; a code is parts joined by commas, each K (exactly K coins), A-B or A+ (A or more), then modifiers C (consecutive), C(n) (within n adjacent coins), E (equally spaced), S (symmetric), F (with the leftmost coin): 1-3 (Mock Turtles), 1+C (Ruler), 3E (Turnips), 4FS (Grunt)", code, part, why)
	}
	if code == "" {
		return nil, bad("", "no part")
	}
	var r Rule
	for _, text := range strings.Split(code, ",") {
		s := strings.ToUpper(strings.TrimSpace(text))
		var p Part
		end := strings.IndexFunc(s, func(c rune) bool { return c != '+' && c != '-' && (c < '0' || c > '9') })
		if end < 0 {
			end = len(s)
		}
		mods := s[end:]
		s = s[:end]
		for mods != "" {
			once := func(flag *bool, name string) error {
				if *flag {
					return bad(text, name+" is given twice")
				}
				*flag = true
				return nil
			}
			var err error
			switch c := mods[0]; {
			case c == 'C' && strings.HasPrefix(mods, "C("):
				close := strings.IndexByte(mods, ')')
				if close < 0 {
					return nil, bad(text, "C( is not closed")
				}
				if p.Span != 0 {
					return nil, bad(text, "C(n) is given twice")
				}
				n, e := strconv.Atoi(mods[2:close])
				if e != nil || n < 1 || n > MaxCoin {
					return nil, bad(text, fmt.Sprintf("the span %q is not a number of coins from 1 to %d", mods[2:close], MaxCoin))
				}
				p.Span, mods = n, mods[close+1:]
				continue
			case c == 'C':
				err = once(&p.Consecutive, "C")
			case c == 'E':
				err = once(&p.Equal, "E")
			case c == 'S':
				err = once(&p.Symmetric, "S")
			case c == 'F':
				err = once(&p.First, "F")
			default:
				return nil, bad(text, fmt.Sprintf("%q is not a modifier (C, C(n), E, S, F)", c))
			}
			if err != nil {
				return nil, err
			}
			mods = mods[1:]
		}
		num := func(t string) (int, error) {
			n, err := strconv.Atoi(t)
			if err != nil || n < 1 || n > MaxCoin {
				return 0, bad(text, fmt.Sprintf("%q is not a number of coins from 1 to %d", t, MaxCoin))
			}
			return n, nil
		}
		var err error
		switch {
		case strings.HasSuffix(s, "+"):
			if p.Least, err = num(strings.TrimSuffix(s, "+")); err != nil {
				return nil, err
			}
			p.Most = unbounded
		case strings.Contains(s, "-"):
			a, b, _ := strings.Cut(s, "-")
			if p.Least, err = num(a); err != nil {
				return nil, err
			}
			if p.Most, err = num(b); err != nil {
				return nil, err
			}
			if p.Most < p.Least {
				return nil, bad(text, "the range is empty")
			}
		default:
			if p.Least, err = num(s); err != nil {
				return nil, err
			}
			p.Most = p.Least
		}
		r = append(r, p)
	}
	return r, nil
}

// mods writes a part's modifiers as ParseRule reads them.
func (p Part) mods() string {
	var sb strings.Builder
	if p.Consecutive {
		sb.WriteByte('C')
	}
	if p.Equal {
		sb.WriteByte('E')
	}
	if p.First {
		sb.WriteByte('F')
	}
	if p.Symmetric {
		sb.WriteByte('S')
	}
	if p.Span > 0 {
		sb.WriteString("C(" + strconv.Itoa(p.Span) + ")")
	}
	return sb.String()
}

// String writes the code as ParseRule reads it.
func (r Rule) String() string {
	parts := make([]string, len(r))
	for i, p := range r {
		switch {
		case p.Most == unbounded:
			parts[i] = strconv.Itoa(p.Least) + "+"
		case p.Least == p.Most:
			parts[i] = strconv.Itoa(p.Least)
		default:
			parts[i] = strconv.Itoa(p.Least) + "-" + strconv.Itoa(p.Most)
		}
		parts[i] += p.mods()
	}
	return strings.Join(parts, ",")
}

// Words says the rule in words.
func (r Rule) Words() string {
	parts := make([]string, len(r))
	for i, p := range r {
		switch {
		case p.Most == unbounded:
			parts[i] = fmt.Sprintf("%d or more", p.Least)
		case p.Least == p.Most:
			parts[i] = fmt.Sprintf("exactly %d", p.Least)
		default:
			parts[i] = fmt.Sprintf("%d to %d", p.Least, p.Most)
		}
		var words []string
		if p.Consecutive {
			words = append(words, "consecutive")
		}
		if p.Equal {
			words = append(words, "equally spaced")
		}
		if p.Symmetric {
			words = append(words, "symmetrically placed")
		}
		parts[i] += " " + strings.Join(append(words, "coins"), " ")
		if p.Span > 0 {
			parts[i] += fmt.Sprintf(" within %d adjacent coins", p.Span)
		}
		if p.First {
			parts[i] += " including the leftmost"
		}
	}
	return "turn " + strings.Join(parts, ", or ")
}

// closed returns Winning Ways' closed form of the rule's values (ch. 14),
// or nil: Turning Turtles (1-2), Twins (2), Mock Turtles (1-3, the odious
// numbers), Ruler (1+C, the largest power of 2 dividing n), and one coin
// (1).
func (r Rule) closed() func(n uint64) uint64 {
	switch r.String() {
	case "1", "1C":
		return func(uint64) uint64 { return 1 }
	case "2":
		return func(n uint64) uint64 { return n - 1 }
	case "1-2":
		return func(n uint64) uint64 { return n }
	case "1-3":
		return odious
	case "1+C":
		return func(n uint64) uint64 { return n & -n }
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

// sizeSets are the nim-sums of the sets of distinct coins, among those
// added, whose size is from lo to hi (hi unbounded for no limit): exact[j]
// the sets of exactly j coins for j below the range's top (or below lo,
// when it has none), atLeast the sets of lo coins or more.
type sizeSets struct {
	lo, hi  int
	exact   [][]uint64
	atLeast []uint64 // hi unbounded only
}

func newSizeSets(lo, hi, words int) *sizeSets {
	s := &sizeSets{lo: lo, hi: hi}
	n := hi + 1
	if hi == unbounded {
		n = lo
		s.atLeast = make([]uint64, words)
	}
	s.exact = make([][]uint64, n)
	for j := range s.exact {
		s.exact[j] = make([]uint64, words)
	}
	switch {
	case n > 0:
		s.exact[0][0] = 1 // no coin: the nim-sum 0
	default:
		s.atLeast[0] = 1 // lo = 0: the empty set is one of them
	}
	return s
}

// grow doubles the values the sets hold.
func (s *sizeSets) grow() {
	for j, t := range s.exact {
		s.exact[j] = append(t, make([]uint64, len(t))...)
	}
	if s.atLeast != nil {
		s.atLeast = append(s.atLeast, make([]uint64, len(s.atLeast))...)
	}
}

// add adds a coin worth g: a set and the coin make a set one larger
// (E_j ∪= E_{j−1} ⊕ g, the largest j first so that each set takes the
// coin once; E_{≥lo} ∪= (E_{≥lo} ∪ E_{lo−1}) ⊕ g).
func (s *sizeSets) add(g uint64) {
	if s.atLeast != nil {
		tmp := make([]uint64, len(s.atLeast))
		xorInto(tmp, s.atLeast, g)
		if s.lo > 0 {
			xorInto(tmp, s.exact[s.lo-1], g)
		}
		for w, x := range tmp {
			s.atLeast[w] |= x
		}
	}
	for j := len(s.exact) - 1; j >= 1; j-- {
		xorInto(s.exact[j], s.exact[j-1], g)
	}
}

// word returns the w-th word of the sizes lo … hi.
func (s *sizeSets) word(w int) uint64 {
	var x uint64
	if s.atLeast != nil {
		x = s.atLeast[w]
	}
	for j := s.lo; j < len(s.exact); j++ {
		x |= s.exact[j][w]
	}
	return x
}

func (s *sizeSets) has(x uint64) bool {
	w := int(x / 64)
	return w < len(s.exact0()) && s.word(w)>>(x%64)&1 != 0
}

func (s *sizeSets) exact0() []uint64 {
	if len(s.exact) > 0 {
		return s.exact[0]
	}
	return s.atLeast
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

// Values values the single coins 1 … n of a rule by the recurrence of the
// package doc, and finds the sets of coins with a given nim-sum.
type Values struct {
	rule Rule
	g    []uint64 // g[c] for coins c = 1 … len-1; g[0] = 0, no coin
	// sets[i] holds the nim-sums of the other coins a move of the part i
	// may turn (nil for a consecutive part).
	sets []*sizeSets
	// words is the length of every bitset.
	words int
	// prefix[c] = g(1) ⊕ … ⊕ g(c), for the consecutive parts.
	prefix []uint64
	// first[i], for a part F without a span on plain coins, holds the
	// nim-sums of the sets of coins from 2 on (modifiers.go).
	first []*sizeSets
}

// NewValues starts the values of a rule (no coin valued yet).
func NewValues(r Rule) *Values {
	v := &Values{rule: r, g: []uint64{0}, prefix: []uint64{0}, words: 1}
	v.sets = make([]*sizeSets, len(r))
	v.first = make([]*sizeSets, len(r))
	for i, p := range r {
		switch {
		case p.modified():
			if p.First && p.Span == 0 && !p.Consecutive && !p.Equal && !p.Symmetric {
				v.first[i] = newFirstSets(p)
			}
		case !p.Consecutive:
			v.sets[i] = newSizeSets(p.Least-1, others(p.Most), 1)
		}
	}
	return v
}

// others is the number of coins beside the rightmost for a part's bound.
func others(most int) int {
	if most == unbounded {
		return unbounded
	}
	return most - 1
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
		g := v.mex(c)
		if g >= MaxValueBits {
			return budget.Exceed(budget.Size, MaxValueBits, "coin %d is worth 2^24 or more, past the values this recurrence holds (its sets of nim-sums are bitsets of 2^24 bits)", c)
		}
		v.g = append(v.g, g)
		v.prefix = append(v.prefix, v.prefix[c-1]^g)
		for g >= uint64(64*v.words) {
			for _, s := range append(v.sets, v.first...) {
				if s != nil {
					s.grow()
				}
			}
			v.words *= 2
		}
		for _, s := range v.sets {
			if s != nil {
				s.add(g)
			}
		}
		if c >= 2 {
			for _, s := range v.first {
				if s != nil {
					s.add(g)
				}
			}
		}
	}
	return nil
}

// mex values the coin c: the least nim-sum no move from it leaves.
func (v *Values) mex(c int) uint64 {
	reach := make([]uint64, v.words)
	var runs map[uint64]bool
	for i, p := range v.rule {
		if p.modified() {
			reachModified(reach, p, c, v.g, v.prefix, v.first[i])
			continue
		}
		if s := v.sets[i]; s != nil {
			for w := range reach {
				reach[w] |= s.word(w)
			}
			continue
		}
		// consecutive: the coins c−k+1 … c−1 for k in the part's range
		for k := p.Least; k <= c && (p.Most == unbounded || k <= p.Most); k++ {
			if runs == nil {
				runs = map[uint64]bool{}
			}
			runs[v.prefix[c-1]^v.prefix[c-k]] = true
		}
	}
	for x := uint64(0); ; x++ {
		w := int(x / 64)
		if w < len(reach) && reach[w]>>(x%64)&1 != 0 || runs[x] {
			continue
		}
		return x
	}
}

// maxListedSets bounds the sets of a modified part (modifiers.go) that
// Sets looks at for one coin.
const maxListedSets = 1 << 16

// Sets lists sets of other coins (below c) that a move from the coin c
// may turn with the nim-sum x: every run for a consecutive part, and for
// another part every set of up to two coins and one set of three or more
// (of the coins valued earliest); complete is false when a part allows
// three coins or more beside c.
func (v *Values) Sets(x uint64, c int) (out [][]int, complete bool) {
	complete = true
	for i, p := range v.rule {
		if p.modified() {
			all := eachModifiedSet(p, c, maxListedSets, func(s []int) bool {
				var y uint64
				for _, m := range s {
					y ^= v.g[m]
				}
				if y == x {
					out = append(out, s)
				}
				return true
			})
			complete = complete && all
			continue
		}
		if v.sets[i] == nil {
			for k := p.Least; k <= c && (p.Most == unbounded || k <= p.Most); k++ {
				if v.prefix[c-1]^v.prefix[c-k] == x {
					run := make([]int, 0, k-1)
					for m := c - k + 1; m < c; m++ {
						run = append(run, m)
					}
					out = append(out, run)
				}
			}
			continue
		}
		lo, hi := p.Least-1, others(p.Most)
		fits := func(j int) bool { return j >= lo && (hi == unbounded || j <= hi) }
		if fits(0) && x == 0 {
			out = append(out, nil)
		}
		if fits(1) {
			for m := 1; m < c; m++ {
				if v.g[m] == x {
					out = append(out, []int{m})
				}
			}
		}
		if fits(2) {
			byValue := map[uint64][]int{}
			for m := 1; m < c; m++ {
				byValue[v.g[m]] = append(byValue[v.g[m]], m)
			}
			for a := 1; a < c; a++ {
				for _, b := range byValue[x^v.g[a]] {
					if a < b {
						out = append(out, []int{a, b})
					}
				}
			}
		}
		if hi == unbounded || hi >= 3 {
			// Sets of three coins or more can be very many: one is shown.
			if s, ok := v.set(max(lo, 3), hi, x, c); ok {
				out = append(out, s)
			}
			complete = false
		}
	}
	return out, complete
}

// set returns distinct coins below c, from lo to hi of them, whose values
// nim-sum to x, or false. It values the sets again from the first coin:
// the first coin k at which x becomes such a nim-sum is in every set
// found there, and the rest is a set below k, found the same way.
func (v *Values) set(lo, hi int, x uint64, c int) ([]int, bool) {
	var out []int
	for {
		if lo <= 0 && x == 0 {
			return out, true
		}
		if hi == 0 {
			return nil, false
		}
		s := newSizeSets(max(lo, 0), hi, v.words)
		k := 1
		for ; k < c; k++ {
			s.add(v.g[k])
			if s.has(x) {
				break
			}
		}
		if k >= c {
			return nil, false
		}
		out = append(out, k)
		x ^= v.g[k]
		c = k
		lo--
		if hi != unbounded {
			hi--
		}
	}
}
