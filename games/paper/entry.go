package paper

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
)

// The catalog's adapter of the cutting game: "grundy solve paper WxH …"
// answers at once when a sheet is a strip (a 1×1 can be cut off), and
// otherwise searches the game without the cuts that leave a strip (Game).

func init() {
	catalog.Register(catalog.Entry{
		Name:     "paper",
		Aliases:  []string{"cutting"},
		Position: "sheets WxH, e.g. 4x2 3x5 (several make a sum); sides up to 400 when both are at least 2",
		Summary:  "the cutting game: cut one sheet along a grid line into two; whoever first produces a 1×1 piece wins",
		Example:  "solve paper 4x2",
		Kind:     "impartial",
		Make:     func(string) (catalog.Instance, error) { return instance{}, nil },
	})
}

// maxPaperSide bounds the sides of sheets that are searched: a W×H sheet
// has up to W·H sub-sheets with W+H cuts each.
const maxPaperSide = 400

type instance struct{}

var _ catalog.Explorer = instance{}

func (instance) Spec() string { return "paper" }

// paperSheet is a parsed sheet: sides of any size until they are searched.
type paperSheet struct {
	tok  string
	w, h *big.Int
}

func (s paperSheet) strip() bool {
	return s.w.Cmp(big.NewInt(1)) == 0 || s.h.Cmp(big.NewInt(1)) == 0
}

func (s paperSheet) String() string { return s.w.String() + "x" + s.h.String() }

func parsePaper(tokens []string) ([]paperSheet, error) {
	f := catalog.Fields(tokens)
	if err := catalog.CountFields(f, "sheet", 1, catalog.MaxComponents); err != nil {
		return nil, fmt.Errorf("%w (sheets are written WxH, e.g. 4x2)", err)
	}
	out := make([]paperSheet, len(f))
	for i, tok := range f {
		ws, hs, ok := strings.Cut(strings.ReplaceAll(strings.ToLower(tok), "×", "x"), "x")
		if !ok {
			return nil, fmt.Errorf("bad sheet %q: expected WxH, e.g. 4x2", tok)
		}
		w, err := catalog.ParseNatural(ws, "width")
		if err != nil {
			return nil, fmt.Errorf("bad sheet %q: %w", tok, err)
		}
		h, err := catalog.ParseNatural(hs, "height")
		if err != nil {
			return nil, fmt.Errorf("bad sheet %q: %w", tok, err)
		}
		if w.Sign() == 0 || h.Sign() == 0 {
			return nil, fmt.Errorf("bad sheet %q: sides must be at least 1", tok)
		}
		if w.Cmp(big.NewInt(1)) == 0 && h.Cmp(big.NewInt(1)) == 0 {
			return nil, fmt.Errorf("bad sheet %q: a 1x1 piece means the game is already over (whoever cut it won)", tok)
		}
		out[i] = paperSheet{tok: tok, w: w, h: h}
	}
	return out, nil
}

func (instance) search() *impartialgame.Searched[Sheet] {
	return &impartialgame.Searched[Sheet]{
		Name: "paper",
		Game: Game{},
		Parse: func(tokens []string) ([]Sheet, error) {
			sheets, err := parsePaper(tokens)
			if err != nil {
				return nil, err
			}
			out := make([]Sheet, len(sheets))
			for i, s := range sheets {
				if !s.w.IsInt64() || !s.h.IsInt64() || s.w.Int64() > maxPaperSide || s.h.Int64() > maxPaperSide {
					return nil, fmt.Errorf("bad sheet %q: sides up to %d are supported by the search", s.tok, maxPaperSide)
				}
				out[i] = Sheet{W: int(s.w.Int64()), H: int(s.h.Int64())}
			}
			return out, nil
		},
		Format: Game{}.Format,
	}
}

func (g instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	sheets, err := parsePaper(tokens)
	if err != nil {
		return nil, err
	}
	var strips []int
	for i, s := range sheets {
		if s.strip() {
			strips = append(strips, i)
		}
	}
	if len(strips) == 0 {
		if opts.Method == catalog.ClosedForm {
			return nil, catalog.RefuseMethod("paper", catalog.ClosedForm, "the cutting game has no closed form for sheets of at least 2x2")
		}
		r, err := g.search().Solve(ctx, tokens, opts)
		if err != nil {
			return nil, err
		}
		r.Notes = append(r.Notes, "cuts that leave a piece 1 wide are left out: they let the opponent cut a 1x1 at once, so with sheets of at least 2x2 the game is normal play on the other cuts, and the value is that game's")
		if r.Remoteness != nil {
			// When the other cuts run out, the loser must leave a strip
			// and the winner cuts the 1×1: two more moves.
			rem := *r.Remoteness + 2
			r.Remoteness = &rem
			r.Notes = append(r.Notes, "the remoteness counts the two closing moves: the loser's forced cut leaving a strip, and the winner's cut of the 1x1")
		}
		return r, nil
	}
	// A strip lets the player to move cut off a 1×1 and win at once; any
	// other move leaves a strip to the opponent.
	parts := make([]string, len(sheets))
	for i, s := range sheets {
		parts[i] = s.String()
	}
	one := 1
	r := &catalog.Report{
		Game:       "paper",
		Position:   strings.Join(parts, " "),
		Outcome:    "N",
		Remoteness: &one,
		Method:     "immediate win: a sheet 1 wide lets the player to move cut off a 1x1 piece",
		Notes:      []string{"the game ends with that cut, which is not normal play, so the position has no Sprague–Grundy value: grundy is null"},
	}
	// One winning move per strip (cutting at 1 or at k-1 leaves the same
	// pieces); each is written out by AddMoves, which stops at a sane total
	// size.
	distinct := strips
	r.AddMoves(len(distinct), func(k int) string {
		i := distinct[k]
		s := sheets[i]
		var piece string
		if s.w.Cmp(big.NewInt(1)) == 0 {
			piece = "1x" + new(big.Int).Sub(s.h, big.NewInt(1)).String()
		} else {
			piece = new(big.Int).Sub(s.w, big.NewInt(1)).String() + "x1"
		}
		return strings.Join(slices.Concat(parts[:i], []string{"1x1", piece}, parts[i+1:]), " ")
	})

	return r, nil
}

// Explore lists the moves found by the search adapter; each position's
// own report is Solve's.
func (g instance) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	return impartialgame.BySearch(g, g.search()).Explore(ctx, tokens, opts, maxMoves)
}

// SolveCompound solves a compound of positions (solve --compound) by the
// search adapter's remoteness and suspense numbers.
func (g instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveCompound(ctx, kind, components, opts)
}
