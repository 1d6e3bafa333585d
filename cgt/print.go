package cgt

import (
	"github.com/grundy-go/grundy/cgt/notation"
	"strconv"
	"strings"
)

// String writes g in CGSuite's notation: numbers ("-3/4"), nimbers
// ("*3"), ups and downs ("^", "^^", "^5", "v", "vv*"), their sums
// ("1/2^*"), switches "+-x" for {x|-x} with x a number, and
// otherwise braces with CGSuite's slash convention: an option that is the
// only one on its side loses its braces and the bars around it grow, so
// {{2|0}|-1} is written {2|0||-1}. Parse reads every string String writes
// back to the same game.
func (s *Space) String(g Game) string {
	str, _ := s.StringLimit(g, 0)
	return str
}

// StringLimit is String with a bound on the length of the text: the
// canonical form of a sum of many hot games can be exponentially long. It
// returns false, and no text, when the text would exceed max bytes (0
// means no bound); the length is estimated from above (nested options
// are counted once more for each level), so a text somewhat shorter than
// max may be refused too.
func (s *Space) StringLimit(g Game, max int) (str string, ok bool) {
	f := &formatter{s: s, max: max, memo: map[Game]formatted{}}
	defer func() {
		if r := recover(); r != nil {
			if r != errTooLong {
				panic(r)
			}
			str, ok = "", false
		}
	}()
	str, lvl := f.format(g)
	if lvl > 0 {
		str = "{" + str + "}"
	}
	return str, true
}

type formatted struct {
	str string
	lvl int
}

type formatter struct {
	s     *Space
	max   int
	total int // bytes produced so far: an upper estimate of the text's length
	memo  map[Game]formatted
}

// errTooLong stops a formatter whose text passed its bound; StringLimit
// recovers it.
var errTooLong = new(struct{ tooLong bool })

func (f *formatter) format(g Game) (string, int) {
	if r, ok := f.memo[g]; ok {
		f.grow(len(r.str))
		return r.str, r.lvl
	}
	str, lvl := f.formatNew(g)
	f.memo[g] = formatted{str, lvl}
	return str, lvl
}

func (f *formatter) grow(n int) {
	f.total += n
	if f.max > 0 && f.total > f.max {
		panic(errTooLong)
	}
}

// String writes an option in full, braces included.
func (f *formatter) String(g Game) string {
	str, lvl := f.format(g)
	if lvl > 0 {
		return "{" + str + "}"
	}
	return str
}

// formatNew returns g's text and its bar level: 0 for an atom written
// without braces, else the number of bars between its sides (the text is
// then given without its outer braces).
func (f *formatter) formatNew(g Game) (string, int) {
	s := f.s
	n := s.nodes.at(g)
	if n.isNus {
		return formatNus(n.v), 0
	}
	if str, ok := f.special(g); ok {
		return str, 0
	}
	L, R := n.left, n.right
	side := func(opts []Game) (string, int) {
		if len(opts) == 1 {
			return f.format(opts[0])
		}
		return strings.Join(f.sortedParts(opts), ","), 0
	}
	ls, ll := side(L)
	rs, rl := side(R)
	// CGSuite's slashes: braces rather than more than MaxSlashes bars.
	str, lvl := notation.JoinSides(ls, ll, rs, rl)
	f.grow(len(str))
	return str, lvl
}

func formatNus(v nus) string {
	var sb strings.Builder
	if v.num.Sign() != 0 || v.isNumber() {
		sb.WriteString(v.num.String())
	}
	switch u := v.up; {
	case u == 1:
		sb.WriteString("^")
	case u == 2:
		sb.WriteString("^^")
	case u > 2:
		sb.WriteString("^" + strconv.Itoa(int(u)))
	case u == -1:
		sb.WriteString("v")
	case u == -2:
		sb.WriteString("vv")
	case u < -2:
		sb.WriteString("v" + strconv.Itoa(int(-u)))
	}
	switch {
	case v.nim == 1:
		sb.WriteString("*")
	case v.nim > 1:
		sb.WriteString("*" + strconv.FormatUint(v.nim, 10))
	}
	return sb.String()
}
