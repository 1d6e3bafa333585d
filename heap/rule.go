package heap

import (
	"fmt"

	"github.com/grundy-go/grundy/budget"
	"slices"
	"strconv"
	"strings"
)

// Bits of a code digit: what a move that removes k tokens may leave.
const (
	LeaveNone  = 1 << 0 // nothing: the heap had exactly k tokens
	LeaveOne   = 1 << 1 // one non-empty heap
	LeaveTwo   = 1 << 2 // two non-empty heaps
	LeaveThree = 1 << 3 // three non-empty heaps (hexadecimal codes only)
)

// Limits on rule descriptions: far beyond any game in the literature, small
// enough that a typo cannot ask for gigabytes.
const (
	MaxCodeDigits = 4096      // digits after the point of an octal or hex code
	MaxAmount     = 1_000_000 // largest amount in a subtraction set (subtract:S, allbut:S), in seq and solve alike
	MaxSetSize    = 10_000    // amounts in a subtraction set
)

// AmountRange says which amounts a subtraction set may hold, in the words
// of every error about one.
var AmountRange = fmt.Sprintf("amounts are integers from 1 to %d", MaxAmount)

// Rule is a take-and-break game on one heap. A move removes k tokens from a
// heap and leaves the rest as 0, 1, 2 or 3 non-empty heaps, as the code
// digit of k allows (bit i of the digit: it may leave i heaps; Winning Ways
// ch. 4). Digit 0 (k = 0) may only split.
//
// A Rule is plain data: it is safe to copy and to share between goroutines.
type Rule struct {
	// Spec is the canonical spec, e.g. "kayles", "octal:0.137", "subtract:1,3,4".
	Spec string
	// Digits[k] is the code digit for removing k tokens.
	Digits []uint8
	// Tail is the digit for every k >= len(Digits): 0 for finite codes,
	// 3 for "take any number" (Lasker's Nim, Nim, subtract-all-but). Only
	// LeaveNone and LeaveOne may be set.
	Tail uint8
	// Fib adds the digit 3 for every Fibonacci number k >= 1: the
	// subtraction game whose set is the Fibonacci numbers.
	Fib bool
	// Unequal restricts the two heaps a split leaves to unequal sizes
	// (Grundy's game).
	Unequal bool
	// Code, when not nil, is a take-and-break code in CGSuite's full
	// notation (tbcode.go) that the digits above cannot say: moves that
	// leave four heaps or more, constraints on the heaps left, repeating
	// blocks, added tokens. Its values come from computeCode, not the
	// engine's fast paths, and Digits, Tail, Fib and Unequal are unused.
	Code *Code
}

// Finite reports whether the rule is a finite octal or hexadecimal code:
// finitely many non-zero digits and no Grundy-game restriction, the
// hypothesis of the Guy–Smith periodicity theorem.
func (r *Rule) Finite() bool { return r.Tail == 0 && !r.Fib && !r.Unequal && r.Code == nil }

// MaxRemove is the largest k with a non-zero digit (t in Guy–Smith), for a
// finite rule.
func (r *Rule) MaxRemove() int {
	for k := len(r.Digits) - 1; k >= 0; k-- {
		if r.Digits[k] != 0 {
			return k
		}
	}
	return 0
}

// MaxHeaps is the largest number of heaps a move may leave.
func (r *Rule) MaxHeaps() int {
	if r.Code != nil {
		return r.Code.MaxHeaps()
	}
	var or uint8
	for _, d := range r.Digits {
		or |= d
	}
	switch {
	case or&LeaveThree != 0:
		return 3
	case or&LeaveTwo != 0:
		return 2
	}
	return 1
}

// PureSubtraction reports whether every non-zero digit is 3: the heap just
// shrinks by k (possibly to nothing), a subtraction game.
func (r *Rule) PureSubtraction() bool {
	if r.Code != nil {
		return false
	}
	for _, d := range r.Digits {
		if d != 0 && d != 3 {
			return false
		}
	}
	return r.Tail == 0 || r.Tail == 3
}

// Named games: the aliases accepted by Parse, with what they mean.
var named = map[string]struct {
	code, about string
}{
	"kayles":      {"0.77", "Kayles: knock down one pin or two adjacent pins (octal 0.77)"},
	"dawson":      {"0.137", "Dawson's chess (octal 0.137; 0.07, Dawson's Kayles, has the same values shifted by one)"},
	"guiles":      {"0.15", "Guiles (octal 0.15)"},
	"treblecross": {"0.11337", "Treblecross: G(n) of an empty strip of n cells (octal 0.11337, which is 0.007 shifted by two)"},
}

