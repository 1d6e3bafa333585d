package subtraction

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
)

// The catalog's adapters of the subtraction games: Bash's game and its
// misère form from their closed forms, S-Nim (subtract:S) and the
// Fibonacci game by search, and S-Nim's huge heaps from its proven period.

// maxSubtractionHeap bounds heaps of subtraction games, which are searched
// position by position (8 bytes of memo a position).
const maxSubtractionHeap = 100_000_000

// maxSumSearchHeap bounds the heaps of a sum whose remoteness is searched.
const maxSumSearchHeap = 20_000

func init() {
	catalog.Register(catalog.Entry{
		Name:     "bash",
		Params:   "M",
		Position: "heap sizes (any size); several heaps make a sum",
		Summary:  "Bash's game: take 1..M tokens from one heap; taking the last token wins",
		Example:  "solve bash:3 10",
		Kind:     "impartial",
		Make:     func(p string) (catalog.Instance, error) { return newBash(p, false) },
	})
	catalog.Register(catalog.Entry{
		Name:     "misere-bash",
		Params:   "M",
		Position: "one heap size (any size)",
		Summary:  "Bash's game where taking the last token loses",
		Example:  "solve misere-bash:3 9",
		Kind:     "impartial",
		Make:     func(p string) (catalog.Instance, error) { return newBash(p, true) },
	})
	catalog.Register(catalog.Entry{
		Name:     "subtract",
		Params:   "S",
		Position: "heap sizes (any size: above 10^6 the proven period answers); several heaps make a sum",
		Summary:  "S-Nim: take s tokens from one heap, for s in the set S (comma-separated, e.g. 1,3,4)",
		Example:  "solve subtract:1,3,4 10 11",
		Kind:     "impartial",
		Make:     newSubtract,
	})
	catalog.Register(catalog.Entry{
		Name:     "fib",
		Position: "heap sizes up to 10^8; several heaps make a sum",
		Summary:  "take a Fibonacci number (1, 2, 3, 5, 8, …) of tokens from one heap",
		Example:  "solve fib 10 20",
		Kind:     "impartial",
		Make: func(string) (catalog.Instance, error) {
			return newHeapGame("fib", Fibonacci{}), nil
		},
	})
}

// The capabilities the front ends discover, checked at compile time.
var (
	_ catalog.Explorer = (*heapGame)(nil)
	_ catalog.Tabler   = (*heapGame)(nil)
	_ catalog.Starter  = (*heapGame)(nil)
	_ catalog.Explorer = (*subtractGame)(nil)
	_ catalog.Tabler   = (*subtractGame)(nil)
	_ catalog.Starter  = (*subtractGame)(nil)
	_ catalog.Explorer = (*bashGame)(nil)
	_ catalog.Tabler   = (*bashGame)(nil)
	_ catalog.Starter  = (*bashGame)(nil)
)

// heapGame is a searched game whose components are heaps given as numbers.
type heapGame struct{ impartialgame.Searched[int] }

func newHeapGame(spec string, g game.Game[int]) *heapGame {
	return &heapGame{impartialgame.Searched[int]{
		Name:   spec,
		Game:   game.AsSplitting(g),
		Format: strconv.Itoa,
		Parse: func(t []string) ([]int, error) {
			return catalog.ParseInts(t, "heap size", 1, catalog.MaxComponents, maxSubtractionHeap)
		},
	}}
}

func (h *heapGame) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	return impartialgame.HeapTable(ctx, h.Name, h.Game, func(n int) int { return n }, upto, opts)
}

