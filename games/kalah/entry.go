package kalah

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/searchreport"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/search"
)

func init() {
	catalog.Register(catalog.Entry{
		Name:           "kalah",
		Params:         "P,S[:nonempty]",
		OptionalParams: true,
		Position: "the top row (North's pits, North's pit P first), '/', the bottom row (South's pits 1 to P), '/', " +
			"North's store ',' South's store, '/', the player to move (S or N), e.g. 3,3,3/3,3,3/0,0/S; nothing for the start",
		Summary: "Kalah with P pits a side and S seeds a pit (default kalah:6,4, the commercial game Irving, Donkers and Uiterwijk solved): " +
			"sow counterclockwise skipping the opponent's store, move again when the last seed lands in your store, capture it and " +
			"the opposite pit when it lands in an empty pit of yours (kalah:P,S:nonempty: only when the opposite pit holds seeds); " +
			"when a side is empty each player stores the seeds on its side. The result is the store difference: solve reports the " +
			"margin (\"score\") for the player to move, by alpha-beta search; grundy db build kalah:P,S strongly solves small games",
		Example: "solve kalah:3,3",
		Kind:    "scored",
		Make: func(params string) (catalog.Instance, error) {
			g, err := parseParams(params)
			if err != nil {
				return nil, err
			}
			return instance{g}, nil
		},
	})
}

// parseParams reads "P,S" or "P,S:nonempty" ("" is 6,4).
func parseParams(params string) (*Game, error) {
	if params == "" {
		return New(6, 4, false)
	}
	size, variant, hasVariant := strings.Cut(params, ":")
	if hasVariant && variant != "nonempty" {
		return nil, fmt.Errorf("bad kalah variant %q: expected nothing or nonempty (kalah:P,S:nonempty)", variant)
	}
	ps := strings.Split(size, ",")
	if len(ps) != 2 {
		return nil, fmt.Errorf("bad kalah parameters %q: expected P,S (pits a side, seeds a pit), e.g. kalah:6,4", params)
	}
	var n [2]int
	for i, f := range ps {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("bad kalah parameters %q: %q is not a whole number", params, f)
		}
		n[i] = v
	}
	return New(n[0], n[1], hasVariant)
}

type instance struct{ g *Game }

var (
	_ catalog.Instance    = instance{}
	_ catalog.Explorer    = instance{}
	_ catalog.Starter     = instance{}
	_ catalog.MoveLabeler = instance{}
	_ strong.Tierable     = instance{}
)

func (in instance) Spec() string { return in.g.Spec() }

// Start is the opening for games small enough to search at once (48
// seeds and fewer); "" otherwise, so that a server without a database
// opens the example instead.
func (in instance) Start() string {
	if in.g.Seeds() > 24 {
		return ""
	}
	return in.g.Format(in.g.Start())
}

func (in instance) parse(tokens []string) (Pos, error) {
	return in.g.Parse(strings.Join(tokens, " "))
}

// Acyclic tells the margin search that positions never repeat (doc.go:
// seeds in stores never decrease, and inside a store total a potential
// strictly decreases).
func (g *Game) Acyclic() bool { return true }

// EstimateMargin is the store difference for the player to move, which
// orders the search's moves.
func (g *Game) EstimateMargin(p Pos) int {
	return int(p.Store[p.Turn]) - int(p.Store[1-p.Turn])
}

// MarginBounds: whatever the play, the seeds in pits go to one store or
// the other, and the stores never lose a seed.
func (g *Game) MarginBounds(p Pos) (lo, hi int) {
	d := g.EstimateMargin(p)
	left := g.Seeds() - int(p.Store[0]) - int(p.Store[1])
	return d - left, d + left
}

var (
	_ search.Acyclic              = (*Game)(nil)
	_ search.MarginEstimator[Pos] = (*Game)(nil)
	_ search.MarginBounder[Pos]   = (*Game)(nil)
)

// analyze searches p and every move from it.
func (in instance) analyze(ctx context.Context, p Pos, opts catalog.Options) (*search.MarginResult[Pos], string, error) {
	table, release, err := searchreport.TableSize(opts, search.DefaultTTSize, 1<<12)
	if err != nil {
		return nil, "", err
	}
	defer release()
	res, err := search.AnalyzeMargin(ctx, in.g, p, search.MarginOptions{TTSize: table, MaxNodes: opts.MaxNodes})
	if err != nil {
		return nil, "", err
	}
	return res, fmt.Sprintf("alpha-beta search on the margin (MTD-bi) with a transposition table of %s: %d nodes", budget.FormatBytes(table), res.Nodes), nil
}

