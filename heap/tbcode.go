package heap

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
)

// Take-and-break codes in the full notation of CGSuite's
// game.heap.TakeAndBreak (its documentation and TBCode tests are the
// source of the grammar; the code here is written from that description):
//
//	code     = additive digit "." digit* [ "[" digit+ "]" ]
//	digit    = base32 [mod] | "&" decimal ";" [mod] | "*" [mod]
//	         | "{" count ("," count)* ["+"] "}" [mod]
//	base32   = 0-9, A-V (either case): bit i set = may leave exactly i heaps
//	count    = decimal [mod]       (a number of heaps, 0 … 63)
//	mod      = "!" (pairwise unequal) | "?" (not all equal) | "=" (all equal)
//
// Digit j after the point says what removing j tokens may leave; the digit
// just before the point is j = 0 (splitting without taking), and each
// digit further left is a negative j: adding tokens to the heap before
// splitting it. "&N;" is a digit whose bits are the decimal N; "{2,3}"
// lists heap counts, "{2+}" means two or more, "*" any number. A bracketed
// block at the end repeats forever: 0.[3] is Nim. 4!.0 is Grundy's game,
// 8?.0 splits a heap into three heaps not all equal.
//
// Two readings are grundy's own, and stated where they differ from
// CGSuite's program:
//
//   - The modifiers constrain the heaps a move leaves when it leaves two or
//     more; a move that leaves one heap (or none) is never constrained.
//     CGSuite's traversal forbids "?" moves that leave one heap of size 1
//     and allows those that leave one heap of any other size, which its own
//     definition ("heaps cannot all be equal") does not say.
//   - A digit that adds t tokens must leave at least t+2 heaps, so that
//     every heap left is smaller than the heap moved from: with fewer a
//     heap can grow or come back (20.017 adds a token to a heap forever),
//     and the game is loopy, which Sprague–Grundy values of finite play do
//     not describe. Such codes are refused, with the digit's offset.
//
// MaxCount bounds the heaps a move may leave, as CGSuite's codes do
// (63, a 64-bit mask).
const MaxCount = 63

// Constraint says which heap sizes a move that leaves two or more heaps may
// leave.
type Constraint uint8

const (
	// Forbidden: the digit does not allow this many heaps.
	Forbidden Constraint = iota
	// Any sizes.
	Any
	// Distinct: pairwise unequal sizes ("!").
	Distinct
	// NotAllEqual: not all of one size ("?").
	NotAllEqual
	// AllEqual: all of one size ("=").
	AllEqual
)

func (c Constraint) mark() string {
	switch c {
	case Distinct:
		return "!"
	case NotAllEqual:
		return "?"
	case AllEqual:
		return "="
	}
	return ""
}

// Digit is one digit of a take-and-break code: Counts[i] says whether a
// move may leave exactly i non-empty heaps, and under which constraint;
// with More, every count past the last one listed is allowed too, under
// the last one's constraint. Counts has no trailing Forbidden entry.
type Digit struct {
	Counts []Constraint
	More   bool
}

// Allows returns the constraint under which the digit allows leaving k
// heaps (Forbidden when it does not).
func (d Digit) Allows(k int) Constraint {
	if k < len(d.Counts) {
		return d.Counts[k]
	}
	if d.More && len(d.Counts) > 0 {
		return d.Counts[len(d.Counts)-1]
	}
	return Forbidden
}

// IsZero reports whether the digit allows no move.
func (d Digit) IsZero() bool { return len(d.Counts) == 0 }

// Code is a take-and-break code: Digits[j] for removing j tokens (j ≥ 0),
// the last Period of them repeating forever (0: none), and Additive[t-1]
// for adding t tokens.
type Code struct {
	Digits   []Digit
	Period   int
	Additive []Digit
}

