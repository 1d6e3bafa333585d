package script

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/budget"
)

// A position is a Starlark value built from None, bools, ints, strings and
// tuples of them (nested to any depth). appendKey appends its compact
// binary key: a tag byte, then a varint for ints and lengths, the bytes of
// strings, and the elements of tuples in order. Two positions have the same
// key exactly when they are equal as Starlark values (Starlark compares
// True and 1 as different, and so do the tags), so the key is what the
// intern table hashes: no text formatting on the hot path.
const (
	tagNone   = 0
	tagFalse  = 1
	tagTrue   = 2
	tagInt    = 3 // zig-zag varint of an int64
	tagBigInt = 4 // sign byte, uvarint length, big-endian magnitude
	tagString = 5 // uvarint length, bytes
	tagTuple  = 6 // uvarint length, elements
)

// maxKeyBytes bounds the size of one position's key: a position is a game
// state, not a data set.
const maxKeyBytes = 1 << 20

// positionError says why a value is not a position; path locates the bad
// part inside a tuple ("[2][0]").
type positionError struct {
	path  string
	msg   string
	limit *budget.Exceeded // set when the value is too large or too deep
}

// Unwrap returns the limit the value went over, if that is what is wrong.
func (e *positionError) Unwrap() error {
	if e.limit == nil {
		return nil
	}
	return e.limit
}

func (e *positionError) Error() string {
	if e.path == "" {
		return e.msg
	}
	return "in element " + e.path + ", " + e.msg
}

func appendKey(dst []byte, v starlark.Value, path func() string) ([]byte, error) {
	return appendKeyDepth(dst, v, path, 0)
}

// appendKeyDepth is appendKey for a value nested depth levels deep: the
// depth is checked before descending, so a tuple nested a million deep is
// an error, not an exhausted goroutine stack.
func appendKeyDepth(dst []byte, v starlark.Value, path func() string, depth int) ([]byte, error) {
	switch v := v.(type) {
	case starlark.NoneType:
		return append(dst, tagNone), nil
	case starlark.Bool:
		if v {
			return append(dst, tagTrue), nil
		}
		return append(dst, tagFalse), nil
	case starlark.Int:
		if n, ok := v.Int64(); ok {
			dst = append(dst, tagInt)
			return binary.AppendVarint(dst, n), nil
		}
		b := v.BigInt()
		dst = append(dst, tagBigInt, byte(b.Sign()+1))
		mag := b.Bytes()
		dst = binary.AppendUvarint(dst, uint64(len(mag)))
		return append(dst, mag...), nil
	case starlark.String:
		dst = append(dst, tagString)
		dst = binary.AppendUvarint(dst, uint64(len(v)))
		dst = append(dst, v...)
	case starlark.Tuple:
		if depth >= MaxDepth {
			lim := budget.Exceed(budget.Depth, MaxDepth, "the position is nested more than %d deep", MaxDepth)
			return dst, &positionError{msg: lim.Msg, limit: lim}
		}
		dst = append(dst, tagTuple)
		dst = binary.AppendUvarint(dst, uint64(len(v)))
		for i, e := range v {
			// Ints and strings inline: the path closure below costs an
			// allocation per element, and most positions are tuples of
			// small ints or strings.
			switch e := e.(type) {
			case starlark.Int:
				if n, ok := e.Int64(); ok {
					dst = append(dst, tagInt)
					dst = binary.AppendVarint(dst, n)
					continue
				}
			case starlark.String:
				if len(dst)+len(e)+binary.MaxVarintLen64 < maxKeyBytes { // else the general case reports it with its path
					dst = append(dst, tagString)
					dst = binary.AppendUvarint(dst, uint64(len(e)))
					dst = append(dst, e...)
					continue
				}
			}
			var err error
			dst, err = appendKeyDepth(dst, e, func() string { return path() + "[" + strconv.Itoa(i) + "]" }, depth+1)
			if err != nil {
				return dst, err
			}
		}
	case *starlark.List:
		return dst, &positionError{path: path(), msg: describe(v) + " is a list, which is mutable: write the position as a tuple, e.g. tuple(xs)"}
	case nil:
		return dst, &positionError{path: path(), msg: "a value is missing"}
	default:
		return dst, &positionError{path: path(), msg: fmt.Sprintf("%s is %s: a position is an int, a string, a bool, None, or a tuple of them", describe(v), article(v.Type()))}
	}
	if len(dst) > maxKeyBytes {
		lim := budget.Exceed(budget.Size, maxKeyBytes, "makes the position larger than %d bytes", maxKeyBytes)
		return dst, &positionError{path: path(), msg: lim.Msg, limit: lim}
	}
	return dst, nil
}

