package catalog

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/subtraction"
	"github.com/grundy-go/grundy/heap"
)

// maxSubtractionHeap bounds heaps of subtraction games, which are searched
// position by position (8 bytes of memo a position).
const maxSubtractionHeap = 100_000_000

func init() {
	Register(Entry{
		Name:     "bash",
		Params:   "M",
		Position: "heap sizes (any size); several heaps make a sum",
		Summary:  "Bash's game: take 1..M tokens from one heap; taking the last token wins",
		Example:  "solve bash:3 10",
		Kind:     "impartial",
		Make:     func(p string) (Instance, error) { return newBash(p, false) },
	})
	Register(Entry{
		Name:     "misere-bash",
		Params:   "M",
		Position: "one heap size (any size)",
		Summary:  "Bash's game where taking the last token loses",
		Example:  "solve misere-bash:3 9",
		Kind:     "impartial",
		Make:     func(p string) (Instance, error) { return newBash(p, true) },
	})
	Register(Entry{
		Name:     "subtract",
		Params:   "S",
		Position: "heap sizes (any size: above 10^6 the proven period answers); several heaps make a sum",
		Summary:  "S-Nim: take s tokens from one heap, for s in the set S (comma-separated, e.g. 1,3,4)",
		Example:  "solve subtract:1,3,4 10 11",
		Kind:     "impartial",
		Make:     newSubtract,
	})
	Register(Entry{
		Name:     "fib",
		Position: "heap sizes up to 10^8; several heaps make a sum",
		Summary:  "take a Fibonacci number (1, 2, 3, 5, 8, …) of tokens from one heap",
		Example:  "solve fib 10 20",
		Kind:     "impartial",
		Make: func(string) (Instance, error) {
			return newHeapGame("fib", subtraction.Fibonacci{}), nil
		},
	})
}

// heapGame is a searched game whose components are heaps given as numbers.
type heapGame struct{ Searched[int] }

func newHeapGame(spec string, g game.Game[int]) *heapGame {
	return &heapGame{Searched[int]{
		Name:   spec,
		Game:   game.AsSplitting(g),
		Format: strconv.Itoa,
		Parse: func(t []string) ([]int, error) {
			return ParseInts(t, "heap size", 1, MaxComponents, maxSubtractionHeap)
		},
	}}
}

func (h *heapGame) Table(ctx context.Context, upto int, opts Options) (*Table, error) {
	return HeapTable(ctx, h.Name, h.Game, func(n int) int { return n }, upto, opts)
}

func newSubtract(params string) (Instance, error) {
	var amounts []int
	for _, f := range strings.Split(params, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("bad amount %q in the subtraction set: expected positive integers separated by commas, e.g. subtract:1,3,4", f)
		}
		if n <= 0 || n > maxSubtractionHeap {
			return nil, fmt.Errorf("bad amount %d in the subtraction set: amounts must be from 1 to %d", n, maxSubtractionHeap)
		}
		amounts = append(amounts, n)
	}
	g, err := subtraction.New(amounts)
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

func newBash(params string, misere bool) (Instance, error) {
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
	g, _ := subtraction.New(amounts)
	return newHeapGame(b.spec, g)
}

func (b *bashGame) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if b.misere {
		return b.solveMisere(tokens, opts)
	}
	if opts.Method == Search {
		return b.game().Solve(ctx, tokens, opts)
	}
	heaps, err := ParseNaturals(tokens, "heap size", 1, MaxComponents)
	if err != nil {
		return nil, err
	}
	values := make([]*big.Int, len(heaps))
	for i, h := range heaps {
		values[i] = subtraction.BashValue(h, b.m)
	}
	s := new(big.Int)
	for _, v := range values {
		s.Xor(s, v)
	}
	r := &Report{
		Game:     b.spec,
		Position: JoinBig(heaps),
		Outcome:  OutcomeOfValue(s),
		Grundy:   s,
		Method:   fmt.Sprintf("closed form: G(n) = n mod %d, and the nim-sum over heaps", b.m+1),
	}
	if len(heaps) == 1 {
		rem := subtraction.BashRemoteness(heaps[0], b.m)
		if rem.IsInt64() && rem.Int64() < 1<<62 {
			n := int(rem.Int64())
			r.Remoteness = &n
		}
	} else if small, ok := intsUpTo(heaps, maxSearchHeap); ok {
		if r.Remoteness, err = SumRemoteness(ctx, b.game().Game, strconv.Itoa, small, opts.Memory); err != nil {
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
	r.AddMoves(len(moves), func(k int) string {
		next := append([]*big.Int(nil), heaps...)
		next[moves[k].index] = moves[k].to
		return JoinBig(next)
	})

	return r, nil
}

func (b *bashGame) solveMisere(tokens []string, opts Options) (*Report, error) {
	if opts.Method == Search {
		return nil, fmt.Errorf("%s is solved by its closed form only; drop --method search", b.spec)
	}
	heaps, err := ParseNaturals(tokens, "heap size", 1, 1)
	if err != nil {
		return nil, fmt.Errorf("%w (misère Bash is played on one heap)", err)
	}
	n := heaps[0]
	r := &Report{
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
	if subtraction.MisereBashLoses(n, b.m) {
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

func (b *bashGame) Table(ctx context.Context, upto int, opts Options) (*Table, error) {
	if b.misere {
		return nil, fmt.Errorf("%s has no Sprague–Grundy values: misère games do not add up as nimbers", b.spec)
	}
	return b.game().Table(ctx, upto, opts)
}