// digit returns the digit for removing j tokens (j < 0: adding −j).
func (c *Code) digit(j int) Digit {
	switch {
	case j < 0:
		if -j-1 < len(c.Additive) {
			return c.Additive[-j-1]
		}
		return Digit{}
	case j < len(c.Digits):
		return c.Digits[j]
	case c.Period > 0:
		pre := len(c.Digits) - c.Period
		return c.Digits[pre+(j-pre)%c.Period]
	}
	return Digit{}
}

// maxTake is the largest j with a non-zero digit, or −1 when j is
// unbounded (a repeating block).
func (c *Code) maxTake() int {
	if c.Period > 0 {
		return -1
	}
	return len(c.Digits) - 1
}

// MaxHeaps is the largest number of heaps a move may leave (MaxCount+1
// when it is unbounded).
func (c *Code) MaxHeaps() int {
	most := 0
	for _, ds := range [][]Digit{c.Digits, c.Additive} {
		for _, d := range ds {
			if d.More {
				return MaxCount + 1
			}
			most = max(most, len(d.Counts)-1)
		}
	}
	return most
}

// codeError is a fault at offset of a code (offset counted in the spec
// as typed, so a front end can point at it).
func codeError(spec string, offset int, format string, args ...any) error {
	where := budget.Excerpt(spec, offset)
	if len(spec) <= budget.ExcerptLen {
		where += fmt.Sprintf(" at offset %d", offset) // (Excerpt names it for long inputs)
	}
	return &budget.BadInput{Input: spec, Offset: offset,
		Msg: fmt.Sprintf("bad take-and-break code %s: %s", where, fmt.Sprintf(format, args...))}
}

// ParseCode reads a take-and-break code in CGSuite's notation. spec is
// the text the code came in and start the code's offset in it, for
// errors (a *budget.BadInput with the offset of the fault). base limits
// the plain digits (8 for an octal code, 16 for hex, 32 for any).
func ParseCode(spec string, start, base int) (*Code, error) {
	return ParseCodeIn(spec, start, len(spec), base)
}

// ParseCodeIn is ParseCode of the code spec[start:end], errors pointing
// into spec (a cake product's spec holds two codes).
func ParseCodeIn(spec string, start, end, base int) (*Code, error) {
	s := spec[start:end]
	bad := func(i int, format string, args ...any) error {
		return codeError(spec, start+i, format, args...)
	}
	if s == "" {
		return nil, bad(0, "the code is empty (e.g. 0.77, 4!.0, 0.[3])")
	}
	if len(s) > 4*MaxCodeDigits {
		return nil, bad(0, "%d characters, at most %d", len(s), 4*MaxCodeDigits)
	}
	var before, after []Digit
	var digitAt []int // offsets of the additive digits, for errors
	point, open, closed := -1, -1, false
	for i := 0; i < len(s); {
		ch := s[i]
		switch ch {
		case '.':
			if point >= 0 {
				return nil, bad(i, "a second point")
			}
			if len(before) == 0 {
				return nil, bad(i, "no digit before the point (write 0.7, not .7)")
			}
			point = i
			i++
			continue
		case '[':
			if point < 0 {
				return nil, bad(i, "a repeating block may only follow the point")
			}
			if open >= 0 {
				return nil, bad(i, "a second repeating block")
			}
			open = len(after)
			i++
			continue
		case ']':
			if open < 0 || closed {
				return nil, bad(i, "']' without '['")
			}
			if i != len(s)-1 {
				return nil, bad(i+1, "nothing may follow the repeating block")
			}
			if open == len(after) {
				return nil, bad(i, "the repeating block is empty")
			}
			closed = true
			i++
			continue
		}
		d, n, err := parseDigit(s, i, base, bad)
		if err != nil {
			return nil, err
		}
		if point < 0 {
			before = append(before, d)
			digitAt = append(digitAt, i)
		} else {
			if len(after) >= MaxCodeDigits {
				return nil, bad(i, "more than %d digits after the point", MaxCodeDigits)
			}
			after = append(after, d)
		}
		i += n
	}
	if point < 0 {
		return nil, bad(len(s), "no point (write 4.0 or 0.77; a block [..] repeats the digits after the point)")
	}
	if open >= 0 && !closed {
		return nil, bad(len(s), "the repeating block is not closed with ']'")
	}
	c := &Code{Digits: append([]Digit{before[len(before)-1]}, after...)}
	if open >= 0 {
		c.Period = len(after) - open
	}
	for t := 1; t < len(before); t++ {
		c.Additive = append(c.Additive, before[len(before)-1-t])
	}
	// Digit 0 may not leave one heap: that move would be a pass.
	if c.Digits[0].Allows(1) != Forbidden {
		return nil, bad(digitAt[len(digitAt)-1], "the digit before the point may not leave one heap (taking nothing and leaving one heap is a pass, and play need not end)")
	}
	if c.Digits[0].Allows(0) != Forbidden {
		// Taking nothing and leaving nothing is a move from the empty
		// heap only, which is no heap: drop it.
		c.Digits[0] = withoutCount(c.Digits[0], 0)
	}
	for t, d := range c.Additive {
		for k := 0; k <= t+2 && k < MaxCount; k++ {
			if d.Allows(k) != Forbidden {
				return nil, bad(digitAt[len(digitAt)-2-t], "this digit adds %d and may leave %d heap(s), so a heap could grow back and play need not end (one that adds %d must leave at least %d heaps)", t+1, k, t+1, t+3)
			}
		}
	}
	c.normalize()
	return c, nil
}

