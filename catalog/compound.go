package catalog

import (
	"context"

	"github.com/grundy-go/grundy/compound"
)

// CompoundSolver is implemented by instances of impartial games whose
// positions can be the components of a compound of Winning Ways ch. 9
// (solve --compound): conjunctive (a move in every component, over when
// any is over), continued conjunctive (a move in every component not
// over, over when all are) or selective (a move in any non-empty set of
// components). Package impartialgame's Searched implements it for any
// game it searches, so an adapter opts in by passing the call to its
// search; game scripts implement it themselves.
//
// Each element of components is one component, written as Solve reads a
// position (a game script may instead get them as one Starlark tuple in
// opts.PositionExpr). The report's Position and WinningMoves are whole
// positions of the compound, the components joined by CompoundSep;
// Grundy is nil; Remoteness is the compound's for a conjunctive compound
// (the least of its components') and nil otherwise; Extra holds
// "compound" (the kind's name), "components" ([]CompoundComponent) and,
// for a continued compound, "suspense" (the greatest of the components').
type CompoundSolver interface {
	Instance
	SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts Options) (*Report, error)
}

// CompoundSep joins the components of a compound's position.
const CompoundSep = " / "

// MaxCompoundComponents bounds the components of one compound.
const MaxCompoundComponents = 1000

// CompoundComponent is one component of a compound in a report: its
// position and the number that decides the compound (remoteness for a
// conjunctive compound, suspense for a continued one), or its outcome for
// a selective one.
type CompoundComponent struct {
	Position   string `json:"position"`
	Remoteness *int   `json:"remoteness,omitempty"`
	Suspense   *int   `json:"suspense,omitempty"`
	Outcome    string `json:"outcome,omitempty"`
}

// ParseCompound reads a compound's name for SolveCompound: conjunctive,
// continued or selective.
func ParseCompound(name string) (compound.Kind, error) { return compound.ParseKind(name) }