func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(in.Spec(), catalog.ClosedForm, "kalah has no closed form")
	}
	p, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	table, release, err := searchreport.TableSize(opts, search.DefaultTTSize, 1<<12)
	if err != nil {
		return nil, err
	}
	defer release()
	res, wins, err := search.MarginWins(ctx, in.g, p, search.MarginOptions{TTSize: table, MaxNodes: opts.MaxNodes})
	if err != nil {
		return nil, err
	}
	r := Report(in.g, p, res.MarginValue)
	r.Method = fmt.Sprintf("alpha-beta search on the margin (MTD-bi) with a transposition table of %s: %d nodes", budget.FormatBytes(table), res.Nodes)
	r.AddMoves(len(wins), func(i int) string { return in.g.Format(wins[i]) })
	return r, nil
}

// report writes the search's result for p.
func (in instance) report(p Pos, res *search.MarginResult[Pos], method string) *catalog.Report {
	r := Report(in.g, p, res.MarginValue)
	r.Method = method
	var wins []string
	for _, m := range res.Moves {
		if m.Margin < 0 {
			wins = append(wins, in.g.Format(m.Position))
		}
	}
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
	return r
}

// Report is the report of p with margin v for the player to move,
// without its moves: outcome from the sign, remoteness for a margin
// that is not zero, and a note in the players' names.
func Report(g *Game, p Pos, v search.MarginValue) *catalog.Report {
	score := v.Margin
	r := &catalog.Report{Game: g.Spec(), Position: g.Format(p), Outcome: outcomeOf(score), Score: &score}
	if v.Margin != 0 && v.Remoteness >= 0 {
		x := v.Remoteness
		r.Remoteness = &x
	}
	r.Notes = append(r.Notes, note(g, p, score))
	return r
}

func outcomeOf(score int) string {
	switch {
	case score > 0:
		return "N"
	case score < 0:
		return "P"
	}
	return "D"
}

func note(g *Game, p Pos, score int) string {
	who, other := "South", "North"
	if p.Turn == 1 {
		who, other = "North", "South"
	}
	prefix := who + " to move"
	if g.Over(p) {
		prefix = "the game is over"
	}
	switch {
	case score > 0:
		return fmt.Sprintf("%s: %s wins by %d under perfect play", prefix, who, score)
	case score < 0:
		return fmt.Sprintf("%s: %s wins by %d under perfect play", prefix, other, -score)
	}
	return prefix + ": a tie (equal stores) under perfect play"
}

// Explore lists every turn with the margin of the position it leaves,
// each found by search.
func (in instance) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	p, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	res, method, err := in.analyze(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	x := &catalog.Exploration{Report: in.report(p, res, method), Board: in.board(p), MovesTotal: len(res.Moves),
		MovesCounted: true, MoveKind: catalog.MovesOutcome}
	for _, m := range res.Moves[:min(len(res.Moves), maxMoves)] {
		score := m.Margin
		mi := catalog.MoveInfo{Component: -1, Position: in.g.Format(m.Position), Outcome: outcomeOf(score), Score: &score,
			Terminal: in.g.Over(m.Position)}
		if m.Margin != 0 && m.Remoteness >= 0 {
			x := m.Remoteness
			mi.Remoteness = &x
		}
		x.Moves = append(x.Moves, mi)
	}
	return x, nil
}

// board is the position as text, for the explorer.
func (in instance) board(p Pos) *catalog.Board {
	return &catalog.Board{Kind: catalog.BoardText, Text: in.g.Format(p)}
}

// LabelMoves names each turn by the pits sown ("pit 3", "pit 1, pit 4").
func (in instance) LabelMoves(x *catalog.Exploration) {
	p, err := in.g.Parse(x.Report.Position)
	if err != nil {
		return
	}
	for i := range x.Moves {
		if q, err := in.g.Parse(x.Moves[i].Position); err == nil {
			if l := in.g.Label(p, q); l != "" {
				x.Moves[i].Label = l
			}
		}
	}
}

// Strong binds Kalah to the tier solver and its databases (grundy db
// build kalah:P,S): tiers by seeds in the stores, scored records.
func (in instance) Strong() strong.Game {
	return strong.Bind(strong.Binding[Pos]{
		Spec: in.Spec(),
		Game: in.g,
		Parse: func(tokens []string) (Pos, string, error) {
			p, err := in.parse(tokens)
			return p, in.g.Format(p), err
		},
		Label: in.g.Label,
	})
}
