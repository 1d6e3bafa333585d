package octal

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/heap"
)

// The catalog's adapters of the heap games that package heap computes:
// every game here is a heap.Rule (octal and hexadecimal codes, Grundy's
// game) or reduces to one (Treblecross strips to octal 0.007), which is
// why they live beside Game, the rule as a game for the generic search.

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
		catalog.Register(catalog.Entry{
			Name:     name,
			Position: position,
			Summary:  e.summary,
			Example:  e.example,
			Kind:     "impartial",
			Make:     func(string) (catalog.Instance, error) { return newHeapRuleGame(name) },
		})
	}
	catalog.Register(catalog.Entry{
		Name:     "octal",
		Params:   "CODE",
		Position: periodicPosition,
		Summary:  "octal game: digit k of CODE (0-7) says what removing k tokens may leave: +1 nothing, +2 one heap, +4 two heaps (Winning Ways ch. 4); the digit before the point is 0 or 4",
		Example:  "solve octal:0.137 10 12",
		Kind:     "impartial",
		Make:     func(p string) (catalog.Instance, error) { return newHeapRuleGame("octal:" + p) },
	})
	catalog.Register(catalog.Entry{
		Name:     "hex",
		Params:   "CODE",
		Position: fmt.Sprintf("heap sizes up to %d (%d when moves leave three heaps); several heaps make a sum", maxHeapGameHeap, maxHexHeap),
		Summary:  "hexadecimal game: like octal, with +8 for moves leaving three heaps (digits 0-9, A-F)",
		Example:  "solve hex:0.F 9",
		Kind:     "impartial",
		Make:     func(p string) (catalog.Instance, error) { return newHeapRuleGame("hex:" + p) },
	})
	catalog.Register(catalog.Entry{
		Name:     "tb",
		Params:   "CODE",
		Position: fmt.Sprintf("heap sizes up to %d (%d when moves leave three heaps, %d when more); several heaps make a sum", heap.MaxCodeUpto-1, maxHexHeap, maxManyHeap),
		Summary:  "take-and-break game in CGSuite's full code notation (TakeAndBreak): base-32 digits, ! unequal heaps, ? not all equal, = all equal, {2,3} and {2+} heap counts, * any number, a repeating block [..], digits before the point adding tokens: 4!.0 Grundy's game, 0.[3] Nim, {2+}=.0",
		Example:  "solve tb:4!.0 7",
		Kind:     "impartial",
		Make:     func(p string) (catalog.Instance, error) { return newHeapRuleGame("tb:" + p) },
	})
	catalog.Register(catalog.Entry{
		Name:     "treblecross",
		Position: "a strip of cells, '.' empty and 'X' taken, e.g. ..X....X..",
		Summary:  "Treblecross: put an X in an empty cell; whoever first makes three X in a row wins (a sum of octal 0.007 heaps)",
		Example:  "solve treblecross ..X....X..",
		Kind:     "impartial",
		Make:     func(string) (catalog.Instance, error) { return treblecross{}, nil },
	})
}

// The capabilities the front ends discover, checked at compile time.
var (
	_ catalog.Explorer = (*heapRuleGame)(nil)
	_ catalog.Tabler   = (*heapRuleGame)(nil)
	_ catalog.Explorer = treblecross{}
)

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
	// maxManyHeap bounds heaps of codes whose moves may leave four heaps
	// or more: values are computed without listing the options
	// (heap/tbvalues.go), but winning moves are listed, and a heap of
	// 60 has a million partitions.
	maxManyHeap = 60
)

type heapRuleGame struct {
	rule *heap.Rule
	// The values with their proven period (heapperiod.go), once computed.
	mu         sync.Mutex
	period     periodicValues
	periodInfo heap.Period
}

func newHeapRuleGame(spec string) (catalog.Instance, error) {
	r, err := heap.Parse(spec)
	if err != nil {
		return nil, err
	}
	return &heapRuleGame{rule: r}, nil
}

func (g *heapRuleGame) Spec() string { return g.rule.Spec }