func noPath() string { return "" }

// checkPosition reports whether v is a valid position.
func checkPosition(v starlark.Value) error {
	_, err := appendKey(nil, v, noPath)
	return err
}

// formatValue writes a position the way the command line reads it: an int
// as itself, a tuple of ints as the ints separated by spaces, a string as
// itself when that cannot be mistaken for something else; anything else
// in Starlark's notation (which --pos reads back).
func formatValue(v starlark.Value) string {
	switch v := v.(type) {
	case starlark.Int:
		return v.String()
	case starlark.String:
		s := string(v)
		if plainString(s) {
			return s
		}
		return v.String()
	case starlark.Tuple:
		if len(v) < 2 {
			return v.String()
		}
		var sb strings.Builder
		for i, e := range v {
			n, ok := e.(starlark.Int)
			if !ok {
				return v.String()
			}
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(n.String())
		}
		return sb.String()
	}
	return v.String()
}

// plainString reports whether a string position can be written bare: it
// is not empty, has no spaces or quotes, and does not read as a number.
func plainString(s string) bool {
	if s == "" || strings.ContainsAny(s, " \t\r\n\"'()[]{},") {
		return false // words, or a text that reads as a literal or as ints
	}
	if _, ok := new(big.Int).SetString(s, 10); ok {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}

// parseTokens reads a position written on the command line: one integer
// is an int, several integers a tuple of ints, anything else one string
// (the tokens joined by spaces). Integers may also be separated by commas.
func parseTokens(tokens []string) starlark.Value {
	var fields []string
	for _, t := range tokens {
		fields = append(fields, strings.FieldsFunc(t, func(r rune) bool {
			return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
		})...)
	}
	ints := make(starlark.Tuple, 0, len(fields))
	for _, f := range fields {
		n, ok := new(big.Int).SetString(f, 10)
		if !ok || len(f) > 1000 {
			return starlark.String(strings.Join(tokens, " "))
		}
		ints = append(ints, starlark.MakeBigInt(n))
	}
	if len(ints) == 1 {
		return ints[0]
	}
	return ints
}

// article puts "a" or "an" before a type name.
func article(typ string) string {
	if typ != "" && strings.ContainsRune("aeiou", rune(typ[0])) {
		return "an " + typ
	}
	return "a " + typ
}

// describe writes v for an error message, shortened, without walking more
// of a large or deeply nested value than the message shows.
func describe(v starlark.Value) string {
	var sb strings.Builder
	describeTo(&sb, v, 0)
	return shorten(sb.String())
}

func describeTo(sb *strings.Builder, v starlark.Value, depth int) {
	if sb.Len() > 60 {
		return
	}
	var elems []starlark.Value
	open, close := "", ""
	switch x := v.(type) {
	case starlark.Tuple:
		elems, open, close = x, "(", ")"
		if len(x) == 1 {
			close = ",)"
		}
	case *starlark.List:
		for i := 0; i < x.Len() && i < 60; i++ {
			elems = append(elems, x.Index(i))
		}
		open, close = "[", "]"
	case starlark.String:
		s := string(x)
		if len(s) > 60 {
			s = s[:60]
		}
		sb.WriteString(starlark.String(s).String())
		return
	case starlark.Int, starlark.Float, starlark.Bool, starlark.NoneType:
		sb.WriteString(x.String())
		return
	default:
		if l, ok := v.(starlark.Sequence); ok && l.Len() > 0 || depth > 0 {
			sb.WriteString(v.Type() + "(…)")
			return
		}
		sb.WriteString(shorten(v.String()))
		return
	}
	sb.WriteString(open)
	for i, e := range elems {
		if sb.Len() > 60 || depth >= 20 {
			sb.WriteString("…")
			break
		}
		if i > 0 {
			sb.WriteString(", ")
		}
		describeTo(sb, e, depth+1)
	}
	sb.WriteString(close)
}

func shorten(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}