// parseDigit reads one digit at s[i:], returning it and its length.
func parseDigit(s string, i, base int, bad func(int, string, ...any) error) (Digit, int, error) {
	modAt := func(j int) (Constraint, int) {
		if j < len(s) {
			switch s[j] {
			case '!':
				return Distinct, 1
			case '?':
				return NotAllEqual, 1
			case '=':
				return AllEqual, 1
			}
		}
		return Any, 0
	}
	switch ch := s[i]; {
	case ch == '*':
		c, n := modAt(i + 1)
		return Digit{Counts: []Constraint{c}, More: true}, 1 + n, nil
	case ch == '&':
		end := strings.IndexByte(s[i:], ';')
		if end < 0 {
			return Digit{}, 0, bad(i, "'&' opens a digit by number that no ';' closes (write &31;)")
		}
		mask, err := strconv.ParseUint(s[i+1:i+end], 10, 64)
		if err != nil || mask >= 1<<MaxCount {
			return Digit{}, 0, bad(i+1, "%q is not a mask from 0 to 2^%d-1", s[i+1:i+end], MaxCount)
		}
		c, n := modAt(i + end + 1)
		return maskDigit(mask, c), end + 1 + n, nil
	case ch == '{':
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return Digit{}, 0, bad(i, "'{' opens a list of heap counts that no '}' closes")
		}
		global, n := modAt(i + end + 1)
		d, err := countList(s, i+1, i+end, global, bad)
		return d, end + 1 + n, err
	}
	v := strings.IndexByte("0123456789ABCDEFGHIJKLMNOPQRSTUV", upper(s[i]))
	if v < 0 || v >= base {
		allowed := map[int]string{8: "0-7", 16: "0-9 and A-F", 32: "0-9 and A-V"}[base]
		return Digit{}, 0, bad(i, "%q is not a digit (allowed: %s, &N;, {…}, *)", s[i], allowed)
	}
	c, n := modAt(i + 1)
	return maskDigit(uint64(v), c), 1 + n, nil
}

