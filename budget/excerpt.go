package budget

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// ExcerptLen bounds the characters of input an error message quotes.
const ExcerptLen = 60

// Excerpt quotes input for an error message: the whole of it when it is
// short, else at most ExcerptLen bytes around offset, with an ellipsis on
// each cut side and the offset of the fault, e.g. `"…3-4,4-x,5-6…" at
// offset 123456`. offset −1 (the whole input at fault) quotes the start
// and gives the length. A 10^6-edge position must not be echoed whole.
func Excerpt(input string, offset int) string {
	if len(input) <= ExcerptLen {
		return strconv.Quote(input)
	}
	if offset < 0 || offset > len(input) {
		end := runeStart(input, ExcerptLen)
		return fmt.Sprintf("%s (%d bytes)", strconv.Quote(input[:end]+"…"), len(input))
	}
	start := max(0, offset-ExcerptLen/2)
	end := min(len(input), start+ExcerptLen)
	start = max(0, end-ExcerptLen)
	start, end = runeStart(input, start), runeStart(input, end)
	s := input[start:end]
	if start > 0 {
		s = "…" + s
	}
	if end < len(input) {
		s += "…"
	}
	return fmt.Sprintf("%s at offset %d", strconv.Quote(s), offset)
}

// runeStart moves i back to the start of the rune it falls in, so that an
// excerpt never cuts a character in two.
func runeStart(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// MaxErrorLine bounds the line an error prints. Parsers quote an excerpt
// of a bad input themselves (Excerpt, with the offset of the fault);
// ShortLine catches any message that would still quote a long input
// whole (a position read from a 10 MB file, say), in every front end.
const MaxErrorLine = 400

// ShortLine is line with its middle left out past MaxErrorLine bytes.
func ShortLine(line string) string {
	if len(line) <= MaxErrorLine {
		return line
	}
	head, tail := 240, 120
	for head > 0 && !utf8.RuneStart(line[head]) {
		head--
	}
	cut := len(line) - tail
	for cut < len(line) && !utf8.RuneStart(line[cut]) {
		cut++
	}
	return fmt.Sprintf("%s … (%d bytes left out) … %s", line[:head], cut-head, line[cut:])
}
