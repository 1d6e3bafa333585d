package gobblet

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/outcome"
)

func init() {
	catalog.Register(catalog.Entry{
		Name:           "gobblet",
		Params:         "SIZES,PER",
		OptionalParams: true,
		Position: "the 9 squares row by row, each its stack bottom to top (S M L Blue's small, medium, large; s m l Orange's; . empty), " +
			"squares separated by ',' and rows by '/', then ':' and the player to move (b or o), e.g. S,.,./.,l,./.,.,.:b; nothing for the start",
		Summary: "Gobblet Gobblers (Blue Orange Games) on a 3x3 board: Blue and Orange each have two small, two medium and two large pieces; " +
			"a turn places a piece from the reserve or moves one's own visible piece, to an empty square or over any smaller piece (gobbling it); " +
			"three visible pieces of one's colour in a line win, and a line uncovered for the opponent wins for the opponent even if the mover makes one too. " +
			"Endless play draws. gobblet:SIZES,PER plays with the smallest SIZES sizes (1..3) and PER pieces of each (1..2). " +
			"Without a database solve searches a few plies; grundy db build gobblet --out DIR solves every position",
		Example: "solve gobblet sL,S,./.,s,S/L,.,l:b",
		Kind:    "loopy",
		Make: func(params string) (catalog.Instance, error) {
			if params == "" {
				return instance{New()}, nil
			}
			// Farmer's variants: fewer sizes, or one piece of each.
			var sizes, per int
			if n, err := fmt.Sscanf(params, "%d,%d", &sizes, &per); err != nil || n != 2 || fmt.Sprintf("%d,%d", sizes, per) != params ||
				sizes < 1 || sizes > 3 || per < 1 || per > 2 {
				return nil, fmt.Errorf("bad gobblet variant %q: expected nothing (three sizes, two pieces of each) or SIZES,PER with SIZES 1..3 and PER 1..2 (gobblet:3,1)", params)
			}
			return instance{newGame(sizes, per)}, nil
		},
	})
}

type instance struct{ g *Game }

var (
	_ catalog.Instance    = instance{}
	_ catalog.MoveLabeler = instance{}
)

func (in instance) Spec() string { return in.g.Spec() }

// defaultSearchStates bounds the positions one solve's search visits
// unless --max-states says otherwise.
const defaultSearchStates = 2_000_000

// extraWinDepth is how much deeper than the quickest win solve searches
// the other moves for wins.
const extraWinDepth = 2

func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(in.Spec(), catalog.ClosedForm, "gobblet has no closed form")
	}
	p, err := in.g.Parse(strings.Join(tokens, " "))
	if err != nil {
		return nil, err
	}
	limit := opts.MaxStates
	if limit <= 0 {
		limit = defaultSearchStates
	}
	s := newSearcher(in.g, limit, opts.Memory)
	v, depth, err := s.solve(ctx, p, maxSearchDepth)
	if err == nil && v.o == outcome.D {
		err = errSearchCap
	}
	if err != nil {
		if errors.Is(err, errSearchCap) {
			return nil, budget.Exceed(budget.States, int64(limit),
				"%s %s: undecided after a search of %d positions to %d plies (a search proves wins and losses, never a draw); "+
					"build the database (grundy db build %s --out DIR) and ask it (grundy db query DIR POS, or solve --db DIR)",
				in.Spec(), in.g.Format(p), s.nodes, depth, in.Spec())
		}
		return nil, err
	}
	r := &catalog.Report{
		Game:     in.Spec(),
		Position: in.g.Format(p),
		Outcome:  v.o.String(),
		Method:   fmt.Sprintf("search by increasing depth to %d plies (%d positions): the shortest forced win, the longest loss", depth, s.nodes),
	}
	rem := int(v.rem)
	r.Remoteness = &rem
	if v.o == outcome.N {
		// Other winning moves may win later than the quickest: their
		// positions are searched a few plies deeper.
		reach := depth - 1 + extraWinDepth
		wins, undecided, err := s.winningMoves(ctx, p, reach)
		if err != nil {
			return nil, err
		}
		r.AddMoves(len(wins), func(i int) string { return in.g.Format(wins[i]) })
		if undecided > 0 {
			r.Notes = append(r.Notes, fmt.Sprintf("winning moves: those the search proves within %d plies; %d other moves are undecided there (the database lists every winning move)", reach, undecided))
		}
	}
	who, other := "Blue", "Orange"
	if p.OrangeToMove() {
		who, other = other, who
	}
	switch b, o := in.g.Lines(p); {
	case b || o:
		winner := other
		if in.g.TerminalOutcome(p) == outcome.N {
			winner = who
		}
		r.Notes = append(r.Notes, "the game is over: "+winner+" shows a line of three")
	default:
		r.Notes = append(r.Notes, who+" is to move")
	}
	return r, nil
}

// LabelMoves names each move in players' words (Label).
func (in instance) LabelMoves(x *catalog.Exploration) {
	p, err := in.g.Parse(x.Report.Position)
	if err != nil {
		return
	}
	names := in.g.MoveNames(p)
	for i := range x.Moves {
		if q, err := in.g.Parse(x.Moves[i].Position); err == nil {
			x.Moves[i].Label = names[q]
		}
	}
}

// Rows is the board as the explorer draws it: each square its top
// piece's letter (S M L Blue's, s m l Orange's) or '.'.
func (g *Game) Rows(p Pos) []string {
	rows := make([]string, 3)
	for r := range 3 {
		var sb strings.Builder
		for c := range 3 {
			st := g.Stack(p, 3*r+c)
			sb.WriteByte(st[len(st)-1])
		}
		rows[r] = sb.String()
	}
	return rows
}