// Parse turns a game spec into a Rule. Accepted specs: kayles, dawson,
// guiles, treblecross, grundy-game, lasker, nim, fib, octal:CODE, hex:CODE,
// subtract:S and allbut:S (see Names). Errors say what is allowed.
func Parse(spec string) (*Rule, error) {
	name, params, hasParams := strings.Cut(spec, ":")
	noParams := func(r *Rule) (*Rule, error) {
		if hasParams {
			return nil, fmt.Errorf("game %q takes no parameters, got %q", name, params)
		}
		return r, nil
	}
	if n, ok := named[name]; ok {
		r, err := parseCode(n.code, 0, 8)
		if err != nil {
			panic(err)
		}
		r.Spec = name
		return noParams(r)
	}
	switch name {
	case "grundy-game":
		return noParams(&Rule{Spec: name, Digits: []uint8{LeaveTwo}, Unequal: true})
	case "lasker":
		return noParams(&Rule{Spec: name, Digits: []uint8{LeaveTwo}, Tail: 3})
	case "nim":
		return noParams(&Rule{Spec: name, Digits: []uint8{0}, Tail: 3})
	case "fib":
		return noParams(&Rule{Spec: name, Digits: []uint8{0}, Fib: true})
	case "octal", "hex", "tb", "subtract", "allbut":
		if !hasParams || params == "" {
			return nil, fmt.Errorf("game %q needs parameters, e.g. %s", name, map[string]string{
				"octal": "octal:0.137", "hex": "hex:0.F", "tb": "tb:4!.0", "subtract": "subtract:1,3,4", "allbut": "allbut:1,2"}[name])
		}
	default:
		return nil, fmt.Errorf("unknown heap game %q; heap games are kayles, dawson, guiles, treblecross, grundy-game, lasker, nim, fib, octal:CODE, hex:CODE, tb:CODE, subtract:S, allbut:S", name)
	}
	switch name {
	case "octal":
		if plainCode(params) {
			return parseCode(spec, len(name)+1, 8)
		}
		return parseGeneral(spec, name, 8)
	case "hex":
		if plainCode(params) {
			return parseCode(spec, len(name)+1, 16)
		}
		return parseGeneral(spec, name, 16)
	case "tb":
		return parseGeneral(spec, name, 32)
	}
	set, err := parseSet(params)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	spec = name + ":" + joinInts(set)
	if name == "subtract" {
		r := &Rule{Spec: spec, Digits: make([]uint8, set[len(set)-1]+1)}
		for _, s := range set {
			r.Digits[s] = 3
		}
		return r, nil
	}
	r := &Rule{Spec: spec, Digits: make([]uint8, set[len(set)-1]+1), Tail: 3}
	for k := 1; k < len(r.Digits); k++ {
		r.Digits[k] = 3
	}
	for _, s := range set {
		r.Digits[s] = 0
	}
	return r, nil
}

// plainCode reports whether code is an octal or hex code of the classic
// form (one digit, a point, digits), which parseCode reads with its own
// words; anything else is CGSuite's general notation (ParseCode).
func plainCode(code string) bool {
	if strings.ContainsAny(code, "!?=[]{}&*") {
		return false
	}
	intPart, _, _ := strings.Cut(code, ".")
	return len(intPart) <= 1
}

// parseGeneral reads a code in CGSuite's full notation (tbcode.go) from
// the spec name:CODE. A code the engine's digits can say becomes those
// digits (the fast paths, and Guy–Smith proofs for finite codes); any
// other keeps its Code.
func parseGeneral(spec, name string, base int) (*Rule, error) {
	c, err := ParseCode(spec, len(name)+1, base)
	if err != nil {
		return nil, err
	}
	return codeRule(c, name), nil
}

// ParseTB reads the take-and-break code spec[start:end] (CGSuite's
// notation) as the rule tb:CODE, errors pointing into spec.
func ParseTB(spec string, start, end int) (*Rule, error) {
	c, err := ParseCodeIn(spec, start, end, 32)
	if err != nil {
		return nil, err
	}
	return codeRule(c, "tb"), nil
}

// codeRule is the rule of a code read under name (octal, hex or tb).
func codeRule(c *Code, name string) *Rule {
	r := &Rule{Spec: name + ":" + c.String()}
	if digits, tail, unequal, ok := c.classic(); ok {
		r.Digits, r.Tail, r.Unequal = digits, tail, unequal
		if name != "tb" && !unequal && tail == 0 && len(c.Additive) == 0 {
			r.Spec = name + ":" + formatCode(digits)
		}
		return r
	}
	r.Code = c
	return r
}

