package script

import (
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Limits on values that cross between Starlark and Go, and on positions
// written by users.
const (
	// MaxDepth bounds the nesting of a position (tuples in tuples), of a
	// value a script function returns, and of a position literal: the key
	// encoder and the literal reader walk values recursively, and check the
	// depth before each level.
	MaxDepth = 1000
	// maxLiteralBytes bounds the text of a position literal.
	maxLiteralBytes = maxKeyBytes
	// maxLiteralDigits bounds an int literal (decimal conversion of longer
	// ones costs quadratic time).
	maxLiteralDigits = 1000
)

// ParseLiteral reads a position written as a Starlark literal: ints
// (with an optional unary minus), strings, True, False, None, and tuples
// and lists of literals, nested at most MaxDepth deep. Nothing is
// evaluated: names other than True, False and None, calls, operators,
// comprehensions, indexing and attributes are refused with an error that
// names the column. Floats and lists read (so that the error says why they
// are not positions) but are not positions; checkPosition refuses them.
//
// The text is parsed by go.starlark.net/syntax, so strings have exactly
// Starlark's escapes, and the tree is walked, accepting literal nodes only.
func ParseLiteral(text string) (starlark.Value, error) {
	if len(text) > maxLiteralBytes {
		return nil, fmt.Errorf("the position is %d bytes long; positions are at most %d", len(text), maxLiteralBytes)
	}
	if err := scanLiteral(text); err != nil {
		return nil, err
	}
	expr, err := syntax.LegacyFileOptions().ParseExpr("", text, 0)
	if err != nil {
		var se syntax.Error
		if e, ok := err.(syntax.Error); ok {
			se = e
			return nil, fmt.Errorf("syntax error at %s: %s", where(se.Pos), se.Msg)
		}
		return nil, fmt.Errorf("syntax error: %v", err)
	}
	return literalValue(expr, 0)
}

// where writes a position in a one-line literal as "column C", and in a
// text of several lines as "line L, column C".
func where(p syntax.Position) string {
	if p.Line > 1 {
		return fmt.Sprintf("line %d, column %d", p.Line, p.Col)
	}
	return fmt.Sprintf("column %d", p.Col)
}

// scanLiteral checks, before the recursive-descent parser runs, that the
// brackets of text (outside its string literals) nest at most MaxDepth
// deep and that no run of letters and digits is longer than
// maxLiteralDigits: it bounds the parser's stack and the cost of
// converting a huge int. It is not a tokenizer: the parser decides what
// the text means, this only refuses texts it would spend too much on.
func scanLiteral(text string) error {
	depth, run := 0, 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if isAlnum(c) {
			run++
			if run > maxLiteralDigits {
				return fmt.Errorf("a number or name of more than %d characters at %s", maxLiteralDigits, where(offsetPos(text, i+1-run)))
			}
			continue
		}
		run = 0
		switch c {
		case '(', '[', '{':
			depth++
			if depth > MaxDepth {
				return fmt.Errorf("brackets nested more than %d deep at %s", MaxDepth, where(offsetPos(text, i)))
			}
		case ')', ']', '}':
			depth--
		case '"', '\'':
			// Skip the string: a backslash escapes the next byte (in raw
			// strings too, as far as finding the end goes).
			q := text[i : i+1]
			if strings.HasPrefix(text[i:], q+q+q) {
				q += q + q
			}
			j := i + len(q)
			for j < len(text) && !strings.HasPrefix(text[j:], q) {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + len(q) - 1
		}
	}
	return nil
}

// offsetPos is the line and column (in runes, from 1) of a byte offset.
func offsetPos(text string, off int) syntax.Position {
	off = min(off, len(text))
	line := 1 + strings.Count(text[:off], "\n")
	lineStart := strings.LastIndexByte(text[:off], '\n') + 1
	return syntax.MakePosition(nil, int32(line), int32(1+utf8.RuneCountInString(text[lineStart:off])))
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// literalValue converts the tree of a literal; depth is its nesting.
func literalValue(e syntax.Expr, depth int) (starlark.Value, error) {
	if depth > MaxDepth {
		start, _ := e.Span()
		return nil, fmt.Errorf("values nested more than %d deep at %s", MaxDepth, where(start))
	}
	start, _ := e.Span()
	refuse := func(what string) error {
		return fmt.Errorf("%s at %s is not allowed: a position is a literal (numbers, strings, True, False, None, and tuples of them)", what, where(start))
	}
	switch e := e.(type) {
	case *syntax.Literal:
		switch v := e.Value.(type) {
		case int64:
			return starlark.MakeInt64(v), nil
		case *big.Int:
			return starlark.MakeBigInt(v), nil
		case float64:
			return starlark.Float(v), nil
		case string:
			if e.Token == syntax.BYTES {
				return starlark.Bytes(v), nil
			}
			return starlark.String(v), nil
		}
		return nil, refuse("the literal " + shorten(e.Raw))
	case *syntax.Ident:
		switch e.Name {
		case "True":
			return starlark.True, nil
		case "False":
			return starlark.False, nil
		case "None":
			return starlark.None, nil
		}
		return nil, refuse("the name " + shorten(e.Name))
	case *syntax.ParenExpr:
		return literalValue(e.X, depth)
	case *syntax.TupleExpr:
		t := make(starlark.Tuple, len(e.List))
		for i, x := range e.List {
			v, err := literalValue(x, depth+1)
			if err != nil {
				return nil, err
			}
			t[i] = v
		}
		return t, nil
	case *syntax.ListExpr:
		t := make([]starlark.Value, len(e.List))
		for i, x := range e.List {
			v, err := literalValue(x, depth+1)
			if err != nil {
				return nil, err
			}
			t[i] = v
		}
		return starlark.NewList(t), nil
	case *syntax.UnaryExpr:
		if lit, ok := e.X.(*syntax.Literal); ok && e.Op == syntax.MINUS {
			switch v := lit.Value.(type) {
			case int64:
				return starlark.MakeBigInt(new(big.Int).Neg(big.NewInt(v))), nil
			case *big.Int:
				return starlark.MakeBigInt(new(big.Int).Neg(v)), nil
			case float64:
				return starlark.Float(-v), nil
			}
		}
		return nil, refuse("the operator " + e.Op.String())
	case *syntax.BinaryExpr:
		start = e.OpPos
		return nil, refuse("the operator " + e.Op.String())
	case *syntax.CallExpr:
		return nil, refuse("a function call")
	case *syntax.DictExpr:
		return nil, refuse("a dict")
	case *syntax.Comprehension:
		return nil, refuse("a comprehension")
	case *syntax.DotExpr:
		start = e.Dot
		return nil, refuse("an attribute (." + e.Name.Name + ")")
	case *syntax.IndexExpr:
		start = e.Lbrack
		return nil, refuse("indexing")
	case *syntax.SliceExpr:
		start = e.Lbrack
		return nil, refuse("slicing")
	case *syntax.CondExpr:
		start = e.If
		return nil, refuse("a conditional expression")
	case *syntax.LambdaExpr:
		return nil, refuse("a lambda")
	}
	return nil, refuse("this expression")
}