func newSubtract(params string) (catalog.Instance, error) {
	var amounts []int
	for _, f := range strings.Split(params, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("bad amount %q in the subtraction set: expected positive integers separated by commas, e.g. subtract:1,3,4", f)
		}
		if n <= 0 || n > heap.MaxAmount { // one limit for solve and seq
			return nil, fmt.Errorf("bad amount %d in the subtraction set: %s", n, heap.AmountRange)
		}
		amounts = append(amounts, n)
	}
	g, err := New(amounts)
	if err != nil {
		return nil, err
	}
	spec := "subtract:" + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(g.Amounts())), ","), "[]")
	sg := &subtractGame{heapGame: newHeapGame(spec, g), amounts: g.Amounts()}
	if r, err := heap.Parse(spec); err == nil && r.PureSubtraction() {
		sg.rule = r
	}
	return sg, nil
}

type bashGame struct {
	m      int
	misere bool
	spec   string
}

func newBash(params string, misere bool) (catalog.Instance, error) {
	m, err := strconv.Atoi(params)
	if err != nil || m < 1 || m > 1_000_000 {
		return nil, fmt.Errorf("bad M %q: expected the largest amount to take, an integer from 1 to 1000000", params)
	}
	spec := fmt.Sprintf("bash:%d", m)
	if misere {
		spec = "misere-" + spec
	}
	return &bashGame{m: m, misere: misere, spec: spec}, nil
}

func (b *bashGame) Spec() string { return b.spec }

func (b *bashGame) game() *heapGame {
	amounts := make([]int, b.m)
	for i := range amounts {
		amounts[i] = i + 1
	}
	g, _ := New(amounts)
	return newHeapGame(b.spec, g)
}

func (b *bashGame) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if b.misere {
		return b.solveMisere(tokens, opts)
	}
	if opts.Method == catalog.Search {
		return b.game().Solve(ctx, tokens, opts)
	}
	heaps, err := catalog.ParseNaturals(tokens, "heap size", 1, catalog.MaxComponents)
	if err != nil {
		return nil, err
	}
	values := make([]*big.Int, len(heaps))
	for i, h := range heaps {
		values[i] = BashValue(h, b.m)
	}
	s := new(big.Int)
	for _, v := range values {
		s.Xor(s, v)
	}
	r := &catalog.Report{
		Game:     b.spec,
		Position: catalog.JoinBig(heaps),
		Outcome:  catalog.OutcomeOfValue(s),
		Grundy:   s,
		Method:   fmt.Sprintf("closed form: G(n) = n mod %d, and the nim-sum over heaps", b.m+1),
	}
	if len(heaps) == 1 {
		rem := BashRemoteness(heaps[0], b.m)
		if rem.IsInt64() && rem.Int64() < 1<<62 {
			n := int(rem.Int64())
			r.Remoteness = &n
		}
	} else if small, err := catalog.SmallInts(heaps, "heap size", maxSumSearchHeap); err == nil {
		if r.Remoteness, err = impartialgame.SumRemoteness(ctx, b.game().Game, strconv.Itoa, small, opts.Memory); err != nil {
			return nil, err
		}
	}
	// A winning move in heap i leaves value v_i ⊕ s, which must be a
	// residue 0..m; it takes (v_i - (v_i ⊕ s)) mod (m+1) tokens, when that
	// amount is between 1 and m and no more than the heap.
	mod := big.NewInt(int64(b.m) + 1)
	type move struct {
		index int
		to    *big.Int
	}
	var moves []move
	for i, h := range heaps {
		target := new(big.Int).Xor(values[i], s)
		if target.Cmp(mod) >= 0 {
			continue // no heap has a value above m
		}
		take := new(big.Int).Sub(values[i], target)
		take.Mod(take, mod)
		if take.Sign() == 0 || take.Cmp(h) > 0 {
			continue
		}
		moves = append(moves, move{i, new(big.Int).Sub(h, take)})
	}
	moves = catalog.DistinctMoves(moves, func(m move) (string, []string) { return heaps[m.index].String(), []string{m.to.String()} })
	r.AddMoves(len(moves), func(k int) string {
		next := append([]*big.Int(nil), heaps...)
		next[moves[k].index] = moves[k].to
		return catalog.JoinBig(next)
	})

	return r, nil
}