// parseCode parses an octal (base 8) or hexadecimal (base 16) code of
// the classic form, spec[start:], such as "0.137", ".137", "4.07" or
// "0.F"; errors are *budget.BadInput with the offset of the fault in
// spec.
func parseCode(spec string, start, base int) (*Rule, error) {
	code := spec[start:]
	what, digitsAllowed, before := "octal", "0-7", "0 or 4"
	if base == 16 {
		what, digitsAllowed, before = "hex", "0-9 and A-F", "0, 4, 8 or C"
	}
	bad := func(i int, format string, args ...any) error {
		return classicError(spec, start+i, what, fmt.Sprintf(format, args...))
	}
	intPart, frac, hasPoint := strings.Cut(code, ".")
	if !hasPoint {
		frac = ""
	}
	if len(intPart) > 1 {
		return nil, bad(0, "expected one digit before the point (%s), like 0.137", before)
	}
	if len(frac) > MaxCodeDigits {
		return nil, bad(len(intPart)+1+MaxCodeDigits, "%d digits after the point, at most %d", len(frac), MaxCodeDigits)
	}
	digits := make([]uint8, 0, len(frac)+1)
	if intPart == "" {
		digits = append(digits, 0)
	}
	for i := 0; i < len(code); i++ {
		if i == len(intPart) && hasPoint {
			continue // the point
		}
		c := code[i]
		d, err := strconv.ParseUint(string(c), base, 8)
		if err != nil || c == '+' || c == '-' {
			return nil, bad(i, "%q is not a digit (allowed: %s)", c, digitsAllowed)
		}
		digits = append(digits, uint8(d))
	}
	if digits[0]&(LeaveNone|LeaveOne) != 0 {
		return nil, bad(0, "the digit before the point must be %s (removing nothing may only split a heap; anything else is a pass)", before)
	}
	for len(digits) > 1 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	r := &Rule{Digits: digits}
	r.Spec = what + ":" + formatCode(digits)
	return r, nil
}

// classicError is a fault at offset of an octal or hex code.
func classicError(spec string, offset int, what, msg string) error {
	where := budget.Excerpt(spec, offset)
	if len(spec) <= budget.ExcerptLen {
		where += fmt.Sprintf(" at offset %d", offset)
	}
	return &budget.BadInput{Input: spec, Offset: offset, Msg: fmt.Sprintf("bad %s code %s: %s", what, where, msg)}
}

func formatCode(digits []uint8) string {
	var sb strings.Builder
	for i, d := range digits {
		if i == 1 {
			sb.WriteByte('.')
		}
		sb.WriteString(strings.ToUpper(strconv.FormatUint(uint64(d), 16)))
	}
	if len(digits) == 1 {
		sb.WriteString(".0")
	}
	return sb.String()
}

// parseSet parses a comma-separated set of amounts 1..MaxAmount; the result
// is sorted, without duplicates.
func parseSet(s string) ([]int, error) {
	fields := strings.Split(s, ",")
	if len(fields) > MaxSetSize {
		return nil, fmt.Errorf("at most %d amounts, got %d", MaxSetSize, len(fields))
	}
	var set []int
	for _, f := range fields {
		f = strings.TrimSpace(f)
		if f == "" {
			return nil, fmt.Errorf("empty amount in %q: expected positive integers separated by commas, like 1,3,4", s)
		}
		n, err := strconv.Atoi(f)
		if err == nil && (n < 1 || n > MaxAmount) {
			return nil, fmt.Errorf("bad amount %d in the subtraction set: %s", n, AmountRange)
		}
		if err != nil {
			return nil, fmt.Errorf("bad amount %q: %s", f, AmountRange)
		}
		set = append(set, n)
	}
	slices.Sort(set)
	return slices.Compact(set), nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// Options of a heap n: each is a list of heap sizes (0, 1, 2 or 3 heaps).
// EachOption calls f with every option of a heap of n, in order of k and
// then of the first heap's size; f must not keep the slice. It stops when f
// returns false.
func (r *Rule) EachOption(n int, f func(heaps []int) bool) {
	if r.Code != nil {
		r.Code.eachCodeOption(n, f)
		return
	}
	buf := make([]int, 0, 3)
	digit := func(k int) uint8 {
		if k < len(r.Digits) {
			d := r.Digits[k]
			if r.Fib && k >= 1 && isFib(k) {
				d |= 3
			}
			return d
		}
		if r.Fib && isFib(k) {
			return 3 | r.Tail
		}
		return r.Tail
	}
	for k := 0; k <= n; k++ {
		d := digit(k)
		if d == 0 {
			continue
		}
		m := n - k
		if d&LeaveNone != 0 && m == 0 && !f(buf[:0]) {
			return
		}
		if d&LeaveOne != 0 && m >= 1 && !f(append(buf[:0], m)) {
			return
		}
		if d&LeaveTwo != 0 {
			for a := 1; 2*a <= m; a++ {
				if r.Unequal && 2*a == m {
					continue
				}
				if !f(append(buf[:0], a, m-a)) {
					return
				}
			}
		}
		if d&LeaveThree != 0 {
			for a := 1; 3*a <= m; a++ {
				for b := a; a+2*b <= m; b++ {
					if !f(append(buf[:0], a, b, m-a-b)) {
						return
					}
				}
			}
		}
	}
}

func isFib(k int) bool {
	a, b := 1, 2
	for a < k {
		a, b = b, a+b
	}
	return a == k
}
