package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/partizan/colsnort"
	"github.com/grundy-go/grundy/games/partizan/cutcake"
	"github.com/grundy-go/grundy/games/partizan/domineering"
	"github.com/grundy-go/grundy/games/partizan/hackenbush"
	"github.com/grundy-go/grundy/games/partizan/toads"
)

// PartizanInstance is implemented by the instances of partizan games:
// Value parses a position (a sum of its parts) and returns its canonical
// value in s, with the position written back in the game's notation.
type PartizanInstance interface {
	Instance
	Value(ctx context.Context, s *cgt.Space, tokens []string, opts Options) (g cgt.Game, position string, err error)
}

func init() {
	Register(Entry{
		Name:     "hackenbush",
		Position: "stalks of l (Left, blue) and r (Right, red) edges read from the ground up, e.g. lrrl, or trees with branches in brackets, e.g. l[r,lr]; several make a sum",
		Summary:  "Blue-Red Hackenbush on stalks and trees: a player removes one of his edges and everything above it falls",
		Example:  "value hackenbush lrrl l[r,r]",
		Kind:     "partizan",
		Make: func(string) (Instance, error) {
			return &partizanGame[string]{spec: "hackenbush", game: hackenbush.Trees{}, parse: hackenbush.ParseTrees,
				format: hackenbush.Trees{}.Format}, nil
		},
	})
	Register(Entry{
		Name:     "domineering",
		Position: "RxC for an empty board of R rows and C columns, or rows of . (empty) and # (filled) joined by |; at most 64 cells",
		Summary:  "Domineering: Left places vertical dominoes, Right horizontal ones; who cannot place one loses",
		Example:  "value domineering 2x3",
		Kind:     "partizan",
		Make: func(string) (Instance, error) {
			return &partizanGame[domineering.Board]{spec: "domineering", game: domineering.Game{},
				parse: func(t []string) ([]domineering.Board, error) {
					b, err := domineering.Parse(t)
					return []domineering.Board{b}, err
				},
				format: domineering.Board.String}, nil
		},
	})
	Register(Entry{
		Name:     "toads-and-frogs",
		Aliases:  []string{"toads"},
		Position: "a strip of T (Left's toads), F (Right's frogs) and . (empty), e.g. TT..FF; several strips make a sum",
		Summary:  "Toads and Frogs: toads step or jump over one frog to the right, frogs to the left",
		Example:  "value toads-and-frogs TT..FF",
		Kind:     "partizan",
		Make: func(string) (Instance, error) {
			return &partizanGame[string]{spec: "toads-and-frogs", game: toads.Game{}, parse: toads.Parse,
				format: toads.Game{}.Format}, nil
		},
	})
	Register(Entry{
		Name:     "cutcake",
		Position: "cakes RxC (R rows, C columns); several cakes make a sum",
		Summary:  "Cutcake: Left cuts a cake vertically, Right horizontally; who cannot cut loses",
		Example:  "value cutcake 3x4",
		Kind:     "partizan",
		Make: func(string) (Instance, error) {
			return &partizanGame[cutcake.Cake]{spec: "cutcake", game: cutcake.Game{}, parse: cutcake.Parse,
				format: cutcake.Game{}.Format}, nil
		},
	})
}

func init() {
	for _, snort := range []bool{false, true} {
		g := colsnort.Game{Snort: snort}
		name, rule := "col", "Col on a path: Left colours an empty vertex blue, Right red; a vertex may not be coloured like a neighbour"
		if snort {
			name, rule = "snort", "Snort on a path: Left colours an empty vertex blue, Right red; a vertex may not be coloured unlike a neighbour"
		}
		Register(Entry{
			Name:     name,
			Position: "a strip of . (empty), L (blue) and R (red) vertices, e.g. L....; several strips make a sum",
			Summary:  rule,
			Example:  "value " + name + " .....",
			Kind:     "partizan",
			Make: func(string) (Instance, error) {
				return &partizanGame[string]{spec: name, game: g, parse: g.Parse, format: g.Format}, nil
			},
		})
	}
}

// partizanMaxSteps bounds the work of one Solve (cgt.Space.MaxSteps): a
// few minutes at most.
const partizanMaxSteps = 200_000_000

// partizanGame is a built-in partizan game: positions parsed by the game's
// notation and valued by the partizan evaluator.
type partizanGame[P comparable] struct {
	spec   string
	game   any
	parse  func([]string) ([]P, error)
	format func(P) string
}