func (b *bashGame) solveMisere(tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return nil, catalog.RefuseMethod(b.spec, catalog.Search, "%s is solved by its closed form only", b.spec)
	}
	heaps, err := catalog.ParseNaturals(tokens, "heap size", 1, 1)
	if err != nil {
		return nil, fmt.Errorf("%w (misère Bash is played on one heap)", err)
	}
	n := heaps[0]
	r := &catalog.Report{
		Game:     b.spec,
		Position: n.String(),
		Method:   fmt.Sprintf("closed form: the player to move loses exactly when n ≡ 1 (mod %d)", b.m+1),
		Notes:    []string{"misère games have no Sprague–Grundy value, so grundy is null"},
	}
	if n.Sign() == 0 {
		// The previous player took the last token and lost.
		r.Outcome = "N"
		r.Notes = append(r.Notes, "an empty heap: the opponent took the last token, so the player to move has already won")
		zero := 0
		r.Remoteness = &zero
		return r, nil
	}
	// The remoteness: with k = ⌊(n-1)/(m+1)⌋, a lost heap 1 + k(m+1)
	// lasts 2k+1 moves (every move leaves a heap of the block below, won
	// in 2k, which the winner keeps by taking back to 1 + (k-1)(m+1)) and
	// a won heap 2k+2 (one move to 1 + k(m+1)). TestMisereBashRemoteness
	// checks it against the search.
	k := new(big.Int).Sub(n, big.NewInt(1))
	k.Div(k, big.NewInt(int64(b.m)+1))
	rem := new(big.Int).Lsh(k, 1)
	if MisereBashLoses(n, b.m) {
		rem.Add(rem, big.NewInt(1))
	} else {
		rem.Add(rem, big.NewInt(2))
	}
	if rem.IsInt64() && rem.Int64() <= math.MaxInt {
		v := int(rem.Int64())
		r.Remoteness = &v
	} else {
		r.Notes = append(r.Notes, "the remoteness, "+rem.String()+" moves, is too large for the report's integer, so it is null")
	}
	if MisereBashLoses(n, b.m) {
		r.Outcome = "P"
		return r, nil
	}
	r.Outcome = "N"
	// Leave n' ≡ 1 (mod m+1): take (n - 1) mod (m+1), which is 1..m here.
	take := new(big.Int).Sub(n, big.NewInt(1))
	take.Mod(take, big.NewInt(int64(b.m)+1))
	r.WinningMoves = []string{new(big.Int).Sub(n, take).String()}
	return r, nil
}

func (b *bashGame) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if b.misere {
		return nil, fmt.Errorf("%s has no Sprague–Grundy values: misère games do not add up as nimbers", b.spec)
	}
	return b.game().Table(ctx, upto, opts)
}

// A subtraction game with a finite set S is eventually periodic, and the
// heap engine proves its period by state repetition once its values show
// it long enough (heap.FindPeriod). From then on G(n) = G(a + (n−a) mod p)
// for every n, which answers heaps of any size exactly: the proven period
// is a closed form found by computation.
//
// periodicFrom is the heap size above which Auto answers from the period
// rather than by search (the search also gives remoteness).
const periodicFrom = 1_000_000

// subtractGame is S-Nim with a finite set: searched like any heap game,
// and answered from its proven period for heaps too large to search.
type subtractGame struct {
	*heapGame
	rule    *heap.Rule // nil when the heap engine does not take the set
	amounts []int
}