func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// countList reads the heap counts of "{…}" in s[lo:hi].
func countList(s string, lo, hi int, global Constraint, bad func(int, string, ...any) error) (Digit, error) {
	body := s[lo:hi]
	more := strings.HasSuffix(body, "+")
	if more {
		body = body[:len(body)-1]
	}
	var d Digit
	last, at := -1, lo
	for _, tok := range strings.Split(body, ",") {
		c := global
		if tok != "" {
			switch tok[len(tok)-1] {
			case '!', '?', '=':
				if global != Any {
					return Digit{}, bad(at+len(tok)-1, "a heap count has a modifier and so has the whole list")
				}
				c = map[byte]Constraint{'!': Distinct, '?': NotAllEqual, '=': AllEqual}[tok[len(tok)-1]]
				tok = tok[:len(tok)-1]
			}
		}
		k, err := strconv.Atoi(tok)
		if err != nil || k < 0 || k > MaxCount || strings.HasPrefix(tok, "+") {
			return Digit{}, bad(at, "%q is not a number of heaps from 0 to %d", tok, MaxCount)
		}
		for len(d.Counts) <= k {
			d.Counts = append(d.Counts, Forbidden)
		}
		d.Counts[k] = c
		if k > last {
			last = k
		}
		at += len(tok) + 1
		if c != global {
			at++
		}
	}
	d.More = more
	return d, nil
}

func maskDigit(mask uint64, c Constraint) Digit {
	var d Digit
	for k := 0; mask != 0; k++ {
		if mask&1 != 0 {
			for len(d.Counts) <= k {
				d.Counts = append(d.Counts, Forbidden)
			}
			d.Counts[k] = c
		}
		mask >>= 1
	}
	return d
}

func withoutCount(d Digit, k int) Digit {
	if d.Allows(k) == Forbidden {
		return d
	}
	if k >= len(d.Counts)-1 && d.More {
		// k is in the unbounded tail: list it apart.
		c := d.Counts[len(d.Counts)-1]
		for len(d.Counts) <= k+1 {
			d.Counts = append(d.Counts, c)
		}
	}
	d.Counts = append([]Constraint(nil), d.Counts...)
	d.Counts[k] = Forbidden
	return d
}

// normalize puts the code in the form CGSuite writes: constraints on
// fewer than two heaps are Any (they constrain nothing), a tail that the
// More flag repeats is listed once, trailing zero digits and a repeating
// block of zeros are dropped. (A block is kept as written: 0.3[3] and
// 0.[3] are the same game written two ways, as in CGSuite.)
func (c *Code) normalize() {
	for _, ds := range [][]Digit{c.Digits, c.Additive} {
		for i := range ds {
			ds[i] = normalDigit(ds[i])
		}
	}
	if c.Period > 0 {
		zero := true
		for _, d := range c.Digits[len(c.Digits)-c.Period:] {
			zero = zero && d.IsZero()
		}
		if zero {
			c.Digits = c.Digits[:len(c.Digits)-c.Period]
			c.Period = 0
		}
	}
	if c.Period == 0 {
		for len(c.Digits) > 1 && c.Digits[len(c.Digits)-1].IsZero() {
			c.Digits = c.Digits[:len(c.Digits)-1]
		}
	}
	for len(c.Additive) > 0 && c.Additive[len(c.Additive)-1].IsZero() {
		c.Additive = c.Additive[:len(c.Additive)-1]
	}
}

func normalDigit(d Digit) Digit {
	out := Digit{Counts: append([]Constraint(nil), d.Counts...), More: d.More}
	if out.More && len(out.Counts) == 0 {
		out.More = false
	}
	if out.More {
		// The repeated constraint is held at count 2 or beyond, where it
		// binds (counts 0 and 1 are unconstrained below).
		for len(out.Counts) < 3 {
			out.Counts = append(out.Counts, out.Counts[len(out.Counts)-1])
		}
	}
	for k := 0; k < len(out.Counts) && k < 2; k++ {
		if out.Counts[k] != Forbidden {
			out.Counts[k] = Any
		}
	}
	if out.More {
		// {2,3,4+} is {2+}: the tail is listed once.
		for n := len(out.Counts); n > 3 && out.Counts[n-2] == out.Counts[n-1]; n-- {
			out.Counts = out.Counts[:n-1]
		}
	} else {
		for len(out.Counts) > 0 && out.Counts[len(out.Counts)-1] == Forbidden {
			out.Counts = out.Counts[:len(out.Counts)-1]
		}
	}
	return out
}

