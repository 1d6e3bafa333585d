package catalog

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
)

// MaxComponents bounds the number of heaps (or other components) in one
// position: enough for any real question, small enough that a typo cannot
// ask for gigabytes.
const MaxComponents = 1_000_000

// maxDigits bounds the size of one number in a position. Closed forms work
// on arbitrary-size integers; this only stops absurd input.
const maxDigits = 10_000

// Fields splits position tokens into fields: command-line arguments may
// each hold several numbers separated by spaces or commas ("3 4 5" quoted
// as one argument is the same as three arguments).
func Fields(tokens []string) []string {
	fields, _, _ := fieldsAt(tokens)
	return fields
}

// fieldsAt is Fields with where each field starts in text, the tokens
// joined by spaces (the position as typed), for errors that point at a
// field (budget.BadInput).
func fieldsAt(tokens []string) (fields []string, offsets []int, text string) {
	text = strings.Join(tokens, " ")
	start := -1
	for i, r := range text {
		sep := r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
		switch {
		case sep && start >= 0:
			fields, offsets = append(fields, text[start:i]), append(offsets, start)
			start = -1
		case !sep && start < 0:
			start = i
		}
	}
	if start >= 0 {
		fields, offsets = append(fields, text[start:]), append(offsets, start)
	}
	return fields, offsets, text
}

// badField is the error of field i of a position: err's words, and where
// the field is.
func badField(text string, offsets []int, i int, err error) error {
	return &budget.BadInput{Input: text, Offset: offsets[i], Msg: err.Error()}
}

// ParseNatural parses a non-negative integer of any size; what names the
// thing for the error message ("heap size", "cell").
func ParseNatural(tok, what string) (*big.Int, error) {
	if len(tok) > maxDigits {
		return nil, fmt.Errorf("bad %s %.20q…: more than %d digits", what, tok, maxDigits)
	}
	for i, r := range tok {
		if r < '0' || r > '9' {
			if r == '-' && i == 0 {
				return nil, fmt.Errorf("bad %s %q: must not be negative", what, tok)
			}
			return nil, fmt.Errorf("bad %s %q: expected a non-negative integer", what, tok)
		}
	}
	if tok == "" {
		return nil, fmt.Errorf("bad %s: empty", what)
	}
	n, _ := new(big.Int).SetString(tok, 10)
	return n, nil
}

// ParseNaturals parses every field as a non-negative integer of any size,
// and demands between min and max of them.
func ParseNaturals(tokens []string, what string, minCount, maxCount int) ([]*big.Int, error) {
	fields, offsets, text := fieldsAt(tokens)
	if err := CountFields(fields, what, minCount, maxCount); err != nil {
		return nil, err
	}
	out := make([]*big.Int, len(fields))
	for i, f := range fields {
		n, err := ParseNatural(f, what)
		if err != nil {
			return nil, badField(text, offsets, i, err)
		}
		out[i] = n
	}
	return out, nil
}

// ParseInts parses every field as a non-negative integer no larger than
// limit, for positions that are searched rather than solved in closed form.
func ParseInts(tokens []string, what string, minCount, maxCount, limit int) ([]int, error) {
	fields, offsets, text := fieldsAt(tokens)
	if err := CountFields(fields, what, minCount, maxCount); err != nil {
		return nil, err
	}
	out := make([]int, len(fields))
	for i, f := range fields {
		n, err := ParseNatural(f, what)
		if err != nil {
			return nil, badField(text, offsets, i, err)
		}
		if !n.IsInt64() || n.Int64() > int64(limit) {
			return nil, badField(text, offsets, i, fmt.Errorf("bad %s %q: at most %d is supported here", what, f, limit))
		}
		out[i] = int(n.Int64())
	}
	return out, nil
}

// SmallInts converts numbers already parsed (by ParseNaturals) to ints
// when none is larger than limit, for a closed form that also searches;
// the error names the first that is larger, as "bad cell 70000: at most
// 65535 is supported by the search".
func SmallInts(xs []*big.Int, what string, limit int) ([]int, error) {
	out := make([]int, len(xs))
	for i, x := range xs {
		if !x.IsInt64() || x.Int64() > int64(limit) {
			return nil, fmt.Errorf("bad %s %s: at most %d is supported by the search", what, x, limit)
		}
		out[i] = int(x.Int64())
	}
	return out, nil
}

func CountFields(fields []string, what string, minCount, maxCount int) error {
	maxCount = min(maxCount, MaxComponents)
	switch {
	case len(fields) < minCount && minCount == maxCount:
		return fmt.Errorf("expected %d %s values, got %d", minCount, what, len(fields))
	case len(fields) < minCount:
		if minCount != 1 && !strings.HasSuffix(what, "s") {
			what += "s"
		}
		return fmt.Errorf("expected at least %d %s, got %d", minCount, what, len(fields))
	case len(fields) > maxCount && minCount == maxCount:
		return fmt.Errorf("expected %d %s values, got %d", maxCount, what, len(fields))
	case len(fields) > maxCount:
		return fmt.Errorf("too many %s values: %d, at most %d", what, len(fields), maxCount)
	}
	return nil
}

// JoinInts writes numbers separated by spaces.
func JoinInts(xs []int) string {
	var sb strings.Builder
	for i, x := range xs {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(x))
	}
	return sb.String()
}

// JoinBig writes big numbers separated by spaces.
func JoinBig(xs []*big.Int) string {
	var sb strings.Builder
	for i, x := range xs {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(x.String())
	}
	return sb.String()
}