func (g *subtractGame) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search || g.rule == nil {
		return g.heapGame.Solve(ctx, tokens, opts)
	}
	heaps, err := catalog.ParseNaturals(tokens, "heap size", 1, catalog.MaxComponents)
	if err != nil {
		return nil, err
	}
	large := opts.Method == catalog.ClosedForm
	for _, h := range heaps {
		large = large || !h.IsInt64() || h.Int64() > periodicFrom
	}
	if !large {
		return g.heapGame.Solve(ctx, tokens, opts)
	}
	vals, per, err := impartialgame.ProvenPeriod(ctx, g.rule, opts)
	if err != nil {
		return nil, err
	}
	a, p := big.NewInt(int64(per.Preperiod)), big.NewInt(int64(per.Period))
	value := func(n *big.Int) uint64 {
		if n.IsInt64() && n.Int64() < int64(vals.Len()) {
			return uint64(vals.At(int(n.Int64())))
		}
		i := new(big.Int).Sub(n, a)
		i.Mod(i, p).Add(i, a)
		return uint64(vals.At(int(i.Int64())))
	}
	values := make([]uint64, len(heaps))
	var x uint64
	for i, h := range heaps {
		values[i] = value(h)
		x ^= values[i]
	}
	r := &catalog.Report{
		Game:     g.Name,
		Position: catalog.JoinBig(heaps),
		Outcome:  "N",
		Grundy:   new(big.Int).SetUint64(x),
		Method: fmt.Sprintf("proven period: G(n+%d) = G(n) for n ≥ %d (%s, checked on %d values), and the nim-sum over heaps",
			per.Period, per.Preperiod, per.Theorem, vals.Len()),
		Notes: []string{"the remoteness of heaps this large is not known (the period gives values, not the length of play)"},
	}
	if x == 0 {
		r.Outcome = "P"
		return r, nil
	}
	type move struct {
		index int
		to    *big.Int
	}
	var moves []move
	for i, h := range heaps {
		target := values[i] ^ x
		for _, s := range g.amounts {
			to := new(big.Int).Sub(h, big.NewInt(int64(s)))
			if to.Sign() < 0 {
				break
			}
			if value(to) == target {
				moves = append(moves, move{i, to})
			}
		}
	}
	moves = catalog.DistinctMoves(moves, func(m move) (string, []string) { return heaps[m.index].String(), []string{m.to.String()} })
	r.AddMoves(len(moves), func(k int) string {
		next := append([]*big.Int(nil), heaps...)
		next[moves[k].index] = moves[k].to
		return catalog.JoinBig(next)
	})

	return r, nil
}

// Start is a heap a few periods long.
func (h *heapGame) Start() string { return "10" }

// Start is a heap a few rounds long.
func (b *bashGame) Start() string { return strconv.Itoa(3*(b.m+1) + 1) }

// Explore lists Bash moves: under normal play by the subtraction-game
// search; misère Bash by search with the misère convention, outcomes from
// its closed form.
func (b *bashGame) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	if !b.misere {
		return b.game().Explore(ctx, tokens, opts, maxMoves)
	}
	report, err := b.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	heaps, err := catalog.ParseInts(tokens, "heap size", 1, 1, impartialgame.MaxExploreHeap)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", catalog.ErrTooLargeToExplore, err)
	}
	g := b.game().Game
	sums := impartialgame.NewSumSearch(g, strconv.Itoa, true, opts.Memory)
	defer sums.Release()
	value := func(_ context.Context, hs []int) (string, *big.Int, error) {
		if hs[0] == 0 || !MisereBashLoses(big.NewInt(int64(hs[0])), b.m) {
			return "N", nil, nil
		}
		return "P", nil, nil
	}
	return impartialgame.ExploreHeaps(ctx, report, heaps, g, value, sums.Remoteness, maxMoves)
}

// SolveCompound solves a compound of heaps (solve --compound) by the
// search of subtract:1..M; misère Bash has no compounds here, as the
// compounds are of normal play.
func (b *bashGame) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	if b.misere {
		return nil, fmt.Errorf("--compound: %s is misère play; compounds here are of normal-play games", b.spec)
	}
	r, err := b.game().SolveCompound(ctx, kind, components, opts)
	if r != nil {
		r.Game = b.spec
	}
	return r, err
}
