package main

import (
	"context"
	"fmt"
	"io"

	"github.com/grundy-go/grundy/catalog"
)

// solveCompound answers solve --compound KIND: each positional argument
// is one component (catalog.CompoundSolver).
func solveCompound(ctx context.Context, inst catalog.Instance, kindName string, args []string, opts catalog.Options) (*catalog.Report, error) {
	kind, err := catalog.ParseCompound(kindName)
	if err != nil {
		return nil, fmt.Errorf("bad --compound: %w", err)
	}
	cs, ok := inst.(catalog.CompoundSolver)
	if !ok {
		return nil, fmt.Errorf("--compound: %s has no compounds here: they are for impartial games whose positions the search can list (see 'grundy games'), and impartial scripts", inst.Spec())
	}
	comps := make([][]string, len(args))
	for i, a := range args {
		comps[i] = []string{a}
	}
	return cs.SolveCompound(ctx, kind, comps, opts)
}

// printCompound lists a compound's components with the number that
// decides it, and says what the numbers mean.
func printCompound(w io.Writer, r *catalog.Report) {
	cs, ok := r.Extra["components"].([]catalog.CompoundComponent)
	if !ok {
		return
	}
	kind, _ := r.Extra["compound"].(string)
	switch kind {
	case "conjunctive":
		fmt.Fprintf(w, "  components  remoteness of each (even: P, odd: N); the least decides the compound\n")
	case "continued":
		fmt.Fprintf(w, "  suspense    %v (the greatest of the components': even for P; the winner delays, the loser hurries)\n", r.Extra["suspense"])
		fmt.Fprintf(w, "  components  suspense number of each (even: P, odd: N); the greatest decides the compound\n")
	case "selective":
		fmt.Fprintf(w, "  components  outcome of each; the compound is P exactly when every component is\n")
	}
	for _, c := range cs {
		switch {
		case c.Remoteness != nil:
			fmt.Fprintf(w, "    %-20s remoteness %d\n", c.Position, *c.Remoteness)
		case c.Suspense != nil:
			fmt.Fprintf(w, "    %-20s suspense %d\n", c.Position, *c.Suspense)
		default:
			fmt.Fprintf(w, "    %-20s %s\n", c.Position, c.Outcome)
		}
	}
}
