package catalog

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/games/octal"
	"github.com/grundy-go/grundy/heap"
)

// Heap games computed by the heap package's value engine: named octal
// games, octal:CODE, hex:CODE and Grundy's game, and Treblecross strips.
// Positions of several heaps are sums: the value is the nim-sum of the
// heaps' values (Sprague–Grundy theorem), and a winning move turns one
// heap into an option whose value makes the nim-sum 0.
func init() {
	for _, e := range []struct{ name, summary, example string }{
		{"kayles", "Kayles (octal 0.77): knock down one pin or two adjacent pins from a row; a row may split in two", "solve kayles 5 7"},
		{"dawson", "Dawson's chess (octal 0.137): take a whole heap of 1, 2 tokens leaving at most one heap, or 3 tokens leaving up to two heaps", "solve dawson 10"},
		{"guiles", "Guiles (octal 0.15): take a whole heap of 1 or 2, or 2 tokens from inside a heap, leaving two non-empty heaps", "solve guiles 9 4"},
		{"grundy-game", "Grundy's game: split one heap into two heaps of different sizes", "solve grundy-game 10 7"},
	} {
		name := e.name
		position := fmt.Sprintf("heap sizes up to %d; several heaps make a sum", maxHeapGameHeap)
		if name != "grundy-game" {
			position = periodicPosition
		}
		Register(Entry{
			Name:     name,
			Position: position,
			Summary:  e.summary,
			Example:  e.example,
			Kind:     "impartial",
			Make:     func(string) (Instance, error) { return newHeapRuleGame(name) },
		})
	}
	Register(Entry{
		Name:     "octal",
		Params:   "CODE",
		Position: periodicPosition,
		Summary:  "octal game: digit k of CODE (0-7) says what removing k tokens may leave: +1 nothing, +2 one heap, +4 two heaps (Winning Ways ch. 4); the digit before the point is 0 or 4",
		Example:  "solve octal:0.137 10 12",
		Kind:     "impartial",
		Make:     func(p string) (Instance, error) { return newHeapRuleGame("octal:" + p) },
	})
	Register(Entry{
		Name:     "hex",
		Params:   "CODE",
		Position: fmt.Sprintf("heap sizes up to %d (%d when moves leave three heaps); several heaps make a sum", maxHeapGameHeap, maxHexHeap),
		Summary:  "hexadecimal game: like octal, with +8 for moves leaving three heaps (digits 0-9, A-F)",
		Example:  "solve hex:0.F 9",
		Kind:     "impartial",
		Make:     func(p string) (Instance, error) { return newHeapRuleGame("hex:" + p) },
	})
	Register(Entry{
		Name:     "treblecross",
		Position: "a strip of cells, '.' empty and 'X' taken, e.g. ..X....X..",
		Summary:  "Treblecross: put an X in an empty cell; whoever first makes three X in a row wins (a sum of octal 0.007 heaps)",
		Example:  "solve treblecross ..X....X..",
		Kind:     "impartial",
		Make:     func(string) (Instance, error) { return treblecross{}, nil },
	})
}

// periodicPosition is the position syntax of finite octal games: heaps
// beyond computation are answered from the proven period (heapperiod.go).
var periodicPosition = fmt.Sprintf("heap sizes up to %d, or up to 10^18 once the game's period is proven (Guy–Smith); several heaps make a sum", maxHeapGameHeap)

const (
	// maxHeapGameHeap bounds the heaps of a position: values are computed
	// up to the largest heap, and winning moves look at every option.
	maxHeapGameHeap = 10_000_000
	// maxHexHeap bounds heaps of rules whose moves leave three heaps
	// (quadratically many options).
	maxHexHeap = 3_000
	// maxHeapGameTokens bounds the sum of the heaps, which is the work of
	// listing the winning moves.
	maxHeapGameTokens = 100_000_000
	// maxHeapSearchHeap bounds heaps for --method search.
	maxHeapSearchHeap = 2_000
)

type heapRuleGame struct {
	rule *heap.Rule
	// The values with their proven period (heapperiod.go), once computed.
	mu         sync.Mutex
	period     periodicValues
	periodInfo heap.Period
}

func newHeapRuleGame(spec string) (Instance, error) {
	r, err := heap.Parse(spec)
	if err != nil {
		return nil, err
	}
	return &heapRuleGame{rule: r}, nil
}