func digitEqual(a, b Digit) bool {
	if a.More != b.More || len(a.Counts) != len(b.Counts) {
		return false
	}
	for i := range a.Counts {
		if a.Counts[i] != b.Counts[i] {
			return false
		}
	}
	return true
}

// String writes the code as ParseCode reads it (ParseCode(c.String())
// gives c again): base-32 digits where they say it all, &N; for masks of
// 32 and more, lists in braces otherwise.
func (c *Code) String() string {
	var sb strings.Builder
	for t := len(c.Additive) - 1; t >= 0; t-- {
		sb.WriteString(c.Additive[t].String())
	}
	sb.WriteString(c.Digits[0].String())
	sb.WriteByte('.')
	pre := len(c.Digits) - c.Period
	if len(c.Digits) == 1 {
		sb.WriteByte('0')
	}
	for j := 1; j < len(c.Digits); j++ {
		if j == pre && c.Period > 0 {
			sb.WriteByte('[')
		}
		sb.WriteString(c.Digits[j].String())
	}
	if c.Period > 0 {
		sb.WriteByte(']')
	}
	return sb.String()
}

// String writes one digit.
func (d Digit) String() string {
	if d.IsZero() {
		return "0"
	}
	// The constraint of counts of two heaps and more, when there is one.
	var tail Constraint = Any
	one := true
	for k := 2; k < len(d.Counts); k++ {
		if d.Counts[k] == Forbidden {
			continue
		}
		if tail == Any || tail == d.Counts[k] {
			if tail == Any && k > 2 && d.Counts[k] != Any && hasFree(d, 2, k) {
				one = false
			}
			tail = d.Counts[k]
		} else {
			one = false
		}
	}
	if one && !d.More {
		var mask uint64
		for k, c := range d.Counts {
			if c != Forbidden {
				mask |= 1 << k
			}
		}
		if mask < 32 {
			return string("0123456789ABCDEFGHIJKLMNOPQRSTUV"[mask]) + tail.mark()
		}
		return "&" + strconv.FormatUint(mask, 10) + ";" + tail.mark()
	}
	if one && d.More {
		// The run of counts allowed to the end starts at run: those
		// before it are listed, the run is "run+" (or "*" from 0).
		run := len(d.Counts) - 1
		for run > 0 && d.Counts[run-1] != Forbidden {
			run--
		}
		if run == 0 {
			return "*" + tail.mark()
		}
		var parts []string
		for k := 0; k < run; k++ {
			if d.Counts[k] != Forbidden {
				parts = append(parts, strconv.Itoa(k))
			}
		}
		parts = append(parts, strconv.Itoa(run)+"+")
		return "{" + strings.Join(parts, ",") + "}" + tail.mark()
	}
	var parts []string
	for k, c := range d.Counts {
		if c == Forbidden {
			continue
		}
		p := strconv.Itoa(k)
		if k >= 2 {
			p += c.mark()
		}
		parts = append(parts, p)
	}
	s := "{" + strings.Join(parts, ",")
	if d.More {
		s += "+"
	}
	return s + "}"
}

// hasFree reports whether some count in [lo, hi) is allowed with Any.
func hasFree(d Digit, lo, hi int) bool {
	for k := lo; k < hi && k < len(d.Counts); k++ {
		if d.Counts[k] == Any {
			return true
		}
	}
	return false
}

