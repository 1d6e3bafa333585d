package impartialgame

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/game"
)

// SolveCompound solves the compound of kind whose components are written
// as components (catalog.CompoundSolver), from the components' remoteness
// or suspense numbers (package compound). A component is one position of
// the game; when the game's moves split, or a component is itself a sum
// (several Nim heaps), the components are sums (compound.Sums).
func (s *Searched[P]) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(s.Name, catalog.ClosedForm, "a compound of %s is solved by search: there is no closed form here", s.Name)
	}
	if err := CheckCompoundCount(len(components)); err != nil {
		return nil, err
	}
	parsed := make([][]P, len(components))
	single := true
	for i, tokens := range components {
		parts, err := s.Parse(tokens)
		if err != nil {
			return nil, fmt.Errorf("component %d (%q): %w", i+1, strings.Join(tokens, " "), err)
		}
		parsed[i] = parts
		single = single && len(parts) == 1
	}
	copts := compound.Options{MaxStates: opts.MaxStates, Memory: opts.Memory, Progress: opts.Progress}
	if plain, ok := game.Plain(s.Game); ok && single {
		comps := make([]P, len(parsed))
		for i, p := range parsed {
			comps[i] = p[0]
		}
		solver := compound.New(plain, copts)
		defer solver.Release()
		return CompoundReport(ctx, solver, kind, comps, s.Name, s.Format)
	}
	sums := compound.NewSums(s.Game)
	comps := make([]compound.Sum, len(parsed))
	for i, p := range parsed {
		comps[i] = sums.Of(p)
	}
	solver := compound.New[compound.Sum](sums, copts)
	defer solver.Release()
	r, err := CompoundReport(ctx, solver, kind, comps, s.Name, func(x compound.Sum) string {
		if x == "" {
			return "over"
		}
		return s.FormatSum(sums.Parts(x))
	})
	if err == nil {
		r.Notes = append(r.Notes, "each component is a sum (a move in it is a move in one of its parts), written without the parts that have no move; \"over\" is a component with no move left")
	}
	return r, err
}

// CheckCompoundCount refuses a compound of no components or of more than
// catalog.MaxCompoundComponents.
func CheckCompoundCount(n int) error {
	switch {
	case n == 0:
		return fmt.Errorf("a compound needs at least one component: give each component as a POSITION argument")
	case n > catalog.MaxCompoundComponents:
		return fmt.Errorf("a compound of %d components is too many: at most %d", n, catalog.MaxCompoundComponents)
	}
	return nil
}

// CompoundReport is the report of the compound of kind of comps: the
// outcome, the components' numbers, the compound's own and every winning
// move (as many as catalog.MaxMoveText lets it list), each a whole
// position of the compound.
func CompoundReport[P comparable](ctx context.Context, solver *compound.Solver[P], kind compound.Kind, comps []P, name string, format func(P) string) (*catalog.Report, error) {
	res, err := solver.Solve(ctx, kind, comps)
	if err != nil {
		return nil, err
	}
	whole := func(cs []P) string {
		parts := make([]string, len(cs))
		for i, c := range cs {
			parts[i] = format(c)
		}
		return strings.Join(parts, catalog.CompoundSep)
	}
	r := &catalog.Report{
		Game:     name,
		Position: whole(comps),
		Outcome:  "N",
		Extra:    map[string]any{"compound": kind.String()},
	}
	if res.Lost {
		r.Outcome = "P"
	}
	cs := make([]catalog.CompoundComponent, len(comps))
	for i, c := range comps {
		n := res.Components[i]
		cs[i].Position = format(c)
		switch kind {
		case compound.Conjunctive:
			cs[i].Remoteness = &n.Remoteness
		case compound.Continued:
			cs[i].Suspense = &n.Suspense
		case compound.Selective:
			cs[i].Outcome = "N"
			if n.Remoteness%2 == 0 {
				cs[i].Outcome = "P"
			}
		}
	}
	r.Extra["components"] = cs
	switch kind {
	case compound.Conjunctive:
		r.Remoteness = &res.Number
		r.Method = "remoteness of each component (Steinhaus; Winning Ways ch. 9): the conjunctive compound is won by whoever wins the component of least remoteness"
		r.Notes = append(r.Notes, "conjunctive compound: a move is a move in every component, and play ends as soon as any component is over; remoteness is even for a P-position, odd for an N-position, and the winner hurries while the loser delays")
	case compound.Continued:
		r.Extra["suspense"] = res.Number
		r.Method = "suspense number of each component (Smith 1966; Winning Ways ch. 9): the continued conjunctive compound's suspense is the greatest of its components', even for a P-position"
		r.Notes = append(r.Notes, "continued conjunctive compound: a move is a move in every component that is not over, and play ends when all are over; suspense is even for a P-position, odd for an N-position, and the winner delays while the loser hurries")
	case compound.Selective:
		r.Method = "outcome of each component (Winning Ways ch. 9): a selective compound is a P-position exactly when every component is"
		r.Notes = append(r.Notes, "selective compound: a move is a move in any non-empty set of components; play ends when no component has a move")
	}
	r.Method += fmt.Sprintf(" (%d positions searched)", solver.States())
	moves, count, err := solver.Winning(ctx, kind, comps)
	if err != nil {
		return nil, err
	}
	size := 0
	for m := range moves {
		text := whole(m)
		if size += len(text); size > catalog.MaxMoveText && len(r.WinningMoves) > 0 {
			break
		}
		r.WinningMoves = append(r.WinningMoves, text)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if count.IsInt64() && count.Int64() <= int64(^uint(0)>>1) {
		r.MoveCount = int(count.Int64())
	}
	if int64(len(r.WinningMoves)) != count.Int64() || !count.IsInt64() {
		r.MovesIncomplete = true
		if !count.IsInt64() {
			r.Notes = append(r.Notes, fmt.Sprintf("there are %s winning moves in all", count))
		}
	}
	return r, nil
}