func (g *heapRuleGame) Spec() string { return g.rule.Spec }

func (g *heapRuleGame) maxHeap() int {
	if g.rule.MaxHeaps() == 3 {
		return maxHexHeap
	}
	return maxHeapGameHeap
}

func (g *heapRuleGame) search() *Searched[int] {
	return &Searched[int]{
		Name: g.rule.Spec,
		Game: octal.Game{Rule: g.rule},
		Parse: func(t []string) ([]int, error) {
			return ParseInts(t, "heap size", 1, MaxComponents, maxHeapSearchHeap)
		},
		Format: strconv.Itoa,
	}
}

func (g *heapRuleGame) values(ctx context.Context, upto int, opts Options) (*heap.Values, error) {
	return heap.Compute(ctx, g.rule, upto, heap.Options{UsePeriod: true, Progress: opts.Progress})
}

func (g *heapRuleGame) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	switch {
	case opts.Method == Search:
		return g.search().Solve(ctx, tokens, opts)
	case opts.Method == ClosedForm && !g.periodic():
		return nil, fmt.Errorf("%s has no closed form; drop --method closed to compute its values", g.rule.Spec)
	}
	limit := g.maxHeap()
	if g.periodic() {
		limit = maxPeriodicHeap
	}
	heaps, err := ParseInts(tokens, "heap size", 1, MaxComponents, limit)
	if err != nil {
		return nil, err
	}
	largest, total := 0, 0
	for _, h := range heaps {
		largest = max(largest, h)
		total = min(total+h, maxPeriodicHeap)
	}
	if g.periodic() && (opts.Method == ClosedForm || largest > g.maxHeap() || total > maxHeapGameTokens) {
		// Too large to compute: the proven period answers.
		return g.solveByPeriod(ctx, heaps, opts)
	}
	if total > maxHeapGameTokens {
		return nil, fmt.Errorf("the heaps hold %d tokens in all; at most %d are supported", total, maxHeapGameTokens)
	}
	vals, err := g.values(ctx, largest+1, opts)
	if err != nil {
		return nil, err
	}
	var x uint32
	for _, h := range heaps {
		x ^= vals.At(h)
	}
	r := &Report{
		Game:     g.rule.Spec,
		Position: JoinInts(heaps),
		Outcome:  OutcomeOfValue(new(big.Int).SetUint64(uint64(x))),
		Grundy:   new(big.Int).SetUint64(uint64(x)),
		Method:   fmt.Sprintf("heap values G(0..%d) by the sparse-space method, nim-summed over the heaps (Sprague–Grundy theorem)", largest),
	}
	if p := heap.FindPeriod(vals, g.rule); p.Proven {
		r.Notes = append(r.Notes, fmt.Sprintf("G(n+%d) = G(n) for all n ≥ %d (%s)", p.Period, p.Preperiod, p.Theorem))
	}
	if x == 0 {
		return r, nil
	}
	for i, h := range heaps {
		target := vals.At(h) ^ x
		g.rule.EachOption(h, func(parts []int) bool {
			var v uint32
			for _, p := range parts {
				v ^= vals.At(p)
			}
			if v == target {
				r.WinningMoves = append(r.WinningMoves, replaceHeap(heaps, i, parts))
			}
			return true
		})
	}
	return r, nil
}

// replaceHeap writes heaps with heap i replaced by parts (by 0 when a move
// leaves nothing of it).
func replaceHeap(heaps []int, i int, parts []int) string {
	var sb strings.Builder
	write := func(n int) {
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(n))
	}
	for j, h := range heaps {
		if j != i {
			write(h)
			continue
		}
		if len(parts) == 0 {
			write(0)
		}
		for _, p := range parts {
			write(p)
		}
	}
	return sb.String()
}