// classic turns the code into the digits of the heap engine's fast paths
// when it is an octal or hexadecimal code of the classic kind (at most
// three heaps, no constraint but Grundy's unequal split, no adding, a
// repeating block only of one digit that leaves at most one heap), and
// reports whether it could.
func (c *Code) classic() (digits []uint8, tail uint8, unequal, ok bool) {
	if len(c.Additive) > 0 {
		return nil, 0, false, false
	}
	two := Forbidden // the constraint of every split into two
	conv := func(d Digit) (uint8, bool) {
		if d.More || len(d.Counts) > 4 {
			return 0, false
		}
		var b uint8
		for k, cs := range d.Counts {
			switch {
			case cs == Forbidden:
				continue
			case k == 2:
				if cs == AllEqual || two != Forbidden && two != cs && !(two == Distinct && cs == NotAllEqual || two == NotAllEqual && cs == Distinct) {
					return 0, false
				}
				two = cs
			case k == 3 && cs != Any:
				return 0, false
			}
			b |= 1 << k
		}
		return b, true
	}
	n := len(c.Digits) - c.Period
	for j := 0; j < n; j++ {
		b, ok := conv(c.Digits[j])
		if !ok {
			return nil, 0, false, false
		}
		digits = append(digits, b)
	}
	if c.Period > 0 {
		if c.Period != 1 {
			return nil, 0, false, false
		}
		b, ok := conv(c.Digits[len(c.Digits)-1])
		if !ok || b&^(LeaveNone|LeaveOne) != 0 {
			return nil, 0, false, false
		}
		tail = b
	}
	unequal = two == Distinct || two == NotAllEqual
	if unequal {
		for _, b := range digits {
			if b&LeaveThree != 0 {
				return nil, 0, false, false // the engine's Unequal is for two heaps
			}
		}
	}
	if len(digits) == 0 {
		digits = []uint8{0}
	}
	return digits, tail, unequal, true
}

// eachPartition calls f with every way to leave m tokens as exactly k
// non-empty heaps under constraint cs, heaps in non-decreasing order, the
// first heap's size ascending (CGSuite's order); it stops when f returns
// false and reports whether it ran to the end.
func eachPartition(m, k int, cs Constraint, buf []int, f func([]int) bool) bool {
	if k == 0 {
		return m != 0 || f(buf[:0])
	}
	if k == 1 {
		return m < 1 || f(append(buf[:0], m))
	}
	if cs == AllEqual {
		if m%k != 0 || m < k {
			return true
		}
		buf = buf[:0]
		for range k {
			buf = append(buf, m/k)
		}
		return f(buf)
	}
	parts := buf[:k]
	var rec func(i, lo, rem int) bool
	rec = func(i, lo, rem int) bool {
		left := k - i // heaps still to place, this one included
		if left == 1 {
			if rem < lo {
				return true
			}
			parts[i] = rem
			if cs == NotAllEqual && parts[0] == rem {
				return true
			}
			return f(parts)
		}
		for a := lo; ; a++ {
			need := a * left
			if cs == Distinct {
				need = left*a + left*(left-1)/2
			}
			if need > rem {
				return true
			}
			parts[i] = a
			next := a
			if cs == Distinct {
				next = a + 1
			}
			if !rec(i+1, next, rem-a) {
				return false
			}
		}
	}
	return rec(0, 1, m)
}

// eachCodeOption calls f with every option of a heap of n under the code,
// in CGSuite's order (tokens taken ascending from the most added, then the
// number of heaps, then the heaps); f must not keep the slice.
func (c *Code) eachCodeOption(n int, f func([]int) bool) {
	buf := make([]int, 0, 8)
	top := n
	if mt := c.maxTake(); mt >= 0 {
		top = min(n, mt)
	}
	for j := -len(c.Additive); j <= top; j++ {
		d := c.digit(j)
		if d.IsZero() {
			continue
		}
		m := n - j
		most := len(d.Counts) - 1
		if d.More {
			most = m
		}
		for k := 0; k <= min(most, m); k++ {
			cs := d.Allows(k)
			if cs == Forbidden {
				continue
			}
			if cap(buf) < k {
				buf = make([]int, 0, k)
			}
			if !eachPartition(m, k, cs, buf, f) {
				return
			}
		}
	}
}

// countBits is the number of heap counts below 64 a digit allows.
func (d Digit) countBits() int {
	var mask uint64
	for k, c := range d.Counts {
		if c != Forbidden {
			mask |= 1 << k
		}
	}
	return bits.OnesCount64(mask)
}
