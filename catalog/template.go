package catalog

import (
	"fmt"
	"strconv"
	"strings"
)

// A position template (grundy table --pos-template) says which position a
// table's cell (n), or (n, m) of a grid, stands for, for games whose
// positions are not one int: a row of n coins, an n×m board. It is the
// text of a position with holes, filled in and then read as any position
// typed by a person is (a script's literal, never run as code):
//
//	{n}, {m}          the integer n (m), in decimal
//	{n:TEXT}          TEXT written n times (TEXT may hold holes itself)
//	{n:TEXT:SEP}      the same with SEP between two TEXTs
//	{m:TEXT}, {m:TEXT:SEP}  the same, m times
//	{{ and }}         a brace (outside a repetition)
//
// So '({n},)' is the one-heap tuple (n,), '({n}, {m})' a pair, '"{n:H}"'
// the string of n H's, '({n:"{m:."}",})' a tuple of n rows of m dots and
// '"{n:{m:.}:/}"' the same rows joined by slashes.
// A template that uses m is a grid; one that uses n only, a row of
// values. Nothing else is a hole, so no text of the template is ever
// evaluated, and what it expands to is bounded (MaxTemplateText).

// MaxTemplateText bounds the text one cell's position expands to, as a
// literal position is bounded.
const MaxTemplateText = 1 << 20

// Template is a parsed position template.
type Template struct {
	text  string
	parts []tmplPart
	// UsesM is set when the template has an m hole: its table is a grid.
	UsesM bool
}

// tmplPart is literal text, a number hole, or a repetition of a body.
type tmplPart struct {
	lit    string
	hole   byte // 'n' or 'm'; 0 for literal text
	repeat bool
	body   []tmplPart
	sep    []tmplPart // written between two bodies
}

// Where parse stops: at the end of the text, or at the end of a
// repetition's text (a ':' before its separator or its '}'), or of its
// separator (the '}').
const (
	inTop = iota
	inBody
	inSep
)

// ParseTemplate reads a position template. Errors say what is wrong and
// at which column (counted from 1).
func ParseTemplate(text string) (*Template, error) {
	t := &Template{text: text}
	parts, rest, err := t.parse(text, 0, inTop)
	if err != nil {
		return nil, err
	}
	if rest != len(text) {
		return nil, fmt.Errorf("bad position template %q: a } at column %d closes no {n:…} or {m:…} (write }} for a brace)", text, rest+1)
	}
	t.parts = parts
	if !t.uses('n', parts) {
		return nil, fmt.Errorf("bad position template %q: it has no {n} (nor {n:…}); the table's n goes there", text)
	}
	t.UsesM = t.uses('m', parts)
	return t, nil
}

func (t *Template) uses(h byte, parts []tmplPart) bool {
	for _, p := range parts {
		if p.hole == h || t.uses(h, p.body) || t.uses(h, p.sep) {
			return true
		}
	}
	return false
}

// parse reads parts from i up to the end of text or, inside a
// repetition, up to the ':' or '}' that ends its text or separator, whose
// index it returns.
func (t *Template) parse(text string, i int, mode int) ([]tmplPart, int, error) {
	var parts []tmplPart
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, tmplPart{lit: lit.String()})
			lit.Reset()
		}
	}
	for i < len(text) {
		c := text[i]
		switch {
		case c == '{' && strings.HasPrefix(text[i:], "{{"):
			lit.WriteByte('{')
			i += 2
		case c == '}' && strings.HasPrefix(text[i:], "}}") && mode == inTop:
			lit.WriteByte('}')
			i += 2
		case c == ':' && mode == inBody:
			flush()
			return parts, i, nil
		case c == '}':
			if mode == inTop {
				return nil, 0, fmt.Errorf("bad position template %q: a } at column %d closes no {n:…} or {m:…} (write }} for a brace)", t.text, i+1)
			}
			flush()
			return parts, i, nil
		case c == '{':
			if i+2 >= len(text) || text[i+1] != 'n' && text[i+1] != 'm' || text[i+2] != '}' && text[i+2] != ':' {
				return nil, 0, fmt.Errorf("bad position template %q: the { at column %d starts no {n}, {m}, {n:…} or {m:…} (write {{ for a brace)", t.text, i+1)
			}
			flush()
			h := text[i+1]
			if text[i+2] == '}' {
				parts = append(parts, tmplPart{hole: h})
				i += 3
				continue
			}
			body, end, err := t.parse(text, i+3, inBody)
			if err != nil {
				return nil, 0, err
			}
			var sep []tmplPart
			if end < len(text) && text[end] == ':' {
				if sep, end, err = t.parse(text, end+1, inSep); err != nil {
					return nil, 0, err
				}
			}
			if end >= len(text) {
				return nil, 0, fmt.Errorf("bad position template %q: the {%c: at column %d is never closed", t.text, h, i+1)
			}
			parts = append(parts, tmplPart{hole: h, repeat: true, body: body, sep: sep})
			i = end + 1
		default:
			lit.WriteByte(c)
			i++
		}
	}
	flush()
	return parts, i, nil
}

// Expand fills the template in for the cell (n, m) (m is ignored when the
// template has no m). The text is at most MaxTemplateText bytes.
func (t *Template) Expand(n, m int) (string, error) {
	var sb strings.Builder
	if err := t.expand(&sb, t.parts, n, m); err != nil {
		return "", err
	}
	return sb.String(), nil
}

func (t *Template) expand(sb *strings.Builder, parts []tmplPart, n, m int) error {
	for _, p := range parts {
		k := n
		if p.hole == 'm' {
			k = m
		}
		switch {
		case p.hole == 0:
			sb.WriteString(p.lit)
		case !p.repeat:
			sb.WriteString(strconv.Itoa(k))
		default:
			for j := range k {
				if j > 0 {
					if err := t.expand(sb, p.sep, n, m); err != nil {
						return err
					}
				}
				if err := t.expand(sb, p.body, n, m); err != nil {
					return err
				}
			}
		}
		if sb.Len() > MaxTemplateText {
			return fmt.Errorf("position template %q: the position of cell %s is more than %d bytes of text", t.text, cellName(n, m, t.UsesM), MaxTemplateText)
		}
	}
	return nil
}

func cellName(n, m int, grid bool) string {
	if grid {
		return fmt.Sprintf("(%d, %d)", n, m)
	}
	return strconv.Itoa(n)
}

// String is the template as written.
func (t *Template) String() string { return t.text }