// Table gives G(0..upto-1).
func (g *heapRuleGame) Table(ctx context.Context, upto int, opts Options) (*Table, error) {
	if err := heap.CheckUpto(g.rule, upto); err != nil {
		return nil, err
	}
	if opts.Method == Search {
		if upto > maxHeapSearchHeap {
			return nil, fmt.Errorf("--upto %d: searched tables of %s go up to %d", upto, g.rule.Spec, maxHeapSearchHeap)
		}
		return HeapTable(ctx, g.rule.Spec, octal.Game{Rule: g.rule}, func(n int) int { return n }, upto, opts)
	}
	vals, err := g.values(ctx, upto, opts)
	if err != nil {
		return nil, err
	}
	return &Table{
		Game:    g.rule.Spec,
		Values:  vals.Uint64s(),
		Caption: "G(n): the Sprague–Grundy value of a heap of n; 0 marks a P-position (the player to move loses)",
	}, nil
}

// treblecross solves Treblecross strips (UVA 10561) by their reduction to
// octal 0.007: see heap.SolveStrip.
type treblecross struct{}

func (treblecross) Spec() string { return "treblecross" }

func (treblecross) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if len(tokens) != 1 {
		return nil, fmt.Errorf("expected one strip of '.' and 'X' (like ..X....X..), got %d arguments", len(tokens))
	}
	if opts.Method == ClosedForm {
		return nil, fmt.Errorf("treblecross has no closed form; drop --method closed")
	}
	cells, err := heap.ParseStrip(tokens[0])
	if err != nil {
		return nil, err
	}
	res, err := heap.SolveStrip(ctx, cells, heap.Options{UsePeriod: true, Progress: opts.Progress})
	if err != nil {
		return nil, err
	}
	r := &Report{
		Game:     "treblecross",
		Position: heap.FormatStrip(cells),
		Outcome:  "P",
		Extra:    map[string]any{"winning_cells": []int{}},
	}
	if res.Wins() {
		r.Outcome = "N"
	}
	switch {
	case res.Over:
		r.Method = "the strip already has three X in a row: the player to move has lost"
		zero := 0
		r.Remoteness = &zero
		r.Grundy = new(big.Int)
	case res.Immediate:
		r.Method = "the player to move makes three in a row at once"
		one := 1
		r.Remoteness = &one
	default:
		r.Method = fmt.Sprintf("sum of segments of safe cells as octal 0.11337 heaps (0.007 shifted by two): nim-sum %d", res.Value)
		r.Notes = append(r.Notes, "the nim-sum decides who wins; the game's own Grundy value can differ (moves next to an X are not counted), so grundy is null")
	}
	if len(res.WinningCells) > 0 {
		r.Extra["winning_cells"] = res.WinningCells
	}
	for _, c := range res.WinningCells {
		next := append([]bool(nil), cells...)
		next[c-1] = true
		r.WinningMoves = append(r.WinningMoves, heap.FormatStrip(next))
	}
	return r, nil
}

// Explore lists the moves of a Treblecross strip: an X in each empty cell
// (To names the cell, "cell 5", counted from 1), each resulting strip
// solved as Solve solves it. The board is the strip as a one-row grid.
func (g treblecross) Explore(ctx context.Context, tokens []string, opts Options, maxMoves int) (*Exploration, error) {
	if maxMoves <= 0 {
		maxMoves = DefaultMaxMoves
	}
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	cells, err := heap.ParseStrip(tokens[0])
	if err != nil {
		return nil, err
	}
	x := &Exploration{Report: report, Board: &Board{Kind: BoardGrid, Text: report.Position, Rows: []string{report.Position}}, MovesCounted: true}
	if report.Remoteness != nil && *report.Remoteness == 0 {
		return x, nil // three in a row: the game is over
	}
	for i, filled := range cells {
		if filled {
			continue
		}
		x.MovesTotal++
		if len(x.Moves) >= maxMoves {
			continue
		}
		next := slices.Clone(cells)
		next[i] = true
		r, err := g.Solve(ctx, []string{heap.FormatStrip(next)}, opts)
		if err != nil {
			return nil, err
		}
		x.Moves = append(x.Moves, MoveInfo{Component: -1, To: fmt.Sprintf("cell %d", i+1), Position: r.Position, Outcome: r.Outcome, Grundy: r.Grundy, Remoteness: r.Remoteness})
	}
	return x, nil
}

// Explore lists the moves found by the search adapter; each position's
// own report is Solve's.
func (g *heapRuleGame) Explore(ctx context.Context, tokens []string, opts Options, maxMoves int) (*Exploration, error) {
	return BySearch(g, g.search()).Explore(ctx, tokens, opts, maxMoves)
}