func (g *partizanGame[P]) Spec() string { return g.spec }

// Value parses the position and computes its canonical value.
func (g *partizanGame[P]) Value(ctx context.Context, s *cgt.Space, tokens []string, opts Options) (cgt.Game, string, error) {
	v, _, parts, err := g.value(ctx, s, tokens, opts)
	if err != nil {
		return 0, "", err
	}
	return v, g.formatSum(parts), nil
}

func (g *partizanGame[P]) value(ctx context.Context, s *cgt.Space, tokens []string, opts Options) (cgt.Game, *partizan.Evaluator[P], []P, error) {
	parts, err := g.parse(tokens)
	if err != nil {
		return 0, nil, nil, err
	}
	e, err := partizan.New[P](s, g.game)
	if err != nil {
		return 0, nil, nil, err
	}
	e.MaxPositions = opts.MaxStates
	e.Progress = opts.Progress
	v, err := e.Value(ctx, parts...)
	return v, e, parts, err
}

func (g *partizanGame[P]) formatSum(parts []P) string {
	if len(parts) == 0 {
		return "-"
	}
	strs := make([]string, len(parts))
	for i, p := range parts {
		strs[i] = g.format(p)
	}
	return strings.Join(strs, " ")
}

// Solve reports the outcome class (L, R, N or P), the canonical value, and
// the winning first moves of each player, written "L: position" for
// Left's and "R: position" for Right's.
func (g *partizanGame[P]) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == ClosedForm {
		return nil, fmt.Errorf("%s is valued by search; drop --method closed", g.spec)
	}
	s := cgt.NewSpace()
	s.Context = ctx
	s.MaxSteps = partizanMaxSteps
	v, e, parts, err := g.value(ctx, s, tokens, opts)
	if err != nil {
		return nil, err
	}
	o, err := s.Outcome(v)
	if err != nil {
		return nil, err
	}
	r := &Report{
		Game:     g.spec,
		Position: g.formatSum(parts),
		Outcome:  o.String(),
		Value:    s.String(v),
		Method:   "canonical form of the partizan game (see 'grundy value' for its temperature and stops)",
		Notes: []string{
			"partizan outcome: L = Left wins, R = Right wins (whoever starts), N = the player to move wins, P = the player to move loses",
			"winning moves are the first moves that win for Left (L:) and for Right (R:), each to the position it leaves",
		},
	}
	for _, side := range []struct {
		left  bool
		label string
	}{{true, "L: "}, {false, "R: "}} {
		moves, err := g.winningMoves(ctx, e, parts, side.left)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			r.WinningMoves = append(r.WinningMoves, side.label+m)
		}
	}
	return r, nil
}

// winningMoves lists the player's first moves that win, each written as
// the whole position it leaves, exactly as the explorer's move list writes
// it (g.options, formatSum), so that a winning move can be pasted back
// into solve or the explorer. A move by Left wins when the sum it leaves
// is ≥ 0 (Right, moving next, has no winning move), one by Right when it
// is ≤ 0 (Siegel, Combinatorial Game Theory, II.1: G ≥ 0 iff Left wins
// moving second). The sum left is valued from the parts: the whole minus
// the part moved in plus the regions the move leaves in it.
func (g *partizanGame[P]) winningMoves(ctx context.Context, e *partizan.Evaluator[P], parts []P, left bool) ([]string, error) {
	vals := make([]cgt.Game, len(parts))
	for i, p := range parts {
		v, err := e.Value(ctx, p)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	s := e.Space
	total, err := s.Sum(vals...)
	if err != nil {
		return nil, err
	}
	var moves []string
	seen := map[string]bool{}
	for i, p := range parts {
		for next := range g.options(p, left) {
			v, err := e.Value(ctx, next...)
			if err != nil {
				return nil, err
			}
			rest, err := s.Sub(total, vals[i])
			if err != nil {
				return nil, err
			}
			after, err := s.Add(rest, v)
			if err != nil {
				return nil, err
			}
			var wins bool
			if left {
				wins, err = s.Leq(cgt.Zero, after)
			} else {
				wins, err = s.Leq(after, cgt.Zero)
			}
			if err != nil {
				return nil, err
			}
			if !wins {
				continue
			}
			sum := append(append(slices.Clone(parts[:i]), next...), parts[i+1:]...)
			if m := g.formatSum(sum); !seen[m] {
				seen[m] = true
				moves = append(moves, m)
			}
		}
	}
	return moves, nil
}
