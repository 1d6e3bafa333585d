package calc

import (
	"strings"

	"github.com/grundy-go/grundy/cgt/notation"
)

// Statements and variables, as CGSuite's worksheet takes one line:
// statements separated by ';', each an expression or an assignment
// name := expression; a name assigned earlier on the line stands for
// its expression in the statements after it. The answer is the value
// of the last statement (an assignment's value is the value assigned,
// as CGSuite prints it).
//
// A variable stands for its expression as written, in parentheses, so
// that a quoted form keeps its form ('{*|*}':1, package cgt's form.go)
// and every notation reads it as it reads the expression; an error
// inside a variable's expression points at the variable's use.

// segment maps a stretch of the rewritten expression back to the line.
type segment struct {
	from, to int // in the rewritten text
	orig     int // offset in the line of its first byte
	inVar    bool
}

// program is a line split into statements, the last one rewritten with
// the variables in place.
type program struct {
	expr string
	segs []segment
}

// splitStatements splits src at the semicolons outside braces,
// parentheses, brackets and quotes, returning each statement's offset.
func splitStatements(src string) (stmts []string, offs []int) {
	depth, start := 0, 0
	quoted := false
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\'':
			quoted = !quoted
		case quoted:
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		case c == ';' && depth == 0:
			stmts, offs = append(stmts, src[start:i]), append(offs, start)
			start = i + 1
		}
	}
	return append(stmts, src[start:]), append(offs, start)
}

// assignment splits "name := expr"; ok is false for a statement that is
// not one.
func assignment(stmt string) (name string, nameAt, exprAt int, ok bool) {
	i := notation.SkipSpace(stmt, 0, len(stmt))
	j := i
	for j < len(stmt) && (notation.IsLetter(stmt[j]) || j > i && notation.IsDigit(stmt[j])) {
		j++
	}
	k := notation.SkipSpace(stmt, j, len(stmt))
	if j == i || !strings.HasPrefix(stmt[k:], ":=") {
		return "", 0, 0, false
	}
	return stmt[i:j], i, k + 2, true
}

// parseProgram reads a line of statements; ok is false for a line of
// one expression without ':=' (read as it is).
func parseProgram(src string) (*program, bool, error) {
	stmts, offs := splitStatements(src)
	if len(stmts) == 1 && !strings.Contains(src, ":=") {
		return nil, false, nil
	}
	vars := map[string]*program{}
	var last *program
	for i, stmt := range stmts {
		if strings.TrimSpace(stmt) == "" {
			if i == len(stmts)-1 && last != nil {
				break // a line may end in ';'
			}
			return nil, true, notation.Errorf(offs[i], "an empty statement")
		}
		name, nameAt, exprAt, isAssign := assignment(stmt)
		body, at := stmt, offs[i]
		if isAssign {
			if notation.IsLoopyName(name) || name == "inf" || strings.Trim(name, "v") == "" {
				return nil, true, notation.Errorf(offs[i]+nameAt, "%q is a name of the notation and cannot be a variable", name)
			}
			body, at = stmt[exprAt:], offs[i]+exprAt
		}
		p := substitute(body, at, vars)
		if isAssign {
			vars[name] = p
		}
		last = p
	}
	return last, true, nil
}

// substitute writes body (at offset at of the line) with each use of a
// variable replaced by its expression in parentheses. A use is the name
// as a whole word that is not a method (after '.'), a function (before
// '('), a label of braces in body (a{0|a}) or inside quotes.
func substitute(body string, at int, vars map[string]*program) *program {
	var sb strings.Builder
	var segs []segment
	lit := func(from, to int) {
		if from < to {
			segs = append(segs, segment{sb.Len(), sb.Len() + to - from, at + from, false})
			sb.WriteString(body[from:to])
		}
	}
	labels := labelsOf(body)
	done, quoted := 0, false
	for i := 0; i < len(body); {
		c := body[i]
		if c == '\'' {
			quoted = !quoted
		}
		if quoted || !notation.IsLetter(c) || i > 0 && (notation.IsLetter(body[i-1]) || notation.IsDigit(body[i-1])) {
			i++
			continue
		}
		j := i
		for j < len(body) && (notation.IsLetter(body[j]) || notation.IsDigit(body[j])) {
			j++
		}
		v, ok := vars[body[i:j]]
		next := notation.SkipSpace(body, j, len(body))
		method := i > 0 && body[i-1] == '.'
		if !ok || method || labels[body[i:j]] || next < len(body) && (body[next] == '(' || body[next] == '{') {
			i = j
			continue
		}
		lit(done, i)
		segs = append(segs, segment{sb.Len(), sb.Len() + len(v.expr) + 2, at + i, true})
		sb.WriteString("(" + v.expr + ")")
		done, i = j, j
	}
	lit(done, len(body))
	return &program{expr: sb.String(), segs: segs}
}

// labelsOf returns the names that label braces in body (a{0|a}): their
// uses inside the braces are the label, so such a name is no variable
// there.
func labelsOf(body string) map[string]bool {
	labels := map[string]bool{}
	for i := 0; i < len(body); {
		if !notation.IsLetter(body[i]) || i > 0 && (notation.IsLetter(body[i-1]) || notation.IsDigit(body[i-1])) {
			i++
			continue
		}
		j := i
		for j < len(body) && (notation.IsLetter(body[j]) || notation.IsDigit(body[j])) {
			j++
		}
		if k := notation.SkipSpace(body, j, len(body)); k < len(body) && body[k] == '{' {
			labels[body[i:j]] = true
		}
		i = j
	}
	return labels
}

// origin maps an offset of the rewritten expression to the line: inside
// a variable's expression, the variable's use.
func (p *program) origin(pos int) int {
	for _, s := range p.segs {
		if pos >= s.from && pos < s.to {
			if s.inVar {
				return s.orig
			}
			return s.orig + pos - s.from
		}
	}
	if n := len(p.segs); n > 0 {
		s := p.segs[n-1]
		if s.inVar {
			return s.orig
		}
		return s.orig + pos - s.from
	}
	return 0
}
