package notation

import (
	"fmt"
	"strings"
)

// Error is a syntax or value error at a byte offset of the input.
type Error struct {
	Pos int    // 0-based byte offset
	Msg string // what is wrong there
	// Wants names another notation that reads this input, when the
	// parser met a name that belongs to it ("loopy" for on, off, over,
	// upon, pass in a short game); "" otherwise. See the package doc.
	Wants string
}

func (e *Error) Error() string { return fmt.Sprintf("column %d: %s", e.Pos+1, e.Msg) }

// Errorf returns an *Error at pos.
func Errorf(pos int, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// WantsLoopy is Error.Wants of a name of a loopy value.
const WantsLoopy = "loopy"

// WantsRational is Error.Wants of a number that is not a short game: a
// quotient whose denominator is not a power of two (1/3), a division of
// a non-zero number by zero, or the name inf (CGSuite's Rational).
const WantsRational = "rational"

// LoopyNames are the names of loopy values, which a short-game parser
// refuses with Wants set to WantsLoopy (lower case).
var LoopyNames = []string{"on", "off", "over", "under", "upon", "dud", "pass"}

// IsLoopyName reports whether name (any case) is one of LoopyNames.
func IsLoopyName(name string) bool {
	for _, n := range LoopyNames {
		if strings.EqualFold(name, n) {
			return true
		}
	}
	return false
}

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsLetter reports whether c may start a name: an ASCII letter or '_'.
func IsLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// IsSpace reports whether c is white space between tokens.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the first offset at or after pos, before end, that is
// not white space.
func SkipSpace(src string, pos, end int) int {
	for pos < end && IsSpace(src[pos]) {
		pos++
	}
	return pos
}

// NumberEnd returns the end of the number literal at src[pos:end]: an
// optional '-', digits, and then '/' or '.' with digits (1/2, 3.25).
// What the literal means is the reader's: a dyadic for cgt, a nim heap
// for misère forms.
func NumberEnd(src string, pos, end int) int {
	i := pos
	if i < end && src[i] == '-' {
		i++
	}
	for i < end && IsDigit(src[i]) {
		i++
	}
	if i < end && (src[i] == '/' || src[i] == '.') && i+1 < end && IsDigit(src[i+1]) {
		i++
		for i < end && IsDigit(src[i]) {
			i++
		}
	}
	return i
}

// BarRun is a run of N bars at byte offset At.
type BarRun struct{ At, N int }

// MatchBraces finds the '}' that closes the '{' at src[open], looking no
// further than end, and the runs of bars at the braces' top level (not
// inside nested braces or parentheses).
func MatchBraces(src string, open, end int) (close int, runs []BarRun, err error) {
	depth := 0
	close = -1
	for i := open + 1; i < end && close < 0; i++ {
		switch src[i] {
		case '{', '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return 0, nil, Errorf(i, "unbalanced ')'")
			}
		case '}':
			if depth == 0 {
				close = i
			} else {
				depth--
			}
		case '|':
			if depth == 0 {
				j := i
				for j < end && src[j] == '|' {
					j++
				}
				runs = append(runs, BarRun{i, j - i})
				i = j - 1
			}
		}
	}
	if close < 0 {
		return 0, nil, Errorf(open, "unbalanced '{': no matching '}'")
	}
	return close, runs, nil
}

// SplitBars returns the index in runs of the run that splits a brace's
// sides: the longest, which must be unique. from is the offset just after
// the '{', for the error of braces without bars.
func SplitBars(from int, runs []BarRun) (int, error) {
	if len(runs) == 0 {
		return 0, Errorf(from-1, "braces without '|': write {L|R}")
	}
	longest := 0
	for _, r := range runs {
		longest = max(longest, r.N)
	}
	split := -1
	for i, r := range runs {
		if r.N == longest {
			if split >= 0 {
				return 0, Errorf(r.At, "ambiguous bars: two runs of %d '|' at the same level", longest)
			}
			split = i
		}
	}
	return split, nil
}

// MaxSlashes is CGSuite's limit on bars in a row: a game that would need
// more is written in braces (CanonicalShortGame.maxSlashes).
const MaxSlashes = 4

// JoinSides writes a game from the texts of its two sides and their bar
// levels (0 for a text in braces or an atom, else the bars between the
// sides of a one-option side written without braces): the bars between
// them are one more than the higher level, and past MaxSlashes the game
// is put in braces (level 0). The result's level is returned with it; a
// game of level > 0 is written without its outer braces, which a caller
// adds where it stands alone.
func JoinSides(left string, leftLevel int, right string, rightLevel int) (string, int) {
	lvl := max(leftLevel, rightLevel) + 1
	str := left + strings.Repeat("|", lvl) + right
	if lvl == MaxSlashes {
		return "{" + str + "}", 0
	}
	return str, lvl
}
