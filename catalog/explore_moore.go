package catalog

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/games/moore"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/outcome"
)

// Start is a small position with a move on two heaps at once.
func (g *mooreGame) Start() string { return "3 5 6" }

// Successors lists the moves of Moore's Nim_K (take from one to K heaps at
// once) in moore.EachMove's order. Each position left gets its outcome
// from Moore's theorem, and, when it is small enough to search
// (mooreQuickWork), its Sprague–Grundy value and remoteness from one
// exhaustive search shared by the whole request.
func (g *mooreGame) Successors(ctx context.Context, tokens []string, opts Options, limit int) (*SuccessorList, error) {
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	list := &SuccessorList{Report: report, Kind: MovesOutcome, Complete: true}
	heaps, err := ParseInts(tokens, "heap size", 1, MaxComponents, MaxExploreHeap)
	if err != nil {
		// Heaps this large have too many moves to list, but Moore's
		// theorem still answers: the report alone, with its winning move.
		list.Complete = false
		list.Board = &Board{Kind: BoardText, Text: report.Position}
		report.Notes = append(report.Notes, fmt.Sprintf("the heaps are too large to list every move here (heaps up to %d are)", MaxExploreHeap))
		return list, nil
	}
	strs := make([]string, len(heaps))
	for i, h := range heaps {
		strs[i] = strconv.Itoa(h)
	}
	list.Board = HeapBoard(strs)
	moore.EachMove(heaps, g.k, func(next []int) bool {
		if len(list.Moves) >= limit {
			list.Complete = false
			return false
		}
		list.Moves = append(list.Moves, Successor{Position: JoinInts(next), MoverIndex: -1})
		return true
	})
	solver := impartial.New[moore.Key](moore.Game{K: g.k}, impartial.Options{MaxStates: opts.MaxStates, Memory: opts.Memory})
	list.Solve = func(ctx context.Context, pos string) (*Report, error) {
		hs, err := ParseInts(strings.Fields(pos), "heap size", 1, MaxComponents, MaxExploreHeap)
		if err != nil {
			return nil, err
		}
		bhs := Bigs(hs)
		r := &Report{Game: g.spec, Position: JoinInts(hs), Outcome: "N"}
		if moore.IsP(bhs, g.k) {
			r.Outcome = "P"
		}
		if mooreWork(bhs, g.k, mooreQuickWork) > mooreQuickWork {
			return r, nil
		}
		key := moore.MakeKey(hs)
		v, err := solver.Grundy(ctx, key)
		if err != nil {
			return nil, err
		}
		if got := outcome.FromGrundy(v).String(); got != r.Outcome {
			return nil, fmt.Errorf("internal error: %s %s: Moore's theorem says %s but the search says %s", g.spec, r.Position, r.Outcome, got)
		}
		rem, err := solver.Remoteness(ctx, key)
		if err != nil {
			return nil, err
		}
		r.Grundy = new(big.Int).SetUint64(v)
		if rem != impartial.UnknownRemoteness {
			r.Remoteness = &rem
		}
		return r, nil
	}
	return list, nil
}
