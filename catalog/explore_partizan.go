package catalog

import (
	"context"
	"iter"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/partizan/colsnort"
	"github.com/grundy-go/grundy/games/partizan/domineering"
)

// Successors lists Left's moves, then Right's, in a partizan game: a move
// in one part of the sum, written as the whole sum it leaves. Each
// position left is valued by the partizan evaluator (one cgt.Space and one
// memo for the request): its canonical form (Value) and its outcome class
// (L: Left wins whoever starts, R: Right wins, N: the player to move
// wins, P: the player to move loses). Neither player is "to move" in a
// partizan position, so both lists are given; a front end that plays
// alternates them.
//
// Games that move whole positions (game.Partizan: Domineering keeps its
// board, Toads and Frogs its strip) are moved that way; Col and Snort
// colour a vertex of the strip; the others (Hackenbush trees, Cutcake)
// replace the part by the regions the move leaves, "-" when nothing is
// left.
func (g *partizanGame[P]) Successors(ctx context.Context, tokens []string, opts Options, limit int) (*SuccessorList, error) {
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	parts, err := g.parse(tokens)
	if err != nil {
		return nil, err
	}
	s := cgt.NewSpace()
	s.Context = ctx
	s.MaxSteps = partizanMaxSteps
	e, err := partizan.New[P](s, g.game)
	if err != nil {
		return nil, err
	}
	e.MaxPositions = opts.MaxStates
	list := &SuccessorList{Report: report, Kind: MovesPartizan, Complete: true, Board: g.board(parts)}
	for _, side := range []struct {
		player string
		left   bool
	}{{PlayerLeft, true}, {PlayerRight, false}} {
		for i, p := range parts {
			for next := range g.options(p, side.left) {
				if len(list.Moves) >= limit {
					list.Complete = false
					break
				}
				sum := append(append(slices.Clone(parts[:i]), next...), parts[i+1:]...)
				list.Moves = append(list.Moves, Successor{Player: side.player, Position: g.formatSum(sum), MoverIndex: -1})
			}
		}
	}
	list.Solve = func(ctx context.Context, pos string) (*Report, error) {
		ps, err := g.parse(strings.Fields(pos))
		if err != nil {
			return nil, err
		}
		v, err := e.Value(ctx, ps...)
		if err != nil {
			return nil, err
		}
		o, err := s.Outcome(v)
		if err != nil {
			return nil, err
		}
		return &Report{Game: g.spec, Position: g.formatSum(ps), Outcome: o.String(), Value: s.String(v)}, nil
	}
	return list, nil
}

// options yields the parts that one of the player's moves in p leaves.
func (g *partizanGame[P]) options(p P, left bool) iter.Seq[[]P] {
	if pg, ok := g.game.(game.Partizan[P]); ok {
		moves := pg.RightMoves
		if left {
			moves = pg.LeftMoves
		}
		return func(yield func([]P) bool) {
			for q := range moves(p) {
				if !yield([]P{q}) {
					return
				}
			}
		}
	}
	if cs, ok := g.game.(colsnort.Game); ok {
		colour := byte('R')
		if left {
			colour = 'L'
		}
		return func(yield func([]P) bool) {
			strip := any(p).(string)
			for i := range len(strip) {
				if strip[i] != '.' {
					continue
				}
				b := []byte(strip)
				b[i] = colour
				// Parse refuses a strip that breaks the game's rule, which
				// is exactly a move that is not allowed.
				if _, err := cs.Parse([]string{string(b)}); err != nil {
					continue
				}
				if !yield([]P{any(string(b)).(P)}) {
					return
				}
			}
		}
	}
	pg := g.game.(game.PartizanSplitting[P]) // partizan.New accepted it
	if left {
		return pg.LeftOptions(p)
	}
	return pg.RightOptions(p)
}

// board draws a Domineering board and a single strip as a grid (# and
// coloured vertices as they are written), and other positions as their
// parts.
func (g *partizanGame[P]) board(parts []P) *Board {
	text := g.formatSum(parts)
	if len(parts) == 1 {
		if b, ok := any(parts[0]).(domineering.Board); ok {
			rows := strings.Split(b.String(), "|")
			if b.Filled == 0 {
				rows = make([]string, b.Rows)
				for r := range rows {
					rows[r] = strings.Repeat(".", int(b.Cols))
				}
			}
			return &Board{Kind: BoardGrid, Text: text, Rows: rows}
		}
		if strip, ok := any(parts[0]).(string); ok && strings.Trim(strip, ".LRTF") == "" && strip != "" {
			return &Board{Kind: BoardGrid, Text: text, Rows: []string{strip}}
		}
	}
	strs := make([]string, len(parts))
	for i, p := range parts {
		strs[i] = g.format(p)
	}
	return &Board{Kind: BoardComponents, Text: text, Components: strs}
}
