package calc

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/notation"
	"github.com/grundy-go/grundy/cgt/rational"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// Answer is the value of one expression, in the notation that read it:
// exactly one of Short, Loopy and Rational is set.
type Answer struct {
	// Short is a short game, a comparison of two, or a method's value
	// that is not a game (package cgt).
	Short *cgt.Result
	// Loopy is a loopy game, a sided value or a comparison of two.
	Loopy *stopper.Parsed
	// Rational is a rational number that is not dyadic, ±inf, or a
	// value computed from one (a boolean, an outcome class, ω).
	Rational *rational.Result
}

// Evaluate reads expr in s (short games) and, where it asks for them, in
// the loopy and rational notations; lim bounds the loopy game graphs and
// their tables. Errors are those of the notation that read the
// expression last: a *notation.Error (or stopper's *ParseError) for bad
// notation, a *budget.Exceeded for a limit, the context's error.
func Evaluate(s *cgt.Space, expr string, lim *stopper.Limits) (*Answer, error) {
	inlined, remap, err := Inline(expr)
	if err != nil {
		return nil, err
	}
	a, err := evaluate(s, inlined, lim)
	if err != nil {
		return nil, remap(err)
	}
	return a, nil
}

// Inline rewrites a line of statements with variables (vars.go) as the
// one expression it stands for, and returns with it the function that
// moves the offset of a notation's error in that expression back to
// the line. A line of one expression comes back as it is.
func Inline(line string) (expr string, remap func(error) error, err error) {
	prog, isProg, err := parseProgram(line)
	if err != nil {
		return "", nil, err
	}
	if !isProg {
		return line, func(err error) error { return err }, nil
	}
	return prog.expr, prog.remap, nil
}

// remap moves the offset of a notation's error from the rewritten
// expression to the line.
func (p *program) remap(err error) error {
	var ne *notation.Error
	if errors.As(err, &ne) {
		e := *ne
		e.Pos = p.origin(ne.Pos)
		return &e
	}
	var se *stopper.ParseError
	if errors.As(err, &se) {
		return &stopper.ParseError{Pos: p.origin(se.Pos), Msg: se.Msg}
	}
	return err
}

func evaluate(s *cgt.Space, expr string, lim *stopper.Limits) (*Answer, error) {
	if stopper.LooksLoopy(expr) {
		return evalLoopy(expr, lim)
	}
	r, err := s.Evaluate(expr)
	if err == nil {
		return &Answer{Short: r}, nil
	}
	var ne *notation.Error
	if !errors.As(err, &ne) {
		return nil, err
	}
	switch ne.Wants {
	case notation.WantsLoopy:
		return evalLoopy(expr, lim)
	case notation.WantsRational:
		q, qerr := rational.Evaluate(expr)
		var qe *notation.Error
		if errors.As(qerr, &qe) && qe.Wants == rational.WantsGame {
			// Point at the number that is no game, and say where the
			// game is.
			return nil, notation.Errorf(ne.Pos, "%s; a rational that is not dyadic (CGSuite's Rational) is no short game, and this expression puts it with the game at column %d", ne.Msg, qe.Pos+1)
		}
		if qerr != nil {
			return nil, qerr
		}
		if q.Value.Kind == rational.KindRational && q.Rat.IsDyadic() {
			d, err := cgt.ParseDyadic(q.Rat.String())
			if err != nil {
				return nil, err
			}
			return &Answer{Short: &cgt.Result{G: s.Number(d)}}, nil
		}
		return &Answer{Rational: q}, nil
	}
	return nil, err
}

func evalLoopy(expr string, lim *stopper.Limits) (*Answer, error) {
	p, err := stopper.Parse(expr, lim)
	if err != nil {
		return nil, err
	}
	return &Answer{Loopy: p}, nil
}

// Text is the answer as CGSuite's worksheet prints it: a value in its
// notation, or true or false for a comparison.
func (a *Answer) Text(s *cgt.Space, lim *stopper.Limits) (string, error) {
	switch {
	case a.Short != nil:
		r := a.Short
		switch {
		case r.Value != nil:
			return r.Value.Text, nil
		case r.Op != "":
			res, err := s.Compare(r.G, r.Op, r.H)
			if err != nil {
				return "", err
			}
			return strconv.FormatBool(res), nil
		}
		return s.String(r.G), nil
	case a.Rational != nil:
		return a.Rational.Value.Text, nil
	case a.Loopy.Op != "":
		res, err := LoopyCompare(a.Loopy, lim)
		if err != nil {
			return "", err
		}
		return strconv.FormatBool(res), nil
	}
	return stopper.String(a.Loopy.Left, lim)
}

// LoopyCompare decides a comparison of loopy values: ≥ side by side;
// confused with when neither ≤ nor ≥ holds.
func LoopyCompare(p *stopper.Parsed, lim *stopper.Limits) (bool, error) {
	ge, err := stopper.ValueGeq(p.Left, p.Right, lim)
	if err != nil {
		return false, err
	}
	le, err := stopper.ValueGeq(p.Right, p.Left, lim)
	if err != nil {
		return false, err
	}
	switch p.Op {
	case "==":
		return ge && le, nil
	case "!=":
		return !(ge && le), nil
	case "<=":
		return le, nil
	case ">=":
		return ge, nil
	case "<":
		return le && !ge, nil
	case ">":
		return ge && !le, nil
	case "||":
		return !ge && !le, nil
	case "<|":
		return !ge, nil
	case "|>":
		return !le, nil
	}
	return false, fmt.Errorf("unknown comparison %q", p.Op)
}
