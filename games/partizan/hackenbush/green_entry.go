package hackenbush

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/greenhackenbush"
)

// greenPosition is the help of green-hackenbush's positions.
const greenPosition = "pictures: green edges U-V separated by commas, e.g. 0-1,1-2,2-0 (loops and parallel edges allowed; the ground is vertex 0, or 1 for green-hackenbush:1), several making a sum; " +
	"or one picture as a contest edge list, lines \"U V\", perhaps after a header \"N M\" (vertices from 0: the ground is 0; from 1: the ground is 1; " +
	"a list is read from 0 when vertex 0 appears, from 1 when the header's N does, else say green-hackenbush:0 or :1); @FILE reads the position from FILE"

// greenGame is green-hackenbush: solved and valued by the fusion and
// colon principles in linear time (package greenhackenbush), any size,
// and explored from the same values (Explore: cuts, not the partizan
// adapter's L:/R: moves); the partizan adapter beside it remains for
// what only it gives (canonical forms of small pictures).
type greenGame struct {
	*partizanreport.Game[string]
	spec string
	base greenhackenbush.Base
}

func newGreen(params string) (catalog.Instance, error) {
	g := &greenGame{spec: "green-hackenbush", base: greenhackenbush.Auto}
	switch params {
	case "":
	case "0", "1":
		g.spec += ":" + params
		g.base = greenhackenbush.Base(params[0] - '0')
	default:
		return nil, fmt.Errorf("bad parameter %q: green-hackenbush:0 numbers vertices from 0 (the ground 0), green-hackenbush:1 from 1 (the ground 1)", params)
	}
	g.Game = partizanreport.New(g.spec, partizanreport.Rules[string]{
		Game: Green{}, Parse: ParseGreen, Format: Green{}.Format, Moves: Graphs{}.Moves,
	})
	return g, nil
}

func (g *greenGame) Spec() string { return g.spec }

// parse reads the position: tokens on separate lines, so that an edge
// list read from a file keeps its lines.
func (g *greenGame) parse(tokens []string, opts catalog.Options) (*greenhackenbush.Position, error) {
	return greenhackenbush.Parse(strings.Join(tokens, "\n"), g.base, greenhackenbush.Limits{Memory: opts.Memory})
}

// out is how positions are written: from 1 only for green-hackenbush:1,
// so that what is written reads back under the same spec.
func (g *greenGame) out() greenhackenbush.Base { return max(g.base, greenhackenbush.From0) }

func (g *greenGame) format(ps []*greenhackenbush.Picture) string {
	if len(ps) == 0 {
		return "-"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = greenhackenbush.Format(p, g.out())
	}
	return strings.Join(parts, " ")
}

// Value is the nimber of the sum: the xor of the pictures' values.
func (g *greenGame) Value(ctx context.Context, s *cgt.Space, tokens []string, opts catalog.Options) (cgt.Game, string, error) {
	pos, err := g.parse(tokens, opts)
	if err != nil {
		return 0, "", err
	}
	var x uint64
	for _, p := range pos.Pictures {
		x ^= greenhackenbush.Value(p)
	}
	v, err := s.Nimber(int(x))
	return v, g.format(pos.Pictures), err
}

// Solve answers as for any impartial game: the outcome, the nimber, and
// the winning cuts, each written as the position it leaves.
func (g *greenGame) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return nil, catalog.RefuseMethod(g.spec, catalog.Search, "%s is solved by the fusion and colon principles, not by search", g.spec)
	}
	pos, err := g.parse(tokens, opts)
	if err != nil {
		return nil, err
	}
	ps := pos.Pictures
	vals := make([]uint64, len(ps))
	var x uint64
	for i, p := range ps {
		vals[i] = greenhackenbush.Value(p)
		x ^= vals[i]
	}
	r := &catalog.Report{
		Game:     g.spec,
		Position: g.format(ps),
		Grundy:   new(big.Int).SetUint64(x),
		Method:   "closed form: the fusion and colon principles (Winning Ways ch. 7), in time linear in the edges",
	}
	r.Outcome = catalog.OutcomeOfValue(r.Grundy)
	if pos.Base == greenhackenbush.From1 && g.base == greenhackenbush.Auto {
		r.Notes = append(r.Notes, "the edge list numbers its vertices from 1 (the ground is vertex 1); positions are written from 0")
	}
	if x == 0 {
		return r, nil
	}
	type move struct{ pic, edge int }
	var moves []move
	untried := 0
	work := greenhackenbush.DefaultCutWork / int64(len(ps))
	for i, p := range ps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c := greenhackenbush.WinningCuts(p, x^vals[i], work)
		untried += c.Untried
		for _, e := range c.Edges {
			moves = append(moves, move{i, e})
		}
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = greenhackenbush.Format(p, g.out())
	}
	r.AddMoves(len(moves), func(k int) string {
		m := moves[k]
		q := greenhackenbush.Cut(ps[m.pic], m.edge)
		was := parts[m.pic]
		parts[m.pic] = greenhackenbush.Format(q, g.out())
		defer func() { parts[m.pic] = was }()
		var kept []string
		for _, s := range parts {
			if s != "-" {
				kept = append(kept, s)
			}
		}
		if len(kept) == 0 {
			return "-"
		}
		return strings.Join(kept, " ")
	})
	if untried > 0 {
		r.MovesIncomplete = true
		r.Notes = append(r.Notes, fmt.Sprintf("cuts of %d edges on cycles were not tried: each is tried by valuing its piece again, and the picture is too large for all of them (bridges and loops are all tried)", untried))
	}
	return r, nil
}

// Explore lists the cuts of a position from the same impartial values as
// Solve (not the partizan adapter's L:/R: moves, which stop at small
// pictures): every edge of every picture, each with the nimber of the sum
// it leaves. A cut costs one valuation of its picture, linear in its edges,
// and only the listed cuts are valued.
func (g *greenGame) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	r, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	pos, err := g.parse(tokens, opts)
	if err != nil {
		return nil, err
	}
	ps := pos.Pictures
	parts := make([]string, len(ps))
	var x uint64
	vals := make([]uint64, len(ps))
	for i, p := range ps {
		parts[i] = greenhackenbush.Format(p, g.out())
		vals[i] = greenhackenbush.Value(p)
		x ^= vals[i]
	}
	ex := &catalog.Exploration{Report: r, Board: &catalog.Board{Kind: catalog.BoardComponents, Text: r.Position, Components: parts}, MovesCounted: true}
	for i, p := range ps {
		ex.MovesTotal += p.Edges()
		for e := 0; e < p.Edges() && len(ex.Moves) < maxMoves; e++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			q := greenhackenbush.Cut(p, e)
			v := x ^ vals[i] ^ greenhackenbush.Value(q)
			after := slices.Clone(ps)
			after[i] = q
			to := greenhackenbush.Format(q, g.out())
			if to == "-" {
				to = ""
			}
			var kept []*greenhackenbush.Picture
			for _, a := range after {
				if greenhackenbush.Format(a, g.out()) != "-" {
					kept = append(kept, a)
				}
			}
			gv := new(big.Int).SetUint64(v)
			ex.Moves = append(ex.Moves, catalog.MoveInfo{
				Component: i, From: parts[i], To: to, Position: g.format(kept),
				Outcome: catalog.OutcomeOfValue(gv), Grundy: gv,
			})
		}
	}
	return ex, nil
}