func (g *heapRuleGame) maxHeap() int {
	switch h := g.rule.MaxHeaps(); {
	case h > 3:
		return maxManyHeap
	case h == 3:
		return maxHexHeap
	case g.rule.Code != nil:
		return heap.MaxCodeUpto - 1
	}
	return maxHeapGameHeap
}

func (g *heapRuleGame) search() *impartialgame.Searched[int] {
	return &impartialgame.Searched[int]{
		Name: g.rule.Spec,
		Game: Game{Rule: g.rule},
		Parse: func(t []string) ([]int, error) {
			return catalog.ParseInts(t, "heap size", 1, catalog.MaxComponents, min(maxHeapSearchHeap, g.maxHeap()))
		},
		Format: strconv.Itoa,
	}
}

func (g *heapRuleGame) values(ctx context.Context, upto int, opts catalog.Options) (*heap.Values, error) {
	return heap.Compute(ctx, g.rule, upto, heap.Options{UsePeriod: true, Progress: opts.Progress, Memory: opts.Memory})
}

func (g *heapRuleGame) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	switch {
	case opts.Method == catalog.Search:
		return g.search().Solve(ctx, tokens, opts)
	case opts.Method == catalog.ClosedForm && !g.periodic():
		return nil, catalog.RefuseMethod(g.rule.Spec, catalog.ClosedForm, "%s has no closed form", g.rule.Spec)
	}
	limit := g.maxHeap()
	if g.periodic() {
		limit = maxPeriodicHeap
	}
	heaps, err := catalog.ParseInts(tokens, "heap size", 1, catalog.MaxComponents, limit)
	if err != nil {
		return nil, err
	}
	largest, total := 0, 0
	for _, h := range heaps {
		largest = max(largest, h)
		total = min(total+h, maxPeriodicHeap)
	}
	if g.periodic() && (opts.Method == catalog.ClosedForm || largest > g.maxHeap() || total > maxHeapGameTokens) {
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
	method := fmt.Sprintf("heap values G(0..%d) by the sparse-space method, nim-summed over the heaps (Sprague–Grundy theorem)", largest)
	if g.rule.Code != nil {
		method = fmt.Sprintf("heap values G(0..%d) as the mex of the options' nim-sums, each set of nim-sums of k heaps from m tokens built as a knapsack over heap sizes, nim-summed over the heaps (Sprague–Grundy theorem)", largest)
	}
	r := &catalog.Report{
		Game:     g.rule.Spec,
		Position: catalog.JoinInts(heaps),
		Outcome:  catalog.OutcomeOfValue(new(big.Int).SetUint64(uint64(x))),
		Grundy:   new(big.Int).SetUint64(uint64(x)),
		Method:   method,
	}
	if p := heap.FindPeriod(vals, g.rule); p.Proven {
		r.Notes = append(r.Notes, fmt.Sprintf("G(n+%d) = G(n) for all n ≥ %d (%s)", p.Period, p.Preperiod, p.Theorem))
	}
	if x == 0 {
		return r, nil
	}
	var distinct catalog.MoveSet
	for i, h := range heaps {
		target := vals.At(h) ^ x
		g.rule.EachOption(h, func(parts []int) bool {
			var v uint32
			for _, p := range parts {
				v ^= vals.At(p)
			}
			if v == target && distinct.Add(strconv.Itoa(h), intTexts(parts)...) {
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

// catalog.Table gives G(0..upto-1).
func (g *heapRuleGame) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if err := heap.CheckUpto(g.rule, upto); err != nil {
		return nil, err
	}
	if opts.Method == catalog.Search {
		if most := min(maxHeapSearchHeap, g.maxHeap()+1); upto > most {
			return nil, budget.Exceed(budget.Size, int64(most), "a table of %d values: searched tables of %s go up to %d", upto, g.rule.Spec, most)
		}
		return impartialgame.HeapTable(ctx, g.rule.Spec, Game{Rule: g.rule}, func(n int) int { return n }, upto, opts)
	}
	vals, err := g.values(ctx, upto, opts)
	if err != nil {
		return nil, err
	}
	return &catalog.Table{
		Game:    g.rule.Spec,
		Values:  vals.Uint64s(),
		Caption: "G(n): the Sprague–Grundy value of a heap of n; 0 marks a P-position (the player to move loses)",
	}, nil
}

// treblecross solves Treblecross strips (UVA 10561) by their reduction to
// octal 0.007: see heap.SolveStrip.
type treblecross struct{}

func (treblecross) Spec() string { return "treblecross" }

func (treblecross) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if len(tokens) != 1 {
		return nil, fmt.Errorf("expected one strip of '.' and 'X' (like ..X....X..), got %d arguments", len(tokens))
	}
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod("treblecross", catalog.ClosedForm, "treblecross has no closed form")
	}
	cells, err := heap.ParseStrip(tokens[0])
	if err != nil {
		return nil, err
	}
	res, err := heap.SolveStrip(ctx, cells, heap.Options{UsePeriod: true, Progress: opts.Progress})
	if err != nil {
		return nil, err
	}
	r := &catalog.Report{
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
func (g treblecross) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	cells, err := heap.ParseStrip(tokens[0])
	if err != nil {
		return nil, err
	}
	x := &catalog.Exploration{Report: report, Board: &catalog.Board{Kind: catalog.BoardGrid, Text: report.Position, Rows: []string{report.Position}}, MovesCounted: true}
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
		x.Moves = append(x.Moves, catalog.MoveInfo{Component: -1, To: fmt.Sprintf("cell %d", i+1), Position: r.Position, Outcome: r.Outcome, Grundy: r.Grundy, Remoteness: r.Remoteness})
	}
	return x, nil
}

// An octal game with finitely many digits is ultimately periodic once the
// Guy–Smith theorem proves its period from enough values (heap.FindPeriod,
// heap.ProofBound), and then G(n) = G(a + (n−a) mod p) for every n ≥ a: a
// closed form found by computation, which answers heaps far beyond what
// can be computed (Kayles to 10^18). Its winning moves are counted by
// residues: a split of a huge heap of m tokens into x and m−x, both at
// least the preperiod a, has the value G(a + r) ⊕ G(a + (m−2a−r) mod p)
// with r = (x−a) mod p, so whether it wins depends on r alone; the splits
// with x < a are looked at one by one.

// maxPeriodicHeap bounds heaps answered from the period (the move counts
// must fit in an int).
const maxPeriodicHeap = 1_000_000_000_000_000_000

// periodic reports whether the rule's heaps can be answered from a proven
// period: finitely many digits, moves that leave at most two heaps.
func (g *heapRuleGame) periodic() bool { return g.rule.Finite() && g.rule.MaxHeaps() <= 2 }

// proven returns the rule's values with their proven period, computed once
// per instance.
func (g *heapRuleGame) proven(ctx context.Context, opts catalog.Options) (periodicValues, heap.Period, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.period.vals == nil {
		vals, per, err := impartialgame.ProvenPeriod(ctx, g.rule, opts)
		if err != nil {
			return periodicValues{}, per, err
		}
		g.period, g.periodInfo = periodicValues{vals: vals, a: per.Preperiod, p: per.Period}, per
	}
	return g.period, g.periodInfo, nil
}

// periodicValues is G(n) for every n from values that show a proven period.
type periodicValues struct {
	vals *heap.Values
	a, p int
}

func (q periodicValues) at(n int) uint32 {
	if n < q.vals.Len() {
		return q.vals.At(n)
	}
	return q.vals.At(q.a + (n-q.a)%q.p)
}

// solveByPeriod answers heaps of any size up to maxPeriodicHeap for a
// finite octal rule (moves leave at most two heaps).
func (g *heapRuleGame) solveByPeriod(ctx context.Context, heaps []int, opts catalog.Options) (*catalog.Report, error) {
	q, per, err := g.proven(ctx, opts)
	if err != nil {
		return nil, err
	}
	vals := q.vals
	var x uint32
	for _, h := range heaps {
		x ^= q.at(h)
	}
	r := &catalog.Report{
		Game:     g.rule.Spec,
		Position: catalog.JoinInts(heaps),
		Outcome:  catalog.OutcomeOfValue(new(big.Int).SetUint64(uint64(x))),
		Grundy:   new(big.Int).SetUint64(uint64(x)),
		Method: fmt.Sprintf("proven period: G(n+%d) = G(n) for n ≥ %d (%s, checked on %d values), and the nim-sum over heaps",
			per.Period, per.Preperiod, per.Theorem, vals.Len()),
	}
	if x == 0 {
		return r, nil
	}
	// Every winning move, counted; listed in order (heap by heap, fewest
	// tokens taken first, smaller part first) while the text fits.
	count, size := 0, 0
	list := func(i int, parts ...int) bool {
		if r.MovesIncomplete {
			return false
		}
		m := replaceHeap(heaps, i, parts)
		if size += len(m); size > catalog.MaxMoveText && len(r.WinningMoves) > 0 {
			r.MovesIncomplete = true
			return false
		}
		r.WinningMoves = append(r.WinningMoves, m)
		return true
	}
	var distinct catalog.MoveSet
	for i, h := range heaps {
		// A heap equal to an earlier one has the same moves, which are
		// the earlier heap's (catalog.MoveSet): neither listed nor
		// counted. One heap's options are distinct already (a split is
		// counted once, smaller part first), and counting by residue
		// below cannot ask the set about each of them.
		if !distinct.Add(strconv.Itoa(h)) {
			continue
		}
		target := q.at(h) ^ x
		for k, d := range g.rule.Digits {
			m := h - k
			if d == 0 || m < 0 {
				continue
			}
			if d&heap.LeaveNone != 0 && m == 0 && target == 0 {
				count++
				list(i)
			}
			if d&heap.LeaveOne != 0 && m >= 1 && q.at(m) == target {
				count++
				list(i, m)
			}
			if d&heap.LeaveTwo != 0 {
				count += q.splits(m, target, func(a int) bool { return list(i, a, m-a) })
			}
		}
	}
	if r.MovesIncomplete {
		r.MoveCount = count
	}
	return r, nil
}

// splits counts the splits of m tokens into two non-empty heaps a ≤ m−a
// whose values have nim-sum target, passing each to list, smaller part
// ascending, until list returns false; the rest are counted by residue.
func (q periodicValues) splits(m int, target uint32, list func(a int) bool) int {
	half := m / 2
	// Splits with a part below the preperiod, or all of them when m is too
	// small for both parts of the others to be periodic: one by one.
	direct := half
	if m-half >= q.a {
		direct = min(half, q.a-1)
	}
	count, listing := 0, true
	for a := 1; a <= direct; a++ {
		if q.at(a)^q.at(m-a) == target {
			count++
			listing = listing && list(a)
		}
	}
	if direct == half {
		return count
	}
	// Both parts periodic: a = q.a + res + p·j and m−a ≡ q.a + (m−2q.a−res)
	// (mod p), so whether the split wins depends on res alone.
	wins := make([]bool, q.p)
	some := false
	for res := range q.p {
		o := ((m-2*q.a-res)%q.p + q.p) % q.p
		wins[res] = q.vals.At(q.a+res)^q.vals.At(q.a+o) == target
		some = some || wins[res]
	}
	if !some {
		return count // (and the listing below would never stop)
	}
	a := max(q.a, 1)
	for ; listing && a <= half; a++ {
		if wins[(a-q.a)%q.p] {
			count++
			listing = list(a)
		}
	}
	for res, w := range wins {
		if w {
			count += countResidue(a, half, q.a+res, q.p)
		}
	}
	return count
}

// countResidue returns how many x in [lo, hi] have x ≡ c (mod p).
func countResidue(lo, hi, c, p int) int {
	if lo > hi {
		return 0
	}
	first := lo + ((c-lo)%p+p)%p
	if first > hi {
		return 0
	}
	return (hi-first)/p + 1
}

// SolveCompound solves a compound of positions (solve --compound) by the
// search adapter's remoteness and suspense numbers.
func (g *heapRuleGame) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveCompound(ctx, kind, components, opts)
}

// intTexts writes heaps in decimal, for catalog.MoveSet.
func intTexts(heaps []int) []string {
	out := make([]string, len(heaps))
	for i, h := range heaps {
		out[i] = strconv.Itoa(h)
	}
	return out
}
