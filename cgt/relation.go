package cgt

import (
	"fmt"
)

// Comparison is a relation between two games.
type Comparison string

const (
	CmpEq    Comparison = "=="
	CmpLeq   Comparison = "<="
	CmpGeq   Comparison = ">="
	CmpLess  Comparison = "<"
	CmpMore  Comparison = ">"
	CmpFuzzy Comparison = "||"
	CmpNeq   Comparison = "!="
	// CmpLessFuzzy is G <| H: G is less than or confused with H (not G ≥ H).
	CmpLessFuzzy Comparison = "<|"
	// CmpMoreFuzzy is G |> H: G is greater than or confused with H (not G ≤ H).
	CmpMoreFuzzy Comparison = "|>"
)

// Compare decides g op h.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Compare(g Game, op Comparison, h Game) (ok bool, err error) {
	defer s.done(&err)
	return s.compare(g, op, h), nil
}

func (s *Space) compare(g Game, op Comparison, h Game) bool {
	switch op {
	case CmpEq:
		return g == h
	case CmpNeq:
		return g != h
	case CmpLeq:
		return s.leq(g, h)
	case CmpGeq:
		return s.leq(h, g)
	case CmpLess:
		return s.less(g, h)
	case CmpMore:
		return s.less(h, g)
	case CmpFuzzy:
		return s.fuzzy(g, h)
	case CmpLessFuzzy:
		return !s.leq(h, g)
	case CmpMoreFuzzy:
		return !s.leq(g, h)
	}
	throw(fmt.Errorf("unknown comparison %q", string(op)))
	return false
}
